/* usart_rx.c - the USART's receiver (RM0390 section 25): an object of its
 * own, linked only into an image that calls ebb_usart_rx_start() (its
 * ebb__usart_rx_isr() then replaces usart.c's weak, empty one). */
#include "ebb_stm32_usart.h"

#include "ebb/port.h"

EBB_MODULE("usart");

__attribute__((cold)) void ebb_usart_rx_start(ebb_usart *u, ebb_usart_rx *rx, uint8_t *buf, uint16_t size)
{
    EBB_REQUIRE(3, buf != NULL && size >= 2 && (size & (size - 1u)) == 0);
    ebb_uart_rx_init(rx, buf, size);
    ebb_irq_state s = ebb_port_lock();
    u->rx = rx;
    u->regs->CR1 |= EBB_USART_CR1_RE | EBB_USART_CR1_RXNEIE;
    ebb_port_unlock(s);
}

ebb_poll_t (ebb_usart_read)(ebb_wait *w, ebb_usart *u, void *buf, size_t max, size_t *got)
{
    ebb_usart_rx *rx = u->rx;
    EBB_REQUIRE(2, rx != NULL);
    if (rx == NULL) {
        return EBB_PENDING; /* contracts off: nothing will ever arrive */
    }
    return ebb_uart_rx_read(w, rx, buf, max, got);
}

/* ebb_usart_isr()'s receive half, `sr` the status it read; u->rx is set. */
void ebb__usart_rx_isr(ebb_usart *u, uint32_t sr)
{
    if (sr & (EBB_USART_SR_RXNE | EBB_USART_SR_ORE)) {
        ebb_usart_rx *rx = u->rx;
        /* Reading DR after SR clears RXNE and ORE together. */
        uint8_t b = (uint8_t)u->regs->DR;
        if (sr & EBB_USART_SR_ORE) {
            rx->overruns++; /* the byte(s) after this one were lost */
        }
        if ((sr & EBB_USART_SR_RXNE) && ebb_uart_rx_put(rx, b)) {
            ebb_uart_rx_wake(rx);
        }
    }
}
