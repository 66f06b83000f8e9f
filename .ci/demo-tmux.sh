#!/usr/bin/env bash
# Runs trails-demo under a real terminal (tmux), presses keys as a person
# would, and checks what is on the screen: box cards and colour at a UTF-8
# terminal, the close key and an action's key doing what they say, plain
# ASCII without colour when the locale is not UTF-8 and NO_COLOR is set,
# cards that fit a narrow terminal, and Japanese cards whose edges line
# up. Usage: bash .ci/demo-tmux.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v tmux >/dev/null || { apt-get update -qq && apt-get install -y -qq tmux; }

swift build --product trails-demo
demo="$(swift build --show-bin-path)/trails-demo"
socket="tipc-demo-$$"
tmux_() { tmux -L "$socket" "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true' EXIT

fail() {
    echo "demo-tmux: $1"
    echo "--- screen:"
    tmux_ capture-pane -p -t demo -S - || true
    exit 1
}

# Starts the demo in a fresh pane of the given width with the given environment.
# The new session is made before the old one is killed, so that the server always
# has one: killing its last session makes it exit, and a new-session sent while it
# was exiting failed with "server exited unexpectedly" (seen once in CI).
start() {
    local width=$1
    shift
    tmux_ new-session -d -s next -x "$width" -y 200 "env $* '$demo'; echo '[demo exited]'; sleep 600"
    tmux_ kill-session -t demo 2>/dev/null || true
    tmux_ rename-session -t next demo
}

# Waits (up to 60 s) until the screen contains the fixed string $1.
wait_for() {
    for _ in $(seq 300); do
        if tmux_ capture-pane -p -t demo -S - | grep -qF -- "$1"; then return 0; fi
        sleep 0.2
    done
    fail "never saw: $1"
}

screen() { tmux_ capture-pane -p -t demo -S -; }
keys() { tmux_ send-keys -t demo "$@"; }

echo "== a UTF-8 colour terminal, 72 columns: close a tip, choose an action"
start 72 LANG=C.UTF-8 TERM=xterm-256color
wait_for "z later · x close · Enter go on >"
screen | grep -qF "╭─ Tip" || fail "no box-drawn card"
screen | grep -qF "│ Show your location" || fail "the compass tip is not on screen"
tmux_ capture-pane -p -e -t demo -S - | grep -qF $'\e[1mShow your location' || fail "the title is not bold"
keys x Enter
wait_for "Closed: “Show your location” will not show again."
wait_for "1 Learn More · z later · x close · Enter go on >"
screen | grep -qF "│ Save as a Favorite" || fail "the favorite tip is not on screen"
keys 1 Enter
wait_for "→ The app opens the help page about favorites."
keys Enter
wait_for "1 Go there now · z later · x close · Enter go on >"
keys Enter
wait_for "Day 8"
wait_for "│ Reorient the map"
keys Enter
wait_for "1 Go there now · z later · x close · Enter go on >"
keys Enter
wait_for "[demo exited]"
# The closed tip never came back.
test "$(screen | grep -cF "│ Show your location")" -eq 1 || fail "the closed tip showed again"

echo "== a C locale with NO_COLOR, 50 columns: plain ASCII, no colour, cards fit"
start 50 LANG=C LC_ALL=C NO_COLOR=1 TERM=xterm-256color
wait_for "z later · x close · Enter go on >"
screen | grep -qF "+- Tip" || fail "no ASCII card"
screen | grep -q "╭\|│" && fail "box characters in a C locale"
tmux_ capture-pane -p -e -t demo -S - | grep -qF $'\e[1m' && fail "colour although NO_COLOR is set"
top=$(screen | grep -F "+- Tip" | head -1 | sed 's/ *$//')
test "${#top}" -eq 50 || fail "the card is ${#top} columns wide, not the terminal's 50"
keys Enter
wait_for "Learn More · z later · x close"
keys Enter Enter Enter Enter
wait_for "[demo exited]"

echo "== TERM=dumb: plain ASCII even with a UTF-8 locale; z snoozes the tip on screen"
start 72 LANG=C.UTF-8 TERM=dumb
wait_for "z later · x close · Enter go on >"
screen | grep -qF "+- Tip" || fail "no ASCII card for a dumb terminal"
screen | grep -qF "[z] Later" || fail "the card does not offer its snooze key"
keys z Enter
wait_for "Later: “Show your location” is snoozed."

echo "== Japanese (LANGUAGE=ja), 60 columns: each card's right edge lines up, however wide its characters"
start 60 LANG=C.UTF-8 LANGUAGE=ja TERM=xterm-256color
wait_for "z later · x close · Enter go on >"
screen | grep -qF "│ 現在地を表示" || fail "the compass tip is not on screen in Japanese"
keys Enter
wait_for "│ お気に入りに保存"
# The column each card line ends at, counting a wide character as two, as tmux draws it.
screen | python3 -c '
import sys, unicodedata
width = lambda line: sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line.rstrip())
ends = {width(line) for line in sys.stdin if line.lstrip().startswith(("│", "╭", "╰"))}
sys.exit(0 if len(ends) == 1 else "card lines end at columns %s" % sorted(ends))' || fail "a Japanese card's edges do not line up"

echo "demo-tmux: passed"
