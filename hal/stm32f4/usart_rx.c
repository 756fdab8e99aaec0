/* usart_rx.c - the USART's receiver (RM0390 section 25): an object of its
 * own, linked only into an image that calls ebb_usart_rx_start() (its
 * ebb__usart_rx_isr() then replaces usart.c's weak, empty one). */
#include "ebb_stm32_usart.h"

#include "ebb/driver/port.h"

EBB_MODULE("usart");

/* The started receivers, most recent first: what the receive interrupt
 * searches for its USART's ring (one compare with one receiver). */
static ebb_usart_rx *receivers;

ebb_usart_rx *ebb_usart_rx_of(const ebb_usart *u)
{
    ebb_usart_rx *rx = receivers;
    while (rx != NULL && rx->usart != u) {
        rx = rx->next;
    }
    return rx;
}

__attribute__((cold)) void ebb_usart_rx_start(ebb_usart *u, ebb_usart_rx *rx, uint8_t *buf, uint16_t size)
{
    EBB_REQUIRE(3, buf != NULL && size >= 2 && (size & (size - 1u)) == 0);
    ebb_irq_state s = ebb_port_lock();
    ebb_uart_rx_init(&rx->ring, buf, size);
    ebb_usart_rx *p = receivers;
    while (p != NULL && p != rx) {
        p = p->next;
    }
    if (p == NULL) { /* not started yet: onto the list */
        rx->next = receivers;
        receivers = rx;
    }
    rx->usart = u;
    u->regs->CR1 |= EBB_USART_CR1_RE | EBB_USART_CR1_RXNEIE;
    ebb_port_unlock(s);
}

ebb_poll_t (ebb_usart_read)(ebb_cx *cx, ebb_wait *w, ebb_usart *u, void *buf, size_t max, size_t *got)
{
    ebb_usart_rx *rx = ebb_usart_rx_of(u);
    EBB_REQUIRE(2, rx != NULL);
    if (rx == NULL) {
        return EBB_PENDING; /* contracts off: nothing will ever arrive */
    }
    return ebb_uart_rx_read(cx, w, &rx->ring, buf, max, got);
}

/* ebb_usart_isr()'s receive half, `sr` the status it read (RXNE or ORE
 * set, so a receiver was started on `u`). */
void ebb__usart_rx_isr(ebb_usart *u, uint32_t sr)
{
    ebb_usart_rx *rx = ebb_usart_rx_of(u);
    /* Reading DR after SR clears RXNE and ORE together. */
    uint8_t b = (uint8_t)u->regs->DR;
    if (rx == NULL) {
        return; /* a receiver enabled behind the driver's back: dropped */
    }
    if (sr & EBB_USART_SR_ORE) {
        rx->ring.overruns++; /* the byte(s) after this one were lost */
    }
    if ((sr & EBB_USART_SR_RXNE) && ebb_uart_rx_put(&rx->ring, b)) {
        ebb_uart_rx_wake(&rx->ring);
    }
}
