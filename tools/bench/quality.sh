#!/usr/bin/env bash
# Quality and simulator-speed benchmark (run on demand, not in CI): per
# target, the simulated time of bf16 matmuls (N^3 and (2N)^3) and of the
# MNIST MLP over their roofline bounds, and the host GFLOP/s (simulated FLOPs
# per host second) of simulating them: the kernels alone (tpu-run
# --host-time) and the whole tpu-run process (parsing inputs, staging them,
# printing results), next to the host BLAS's own sgemm measured first in
# the same run, with the kernels' ratio to it.
# Usage: tools/bench/quality.sh [BUILD_DIR] [N]
source "$(dirname "$0")/common.sh"
build="${1:-$root/build}"
n="${2:-2048}"
for m in $n $((2 * n)); do
  write_matmul "$m" "$tmp/matmul$m.mlir"
done
blas=$("$build/bin/tpu-bench-sgemm" "$n") && echo "$blas" || echo "(no host BLAS)"
blas_gflops=$(echo "$blas" | sed -n 's/.* \([0-9.]*\) GFLOP\/s$/\1/p')
mlp_inputs=(--input=128x784xbf16=0.5 --input=784x256xbf16=0.01
  --input=256xf32=0.1 --input=256x128xbf16=0.02 --input=128xf32=0
  --input=128x10xbf16=0.03 --input=10xf32=0.5)
printf '%-8s %-16s %12s %12s %10s %12s %12s %8s\n' target program simulated \
  roofline ratio kernel_GFLOP/s e2e_GFLOP/s vs_BLAS
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
    "$build/bin/tpu-run" "$tmp/p.tpu" "${args[@]}" --host-time \
      --stats-json="$tmp/s.json" > /dev/null 2> "$tmp/host.txt"
    end=$(date +%s.%N)
    python3 - "$tmp/s.json" "$start" "$end" "$target" "$program" \
      "$tmp/host.txt" "${blas_gflops:-0}" <<'PY'
import json, re, sys
s = json.load(open(sys.argv[1]))
host = float(sys.argv[3]) - float(sys.argv[2])
kernels = float(re.search(r"simulated in ([0-9.]+) s", open(sys.argv[6]).read()).group(1))
kernel_rate = s["flops"] / max(kernels, 1e-9) / 1e9
blas = float(sys.argv[7])
print("%-8s %-16s %10.3f us %10.3f us %9.3fx %14.2f %12.2f %8s" % (
    sys.argv[4], sys.argv[5], s["step_time_s"] * 1e6, s["roofline_s"] * 1e6,
    s["roofline_ratio"], kernel_rate, s["flops"] / host / 1e9,
    "%.2fx" % (kernel_rate / blas) if blas else "-"))
PY
  done
done
