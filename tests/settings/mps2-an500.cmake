# mps2-an500: the MPS2 boards' settings.
include(${CMAKE_CURRENT_LIST_DIR}/mps2.cmake)
