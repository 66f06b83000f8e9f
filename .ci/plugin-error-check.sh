#!/usr/bin/env bash
# Builds a throwaway package that applies TipsPlugin to a .tips file with a
# mistake, and checks that the build fails with `path:line:column: error:`
# pointing at the .tips file, as Xcode and SwiftPM read it.
set -uo pipefail
root=$1
dir=$2
mkdir -p "$dir/Sources/Broken App"
cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Broken",
    dependencies: [.package(name: "tipc", path: "$root")],
    targets: [
        .target(
            name: "BrokenApp", dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            path: "Sources/Broken App", plugins: [.plugin(name: "TipsPlugin", package: "tipc")])
    ]
)
SWIFT
echo "// Generated code comes from the plugin." > "$dir/Sources/Broken App/Anchor.swift"
printf 'event opened\n\ntip Hello {\n    title "Hello"\n    rule opened.cuont > 2\n}\n' > "$dir/Sources/Broken App/Broken Tips.tips"
log=$(cd "$dir" && swift build --scratch-path "$root/.build/broken-check" 2>&1)
status=$?
expected="Sources/Broken App/Broken Tips.tips:5:17: error: event 'opened' has no member 'cuont'; did you mean 'count'?"
if [ $status -eq 0 ]; then
    echo "the build of a broken .tips file succeeded"; exit 1
fi
if ! grep -qF "$expected" <<<"$log"; then
    echo "expected the diagnostic: $expected"; echo "$log" | tail -20; exit 1
fi
echo "broken .tips fails the build with: $expected"
