# RISC-V firmware build (included by cmake/firmware.cmake for EBB_PORT=riscv).
#
# Libraries:
#   ebb                 core + port/riscv (top level)
#   ebb_startup         crt0 + reset + trap dispatcher (OBJECT: nothing
#                       references them by name)
#   ebb_time_mtimer     machine-timer time driver
#   ebb_hal_ns16550     16550 UART
#   ebb_board           the selected board
find_program(EBB_SIZE riscv64-unknown-elf-size REQUIRED)
find_program(EBB_QEMU qemu-system-riscv32)

set(EBB_PORT_DIR ${EBB_SOURCE_DIR}/port/riscv)

add_library(ebb_startup OBJECT ${EBB_PORT_DIR}/startup/crt0.S ${EBB_PORT_DIR}/startup/startup.c)
target_link_libraries(ebb_startup PUBLIC ebb)

add_library(ebb_time_mtimer STATIC ${EBB_PORT_DIR}/time/time_mtimer.c)
target_include_directories(ebb_time_mtimer PUBLIC ${EBB_PORT_DIR}/time)
target_link_libraries(ebb_time_mtimer PUBLIC ebb)

add_library(ebb_hal_ns16550 STATIC ${EBB_SOURCE_DIR}/hal/ns16550/ns16550.c)
target_include_directories(ebb_hal_ns16550 PUBLIC ${EBB_SOURCE_DIR}/hal/ns16550)
target_link_libraries(ebb_hal_ns16550 PUBLIC ebb)

include(${EBB_BOARD_DIR}/board.cmake)

set(CMAKE_C_LINK_GROUP_USING_EBB_GROUP "LINKER:--start-group" "LINKER:--end-group")
set(CMAKE_C_LINK_GROUP_USING_EBB_GROUP_SUPPORTED TRUE)

function(ebb_add_firmware name)
  cmake_parse_arguments(FW "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${name} ${FW_SOURCES} $<TARGET_OBJECTS:ebb_startup>)
  set_target_properties(${name} PROPERTIES SUFFIX ".elf"
    LINK_DEPENDS "${EBB_BOARD_LINKER_SCRIPT};${EBB_PORT_DIR}/sections.ld")
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

if(EBB_BOARD_RUNS_ON_QEMU)
  enable_testing()
endif()

foreach(app blinky uart_echo button)
  add_subdirectory(${EBB_SOURCE_DIR}/apps/examples/${app} ${CMAKE_BINARY_DIR}/apps/examples/${app})
endforeach()

add_subdirectory(${EBB_SOURCE_DIR}/tests/riscv ${CMAKE_BINARY_DIR}/tests/riscv)
