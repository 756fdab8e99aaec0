# Cortex-M port (ebb_use_port(cortex-m)): port.c/semihost.c are in ebb::core.
# Adds the reset handler to ebb::startup (a HAL adds its vector table) and
# the SysTick tickless time driver, ebb::time_systick.
target_sources(ebb_startup PRIVATE ${CMAKE_CURRENT_LIST_DIR}/startup/startup.c)
ebb_add_library(time_systick STATIC time/time_systick.c)
ebb_public_headers(ebb_time_systick ${CMAKE_CURRENT_LIST_DIR}/time)
target_link_libraries(ebb_time_systick PUBLIC ebb)
