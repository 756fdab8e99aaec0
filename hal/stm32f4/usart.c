/* usart.c - the STM32F4 USART (RM0390 section 25) as an ebb UART. */
#include "ebb_stm32_usart.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb/trace.h"
#include "ebb_cortex_m.h"
#include "regs/rcc.h"

EBB_MODULE("stm32_usart");

static ebb_stm32_usart *of(ebb_uart *u) { return EBB_CONTAINER_OF(u, ebb_stm32_usart, uart); }

/* Move bytes while the data register is free.  Lock held (or in the ISR). */
static void feed(ebb_stm32_usart *u)
{
    ebb_stm32_usart_regs *r = u->regs;
    while (u->uart.tx_ptr != u->uart.tx_end && (r->SR & EBB_STM32_USART_SR_TXE)) {
        r->DR = *u->uart.tx_ptr++;
    }
}

static bool tx_start(ebb_uart *uart)
{
    ebb_stm32_usart *u = of(uart);
    ebb_stm32_usart_regs *r = u->regs;
    feed(u);
    if (uart->tx_ptr == uart->tx_end && (r->SR & EBB_STM32_USART_SR_TC)) {
        return true; /* QEMU, or an empty write */
    }
    r->CR1 |= (uart->tx_ptr != uart->tx_end) ? EBB_STM32_USART_CR1_TXEIE : EBB_STM32_USART_CR1_TCIE;
    return false;
}

static void tx_stop(ebb_uart *uart)
{
    of(uart)->regs->CR1 &= ~(EBB_STM32_USART_CR1_TXEIE | EBB_STM32_USART_CR1_TCIE);
}

static void rx_on(ebb_uart *uart)
{
    of(uart)->regs->CR1 |= EBB_STM32_USART_CR1_RE | EBB_STM32_USART_CR1_RXNEIE;
}

__attribute__((cold)) static void write_blocking(ebb_uart *uart, const void *data, size_t len)
{
    ebb_stm32_usart_regs *r = of(uart)->regs;
    const uint8_t *p = (const uint8_t *)data;
    for (size_t i = 0; i < len; i++) {
        while (!(r->SR & EBB_STM32_USART_SR_TXE)) {
        }
        r->DR = p[i];
    }
    while (!(r->SR & EBB_STM32_USART_SR_TC)) {
    }
}

static const ebb_uart_ops ops = {tx_start, tx_stop, rx_on, write_blocking};

/* cold: set-up runs once; kept small and away from the code that runs all
 * the time. */
__attribute__((cold)) void ebb_stm32_usart_init(ebb_stm32_usart *u, uintptr_t regs_base, unsigned irq,
                                                uint32_t pclk_hz, uint32_t baud, unsigned prio)
{
    EBB_REQUIRE(1, baud > 0);
    /* USART2/3 (APB1) and USART1/6 (APB2) are 0x400 apart, and so are their
     * clock-enable bits' positions: one shift instead of a case each. */
    EBB_BUILD_ASSERT(EBB_STM32_USART3_BASE - EBB_STM32_USART2_BASE == 0x400u &&
                         EBB_STM32_RCC_APB1ENR_USART3EN == EBB_STM32_RCC_APB1ENR_USART2EN << 1 &&
                         EBB_STM32_USART6_BASE - EBB_STM32_USART1_BASE == 0x400u &&
                         EBB_STM32_RCC_APB2ENR_USART6EN == EBB_STM32_RCC_APB2ENR_USART1EN << 1,
                     "USART bases and clock bits as in RM0390");
    uintptr_t apb1 = regs_base - EBB_STM32_USART2_BASE, apb2 = regs_base - EBB_STM32_USART1_BASE;
    if ((apb1 | 0x400u) == 0x400u) {
        EBB_STM32_RCC->APB1ENR |= EBB_STM32_RCC_APB1ENR_USART2EN << (apb1 >> 10);
    } else if ((apb2 | 0x400u) == 0x400u) {
        EBB_STM32_RCC->APB2ENR |= EBB_STM32_RCC_APB2ENR_USART1EN << (apb2 >> 10);
    }
    (void)EBB_STM32_RCC->APB1ENR;

    ebb_uart_init(&u->uart, &ops);
    u->regs = EBB_STM32_PERIPH(ebb_stm32_usart_regs, regs_base);
    ebb_stm32_usart_regs *r = u->regs;
    r->CR1 = 0;
    r->CR2 = 0;
    r->CR3 = 0;
    r->BRR = baud > 0 ? (pclk_hz + baud / 2u) / baud : 1u; /* mantissa:fraction in 1/16 */
    r->CR1 = EBB_STM32_USART_CR1_UE | EBB_STM32_USART_CR1_TE;
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

void ebb_stm32_usart_isr(ebb_stm32_usart *u)
{
    EBB_TRACE_ISR_ENTER(ebb_cm_ipsr());
    ebb_stm32_usart_regs *r = u->regs;
    uint32_t sr = r->SR;
    if (sr & (EBB_STM32_USART_SR_RXNE | EBB_STM32_USART_SR_ORE)) {
        /* Reading DR after SR clears RXNE and ORE together. */
        uint8_t b = (uint8_t)r->DR;
        ebb_uart_rx *rx = u->uart.rx;
        if (rx != NULL) { /* else a receiver enabled behind the driver's back: dropped */
            if (sr & EBB_STM32_USART_SR_ORE) {
                rx->overruns++; /* the byte(s) after this one were lost */
            }
            if ((sr & EBB_STM32_USART_SR_RXNE) && ebb_uart_rx_put(rx, b)) {
                ebb_uart_rx_wake(rx);
            }
        }
    }
    uint32_t cr1 = r->CR1;
    if ((cr1 & EBB_STM32_USART_CR1_TXEIE) && (sr & EBB_STM32_USART_SR_TXE)) {
        ebb_irq_state s = ebb_port_lock();
        feed(u);
        if (u->uart.tx_ptr == u->uart.tx_end) {
            r->CR1 = (r->CR1 & ~EBB_STM32_USART_CR1_TXEIE) | EBB_STM32_USART_CR1_TCIE;
        }
        ebb_port_unlock(s);
    } else if ((cr1 & EBB_STM32_USART_CR1_TCIE) && (sr & EBB_STM32_USART_SR_TC)) {
        ebb_irq_state s = ebb_port_lock();
        r->CR1 &= ~EBB_STM32_USART_CR1_TCIE;
        ebb_uart_tx_end_locked(&u->uart);
        ebb_port_unlock(s);
    }
    EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());
}
