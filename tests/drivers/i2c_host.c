/* i2c_host.c - hal/stm32f4/i2c.c, unchanged, compiled against the
 * simulated I2C block (sim_i2c.h maps its register accesses). */
#include "sim_i2c.h"

#include "../../hal/stm32f4/i2c.c"
