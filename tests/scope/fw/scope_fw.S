/*
 * scope_fw.S - bare-metal Cortex-M4 firmware for the scope end-to-end test.
 * Every instruction between two probe stores is known, so tests/scope/run_e2e.sh
 * checks exact instruction (and zero-wait cycle) deltas between edges.
 * Probe stores use the bit-band alias of GPIOG->BSRR (0x40021818):
 *   PG0 high 0x42430300, PG1 high 0x42430304, PG0 low 0x42430340, PG1 low 0x42430344.
 * The value stored is 1 (a bit-band write stores bit 0 of the value).
 */
    .syntax unified
    .cpu cortex-m4
    .thumb

    .equ PG0_HI, 0x42430300
    .equ PG1_HI, 0x42430304
    .equ PG0_LO, 0x42430340
    .equ PG1_LO, 0x42430344
    .equ NVIC_ISER1, 0xE000E104
    .equ NVIC_STIR, 0xE000EF00
    .equ IRQ_EXTI15_10, 40
    .equ NVIC_IPR44, 0xE000E42C
    .equ SYST_CSR, 0xE000E010
    .equ SYST_RVR, 0xE000E014

    .section .isr_vector, "a"
    .word 0x20020000            /* initial SP: top of 128 KiB */
    .word Reset_Handler
    .rept 9
    .word Default_Handler       /* NMI .. reserved (2..10) */
    .endr
    .word SVC_Handler           /* 11 */
    .rept 3
    .word Default_Handler       /* 12 .. PendSV (14) */
    .endr
    .word SysTick_Handler       /* 15 */
    .rept IRQ_EXTI15_10
    .word Default_Handler       /* IRQ 0 .. 39 */
    .endr
    .word EXTI15_10_Handler     /* IRQ 40 */
    .word Default_Handler       /* IRQ 41 */
    .word Irq42_Handler         /* IRQ 42: pends 43 (same priority: tail-chain) */
    .word Irq43_Handler         /* IRQ 43 */
    .word Irq44_Handler         /* IRQ 44: priority 0x80, pends 45 (pre-empts) */
    .word Irq45_Handler         /* IRQ 45: priority 0 */
    .rept 82 - 46
    .word Default_Handler
    .endr

    .text
    .thumb_func
    .global Reset_Handler
Reset_Handler:
    ldr r4, =PG0_HI
    ldr r5, =PG1_HI
    ldr r6, =PG0_LO
    ldr r7, =PG1_LO
    movs r0, #1
    ldr r1, =NVIC_ISER1
    mov.w r2, #0x3f00           /* IRQ 40 .. 45 */
    str r2, [r1]
    ldr r1, =NVIC_IPR44
    movs r2, #0x80
    strb r2, [r1]               /* IRQ 44 lower priority than 45 */
    b window1
    .ltorg

    /* window 1: PG1 high, 10 nops, PG1 low -> 11 instructions, 11 cycles */
    .balign 16
