/*
 * test_stm32_i2c.c - the I2C class (hal/common/i2c.c) and the STM32F4 I2C
 * master (hal/stm32f4/i2c.c) against a simulated peripheral and EEPROM
 * slave (sim_i2c.c), in virtual time: writes; reads of 1, 2, 3, 4 and N
 * bytes, each byte but the last acknowledged and no byte clocked beyond
 * them; write then repeated START and read; NACK of the address and of a
 * data byte; a bus error; arbitration lost; a bus stuck low and a
 * transfer stalled mid-way (timeouts); a second transfer refused while
 * one runs; the contracts (i2c:1, and i2c:2 for a second init while a
 * transfer runs); and a cancel at every step of a transfer,
 * which must leave the peripheral stopped (a STOP on its way, or reset),
 * the bus released within a few steps with nothing completed afterwards
 * (the handlers only release the clock meanwhile), the slave not left driving SDA, a completion
 * reported before the cancel kept (ebb_i2c_last), and the next transfer
 * working.
 */
#include "sim_i2c.h"
#include "test_support.h"

ebb_stm32_i2c sim_i2c_driver;
#define BUS (&sim_i2c_driver.bus)
#define IRQ_BITS (EBB_STM32_I2C_CR2_ITEVTEN | EBB_STM32_I2C_CR2_ITERREN | EBB_STM32_I2C_CR2_ITBUFEN)

struct user {
    ebb_task task;
    ebb_wait wait;
    int32_t result;
    bool done;
    uint8_t addr;
    const uint8_t *tx;
    size_t txlen;
    uint8_t *rx;
    size_t rxlen;
};

static ebb_poll_t user_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_i2c_transfer(&u->wait, BUS, u->addr, u->tx, u->txlen, u->rx, u->rxlen, &u->result));
    u->done = true;
    EBB_END();
}

static struct user user, other;
static uint8_t rxbuf[32];

static void prepare(struct user *u, uint8_t addr, const uint8_t *tx, size_t txlen, size_t rxlen)
{
    memset(u, 0, sizeof *u);
    EBB_SET_UNLINKED(u->task, (ebb_task)EBB_TASK_INITIALIZER(user_poll));
    u->addr = addr;
    u->tx = tx;
    u->txlen = txlen;
    u->rx = rxlen ? rxbuf : NULL;
    u->rxlen = rxlen;
    memset(rxbuf, 0xEE, sizeof rxbuf);
}

static int setup(void **state)
{
    ebb_test_setup(state);
    sim_i2c_reset();
    ebb_stm32_i2c_init(&sim_i2c_driver, EBB_STM32_I2C1_BASE, EBB_STM32_IRQ_I2C1_EV, EBB_STM32_IRQ_I2C1_ER,
                       45000000u, 100000u, 5);
    return 0;
}

/* Poll what is ready, without moving time. */
static void run(void) { (void)ebb_host_run_until(&test_exec, ebb_now()); }

/* Let the bus and the task run until the task is done and the bus idle
 * (or nothing moves any more). */
static void drive(void)
{
    for (unsigned i = 0; i < 400u; i++) {
        run();
        if (user.done && sim_i2c_idle()) {
            return;
        }
        if (!sim_i2c_step()) {
            run();
            if (!sim_i2c_step()) {
                return;
            }
        }
    }
    fail_msg("the transfer does not settle");
}

static void transfer(uint8_t addr, const uint8_t *tx, size_t txlen, size_t rxlen)
{
    prepare(&user, addr, tx, txlen, rxlen);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    drive();
    assert_true(user.done);
    assert_true(sim_i2c_idle());
    assert_int_equal(sim_i2c_cr2() & IRQ_BITS, 0);
    assert_int_equal(sim_i2c_cr1() & (EBB_STM32_I2C_CR1_ACK | EBB_STM32_I2C_CR1_POS), 0);
}

