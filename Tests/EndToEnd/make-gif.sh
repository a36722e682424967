#!/usr/bin/env bash
# Makes Assets/playground.gif, the GIF scene's bundled animation, with `playground record`: the
# emoji wave from 1.2 s, 24 frames at 12.5 fps (8 hundredths of a second each, which a GIF
# stores exactly), one palette for the clip, looping forever.
set -euo pipefail
BIN=${1:?usage: make-gif.sh PATH/TO/playground}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
"$BIN" record --scene emoji-wave --from 1.2 --fps 12.5 --seconds 1.92 --size 288x180 \
  --date 2026-01-01T10:34:30Z --out "$ROOT/Assets/playground.gif"
