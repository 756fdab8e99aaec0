# mps2-an385: the MPS2 boards' settings.
include(${CMAKE_CURRENT_LIST_DIR}/mps2.cmake)
