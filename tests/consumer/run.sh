#!/bin/sh
# Build and run a consumer project (tests/consumer/<kind>) against ebb from
# an empty build folder, by one route, and check that ebb kept its own
# rules to itself.
#   tests/consumer/run.sh host|firmware find_package|fetchcontent|subdirectory
#                         <ebb source> <empty work dir>
#                         [<board> <qemu> [<toolchain file> <qemu machine>]]
# The toolchain file and machine default to arm-none-eabi / netduinoplus2;
# other architectures pass theirs (the RISC-V board: riscv64-unknown-elf.cmake
# and "virt -bios none").
set -eu
kind=$1; route=$2; src=$3; work=$4; board=${5:-}; qemu=${6:-}
toolchain=${7:-$src/cmake/arm-none-eabi.cmake}; machine=${8:-netduinoplus2}
rm -rf "$work"
mkdir -p "$work"
log=$work/log.txt
run() { "$@" >>"$log" 2>&1 || { echo "FAILED: $*"; tail -40 "$log"; exit 1; }; }
fail() { echo "FAIL: $*"; exit 1; }

set --
if [ "$kind" = firmware ]; then
    set -- "-DCMAKE_TOOLCHAIN_FILE=$toolchain" -DCMAKE_BUILD_TYPE=Release
fi
case $route in
find_package)
    # ebb on its own, built and installed as a user would: as the top
    # project it would be ebb's developer build, so say it is not.
    b=; [ -n "$board" ] && b=-DEBB_BOARD=$board
    run cmake -S "$src" -B "$work/ebb-build" "$@" $b -DEBB_DEVELOPER=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    run cmake --build "$work/ebb-build"
    run cmake --install "$work/ebb-build" --prefix "$work/prefix"
    set -- "$@" "-DCMAKE_PREFIX_PATH=$work/prefix" -DCONSUMER_BOARD=$board
    ebb_cc=$work/ebb-build/compile_commands.json ;;
fetchcontent)
    # A real fetch: an archive of the sources, downloaded and unpacked.
    tar -C "$src" --exclude=./build --exclude=./.git -czf "$work/ebb.tar.gz" .
    set -- "$@" "-DEBB_URL=file://$work/ebb.tar.gz" ${board:+-DEBB_BOARD=$board} -DCONSUMER_BOARD=$board
    ebb_cc=$work/build/compile_commands.json ;;
subdirectory)
    set -- "$@" "-DEBB_SOURCE=$src" ${board:+-DEBB_BOARD=$board} -DCONSUMER_BOARD=$board
    ebb_cc=$work/build/compile_commands.json ;;
*) fail "unknown route $route" ;;
esac
run cmake -S "$src/tests/consumer/$kind" -B "$work/build" -DEBB_ROUTE="$route" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@"
run cmake --build "$work/build"

# ebb's rules stay ebb's: no sanitizer anywhere, -Werror only on the
# consumer's own file, no ebb test in the consumer's ctest, and neither
# cmocka nor python looked for.
! grep -q -- "-fsanitize" "$ebb_cc" "$work/build/compile_commands.json" || fail "a sanitizer flag reached the build"
! grep -- "-Werror" "$ebb_cc" | grep -v "/tests/consumer/$kind/" | grep -q . || fail "-Werror on ebb's sources"
! grep -qi "cmocka\|PYTHON3" "$work/build/CMakeCache.txt" || fail "cmocka or python looked for"
# ...and the consumer's own strict flags did apply to its file, ebb's
# macros included (a pedantic-clean header is a promise worth checking).
grep -- "-Wpedantic -Werror" "$work/build/compile_commands.json" | grep -q "main.c" ||
    fail "the consumer's main.c was not built with -Wpedantic -Werror"

# Firmware written for another board is refused at configure time, naming both.
if [ "$kind" = firmware ]; then
    if cmake -S "$src/tests/consumer/$kind" -B "$work/wrong" -DEBB_ROUTE="$route" "$@" \
        -DCONSUMER_BOARD=some-other-board >"$work/wrong.txt" 2>&1; then
        fail "BOARD some-other-board was accepted by a $board build tree"
    fi
    grep -q "written for board some-other-board" "$work/wrong.txt" || { cat "$work/wrong.txt"; fail "no clear message"; }
fi

if [ "$kind" = host ]; then
    n=$(ctest --test-dir "$work/build" -N | sed -n 's/^Total Tests: //p')
    [ "$n" = 1 ] || fail "the consumer's ctest holds $n tests, not its 1"
    ctest --test-dir "$work/build" --output-on-failure
else
    elf=$work/build/app/hello.elf
    [ -f "$elf" ] || fail "no $elf"
    python3 "$src/tests/firmware/run_qemu.py" --qemu "$qemu" --machine "$machine" --elf "$elf" \
        --grep "consumer: PASS" --timeout 120
fi
echo "consumer $kind via $route: PASS"
