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

    .section .isr_vector, "a"
    .word 0x20020000            /* initial SP: top of 128 KiB */
    .word Reset_Handler
    .rept 14
    .word Default_Handler       /* NMI .. SysTick */
    .endr
    .rept IRQ_EXTI15_10
    .word Default_Handler       /* IRQ 0 .. 39 */
    .endr
    .word EXTI15_10_Handler     /* IRQ 40 */
    .rept 82 - IRQ_EXTI15_10 - 1
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
    mov.w r2, #(1 << (IRQ_EXTI15_10 - 32))
    str r2, [r1]
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
