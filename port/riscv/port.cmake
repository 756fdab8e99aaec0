# RISC-V port (ebb_use_port(riscv)): port.c, plic.c, swi.c and trap.c (the
# trap vector) are in ebb::core.  Adds crt0 + reset to ebb::startup and the
# machine-timer time driver, ebb::time_mtimer.
target_sources(ebb_startup PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/startup/crt0.S ${CMAKE_CURRENT_LIST_DIR}/startup/startup.c)
ebb_add_library(time_mtimer STATIC time/time_mtimer.c)
ebb_public_headers(ebb_time_mtimer ${CMAKE_CURRENT_LIST_DIR}/time)
target_link_libraries(ebb_time_mtimer PUBLIC ebb)
