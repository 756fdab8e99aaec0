# tests/firmware/suite.cmake - the firmware suite, the same sources on every
# QEMU board: ebb_fw_suite() adds it (tests/firmware/CMakeLists.txt calls it
# for ebb's boards; an out-of-tree board's own test list may too).
#
# The tests use ebb_board.h, the port's interrupt executor and fwtest.h.
# What differs per target lives outside the tests:
#   fw_<port>.c     the spare interrupt and an interrupt executor (chosen by
#                   the board's port; Cortex-M boards name two unused lines
#                   in ebb_board_config.h: EBB_BOARD_SPARE0/1_IRQ/_HANDLER)
#   EBB_FW_REF      the board's reference clock, ref_<clock>.c (without
#                   one, test_time is left out)
# and these optional settings, in the board's settings file
# (tests/settings/<board>.cmake, or tests.cmake in a board folder outside
# ebb's tree: cmake/firmware.cmake reads it):
#   EBB_QEMU_ICOUNT_SHIFT     ns per instruction as 2^shift (default 0)
#   EBB_FW_TIME_DEFS          test_time's bounds (LATE_NS=, EARLY_NS=, DRIFT_NS=)
#   EBB_FW_TIME_WRAP_SOURCE / EBB_FW_TIME_WRAP_DEFS
#                             test_time again with the driver built with
#                             these knobs (short wraps, frequent re-arms)
#   EBB_FW_IRQX_KINDS         which test_irq_executor images (default 0 1 2;
#                             1 and 2 need a ceiling, 2 not on ARMv6-M)
#   EBB_FW_BAD_ADDRESS        an address no device answers (test_fault 2)
#   EBB_FW_SPI                the chip of the board's ebb_board_spi, for
#                             test_spi: pl022 (loop-back) or stm32
#   EBB_FW_NULL_FAULT         "<exit status>;<console text>" of a load
#                             through NULL, where the board guards 0
#   EBB_FW_FAULT_LOAD / EBB_FW_FAULT_UNDEF
#                             "<exit status>;<console text>" of a bad load
#                             and of an undefined instruction
set(EBB_FW_DIR ${CMAKE_CURRENT_LIST_DIR})
set(EBB_FW_RUN ${EBB_FW_DIR}/run_qemu.py)
if(NOT EBB_QEMU_ICOUNT_SHIFT)
  set(EBB_QEMU_ICOUNT_SHIFT 0)
endif()

# ebb_fw_test(<name> SOURCES <files> [PORT] [REF] [NO_ICOUNT] [CODE <status>]
#             [GREP <text>...] [EXPECT <file>] [ARGS <run_qemu.py args>...]):
# one self-checking image, run under -icount (deterministic) unless
# NO_ICOUNT.  PORT adds fw_<port>.c, REF the board's reference clock.
function(ebb_fw_test name)
  cmake_parse_arguments(T "PORT;REF;NO_ICOUNT" "CODE;EXPECT" "SOURCES;GREP;ARGS" ${ARGN})
  set(srcs ${T_SOURCES})
  if(T_PORT)
    get_property(port_dir GLOBAL PROPERTY EBB_PORT_DIR)
    get_filename_component(port "${port_dir}" NAME)
    string(REPLACE "-" "_" port "${port}")
    list(APPEND srcs ${EBB_FW_DIR}/fw_${port}.c)
  endif()
  if(T_REF)
    if(NOT EBB_FW_REF)
      message(FATAL_ERROR "tests/firmware: board ${EBB_BOARD_NAME} names no reference clock (EBB_FW_REF)")
    endif()
    list(APPEND srcs ${EBB_FW_REF})
  endif()
  ebb_add_firmware(${name} SOURCES ${srcs})
  target_include_directories(${name} PRIVATE ${EBB_FW_DIR})
  # Bounds that scale with the emulated core's speed (ns per instruction).
  target_compile_definitions(${name} PRIVATE FW_ICOUNT_SHIFT=${EBB_QEMU_ICOUNT_SHIFT})
  if(NOT T_CODE)
    set(T_CODE 0)
  endif()
  set(args --qemu ${EBB_QEMU} --machine ${EBB_QEMU_MACHINE} --icount-shift ${EBB_QEMU_ICOUNT_SHIFT}
      --elf $<TARGET_FILE:${name}> --code ${T_CODE} --timeout 90 ${T_ARGS})
  if(T_NO_ICOUNT)
    list(APPEND args --no-icount)
  endif()
  if(T_EXPECT)
    list(APPEND args --expect ${T_EXPECT})
  endif()
  foreach(g ${T_GREP})
    list(APPEND args --grep ${g})
  endforeach()
  add_test(NAME fw.${name} COMMAND python3 ${EBB_FW_RUN} ${args})
  # QEMU tests are CPU-bound: don't let ctest -j starve them.
  set_tests_properties(fw.${name} PROPERTIES TIMEOUT 100 PROCESSORS 1)
