# ebb's own firmware build tree (top level, EBB_DEVELOPER): the apps, the
# firmware tests and the benchmarks for the board in EBB_BOARD.
#
# Apps are discovered: every folder apps/<name>/ and apps/examples/<name>/
# is one.  With a CMakeLists.txt it is added as is (it calls
# ebb_add_firmware()); without one, its *.c files become firmware <name>.
# `make run APP=<name>` then finds it with no ebb file edited.  (A board's
# board.cmake may restrict this with EBB_BOARD_APPS, the apps it can run.)
find_program(PYTHON3 python3)

# QEMU command line shared by tests, benchmarks and `make run`: the board's
# (EBB_QEMU + EBB_QEMU_ARGS, from ebb_board(QEMU ...)); deterministic runs
# add this.
set(EBB_QEMU_ICOUNT -icount shift=0,align=off,sleep=off)

# What the tests and benchmarks expect of the board's machine - its
# -icount rate, reference clock, fault reports, time bounds (names:
# tests/firmware/suite.cmake): tests/settings/<board>.cmake for ebb's
# boards, tests.cmake in the board's folder for one outside ebb's tree.
if(EXISTS ${EBB_SOURCE_DIR}/tests/settings/${EBB_BOARD_NAME}.cmake)
  include(${EBB_SOURCE_DIR}/tests/settings/${EBB_BOARD_NAME}.cmake)
elseif(EXISTS ${EBB_BOARD_DIR}/tests.cmake)
  include(${EBB_BOARD_DIR}/tests.cmake)
endif()