window1:
    str r0, [r5]                /* edge A */
    .rept 10
    nop
    .endr
    str r0, [r7]                /* edge B */

    /* window 2: literal (flash D-miss), two .rodata loads (one D-miss) */
    str r0, [r5]                /* edge C */
    ldr r1, lit_table           /* 2 */
    ldr r2, [r1]                /* 2: depends on r1 */
    ldr r3, [r1, #4]            /* 1: pipelined after an independent load */
    str r0, [r7]                /* edge D: 4 instructions, 6 cycles, 2 D-misses */

    /* window 3: IT-skipped load */
    movs r2, #0
    str r0, [r5]                /* edge E */
    cmp r2, #1
    it eq
    ldreq r3, [r1]              /* skipped: 1 */
    str r0, [r7]                /* edge F: 4 instructions, 4 cycles */

    /* window 4: pend IRQ 40 through NVIC_STIR; its handler toggles PG0 */
    str r0, [r5]                /* edge G */
    ldr r1, =NVIC_STIR          /* 2 */
    movs r2, #IRQ_EXTI15_10     /* 1 */
    str r2, [r1]                /* 1, then exception entry 12 */
    nop                         /* 1 (after the return) */
    str r0, [r7]                /* edge H */

    /* window 5: supervisor call: svc 1 + entry 12, bx lr 1 + return 10, str 1 */
    str r0, [r5]                /* edge I */
    svc #0
    str r0, [r7]                /* edge J: 3 instructions, 25 cycles */

    /* window 6: IRQ 42 pends IRQ 43 of equal priority: tail-chain */
    str r0, [r5]                /* edge K */
    ldr r1, =NVIC_STIR          /* 2 */
    movs r2, #42                /* 1 */
    str r2, [r1]                /* 1 + entry 12 */
    str r0, [r7]                /* edge L: 8 instructions, 2+1+13+2+7+11+1 = 37 */

    /* window 7: IRQ 44 pends IRQ 45 of higher priority: nested */
    str r0, [r5]                /* edge M */
    ldr r1, =NVIC_STIR          /* 2 */
    movs r2, #44                /* 1 */
    str r2, [r1]                /* 1 + entry 12 */
    str r0, [r7]                /* edge N: 8 instructions, 2+1+13+2+12+11+11+1 = 53 */

    /* window 8: SysTick fires asynchronously in the middle of a run of 400
     * probe stores, so the exception is taken right after one of them: that
     * edge must be stamped without the 12 entry cycles that follow it. */
    ldr r1, =SYST_RVR
    movs r2, #20
    str r2, [r1]                /* reload 20: fires after ~125 ns (instructions) */
    ldr r1, =SYST_CSR
    movs r2, #7
    str r2, [r1]                /* enable, interrupt, processor clock */
    .rept 400
    str r0, [r5]                /* PG1 high, 1 cycle each */
    .endr

    /* exit through semihosting SYS_EXIT_EXTENDED with code 0 */
    movs r0, #0x20
    ldr r1, =exit_block
    bkpt 0xab
    b .
    .ltorg

    .balign 16
lit_table:
    .word table                 /* alone in its 16-byte flash line */
    .word 0, 0, 0

    .thumb_func
    .global EXTI15_10_Handler
EXTI15_10_Handler:
    ldr r3, =PG0_HI             /* 2 */
    movs r2, #1                 /* 1 */
    str r2, [r3]                /* edge PG0 high */
    .rept 5
    nop
    .endr
    ldr r3, =PG0_LO             /* 2 */
    str r2, [r3]                /* edge PG0 low: 7 instructions, 8 cycles */
    bx lr                       /* 1 + exception return 10 */
    .ltorg

    .thumb_func
SysTick_Handler:
    ldr r1, =SYST_CSR           /* 2 */
    movs r2, #0                 /* 1 */
    str r2, [r1]                /* 1: SysTick off, fire once */
    str r0, [r4]                /* 1: edge PG0 high, entry + 5 after the last PG1 edge */
    str r0, [r6]                /* edge PG0 low */
    bx lr                       /* 1 + return 10 */
    .ltorg

    .thumb_func
SVC_Handler:
    bx lr

    .thumb_func
Irq42_Handler:
    movs r2, #43                /* 1 (r1 still holds NVIC_STIR) */
    str r2, [r1]                /* 1: IRQ 43 pending, not pre-empting */
    bx lr                       /* 1 + tail-chain 6 */

    .thumb_func
Irq43_Handler:
    bx lr                       /* 1 + return 10 */

    .thumb_func
Irq44_Handler:
    movs r2, #45                /* 1 */
    str r2, [r1]                /* 1 + entry 12: IRQ 45 pre-empts */
    bx lr                       /* 1 + return 10 */

    .thumb_func
Irq45_Handler:
    bx lr                       /* 1 + return 10 (back into IRQ 44) */

    .thumb_func
Default_Handler:
    movs r0, #0x20
    ldr r1, =fail_block
    bkpt 0xab
    b .
    .ltorg

    .section .rodata
    .balign 16
table:
    .word 0x11111111, 0x22222222
exit_block:
    .word 0x20026, 0
fail_block:
    .word 0x20026, 3
