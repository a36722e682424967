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
