#!/bin/sh
# Print what each ebb object costs in RAM on a Cortex-M4 (lab/bench/sizeof.c).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arm-none-eabi-gcc -std=gnu11 -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 \
    -Wall -Wextra -Werror -c -I"$top/include" -I"$top/port/cortex-m" "$top/lab/bench/sizeof.c" -o "$tmp/s.o"
echo "ebb object sizes on Cortex-M4 (bytes):"
arm-none-eabi-nm -S "$tmp/s.o" | grep sizeof_ | while read -r _addr size _kind name; do
    printf '  %-16s %d\n' "${name#sizeof_}" "$((0x$size))"
done | sort
arm-none-eabi-nm -S "$tmp/s.o" | grep -q '0000000c [BbCc] sizeof_task_header' || { echo "task header is not 12 bytes"; exit 1; }
