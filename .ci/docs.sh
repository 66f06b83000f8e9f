#!/usr/bin/env bash
# Builds TipsRuntime's DocC catalog with the toolchain's docc, from symbol
# graphs the compiler emits (no plugin needed), and fails on any warning:
# a broken symbol link, an uncurated page, a malformed article; then checks
# that each of the articles' symbol links shows the symbol it names.
#
#     .ci/docs.sh [output directory]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
mkdir -p "$out"
out=$(cd "$out" && pwd)   # absolute: the compiler runs in another directory
graphs="$out/symbol-graphs"
# The graphs are kept: a build with nothing to do writes none.
rm -rf "$out/TipsRuntime.doccarchive" "$graphs/TipsRuntime"
mkdir -p "$graphs"
# A scratch path of its own: the extra flags would otherwise rebuild .build.
swift build --scratch-path .build/docs-build --target TipsRuntime \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
if [ ! -f "$graphs/TipsRuntime.symbols.json" ]; then
    # Emitted by an earlier build elsewhere: compile the runtime again to get them.
    rm -rf .build/docs-build
    swift build --scratch-path .build/docs-build --target TipsRuntime \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
fi
# Only TipsRuntime's graphs (its own and its extensions of the standard library).
mkdir -p "$graphs/TipsRuntime"
cp "$graphs"/TipsRuntime.symbols.json "$graphs"/TipsRuntime@*.symbols.json "$graphs/TipsRuntime/"
docc convert Sources/TipsRuntime/TipsRuntime.docc \
    --additional-symbol-graph-dir "$graphs/TipsRuntime" \
    --fallback-display-name TipsRuntime --fallback-bundle-identifier org.tipc.TipsRuntime \
    --output-path "$out/TipsRuntime.doccarchive" --warnings-as-errors
# docc renders a link it cannot resolve below `Tips/` as `Tips`, without a warning.
python3 .ci/docs-links.py Sources/TipsRuntime/TipsRuntime.docc "$out/TipsRuntime.doccarchive"
echo "documentation: $out/TipsRuntime.doccarchive"
