# ebb's own host build tree (top level, EBB_DEVELOPER): unit tests of the
# portable core, the host showdown, and tools.
option(EBB_SANITIZE "Build ebb's own host code with ASan + UBSan" ON)
if(EBB_SANITIZE)
  # Every target of ebb's own build is instrumented (directory scope, so it
  # never travels to a project that links ebb::core); tools that are loaded
  # into other processes (the QEMU plugin) opt out in their own dir.
  set(EBB_SAN_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_compile_options(ebb PRIVATE ${EBB_SAN_FLAGS})
  add_compile_options(${EBB_SAN_FLAGS})
  add_link_options(${EBB_SAN_FLAGS})
endif()

find_path(CMOCKA_INCLUDE_DIR cmocka.h REQUIRED)
find_library(CMOCKA_LIBRARY cmocka REQUIRED)

add_subdirectory(tests/core)
add_subdirectory(tests/port_template) # port/template, built and run
# The wake protocol's model (src/model/wake.pml), checked by spin
# (Debian package spin, scripts/deps.sh), with its seeded bugs found.
add_test(NAME model.wake COMMAND sh ${PROJECT_SOURCE_DIR}/tests/model/check.sh
         ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/model)
if(CMAKE_C_COMPILER_ID MATCHES "Clang")
  add_subdirectory(tests/fuzz) # libFuzzer: clang only
endif()
# The host board: boards/include/ebb_board.h on the host port, for apps
# written against the board interface (the showdown's host build).
add_library(ebb_board_host STATIC ${EBB_SOURCE_DIR}/boards/host/board_host.c
  ${EBB_SOURCE_DIR}/boards/common/console.c)
target_include_directories(ebb_board_host PUBLIC ${EBB_SOURCE_DIR}/boards/host
  ${EBB_SOURCE_DIR}/boards/include)
ebb_board_virtual(ebb_board_host button keys)
target_link_libraries(ebb_board_host PUBLIC ebb_hal ebb)
if(EXISTS ${EBB_SOURCE_DIR}/apps/showdown/CMakeLists.txt)
  add_subdirectory(apps/showdown)
endif()
option(EBB_BUILD_SCOPE "Build the QEMU virtual oscilloscope (lab/scope)" ON)
if(EBB_BUILD_SCOPE AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/lab/scope/scope_plugin.c)
  add_subdirectory(lab/scope)
  # The split of the showdown's windows, by the scope's probe convention.
  add_subdirectory(lab/split)
endif()

# Every C example of the README and docs/ compiles, and those with a main()
# run (cmake/docs_examples.cmake).
find_program(PYTHON3 python3 REQUIRED)
include(${EBB_SOURCE_DIR}/cmake/docs_examples.cmake)
ebb_docs_examples(host)

find_program(PYTHON3 python3 REQUIRED)
add_test(NAME scripts.showdown_report
  COMMAND ${PYTHON3} -m unittest -v tests/scripts/test_showdown_report.py tests/scripts/test_check_budget.py
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
# Every figure lab/report/doc_figures.py measures is still where it expects it
# in the docs (the figures themselves: bench.doc_figures, lab/report/showdown.sh).
add_test(NAME scripts.doc_figures_anchors
  COMMAND ${PYTHON3} ${PROJECT_SOURCE_DIR}/lab/report/doc_figures.py --anchors)
# docs/misuse.md's table of every contract is the headers' contract lines.
add_test(NAME scripts.misuse_table
  COMMAND ${PYTHON3} ${PROJECT_SOURCE_DIR}/scripts/misuse_table.py --check ${PROJECT_SOURCE_DIR}/docs/misuse.md)

# What each object costs on the target (fails if the task header grows).
find_program(ARM_GCC arm-none-eabi-gcc)
if(ARM_GCC)
  add_test(NAME bench.sizeof_cortex_m4 COMMAND sh ${PROJECT_SOURCE_DIR}/lab/bench/sizeof.sh)
endif()

# Host tests of the STM32 drivers against simulated registers.
if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/tests/drivers/CMakeLists.txt)
  add_subdirectory(tests/drivers)
endif()

# Projects of their own using ebb on the host, by every route, each from an
# empty build folder (tests/consumer), with this tree's compiler (gcc in
# build/host, clang in build/host-clang: a consumer's -Wpedantic differs).
foreach(route find_package fetchcontent subdirectory)
  add_test(NAME consumer.host.${route}
    COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER}
            sh ${EBB_SOURCE_DIR}/tests/consumer/run.sh host ${route} ${EBB_SOURCE_DIR}
            ${CMAKE_BINARY_DIR}/consumer/host-${route})
  set_tests_properties(consumer.host.${route} PROPERTIES TIMEOUT 300)
endforeach()

# The API reference from the public headers: Doxygen, warnings are errors
# (a public function or macro without a doc comment, a malformed or stale
# one, fails the test); then every public function states its context, its
# cost and the contract ids its definition checks (tests/docs/check_api.py).
find_program(DOXYGEN doxygen REQUIRED)
add_test(NAME docs.doxygen
  COMMAND sh -c "rm -rf \"$1\" && EBB_DOXYGEN_OUT=\"$1\" \"$2\" docs/Doxyfile && \"$3\" tests/docs/check_api.py \"$1/xml\" ."
          sh ${CMAKE_BINARY_DIR}/doxygen ${DOXYGEN} ${PYTHON3}
  WORKING_DIRECTORY ${EBB_SOURCE_DIR})
