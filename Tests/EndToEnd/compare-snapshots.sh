#!/usr/bin/env bash
# Renders every scene at fixed times, sizes, scales and renderers with two binaries and
# compares the PNGs byte for byte: a refactor that changes no behaviour changes no pixel.
# Usage: compare-snapshots.sh OLD_BINARY NEW_BINARY [WORK_DIR]
set -euo pipefail
OLD=${1:?usage: compare-snapshots.sh OLD_BINARY NEW_BINARY [WORK_DIR]}
NEW=${2:?usage: compare-snapshots.sh OLD_BINARY NEW_BINARY [WORK_DIR]}
WORK=${3:-$(mktemp -d)}
mkdir -p "$WORK/old" "$WORK/new"
DATE=2026-01-01T10:34:30Z
scenes=$("$NEW" list | awk '{ print ($1 ~ /^[0-9]$/) ? $2 : $1 }')
count=0
differ=0
for scene in $scenes; do
  for at in 0.35 1.55 3.2; do
    for variant in "cpu 960x540 1" "sdl-software 640x360 1" "cpu 400x300 2"; do
      read -r renderer size scale <<<"$variant"
      name="$scene-$at-$renderer-$size-x$scale.png"
      for side in old new; do
        bin=$OLD
        [ "$side" = new ] && bin=$NEW
        TZ=UTC SDL_VIDEODRIVER=offscreen "$bin" snapshot --scene "$scene" --at "$at" --date "$DATE" \
          --size "$size" --scale "$scale" --renderer "$renderer" --out "$WORK/$side/$name" 2>/dev/null
      done
      count=$((count + 1))
      if ! cmp -s "$WORK/old/$name" "$WORK/new/$name"; then
        echo "differs: $name" >&2
        differ=$((differ + 1))
      fi
    done
  done
done
echo "snapshots: $((count - differ)) identical, $differ differ (PNGs in $WORK)"
[ "$differ" -eq 0 ]
