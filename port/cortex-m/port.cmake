# Cortex-M port (ebb_use_port(cortex-m)): port.c/semihost.c are in ebb::core.
# Adds the reset handler to ebb::startup (a HAL adds its vector table) and
# the SysTick tickless time driver, ebb::systick_time.
target_sources(ebb_startup PRIVATE ${CMAKE_CURRENT_LIST_DIR}/startup/startup.c)
ebb_add_library(systick_time STATIC time/systick_time.c)
ebb_public_headers(ebb_systick_time ${CMAKE_CURRENT_LIST_DIR}/time)
target_link_libraries(ebb_systick_time PUBLIC ebb)
# The vector table (ebb_cm_vectors.h) is a top-level asm statement, whose
# references LTO does not see: in an LTO object, a weak handler that only
# the table names would be dropped (or a weak reference silently become 0).
# Compiled as a plain object, the table's references are the linker's,
# which keeps every handler it names.
target_compile_options(ebb_startup PRIVATE -fno-lto)
# startup.c is no such table: its handlers are named by the vector table's
# plain object, which the linker sees, and are all `used` besides.  In an
# LTO build it takes part: main() inlines into the reset code, and with it
# goes the return path of a main that never returns (the showdown's -Os
# image: 56 bytes).  Source options come after the target's.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/startup/startup.c TARGET_DIRECTORY ebb_startup
  PROPERTIES COMPILE_OPTIONS "$<$<BOOL:$<TARGET_PROPERTY:INTERPROCEDURAL_OPTIMIZATION>>:-flto>")
