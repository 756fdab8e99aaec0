# mps2-an385: the MPS2 boards' settings.
include(${CMAKE_CURRENT_LIST_DIR}/mps2.cmake)
# A load through NULL hits the MPU's NULL guard over the vector table.
set(EBB_FW_NULL_FAULT "102;FAULT MemManage")
