#!/usr/bin/env bash
# Makes Assets/playground.gif, the GIF scene's bundled animation: 24 snapshots of the emoji
# wave, 0.08 s apart, joined by ImageMagick into a GIF that loops forever. Frames are kept
# whole (no -layers Optimize): SDL_image 2.6 does not composite partial frames.
set -euo pipefail
BIN=${1:?usage: make-gif.sh PATH/TO/playground}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for i in $(seq 0 23); do
  t=$(python3 -c "print(1.2 + $i * 0.08)")
  "$BIN" snapshot --scene emoji-wave --at "$t" --date 2026-01-01T10:34:30Z --size 288x180 \
    --out "$TMP/$(printf %02d "$i").png"
done
# Debian's ImageMagick, not a stand-in that may come first on PATH.
CONVERT=$([ -x /usr/bin/convert ] && echo /usr/bin/convert || echo convert)
"$CONVERT" -delay 8 -loop 0 "$TMP"/*.png "GIF:$ROOT/Assets/playground.gif.tmp"
mv "$ROOT/Assets/playground.gif.tmp" "$ROOT/Assets/playground.gif"
echo "wrote $ROOT/Assets/playground.gif ($(stat -c %s "$ROOT/Assets/playground.gif") bytes)"
