# ebb_add_firmware(<target> [BOARD <name or folder>] SOURCES <files...>
#                  [LIBRARIES <targets...>])
#
# Builds <target>.elf for the build tree's board, from any directory of any
# project that added ebb (add_subdirectory, FetchContent, find_package):
# links ebb::board (which brings the core, the drivers, the CPU and C library
# flags and the linker script) and ebb::startup, writes <target>.map, and
# prints arm-none-eabi-size (also saved as <target>.size).
#
# A build tree holds one board (EBB_BOARD when ebb is configured).  BOARD,
# when given, states which board the firmware is written for: a name under
# ebb's boards/ or a folder with a board.cmake; a mismatch stops the
# configure with both names rather than building for the wrong chip.
include_guard(GLOBAL)

function(ebb_add_firmware name)
  cmake_parse_arguments(FW "" "BOARD" "SOURCES;LIBRARIES" ${ARGN})
  if(FW_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ebb_add_firmware(${name}): unknown arguments ${FW_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ebb::board)
    message(FATAL_ERROR "ebb_add_firmware(${name}): this build tree has no board. Configure "
      "with a cross toolchain and -DEBB_BOARD=<board name or folder> (set EBB_BOARD before "
      "add_subdirectory/FetchContent_MakeAvailable of ebb).")
  endif()
  get_target_property(have ebb::board EBB_BOARD_NAME)
  if(FW_BOARD)
    get_target_property(have_dir ebb::board EBB_BOARD_DIR)
    if(IS_DIRECTORY "${FW_BOARD}")
      get_filename_component(want "${FW_BOARD}" REALPATH BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(have_dir)
        get_filename_component(have_dir "${have_dir}" REALPATH)
      endif()
      set(ok OFF)
      if(want STREQUAL have_dir)
        set(ok ON)
      elseif(NOT have_dir) # installed package: only the name is known
        get_filename_component(wname "${want}" NAME)
        if(wname STREQUAL have)
          set(ok ON)
        endif()
      endif()
    elseif(FW_BOARD STREQUAL have)
      set(ok ON)
    else()
      set(ok OFF)
    endif()
    if(NOT ok)
      message(FATAL_ERROR "ebb_add_firmware(${name}): written for board ${FW_BOARD}, but this "
        "build tree is for board ${have} ${have_dir} (one board per build tree: configure "
        "another tree with -DEBB_BOARD=${FW_BOARD})")
    endif()
  endif()

  add_executable(${name} ${FW_SOURCES} $<TARGET_OBJECTS:ebb::startup>)
  get_target_property(script ebb::board EBB_LINKER_SCRIPT)
  # The board's script INCLUDEs the port's section layout: relink on both.
  get_property(port_dir GLOBAL PROPERTY EBB_PORT_DIR)
  set(link_deps "${script}")
  if(port_dir AND EXISTS "${port_dir}/sections.ld")
    list(APPEND link_deps "${port_dir}/sections.ld")
  endif()
  set_target_properties(${name} PROPERTIES SUFFIX ".elf" LINK_DEPENDS "${link_deps}")
  target_link_libraries(${name} PRIVATE ${FW_LIBRARIES} ebb::board)
  target_link_options(${name} PRIVATE LINKER:-Map=$<TARGET_FILE_DIR:${name}>/${name}.map)
  string(REGEX REPLACE "gcc(-[0-9.]+)?(\\.exe)?$" "size" size_tool "${CMAKE_C_COMPILER}")
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND ${size_tool} $<TARGET_FILE:${name}>
    COMMAND ${size_tool} $<TARGET_FILE:${name}> > $<TARGET_FILE_DIR:${name}>/${name}.size
    VERBATIM)
  # Recorded for `make run` / `make debug` (ebb_firmware.txt in the build tree).
  set_property(GLOBAL APPEND PROPERTY EBB_FIRMWARE_TARGETS ${name})
endfunction()

# ebb_app([BOARD ...] SOURCES <files...> [LIBRARIES ...]): the firmware of an
# app folder, named after the folder (apps/<name>/CMakeLists.txt), so that a
# copied example folder is a new app with no edit: `make run APP=<name>`.
function(ebb_app)
  get_filename_component(name ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  ebb_add_firmware(${name} ${ARGN})
endfunction()
