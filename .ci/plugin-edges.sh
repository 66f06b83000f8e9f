#!/usr/bin/env bash
# The plugins at their edges, in a throwaway package that applies them:
# two .tips files with one name in different folders of a target fail with
# tipc's own message naming both (not SwiftPM's "multiple producers"); the
# app's own Menu.swift beside Menu.tips builds (tipc writes Menu.tips.swift),
# and the code generate-tips commits, beside TipsPlugin, is named; a bad
# tipc.options line is reported at tipc.options:LINE:COL; `generate-tips
# --help` needs no permission; a target that does not exist is reported with
# the targets that have .tips files; stale generated files are removed, and
# one written under the name tipc gave it before (Good.swift) is replaced;
# `tips-lock` writes a target's tipc.lock, and the build then fails at the
# line of a change that would lose users' state, until `tips-lock` accepts it;
# a target's Tips.xcstrings (written by `tipc strings`, then translated) is
# checked by the build, at its line, and an executable prints its tips in
# German, Japanese and English, chosen by `.language` and by the preferred
# languages (LANGUAGE, LANG).
#
#     .ci/plugin-edges.sh <tipc checkout> <empty work directory>
set -uo pipefail
root=$(cd "$1" && pwd)
dir=$2
scratch="$root/.build/plugin-edges"
mkdir -p "$dir/Sources/Two Menus/Breakfast" "$dir/Sources/Two Menus/Dînner" "$dir/Sources/Options" "$dir/Sources/Good" \
    "$dir/Sources/Locked" "$dir/Sources/Languages" "$dir/Sources/Screen"
cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Edges",
    dependencies: [.package(name: "tipc", path: "$root")],
    targets: [
        .target(
            name: "TwoMenus", dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            path: "Sources/Two Menus", plugins: [.plugin(name: "TipsPlugin", package: "tipc")]),
        .target(
            name: "Options", dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            plugins: [.plugin(name: "TipsPlugin", package: "tipc")]),
        .target(name: "Good", dependencies: [.product(name: "TipsRuntime", package: "tipc")]),
        .target(
            name: "Locked", dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            plugins: [.plugin(name: "TipsPlugin", package: "tipc")]),
        .target(name: "Plain"),
        .target(
            name: "Screen", dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            plugins: [.plugin(name: "TipsPlugin", package: "tipc")]),
        .executableTarget(
            name: "Languages", dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            exclude: ["Tips.xcstrings"], plugins: [.plugin(name: "TipsPlugin", package: "tipc")]),
    ]
)
SWIFT
mkdir -p "$dir/Sources/Plain"
for target in "Two Menus" Options Good Locked Plain; do
    echo "// Generated code comes from tipc." > "$dir/Sources/$target/Anchor.swift"
done
printf 'event opened\n' > "$dir/Sources/Two Menus/Breakfast/Menu.tips"
printf 'event closed\n' > "$dir/Sources/Two Menus/Dînner/Menu.tips"
printf 'event opened\n' > "$dir/Sources/Options/Options.tips"
printf '# options for tipc\n--access-level privat\n' > "$dir/Sources/Options/tipc.options"
printf 'event opened\n' > "$dir/Sources/Good/Good.tips"
printf 'event opened\n' > "$dir/Sources/Locked/Locked.tips"
printf 'event openedMenu\n' > "$dir/Sources/Screen/Menu.tips"
printf '// The app'"'"'s own file, named as its tips are.\npublic enum MenuScreen {}\n' > "$dir/Sources/Screen/Menu.swift"
cat > "$dir/Sources/Languages/Café.tips" <<'TIPS'
/// The guest opened the menu.
event openedMenu

/// A guest who opens the menu learns about the special.
tip DailySpecial {
    title "Try today's special"
    message "The special changes every morning."
    rule openedMenu.count >= 1
}

/// Greets a guest by name at their table.
tip Welcome(guest: String, table: String) {
    id "welcome-\(table)"
    title "Welcome, \(guest)"
    message "Your table is \(table)."
    rule openedMenu.count >= 1
}
TIPS
cat > "$dir/Sources/Languages/main.swift" <<'SWIFT'
import TipsRuntime

// `Languages de` fixes the language; without an argument the preferred languages choose.
var options: [Tips.ConfigurationOption] = [.datastoreLocation(.inMemory)]
if CommandLine.arguments.count > 1 { options.append(.language(CommandLine.arguments[1])) }
try await Tips.configure(options)
let special = DailySpecial()
let welcome = Welcome(guest: "Ada", table: "7")
print("\(special.title) | \(special.message ?? "") | \(welcome.title) | \(welcome.message ?? "")")
SWIFT

fail() { echo "$1"; echo "$2" | tail -20; exit 1; }
cd "$dir"