static void test_write(void **state)
{
    (void)state;
    static const uint8_t w[] = {0x20, 1, 2, 3, 4};
    transfer(SIM_I2C_SLAVE, w, sizeof w, 0);
    assert_int_equal(user.result, EBB_OK);
    assert_memory_equal(&sim_i2c.mem[0x20], &w[1], 4);
    assert_int_equal(sim_i2c.ptr, 0x24);
    assert_int_equal(sim_i2c.starts, 1);
    assert_int_equal(sim_i2c.stops, 1);
    assert_int_equal(sim_i2c.restarts, 0);
}

static void check_read(size_t n, uint8_t from)
{
    assert_int_equal(user.result, EBB_OK);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(rxbuf[i], (uint8_t)((from + i) ^ 0x5Au));
    }
    assert_int_equal(rxbuf[n], 0xEE);
    /* Exactly n bytes clocked, all acknowledged but the last. */
    assert_int_equal(sim_i2c.clocked, n);
    assert_int_equal(sim_i2c.acks, n - 1);
    assert_int_equal(sim_i2c.nacks, 1);
    assert_true(sim_i2c.last_nacked);
}

static void test_reads(void **state)
{
    static const size_t lens[] = {1, 2, 3, 4, 5, 17};
    for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        setup(state);
        sim_i2c.ptr = 0x40;
        transfer(SIM_I2C_SLAVE, NULL, 0, lens[k]);
        check_read(lens[k], 0x40);
        assert_int_equal(sim_i2c.stops, 1);
    }
}

static void test_write_then_read(void **state)
{
    static const size_t lens[] = {1, 2, 3, 8};
    static const uint8_t ptr[] = {0x90};
    for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        setup(state);
        transfer(SIM_I2C_SLAVE, ptr, 1, lens[k]);
        check_read(lens[k], 0x90);
        assert_int_equal(sim_i2c.starts, 1);
        assert_int_equal(sim_i2c.restarts, 1); /* no STOP between */
        assert_int_equal(sim_i2c.stops, 1);
    }
}

static void test_nack_address(void **state)
{
    (void)state;
    transfer(0x51, NULL, 0, 2);
    assert_int_equal(user.result, EBB_I2C_ENACK_ADDR);
    assert_int_equal(sim_i2c.stops, 1);
    static const uint8_t w[] = {1, 2};
    transfer(0x23, w, 2, 0);
    assert_int_equal(user.result, EBB_I2C_ENACK_ADDR);
}

/* Writes the pointer 0x10 and 1, 2, 3 there; ends with `result` and one
 * STOP. */
static void write_expecting(int32_t result)
{
    static const uint8_t w[] = {0x10, 1, 2, 3};
    transfer(SIM_I2C_SLAVE, w, sizeof w, 0);
    assert_int_equal(user.result, result);
    assert_int_equal(sim_i2c.stops, 1);
}

static void test_nack_data(void **state)
{
    (void)state;
    sim_i2c_faults.nack_data_at = 2;
    write_expecting(EBB_I2C_ENACK_DATA);
    assert_int_equal(sim_i2c.mem[0x10], 1);
    assert_int_equal(sim_i2c.mem[0x11], (uint8_t)(0x11 ^ 0x5A)); /* refused */
}

static void test_bus_error(void **state)
{
    (void)state;
    sim_i2c_faults.berr_at_step = 4;
    write_expecting(EBB_I2C_EBUS);
}

static void test_arbitration_lost(void **state)
{
    (void)state;
    static const uint8_t w[] = {0x10, 1};
    sim_i2c_faults.arlo_at_step = 2;
    transfer(SIM_I2C_SLAVE, w, sizeof w, 0);
    assert_int_equal(user.result, EBB_I2C_EARB);
    assert_int_equal(sim_i2c.stops, 0); /* not ours to send */
    /* The bus is free again afterwards: the next transfer works. */
    transfer(SIM_I2C_SLAVE, w, sizeof w, 0);
    assert_int_equal(user.result, EBB_OK);
}

