#!/bin/sh
# vector_trim.sh CC SOURCE_DIR CFLAGS... - the STM32F4 vector table is
# trimmed to EBB_CONFIG_PORT_IRQ_COUNT entries and otherwise whole:
#   count 41 (the NUCLEO-F446ZE's): 16 + 41 words, the last EXTI15_10's;
#   count 0 (the default): 16 + 97 words, the last FMPI2C1_ER's.
set -u
cc=$1; src=$2; shift 2
objdump=$(echo "$cc" | sed 's/gcc$/objdump/')
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
check() { # count words last_handler
    "$cc" -std=gnu11 -c -DEBB_CONFIG_PORT_IRQ_COUNT="$1" "$src/hal/stm32f4/vectors.c" \
        -I"$src/include" -I"$src/port/cortex-m" -I"$src/hal/stm32f4" -o "$tmp/v.o" $flags || exit 1
    size=$("$objdump" -h "$tmp/v.o" | awk '$2 == ".isr_vector" { print $3 }')
    last=$("$objdump" -r -j .isr_vector "$tmp/v.o" | awk 'NF == 3 && $1 ~ /^[0-9a-f]+$/ { l = $1 " " $3 } END { print l }')
    want_last=$(printf '%08x %s' $(( ($2 - 1) * 4 )) "$3")
    if [ "$((0x$size))" -ne "$(( $2 * 4 ))" ] || [ "$last" != "$want_last" ]; then
        echo "FAIL: count $1: .isr_vector is 0x$size bytes, last entry '$last'; want $(( $2 * 4 )) bytes, '$want_last'"
        exit 1
    fi
    echo "count $1: $2 vectors, the last $3"
}
flags="$*"
check 41 57 EXTI15_10_IRQHandler
check 0 113 FMPI2C1_ER_IRQHandler
