#!/usr/bin/env bash
# Runs the libFuzzer targets of a -DTPU_SANITIZE=ON build.
#
#   tools/fuzz/run.sh BUILD_DIR SECONDS [TARGET...]
#   FUZZ_RUNS=N tools/fuzz/run.sh BUILD_DIR 0 [TARGET...]
#
# Each target (default: all five: parse compile executable npy shape) first
# replays its kept regression inputs (tools/fuzz/regressions/TARGET), then
# fuzzes for SECONDS from its seed corpus: the repository's MLIR test files
# and examples for parse and compile, executables compiled from examples
# for executable, and tools/fuzz/corpus/{npy,shape}. The growing corpus
# stays in BUILD_DIR/fuzz/TARGET; a crash, leak, timeout or sanitizer
# report fails the run and leaves the input in BUILD_DIR/fuzz/. With
# FUZZ_RUNS, each target runs exactly N inputs from libFuzzer's seed 1
# instead, which repeats the same run on every machine (what CI does, so
# that a green CI stays green; long runs look for new bugs). Prints one
# line per target: executions, coverage (cov: edges) and the corpus size.
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$(cd "$1" && pwd)"
seconds="$2"
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse compile executable npy shape)
work="$build/fuzz"
# As tools/setup.sh sanitize sets them (allow_user_poisoning: see there).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
mkdir -p "$work"

seed_dirs() {
  local target=$1 seeds="$work/$1.seeds"
  rm -rf "$seeds" && mkdir -p "$seeds"
  case $target in
    parse|compile)
      # Named by their path: several directories hold an invalid.mlir.
      find "$root/test" "$root/docs/examples" -name '*.mlir' -size -64k |
        while read -r f; do cp "$f" "$seeds/$(echo "${f#$root/}" | tr / _)"; done ;;
    executable)
      # Small programs: the examples' networks take seconds per run.
      for f in "$root"/test/e2e/*.mlir "$root"/test/tools/tpu-run*.mlir; do
        "$build/bin/tpu-compile" "$f" -o "$seeds/$(basename "$f" .mlir).tpu" \
          2>/dev/null || true
      done ;;
    npy|shape) cp "$root/tools/fuzz/corpus/$target/"* "$seeds/" ;;
  esac
  echo "$seeds"
}

status=0
for target in "${targets[@]}"; do
  fuzzer="$build/bin/tpu-fuzz-$target"
  [ -x "$fuzzer" ] || { echo "no $fuzzer: configure with -DTPU_SANITIZE=ON"; exit 1; }
  options=(-timeout=20 -rss_limit_mb=6144 -print_final_stats=1
           -artifact_prefix="$work/$target-")
  case $target in
    parse|compile) options+=(-max_len=16384 -dict="$root/tools/fuzz/mlir.dict") ;;
    executable) options+=(-max_len=65536) ;;
    *) options+=(-max_len=4096) ;;
  esac
  regressions="$root/tools/fuzz/regressions/$target"
  if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
    "$fuzzer" "${options[@]}" "$regressions"/* > "$work/$target.replay.log" 2>&1 ||
      { echo "$target: a kept regression input fails again"; \
        tail -n 30 "$work/$target.replay.log"; status=1; continue; }
  fi
  corpus="$work/$target"
  mkdir -p "$corpus"
  seeds="$(seed_dirs "$target")"
  if [ -n "${FUZZ_RUNS:-}" ]; then
    # A fresh corpus: a kept one would make the run depend on the last.
    rm -rf "$corpus" && mkdir -p "$corpus"
    budget=(-runs="$FUZZ_RUNS" -seed=1)
  else
    budget=(-max_total_time="$seconds")
  fi
  if "$fuzzer" "${options[@]}" "${budget[@]}" "$corpus" "$seeds" \
      > "$work/$target.log" 2>&1; then
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/$target.log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]*' "$work/$target.log" | tail -n 1 | grep -o '[0-9]*$')
    echo "$target: ${execs:-0} executions, cov: ${cov:-?} edges, corpus $(ls "$corpus" | wc -l) inputs"
  else
    echo "$target: FAILED (log: $work/$target.log)"
    grep -E 'ERROR|SUMMARY|Test unit written|==[0-9]+==' "$work/$target.log" | head -n 20
    status=1
  fi
done
exit $status
