#!/usr/bin/env bash
# Sourced by e2e.sh: drives the real window with xdotool as a user would (keys, minimize).
# Uses BIN, WORK, pass and fail from e2e.sh.

# The title as a window manager shows it: _NET_WM_NAME, UTF-8. (xdotool getwindowname reads
# WM_NAME, which SDL types by the locale's codeset and xdotool cannot decode.)
title_of() {
  LC_ALL=C.UTF-8 xprop -id "$1" _NET_WM_NAME 2>/dev/null | sed -n 's/^_NET_WM_NAME(UTF8_STRING) = "\(.*\)"$/\1/p'
}
wait_title() { # window, expected title, seconds
  local i
  for i in $(seq $(( $3 * 20 ))); do
    [ "$(title_of "$1")" = "$2" ] && return 0
    sleep 0.05
  done
  return 1
}
find_window() { # pid
  local i w
  for i in $(seq 100); do
    w=$(xdotool search --pid "$1" 2>/dev/null | head -1)
    [ -n "$w" ] && { echo "$w"; return 0; }
    sleep 0.1
  done
  return 1
}

# Keyboard hot-switching: every scene opens by key in the real window; the title follows.
"$BIN" run --scene visualizer --duration 30 --stats >"$WORK/keys.json" 2>"$WORK/keys.err" &
PID=$!
if WIN=$(find_window $PID); then
  xdotool windowactivate --sync "$WIN" >/dev/null 2>&1
  ok=1
  wait_title "$WIN" "Timeline Playground — Visualizer" 3 || ok=0
  k=1
  for t in "Visualizer" "Live Indicator" "Mesh Gradient" "Clock" "Emoji Wave" "Metronome" "Beating Heart" \
    "Many Faces" "Quips" "World Clock"; do
    xdotool key --window "$WIN" $((k % 10)); wait_title "$WIN" "Timeline Playground — $t" 3 || { ok=0; echo "key $k: $t" >&2; }
    k=$((k + 1))
  done
  for t in "GIF Player" "The Update Trap" "Timer vs Timeline" "Particle Field" "Keyframe Animator" "Visualizer"; do
    xdotool key --window "$WIN" Right; wait_title "$WIN" "Timeline Playground — $t" 3 || { ok=0; echo "right: $t" >&2; }
  done
  xdotool key --window "$WIN" Left; wait_title "$WIN" "Timeline Playground — Keyframe Animator" 3 || ok=0
  xdotool key --window "$WIN" Tab; wait_title "$WIN" "Timeline Playground — Visualizer" 3 || ok=0
  xdotool key --window "$WIN" shift+Tab; wait_title "$WIN" "Timeline Playground — Keyframe Animator" 3 || ok=0
  [ $ok -eq 1 ] && pass "keys 1…9, 0, →×6, ←, Tab, Shift+Tab open all 15 scenes (title: $(title_of "$WIN"))" \
    || fail "key switching" "title is '$(title_of "$WIN")'"
  xdotool key --window "$WIN" q
  # The window is gone once Q is down; xdotool can then fail before it sends the release, and
  # the X server keeps Q held, so every later window would see Q pressed at start and quit.
  xdotool keyup q >/dev/null 2>&1
  wait $PID; rc=$?
  [ $rc -eq 0 ] && pass "Q quits cleanly" || fail "Q quit (rc=$rc)" "$(cat "$WORK/keys.err")"
else
  fail "no playground window appeared"
  kill $PID 2>/dev/null
fi

