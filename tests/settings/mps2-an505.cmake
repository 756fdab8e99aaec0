# mps2-an505: the MPS2 boards' settings.
include(${CMAKE_CURRENT_LIST_DIR}/mps2.cmake)
# A load through NULL falls outside every region of the ARMv8-M MPU's map.
set(EBB_FW_NULL_FAULT "102;FAULT MemManage")
