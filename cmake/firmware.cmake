# Firmware build (included by the top-level CMakeLists.txt when cross-compiling).
#
#   EBB_BOARD      boards/<name>: qemu-netduinoplus2 (default) or nucleo-f446ze
#
# Libraries:
#   ebb                 core + port/cortex-m (top level)
#   ebb_startup         reset/fault handlers + the STM32F4 vector table (OBJECT:
#                       nothing references them by name, so never from an archive)
#   ebb_time_systick    SysTick time driver     } a board links exactly one
#   ebb_time_tim        STM32 TIM2/5 time driver }
#   ebb_hal_stm32f4     gpio, exti, usart, rcc
#   ebb_board           the selected board
#
# ebb_add_firmware(<name> SOURCES <files...> [LIBRARIES <libs...>]) builds
# <name>.elf linked with all of the above, the board's linker script, a map
# file, and prints arm-none-eabi-size (also saved as <name>.size).
set(EBB_BOARD "qemu-netduinoplus2" CACHE STRING "Board to build for (boards/<name>)")
set(EBB_SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
set(EBB_BOARD_DIR ${EBB_SOURCE_DIR}/boards/${EBB_BOARD})
if(NOT EXISTS ${EBB_BOARD_DIR}/board.cmake)
  message(FATAL_ERROR "EBB_BOARD=${EBB_BOARD}: no ${EBB_BOARD_DIR}/board.cmake")
endif()

if(EBB_PORT STREQUAL "riscv")
  include(${EBB_SOURCE_DIR}/port/riscv/firmware.cmake)
  return()
endif()

find_program(EBB_SIZE arm-none-eabi-size REQUIRED)
find_program(EBB_QEMU qemu-system-arm)

set(EBB_PORT_DIR ${EBB_SOURCE_DIR}/port/cortex-m)
set(EBB_HAL_DIR ${EBB_SOURCE_DIR}/hal/stm32f4)

add_library(ebb_startup OBJECT ${EBB_PORT_DIR}/startup/startup.c)
target_link_libraries(ebb_startup PUBLIC ebb)

add_library(ebb_time_systick STATIC ${EBB_PORT_DIR}/time/time_systick.c)
target_include_directories(ebb_time_systick PUBLIC ${EBB_PORT_DIR}/time)
target_link_libraries(ebb_time_systick PUBLIC ebb)

add_library(ebb_hal_stm32f4 STATIC
  ${EBB_HAL_DIR}/gpio.c
  ${EBB_HAL_DIR}/exti.c
  ${EBB_HAL_DIR}/usart.c
  ${EBB_HAL_DIR}/rcc.c)
target_include_directories(ebb_hal_stm32f4 PUBLIC ${EBB_HAL_DIR})
target_link_libraries(ebb_hal_stm32f4 PUBLIC ebb)

add_library(ebb_time_tim STATIC ${EBB_HAL_DIR}/time_tim.c)
target_link_libraries(ebb_time_tim PUBLIC ebb_hal_stm32f4 ebb)

include(${EBB_BOARD_DIR}/board.cmake)
# A board outside the STM32F4 family names its vector table, HAL library and
# QEMU machine (boards/mps2-*, boards/microbit); the defaults are STM32F4's.
if(NOT EBB_BOARD_VECTORS)
  set(EBB_BOARD_VECTORS ${EBB_HAL_DIR}/vectors.c)
endif()
target_sources(ebb_startup PRIVATE ${EBB_BOARD_VECTORS})
if(NOT EBB_BOARD_HAL_LIB)
  set(EBB_BOARD_HAL_LIB ebb_hal_stm32f4)
endif()
if(NOT EBB_QEMU_MACHINE)
  set(EBB_QEMU_MACHINE netduinoplus2)
endif()

# GNU ld group (CMake only predefines RESCAN for some platforms).
set(CMAKE_C_LINK_GROUP_USING_EBB_GROUP "LINKER:--start-group" "LINKER:--end-group")
set(CMAKE_C_LINK_GROUP_USING_EBB_GROUP_SUPPORTED TRUE)

function(ebb_add_firmware name)
  cmake_parse_arguments(FW "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${name} ${FW_SOURCES} $<TARGET_OBJECTS:ebb_startup>)
  set_target_properties(${name} PROPERTIES SUFFIX ".elf"
    LINK_DEPENDS "${EBB_BOARD_LINKER_SCRIPT};${EBB_PORT_DIR}/sections.ld")
  # The core calls the time driver and the board hooks, which call the core:
  # one rescanned group resolves the cycle whatever the order.
  target_link_libraries(${name} PRIVATE ${FW_LIBRARIES}
    "$<LINK_GROUP:EBB_GROUP,ebb_board,${EBB_BOARD_HAL_LIB},${EBB_BOARD_TIME_DRIVER},ebb>")
  target_link_options(${name} PRIVATE
    -T${EBB_BOARD_LINKER_SCRIPT} -L${EBB_PORT_DIR}
    -Wl,-Map=$<TARGET_FILE_DIR:${name}>/${name}.map)
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND ${EBB_SIZE} $<TARGET_FILE:${name}>
    COMMAND ${EBB_SIZE} $<TARGET_FILE:${name}> > $<TARGET_FILE_DIR:${name}>/${name}.size
    VERBATIM)
endfunction()

# QEMU command line shared by tests and `make run` (deterministic variant).
set(EBB_QEMU_ARGS -M ${EBB_QEMU_MACHINE} -nographic -monitor none -serial stdio
    -semihosting-config enable=on,target=native)
set(EBB_QEMU_ICOUNT -icount shift=0,align=off,sleep=off)

if(EBB_BOARD_RUNS_ON_QEMU)
  enable_testing()
endif()

foreach(app blinky uart_echo button)
  if(EXISTS ${EBB_SOURCE_DIR}/apps/examples/${app}/CMakeLists.txt)
    add_subdirectory(${EBB_SOURCE_DIR}/apps/examples/${app} ${CMAKE_BINARY_DIR}/apps/examples/${app})
  endif()
endforeach()
# Firmware tests: run by ctest on QEMU boards; hardware boards build the
# hand-run hardware tests only (see tests/firmware/CMakeLists.txt).
# (A board whose family the suite does not know yet names its own suite in
# EBB_BOARD_FW_TESTS: tests/targets for the CMSDK and nRF51 boards.)
if(EBB_BOARD_FW_TESTS)
  add_subdirectory(${EBB_BOARD_FW_TESTS} ${CMAKE_BINARY_DIR}/tests/targets)
elseif(EXISTS ${EBB_SOURCE_DIR}/tests/firmware/CMakeLists.txt)
  add_subdirectory(${EBB_SOURCE_DIR}/tests/firmware ${CMAKE_BINARY_DIR}/tests/firmware)
endif()
