#!/bin/sh
# Make sure the Debian packages ebb builds and tests with are installed.
# As root: installs what is missing (apt-get).  Otherwise: prints the exact
# command to run and fails, rather than half-building.
set -eu
PKGS="make cmake gcc clang libclang-rt-14-dev libcmocka-dev python3 \
gcc-arm-none-eabi libnewlib-arm-none-eabi binutils-arm-none-eabi picolibc-arm-none-eabi \
qemu-system-arm \
gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf \
qemu-system-misc \
doxygen gdb-multiarch spin"

missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "ebb needs these Debian packages:$missing" >&2
    echo "install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "ebb: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
