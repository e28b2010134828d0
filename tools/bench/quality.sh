#!/usr/bin/env bash
# Quality and simulator-speed benchmark (run on demand, not in CI): per
# target, the simulated time of a large bf16 matmul and of the MNIST MLP over
# their roofline bounds, and the host seconds and host GFLOP/s (simulated
# FLOPs per host second) of simulating them.
# Usage: tools/bench/quality.sh [BUILD_DIR] [N]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:-$root/build}"
n="${2:-2048}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/matmul.mlir" <<MLIR
func.func @main(%x: tensor<${n}x${n}xbf16>, %w: tensor<${n}x${n}xbf16>) -> tensor<${n}x${n}xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<${n}x${n}xbf16>, tensor<${n}x${n}xbf16>) -> tensor<${n}x${n}xf32>
  return %y : tensor<${n}x${n}xf32>
}
MLIR
mlp_inputs=(--input=128x784xbf16=0.5 --input=784x256xbf16=0.01
  --input=256xf32=0.1 --input=256x128xbf16=0.02 --input=128xf32=0
  --input=128x10xbf16=0.03 --input=10xf32=0.5)
printf '%-8s %-16s %12s %12s %10s %12s\n' target program simulated roofline ratio host_GFLOP/s
for target in v2 v3 v4 v5e v6e; do
  for program in matmul mlp; do
    if [ "$program" = matmul ]; then
      src="$tmp/matmul.mlir"; args=(--input=${n}x${n}xbf16=0.5 --input=${n}x${n}xbf16=0.25)
    else
      src="$root/docs/examples/mnist_mlp.mlir"; args=("${mlp_inputs[@]}")
    fi
    "$build/bin/tpu-compile" "$src" --target=$target -o "$tmp/p.tpu"
    start=$(date +%s.%N)
    "$build/bin/tpu-run" "$tmp/p.tpu" --target=$target "${args[@]}" \
      --stats-json="$tmp/s.json" > /dev/null
    end=$(date +%s.%N)
    python3 - "$tmp/s.json" "$start" "$end" "$target" "$program" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
host = float(sys.argv[3]) - float(sys.argv[2])
print("%-8s %-16s %10.3f us %10.3f us %9.3fx %12.2f" % (
    sys.argv[4], sys.argv[5], s["step_time_s"] * 1e6, s["roofline_s"] * 1e6,
    s["roofline_ratio"], s["flops"] / host / 1e9))
PY
  done
done