# Minimize: an .animation scene falls silent, then comes back with a frame at once. "At once"
# here means well before the clock's next tick (up to 1 s away); the 50 ms target is a speed
# target, measured in a release build by `playground bench --idle`, not asserted of this debug one.
minimize_check() { # scene, max frames expected over the run
  local scene=$1 maxframes=$2 out frames wmin rfirst
  "$BIN" run --scene "$scene" --duration 7 --minimized-grace 60 --stats >"$WORK/min.json" 2>"$WORK/min.err" &
  local pid=$!
  local win
  win=$(find_window $pid) || { fail "$scene: no window"; kill $pid; return; }
  sleep 1.5
  xdotool windowminimize --sync "$win" >/dev/null 2>&1
  sleep 1
  local minimized_title
  minimized_title=$(title_of "$win")
  sleep 3
  xdotool windowactivate --sync "$win" >/dev/null 2>&1 || xdotool windowmap "$win"
  wait $pid
  out=$(cat "$WORK/min.json")
  frames=$(echo "$out" | json 'd["frames_presented"]' 2>/dev/null || echo -1)
  wmin=$(echo "$out" | json 'd["wakeups_minimized"]' 2>/dev/null || echo -1)
  rfirst=$(echo "$out" | json 'd["restore_to_frame_ms"][0] if d["restore_to_frame_ms"] else -1' 2>/dev/null || echo -1)
  if [ "$frames" -ge 1 ] && [ "$frames" -le "$maxframes" ] && [ "$wmin" -ge 0 ] && [ "$wmin" -le 6 ] &&
    python3 -c "import sys; sys.exit(0 if 0 <= float('$rfirst') <= 250 else 1)"; then
    pass "$scene minimized ~4 s: $frames frames in all, $wmin wake-ups while minimized, restore→frame ${rfirst} ms"
  else
    fail "$scene minimize (frames=$frames wakeups_minimized=$wmin restore=$rfirst)" "$out $(cat "$WORK/min.err")"
  fi
  MIN_TITLE=$minimized_title
}
# Visible ~3 s of 7: a 60 Hz scene presents about 180 frames, not 420.
minimize_check visualizer 240
minimize_check clock 8
if [[ "$MIN_TITLE" =~ ^Timeline\ Playground\ —\ Clock\ [0-9]{2}:[0-9]{2}(:[0-9]{2})?$ ]]; then
  pass "minimized clock keeps the time in the title: '$MIN_TITLE'"
else
  fail "minimized clock title" "'$MIN_TITLE'"
fi

# The idle benchmark minimizes its own window, then restores it and times the frame that follows.
idle_json="$WORK/idle.json"
if "$BIN" bench --idle --scene clock --seconds 1 --json "$idle_json" >"$WORK/idle.out" 2>"$WORK/idle.err" &&
  python3 -c "
import json, sys
r = json.load(open('$idle_json'))['scenes'][0]
ok = r['minimized'] and r['minimized_frames'] == 0 and 0 <= r.get('restore_to_frame_ms', -1) < 1000
sys.exit(0 if ok else 1)"; then
  pass "bench --idle: minimized, no frames, restored with a frame ($(tail -1 "$WORK/idle.out" | awk '{print $NF}') ms)"
else
  fail "bench --idle" "$(cat "$WORK/idle.out" "$WORK/idle.err")"
fi

# Sound: the metronome's beats reach SDL's audio output (the disk driver writes what it would
# play), each within a few milliseconds of its frame; a bogus driver is one warning, no more.
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$WORK/audio.raw" SDL_DISKAUDIODELAY=5 \
  "$BIN" run --scene metronome --duration 3.5 --stats >"$WORK/metro.json" 2>"$WORK/metro.err"; rc=$?
sounds=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['sounds'])" "$WORK/metro.json" 2>/dev/null || echo 0)
loud=$(python3 -c "
import struct,sys
d=open(sys.argv[1],'rb').read(); n=len(d)//4
print(sum(1 for i in range(n) if abs(struct.unpack_from('<f',d,i*4)[0])>0.05))" "$WORK/audio.raw" 2>/dev/null || echo 0)
if [ $rc -eq 0 ] && [ "$sounds" -ge 3 ] && [ "$loud" -gt 1000 ] && ! grep -qE "^(warning|error):" "$WORK/metro.err"; then
  pass "metronome: $sounds sounds through SDL's audio ($loud loud samples), $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['sound_latency_ms_max'])" "$WORK/metro.json") ms worst after their frame"
else
  fail "metronome audio (rc=$rc, sounds=$sounds, loud=$loud)" "$(cat "$WORK/metro.err")"
