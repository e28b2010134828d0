#!/usr/bin/env bash
# Flagship benchmark (run on demand, not in CI).
# 1. Quality of the compiled code: for each flagship example on each target,
#    the simulated step time over its roofline bound, and MXU utilization
#    (tpu-run --timing-only, which times exactly what a full run does).
# 2. Simulator host speed: host seconds per simulated GFLOP of full runs
#    that compute every value (splat inputs), and of timing-only runs.
# Usage: tools/bench/flagship.sh [BUILD_DIR] [TARGETS]
source "$(dirname "$0")/common.sh"
build="${1:-$root/build}"
targets="${2:-v2 v3 v4 v5e v6e}"
examples="$root/docs/examples"
# --input flags filling every argument of @main with a small constant.
splats() {
  python3 - "$1" <<'PY'
import re, sys
head = open(sys.argv[1]).read().split("{", 1)[0]
for dims in re.findall(r"%\w+: tensor<([^>]*)>", head):
    print("--input=%s=%s" % (dims, "0" if dims.endswith("i32") else "0.01"))
PY
}
models="keras_mnist_conv_b200 convnet_331_b64_f32 convnet_331_b64_bf16
convnet_331_b128_f32 convnet_331_b128_bf16 transformer_encoder_w768
transformer_encoder_w1024 segmentation_onehot"

echo "Quality: simulated step time over the roofline bound (--timing-only)"
printf '%-26s %-4s %12s %12s %7s %6s\n' model target simulated roofline ratio MXU
for model in $models; do
  for target in $targets; do
    if ! "$build/bin/tpu-run" "$examples/$model.mlir" --target="$target" \
        --timing-only --stats-json="$tmp/s.json" > /dev/null 2> "$tmp/err"; then
      printf '%-26s %-4s %s\n' "$model" "$target" \
        "$(head -c 100 "$tmp/err" | head -1)"
      continue
    fi
    python3 - "$tmp/s.json" "$model" "$target" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print("%-26s %-4s %10.3f ms %10.3f ms %6.2fx %5.1f%%" % (
    sys.argv[2], sys.argv[3], s["step_time_s"] * 1e3, s["roofline_s"] * 1e3,
    s["roofline_ratio"], s["mxu_utilization"] * 100))
PY
  done
done

echo
echo "Simulator host speed on v3 (host seconds per simulated GFLOP)"
printf '%-26s %-12s %10s %12s %12s\n' program mode host_s sim_GFLOP host_s/GFLOP
for n in 2048 4096; do
  write_matmul "$n" "$tmp/matmul$n.mlir"
done
run() { # program label mode
  local args=()
  [ "$3" = full ] && mapfile -t args < <(splats "$1")
  [ "$3" = timing ] && args=(--timing-only)
  "$build/bin/tpu-compile" "$1" -o "$tmp/p.tpu" > /dev/null
  local start end
  start=$(date +%s.%N)
  "$build/bin/tpu-run" "$tmp/p.tpu" "${args[@]}" --stats-json="$tmp/s.json" \
    > /dev/null
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" \
      -v f="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["flops"])' "$tmp/s.json")" \
      -v p="$2" -v m="$3" 'BEGIN { g = f / 1e9; printf "%-26s %-12s %10.2f %12.1f %12.4f\n", p, m, b - a, g, (b - a) / g }'
}
run "$tmp/matmul2048.mlir" "matmul 2048^3 bf16" full
run "$tmp/matmul4096.mlir" "matmul 4096^3 bf16" full
run "$examples/keras_mnist_conv_b200.mlir" keras_mnist_conv_b200 full
run "$examples/transformer_encoder_w768.mlir" transformer_encoder_w768 full
run "$examples/transformer_encoder_w1024.mlir" transformer_encoder_w1024 full
for model in $models; do
  run "$examples/$model.mlir" "$model" timing
done
