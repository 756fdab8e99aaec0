/*
 * test_uart_turn.c - the UART class's transmit turn (hal/common/uart.c),
 * through the STM32 USART (hal/stm32f4/usart.c) on simulated registers:
 * the end of a transmission wakes its writer and hands the
 * transmitter to the next waiting writer alone (first come first served),
 * so the interrupt does O(1) wakes however many writers wait; a writer
 * cancelled after it was handed the turn, or while transmitting, passes
 * the turn on, so none is lost.  The simulated USART takes every byte at
 * once (TXE set) and raises TC only when the test says the last stop bit
 * is out.  Also: a write op in use by another task is refused (wait:3),
 * a read without a receiver is uart:2, and a started receiver fills its
 * ring.
 */
#include "test_support.h" /* cmocka, EXPECT_CONTRACT_IN */
#include "ebb_stm32_usart.h"
#include "regs/rcc.h"

/* usart.c's set-up calls these. */
void ebb_cm_irq_enable(unsigned irq) { (void)irq; }
void ebb_cm_irq_disable(unsigned irq) { (void)irq; }
void ebb_cm_irq_set_prio(unsigned irq, unsigned prio) { (void)irq; (void)prio; }

static ebb_stm32_usart_regs regs;
static ebb_stm32_rcc_regs rcc;
static ebb_stm32_usart usart;

void *sim_periph(uintptr_t addr)
{
    if (addr == EBB_STM32_USART1_BASE) {
        return &regs;
    }
    assert_true(addr == 0x40023800u); /* RCC */
    return &rcc;
}
static EBB_EXECUTOR_DEFINE(exec, NULL);

#define WRITERS 4
struct writer {
    ebb_task task;
    ebb_uart_write_op op;
    unsigned polls;
    int order; /* 1, 2, ...: when its write completed; 0: not yet */
};
static struct writer w[WRITERS];
static int completed;

static ebb_poll_t writer_poll(ebb_task *self, ebb_cx *cx)
{
    struct writer *x = EBB_CONTAINER_OF(self, struct writer, task);
    x->polls++;
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_uart_write(&x->op, &usart.uart, "ab", 2));
    x->order = ++completed;
    EBB_END();
}

static int setup(void **state)
{
    (void)state;
    ebb_host_reset(0);
    memset(&regs, 0, sizeof regs);
    ebb_stm32_usart_init(&usart, EBB_STM32_USART1_BASE, 37, 84000000u, 115200u, 3);
    assert_true(rcc.APB2ENR & EBB_STM32_RCC_APB2ENR_USART1EN);
    regs.SR = EBB_STM32_USART_SR_TXE; /* bytes taken at once, last one not out */
    completed = 0;
    for (unsigned i = 0; i < WRITERS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        EBB_SET_UNLINKED(w[i].task, (ebb_task)EBB_TASK_INITIALIZER(writer_poll));
    }
    return 0;
}

static void run(void) { (void)ebb_host_run_idle(&exec, 100); }

/* The last stop bit of the transmission in progress is out. */
static void tx_complete_irq(void)
{
    assert_true(regs.CR1 & EBB_STM32_USART_CR1_TCIE);
    regs.SR |= EBB_STM32_USART_SR_TC;
    ebb_stm32_usart_isr(&usart);
    regs.SR &= ~EBB_STM32_USART_SR_TC;
}

static unsigned polls_of(unsigned i) { return w[i].polls; }

static void spawn_all(void)
{
    for (unsigned i = 0; i < WRITERS; i++) {
        assert_int_equal(ebb_task_spawn(&exec, &w[i].task), 0);
    }
    run(); /* writer 0 transmits, 1..3 wait in spawn order */
    assert_true(regs.CR1 & EBB_STM32_USART_CR1_TCIE);
    assert_int_equal(completed, 0);
}

static void test_one_turn_per_end(void **state)
{
    (void)state;
    spawn_all();
    for (unsigned k = 0; k < WRITERS; k++) {
        unsigned before[WRITERS];
        for (unsigned i = 0; i < WRITERS; i++) {
            before[i] = polls_of(i);
        }
        tx_complete_irq();
        run();
        assert_int_equal(w[k].order, (int)k + 1); /* first come first served */
        for (unsigned i = 0; i < WRITERS; i++) {
            /* Polled: the writer that finished and the one handed the
             * turn; nobody else (no herd). */
            unsigned expect = (i == k || i == k + 1) ? 1u : 0u;
            assert_int_equal(polls_of(i) - before[i], expect);
        }
    }
    assert_int_equal(completed, WRITERS);
    assert_false(regs.CR1 & (EBB_STM32_USART_CR1_TCIE | EBB_STM32_USART_CR1_TXEIE));
    assert_true(ebb_waitlist_empty(&usart.uart.tx_done) && ebb_waitlist_empty(&usart.uart.tx_turn));
}