fi
SDL_AUDIODRIVER=bogus "$BIN" run --scene metronome --duration 2.5 --stats >"$WORK/metro2.json" 2>"$WORK/metro2.err"; rc=$?
frames=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['frames_presented'])" "$WORK/metro2.json" 2>/dev/null || echo 0)
if [ $rc -eq 0 ] && [ "$(wc -l <"$WORK/metro2.err")" -eq 1 ] && grep -q "^warning: no sound: " "$WORK/metro2.err" && [ "$frames" -gt 20 ]; then
  pass "a bogus SDL_AUDIODRIVER is one warning line; the pendulum still swings ($frames frames)"
else
  fail "bogus audio driver (rc=$rc, frames=$frames)" "$(cat "$WORK/metro2.err")"
fi

# F11: desktop fullscreen, as the window manager sees it; F12: a screenshot of the window's
# pixels, named after the scene, announced on stderr.
mkdir -p "$WORK/shots"
"$BIN" run --scene clock --size 640x360 --duration 4 --screenshot-dir "$WORK/shots" \
  >/dev/null 2>"$WORK/fs.err" &
PID=$!
if WIN=$(find_window $PID) && wait_title "$WIN" "Timeline Playground — Clock" 5; then
  sleep 0.5
  xdotool key --window "$WIN" F11; sleep 0.7
  state=$(xprop -id "$WIN" _NET_WM_STATE 2>/dev/null)
  xdotool key --window "$WIN" F12; sleep 0.7
  xdotool key --window "$WIN" F11; sleep 0.7
  after=$(xprop -id "$WIN" _NET_WM_STATE 2>/dev/null)
  wait $PID
  grep -q "_NET_WM_STATE_FULLSCREEN" <<<"$state" && ! grep -q "_NET_WM_STATE_FULLSCREEN" <<<"$after" &&
    pass "F11 toggles desktop fullscreen (_NET_WM_STATE_FULLSCREEN on, then off)" ||
    fail "F11 fullscreen" "before: $state / after: $after"
  shot=$(ls "$WORK/shots"/playground-clock-*.png 2>/dev/null | head -1)
  # The screenshot was taken while fullscreen: the size of the screen, not of the window asked for.
  dims=$(python3 -c "
import struct,sys
d=open(sys.argv[1],'rb').read(24)
print('%dx%d' % struct.unpack('>II', d[16:24]) if d[:8]==b'\x89PNG\r\n\x1a\n' else 'bad')" "$shot" 2>/dev/null)
  screen=$(xdpyinfo | awk '/dimensions:/{print $2}')
  [ -n "$shot" ] && [ "$dims" = "$screen" ] && grep -q "^screenshot: $WORK/shots/playground-clock-" "$WORK/fs.err" &&
    pass "F12 writes the window's pixels ($dims) to $(basename "$shot")" ||
    fail "F12 screenshot (shot=$shot dims=$dims screen=$screen)" "$(cat "$WORK/fs.err")"
else
  fail "no window for the F11/F12 check"
  kill $PID 2>/dev/null
fi

# The mouse: a click on a grid cell opens that scene; the wheel steps to the next one.
"$BIN" run --size 800x600 --keys g --duration 6 >/dev/null 2>"$WORK/mouse.err" &
PID=$!
if WIN=$(find_window $PID) && wait_title "$WIN" "Timeline Playground — Overview" 5; then
  sleep 0.5
  # 15 cells in a 4×4 grid with 6-point gaps: the sixth cell (metronome) is centred at (300, 225).
  xdotool mousemove --window "$WIN" 300 225 click 1
  wait_title "$WIN" "Timeline Playground — Metronome" 3 && clicked=1 || clicked=0
  xdotool mousemove --window "$WIN" 400 300 click 5
  wait_title "$WIN" "Timeline Playground — Beating Heart" 3 && wheeled=1 || wheeled=0
  [ $clicked -eq 1 ] && [ $wheeled -eq 1 ] && pass "a click on a grid cell opens it; the wheel steps to the next scene" ||
    fail "mouse (clicked=$clicked wheeled=$wheeled)" "title is '$(title_of "$WIN")'"
  kill $PID 2>/dev/null; wait $PID 2>/dev/null
else
  fail "no window for the mouse check"
  kill $PID 2>/dev/null
fi
