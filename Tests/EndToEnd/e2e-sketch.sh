#!/usr/bin/env bash
# Sourced by e2e.sh: the user's own views. A sketch in a temporary folder runs in a real
# window; saves reload it; a broken save and a trap leave the window running; @State carries
# over; the command line's sketch errors; `snapshot` of a sketch matches the built-in scene;
# and the package `playground new` writes builds against this checkout.
# Uses BIN, WORK, HERE, pass, fail and expect_error from e2e.sh.

SK=$WORK/sketch
mkdir -p "$SK/shots"
pixel() { python3 "$HERE/png-pixel.py" "$@"; }
# The newest F12 screenshot's pixel at (x, y), after asking for a new one.
shoot() { # window, x, y
  local before after i
  before=$(ls "$SK/shots" | wc -l)
  xdotool key --window "$1" F12
  for i in $(seq 40); do
    after=$(ls "$SK/shots" | wc -l)
    [ "$after" -gt "$before" ] && break
    sleep 0.05
  done
  sleep 0.1
  pixel "$(ls -t "$SK"/shots/*.png | head -1)" "$2" "$3"
}
# Waits until the screenshot's pixel matches a test on r g b; prints the last one seen.
wait_pixel() { # window, test (awk on $1 $2 $3), seconds
  local i p
  for i in $(seq $(( $3 * 4 ))); do
    p=$(shoot "$1" 8 8)
    echo "$p" | awk "{ exit !($2) }" && { echo "$p"; return 0; }
    sleep 0.15
  done
  echo "$p"
  return 1
}
write_sketch() { # fill color expression, extra statement in the tick action
  cat >"$SK/Counter.tmp" <<SWIFT
import SwiftUI

struct Counter: View {
  @State private var ticks = 0

  var body: some View {
    TimelineView(.periodic(from: Date(timeIntervalSince1970: 0), by: 0.1)) { context in
      Rectangle().fill($1)
        .onChange(of: context.date) { _ in
          ticks += 1
          print("tick \(ticks)")
          fflush(stdout)
          $2
        }
    }
  }
}
SWIFT
  mv "$SK/Counter.tmp" "$SK/Counter.swift"
}
last_tick() { grep -o 'tick [0-9]*' "$SK/run.out" | tail -1 | cut -d' ' -f2; }