static void test_cancelled_turn_passes_on(void **state)
{
    (void)state;
    spawn_all();
    tx_complete_irq(); /* writer 0 done, writer 1 handed the turn */
    assert_int_equal(ebb_task_cancel(&w[1].task), EBB_OK); /* before it starts: the turn goes to 2 */
    run();
    assert_int_equal(w[0].order, 1);
    assert_int_equal(w[1].order, 0);
    assert_int_equal(w[2].order, 0);
    assert_true(regs.CR1 & EBB_STM32_USART_CR1_TCIE); /* writer 2 transmits */
    assert_int_equal(ebb_task_cancel(&w[2].task), EBB_OK); /* while transmitting: the turn goes to 3 */
    run();
    assert_true(regs.CR1 & EBB_STM32_USART_CR1_TCIE); /* writer 3 transmits */
    tx_complete_irq();
    run();
    assert_int_equal(w[3].order, 2);
    assert_int_equal(completed, 2);
    assert_true(ebb_waitlist_empty(&usart.uart.tx_done) && ebb_waitlist_empty(&usart.uart.tx_turn));
}

static void test_receive(void **state)
{
    (void)state;
    static uint8_t buf[4];
    static ebb_uart_rx rx;
    assert_int_equal(ebb_uart_rx_count(&usart.uart), 0); /* receiver off */
    assert_false(regs.CR1 & EBB_STM32_USART_CR1_RE);
    ebb_uart_rx_start(&usart.uart, &rx, buf, sizeof buf);
    assert_true((regs.CR1 & (EBB_STM32_USART_CR1_RE | EBB_STM32_USART_CR1_RXNEIE)) ==
                (EBB_STM32_USART_CR1_RE | EBB_STM32_USART_CR1_RXNEIE));
    for (unsigned i = 0; i < 6; i++) {
        regs.SR = EBB_STM32_USART_SR_TXE | EBB_STM32_USART_SR_RXNE;
        regs.DR = 'a' + i;
        ebb_stm32_usart_isr(&usart);
    }
    regs.SR = EBB_STM32_USART_SR_TXE | EBB_STM32_USART_SR_RXNE | EBB_STM32_USART_SR_ORE; /* a hardware overrun */
    regs.DR = 'z';
    ebb_stm32_usart_isr(&usart);
    assert_int_equal(ebb_uart_rx_count(&usart.uart), 4); /* "abcd": the ring is full */
    assert_int_equal(ebb_uart_overruns(&usart.uart), 4); /* 'e', 'f', 'z' and the overrun */
    assert_memory_equal(buf, "abcd", 4);
}

/* A task that writes with writer 0's op (one op in two tasks), and one
 * that reads. */
static ebb_poll_t thief_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_uart_write(&w[0].op, &usart.uart, "xy", 2));
    EBB_END();
}
static ebb_task thief = EBB_TASK_INITIALIZER(thief_poll);

static ebb_wait reader_wait;
static ebb_poll_t reader_poll(ebb_task *self, ebb_cx *cx)
{
    static uint8_t buf[4];
    static size_t got;
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_uart_read(&reader_wait, &usart.uart, buf, sizeof buf, &got));
    EBB_END();
}
static ebb_task reader = EBB_TASK_INITIALIZER(reader_poll);

/* While writer 0's write owns the transmitter, another task's write with
 * the same op is refused (wait:3) and touches nothing: writer 0 stays the
 * owner and completes. */
static void test_shared_write_op_refused(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_spawn(&exec, &w[0].task), EBB_OK);
    run();
    assert_true(regs.CR1 & EBB_STM32_USART_CR1_TCIE); /* writer 0 transmits */
    assert_int_equal(ebb_task_spawn(&exec, &thief), EBB_OK);
    EXPECT_CONTRACT_IN("wait", 3, &thief, run());
    assert_ptr_equal(w[0].op.wait.task, &w[0].task);
    assert_true(ebb_uart_tx_busy(&usart.uart));
    tx_complete_irq();
    run();
    assert_int_equal(w[0].order, 1);
    assert_int_equal(completed, 1); /* the refused write never ran */
}

/* A read before the receiver was started is uart:2. */
static void test_read_without_receiver(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_spawn(&exec, &reader), EBB_OK);
    EXPECT_CONTRACT_IN("uart", 2, &reader, run());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_one_turn_per_end, setup),
        cmocka_unit_test_setup(test_cancelled_turn_passes_on, setup),
        cmocka_unit_test_setup(test_receive, setup),
        cmocka_unit_test_setup(test_shared_write_op_refused, setup),
        cmocka_unit_test_setup(test_read_without_receiver, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
