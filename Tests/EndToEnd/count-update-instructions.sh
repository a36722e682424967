#!/usr/bin/env bash
# Instructions a frame's update costs (build, layout and lowering: SceneRuntime.updateFrame), per
# scene, counted by valgrind's callgrind: a figure that does not move with the host's noise.
#
# usage: Tests/EndToEnd/count-update-instructions.sh BINARY [N] [SCENE...]
#   BINARY  a release `playground` built with PLAYGROUND_PORTABLE=1 (valgrind has no AVX-512)
#   N       frames (default 30): the steady cost is (count over 2N frames − count over N) / N, so
#           what happens once (type lookups, the first layout) cancels out
# Prints "SCENE INSTRUCTIONS-PER-FRAME" per scene. Needs valgrind (apt-get install valgrind).
# WHAT=frame counts the whole frame instead (update, rasterizing, presenting, and the bench's own
# bookkeeping, which is the same for both binaries): what `bench`'s frame column times.
# RENDERER=sdl-software lowers for that renderer: small circles and rounded rectangles as polygons
# with a fringe, as a GPU gets them.
set -euo pipefail
bin=${1:?usage: count-update-instructions.sh BINARY [N] [SCENE...]}
n=${2:-30}
shift $(( $# >= 2 ? 2 : 1 ))
scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(visualizer live-indicator mesh-gradient clock emoji-wave metronome heart
  many-faces quips world-clock gif update-trap timer-vs-timeline particles keyframes)
command -v valgrind >/dev/null || { echo "count-update-instructions: valgrind is not installed" >&2; exit 69; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF Swift writes: the symbols are enough.
strip --strip-debug -o "$work/playground" "$bin"
toggle='--toggle-collect=$s10SceneGraph0A7RuntimeC11updateFrame*'
# The benchmark's loop on the main thread: other threads (SDL's, the tracer's) run as much as
# the wall clock lets them, which valgrind's speed makes anything.
[ "${WHAT:-update}" = frame ] && toggle='--toggle-collect=$s13PlaygroundKit14FrameBenchmarkV3run*'
# Runs the scene over $2 frames into $work/$3 and prints the instructions counted.
count() {
  SDL_VIDEODRIVER=offscreen valgrind --tool=callgrind --callgrind-out-file="$work/$3" "$toggle" \
    "$work/playground" bench --scene "$1" --frames "$2" --warmup 5 --renderer "${RENDERER:-auto}" >/dev/null 2>&1
  callgrind_annotate "$work/$3" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
for s in "${scenes[@]}"; do
  # The two runs side by side: valgrind uses one core.
  count "$s" "$n" a >"$work/a.count" &
  count "$s" $((2 * n)) b >"$work/b.count"
  wait
  a=$(cat "$work/a.count")
  b=$(cat "$work/b.count")
  echo "$s $(( (b - a) / n ))"
done