endfunction()

# ebb_fw_realtime_test(<name>): time as `make run` sees it, WITHOUT -icount
# (test_realtime.c): a 10 ms ticker for 5 s, every tick delivered, ebb_now()
# monotonic with no step above 1 s, at least 5 s of host time, and ebb's clock
# never ahead of the host's.
function(ebb_fw_realtime_test name)
  ebb_fw_test(${name} SOURCES ${EBB_FW_DIR}/test_realtime.c NO_ICOUNT GREP PASS
              ARGS --min-seconds 5 --ebb-not-ahead)
endfunction()

# ebb_fw_stack_bound(<fw test> <name>): stack.bound_<name>, the static
# worst-case stack of the test's image (scripts/stack_bound.py: .su files,
# call graph, interrupt nesting) against the painted peak the test's run
# printed ("stack peak <n> B", kept by run_qemu.py --log; the run is the
# test's fixture, so -R stack.bound runs it first), and
# stack.bound_<name>_below_peak, the same with a peak past any bound,
# which must fail.  Figures: docs/reliability.md, "Stack bounds".
set(EBB_STACK_BOUND ${CMAKE_CURRENT_LIST_DIR}/../../scripts/stack_bound.py)
set(EBB_STACK_BOUNDS ${CMAKE_CURRENT_LIST_DIR}/../stack/stack_bounds.json)
function(ebb_fw_stack_bound fw name)
  set(console ${CMAKE_CURRENT_BINARY_DIR}/${fw}.console)
  set_tests_properties(fw.${fw} PROPERTIES FIXTURES_SETUP stack_${name})
  set(args ${EBB_STACK_BOUND} --elf $<TARGET_FILE:${fw}> --bounds ${EBB_STACK_BOUNDS}
      --budget-key ${EBB_BOARD_NAME}-${CMAKE_BUILD_TYPE})
  add_test(NAME stack.bound_${name} COMMAND python3 ${args} --console ${console})
  set_tests_properties(stack.bound_${name} PROPERTIES FIXTURES_REQUIRED stack_${name} TIMEOUT 60)
  add_test(NAME stack.bound_${name}_below_peak COMMAND python3 ${args} --peak 100000000)
  set_tests_properties(stack.bound_${name}_below_peak PROPERTIES TIMEOUT 60
    PASS_REGULAR_EXPRESSION "FAIL: stack bound [0-9]+ B < painted peak 100000000 B")
endfunction()

