#!/usr/bin/env bash
# The datastore measurement of docs/decisions/0001-datastore.md, run on the
# commit that holds the SQLite backend: every figure for the journal and for
# SQLite, one store after the other. TIPS_DATASTORE_BACKEND=sqlite switches
# every TipCenter of a process (the benchmark, tips-store-stress, the tests).
#   bash docs/decisions/0001-datastore-measure.sh [bench|cpu|suites|damage]...
# With no argument it runs all four (the damage sweep alone takes ~30 min).
set -euo pipefail
cd "$(dirname "$0")/../.."
parts=${*:-bench cpu suites damage}
swift build -c release --product tipc-bench
swift build -c release --product tips-store-stress
tool=.build/release/tips-store-stress

if [[ $parts == *bench* ]]; then
    iterations=${ITERATIONS:-300}
    for round in 1 2; do
        for backend in journal sqlite; do
            echo "== round $round, $backend: donation and store figures (tipc-bench --quick)"
            TIPS_DATASTORE_BACKEND=$backend .build/release/tipc-bench --quick --only donation |
                grep -E "^\s+\((a|b|c|d)\)"
            TIPS_DATASTORE_BACKEND=$backend .build/release/tipc-bench --quick --only store | grep -E "^  datastore"
            echo "== round $round, $backend: two processes, $iterations iterations each (5 awaited commits each)"
            for medium in /dev/shm "${TMPDIR:-/tmp}"; do
                dir=$(mktemp -d "$medium/tips-two-XXXX")
                start=$(date +%s%N)
                TIPS_DATASTORE_BACKEND=$backend $tool --engine-share "$dir" A "$iterations" >/dev/null &
                TIPS_DATASTORE_BACKEND=$backend $tool --engine-share "$dir" B "$iterations" >/dev/null
                wait
                echo "   $medium: $(( ($(date +%s%N) - start) / 1000000 )) ms"
                rm -rf "$dir"
            done
        done
    done
fi

if [[ $parts == *cpu* ]]; then
    # CPU time (user + system, getrusage through /usr/bin/time, 10 ms steps), the least of 5 runs:
    # steadier than wall time on a shared machine. Store on /dev/shm, so no flush is waited for.
    cpu() {
        local best=999999
        for _ in 1 2 3 4 5; do
            rm -rf "$2"
            if [ -n "${4:-}" ]; then cp -r "$4" "$2"; fi
            t=$({ TIPS_DATASTORE_BACKEND=$1 /usr/bin/time -f "%U %S" $tool --measure-commits "$2" "$3" >/dev/null; } 2>&1 |
                tail -1 | awk '{printf "%d", ($1 + $2) * 1000}')
            if [ "$t" -lt "$best" ]; then best=$t; fi
        done
        echo "$best"
    }
    for backend in journal sqlite; do
        d=$(mktemp -d /dev/shm/tips-cpu-XXXX)
        one=$(cpu $backend "$d/a" 1)
        many=$(cpu $backend "$d/b" 10001)
        echo "$backend: CPU per awaited donation: $(( (many - one) * 1000 / 10000 )) µs ($one ms for 1, $many ms for 10,001)"
        TIPS_DATASTORE_BACKEND=$backend $tool --measure-commits "$d/big" -1
        loaded=$(cpu $backend "$d/c" 1 "$d/big")
        echo "$backend: CPU of loading the 100 x 1,000 store: $(( loaded - one )) ms; its files:"
        ls -l "$d/big" | tail -n +2 | awk '{print "   ", $5, $9}'
        rm -rf "$d"
    done
fi

if [[ $parts == *suites* ]]; then
    echo "== the crash, sharing, concurrency and outside-change suites on either store (debug build)"
    for backend in journal sqlite; do
        TIPS_DATASTORE_BACKEND=$backend swift test --filter \
            'DatastoreCrashTests|EngineCrashTests|EngineSharingTests|EngineConcurrencyTests|OutsideChangeTests' 2>&1 |
            grep -E "CrashTests:|Test run with|✘" | sed "s/^/$backend: /"
    done
fi

if [[ $parts == *damage* ]]; then
    echo "== damage: a byte flipped at every third offset, named faults, SQLite's schema page"
    TIPS_STORE_COMPARISON=1 swift test --filter StoreComparisonTests 2>&1 | grep -E "StoreComparison|Test run with|✘"
fi
