#!/bin/sh
# make test's model check (src/model/wake.pml): spin explores every
# interleaving of the wake protocol and must find no violation; each
# seeded bug (-DLOST_WAKE_BUG, -DCLAIM_BUG) must be found.  Prints the
# states explored.
#   tests/model/check.sh <ebb source> <work dir>
set -eu
src=$1; out=$2
mkdir -p "$out"
cd "$out"
run() { # defines... ; prints pan's output
    rm -f pan pan.* ./*.trail
    spin -a "$@" "$src/src/model/wake.pml" >/dev/null
    cc -O2 -w -o pan pan.c
    ./pan -m100000 2>&1 || true
}
out_ok=$(run)
echo "$out_ok" | grep -E "errors:|states, stored" | sed 's/^/  model: /'
echo "$out_ok" | grep -q "errors: 0" || { echo "FAIL: the model has a violation"; echo "$out_ok"; exit 1; }
for bug in LOST_WAKE_BUG CLAIM_BUG; do
    out_bug=$(run -D$bug)
    if echo "$out_bug" | grep -q "errors: 0"; then
        echo "FAIL: the checker did not find $bug"
        exit 1
    fi
    echo "  model with $bug: found ($(echo "$out_bug" | grep -m1 -E 'assertion violated|acceptance cycle|violated' || echo violation))"
done
echo "model check: PASS"
