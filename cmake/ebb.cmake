# How ebb's libraries are assembled for a port, a HAL and a board.
# Included once by the top-level CMakeLists.txt; every function here is
# global, so projects that add ebb with add_subdirectory/FetchContent use
# them directly (find_package users get ebb_add_firmware() from
# ebbFirmware.cmake, installed with the package).
#
# Targets (see docs/boards.md):
#   ebb::core            the portable core + the port's sources (one archive)
#   ebb::startup         firmware only: reset handler + vector table (OBJECT)
#   ebb::<driver>        a port's or HAL's drivers, e.g. ebb::systick_time,
#                        ebb::hal_stm32f4, ebb::stm32_tim_time
#   ebb::board           firmware only: the board; linking it (through
#                        ebb_add_firmware()) brings everything above, the CPU
#                        and C library flags, and the linker script
include_guard(GLOBAL)
include(GNUInstallDirs)
set(EBB_SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}/..)
get_filename_component(EBB_SOURCE_DIR "${EBB_SOURCE_DIR}" ABSOLUTE)
file(GLOB _ebb_boards RELATIVE ${EBB_SOURCE_DIR}/boards ${EBB_SOURCE_DIR}/boards/*/board.cmake)
string(REPLACE "/board.cmake" "" EBB_INTREE_BOARDS "${_ebb_boards}")
string(REPLACE ";" " " EBB_INTREE_BOARDS "${EBB_INTREE_BOARDS}")
include(${CMAKE_CURRENT_LIST_DIR}/ebbFirmware.cmake)

# ebb's libraries are warning-free under -Wall -Wextra; -Werror comes only
# with ebb's own build (EBB_DEVELOPER, top-level CMakeLists.txt), never in a
# consuming project.
function(ebb__warnings target)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:-Wall -Wextra>)
endfunction()

# ebb_add_library(<name> STATIC|OBJECT|INTERFACE [sources...])
# Target ebb_<name>, alias ebb::<name>, installed and exported as
# ebb::<name>.  Relative sources are relative to the calling .cmake file.
function(ebb_add_library name type)
  set(srcs)
  foreach(s ${ARGN})
    if(NOT IS_ABSOLUTE "${s}")
      set(s "${CMAKE_CURRENT_LIST_DIR}/${s}")
    endif()
    list(APPEND srcs "${s}")
  endforeach()
  add_library(ebb_${name} ${type} ${srcs})
  add_library(ebb::${name} ALIAS ebb_${name})
  set_target_properties(ebb_${name} PROPERTIES EXPORT_NAME ${name})
  if(NOT type STREQUAL "INTERFACE")
    ebb__warnings(ebb_${name})
  endif()
  set_property(GLOBAL APPEND PROPERTY EBB_EXPORTED_TARGETS ebb_${name})
endfunction()

# Header folders of the libraries, installed together under
# include/ebb/platform/ (cmake/install.cmake; the headers' names are all
# ebb-prefixed).
function(ebb_public_headers target dir)
  target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${dir}>)
  set_property(GLOBAL APPEND PROPERTY EBB_HEADER_DIRS ${dir})
endfunction()

function(ebb__resolve_dir out kind name)
  if(IS_DIRECTORY "${name}")
    get_filename_component(d "${name}" ABSOLUTE BASE_DIR "${CMAKE_SOURCE_DIR}")
  else()
    set(d "${EBB_SOURCE_DIR}/${kind}/${name}")
  endif()
  set(${out} "${d}" PARENT_SCOPE)
endfunction()

# ebb_use_port(<name or folder>): the architecture port.  Its *.c/*.S go
# into ebb::core, its folder is a public include folder, and its optional
# port.cmake defines what else it brings (startup code, time drivers).
# One port per build tree.
function(ebb_use_port name)
  get_property(cur GLOBAL PROPERTY EBB_PORT_DIR)
  ebb__resolve_dir(dir port "${name}")
  if(cur)
    if(NOT cur STREQUAL dir)
      message(FATAL_ERROR "ebb: port ${name} requested, but this build tree already uses ${cur}")
    endif()
    return()
  endif()
  if(NOT IS_DIRECTORY "${dir}")
    file(GLOB ports RELATIVE ${EBB_SOURCE_DIR}/port ${EBB_SOURCE_DIR}/port/*)
    message(FATAL_ERROR "ebb: no port '${name}' (ports: ${ports}, or the path of a port folder)")
  endif()
  set_property(GLOBAL PROPERTY EBB_PORT_DIR "${dir}")
  file(GLOB srcs CONFIGURE_DEPENDS ${dir}/*.c ${dir}/*.S)
  target_sources(ebb PRIVATE ${srcs})
  ebb_public_headers(ebb ${dir})
  if(EXISTS ${dir}/port.cmake)
    include(${dir}/port.cmake)
  endif()
endfunction()

# ebb_use_hal(<name or folder>): a chip family's drivers; its hal.cmake (or
# <name>.cmake) defines ebb::hal_<name> and may add its vector table to
# ebb::startup.
function(ebb_use_hal name)
  ebb__resolve_dir(dir hal "${name}")
  get_property(done GLOBAL PROPERTY EBB_HAL_DIRS)
  if("${dir}" IN_LIST done)
    return()
  endif()
  get_filename_component(base "${dir}" NAME)
  if(EXISTS ${dir}/hal.cmake)
    set(file ${dir}/hal.cmake)
  elseif(EXISTS ${dir}/${base}.cmake)
    set(file ${dir}/${base}.cmake)
  else()
    file(GLOB hals RELATIVE ${EBB_SOURCE_DIR}/hal ${EBB_SOURCE_DIR}/hal/*)
    message(FATAL_ERROR "ebb: no ${dir}/hal.cmake (HALs: ${hals}, or the path of a HAL folder)")
  endif()
  set_property(GLOBAL APPEND PROPERTY EBB_HAL_DIRS "${dir}")
  include(${file})
endfunction()

# C library flags, for compiling and for linking (EBB_BOARD_LIBC).
function(ebb__libc_flags libc cflags lflags)
  if(libc STREQUAL "newlib-nano")
    set(c "")
    set(l --specs=nano.specs --specs=nosys.specs)
  elseif(libc STREQUAL "newlib")
    set(c "")
    set(l --specs=nosys.specs)
  elseif(libc STREQUAL "picolibc")
    # picolibc's own headers and library; no crt0 (-nostartfiles): the
    # port's startup code initialises .data/.bss.
    set(c --specs=picolibc.specs)
    set(l --specs=picolibc.specs)
  elseif(libc STREQUAL "none")
    set(c "")
    set(l -nostdlib -lgcc)
  else()
    message(FATAL_ERROR "ebb: LIBC '${libc}' is not one of newlib-nano newlib picolibc none")
  endif()
  set(${cflags} "${c}" PARENT_SCOPE)
  set(${lflags} "${l}" PARENT_SCOPE)
endfunction()

# ebb_board(CPU <flags...> [LINK_CPU <flags...>] LIBC <libc> LINKER_SCRIPT <file>
#           SOURCES <files...> [LIBRARIES <targets...>] [TIME_DRIVER <target>]
#           [QEMU <program> <args...>])
# Called once by a board.cmake: creates ebb::board from SOURCES, linked with
# LIBRARIES and TIME_DRIVER, and makes CPU and LIBC usage requirements of
# ebb::core (so everything linked with ebb is built for that CPU; LINK_CPU,
# when given, replaces CPU on the link line, for multilib selection).  QEMU is
# how tests and `make run` start the board in an emulator (without -kernel
# and -icount); boards without it are real hardware only.
# The virtual button (boards/virtual), for a board QEMU (or the host) gives
# no wired one: the parts `target` takes, compiled against its
# ebb_board_config.h.
#   button   the level, edge waits and keys mode (button.c)
#   irq      edges pended on an unused interrupt line, Cortex-M
#            (virtual_button.c: EBB_BOARD_BUTTON_IRQ/_HANDLER, and the
#            finger's executor on EBB_BOARD_FINGER_IRQ/_HANDLER)
#   finger   the scripted finger (finger.c)
#   keys     Ctrl-B on the console, played in order (key_player.c)
function(ebb_board_virtual target)
  set(files button=button.c irq=virtual_button.c finger=finger.c keys=key_player.c)
  foreach(part ${ARGN})
    set(found OFF)
    foreach(pair ${files})
      string(REPLACE "=" ";" pair "${pair}")
      list(GET pair 0 name)
      list(GET pair 1 file)
      if(part STREQUAL name)
        target_sources(${target} PRIVATE ${EBB_SOURCE_DIR}/boards/virtual/${file})
        set(found ON)
      endif()
    endforeach()
    if(NOT found)
      message(FATAL_ERROR "ebb_board(): VIRTUAL ${part}: parts are button, irq, finger, keys")
    endif()
  endforeach()
  if(ARGN)
    ebb_public_headers(${target} ${EBB_SOURCE_DIR}/boards/virtual)
  endif()
endfunction()

function(ebb_board)
  cmake_parse_arguments(B "" "LIBC;LINKER_SCRIPT;TIME_DRIVER"
                        "CPU;LINK_CPU;SOURCES;LIBRARIES;QEMU;VIRTUAL" ${ARGN})
  if(NOT B_LINK_CPU)
    set(B_LINK_CPU ${B_CPU})
  endif()
  if(TARGET ebb_board)
    message(FATAL_ERROR "ebb: ebb_board() called twice (one board per build tree)")
  endif()
  foreach(req LIBC LINKER_SCRIPT SOURCES)
    if(NOT B_${req})
      message(FATAL_ERROR "ebb_board(): ${req} is required (${CMAKE_CURRENT_LIST_FILE})")
    endif()
  endforeach()
  if(B_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ebb_board(): unknown arguments ${B_UNPARSED_ARGUMENTS}")
  endif()
  # -DEBB_LIBC=<libc> builds any board on another C library (the showdown
  # measures its formatting row on picolibc this way).
  if(EBB_LIBC)
    set(B_LIBC ${EBB_LIBC})
  endif()
  get_filename_component(script "${B_LINKER_SCRIPT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_LIST_DIR}")
  # What every board shares: the console's polled output and its receive
  # ring (boards/common/console*.c), on the device classes (ebb::hal).
  ebb_add_library(board STATIC ${B_SOURCES} ${EBB_SOURCE_DIR}/boards/common/console.c
                  ${EBB_SOURCE_DIR}/boards/common/console_rx.c)
  ebb_board_virtual(ebb_board ${B_VIRTUAL})
  # The board folder's headers (ebb_board_config.h) and the board interface
  # every board implements (boards/include/ebb_board.h).
  ebb_public_headers(ebb_board ${EBB_BOARD_DIR})
  ebb_public_headers(ebb_board ${EBB_SOURCE_DIR}/boards/include)
  target_link_libraries(ebb_board PUBLIC ${B_LIBRARIES} ${B_TIME_DRIVER} ebb_hal ebb)

  # CPU and C library: usage requirements of the core, so the core, every
  # driver and every application are compiled and linked alike.
  ebb__libc_flags(${B_LIBC} libc_c libc_l)
  target_compile_options(ebb PUBLIC ${B_CPU} ${libc_c})
  target_link_options(ebb INTERFACE ${B_LINK_CPU} ${libc_l} -nostartfiles LINKER:--gc-sections)

  # The core calls the time driver and the board hooks, which call the
  # core: declare the cycle, and CMake repeats the archives on the link line.
  target_link_libraries(ebb INTERFACE $<LINK_ONLY:ebb_board>)
  set_property(TARGET ebb APPEND PROPERTY LINK_INTERFACE_MULTIPLICITY 3)

  get_property(port_dir GLOBAL PROPERTY EBB_PORT_DIR)
  # The board folder (EBB_BOARD_DIR, set by ebb_use_board()), which may
  # differ from this file's when boards share a .cmake file.
  get_filename_component(board_dir "${EBB_BOARD_DIR}" ABSOLUTE)
  get_filename_component(board_name "${board_dir}" NAME)
  # -L: a board script INCLUDEs the port's section layout by name.
  target_link_options(ebb_board INTERFACE
    "$<BUILD_INTERFACE:-T${script}>" "$<BUILD_INTERFACE:-L${port_dir}>")
  set_target_properties(ebb_board PROPERTIES
    EBB_BOARD_NAME "${board_name}"
    EBB_BOARD_DIR "${board_dir}"
    EBB_LINKER_SCRIPT "${script}"
    EBB_LIBC "${B_LIBC}"
    EBB_QEMU "${B_QEMU}"
    EXPORT_PROPERTIES "EBB_BOARD_NAME;EBB_LIBC;EBB_QEMU")
endfunction()

# ebb_use_board(<name or folder>): read the board's board.cmake (which uses
# the functions above) in the calling scope - ebb's top directory - so that
# variables it sets (EBB_BOARD_FW_TESTS, EBB_QEMU_MACHINE, ...) reach ebb's
# own tests - then publish what ebb's own CMake needs.
macro(ebb_use_board _ebb_board_arg)
  ebb__resolve_dir(EBB_BOARD_DIR boards "${_ebb_board_arg}")
  if(NOT EXISTS "${EBB_BOARD_DIR}/board.cmake")
    message(FATAL_ERROR "ebb: EBB_BOARD=${_ebb_board_arg}: no ${EBB_BOARD_DIR}/board.cmake. Boards: "
      "${EBB_INTREE_BOARDS}, or the path of your own board folder (docs/boards.md)")
  endif()
  ebb_add_library(startup OBJECT)
  target_link_libraries(ebb_startup PUBLIC ebb)
  include(${EBB_BOARD_DIR}/board.cmake)
  if(NOT TARGET ebb_board)
    message(FATAL_ERROR "ebb: ${EBB_BOARD_DIR}/board.cmake did not call ebb_board()")
  endif()
  get_target_property(EBB_BOARD_NAME ebb_board EBB_BOARD_NAME)
  get_target_property(_ebb_qemu ebb_board EBB_QEMU)
  if(_ebb_qemu)
    set(EBB_BOARD_RUNS_ON_QEMU ON)
    list(POP_FRONT _ebb_qemu _ebb_qemu_prog)
    find_program(EBB_QEMU ${_ebb_qemu_prog})
    set(EBB_QEMU_ARGS ${_ebb_qemu})
    # The machine alone, for tests that build their own command line
    # (a board may set it itself, with machine options).
    if(NOT EBB_QEMU_MACHINE)
      list(FIND _ebb_qemu -M _ebb_m)
      if(_ebb_m GREATER_EQUAL 0)
        math(EXPR _ebb_m "${_ebb_m} + 1")
        list(GET _ebb_qemu ${_ebb_m} EBB_QEMU_MACHINE)
      endif()
    endif()
  else()
    set(EBB_BOARD_RUNS_ON_QEMU OFF)
  endif()
  message(STATUS "ebb: board ${EBB_BOARD_NAME} (${EBB_BOARD_DIR})")
endmacro()
