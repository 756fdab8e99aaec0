# ebb_qemu_plugin(<target> <sources>...): a QEMU TCG plugin module
# (lib<target>.so, loaded by qemu with -plugin).  qemu dlopen()s it, so it
# must carry no sanitizer instrumentation even when the host build adds
# -fsanitize=... for the unit tests: the options inherited from the
# directory are stripped of them, and -fno-sanitize=all overrides any in
# CMAKE_C_FLAGS, which comes earlier on the command line.  Used by
# lab/scope and lab/split.
function(ebb_qemu_plugin target)
  add_library(${target} MODULE ${ARGN})
  set_target_properties(${target} PROPERTIES PREFIX "lib" SUFFIX ".so"
    C_VISIBILITY_PRESET hidden POSITION_INDEPENDENT_CODE ON)
  foreach(prop COMPILE_OPTIONS LINK_OPTIONS)
    get_target_property(_opts ${target} ${prop})
    if(_opts)
      list(FILTER _opts EXCLUDE REGEX "sanitize")
      set_target_properties(${target} PROPERTIES ${prop} "${_opts}")
    endif()
  endforeach()
  target_compile_options(${target} PRIVATE -fno-sanitize=all)
  target_link_options(${target} PRIVATE -fno-sanitize=all)
endfunction()
