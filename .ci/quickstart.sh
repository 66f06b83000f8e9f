#!/usr/bin/env bash
# Follows the README's quick start verbatim, as a new user would: in a new
# folder whose path has a space, beside a clone named `tipc` (here a link to
# this checkout), it runs the README's commands, writes the README's files,
# checks they are Samples/PluginConsumer's (whose tipc path is "../.."), and
# checks that `swift run` prints the README's output, twice.
#
#     .ci/quickstart.sh <tipc checkout> <empty work directory>
set -euo pipefail
root=$(cd "$1" && pwd)
work=$2
base="$work/new app"
blocks="$work/blocks"
mkdir -p "$base" "$blocks"
ln -s "$root" "$base/tipc"

# Each block after a `<!-- quickstart: KIND [PATH] -->` line becomes
# blocks/NN.KIND, with its PATH in blocks/NN.KIND.path.
awk -v dir="$blocks" '
    /^<!-- quickstart: .* -->$/ {
        line = $0
        sub(/^<!-- quickstart: /, "", line); sub(/ -->$/, "", line)
        kind = line; path = ""
        if (index(line, " ") > 0) { kind = substr(line, 1, index(line, " ") - 1); path = substr(line, index(line, " ") + 1) }
        pending = 1; next
    }
    pending && /^```/ {
        count++; out = sprintf("%s/%02d.%s", dir, count, kind)
        if (path != "") { print path > (out ".path"); close(out ".path") }
        printf "" > out; pending = 0; inside = 1; next
    }
    inside && /^```$/ { inside = 0; close(out); next }
    inside { print >> out }
' "$root/README.md"

ls "$blocks"/*.file >/dev/null 2>&1 || { echo "the README has no quick-start files"; exit 1; }
cd "$base"
last_output=""
for block in "$blocks"/*; do
    case "$block" in
    *.path) continue ;;
    *.commands)
        echo "\$ $(tr '\n' ';' < "$block")"
        last_output="$block.stdout"
        # shellcheck disable=SC1090
        source "$block" > "$last_output"
        ;;
    *.file)
        path=$(cat "$block.path")
        mkdir -p "$(dirname "$path")"
        cp "$block" "$path"
        sample="$root/Samples/PluginConsumer/$path"
        if ! diff <(sed 's|path: "\.\./tipc"|path: "../.."|' "$block") "$sample"; then
            echo "README's $path differs from $sample"; exit 1
        fi
        ;;
    *.output)
        lines=$(wc -l < "$block")
        if ! diff <(tail -n "$lines" "$last_output") "$block"; then
            echo "the program's output differs from the README's"; exit 1
        fi
        # Again: the same output on the second run.
        tail -n "$lines" <(swift run CafeApp) | diff - "$block"
        echo "the quick start prints what the README shows (twice)"
        ;;
    esac
done
# The sample package holds no file the README does not show.
extra=$(cd "$root/Samples/PluginConsumer" && find Package.swift Sources -type f | sort)
shown=$(cat "$blocks"/*.file.path | sort)
if [ "$extra" != "$shown" ]; then
    echo "Samples/PluginConsumer's files are not the README's:"; diff <(echo "$shown") <(echo "$extra"); exit 1
fi