static void test_stuck_bus_times_out(void **state)
{
    (void)state;
    sim_i2c_faults.stuck = true;
    prepare(&user, SIM_I2C_SLAVE, NULL, 0, 4);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    run();
    for (int i = 0; i < 5; i++) {
        assert_false(sim_i2c_step()); /* the START never goes out */
    }
    run();
    assert_false(user.done);
    ebb_ticks const t0 = ebb_now();
    (void)ebb_host_run_until(&test_exec, t0 + EBB_STM32_I2C_TIMEOUT - 1);
    assert_false(user.done);
    (void)ebb_host_run_until(&test_exec, t0 + EBB_STM32_I2C_TIMEOUT);
    assert_true(user.done);
    assert_int_equal(user.result, EBB_ETIMEDOUT);
    /* Not master: reset and set up again. */
    assert_int_equal(sim_i2c.resets, 2); /* init's and the timeout's */
    assert_int_equal(sim_i2c_cr2() & IRQ_BITS, 0);
    assert_int_equal(sim_i2c_ccr(), sim_i2c_driver.ccr);
    assert_true(sim_i2c_cr1() & EBB_STM32_I2C_CR1_PE);
    int32_t r = 0;
    assert_false(ebb_i2c_last(BUS, &r));
    sim_i2c_faults.stuck = false;
    static const uint8_t ptr[] = {0x30};
    transfer(SIM_I2C_SLAVE, ptr, 1, 3);
    check_read(3, 0x30);
}

static void test_stalled_transfer_times_out(void **state)
{
    (void)state;
    static const uint8_t w[] = {0x10, 1, 2, 3};
    prepare(&user, SIM_I2C_SLAVE, w, sizeof w, 0);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    run();
    for (int i = 0; i < 3; i++) { /* START, address, the pointer byte */
        assert_true(sim_i2c_step());
        run();
    }
    /* The slave holds the clock from here: the bus does not move. */
    (void)ebb_host_run_until(&test_exec, ebb_now() + EBB_STM32_I2C_TIMEOUT);
    assert_true(user.done);
    assert_int_equal(user.result, EBB_ETIMEDOUT);
    assert_true(sim_i2c_cr1() & EBB_STM32_I2C_CR1_STOP);
    assert_int_equal(sim_i2c.resets, 1); /* master: a STOP, no reset */
    for (int i = 0; i < 4 && !sim_i2c_idle(); i++) {
        (void)sim_i2c_step();
    }
    assert_true(sim_i2c_idle());
    assert_int_equal(sim_i2c.stops, 1);
}

static void test_busy(void **state)
{
    (void)state;
    static const uint8_t w[] = {0x10, 1};
    prepare(&user, SIM_I2C_SLAVE, w, sizeof w, 0);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    run();
    memset(&other, 0, sizeof other);
    EBB_SET_UNLINKED(other.task, (ebb_task)EBB_TASK_INITIALIZER(user_poll));
    other.addr = SIM_I2C_SLAVE;
    other.tx = w;
    other.txlen = 2;
    assert_int_equal(ebb_task_spawn(&test_exec, &other.task), EBB_OK);
    run();
    assert_true(other.done);
    assert_int_equal(other.result, EBB_EBUSY);
    drive();
    assert_int_equal(user.result, EBB_OK);
}

/* A second init while a transfer runs is i2c:2: refused before anything
 * changes, the peripheral's registers included, and the transfer ends as
 * it would have. */
static void test_init_while_in_use_refused(void **state)
{
    (void)state;
    static const uint8_t w[] = {0x30, 7, 8};
    prepare(&user, SIM_I2C_SLAVE, w, sizeof w, 0);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    run();
    assert_true(ebb_timer_armed(&BUS->timer)); /* running, its timeout armed */
    uint32_t const cr1 = sim_i2c_cr1(), cr2 = sim_i2c_cr2();
    EXPECT_CONTRACT("i2c", 2,
                    ebb_stm32_i2c_init(&sim_i2c_driver, EBB_STM32_I2C1_BASE, EBB_STM32_IRQ_I2C1_EV,
                                       EBB_STM32_IRQ_I2C1_ER, 45000000u, 400000u, 5));
    assert_int_equal(sim_i2c_cr1(), cr1);
    assert_int_equal(sim_i2c_cr2(), cr2);
    drive();
    assert_true(user.done);
    assert_int_equal(user.result, EBB_OK);
    assert_memory_equal(&sim_i2c.mem[0x30], &w[1], 2);
}

