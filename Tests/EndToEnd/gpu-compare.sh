#!/usr/bin/env bash
# Compares playground builds with the accelerated renderer on a machine with a GPU (the device
# tool's), old and new in alternating rounds, and checks the GPU's pictures against the CPU's.
#
# Here, at the project root, with portable release builds (PLAYGROUND_PORTABLE=1):
#   Tests/EndToEnd/gpu-compare.sh pack old=/path/to/playground new=.build-portable/release/playground
# packs them into .gpu/ (git-ignored), with the libraries and fonts from ../shared/gpu/bundle.sh.
# There, with .gpu carried: bash Tests/EndToEnd/gpu-compare.sh run [ROUNDS] [FRAMES]
# writes the tables to the output and every JSON to $OUT/gpu-compare.tgz (or /tmp).
set -uo pipefail
mode=${1:?usage: gpu-compare.sh pack NAME=BINARY... | run [ROUNDS] [FRAMES]}
shift
if [ "$mode" = pack ]; then
  [ $# -ge 1 ] || { echo "gpu-compare.sh pack: name at least one NAME=BINARY" >&2; exit 2; }
  names=()
  widest=
  most=-1
  for pair in "$@"; do
    name=${pair%%=*}
    bin=${pair#*=}
    [[ $name =~ ^[A-Za-z0-9_-]+$ ]] || { echo "gpu-compare.sh: '$name' is not a plain name" >&2; exit 2; }
    [ -x "$bin" ] || { echo "gpu-compare.sh: no executable at $bin" >&2; exit 1; }
    mkdir -p .gpu
    strip -o ".gpu/pg-$name" "$bin" && xz -T2 -f ".gpu/pg-$name" || exit 1
    names+=("$name")
    # The bundle carries one binary's libraries: the one that links the most (an older build
    # may lack a library a newer one needs, such as the Observation runtime).
    deps=$(ldd "$bin" | grep -c '=> /')
    if ((deps > most)); then most=$deps widest=$bin; fi
  done
  "$(dirname "$0")/../../../shared/gpu/bundle.sh" "$widest" >/dev/null || exit 1
  printf '%s\n' "${names[@]}" >.gpu/names
  du -sh .gpu
  exit 0
fi
[ "$mode" = run ] || { echo "gpu-compare.sh: unknown mode '$mode' (pack or run)" >&2; exit 2; }
rounds=${1:-5}
frames=${2:-300}
root=$PWD
res=/tmp/gpu-compare
rm -rf "$res"
mkdir -p "$res/snap"
trap 'tar -C /tmp -czf "${OUT:-/tmp}/gpu-compare.tgz" --exclude="*.png" gpu-compare' EXIT
mapfile -t names <.gpu/names
# shellcheck source=/dev/null
source .gpu/env.sh
cd "$root" || exit 1
for n in "${names[@]}"; do xz -dc ".gpu/pg-$n.xz" >"/tmp/pg/bin/pg-$n" && chmod +x "/tmp/pg/bin/pg-$n"; done
{ date -u; nvidia-smi -L; lscpu | grep -E 'Model name|^CPU\(s\)'; } >"$res/machine.txt" 2>&1
cat "$res/machine.txt"
for ((r = 1; r <= rounds; r++)); do
  order=("${names[@]}")
  # Every other round runs the builds in reverse: a build's place in a round moves its figures.
  if ((r % 2 == 0)); then for ((i = 0; i < ${#names[@]}; i++)); do order[i]=${names[${#names[@]} - 1 - i]}; done; fi
  for n in "${order[@]}"; do
    echo "round $r/$rounds: $n"
    timeout 300 "pg-$n" bench --renderer accelerated --scene all --frames "$frames" --warmup 60 \
      --json "$res/r$r-$n.json" >"$res/r$r-$n.txt" 2>&1
  done
done
for r in 1 2; do
  for n in "${names[@]}"; do
    for scene in mesh-gradient overview; do
      timeout 120 "pg-$n" bench --renderer accelerated --scene $scene --frames 200 --warmup 30 --size 3840x2160 \
        --json "$res/k$r-$n-$scene.json" >/dev/null 2>&1
    done
  done
done
last=${names[${#names[@]} - 1]}
for scene in $("pg-$last" list | awk '{ print ($1 ~ /^[0-9]$/) ? $2 : $1 }'); do
  for renderer in cpu accelerated; do
    timeout 60 "pg-$last" snapshot --scene "$scene" --at 1.3 --date 2026-01-01T10:34:30Z --renderer $renderer \
      --out "$res/snap/$scene-$renderer.png" >/dev/null 2>>"$res/snap/errors.txt"
  done
done
python3 - "$res" "$rounds" "${names[@]}" <<'PY'
import glob, json, os, statistics, sys
res, rounds, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def p50s(path):
    if not os.path.exists(path): return {}
    return {s["scene"]: s["frame_ms"]["p50"] for s in json.load(open(path))["scenes"]}
runs = {n: [p50s(f"{res}/r{r}-{n}.json") for r in range(1, rounds + 1)] for n in names}
scenes = []
for n in names:
    for run in runs[n]:
        scenes += [s for s in run if s not in scenes]
# A GPU host's rounds can be bimodal (a slow round takes 1.5x as long on the CPU side), so the
# fastest round is shown beside the median, and the ratios use both.
print(f"whole frame p50 ms at 1280x720, median / fastest of {rounds} rounds")
print(f"{'scene':18s}" + "".join(f"{n:>16s}" for n in names) + f"   {names[-1]} / {names[0]}: median, fastest")
for s in scenes:
    vals = {n: [r[s] for r in runs[n] if s in r] for n in names}
    med = {n: statistics.median(v) if v else None for n, v in vals.items()}
    low = {n: min(v) if v else None for n, v in vals.items()}
    cells = "".join(f"{med[n]:9.3f} /{low[n]:6.3f}" if med[n] is not None else f"{'-':>16s}" for n in names)
    a, b = names[0], names[-1]
    ratio = f"   {med[b] / med[a]:.2f}, {low[b] / low[a]:.2f}" if med[a] and med[b] else ""
    print(f"{s:18s}{cells}{ratio}")
print("3840x2160, p50 ms of two rounds")
for s in ["mesh-gradient", "overview"]:
    print(f"{s:18s}" + "".join(f"{', '.join(f'{v:.2f}' for r in (1, 2) for v in p50s(f'{res}/k{r}-{n}-{s}.json').values()):>14s}" for n in names))
try:
    import numpy as np
    from PIL import Image
except ImportError:
    print("parity: numpy or PIL missing"); sys.exit(0)
print(f"the GPU against the CPU ({names[-1]}, --at 1.3)")
for f in sorted(glob.glob(f"{res}/snap/*-cpu.png")):
    g = f.replace("-cpu.png", "-accelerated.png")
    name = os.path.basename(f)[:-8]
    if not os.path.exists(g): print(f"{name:20s} no accelerated snapshot"); continue
    a = np.asarray(Image.open(f).convert("RGB")).astype(int)
    b = np.asarray(Image.open(g).convert("RGB")).astype(int)
    d = np.abs(a - b)
    print(f"{name:20s} mean {d.mean():.3f} levels, {100 * (d.max(axis=2) <= 3).mean():.2f} % within 3")
PY
