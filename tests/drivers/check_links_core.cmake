# drivers.links_core: every driver test links ebb's core library and builds
# none of the core's sources itself (it once recompiled src/*.c against a
# port of its own).  Reads each test's link line as CMake generated it.
file(GLOB links ${DIR}/CMakeFiles/*.dir/link.txt)
if(NOT links)
  message(FATAL_ERROR "no driver test link lines under ${DIR}")
endif()
foreach(f ${links})
  file(READ ${f} line)
  if(NOT line MATCHES "libebb\\.a")
    message(FATAL_ERROR "${f}: does not link the core library (libebb.a)")
  endif()
  if(line MATCHES "/src/[a-z_]+\\.c\\.o")
    message(FATAL_ERROR "${f}: links its own build of the core's sources")
  endif()
endforeach()
list(LENGTH links n)
message(STATUS "${n} driver tests link ebb::core")
