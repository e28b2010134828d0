#!/usr/bin/env bash
# Installs what the project needs on Debian 12, builds it, and runs the main
# job or the tests.
#
#   tools/setup.sh example   build, then compile the example and run it on the simulated TPU
#   tools/setup.sh test      build, then run every test (lit, GoogleTest and the
#                            conformance suite in ../shared/conformance)
#   tools/setup.sh build     install packages if missing, configure and build
#   tools/setup.sh sanitize  the same tests under AddressSanitizer and
#                            UndefinedBehaviorSanitizer (clang-22, in
#                            build-sanitize), then replay the fuzzers' kept
#                            inputs and fuzz each target FUZZ_SECONDS (20),
#                            or exactly FUZZ_RUNS inputs from a fixed seed
#
# BUILD_DIR (default: build) and CMAKE_BUILD_TYPE (default: Release) may be
# set in the environment.
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$root/build}"
build_type="${CMAKE_BUILD_TYPE:-Release}"

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libabsl-dev
          libfmt-dev libgtest-dev libzstd-dev ninja-build cmake g++ python3
          python3-dev pybind11-dev python3-numpy)
# Only the tests need these: the memory viewer's page is checked in
# headless Chromium; mpmath is the correctly rounded oracle of the
# elementwise math (test/e2e/correctly-rounded.test); pytest runs the
# Python package's tests and matplotlib draws its plots.
test_packages=(chromium python3-mpmath python3-pytest python3-matplotlib)
# The sanitizer build and the libFuzzer targets need clang and its runtimes.
sanitize_packages=(clang-22 libclang-rt-22-dev libfuzzer-22-dev)

install_packages() {
  local missing=()
  for p in "${packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
      missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
    "${missing[@]}" >/dev/null
}

# Runs "$@" and says how long it took: CI's log shows where its time goes.
timed() {
  local start=$SECONDS status=0
  "$@" || status=$?
  echo "   ($(( SECONDS - start )) s)"
  return $status
}

build() {
  install_packages
  echo "== configuring $build_dir ($build_type)"
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" \
    >/dev/null
  echo "== building"
  timed cmake --build "$build_dir"
  link_python_package
}

# Makes the built Python package importable by Debian's python3 (as
# `pip install -e` would): a .pth file in its site directory names
# build/python. `cmake --install` installs a copy instead.
link_python_package() {
  [ -d "$build_dir/python/tpu_compiler" ] || return 0
  local site sudo=()
  site="$(/usr/bin/python3 -c 'import site; print(site.getsitepackages()[0])')"
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" mkdir -p "$site"
  echo "$build_dir/python" | "${sudo[@]}" tee "$site/tpu_compiler.pth" >/dev/null
  echo "== python3 imports tpu_compiler from $build_dir/python ($site/tpu_compiler.pth)"
}

run_tests() {
  local status=0
  echo "== lit"
  timed cmake --build "$build_dir" --target check-tpu || status=1
  echo "== GoogleTest (ctest)"
  timed ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" ||
    status=1
  echo "== conformance: the StableHLO-derived TOSA suite beside the project"
  timed cmake --build "$build_dir" --target check-conformance || status=1
  return $status
}

run_sanitized() {
  install_packages "${test_packages[@]}" "${sanitize_packages[@]}"
  local dir="${SANITIZE_BUILD_DIR:-$root/build-sanitize}"
  echo "== configuring $dir (clang-22, ASan + UBSan, fuzzers)"
  # Debug keeps the project's assertions on; -O2 keeps the simulator fast.
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DTPU_SANITIZE=ON -DCMAKE_C_FLAGS_DEBUG="-O2 -gline-tables-only" \
    -DCMAKE_CXX_FLAGS_DEBUG="-O2 -gline-tables-only" >/dev/null
  echo "== building"
  timed cmake --build "$dir"
  # LLVM's BumpPtrAllocator poisons and unpoisons its slabs in inline code:
  # the project's instrumented copy poisons what Debian's uninstrumented
  # libraries then allocate without unpoisoning. allow_user_poisoning=0
  # ignores that manual poisoning (not ASan's own redzones).
  export ASAN_OPTIONS="detect_leaks=1:allow_user_poisoning=0"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  local status=0
  local build_dir="$dir"
  run_tests || status=1
  if [ -n "${FUZZ_RUNS:-}" ]; then
    echo "== fuzzers: kept inputs, then $FUZZ_RUNS inputs per target from seed 1"
  else
    echo "== fuzzers: kept inputs, then ${FUZZ_SECONDS:-20} s per target"
  fi
  timed "$root/tools/fuzz/run.sh" "$dir" "${FUZZ_SECONDS:-20}" || status=1
  return $status
}

run_example() {
  local example="$root/docs/examples/mnist_mlp.mlir"
  echo "== $example: verify and print with tpu-opt"
  "$build_dir/bin/tpu-opt" "$example"
  echo "== padding on TPU v3 under XLA's default layouts"
  "$build_dir/bin/tpu-opt" "$example" -tpu-assign-layouts -tpu-padding-report \
    -o /dev/null
  echo "== padding under min-padding layouts"
  "$build_dir/bin/tpu-opt" "$example" \
    -tpu-assign-layouts=mode=min-padding -tpu-padding-report -o /dev/null
  echo "== fusion: kernels and HBM traffic before and after, broadcasts left"
  "$build_dir/bin/tpu-opt" "$example" -hlo-simplify -hlo-fuse \
    -hlo-fusion-stats -hlo-broadcast-report -o /dev/null
  local inputs=(--input=128x784xbf16=0.5 --input=784x256xbf16=0.01
    --input=256xf32=0.1 --input=256x128xbf16=0.02 --input=128xf32=0
    --input=128x10xbf16=0.03 --input=10xf32=0.5)
  for target in v3 v6e; do
    echo "== tpu-compile for TPU $target: simplify, fuse, layouts, pad, HBM, kernels; XLA's memory report"
    "$build_dir/bin/tpu-compile" "$example" --target=$target --memory-report \
      --memory-report-top=3 --memory-viewer="$build_dir/mnist_mlp.$target.html" \
      -o "$build_dir/mnist_mlp.$target.tpu"
    echo "== tpu-run on the simulated $target TensorCore: results and the profile summary"
    "$build_dir/bin/tpu-run" "$build_dir/mnist_mlp.$target.tpu" \
      "${inputs[@]}" --profile="$build_dir/mnist_mlp.$target.trace.json" | cut -c1-160
  done
  echo "== the same from Python (tpu_compiler, docs/python.md): a JAX export's memory, cost and time by name scope"
  /usr/bin/python3 "$root/docs/examples/python_tour.py"
  echo "== memory viewer pages: $build_dir/mnist_mlp.v3.html, $build_dir/mnist_mlp.v6e.html"
  echo "== Perfetto traces: $build_dir/mnist_mlp.v3.trace.json, $build_dir/mnist_mlp.v6e.trace.json"
}

case "${1:-}" in
  build) build ;;
  test) install_packages "${test_packages[@]}" && build && run_tests ;;
  example) build && run_example ;;
  sanitize) run_sanitized ;;
  *) echo "usage: $0 {example|test|build|sanitize}" >&2; exit 2 ;;
esac
