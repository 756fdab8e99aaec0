#!/bin/sh
# run_fixed.sh <target> <seed corpus> <scratch dir> <runs> - the fixed fuzz
# run of make test: <runs> inputs from seed 1, starting from the committed
# corpus, which stays read only (libFuzzer writes new inputs to its first
# folder: the scratch one, emptied first; a failing input is saved next to
# it as <scratch dir>-crash-<hash>).  Passes when the target exits 0 and
# printed its figures line.
set -u
target=$1 seeds=$2 work=$3 runs=$4
rm -rf "$work" "$work"-crash-* && mkdir -p "$work" || exit 1
log=$work.log
start=$(date +%s)
"$target" -runs="$runs" -seed=1 -max_len=512 -print_final_stats=1 \
    -artifact_prefix="$work-" "$work" "$seeds" >"$log" 2>&1
rc=$?
end=$(date +%s)
grep -v '^#[0-9]' "$log" | tail -n 40
echo "fuzz: exit $rc, $((end - start)) s"
[ "$rc" -eq 0 ] && grep -q '^fuzz_core (contracts o[nf]*): [0-9]* inputs' "$log"
