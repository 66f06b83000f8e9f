#!/usr/bin/env bash
# Drives Neovim's built-in LSP client, headless, against `tipc lsp`: the
# Trails sample tips with one mistake, and their String Catalog; see Editors/neovim/test/session.lua.
# Usage: .ci/neovim-check.sh <tipc> <scratch directory>
set -euo pipefail
tipc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work" && mkdir -p "$work"
cp "$root"/Samples/Trails/Tips/*.tips "$root"/Samples/Trails/Tips/Tips.xcstrings "$work/"
sed -i 's/    rule isSignedIn$/    rule isSigndIn/' "$work/Trails.tips"
grep -q isSigndIn "$work/Trails.tips"
TIPC="$tipc" TIPS_FILE="$work/Trails.tips" timeout 120 \
    nvim --headless -n -i NONE -u "$root/Editors/neovim/test/session.lua"
