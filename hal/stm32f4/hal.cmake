# STM32F4 HAL (ebb_use_hal(stm32f4)): ebb::hal_stm32f4 (GPIO, EXTI, USART,
# RCC), the TIM2/TIM5 time driver ebb::time_tim, and the vector table.
ebb_add_library(hal_stm32f4 STATIC gpio.c exti.c usart.c rcc.c)
ebb_public_headers(ebb_hal_stm32f4 ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_stm32f4 PUBLIC ebb)
ebb_add_library(time_tim STATIC time_tim.c)
target_link_libraries(ebb_time_tim PUBLIC ebb_hal_stm32f4 ebb)
# Referenced by nobody by name: linked as an object through ebb::startup.
target_sources(ebb_startup PRIVATE ${CMAKE_CURRENT_LIST_DIR}/vectors.c)
target_include_directories(ebb_startup PRIVATE ${CMAKE_CURRENT_LIST_DIR})
# The executor's poll runs on every wake: no literal pools in it (see
# -mslow-flash-data in apps/showdown/CMakeLists.txt: a flash data-line miss
# per literal load on almost every event, on the F4's 5-wait-state flash).
# (Only where this build compiles the core itself.)
get_target_property(_ebb_imported ebb IMPORTED)
if(NOT _ebb_imported)
  set_source_files_properties(${EBB_SOURCE_DIR}/src/executor.c TARGET_DIRECTORY ebb
    PROPERTIES COMPILE_OPTIONS $<$<NOT:$<CONFIG:MinSizeRel>>:-mslow-flash-data>)
endif()
