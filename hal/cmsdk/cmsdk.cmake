# CMSDK drivers for the MPS2 boards (included by their board.cmake).
#   ebb_hal_cmsdk       APB UART console driver
#   ebb_time_cmsdk      tickless time on two APB timers
set(EBB_CMSDK_DIR ${EBB_SOURCE_DIR}/hal/cmsdk)
if(NOT TARGET ebb_hal_cmsdk)
  add_library(ebb_hal_cmsdk STATIC ${EBB_CMSDK_DIR}/uart.c)
  target_include_directories(ebb_hal_cmsdk PUBLIC ${EBB_CMSDK_DIR})
  target_link_libraries(ebb_hal_cmsdk PUBLIC ebb)
  add_library(ebb_time_cmsdk STATIC ${EBB_CMSDK_DIR}/time_cmsdk.c)
  target_link_libraries(ebb_time_cmsdk PUBLIC ebb_hal_cmsdk ebb)
endif()
# The STM32 libraries are not part of these boards' default build.
set_target_properties(ebb_hal_stm32f4 ebb_time_tim PROPERTIES EXCLUDE_FROM_ALL TRUE)
