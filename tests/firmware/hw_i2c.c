/*
 * hw_i2c - the STM32F4 I2C master on hardware (built for the NUCLEO-F446ZE;
 * QEMU 7.2 does not model the F4's I2C, so the driver's tests are on the
 * host against a simulation: tests/drivers/test_stm32_i2c.c).  Not run in
 * CI: wire a 24Cxx EEPROM (address 0x50, A0-A2 low) to I2C1 on PB8 (SCL,
 * Arduino D15) and PB9 (SDA, D14) with 4.7k pull-ups, flash it, and read
 * the console: it writes 8 bytes at EEPROM address 0x10, waits for the
 * write cycle (polling the address until it is acknowledged again),
 * reads them back with a write-then-read of 1, 2 and 8 bytes, and
 * addresses 0x7F, where no device answers ("ENACK_ADDR expected").
 * Verdict: "hw_i2c: PASS" or "FAIL ...", then "EXIT <code>".
 */
#include "fwtest.h"
#include "ebb_stm32_gpio.h"
#include "ebb_stm32_i2c.h"

static ebb_stm32_i2c i2c1;

void I2C1_EV_IRQHandler(void) { ebb_stm32_i2c_ev_isr(&i2c1); }
void I2C1_ER_IRQHandler(void) { ebb_stm32_i2c_er_isr(&i2c1); }

#define EEPROM 0x50u

struct tester {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    int32_t result;
    unsigned k;
    uint8_t out[9], in[8];
};

static const uint16_t lens[] = {1, 2, 8};

static ebb_poll_t tester_poll(ebb_task *self, ebb_cx *cx)
{
    struct tester *t = EBB_CONTAINER_OF(self, struct tester, task);
    EBB_BEGIN(cx, &self->co);
    t->out[0] = 0x10;
    for (unsigned i = 1; i < sizeof t->out; i++) {
        t->out[i] = (uint8_t)(0xA0u + i + (unsigned)(ebb_now() & 0x0Fu));
    }
    EBB_AWAIT(ebb_i2c_transfer(&t->wait, &i2c1.bus, EEPROM, t->out, sizeof t->out, NULL, 0, &t->result));
    FW_CHECK(t->result == EBB_OK);
    for (t->k = 0; t->k < 50u; t->k++) { /* the write cycle: NACKs until done */
        EBB_AWAIT(ebb_sleep_for(&t->timer, EBB_MS(1)));
        EBB_AWAIT(ebb_i2c_transfer(&t->wait, &i2c1.bus, EEPROM, t->out, 1, NULL, 0, &t->result));
        if (t->result == EBB_OK) {
            break;
        }
        FW_CHECK(t->result == EBB_I2C_ENACK_ADDR);
    }
    FW_CHECK(t->result == EBB_OK);
    for (t->k = 0; t->k < sizeof lens / sizeof lens[0]; t->k++) {
        for (unsigned i = 0; i < sizeof t->in; i++) {
            t->in[i] = 0;
        }
        EBB_AWAIT(ebb_i2c_transfer(&t->wait, &i2c1.bus, EEPROM, t->out, 1, t->in, lens[t->k], &t->result));
        FW_CHECK(t->result == EBB_OK);
        for (unsigned i = 0; i < lens[t->k]; i++) {
            FW_CHECK(t->in[i] == t->out[1 + i]);
        }
    }
    EBB_AWAIT(ebb_i2c_transfer(&t->wait, &i2c1.bus, 0x7Fu, NULL, 0, t->in, 1, &t->result));
    FW_CHECK(t->result == EBB_I2C_ENACK_ADDR);
    ebb_board_puts("hw_i2c: PASS\n");
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(tester, struct tester, tester_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    static const ebb_stm32_gpio_pin pins[] = {
        EBB_STM32_GPIO_ALTERNATE(EBB_STM32_GPIO_B, 8, 4, EBB_STM32_GPIO_PULL_UP), /* I2C1_SCL */
        EBB_STM32_GPIO_ALTERNATE(EBB_STM32_GPIO_B, 9, 4, EBB_STM32_GPIO_PULL_UP), /* I2C1_SDA */
    };
    ebb_stm32_gpio_configure(pins, 2);
    EBB_STM32_GPIO(EBB_STM32_GPIO_B)->OTYPER |= (1u << 8) | (1u << 9); /* open drain */
    ebb_stm32_i2c_init(&i2c1, EBB_STM32_I2C1_BASE, EBB_STM32_IRQ_I2C1_EV, EBB_STM32_IRQ_I2C1_ER,
                       EBB_BOARD_APB1_HZ, 100000u, EBB_BOARD_PRIO_CONSOLE);
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &tester.task) == EBB_OK);
    ebb_executor_run(&exec);
}
