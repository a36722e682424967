#!/usr/bin/env bash
# Sourced by e2e.sh: `record` with a sketch path. The Scenes folder compiled as a sketch records
# the same frames as the built-in scene, and its MP4 reads back. The formats, faults and signals
# are checked in RecordTests (swift test); this covers the supervised sketch child.
# Uses BIN, WORK, HERE, pass and fail from e2e.sh.

REC=$WORK/record
mkdir -p "$REC"
ROOT=$(cd "$HERE/../.." && pwd)
if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  fail "record: ffmpeg is not installed (make test installs it: apt-get install ffmpeg)"
else
  args=(--from 0.5 --seconds 0.6 --fps 10 --size 240x135 --date 2026-01-01T10:34:30Z)
  if "$BIN" record --scene "$ROOT/Scenes/" --view BeatingHeartScene "${args[@]}" --out "$REC/sketch/" \
    2>"$REC/sketch.err" && "$BIN" record --scene heart "${args[@]}" --out "$REC/builtin/" 2>/dev/null &&
    [ "$(ls "$REC/sketch" | wc -l)" -eq 6 ] && diff -rq "$REC/sketch" "$REC/builtin" >/dev/null; then
    pass "record of Scenes/ as a sketch (--view BeatingHeartScene): the built-in heart's frames, byte for byte"
  else
    fail "record of a sketch" "$(tail -3 "$REC/sketch.err")"
  fi
  if "$BIN" record --scene "$ROOT/Scenes/" --view BeatingHeartScene "${args[@]}" --out "$REC/sketch.mp4" \
    2>"$REC/mp4.err" && [ "$(ffprobe -v error -count_frames -select_streams v:0 -show_entries \
    stream=codec_name,nb_read_frames -of csv=p=0 "$REC/sketch.mp4")" = "h264,6" ]; then
    pass "record of a sketch to MP4: six H.264 frames read back"
  else
    fail "record of a sketch to MP4" "$(tail -3 "$REC/mp4.err")"
  fi
fi
