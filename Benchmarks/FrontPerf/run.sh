#!/bin/sh
# Builds TipsCompiler in release mode and links the front-end benchmark against it.
#   Benchmarks/FrontPerf/run.sh [tips...] [--runs N] [--only lex|parse|compile]
# The binary is left at .build/frontperf for valgrind:
#   valgrind --tool=callgrind .build/frontperf 2000 --once --only parse
set -e
cd "$(dirname "$0")/../.."
swift build -c release --product tipc >/dev/null
bin=$(swift build -c release --show-bin-path)
swiftc -O -g -I "$bin/Modules" Benchmarks/FrontPerf/*.swift \
    $(ls "$bin"/TipsCompiler.build/*.o) -o .build/frontperf
exec .build/frontperf "$@"
