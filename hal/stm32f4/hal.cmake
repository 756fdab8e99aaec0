# STM32F4 HAL (ebb_use_hal(stm32f4)): ebb::hal_stm32f4 (GPIO, EXTI, USART,
# RCC), ebb::hal_stm32_i2c (the I2C master), ebb::hal_stm32_spi (the SPI
# master), ebb::hal_stm32_dma (the DMA streams), the TIM2/TIM5 time driver
# ebb::stm32_tim_time, and the vector table.
ebb_add_library(hal_stm32f4 STATIC gpio.c exti.c usart.c rcc.c)
# The I2C master (the class's half is in ebb::hal): a library of its own,
# so that only firmware that uses it links it.
ebb_add_library(hal_stm32_i2c STATIC i2c.c)
target_link_libraries(ebb_hal_stm32_i2c PUBLIC ebb_hal_stm32f4 ebb_hal ebb)
# The SPI master, likewise.
ebb_add_library(hal_stm32_spi STATIC stm32_spi.c)
target_link_libraries(ebb_hal_stm32_spi PUBLIC ebb_hal_stm32f4 ebb_hal ebb)
# The DMA streams (the class's half is ebb::hal's dma.c), likewise.
ebb_add_library(hal_stm32_dma STATIC stm32_dma.c)
target_link_libraries(ebb_hal_stm32_dma PUBLIC ebb_hal_stm32f4 ebb_hal ebb)
ebb_public_headers(ebb_hal_stm32f4 ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_stm32f4 PUBLIC ebb_hal ebb)
ebb_add_library(stm32_tim_time STATIC stm32_tim_time.c)
target_link_libraries(ebb_stm32_tim_time PUBLIC ebb_hal_stm32f4 ebb)
# Referenced by nobody by name: linked as an object through ebb::startup.
target_sources(ebb_startup PRIVATE ${CMAKE_CURRENT_LIST_DIR}/vectors.c)
target_include_directories(ebb_startup PRIVATE ${CMAKE_CURRENT_LIST_DIR})
# The USART and TIM time drivers run off every measured path (the showdown's
# windows hold no byte of console output and no timer interrupt): speed
# builds compile them for size too, 100 bytes of the showdown's -O3 .text.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/usart.c ${CMAKE_CURRENT_LIST_DIR}/stm32_tim_time.c
  PROPERTIES COMPILE_OPTIONS "$<$<CONFIG:Release>:-Os>")