static void test_contract(void **state)
{
    (void)state;
    prepare(&user, 0x80, NULL, 0, 1);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    EXPECT_CONTRACT_IN("i2c", 1, &user.task, run());
    assert_int_equal(sim_i2c.starts, 0);
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    prepare(&user, SIM_I2C_SLAVE, NULL, 0, 0);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    EXPECT_CONTRACT_IN("i2c", 1, &user.task, run());
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
}

/* Cancel a transfer after k bus steps, for every k from its start to its
 * end. */
static void cancel_everywhere(void **state, const uint8_t *tx, size_t txlen, size_t rxlen)
{
    /* The steps the whole transfer takes. */
    setup(state);
    transfer(SIM_I2C_SLAVE, tx, txlen, rxlen);
    assert_int_equal(user.result, EBB_OK);
    unsigned const total = sim_i2c.steps;
    unsigned kept = 0, stopped = 0;
    for (unsigned k = 0; k <= total; k++) {
        setup(state);
        prepare(&user, SIM_I2C_SLAVE, tx, txlen, rxlen);
        assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
        run();
        for (unsigned i = 0; i < k; i++) {
            (void)sim_i2c_step();
            if (i + 1 < k) {
                run(); /* the last step's completion is left unawaited */
            }
        }
        if (user.done) {
            continue; /* over before the cancel */
        }
        bool const reported = BUS->op.state == EBB__OP_DONE;
        unsigned const runs = sim_i2c.ev_runs + sim_i2c.er_runs;
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        assert_false(user.done);
        /* Stopped before the cancel returned: a STOP asked for (the
         * handlers only release the clock until it is out) or a reset. */
        assert_int_equal(sim_i2c_cr2() & EBB_STM32_I2C_CR2_ITBUFEN, 0);
        assert_true(reported || (sim_i2c_cr1() & EBB_STM32_I2C_CR1_STOP) || sim_i2c.resets == 2);
        int32_t r = -1;
        assert_int_equal(ebb_i2c_last(BUS, &r), reported); /* nothing reported done is lost */
        if (reported) {
            assert_int_equal(r, EBB_OK);
            kept++;
        } else {
            stopped++;
        }
        for (int i = 0; i < 6 && !sim_i2c_idle(); i++) {
            (void)sim_i2c_step();
        }
        assert_true(sim_i2c_idle()); /* the bus released: a STOP or a reset */
        assert_true(sim_i2c.ev_runs + sim_i2c.er_runs <= runs + 2u); /* releases only */
        assert_int_equal(ebb_i2c_last(BUS, &r), reported);       /* nothing completed since */
        if (sim_i2c.clocked > 0 && !reported) {
            assert_true(sim_i2c.last_nacked); /* the slave let go of SDA */
        }
        static const uint8_t ptr[] = {0x70};
        transfer(SIM_I2C_SLAVE, ptr, 1, 3);
        check_read(3, 0x70);
    }
    assert_true(stopped > 3);
    assert_true(kept >= 1);
}

static void test_cancel_every_step_write_read(void **state)
{
    static const uint8_t ptr[] = {0x44};
    cancel_everywhere(state, ptr, 1, 1);
    cancel_everywhere(state, ptr, 1, 2);
    cancel_everywhere(state, ptr, 1, 5);
}

static void test_cancel_every_step_write(void **state)
{
    static const uint8_t w[] = {0x08, 9, 8, 7};
    cancel_everywhere(state, w, sizeof w, 0);
}

static void test_cancel_every_step_read(void **state)
{
    cancel_everywhere(state, NULL, 0, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_write, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_reads, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_write_then_read, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_nack_address, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_nack_data, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_bus_error, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_arbitration_lost, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_stuck_bus_times_out, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_stalled_transfer_times_out, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_busy, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_contract, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_init_while_in_use_refused, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_cancel_every_step_write_read, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_cancel_every_step_write, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_cancel_every_step_read, setup, ebb_test_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
