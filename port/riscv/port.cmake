# RISC-V port (ebb_use_port(riscv)): port.c, plic.c, swi.c and trap.c (the
# trap vector) are in ebb::core.  Adds crt0 + reset to ebb::startup and the
# machine-timer time driver, ebb::mtimer_time.
target_sources(ebb_startup PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/startup/crt0.S ${CMAKE_CURRENT_LIST_DIR}/startup/startup.c)
ebb_add_library(mtimer_time STATIC time/mtimer_time.c)
ebb_public_headers(ebb_mtimer_time ${CMAKE_CURRENT_LIST_DIR}/time)
target_link_libraries(ebb_mtimer_time PUBLIC ebb)
