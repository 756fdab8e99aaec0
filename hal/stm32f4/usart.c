/* usart.c - interrupt-driven USART (RM0390 section 25). */
#include "ebb_stm32_usart.h"

#include "ebb/driver/port.h"
#include "ebb/trace.h"
#include "ebb_cortex_m.h"
#include "ebb/driver/wait.h"
#include "regs/rcc.h"

EBB_MODULE("usart");

/* cold: set-up (and panic) code runs once; at -O3 it would otherwise be
 * unrolled and inlined for a speed nobody can measure.  It is compiled for
 * size and kept away from the code that runs all the time. */
__attribute__((cold)) void ebb_usart_init(ebb_usart *u, uintptr_t regs_base, unsigned irq, uint32_t pclk_hz,
                    uint32_t baud, unsigned prio)
{
    EBB_REQUIRE(1, baud > 0);
    /* USART2/3 (APB1) and USART1/6 (APB2) are 0x400 apart, and so are their
     * clock-enable bits' positions: one shift instead of a case each. */
    EBB_BUILD_ASSERT(EBB_STM32_USART3_BASE - EBB_STM32_USART2_BASE == 0x400u &&
                         EBB_RCC_APB1ENR_USART3EN == EBB_RCC_APB1ENR_USART2EN << 1 &&
                         EBB_STM32_USART6_BASE - EBB_STM32_USART1_BASE == 0x400u &&
                         EBB_RCC_APB2ENR_USART6EN == EBB_RCC_APB2ENR_USART1EN << 1,
                     "USART bases and clock bits as in RM0390");
    uintptr_t apb1 = regs_base - EBB_STM32_USART2_BASE, apb2 = regs_base - EBB_STM32_USART1_BASE;
    if ((apb1 | 0x400u) == 0x400u) {
        EBB_STM32_RCC->APB1ENR |= EBB_RCC_APB1ENR_USART2EN << (apb1 >> 10);
    } else if ((apb2 | 0x400u) == 0x400u) {
        EBB_STM32_RCC->APB2ENR |= EBB_RCC_APB2ENR_USART1EN << (apb2 >> 10);
    }
    (void)EBB_STM32_RCC->APB1ENR;

    u->regs = (ebb_stm32_usart_regs *)regs_base;
    u->tx_ptr = u->tx_end = NULL;
    ebb_waitlist_init(&u->tx_done);
    ebb_waitlist_init(&u->tx_turn);

    ebb_stm32_usart_regs *r = u->regs;
    r->CR1 = 0;
    r->CR2 = 0;
    r->CR3 = 0;
    r->BRR = (pclk_hz + baud / 2u) / baud; /* mantissa:fraction in 1/16 */
    r->CR1 = EBB_USART_CR1_UE | EBB_USART_CR1_TE;
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

/* The receive half of the interrupt handler, and the receiver lookup.
 * These defaults stand in for the ones in usart_rx.c, which the linker
 * takes (with the receiver's other code) only into an image that starts a
 * receiver - a transmit-only console carries none of it.  Without one no
 * receiver is on, so RXNE and ORE never rise and the first is never
 * called. */
EBB_WEAK void ebb__usart_rx_isr(ebb_usart *u, uint32_t sr)
{
    (void)u;
    (void)sr;
}

EBB_WEAK ebb_usart_rx *ebb_usart_rx_of(const ebb_usart *u)
{
    (void)u;
    return NULL;
}

/* Move bytes while the data register is free.  Lock held (or in the ISR). */
static void feed(ebb_usart *u)
{
    ebb_stm32_usart_regs *r = u->regs;
    while (u->tx_ptr != u->tx_end && (r->SR & EBB_USART_SR_TXE)) {
        r->DR = *u->tx_ptr++;
    }
}

/* The last byte of the write in progress is out: fire its owner from
 * tx_done (its write is over) and hand the turn to the next writer.
 * Lock held.  O(1). */
static void tx_finish(ebb_usart *u)
{
    (void)ebb_waitlist_wake_one_locked(&u->tx_done);
    (void)ebb_waitlist_wake_one_locked(&u->tx_turn);
}

ebb_poll_t (ebb_usart_write)(ebb_cx *cx, ebb_usart_write_op *op, ebb_usart *u, const void *data, size_t len)
{
    ebb_stm32_usart_regs *r = u->regs;
    ebb_wait *const w = &op->wait;
    ebb_poll_t result = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    /* The transmitter is ours exactly while our wait is on tx_done. */
    bool const owner = ebb_wait_linked(w) && w->list == &u->tx_done;
    if (ebb_cx_cancelling(cx)) {
        bool const pass_turn = owner || (ebb_wait_fired(w) && w->list == &u->tx_turn);
        if (owner) {
            r->CR1 &= ~(EBB_USART_CR1_TXEIE | EBB_USART_CR1_TCIE);
            u->tx_ptr = u->tx_end;
        }
        ebb_wait_remove_locked(w);
        if (pass_turn) {
            (void)ebb_waitlist_wake_one_locked(&u->tx_turn); /* the next writer's turn */
        }
    } else if (owner) {
        /* Still transmitting. */
    } else if (ebb__uart_write_done(op, &u->tx_done)) {
        /* tx_finish() ended our transmission. */
        ebb_wait_remove_locked(w);
        result = EBB_READY;
    } else if (!ebb_waitlist_empty(&u->tx_done)) {
        /* Busy: wait for our turn (at the front if we were handed it and
         * a writer that was not waiting got in first). */
        ebb_wait_add_locked(cx, w, &u->tx_turn);
    } else {
        ebb_wait_remove_locked(w);
        u->tx_ptr = (const uint8_t *)data;
        u->tx_end = u->tx_ptr + len;
        feed(u);
        if (u->tx_ptr == u->tx_end && (r->SR & EBB_USART_SR_TC)) {
            result = EBB_READY; /* QEMU, or an empty write */
            (void)ebb_waitlist_wake_one_locked(&u->tx_turn);
        } else {
            r->CR1 |= (u->tx_ptr != u->tx_end) ? EBB_USART_CR1_TXEIE : EBB_USART_CR1_TCIE;
            ebb_wait_add_locked(cx, w, &u->tx_done);
        }
    }
    ebb_port_unlock(s);
    return result;
}

__attribute__((cold)) void ebb_usart_write_blocking(ebb_usart *u, const void *data, size_t len)
{
    ebb_stm32_usart_regs *r = u->regs;
    const uint8_t *p = (const uint8_t *)data;
    for (size_t i = 0; i < len; i++) {
        while (!(r->SR & EBB_USART_SR_TXE)) {
        }
        r->DR = p[i];
    }
    while (!(r->SR & EBB_USART_SR_TC)) {
    }
}

void ebb_usart_isr(ebb_usart *u)
{
    EBB_TRACE_ISR_ENTER(ebb_cm_ipsr());
    ebb_stm32_usart_regs *r = u->regs;
    uint32_t sr = r->SR;
    if (sr & (EBB_USART_SR_RXNE | EBB_USART_SR_ORE)) { /* never while the receiver is off */
        ebb__usart_rx_isr(u, sr);
    }
    uint32_t cr1 = r->CR1;
    if ((cr1 & EBB_USART_CR1_TXEIE) && (sr & EBB_USART_SR_TXE)) {
        ebb_irq_state s = ebb_port_lock();
        feed(u);
        if (u->tx_ptr == u->tx_end) {
            r->CR1 = (r->CR1 & ~EBB_USART_CR1_TXEIE) | EBB_USART_CR1_TCIE;
        }
        ebb_port_unlock(s);
    } else if ((cr1 & EBB_USART_CR1_TCIE) && (sr & EBB_USART_SR_TC)) {
        ebb_irq_state s = ebb_port_lock();
        r->CR1 &= ~EBB_USART_CR1_TCIE;
        tx_finish(u);
        ebb_port_unlock(s);
    }
    EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());
}
