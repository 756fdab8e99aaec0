/*
 * ebb_cmsdk_regs.h - registers of the Arm Cortex-M System Design Kit (CMSDK)
 * APB peripherals used by the MPS2 FPGA images (AN385, AN386, AN500) and by
 * the SSE-200 subsystem of AN505, and the MPS2 FPGA I/O block.
 *
 * Sources: Arm CMSDK Technical Reference Manual (DDI 0479), chapters "APB
 * UART", "APB timer" and "APB dual-input timers"; the MPS2 application notes
 * AN385/AN386/AN500/AN505 ("FPGA system control and I/O", FPGAIO LED
 * register).  Register names follow those manuals, prefixed EBB_CMSDK_.
 */
#ifndef EBB_CMSDK_REGS_H
#define EBB_CMSDK_REGS_H

#include <stdint.h>

/* ---- APB UART ---- */
typedef struct ebb_cmsdk_uart_regs {
    volatile uint32_t DATA;     /* 0x00 rx/tx byte */
    volatile uint32_t STATE;    /* 0x04 buffer full flags, overruns (w1c) */
    volatile uint32_t CTRL;     /* 0x08 enables */
    volatile uint32_t INTSTATUS; /* 0x0C read: pending, write 1: clear (INTCLEAR) */
    volatile uint32_t BAUDDIV;  /* 0x10 >= 16 */
} ebb_cmsdk_uart_regs;

#define EBB_CMSDK_UART_STATE_TXFULL (1u << 0)
#define EBB_CMSDK_UART_STATE_RXFULL (1u << 1)
#define EBB_CMSDK_UART_STATE_TXOVR (1u << 2)
#define EBB_CMSDK_UART_STATE_RXOVR (1u << 3)

#define EBB_CMSDK_UART_CTRL_TXEN (1u << 0)
#define EBB_CMSDK_UART_CTRL_RXEN (1u << 1)
#define EBB_CMSDK_UART_CTRL_TXIE (1u << 2)
#define EBB_CMSDK_UART_CTRL_RXIE (1u << 3)
#define EBB_CMSDK_UART_CTRL_TXOVRIE (1u << 4)
#define EBB_CMSDK_UART_CTRL_RXOVRIE (1u << 5)

#define EBB_CMSDK_UART_INT_TX (1u << 0)
#define EBB_CMSDK_UART_INT_RX (1u << 1)
#define EBB_CMSDK_UART_INT_TXOVR (1u << 2)
#define EBB_CMSDK_UART_INT_RXOVR (1u << 3)

/* ---- APB timer: 32-bit down counter, reloads from RELOAD at zero ---- */
typedef struct ebb_cmsdk_timer_regs {
    volatile uint32_t CTRL;      /* 0x00 */
    volatile uint32_t VALUE;     /* 0x04 current count */
    volatile uint32_t RELOAD;    /* 0x08 */
    volatile uint32_t INTSTATUS; /* 0x0C read: pending, write 1: clear (INTCLEAR) */
} ebb_cmsdk_timer_regs;

#define EBB_CMSDK_TIMER_CTRL_EN (1u << 0)
#define EBB_CMSDK_TIMER_CTRL_EXTEN (1u << 1)  /* external input as enable */
#define EBB_CMSDK_TIMER_CTRL_EXTCLK (1u << 2) /* external input as clock */
#define EBB_CMSDK_TIMER_CTRL_IRQEN (1u << 3)

/* ---- APB dual timer (two SP804-style counters at +0x00 and +0x20) ---- */
typedef struct ebb_cmsdk_dualtimer_regs {
    volatile uint32_t LOAD;    /* 0x00 */
    volatile uint32_t VALUE;   /* 0x04 */
    volatile uint32_t CONTROL; /* 0x08 */
    volatile uint32_t INTCLR;  /* 0x0C */
    volatile uint32_t RIS;     /* 0x10 */
    volatile uint32_t MIS;     /* 0x14 */
    volatile uint32_t BGLOAD;  /* 0x18 */
    uint32_t reserved;
} ebb_cmsdk_dualtimer_regs;

#define EBB_CMSDK_DUALTIMER_ONESHOT (1u << 0)
#define EBB_CMSDK_DUALTIMER_SIZE32 (1u << 1)
#define EBB_CMSDK_DUALTIMER_INTEN (1u << 5)
#define EBB_CMSDK_DUALTIMER_PERIODIC (1u << 6)
#define EBB_CMSDK_DUALTIMER_EN (1u << 7)

/* ---- MPS2 FPGA I/O (FPGAIO): LEDs at offset 0 ---- */
typedef struct ebb_mps2_fpgaio_regs {
    volatile uint32_t LED; /* 0x00 bit n = user LED n */
} ebb_mps2_fpgaio_regs;

#endif /* EBB_CMSDK_REGS_H */