write_sketch "Color(red: 0, green: 0, blue: 1)" ""
(cd "$SK" && exec "$BIN" run Counter.swift --size 320x240 --screenshot-dir "$SK/shots" >"$SK/run.out" 2>"$SK/run.err") &
SPID=$!
# The window belongs to the supervised child, which is started again after a crash.
sketch_window() {
  local i c w
  for i in $(seq 150); do
    for c in $(pgrep -P "$SPID"); do
      w=$(xdotool search --pid "$c" 2>/dev/null | head -1)
      [ -n "$w" ] && { echo "$w"; return 0; }
    done
    sleep 0.1
  done
  return 1
}
SWIN=$(sketch_window)
if [ -n "$SWIN" ]; then
  xdotool windowactivate --sync "$SWIN" >/dev/null 2>&1
  p=$(wait_pixel "$SWIN" '$1 < 20 && $3 > 235' 10) && pass "a sketch runs in the window: its pixels show ($p)" ||
    fail "sketch pixels (saw $p)" "$(cat "$SK/run.err")"

  sleep 1
  before=$(last_tick)
  write_sketch "Color(red: 0, green: 1, blue: 0)" ""
  p=$(wait_pixel "$SWIN" '$1 < 20 && $2 > 235 && $3 < 20' 10) && pass "a save reloads the sketch: the pixels change ($p)" ||
    fail "reload on save (saw $p)" "$(tail -5 "$SK/run.err")"
  sleep 0.6
  # Every tick printed after the edit continues the count: a fresh @State would start at 1.
  read -r low count < <(awk -v b="$before" '/^tick/ { if (seen) { n++; if (min == "" || $2 < min) min = $2 } if ($2 == b) seen = 1 }
    END { print (min == "" ? 0 : min), n + 0 }' "$SK/run.out")
  [ -n "$before" ] && [ "$count" -ge 5 ] && [ "$low" -gt "$before" ] &&
    pass "@State survives a colour-only edit: $count ticks after the save, counting on from $before" ||
    fail "@State after reload (before=$before, lowest after=$low, $count ticks)" "$(tail -3 "$SK/run.out")"

  write_sketch "Color(red: 1, green: 0, blue: 0" ""
  for _ in $(seq 60); do grep -q "does not compile" "$SK/run.err" && break; sleep 0.1; done
  q=$(shoot "$SWIN" 300 230)
  grep -q "Counter.swift:[0-9]*:[0-9]*: error:" "$SK/run.err" && grep -q "the last good code keeps running" "$SK/run.err" &&
    echo "$q" | awk '{ exit !($1 < 20 && $2 > 235 && $3 < 20) }' &&
    pass "a broken save prints the compiler's diagnostic and keeps the last good pixels ($q)" ||
    fail "broken save (pixel $q)" "$(tail -5 "$SK/run.err")"

  write_sketch "Color(red: 1, green: 0.5, blue: 0)" ""
  p=$(wait_pixel "$SWIN" '$1 > 235 && $2 > 110 && $2 < 145 && $3 < 20' 10) && pass "the next good save recovers ($p)" ||
    fail "recovery after a broken save (saw $p)" "$(tail -5 "$SK/run.err")"

  write_sketch "Color(red: 1, green: 0.5, blue: 0)" 'if ticks > 0 { fatalError("boom at tick \(ticks)") }'
  for _ in $(seq 100); do grep -q "the sketch crashed" "$SK/run.err" && break; sleep 0.1; done
  sleep 1.5
  SWIN=$(sketch_window)
  kill -0 $SPID 2>/dev/null && grep -q "the sketch crashed: Counter.swift:[0-9]*: Fatal error: boom" "$SK/run.err" &&
    [ -n "$SWIN" ] && pass "a trap does not end the run: '$(grep -o 'Counter.swift:[0-9]*: Fatal error: boom' "$SK/run.err" | head -1)'" ||
    fail "trap handling" "$(grep -v '^[0-9 ]' "$SK/run.err" | tail -4)"
  write_sketch "Color(red: 0, green: 0, blue: 1)" ""
  p=$(wait_pixel "$SWIN" '$1 < 20 && $3 > 235' 12) && pass "after a trap, the next save runs the sketch again ($p)" ||
    fail "recovery after a trap (saw $p)" "$(tail -5 "$SK/run.err")"
  xdotool key --window "$SWIN" q 2>/dev/null
  xdotool keyup q >/dev/null 2>&1
  wait $SPID; rc=$?
  [ $rc -eq 0 ] && pass "Q quits the sketch's window cleanly" || fail "sketch quit (rc=$rc)" "$(tail -3 "$SK/run.err")"
else
  fail "no window for the sketch" "$(cat "$SK/run.err")"
  kill $SPID 2>/dev/null
fi

# The command line: a sketch's errors are one line (or the diagnostics and one line) with
# the status the issue names.
printf 'import SwiftUI\nstruct A: View {\n  var body: some View { Circle().fill(Color.red) }\n}\n' >"$SK/Good.swift"
printf 'import SwiftUI\nstruct B: View {\n  var body: some View { Circle().fill(Colr.red) }\n}\n' >"$SK/Bad.swift"
printf 'import SwiftUI\nstruct C: View {\n  var body: some View {\n    let xs = [1]\n    return Text("\\(xs[xs.count])")\n  }\n}\n' >"$SK/Trap.swift"
printf 'let x = 1\n' >"$SK/NoView.swift"
printf 'not swift\n' >"$SK/notes.txt"
expect_error "sketch: missing file" 64 "no such file" "$BIN" snapshot --scene "$SK/Missing.swift" --at 1 --out "$SK/o.png"
expect_error "sketch: not Swift" 64 "not a Swift file" "$BIN" snapshot --scene "$SK/notes.txt" --at 1 --out "$SK/o.png"
expect_error "sketch: no view" 65 "no view: looked for a #Preview" "$BIN" snapshot --scene "$SK/NoView.swift" --at 1 --out "$SK/o.png"
expect_error "sketch: unknown --view" 64 "its views: A" "$BIN" snapshot --scene "$SK/Good.swift" --view Z --at 1 --out "$SK/o.png"
expect_error "sketch: list with no view" 65 "no view" "$BIN" list "$SK/NoView.swift"
err=$("$BIN" snapshot --scene "$SK/Bad.swift" --at 1 --out "$SK/o.png" 2>&1 >/dev/null); rc=$?
[ $rc -eq 65 ] && echo "$err" | head -1 | grep -q "Bad.swift:3:[0-9]*: error: .*Colr" &&
  [ "$(echo "$err" | tail -1)" = "playground: $SK/Bad.swift does not compile: 1 error" ] &&
  pass "sketch: a compile error gives the compiler's diagnostics, one summary line and 65" ||
  fail "sketch compile error (rc=$rc)" "$err"
err=$("$BIN" snapshot --scene "$SK/Trap.swift" --at 1 --out "$SK/o.png" 2>&1 >/dev/null); rc=$?
[ $rc -eq 70 ] && echo "$err" | tail -1 | grep -q "^playground: the sketch crashed: .*Fatal error: Index out of range" &&
  pass "sketch: a trap under snapshot prints the message and exits 70" || fail "sketch trap under snapshot (rc=$rc)" "$err"
# Names Foundation declares too stay unambiguous with nothing but `import TimelinePlayground`,
# and Foundation's and Observation's API is there.
cat >"$SK/Names.swift" <<'SWIFT'
import TimelinePlayground

@Observable final class Model { var count = 1 }

struct Names: View {
  let width: CGFloat = 120
  let size = CGSize(width: 10, height: 20)
  let point = CGPoint(x: 1, y: 2)
  let rect = CGRect(x: 0, y: 0, width: 3, height: 4)
  let timer = Timer.publish(every: 1, on: RunLoop.main, in: .common).autoconnect()
  var label: String {
    let f = DateFormatter()
    f.dateFormat = "HH:mm"
    return f.string(from: Date(timeIntervalSince1970: 0)) + String(format: " %.1f", Double(size.height))
  }
  var body: some View { Text(label).frame(width: width + rect.width + point.x) }
}
SWIFT
err=$("$BIN" snapshot --scene "$SK/Names.swift" --at 0 --size 160x90 --out "$SK/names.png" 2>&1); rc=$?
[ $rc -eq 0 ] && [ -s "$SK/names.png" ] &&
  pass "CGFloat, CGSize, CGPoint, CGRect, Timer, RunLoop, DateFormatter, String(format:), @Observable: one import" ||
  fail "names with import TimelinePlayground (rc=$rc)" "$err"

# A sketch that prefers the dark scheme is drawn on black.
cat >"$SK/Dark.swift" <<'SWIFT'
import SwiftUI

struct Dark: View {
  var body: some View {
    Rectangle().fill(.clear).frame(width: 60, height: 30)
      .overlay { Rectangle().fill(Color.white).frame(width: 20, height: 10) }
      .preferredColorScheme(.dark)
  }
}
SWIFT
err=$("$BIN" snapshot --scene "$SK/Dark.swift" --at 0 --size 160x90 --out "$SK/dark.png" 2>&1); rc=$?
corner=$(pixel "$SK/dark.png" 4 4)
middle=$(pixel "$SK/dark.png" 80 45)
[ $rc -eq 0 ] && [ "$corner" = "0 0 0" ] && [ "$middle" = "255 255 255" ] &&
  pass "preferredColorScheme(.dark): the sketch's canvas is black" ||
  fail "dark sketch (rc=$rc, corner $corner, middle $middle)" "$err"

# Pictures by name (`Image("photo")`): a file beside the sketch and an asset catalog's image
# set, decoded by SDL_image; a name with no file draws nothing and warns once.
mkdir -p "$SK/pics/Assets.xcassets/badge.imageset"
python3 - "$SK/pics" <<'PY'
import struct, sys, zlib
def png(path, w, h, rgba):
    raw = b"".join(b"\x00" + bytes(rgba) * w for _ in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
png(sys.argv[1] + "/photo.png", 40, 30, (255, 0, 0, 255))
png(sys.argv[1] + "/Assets.xcassets/badge.imageset/badge.png", 4, 4, (0, 255, 0, 255))
PY
cat >"$SK/pics/Pics.swift" <<'SWIFT'
import SwiftUI

struct Pics: View {
  var body: some View {
    HStack(spacing: 0) {
      Image("photo")
      Image("badge", bundle: .main).resizable().frame(width: 40, height: 40)
      Image(decorative: "nowhere")
    }
  }
}
SWIFT
err=$(cd "$WORK" && "$BIN" snapshot --scene "$SK/pics/Pics.swift" --at 0 --size 160x90 --out "$SK/pics.png" 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$(pixel "$SK/pics.png" 50 45)" = "255 0 0" ] && [ "$(pixel "$SK/pics.png" 100 45)" = "0 255 0" ] &&
  [ "$(pixel "$SK/pics.png" 50 25)" = "255 255 255" ] &&
  [ "$(echo "$err" | grep -c 'no image named "nowhere" (looked in '"$SK"'/pics, ')" = 1 ] &&
  pass "Image(name): a picture beside the sketch and one in Assets.xcassets drawn by pixels; a missing one warns" ||
  fail "Image(name) in a sketch (rc=$rc, $(pixel "$SK/pics.png" 50 45) / $(pixel "$SK/pics.png" 100 45))" "$err"

# An installed binary (the make install check above) compiles sketches against its own copy
# of the modules, from any folder.
if [ -x "$WORK/prefix/bin/playground" ]; then
  (cd "$SK" && "$WORK/prefix/bin/playground" snapshot --scene Good.swift --at 1 --size 160x90 --out "$SK/inst-sketch.png" \
    2>"$SK/inst-sketch.err") && [ "$(pixel "$SK/inst-sketch.png" 80 45)" = "$("$BIN" snapshot --scene "$SK/Good.swift" \
    --at 1 --size 160x90 --out "$SK/sketch.png" 2>/dev/null && pixel "$SK/sketch.png" 80 45)" ] &&
    pass "the installed binary compiles a sketch against its installed modules" ||
    fail "installed binary and a sketch" "$(tail -3 "$SK/inst-sketch.err")"
fi
out=$("$BIN" list "$SK/Good.swift"); rc=$?
[ $rc -eq 0 ] && [ "$out" = "A" ] && pass "list PATH: the sketch's views, one a line" || fail "list PATH (rc=$rc)" "$out"

# The same views compiled as a sketch and compiled into the program draw the same bytes: the
# Scenes folder itself, as a sketch, picking a scene with --view.
ROOT=$(cd "$HERE/../.." && pwd)
for pair in "heart BeatingHeartScene" "visualizer Visualizer"; do
  read -r scene type <<<"$pair"
  if "$BIN" snapshot --scene "$ROOT/Scenes/" --view "$type" --at 0.75 --date 2026-01-01T10:34:30Z --size 480x270 \
    --out "$SK/$scene-sketch.png" 2>"$SK/$scene.err" &&
    "$BIN" snapshot --scene "$scene" --at 0.75 --date 2026-01-01T10:34:30Z --size 480x270 --out "$SK/$scene.png" &&
    cmp -s "$SK/$scene-sketch.png" "$SK/$scene.png"; then
    pass "snapshot of Scenes/ as a sketch (--view $type): the same bytes as the built-in $scene"
  else
    fail "sketch snapshot of $type differs from the built-in $scene" "$(tail -3 "$SK/$scene.err")"
  fi
done

# `playground new`: the package builds offline against this checkout and its window opens.
if (cd "$SK" && "$BIN" new Demo >"$SK/new.out" 2>&1) && (cd "$SK/Demo" && swift build >"$SK/new-build.out" 2>&1); then
  out=$(cd "$SK/Demo" && "$(swift build --show-bin-path)/Demo" --duration 1.5 --stats 2>"$SK/new-run.err")
  frames=$(echo "$out" | json 'd["frames_presented"]' 2>/dev/null || echo 0)
  [ "$frames" -ge 10 ] && echo "$out" | json 'd["title"]' | grep -q "Sketch" &&
    pass "playground new: the package builds against this checkout and opens the window ($frames frames)" ||
    fail "playground new: run" "$out $(cat "$SK/new-run.err")"
else
  fail "playground new: build" "$(tail -5 "$SK/new.out" "$SK/new-build.out" 2>/dev/null)"
fi

# Work sent to the main queue and the main actor runs inside the window's loop, as on a run
# loop: a sketch's DispatchQueue.main.asyncAfter and a .task's MainActor.run both print.
cat >"$SK/MainQueue.swift" <<'SWIFT'
import SwiftUI

struct MainQueueSketch: View {
  @State private var message = "waiting"
  var body: some View {
    Text(message)
      .onAppear {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
          print("main queue ran")
          message = "main queue ran"
        }
      }
      .task {
        try? await Task.sleep(nanoseconds: 200_000_000)
        await MainActor.run { print("main actor ran") }
      }
  }
}
SWIFT
"$BIN" run "$SK/MainQueue.swift" --duration 4 >"$SK/mainqueue.out" 2>"$SK/mainqueue.err"
if grep -q "main queue ran" "$SK/mainqueue.out" && grep -q "main actor ran" "$SK/mainqueue.out"; then
  pass "a sketch's DispatchQueue.main.asyncAfter and MainActor.run run in the window's loop"
else
  fail "main queue in a sketch" "$(cat "$SK/mainqueue.out" "$SK/mainqueue.err" | tail -3)"
fi

# Controls in a real window: a click flips a toggle and presses a button; a click focuses the
# slider, whose arrow keys then move it; Esc releases it, and the window's keys work again.
cat >"$SK/Controls.swift" <<'SWIFT'
import SwiftUI

struct ControlsSketch: View {
  @State private var isOn = false
  @State private var volume = 50.0
  @State private var presses = 0
  var body: some View {
    VStack(spacing: 30) {
      Toggle("Wi-Fi", isOn: $isOn).frame(width: 300)
      Slider(value: $volume, in: 0...100, step: 5).frame(width: 300)
      Button("Press") { presses += 1 }.buttonStyle(.borderedProminent)
    }
    .frame(width: 400, height: 300)
    .onChange(of: isOn) { print("toggle \(isOn)") }
    .onChange(of: volume) { print("volume \(Int(volume))") }
    .onChange(of: presses) { print("presses \(presses)") }
  }
}
SWIFT
"$BIN" run "$SK/Controls.swift" --size 400x300 --duration 14 >"$SK/controls.out" 2>"$SK/controls.err" &
PID=$!
SPID=$PID
CW=$(sketch_window)
if [ -n "$CW" ]; then
  sleep 1.5
  xdotool windowactivate --sync "$CW" >/dev/null 2>&1
  # The layout (400 × 300): toggle row centred at y 90 with its switch at the right (x ≈ 320);
  # slider at y 150 from x 50 to 350; button at y 205.
  xdotool mousemove --window "$CW" 325 92 click 1
  sleep 0.4
  xdotool mousemove --window "$CW" 200 207 click 1
  sleep 0.4
  xdotool mousemove --window "$CW" 200 150 click 1
  sleep 0.4
  xdotool key --window "$CW" Right
  sleep 0.3
  xdotool key --window "$CW" Escape
  sleep 0.3
  # Released: Right is the window's again (the next scene), not the slider's.
  xdotool key --window "$CW" Right
  sleep 0.3
  xdotool key --window "$CW" q
  xdotool keyup q >/dev/null 2>&1
fi
wait $PID
if grep -q "toggle true" "$SK/controls.out" && grep -q "presses 1" "$SK/controls.out" &&
  grep -q "volume 55" "$SK/controls.out" && ! grep -q "volume 60" "$SK/controls.out"; then
  pass "controls in a window: clicks flip the toggle and press the button; the focused slider takes Right until Esc"
else
  fail "controls in a window" "$(cat "$SK/controls.out" "$SK/controls.err" | tail -5)"
fi

# Gestures in a window: a long press held, a double click beside a single one, and a pinch.
cat >"$SK/Gestures.swift" <<'SWIFT'
import SwiftUI

struct Gestures: View {
  var body: some View {
    VStack(spacing: 30) {
      Circle().fill(Color.blue).frame(width: 80, height: 80)
        .onLongPressGesture(minimumDuration: 0.4) { print("held") }
      Rectangle().fill(Color.green).frame(width: 120, height: 60)
        .onTapGesture(count: 2) { print("double") }
        .onTapGesture { print("single") }
        .gesture(MagnificationGesture().onEnded { print("pinch \(($0 * 100).rounded() / 100)") })
    }
    .frame(width: 400, height: 300)
  }
}
SWIFT
"$BIN" run "$SK/Gestures.swift" --size 400x300 --duration 25 >"$SK/gestures.out" 2>"$SK/gestures.err" &
PID=$!
SPID=$PID
GW=$(sketch_window)
if [ -n "$GW" ]; then
  sleep 1.5
  xdotool windowactivate --sync "$GW" >/dev/null 2>&1
  # The layout (400 × 300): the circle centred at (200, 105), the rectangle at (200, 205).
  xdotool mousemove --window "$GW" 200 105 mousedown 1
  sleep 0.8
  xdotool mouseup 1
  xdotool mousemove --window "$GW" 200 205 click 1
  sleep 0.8
  xdotool click --repeat 2 --delay 100 1
  sleep 0.8
  xdotool keydown ctrl click 4 click 4 keyup ctrl
  sleep 0.8
  xdotool key --window "$GW" q 2>/dev/null
  xdotool keyup q >/dev/null 2>&1
fi
wait $PID
if [ "$(tr '\n' ' ' <"$SK/gestures.out")" = "held single double pinch 1.21 " ]; then
  pass "gestures in a window: a held press, a single click, a double click and Ctrl with the wheel each run theirs"
else
  fail "gestures in a window" "$(cat "$SK/gestures.out" "$SK/gestures.err" | tail -6)"
fi