file(GLOB _ebb_app_dirs LIST_DIRECTORIES true ${EBB_SOURCE_DIR}/apps/* ${EBB_SOURCE_DIR}/apps/examples/*)
list(SORT _ebb_app_dirs)
foreach(dir ${_ebb_app_dirs})
  get_filename_component(app ${dir} NAME)
  file(RELATIVE_PATH rel ${EBB_SOURCE_DIR} ${dir})
  if(NOT IS_DIRECTORY ${dir} OR rel STREQUAL "apps/examples")
    continue()
  endif()
  # A board that cannot run every app yet lists those it runs.
  if(DEFINED EBB_BOARD_APPS AND NOT app IN_LIST EBB_BOARD_APPS)
    continue()
  endif()
  if(EXISTS ${dir}/CMakeLists.txt)
    add_subdirectory(${dir} ${CMAKE_BINARY_DIR}/${rel})
  else()
    file(GLOB srcs ${dir}/*.c)
    if(srcs)
      ebb_add_firmware(${app} SOURCES ${srcs})
      set_target_properties(${app} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/${rel})
    endif()
  endif()
  set_property(GLOBAL APPEND PROPERTY EBB_APPS ${app})
endforeach()

# The showdown's measured images (lab/showdown), on the boards the
# application runs on.
if(TARGET showdown AND EXISTS ${EBB_SOURCE_DIR}/lab/showdown/CMakeLists.txt)
  add_subdirectory(${EBB_SOURCE_DIR}/lab/showdown ${CMAKE_BINARY_DIR}/lab/showdown)
endif()

# Firmware tests: the suite every QEMU board runs, then the board family's
# own tests (EBB_BOARD_FW_TESTS); hardware boards build the hand-run
# hardware tests only (see tests/firmware/CMakeLists.txt).
if(EXISTS ${EBB_SOURCE_DIR}/tests/firmware/CMakeLists.txt)
  add_subdirectory(${EBB_SOURCE_DIR}/tests/firmware ${CMAKE_BINARY_DIR}/tests/firmware)
endif()
# The benchmarks: lab/bench/CMakeLists.txt says which run on which board.
if(EBB_BOARD_RUNS_ON_QEMU AND EXISTS ${EBB_SOURCE_DIR}/lab/bench/CMakeLists.txt)
  add_subdirectory(${EBB_SOURCE_DIR}/lab/bench ${CMAKE_BINARY_DIR}/lab/bench)
endif()

# build/<board>/ebb_firmware.txt: what scripts/run.sh may run, and how.
#   board <name>
#   qemu <program> <args...>          (absent on hardware-only boards)
#   icount_shift <n>                  (the board's -icount shift, when not 0)
#   app|other <target> <elf>
get_property(_ebb_fw GLOBAL PROPERTY EBB_FIRMWARE_TARGETS)
get_property(_ebb_apps GLOBAL PROPERTY EBB_APPS)
string(REPLACE ";" " " _q "${EBB_QEMU};${EBB_QEMU_ARGS}")
set(_ebb_lines "board ${EBB_BOARD_NAME}\n")
if(EBB_BOARD_RUNS_ON_QEMU)
  string(APPEND _ebb_lines "qemu ${_q}\n")
  if(DEFINED EBB_QEMU_ICOUNT_SHIFT)
    string(APPEND _ebb_lines "icount_shift ${EBB_QEMU_ICOUNT_SHIFT}\n")
  endif()
endif()
foreach(t ${_ebb_fw})
  if(t IN_LIST _ebb_apps)
    string(APPEND _ebb_lines "app ${t} $<TARGET_FILE:${t}>\n")
  else()
    string(APPEND _ebb_lines "other ${t} $<TARGET_FILE:${t}>\n")
  endif()
endforeach()
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/ebb_firmware.txt CONTENT "${_ebb_lines}")

# Console and virtual button at once, on every QEMU board: Ctrl-B is the
# button, the other bytes reach the console; a burst of button keys faster
# than the application re-arms loses no edge (typed on host time: no
# -icount).
if(EBB_BOARD_RUNS_ON_QEMU)
  ebb_add_firmware(board_keys SOURCES ${EBB_SOURCE_DIR}/tests/boards/keys.c)
  add_test(NAME board.keys COMMAND ${PYTHON3} ${EBB_SOURCE_DIR}/tests/firmware/run_qemu.py
    --qemu ${EBB_QEMU} --machine ${EBB_QEMU_MACHINE} --no-icount --elf $<TARGET_FILE:board_keys> --timeout 60
    --input "a\\x02b\\x02\\x02c\\x02\\x02d\\x02\\x02\\x02." --key-gap 0.02
    --grep "console: abcd edges: 8")
endif()

# The firmware examples of the README and docs/ build and link, on every
# board: they use only the portable board interface.
include(${EBB_SOURCE_DIR}/cmake/docs_examples.cmake)
ebb_docs_examples(firmware)

# boards/template as a user starts from it: copied out of the tree under
# another name, built and run (once, from the template's own tree).
if(EBB_BOARD_NAME STREQUAL "template" AND EBB_QEMU)
  add_test(NAME board.template_copy
    COMMAND sh ${EBB_SOURCE_DIR}/tests/boards/copy_template.sh ${EBB_SOURCE_DIR}
            ${CMAKE_BINARY_DIR}/template_copy ${EBB_QEMU})
  set_tests_properties(board.template_copy PROPERTIES TIMEOUT 300 PROCESSORS 2)
endif()

# A user's own board folder (outside boards/), on picolibc, from an empty
# build folder: once, from the default board's tree.
if(EBB_BOARD_NAME STREQUAL "qemu-netduinoplus2" AND EBB_QEMU)
  add_test(NAME board.out_of_tree_picolibc
    COMMAND sh ${EBB_SOURCE_DIR}/tests/boards/out_of_tree.sh ${EBB_SOURCE_DIR}
            ${CMAKE_BINARY_DIR}/out_of_tree_board ${EBB_QEMU})
  set_tests_properties(board.out_of_tree_picolibc PROPERTIES TIMEOUT 300 PROCESSORS 2)

  # A newcomer's path, in a fresh copy of the repository: a new folder
  # apps/<name>/ runs with `make run APP=<name>`, nothing of ebb edited, and
  # only that app is built; an unknown APP or BOARD prints the real lists.
  add_test(NAME board.new_app
    COMMAND sh ${EBB_SOURCE_DIR}/tests/boards/new_app.sh ${EBB_SOURCE_DIR} ${CMAKE_BINARY_DIR}/new_app)
  set_tests_properties(board.new_app PROPERTIES TIMEOUT 400 PROCESSORS 2)



  # Task-aware debugging: gdb halts a known state on QEMU and tools/gdb/ebb.py
  # must list every executor and task with its state and await line, for
  # both continuation kinds (the resume point is a label offset or a line),
  # with the task table (GOTO) and without it (SWITCH: debug info alone).
  find_program(EBB_GDB gdb-multiarch)
  foreach(coro GOTO SWITCH)
    if(coro STREQUAL "GOTO")
      set(_table 1)
      set(_mode table)
    else()
      set(_table 0)
      set(_mode notable)
    endif()
    ebb_add_firmware(board_gdb_tasks_${coro} SOURCES ${EBB_SOURCE_DIR}/tests/boards/gdb_tasks.c)
    target_compile_definitions(board_gdb_tasks_${coro} PRIVATE EBB_CONFIG_CORO=EBB_CORO_${coro}
      EBB_CONFIG_TASK_REGISTRY=${_table})
    add_test(NAME board.gdb_tasks.${coro} COMMAND sh ${EBB_SOURCE_DIR}/tests/boards/gdb_tasks.sh
      ${EBB_SOURCE_DIR} $<TARGET_FILE:board_gdb_tasks_${coro}> ${EBB_GDB} ${EBB_QEMU} ${_mode})
    set_tests_properties(board.gdb_tasks.${coro} PROPERTIES TIMEOUT 120)
  endforeach()

  # Firmware projects of their own using ebb, by every route, each from an
  # empty build folder (tests/consumer); add_subdirectory with an
  # out-of-tree board folder.
  foreach(route find_package fetchcontent subdirectory)
    set(board ${EBB_BOARD_NAME})
    if(route STREQUAL "subdirectory")
      set(board ${EBB_SOURCE_DIR}/tests/boards/np2-picolibc)
    endif()
    add_test(NAME consumer.firmware.${route}
      COMMAND sh ${EBB_SOURCE_DIR}/tests/consumer/run.sh firmware ${route} ${EBB_SOURCE_DIR}
              ${CMAKE_BINARY_DIR}/consumer/firmware-${route} ${board} ${EBB_QEMU})
    set_tests_properties(consumer.firmware.${route} PROPERTIES TIMEOUT 300 PROCESSORS 2)
  endforeach()
endif()

# The package from the other instruction sets: an installed ebb found with
# find_package by a firmware project of its own, built with this tree's
# toolchain file and run on this board's machine - on ARMv6-M (micro:bit,
# no BASEPRI) and RV32 (the RISC-V port), once each.
if(EBB_QEMU AND CMAKE_BUILD_TYPE STREQUAL "Release" AND
   (EBB_BOARD_NAME STREQUAL "qemu-riscv-virt" OR
    (EBB_BOARD_NAME STREQUAL "microbit" AND EBB_MICROBIT_TIME STREQUAL "timer0")))
  add_test(NAME consumer.firmware.find_package
    COMMAND sh ${EBB_SOURCE_DIR}/tests/consumer/run.sh firmware find_package ${EBB_SOURCE_DIR}
            ${CMAKE_BINARY_DIR}/consumer/firmware-find_package ${EBB_BOARD_NAME} ${EBB_QEMU}
            ${CMAKE_TOOLCHAIN_FILE} "${EBB_QEMU_MACHINE}")
  set_tests_properties(consumer.firmware.find_package PROPERTIES TIMEOUT 300 PROCESSORS 2)
endif()