log=$(swift build --scratch-path "$scratch" --target TwoMenus 2>&1) && fail "two Menu.tips built" "$log"
grep -q "multiple producers" <<<"$log" && fail "SwiftPM's 'multiple producers', not tipc's message" "$log"
expected="would both generate 'Menu.tips.swift'; rename one of them"
grep -F "$expected" <<<"$log" | grep -qF "Breakfast/Menu.tips" || fail "expected tipc's message naming both" "$log"
grep -F "$expected" <<<"$log" | grep -qF "Dînner/Menu.tips" || fail "expected tipc's message naming both" "$log"
echo "two Menu.tips: $(grep -F "$expected" <<<"$log" | head -1)"

log=$(swift build --scratch-path "$scratch" --target Options 2>&1) && fail "a bad tipc.options built" "$log"
expected="Sources/Options/tipc.options:2:16: error: '--access-level' is internal, package or public, not 'privat'"
grep -qF "$expected" <<<"$log" || fail "expected: $expected" "$log"
echo "bad tipc.options: $expected"

log=$(swift build --scratch-path "$scratch" --target Screen 2>&1) || fail "Menu.swift beside Menu.tips did not build" "$log"
echo "the app's own Menu.swift beside Menu.tips builds"

log=$(swift package --scratch-path "$scratch" --allow-writing-to-package-directory generate-tips --target Screen 2>&1) ||
    fail "generate-tips failed for Screen" "$log"
log=$(swift build --scratch-path "$scratch" --target Screen 2>&1) && fail "generated code committed beside the plugin built" "$log"
grep -q "multiple producers" <<<"$log" && fail "SwiftPM's 'multiple producers', not the plugin's message" "$log"
expected="Generated/Menu.tips.swift has the name of the Swift that TipsPlugin generates for target 'Screen'"
grep -qF "$expected" <<<"$log" || fail "expected: $expected" "$log"
rm -rf "Sources/Screen/Generated"
echo "generate-tips beside TipsPlugin: $expected"

log=$(swift package --scratch-path "$scratch" generate-tips --help 2>&1 </dev/null) || fail "--help failed" "$log"
grep -q "^Usage: swift package --allow-writing-to-package-directory generate-tips" <<<"$log" || fail "no usage" "$log"
grep -q "permission" <<<"$log" && fail "--help asked for permission" "$log"
echo "generate-tips --help prints its usage"

log=$(swift package --scratch-path "$scratch" generate-tips --target Nope 2>&1 </dev/null) && fail "an unknown target succeeded" "$log"
expected="no target named 'Nope' has .tips files; the targets that have are: Good, Languages, Locked, Options, Screen, TwoMenus"
grep -qF "$expected" <<<"$log" || fail "expected: $expected" "$log"
echo "generate-tips --target Nope: $expected"

mkdir -p Sources/Good/Generated
printf '// Generated by tipc 0.0.1 from Gone.tips. Do not edit: edit Gone.tips and rebuild.\n' > Sources/Good/Generated/Gone.swift
printf '// Written by hand.\n' > Sources/Good/Generated/Mine.swift
printf '// Generated by tipc 0.0.1 from Good.tips. Do not edit: edit Good.tips and rebuild.\n' > Sources/Good/Generated/Good.swift
log=$(swift package --scratch-path "$scratch" --allow-writing-to-package-directory generate-tips --target Good 2>&1) ||
    fail "generate-tips failed" "$log"
[ -f Sources/Good/Generated/Good.tips.swift ] || fail "Good.tips.swift was not generated" "$log"
[ -f Sources/Good/Generated/Gone.swift ] && fail "the stale Gone.swift was kept" "$log"
[ -f Sources/Good/Generated/Mine.swift ] || fail "a file tipc did not write was removed" "$log"
[ -f Sources/Good/Generated/Good.swift ] && fail "Good.swift, tipc's earlier name for Good.tips.swift, was kept" "$log"
echo "generate-tips removed the stale Gone.swift and the earlier-named Good.swift, and kept Mine.swift"

log=$(swift package --scratch-path "$scratch" tips-lock --help 2>&1 </dev/null) || fail "tips-lock --help failed" "$log"
grep -q "^Usage: swift package --allow-writing-to-package-directory tips-lock" <<<"$log" || fail "no usage" "$log"
grep -q "permission" <<<"$log" && fail "tips-lock --help asked for permission" "$log"
echo "tips-lock --help prints its usage"

log=$(swift package --scratch-path "$scratch" --allow-writing-to-package-directory tips-lock --target Locked 2>&1) ||
    fail "tips-lock failed" "$log"
grep -q "^event opened$" Sources/Locked/tipc.lock || fail "tipc.lock does not lock 'opened'" "$(cat Sources/Locked/tipc.lock)"
grep -qF "added event 'opened'" <<<"$log" || fail "tips-lock did not say what it added" "$log"
echo "tips-lock wrote Sources/Locked/tipc.lock"

