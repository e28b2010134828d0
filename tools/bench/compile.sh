#!/usr/bin/env bash
# Compile-time benchmark (run on demand, not in CI): `tpu-compile` to an
# executable (every phase, serialization included; written to /dev/null)
# on generated TOSA programs of 1k, 10k and 100k ops (tools/bench/
# gen_program.py: elementwise chains, wide elementwise DAGs, matmul chains,
# reduction chains, the fan-out DAG of issue 21), next to upstream
# `mlir-opt` running a comparable
# pipeline (TOSA to linalg, elementwise fusion, canonicalize) on the same
# files. Prints wall seconds, microseconds per op and peak RSS; a run past
# TIMEOUT seconds prints "timeout".
# Usage: tools/bench/compile.sh [BUILD_DIR] [SIZES] [TIMEOUT]
source "$(dirname "$0")/common.sh"
build="${1:-$root/build}"
sizes="${2:-1000 10000 100000}"
limit="${3:-600}"
mlir_opt="$(command -v mlir-opt-22 || echo /usr/lib/llvm-22/bin/mlir-opt)"
upstream='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),func.func(linalg-fuse-elementwise-ops),canonicalize)'
measure() { # prints "seconds rss_mb" or "timeout -"
  if /usr/bin/time -f '%e %M' -o "$tmp/time" timeout "$limit" "$@" \
      -o /dev/null > /dev/null 2> "$tmp/err"; then
    awk '{ printf "%s %.0f\n", $1, $2 / 1024 }' "$tmp/time"
  else
    echo "timeout -"
  fi
}
printf '%-7s %7s  %-11s %9s %9s %8s\n' kind ops tool seconds us/op peak_MB
for kind in chain dag matmul reduce fanout; do
  for n in $sizes; do
    python3 "$root/tools/bench/gen_program.py" "$kind" "$n" > "$tmp/p.mlir"
    ops=$(grep -c ' = ' "$tmp/p.mlir")
    for tool in tpu-compile mlir-opt; do
      if [ "$tool" = tpu-compile ]; then
        read -r s mb < <(measure "$build/bin/tpu-compile" "$tmp/p.mlir")
      else
        read -r s mb < <(measure "$mlir_opt" "$tmp/p.mlir" --pass-pipeline="$upstream")
      fi
      if [ "$s" = timeout ]; then
        printf '%-7s %7d  %-11s %9s %9s %8s\n' "$kind" "$ops" "$tool" timeout - -
      else
        printf '%-7s %7d  %-11s %9.2f %9.1f %8s\n' "$kind" "$ops" "$tool" "$s" \
          "$(awk -v s="$s" -v n="$ops" 'BEGIN { print s * 1e6 / n }')" "$mb"
      fi
    done
  done
done
