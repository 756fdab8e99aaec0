# tests/firmware/suite.cmake - the firmware tests every board runs, as CMake
# functions a board's test list calls (one line each).  Needs
# ebb_add_firmware() (cmake/firmware.cmake) and, for QEMU runs, EBB_QEMU and
# EBB_QEMU_MACHINE.
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
