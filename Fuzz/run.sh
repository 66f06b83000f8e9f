#!/usr/bin/env bash
# Builds the libFuzzer target over the whole compiler and fuzzes it.
#
#   Fuzz/run.sh [seconds] [extra libFuzzer options...]     (default: 300 seconds)
#   FUZZ_CONFIGURATION=release Fuzz/run.sh 600               (optimised: many more executions per second)
#   FUZZ_TARGET=catalog Fuzz/run.sh 600                      (the String Catalog reader instead of the compiler)
#   FUZZ_TARGET=lock Fuzz/run.sh 600                         (the tipc.lock reader, and the lock checker both ways)
#   FUZZ_TARGET=structured Fuzz/run.sh 600                   (small programs that write large inputs: deep, long, big)
#
# New interesting inputs go to .fuzz/corpus (ignored by git), crashes,
# timeouts and OOMs to .fuzz/artifacts/. Fuzz/corpus is the committed seed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
shift || true

# A scratch path of its own, so the sanitizer flags never reach the plugin tool or the normal build.
configuration="${FUZZ_CONFIGURATION:-debug}"
swift build --scratch-path .build-fuzz -c "$configuration" --product tipc-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTIPC_FUZZ 2>&1 | { grep -v "Cannot export local symbol" || true; }
binary=".build-fuzz/$configuration/tipc-fuzz"

# The compiler's inputs, String Catalogs (FUZZ_TARGET=catalog), locks (FUZZ_TARGET=lock) or programs that
# write inputs (FUZZ_TARGET=structured): each has its corpus and dictionary.
if [ "${FUZZ_TARGET:-compiler}" = catalog ]; then
    export TIPC_FUZZ_TARGET=catalog
    learned=.fuzz/catalog-corpus seeds=Fuzz/catalog-corpus dict=Fuzz/xcstrings.dict
elif [ "${FUZZ_TARGET:-compiler}" = lock ]; then
    export TIPC_FUZZ_TARGET=lock
    learned=.fuzz/lock-corpus seeds=Fuzz/lock-corpus dict=Fuzz/lock.dict
elif [ "${FUZZ_TARGET:-compiler}" = structured ]; then
    export TIPC_FUZZ_TARGET=structured
    learned=.fuzz/structured-corpus seeds=Fuzz/structured-corpus dict=Fuzz/structured.dict
    # An input of 512 KiB goes through about eight compilations and the server:
    # up to half a minute of CPU under ASan, and libFuzzer's limit is wall time,
    # which a shared machine (load 12 on 2 cores) stretches sixfold or more.
    timeout=300
else
    learned=.fuzz/corpus seeds=Fuzz/corpus dict=Fuzz/tips.dict
fi
mkdir -p "$learned" .fuzz/artifacts
export SWIFT_BACKTRACE=enable=no
exec "$binary" "$learned" "$seeds" \
    -dict="$dict" -max_len=4096 -timeout="${timeout:-10}" -rss_limit_mb=2048 \
    -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix=.fuzz/artifacts/ "$@"