log=$(swift build --scratch-path "$scratch" --target Locked 2>&1) || fail "the locked target did not build" "$log"
printf 'event openedApp\n' > Sources/Locked/Locked.tips
log=$(swift build --scratch-path "$scratch" --target Locked 2>&1) && fail "a build that loses state passed" "$log"
expected="Locked.tips:1:7: error: locked event 'opened' is gone"
grep -qF "$expected" <<<"$log" || fail "expected: $expected" "$log"
# The way out it names is the package's command, which this package can run.
way="or run \`swift package --allow-writing-to-package-directory tips-lock --target Locked\` to accept the reset"
grep -qF "$way" <<<"$log" || fail "expected the error to end: $way" "$log"
echo "a renamed event fails the build: $expected ... $way"
printf 'event openedApp renamedFrom opened\n' > Sources/Locked/Locked.tips
log=$(swift build --scratch-path "$scratch" --target Locked 2>&1) || fail "renamedFrom did not pass the lock" "$log"
log=$(swift package --scratch-path "$scratch" --allow-writing-to-package-directory tips-lock --target Locked 2>&1) ||
    fail "tips-lock failed" "$log"
grep -qF "moved event 'opened' to event 'openedApp'" <<<"$log" || fail "tips-lock did not record the move" "$log"
echo "renamedFrom passes the build, and tips-lock records the move"

# A catalog, as a team makes one: `tipc strings` writes the English, a
# translator adds German and Japanese (here with one slot misspelled).
tipc="$root/.build/debug/tipc"
log=$("$tipc" strings Sources/Languages/Café.tips --output Sources/Languages/Tips.xcstrings 2>&1) ||
    fail "tipc strings failed" "$log"
[ "$log" = "Sources/Languages/Tips.xcstrings: 4 strings: 4 added" ] || fail "tipc strings said" "$log"
translate() {
    python3 - "$1" <<'PY'
import json, sys
words = {
    "DailySpecial.title": ("Probier das Tagesgericht", "本日のおすすめをどうぞ"),
    "DailySpecial.message": ("Das Tagesgericht wechselt jeden Morgen.", "おすすめは毎朝変わります。"),
    "Welcome.title": ("Willkommen, \\(guest)", "ようこそ、\\(guest)さん"),
    "Welcome.message": ("Dein Tisch ist \\(" + sys.argv[1] + ").", "お席は\\(table)番です。"),
}
path = "Sources/Languages/Tips.xcstrings"
catalog = json.load(open(path, encoding="utf-8"))
for key, texts in words.items():
    for language, text in zip(("de", "ja"), texts):
        unit = {"stringUnit": {"state": "translated", "value": text}}
        catalog["strings"][key]["localizations"][language] = unit
# Xcode's layout.
text = json.dumps(catalog, indent=2, separators=(",", " : "), ensure_ascii=False, sort_keys=True)
open(path, "w", encoding="utf-8").write(text)
PY
}
translate tabel
log=$(swift build --scratch-path "$scratch" --target Languages 2>&1) && fail "a misspelled slot built" "$log"
expected="Sources/Languages/Tips.xcstrings:59:39: error: the German (de) translation of 'Welcome.message' has the slot"
grep -F "$expected" <<<"$log" | grep -qF "tabel" || fail "expected: $expected... naming 'tabel'" "$log"
echo "a misspelled slot fails the build: $(grep -F "$expected" <<<"$log" | head -1)"
translate table
# The translator's catalog, in Xcode's layout, is one tipc leaves alone.
log=$("$tipc" strings Sources/Languages/Café.tips --output Sources/Languages/Tips.xcstrings 2>&1) ||
    fail "tipc strings failed" "$log"
[ "$log" = "Sources/Languages/Tips.xcstrings: 4 strings, up to date" ] || fail "tipc strings said" "$log"
log=$(swift build --scratch-path "$scratch" --product Languages 2>&1) || fail "the translated target did not build" "$log"
languages="$scratch/debug/Languages"
check_run() { # expected line, then the environment and arguments of the run
    local expected=$1; shift
    local got; got=$(env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LANG "$@" 2>&1) || fail "Languages failed" "$got"
    [ "$got" = "$expected" ] || fail "$* printed: $got; expected: $expected" "$got"
    echo "$*: $got"
}
german="Probier das Tagesgericht | Das Tagesgericht wechselt jeden Morgen. | Willkommen, Ada | Dein Tisch ist 7."
japanese="本日のおすすめをどうぞ | おすすめは毎朝変わります。 | ようこそ、Adaさん | お席は7番です。"
english="Try today's special | The special changes every morning. | Welcome, Ada | Your table is 7."
check_run "$german" LANGUAGE=ja "$languages" de
check_run "$japanese" LANGUAGE=ja_JP:en "$languages"
check_run "$german" LANG=de_AT.UTF-8 "$languages"
check_run "$english" LANGUAGE=fr:en "$languages"
check_run "$english" "$languages" en
