#!/bin/sh
# check.sh CC REGEX FILE [CFLAGS...] - one compile-fail test, checked both ways:
#   1. FILE must fail to compile with default flags (no -Werror: a consumer of
#      ebb gets none from us), and its FIRST error must match REGEX, so an
#      unrelated error (a broken include path, a typo in the test) cannot pass;
#   2. FILE with -DEBB_CF_OK (the same code with the mistake fixed) must
#      compile cleanly even with -Wall -Wextra -Wshadow -Werror, so the guard
#      rail rejects the mistake and nothing else.
cc=$1; regex=$2; file=$3; shift 3
out=$("$cc" -std=gnu11 -c -o /dev/null "$@" "$file" 2>&1)
if [ $? -eq 0 ]; then
    echo "FAIL: $file compiled; it must not"; exit 1
fi
first=$(printf '%s\n' "$out" | grep -m1 -E '(error|Error)[: ]')
if ! printf '%s\n' "$first" | grep -qE "$regex"; then
    printf 'FAIL: first error of %s does not match /%s/:\n%s\n' "$file" "$regex" "$out"; exit 1
fi
echo "rejected as expected: $first"
if ! "$cc" -std=gnu11 -c -o /dev/null -Wall -Wextra -Wshadow -Werror -DEBB_CF_OK "$@" "$file"; then
    echo "FAIL: the fixed version of $file (-DEBB_CF_OK) does not compile cleanly"; exit 1
fi
echo "fixed version compiles cleanly"