# ebb_fw_suite(): the whole suite.
#   test_realtime            time without -icount (above)
#   test_time[_wraps]        timers and tickers against the reference clock
#   test_channel_isr         a channel fed from an interrupt wakes a task, loses nothing
#   test_channel_copy        elements of 1-17 words and odd sizes copied exactly
#   test_select              select and timeout (timer, interrupt, button)
#   test_preempt             the portable preemptive executor, levels 1 and 2
#   test_storm               button edges faster than the task: none lost silently
#   test_broadcast_nest      no false wait:2 two broadcasts deep (Cortex-M)
#   test_irq_executor_<k>    an interrupt executor preempts; its ceiling contracts
#   test_contract, test_fault_*  contracts and faults are reported
#   test_cancel_ctx          cancel and reset from inside a poll, across executors
#   test_mutex_isr_<k>       a mutex used by an interrupt executor's task (3;
#                            4: the application's own executor)
#   test_finger, test_uart   the board's virtual button and console
#   test_uart_contract       the UART class's contract, reported
#   test_spi                 the board's SPI bus: transfers, refusal, cancel
#   test_stack_overflow      a stack grown into its guard is reported
#   test_null                a load through NULL faults (EBB_FW_NULL_FAULT)
#   test_irq_storm           25,000 interrupts at pseudo-random points, the
#                            primitives' books checked after every 1,024
#   test_resume_align        a poll function at 2 mod 4 resumes at its labels
#   test_core_clock          ebb's clock against QEMU's virtual clock
#                            (instructions x 2^shift ns): a board's clock
#                            constants
#   test_keys_burst          keys mode: a burst faster than the task re-arms, no edge lost
#   example_*                blinky, uart_echo and button driven through the console
set(EBB_FW_TIME_PAD 0 CACHE STRING "test_time: nops added to each check (measures how code length moves its figures)")
option(EBB_FW_TIME_LATEST "test_time prints how late its wakes ended (the figures tests/settings/*.cmake derive the late bounds from)" OFF)
function(ebb_fw_suite)
  ebb_fw_realtime_test(test_realtime)
  if(NOT EBB_FW_REF)
    message(STATUS "tests/firmware: board ${EBB_BOARD_NAME} names no reference clock "
                   "(EBB_FW_REF): test_time left out")
  else()
    ebb_fw_test(test_time SOURCES ${EBB_FW_DIR}/test_time.c REF GREP PASS)
    target_compile_definitions(test_time PRIVATE ${EBB_FW_TIME_DEFS})
    if(EBB_FW_TIME_LATEST)
      target_compile_definitions(test_time PRIVATE FW_TIME_LATEST=1)
    endif()
    if(EBB_FW_TIME_PAD)
      target_compile_definitions(test_time PRIVATE FW_TIME_PAD=${EBB_FW_TIME_PAD})
    endif()
  endif()
  if(EBB_FW_REF AND EBB_FW_TIME_WRAP_DEFS)
    # (The driver's source is compiled into the image with the knobs; the
    # archive's copy is never pulled in.)
    ebb_fw_test(test_time_wraps SOURCES ${EBB_FW_DIR}/test_time.c ${EBB_FW_TIME_WRAP_SOURCE}
                REF GREP PASS)
    target_compile_definitions(test_time_wraps PRIVATE ${EBB_FW_TIME_DEFS} ${EBB_FW_TIME_WRAP_DEFS})
  endif()
  # ebb_fmt with the target's 32-bit long and division (tests/core/test_fmt.c
  # compares with snprintf on the host).
  ebb_fw_test(test_fmt SOURCES ${EBB_FW_DIR}/test_fmt.c GREP PASS)
  ebb_fw_test(test_channel_isr SOURCES ${EBB_FW_DIR}/test_channel_isr.c PORT GREP PASS)
  # The element copy: the port's block copy, the word loop or memcpy.
  ebb_fw_test(test_channel_copy SOURCES ${EBB_FW_DIR}/test_channel_copy.c GREP PASS)
  ebb_fw_test(test_select SOURCES ${EBB_FW_DIR}/test_select.c PORT GREP PASS)
  # A storm of button edges faster than the task re-arms: every edge seen
  # or counted as missed (ebb_board_button_missed()).
  ebb_fw_test(test_storm SOURCES ${EBB_FW_DIR}/test_storm.c GREP PASS)
  # The portable preemptive executor at levels 1 and 2 (ebb_board.h): the
  # board's own lines, so without the suite's port helpers (PORT).
  ebb_fw_test(test_preempt SOURCES ${EBB_FW_DIR}/test_preempt.c GREP PASS)
  # wait:2's record of broadcasts two deep (needs an interrupt executor
  # that preempts the spare handler: Cortex-M; see the test's comment).
  get_property(fw_port_dir GLOBAL PROPERTY EBB_PORT_DIR)
  if(fw_port_dir MATCHES "cortex-m$")
    ebb_fw_test(test_broadcast_nest SOURCES ${EBB_FW_DIR}/test_broadcast_nest.c PORT GREP PASS)
  endif()
  if(NOT DEFINED EBB_FW_IRQX_KINDS)
    set(EBB_FW_IRQX_KINDS 0 1 2)
  endif()
  foreach(kind ${EBB_FW_IRQX_KINDS})
    set(n test_irq_executor_${kind})
    if(kind EQUAL 0)
      ebb_fw_test(${n} SOURCES ${EBB_FW_DIR}/test_irq_executor.c PORT GREP PASS)
    elseif(kind EQUAL 1)
      ebb_fw_test(${n} SOURCES ${EBB_FW_DIR}/test_irq_executor.c PORT CODE 100 GREP "PANIC cm:1")
    else()
      ebb_fw_test(${n} SOURCES ${EBB_FW_DIR}/test_irq_executor.c PORT CODE 100 GREP "PANIC cm:3")
      target_compile_definitions(${n} PRIVATE EBB_CONFIG_PORT_CHECK_CEILING=1)
    endif()
    target_compile_definitions(${n} PRIVATE FW_IRQX_KIND=${kind})
  endforeach()
  # Every board: an interrupt executor complete as defined, no init call.
  ebb_fw_test(test_irq_executor_3 SOURCES ${EBB_FW_DIR}/test_irq_executor.c PORT GREP PASS)
  target_compile_definitions(test_irq_executor_3 PRIVATE FW_IRQX_KIND=3)
  # The address resolves to the check in src/time.c - except at -Os with
  # LTO, where the compiler may share one call of the hook among several
  # checks (cross-jumping): the module:id stays exact there.
  set(_panic_at --panic-at time.c)
  if(CMAKE_BUILD_TYPE STREQUAL "MinSizeRel")
    set(_panic_at "")
  endif()
  ebb_fw_test(test_contract SOURCES ${EBB_FW_DIR}/test_contract.c CODE 100 GREP "PANIC time:2 at 0x"
    ARGS ${_panic_at})
  ebb_fw_test(test_contract_task SOURCES ${EBB_FW_DIR}/test_contract.c CODE 100
    GREP "PANIC time:2 at 0x" " in task culprit" ARGS ${_panic_at})
  target_compile_definitions(test_contract_task PRIVATE FW_CONTRACT_IN_TASK=1 EBB_CONFIG_TASK_REGISTRY=1)
  ebb_fw_test(test_cancel_ctx SOURCES ${EBB_FW_DIR}/test_cancel_ctx.c PORT GREP PASS)
  target_link_libraries(test_cancel_ctx PRIVATE ebb::reset)
  # Mutexes of tasks polled inside interrupt handlers (an interrupt handler
  # itself cannot call a mutex function: they take the poll's context).
  foreach(kind 3 4)
    set(n test_mutex_isr_${kind})
    ebb_fw_test(${n} SOURCES ${EBB_FW_DIR}/test_mutex_isr.c PORT GREP PASS)
    target_compile_definitions(${n} PRIVATE FW_MUTEX_ISR_KIND=${kind})
  endforeach()
  ebb_fw_test(test_fault_contract SOURCES ${EBB_FW_DIR}/test_fault.c CODE 100 GREP "PANIC task:1")
  target_compile_definitions(test_fault_contract PRIVATE FW_FAULT_KIND=1)
  if(EBB_FW_FAULT_LOAD)
    list(GET EBB_FW_FAULT_LOAD 0 code)
    list(GET EBB_FW_FAULT_LOAD 1 text)
    ebb_fw_test(test_fault_load SOURCES ${EBB_FW_DIR}/test_fault.c CODE ${code} GREP "${text}")
    target_compile_definitions(test_fault_load PRIVATE FW_FAULT_KIND=2
                               FW_BAD_ADDRESS=${EBB_FW_BAD_ADDRESS})
  endif()
  if(EBB_FW_FAULT_UNDEF)
    list(GET EBB_FW_FAULT_UNDEF 0 code)
    list(GET EBB_FW_FAULT_UNDEF 1 text)
    ebb_fw_test(test_fault_undef SOURCES ${EBB_FW_DIR}/test_fault.c CODE ${code} GREP "${text}")
    target_compile_definitions(test_fault_undef PRIVATE FW_FAULT_KIND=3)
  endif()
  if(EBB_FW_SPI)
    ebb_fw_test(test_spi SOURCES ${EBB_FW_DIR}/test_spi.c PORT GREP PASS)
    string(TOUPPER ${EBB_FW_SPI} chip)
    target_compile_definitions(test_spi PRIVATE FW_SPI_${chip}=1)
  endif()
  ebb_fw_test(test_finger SOURCES ${EBB_FW_DIR}/test_finger.c)
  ebb_fw_test(test_uart SOURCES ${EBB_FW_DIR}/test_uart.c EXPECT ${EBB_FW_DIR}/test_uart.expected)
  ebb_fw_test(test_uart_contract SOURCES ${EBB_FW_DIR}/test_uart_contract.c CODE 100 GREP "PANIC uart:1")
  ebb_fw_test(test_core_clock SOURCES ${EBB_FW_DIR}/test_core_clock.c PORT GREP PASS)
  ebb_fw_test(test_irq_storm SOURCES ${EBB_FW_DIR}/test_irq_storm.c PORT GREP PASS "stack peak"
              ARGS --log ${CMAKE_CURRENT_BINARY_DIR}/test_irq_storm.console)
  ebb_fw_stack_bound(test_irq_storm storm)
  ebb_fw_test(test_resume_align SOURCES ${EBB_FW_DIR}/test_resume_align.c GREP PASS)
  # The long run: -DEBB_FW_STORM_IRQS=<n> (docs/reliability.md).
  if(EBB_FW_STORM_IRQS)
    target_compile_definitions(test_irq_storm PRIVATE FW_STORM_IRQS=${EBB_FW_STORM_IRQS}u)
    set_tests_properties(fw.test_irq_storm PROPERTIES TIMEOUT 3600)
  endif()
  get_property(_fw_port_dir GLOBAL PROPERTY EBB_PORT_DIR)
  get_filename_component(_fw_port "${_fw_port_dir}" NAME)
  if(_fw_port STREQUAL "cortex-m" OR _fw_port STREQUAL "riscv")
    ebb_fw_test(test_stack_overflow SOURCES ${EBB_FW_DIR}/test_stack_overflow.c CODE 107
                GREP "FAULT stack overflow")
  endif()
  if(EBB_FW_NULL_FAULT)
    list(GET EBB_FW_NULL_FAULT 0 code)
    list(GET EBB_FW_NULL_FAULT 1 text)
    ebb_fw_test(test_null SOURCES ${EBB_FW_DIR}/test_null.c CODE ${code} GREP "${text}")
  endif()
  # Keys mode: a burst typed faster than a slow task re-arms loses no edge
  # (typed on host time: no -icount).
  ebb_fw_test(test_keys_burst SOURCES ${EBB_FW_DIR}/test_keys_burst.c NO_ICOUNT
              ARGS --input abcdefgh --key-gap 0.02 GREP "edges: 8" PASS)

  # The examples, driven like a user would (typed keys arrive on host time,
  # so uart_echo and button run without -icount; the output checked does
  # not depend on it).  Keys for the button are typed 0.3 s apart (a burst
  # is test_keys_burst's).
  set(q --qemu ${EBB_QEMU} --machine ${EBB_QEMU_MACHINE} --icount-shift ${EBB_QEMU_ICOUNT_SHIFT})
  if(TARGET blinky)
    add_test(NAME fw.example_blinky COMMAND python3 ${EBB_FW_RUN} ${q} --timeout 90
             --elf $<TARGET_FILE:blinky> --until "led off t=1000 ms" --grep "led on  t=500 ms")
  endif()
  if(TARGET uart_echo)
    add_test(NAME fw.example_uart_echo COMMAND python3 ${EBB_FW_RUN} ${q} --no-icount
             --elf $<TARGET_FILE:uart_echo> --input "hello?\\r\\x04" --grep hello --grep "overruns: 0")
  endif()
  if(TARGET button)
    add_test(NAME fw.example_button COMMAND python3 ${EBB_FW_RUN} ${q} --no-icount
             --elf $<TARGET_FILE:button> --input abcd --key-gap 0.3 --until "Button is 0 (4)"
             --grep "Button is 1 (3)")
  endif()
  foreach(e blinky uart_echo button)
    if(TEST fw.example_${e})
      set_tests_properties(fw.example_${e} PROPERTIES TIMEOUT 100 PROCESSORS 1)
    endif()
  endforeach()
endfunction()
