# install/export: `cmake --install <build tree> --prefix <dir>` makes ebb a
# CMake package, found with find_package(ebb CONFIG REQUIRED):
#   host build tree      ebb::core (core + host port)
#   firmware build tree  ebb::core, ebb::startup, the drivers and ebb::board
#                        of that tree's board, its linker scripts, and
#                        ebb_add_firmware() (one board per installed prefix)
include(CMakePackageConfigHelpers)
set(EBB_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/ebb)
set(EBB_INSTALL_LDDIR ${CMAKE_INSTALL_LIBDIR}/ebb/ld)

get_property(_ebb_targets GLOBAL PROPERTY EBB_EXPORTED_TARGETS)
# A driver the board left out of the build (the micro:bit's SysTick driver
# when it runs on TIMER0) is not built, so it cannot be installed either.
foreach(t ${_ebb_targets})
  get_target_property(_ebb_x ${t} EXCLUDE_FROM_ALL)
  if(_ebb_x)
    list(REMOVE_ITEM _ebb_targets ${t})
  endif()
endforeach()
# ebb's own headers under include/ebb/; the port's, the drivers' and the
# board's (ebb_port_impl.h, ebb_host.h, ebb_uart.h, ebb_board.h, ...) under
# include/ebb/platform/, which the targets put on the include path, so a
# project includes them by name as in the source tree and its own
# include/ stays free of ebb's names.
set(EBB_INSTALL_PLATFORM_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/ebb/platform)
install(TARGETS ebb ${_ebb_targets} EXPORT ebbTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  OBJECTS DESTINATION ${CMAKE_INSTALL_LIBDIR}/ebb/objects
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} ${EBB_INSTALL_PLATFORM_INCLUDEDIR})
install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
get_property(_ebb_hdirs GLOBAL PROPERTY EBB_HEADER_DIRS)
list(REMOVE_DUPLICATES _ebb_hdirs)
foreach(d ${_ebb_hdirs})
  install(DIRECTORY ${d}/ DESTINATION ${EBB_INSTALL_PLATFORM_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h")
endforeach()

if(TARGET ebb_board)
  # The linker scripts: the board's (as ebb_board.ld) and the port's
  # (INCLUDEd by name).
  get_target_property(_ebb_script ebb_board EBB_LINKER_SCRIPT)
  get_property(_ebb_port_dir GLOBAL PROPERTY EBB_PORT_DIR)
  file(GLOB _ebb_port_ld ${_ebb_port_dir}/*.ld)
  install(FILES ${_ebb_script} DESTINATION ${EBB_INSTALL_LDDIR} RENAME ebb_board.ld)
  install(FILES ${_ebb_port_ld} DESTINATION ${EBB_INSTALL_LDDIR})
  target_link_options(ebb_board INTERFACE
    "$<INSTALL_INTERFACE:-T$<INSTALL_PREFIX>/${EBB_INSTALL_LDDIR}/ebb_board.ld>"
    "$<INSTALL_INTERFACE:-L$<INSTALL_PREFIX>/${EBB_INSTALL_LDDIR}>")
endif()

install(EXPORT ebbTargets NAMESPACE ebb:: DESTINATION ${EBB_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/ebbConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/ebbConfig.cmake
  INSTALL_DESTINATION ${EBB_INSTALL_CMAKEDIR}
  PATH_VARS EBB_INSTALL_LDDIR)
# 0.x: a minor version may change the API.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/ebbConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/ebbConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/ebbConfigVersion.cmake
  cmake/ebbFirmware.cmake
  DESTINATION ${EBB_INSTALL_CMAKEDIR})

# ebb's own sanitized test build is not a package: its archive needs the
# sanitizer runtimes that a consumer does not link.
if(EBB_DEVELOPER AND EBB_SANITIZE AND NOT CMAKE_CROSSCOMPILING)
  install(CODE "message(FATAL_ERROR \"ebb: this build tree is ebb's sanitized test build; install from one configured with -DEBB_DEVELOPER=OFF\")")
endif()
