# Sourced by the board scripts (make_run.sh, make_debug.sh) after they define
# one() and $out: runs `one <board>` for every board, JOBS (default 2) at a
# time, each in its own `sh <script> --one <board>` process so that a board's
# failure or hang stays its own; then prints every board's result in the
# order given and fails if any lacks ": PASS".
#   each_board <result suffix> "$@"
each_board() {
    sfx=$1
    shift
    if [ "${1:-}" = --one ]; then
        one "$2" >"$out/$2.$sfx" 2>&1 || true
        return 0
    fi
    printf '%s\n' "$@" | xargs -P "${JOBS:-2}" -I{} sh "$0" --one {}
    fail=0
    for b in "$@"; do
        cat "$out/$b.$sfx"
        grep -q ": PASS" "$out/$b.$sfx" || fail=1
    done
    return $fail
}
