#!/usr/bin/env bash
# End-to-end checks of the real binary: a real window in a real X server (Xvfb + openbox),
# driven with xdotool, plus the command line's error cases. Prints "N passed, M failed".
set -uo pipefail
BIN=${1:?usage: e2e.sh PATH/TO/playground}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok   $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL $1"; [ -n "${2:-}" ] && echo "       $2"; }

# A private X server with a window manager, so minimize means what it means on a desktop.
for n in $(seq 90 140); do [ -e /tmp/.X11-unix/X$n ] || { DISP=:$n; break; }; done
Xvfb "$DISP" -screen 0 1600x1000x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
XVFB=$!
export DISPLAY=$DISP
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
openbox >"$WORK/openbox.log" 2>&1 &
WM=$!
sleep 0.5
cleanup() { kill "$WM" "$XVFB" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

json() { python3 -c "import json,sys; d=json.loads(sys.stdin.read().strip().splitlines()[-1]); print($1)"; }

echo "End-to-end (display $DISP):"

# 1. An .animation scene in a real window animates (this is a debug build on a possibly busy
#    machine, so at least 20 frames a second), never faster than the display's 60 Hz, and exits
#    cleanly. Frame rates proper are the benchmark's business.
out=$("$BIN" run --scene visualizer --duration 3 --stats 2>"$WORK/err"); rc=$?
if [ $rc -eq 0 ] && frames=$(echo "$out" | json 'd["frames_presented"]') && [ "$frames" -ge 60 ] && [ "$frames" -le 185 ]; then
  pass "visualizer: exit 0, $frames frames in 3 s"
else
  fail "visualizer run (rc=$rc)" "$out $(cat "$WORK/err")"
fi
for key in scene duration_s frames_presented wakeups cpu_user_s cpu_sys_s max_rss_kb; do
  echo "$out" | json "d['$key']" >/dev/null 2>&1 || { fail "stats JSON lacks $key"; }
done

# 2. The clock wakes once a second, not every frame.
out=$("$BIN" run --scene clock --duration 4.5 --stats 2>"$WORK/err"); rc=$?
frames=$(echo "$out" | json 'd["frames_presented"]' 2>/dev/null || echo -1)
wakeups=$(echo "$out" | json 'd["wakeups"]' 2>/dev/null || echo -1)
if [ $rc -eq 0 ] && [ "$frames" -ge 4 ] && [ "$frames" -le 9 ] && [ "$wakeups" -le 20 ]; then
  pass "clock: $frames frames and $wakeups wake-ups in 4.5 s"
else
  fail "clock pacing (rc=$rc frames=$frames wakeups=$wakeups)" "$out"
fi

# 3. Command-line errors: one line, the right exit status.
expect_error() { # name, expected status, expected text, command...
  local name=$1 want=$2 text=$3; shift 3
  local err rc lines
  err=$("$@" 2>&1 >/dev/null); rc=$?
  lines=$(printf '%s\n' "$err" | grep -c .)
  if [ $rc -eq "$want" ] && [ "$lines" -eq 1 ] && grep -q -- "$text" <<<"$err"; then
    pass "$name: exit $rc, \"$err\""
  else
    fail "$name (exit $rc, want $want; $lines lines)" "$err"
  fi
}
expect_error "unknown scene" 64 "valid scenes: visualizer, live-indicator, mesh-gradient, clock, emoji-wave, metronome" \
  "$BIN" run --scene nope
expect_error "no display" 69 "SDL_VIDEODRIVER=offscreen" env -u DISPLAY SDL_VIDEODRIVER=x11 "$BIN" run --duration 1
expect_error "unreachable DISPLAY" 69 "the X server at DISPLAY=:199 cannot be reached" env DISPLAY=:199 "$BIN" run --duration 1
expect_error "negative duration" 64 "duration" "$BIN" run --duration=-2
expect_error "bad snapshot date" 64 "ISO 8601" "$BIN" snapshot --scene clock --at 1 --date yesterday --out "$WORK/x.png"
err=$("$BIN" run --size 12by7 2>&1 >/dev/null); rc=$?
[ $rc -eq 64 ] && grep -q "size" <<<"$err" && pass "malformed --size: exit 64" || fail "malformed --size (exit $rc)" "$err"

# 4. Snapshots need no display and are deterministic.
if env -u DISPLAY "$BIN" snapshot --scene clock --at 2 --date 2026-01-01T10:34:30Z --size 320x180 --out "$WORK/a.png" &&
  env -u DISPLAY "$BIN" snapshot --scene clock --at 2 --date 2026-01-01T10:34:30Z --size 320x180 --out "$WORK/b.png" &&
  cmp -s "$WORK/a.png" "$WORK/b.png" && [ "$(head -c 4 "$WORK/a.png" | od -An -c | tr -d ' ')" = "211PNG" ]; then
  pass "snapshot without a display: a PNG, identical twice"
else
  fail "snapshot determinism"
fi

# 5. The X server goes away under a running window: one line naming the display, exit 69,
#    and the stats and trace are still written.
for n in $(seq 141 190); do [ -e /tmp/.X11-unix/X$n ] || { LOST=:$n; break; }; done
Xvfb "$LOST" -screen 0 640x480x24 -nolisten tcp >/dev/null 2>&1 &
LOSTX=$!
for _ in $(seq 50); do DISPLAY=$LOST xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
DISPLAY=$LOST "$BIN" run --scene visualizer --stats --trace "$WORK/lost.json" >"$WORK/lost.out" 2>"$WORK/lost.err" &
PG=$!
sleep 2
kill "$LOSTX"; wait "$LOSTX" 2>/dev/null
timeout 10 tail --pid=$PG -f /dev/null; wait $PG; rc=$?
lines=$(grep -vc "^warning:" "$WORK/lost.err")
if [ $rc -eq 69 ] && [ "$lines" -eq 1 ] && grep -q "lost the connection to the display $LOST" "$WORK/lost.err" &&
  frames=$(json 'd["frames_presented"]' <"$WORK/lost.out") && [ "$frames" -ge 1 ] &&
  python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$WORK/lost.json"; then
  pass "X server lost: exit 69, one line, stats ($frames frames) and a valid trace"
else
  fail "X server lost (rc=$rc)" "$(cat "$WORK/lost.err") $(head -c 200 "$WORK/lost.out")"
fi

# 6. SIGHUP (the terminal closed) ends a run like SIGTERM: stats, a closed trace, exit 129.
"$BIN" run --scene clock --stats --trace "$WORK/hup.json" >"$WORK/hup.out" 2>"$WORK/hup.err" &
PG=$!
sleep 1.5
kill -HUP $PG; wait $PG; rc=$?
if [ $rc -eq 129 ] && json 'd["frames_presented"]' <"$WORK/hup.out" >/dev/null &&
  python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$WORK/hup.json"; then
  pass "SIGHUP: exit 129 with stats and a valid trace"
else
  fail "SIGHUP (rc=$rc)" "$(cat "$WORK/hup.err")"
fi

# 7. A 30 s soak, headless: every scene, key, size and minimize, judged on cache bounds and on
#    gross memory growth (64 MB: the texture pile-up it found grew 88 MB in 30 s). The strict
#    2 MB and the frame times are judged by the README's release run, not by this debug one.
out=$(SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy "$BIN" soak --duration 30 --frame-limit 0 --rss-limit 64 2>"$WORK/soak.err"); rc=$?
if [ $rc -eq 0 ] && grep -q "^soak: PASS" <<<"$out"; then
  pass "soak 30 s: $(cut -c1-160 <<<"$out")…"
else
  fail "soak (rc=$rc)" "$out $(tail -3 "$WORK/soak.err")"
fi

# 8. make install: binary, assets, completions, desktop entry and the program's own icon under a
#    prefix; the installed binary finds its assets from any folder.
ROOT=$(cd "$HERE/../.." && pwd)
if make -s -C "$ROOT" install PREFIX="$WORK/prefix" CONFIG=debug >"$WORK/install.out" 2>&1; then
  P=$WORK/prefix
  icon=$(python3 -c "
import struct,sys
d=open(sys.argv[1],'rb').read(24)
print('%dx%d' % struct.unpack('>II', d[16:24]) if d[:8]==b'\x89PNG\r\n\x1a\n' else 'bad')" "$P/share/icons/hicolor/256x256/apps/timeline-playground.png" 2>/dev/null)
  err=$(cd "$WORK" && "$P/bin/playground" snapshot --scene gif --at 0.5 --size 160x90 --out "$WORK/inst.png" 2>&1 >/dev/null)
  if [ "$("$P/bin/playground" --version)" = "$("$BIN" --version)" ] && [ "$icon" = "256x256" ] &&
    grep -q "^Exec=$P/bin/playground" "$P/share/applications/timeline-playground.desktop" &&
    [ -s "$P/share/bash-completion/completions/playground" ] && [ -s "$P/share/zsh/site-functions/_playground" ] &&
    [ -s "$P/share/fish/vendor_completions.d/playground.fish" ] && [ -z "$err" ] && [ -s "$WORK/inst.png" ]; then
    pass "make install: binary, assets found from any folder, completions, desktop entry, a 256×256 icon"
  else
    fail "make install (icon=$icon)" "$err $(ls -R "$P" | head -20)"
  fi
else
  fail "make install" "$(tail -5 "$WORK/install.out")"
fi

[ -x "$HERE/e2e-window.sh" ] && source "$HERE/e2e-window.sh"
[ -x "$HERE/e2e-sketch.sh" ] && source "$HERE/e2e-sketch.sh"
[ -x "$HERE/e2e-record.sh" ] && source "$HERE/e2e-record.sh"

echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
