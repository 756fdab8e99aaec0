/*
 * ebb_nrf51_regs.h - the nRF51 peripherals ebb uses: UART0 and the TIMERs.
 * Offsets and bits from the nRF51 Series Reference Manual (v3.0, chapters
 * "UART", "Timer/counter" and "Peripheral interface": tasks are triggered by
 * writing 1, events are cleared by writing 0, INTENSET/INTENCLR set and
 * clear interrupt enables by writing 1s).
 */
#ifndef EBB_NRF51_REGS_H
#define EBB_NRF51_REGS_H

#include <stdint.h>

#define EBB_NRF51_REG(base, off) (*(volatile uint32_t *)(uintptr_t)((base) + (off)))

/* ---- UART (UART0 at 0x40002000, IRQ 2) ---- */
#define EBB_NRF51_UART0_BASE 0x40002000u
#define EBB_NRF51_UART0_IRQ 2u
#define EBB_NRF51_UART_TASKS_STARTRX 0x000u
#define EBB_NRF51_UART_TASKS_STOPRX 0x004u
#define EBB_NRF51_UART_TASKS_STARTTX 0x008u
#define EBB_NRF51_UART_TASKS_STOPTX 0x00Cu
#define EBB_NRF51_UART_EVENTS_RXDRDY 0x108u
#define EBB_NRF51_UART_EVENTS_TXDRDY 0x11Cu
#define EBB_NRF51_UART_EVENTS_ERROR 0x124u
#define EBB_NRF51_UART_INTENSET 0x304u
#define EBB_NRF51_UART_INTENCLR 0x308u
#define EBB_NRF51_UART_ERRORSRC 0x480u
#define EBB_NRF51_UART_ENABLE 0x500u
#define EBB_NRF51_UART_PSELRTS 0x508u
#define EBB_NRF51_UART_PSELTXD 0x50Cu
#define EBB_NRF51_UART_PSELCTS 0x510u
#define EBB_NRF51_UART_PSELRXD 0x514u
#define EBB_NRF51_UART_RXD 0x518u
#define EBB_NRF51_UART_TXD 0x51Cu
#define EBB_NRF51_UART_BAUDRATE 0x524u
#define EBB_NRF51_UART_CONFIG 0x56Cu

#define EBB_NRF51_UART_INT_RXDRDY (1u << 2)
#define EBB_NRF51_UART_INT_TXDRDY (1u << 7)
#define EBB_NRF51_UART_INT_ERROR (1u << 9)
#define EBB_NRF51_UART_ENABLE_ON 4u
#define EBB_NRF51_UART_ERRORSRC_OVERRUN (1u << 0)
#define EBB_NRF51_UART_BAUD_115200 0x01D7E000u
#define EBB_NRF51_UART_PSEL_DISCONNECTED 0xFFFFFFFFu

/* ---- TIMER (TIMER0 32-bit; TIMER1/2 16-bit on the chip) ---- */
#define EBB_NRF51_TIMER0_BASE 0x40008000u
#define EBB_NRF51_TIMER0_IRQ 8u
#define EBB_NRF51_TIMER1_BASE 0x40009000u
#define EBB_NRF51_TIMER_TASKS_START 0x000u
#define EBB_NRF51_TIMER_TASKS_STOP 0x004u
#define EBB_NRF51_TIMER_TASKS_CLEAR 0x00Cu
#define EBB_NRF51_TIMER_TASKS_CAPTURE(n) (0x040u + 4u * (n))
#define EBB_NRF51_TIMER_EVENTS_COMPARE(n) (0x140u + 4u * (n))
#define EBB_NRF51_TIMER_SHORTS 0x200u
#define EBB_NRF51_TIMER_INTENSET 0x304u
#define EBB_NRF51_TIMER_INTENCLR 0x308u
#define EBB_NRF51_TIMER_MODE 0x504u
#define EBB_NRF51_TIMER_BITMODE 0x508u
#define EBB_NRF51_TIMER_PRESCALER 0x510u
#define EBB_NRF51_TIMER_CC(n) (0x540u + 4u * (n))

#define EBB_NRF51_TIMER_INT_COMPARE(n) (1u << (16u + (n)))
#define EBB_NRF51_TIMER_BITMODE_32 3u
#define EBB_NRF51_TIMER_BASE_HZ 16000000u /* f = 16 MHz / 2^PRESCALER */

#endif /* EBB_NRF51_REGS_H */
