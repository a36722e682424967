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

# Ctrl+F12 in a real window: records what the window presents at its own present times, into
# the screenshot folder; the REC mark and the app's messages are drawn after the capture.
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then
  mkdir -p "$REC/window"
  "$BIN" run --scene visualizer --size 640x360 --screenshot-dir "$REC/window" --duration 20 \
    >/dev/null 2>"$REC/window.err" &
  PID=$!
  if WIN=$(find_window $PID); then
    xdotool windowactivate --sync "$WIN" >/dev/null 2>&1
    sleep 0.5
    xdotool key --window "$WIN" ctrl+F12
    sleep 1.5
    import -window "$WIN" "$REC/window-shot.png" 2>/dev/null
    sleep 1
    xdotool key --window "$WIN" ctrl+F12
    sleep 1
    xdotool key --window "$WIN" q
    xdotool keyup q >/dev/null 2>&1
    wait $PID
    clip=$(ls "$REC"/window/playground-visualizer-*.mp4 2>/dev/null | head -1)
    frames=$([ -n "$clip" ] && ffprobe -v error -count_frames -select_streams v:0 -show_entries \
      stream=nb_read_frames -of csv=p=0 "$clip")
    # Gaps between present times, in ms: a steady 60 Hz window has almost all near 16.7.
    p99=$([ -n "$clip" ] && ffprobe -v error -select_streams v:0 -show_entries packet=pts_time -of csv=p=0 "$clip" |
      sort -g | awk 'NR>1{print ($1-p)*1000} {p=$1}' | sort -g | awk '{a[NR]=$1} END{print a[int(NR*0.99)+1]}')
    [ -n "$clip" ] && ffmpeg -v error -nostdin -ss 1 -i "$clip" -frames:v 1 -y "$REC/window-frame.png"
    # The mark's red dot is at the bottom left of the window, the toast at the top middle.
    dot=$(python3 "$HERE/png-pixel.py" "$REC/window-shot.png" 25 339 2>/dev/null)
    clean_dot=$(python3 "$HERE/png-pixel.py" "$REC/window-frame.png" 25 339 2>/dev/null)
    clean_top=$(python3 "$HERE/png-pixel.py" "$REC/window-frame.png" 320 24 2>/dev/null)
    if grep -q "recording saved: $REC/window/playground-visualizer-" "$REC/window.err" && [ "${frames:-0}" -ge 90 ] &&
      awk -v p="${p99:-999}" 'BEGIN{exit !(p <= 33.4)}' &&
      [[ "$dot" =~ ^2[0-9][0-9]\ [0-9]{1,2}\ [0-9]{1,2}$ ]] &&
      [[ ! "$clean_dot" =~ ^2[0-9][0-9]\ [0-9]{1,2}\ [0-9]{1,2}$ ]] &&
      [ "$(echo "$clean_top" | awk '{print ($1 < 60 && $2 < 60 && $3 < 90)}')" = 1 ]; then
      pass "Ctrl+F12 records the window: $frames frames, p99 gap $p99 ms, REC mark and toast not recorded"
    else
      fail "Ctrl+F12 recording" "frames=$frames p99=$p99 dot='$dot' recorded='$clean_dot' top='$clean_top' \
$(tail -3 "$REC/window.err")"
    fi
  else
    fail "no playground window appeared for Ctrl+F12"
    kill $PID 2>/dev/null
  fi
fi
