#!/bin/sh
# Compile the first C block of README.md exactly as a user would paste it:
# the README's example must never rot.
set -eu
src=$1; cc=$2; out=$3
mkdir -p "$(dirname "$out")"
awk '/^```c$/ {on=1; next} /^```$/ {if (on) exit} on' "$src/README.md" > "$out"
test -s "$out" || { echo "no \`\`\`c block in README.md"; exit 1; }
"$cc" -std=gnu11 -Wall -Wextra -Werror -c -I"$src/include" -I"$src/port/host" "$out" -o "$out.o"
echo "README example compiles ($(wc -l < "$out") lines)"
