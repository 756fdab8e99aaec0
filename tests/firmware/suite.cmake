# tests/firmware/suite.cmake - the firmware tests every board runs, written
# against ebb_board.h only, as CMake functions a board's test list calls
# (one line each; ebb_fw_suite() adds them all).  Needs ebb_add_firmware()
# (cmake/firmware.cmake), EBB_QEMU and EBB_QEMU_MACHINE, and in the board's
# ebb_board_config.h a spare interrupt line: EBB_BOARD_SPARE_IRQ and
# EBB_BOARD_SPARE_IRQ_HANDLER.
set(EBB_FW_DIR ${CMAKE_CURRENT_LIST_DIR})
set(EBB_FW_RUN ${EBB_FW_DIR}/run_qemu.py)

# ebb_fw_realtime_test(<name>): time as `make run` sees it, WITHOUT -icount
# (test_realtime.c): a 10 ms ticker for 5 s, every tick delivered, ebb_now()
# monotonic with no step above 1 s, at least 5 s of host time, and ebb's clock
# never ahead of the host's.  Board-independent: uses ebb_board.h only.
function(ebb_fw_realtime_test name)
  ebb_add_firmware(${name} SOURCES ${EBB_FW_DIR}/test_realtime.c)
  target_include_directories(${name} PRIVATE ${EBB_FW_DIR})
  add_test(NAME fw.${name} COMMAND python3 ${EBB_FW_RUN} --qemu ${EBB_QEMU}
           --machine ${EBB_QEMU_MACHINE} --no-icount --min-seconds 5 --ebb-not-ahead
           --elf $<TARGET_FILE:${name}> --timeout 90 --grep PASS)
  set_tests_properties(fw.${name} PROPERTIES TIMEOUT 100 PROCESSORS 1)
endfunction()

# ebb_fw_suite_test(<name> SOURCES <files> [CODE <exit status>] [GREP <text>...]):
# one self-checking image, run under -icount (deterministic).
function(ebb_fw_suite_test name)
  cmake_parse_arguments(T "" "CODE" "SOURCES;GREP" ${ARGN})
  ebb_add_firmware(${name} SOURCES ${T_SOURCES})
  target_include_directories(${name} PRIVATE ${EBB_FW_DIR})
  if(NOT T_CODE)
    set(T_CODE 0)
  endif()
  set(args --qemu ${EBB_QEMU} --machine ${EBB_QEMU_MACHINE} --elf $<TARGET_FILE:${name}>
      --code ${T_CODE} --timeout 90)
  foreach(g ${T_GREP})
    list(APPEND args --grep ${g})
  endforeach()
  add_test(NAME fw.${name} COMMAND python3 ${EBB_FW_RUN} ${args})
  set_tests_properties(fw.${name} PROPERTIES TIMEOUT 100 PROCESSORS 1)
endfunction()

# ebb_fw_suite(): the board-independent suite.
#   test_realtime        time without -icount (above)
#   test_channel_isr     a channel fed from an interrupt to a task loses nothing
#   test_irq_executor    an interrupt executor preempts at once (wake from thread mode)
#   test_irq_executor_above / _check   its ceiling contracts (cm:1 at init, cm:3 in the handler)
#   test_contract        a failed core contract is reported: "PANIC time:2", exit 100
function(ebb_fw_suite)
  ebb_fw_realtime_test(test_realtime)
  ebb_fw_suite_test(test_contract SOURCES ${EBB_FW_DIR}/test_contract.c
                    CODE 100 GREP "PANIC time:2")
  if(NOT EBB_PORT STREQUAL "cortex-m")
    return() # the rest uses the Cortex-M interrupt executor and spare line
  endif()
  ebb_fw_suite_test(test_channel_isr SOURCES ${EBB_FW_DIR}/test_channel_isr.c)
  ebb_fw_suite_test(test_irq_executor SOURCES ${EBB_FW_DIR}/test_irq_executor.c GREP PASS)
  ebb_fw_suite_test(test_irq_executor_above SOURCES ${EBB_FW_DIR}/test_irq_executor.c
                    CODE 100 GREP "PANIC cm:1")
  target_compile_definitions(test_irq_executor_above PRIVATE FW_IRQX_KIND=1)
  ebb_fw_suite_test(test_irq_executor_check SOURCES ${EBB_FW_DIR}/test_irq_executor.c
                    CODE 100 GREP "PANIC cm:3")
  target_compile_definitions(test_irq_executor_check PRIVATE FW_IRQX_KIND=2
    EBB_CONFIG_PORT_CHECK_CEILING=1)
endfunction()
