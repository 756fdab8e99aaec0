# ebb - the two commands a newcomer needs:
#   make showdown   build and run the study's application, print the figures
#   make test       build everything and run every test
# Both install their Debian packages first when run as root (scripts/deps.sh).
#
# While you work: make check - the core's host tests (unit tests, misuse
# table in both contract modes, compile-fail rules) with gcc and clang, in
# about a minute from scratch and seconds after.
#
# Other targets:
#   make run BOARD=qemu-netduinoplus2 APP=button   build that app only, run it in QEMU
#   make debug BOARD=qemu-netduinoplus2 APP=button  same, halted, with a gdb server on :1234
#     (PROFILE=debug for either: -Og with the debug checks on)
#   make trace BOARD=qemu-netduinoplus2 APP=showdown  same with tracing on, decoded into build/trace/
#     (EBB_GDB_PORT=<port> for another port)
#     (APP: any folder apps/<name>/; BOARD: a board, a preset or your board's folder)
#   make host | firmware | clean

BOARD ?= qemu-netduinoplus2
# release (-O3, as measured) or debug (-Og, debug checks on): make run / debug.
PROFILE ?= release
APP   ?= button
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
# Boards of other Cortex-M profiles and RISC-V, each run on QEMU by make test (docs/boards.md).
# (Defined before FIRMWARE_PRESETS: := expands at once.)
TARGET_PRESETS := mps2-an385 mps2-an386 mps2-an500 mps2-an505 microbit microbit-systick template qemu-riscv-virt qemu-riscv-virt-os
FIRMWARE_PRESETS := qemu-netduinoplus2 nucleo-f446ze nucleo-f446ze-os $(TARGET_PRESETS)
# Every QEMU board: `make run BOARD=<board> APP=blinky` and `make debug` (gdb attached as
# printed, stopped at main) are checked as users run them.
RUN_BOARDS := qemu-netduinoplus2 mps2-an385 mps2-an386 mps2-an500 mps2-an505 microbit template qemu-riscv-virt

.PHONY: all deps host host-clang firmware showdown-picolibc check test showdown run debug trace clean

all: test

deps:
	@sh scripts/deps.sh

host: deps
	cmake --preset host >/dev/null
	cmake --build build/host -j$(JOBS)

host-clang: deps
	cmake --preset host-clang >/dev/null
	cmake --build build/host-clang -j$(JOBS)

check: deps
	@for p in host host-clang; do \
	  cmake --preset $$p >/dev/null && cmake --build build/$$p -j$(JOBS) --target check_core || exit 1; \
	  ctest --test-dir build/$$p -R '^core\.' -j$(JOBS) --output-on-failure || exit 1; \
	done
	@echo "make check: the core's tests passed with gcc and clang (make test runs everything)"

firmware: deps
	@for p in $(FIRMWARE_PRESETS); do \
	  cmake --preset $$p >/dev/null && cmake --build build/$$p -j$(JOBS) || exit 1; \
	done

# The showdown's picolibc formatting row: its one firmware, on both boards.
showdown-picolibc: deps
	@for p in qemu-netduinoplus2-picolibc nucleo-f446ze-picolibc; do \
	  cmake --preset $$p >/dev/null && cmake --build build/$$p -j$(JOBS) --target showdown_snprintf || exit 1; \
	done

test: host host-clang firmware showdown-picolibc
	ctest --test-dir build/host --output-on-failure -j$(JOBS)
	ctest --test-dir build/host-clang --output-on-failure -j$(JOBS)
	ctest --test-dir build/qemu-netduinoplus2 --output-on-failure -j$(JOBS) --no-tests=ignore
	@for p in $(TARGET_PRESETS); do \
	  ctest --test-dir build/$$p --output-on-failure -j$(JOBS) || exit 1; \
	done
	@sh scripts/stack_bounds.sh qemu-netduinoplus2 $(TARGET_PRESETS)
	JOBS=$(JOBS) sh tests/boards/make_run.sh $(RUN_BOARDS)
	JOBS=$(JOBS) sh tests/boards/make_debug.sh $(RUN_BOARDS)
	sh scripts/showdown_run.sh
	JOBS=$(JOBS) sh scripts/trace_test.sh
	python3 lab/report/size_table.py --jobs $(JOBS) --check docs/sizes.md
	sh lab/report/showdown.sh --budget
	@echo "make test: all suites passed"

# Only what the showdown runs: its images (target showdown_images) on the
# boards it measures, and the QEMU plugins that measure them - an app being
# written under apps/ cannot break it.
SHOWDOWN_PRESETS := qemu-netduinoplus2 nucleo-f446ze nucleo-f446ze-os
showdown: deps showdown-picolibc
	cmake --preset host >/dev/null
	cmake --build build/host -j$(JOBS) --target ebbscope showdown_split
	@for p in $(SHOWDOWN_PRESETS); do \
	  cmake --preset $$p >/dev/null && cmake --build build/$$p -j$(JOBS) --target showdown_images || exit 1; \
	done
	@sh lab/report/showdown.sh

run: deps
	@JOBS=$(JOBS) PROFILE=$(PROFILE) sh scripts/run.sh $(BOARD) $(APP)

debug: deps
	@JOBS=$(JOBS) PROFILE=$(PROFILE) sh scripts/run.sh $(BOARD) $(APP) --debug

# Build APP with tracing on, run it on QEMU, decode the trace into
# build/trace/$(APP).log, .json, .vcd and .svg (docs/tracing.md).
trace: deps
	@JOBS=$(JOBS) sh scripts/trace.sh $(BOARD) $(APP)

clean:
	rm -rf build
