#!/usr/bin/env bash
# Renders the README screenshots offscreen, deterministically (fixed start date, fixed times).
set -euo pipefail
BIN=${1:?usage: screenshots.sh PATH/TO/playground}
OUT=$(cd "$(dirname "$0")/../.." && pwd)/Assets/screenshots
mkdir -p "$OUT"
DATE=2026-01-01T10:34:30Z
shot() { # scene, seconds
  TZ=UTC "$BIN" snapshot --scene "$1" --at "$2" --date "$DATE" --size 960x540 --out "$OUT/$1.png"
  echo "wrote $OUT/$1.png"
}
shot visualizer 1.0
shot live-indicator 0.6
shot mesh-gradient 2.0
shot clock 2.0
shot emoji-wave 1.55
shot metronome 2.5
shot heart 0.3
shot many-faces 1.1
shot quips 3.2
shot world-clock 2.0
shot gif 0.5
# The update trap uses the articles' `.now`, so it is shown at the real time: the guard has
# tripped by the second tick.
TZ=UTC "$BIN" snapshot --scene update-trap --at 2.5 --size 960x540 --out "$OUT/update-trap.png" 2>/dev/null
echo "wrote $OUT/update-trap.png"
shot timer-vs-timeline 3.0
shot particles 2.0
shot keyframes 0.75
