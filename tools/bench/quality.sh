#!/usr/bin/env bash
# Quality and simulator-speed benchmark (run on demand, not in CI): per
# target, the simulated time of bf16 matmuls (N^3 and (2N)^3) and of the
# MNIST MLP over their roofline bounds, and the host GFLOP/s (simulated FLOPs
# per host second) of simulating them, next to the host BLAS's own sgemm.
# Usage: tools/bench/quality.sh [BUILD_DIR] [N]
source "$(dirname "$0")/common.sh"
build="${1:-$root/build}"
n="${2:-2048}"
for m in $n $((2 * n)); do
  write_matmul "$m" "$tmp/matmul$m.mlir"
done
"$build/bin/tpu-bench-sgemm" "$n" || echo "(no host BLAS)"
mlp_inputs=(--input=128x784xbf16=0.5 --input=784x256xbf16=0.01
  --input=256xf32=0.1 --input=256x128xbf16=0.02 --input=128xf32=0
  --input=128x10xbf16=0.03 --input=10xf32=0.5)
printf '%-8s %-16s %12s %12s %10s %12s\n' target program simulated roofline ratio host_GFLOP/s
for target in v2 v3 v4 v5e v6e; do
  for program in "matmul $n" "matmul $((2 * n))" mlp; do
    if [ "$program" != mlp ]; then
      m=${program#matmul }
      src="$tmp/matmul$m.mlir"; args=(--input=${m}x${m}xbf16=0.5 --input=${m}x${m}xbf16=0.25)
    else
      src="$root/docs/examples/mnist_mlp.mlir"; args=("${mlp_inputs[@]}")
    fi
    "$build/bin/tpu-compile" "$src" --target=$target -o "$tmp/p.tpu"
    start=$(date +%s.%N)
    "$build/bin/tpu-run" "$tmp/p.tpu" "${args[@]}" \
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
