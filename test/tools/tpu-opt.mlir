// tpu-opt exits 1 with a located diagnostic on invalid input, never crashing.
// RUN: not tpu-opt %s 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: sh -c 'tpu-opt %s > /dev/null 2>&1; test $? -eq 1'
// The standard flags are there, and the project's dialects are registered.
// RUN: tpu-opt --help | FileCheck %s --check-prefix=HELP
// RUN: tpu-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS

// INVALID: tpu-opt.mlir:[[@LINE+3]]:8: error: 'hlo.add' op operands must have the same shape
func.func @bad(%a: tensor<8x128xf32>, %b: tensor<128xf32>) -> tensor<8x128xf32> {
  // Line below is the one reported.
  %0 = hlo.add %a, %b : (tensor<8x128xf32>, tensor<128xf32>) -> tensor<8x128xf32>
  return %0 : tensor<8x128xf32>
}

// HELP-DAG: --pass-pipeline
// HELP-DAG: --mlir-print-ir-after-all
// HELP-DAG: --mlir-timing
// HELP-DAG: --split-input-file
// HELP-DAG: --verify-diagnostics
// HELP-DAG: --canonicalize
// HELP-DAG: --tpu-set-target
// Options of the linked LLVM libraries stay out of --help.
// RUN: tpu-opt --help | FileCheck %s --check-prefix=NOLIBS
// NOLIBS-NOT: --amdgpu
// NOLIBS-NOT: --polly
// NOLIBS-NOT: --aarch64

// DIALECTS-DAG: arith
// DIALECTS-DAG: func
// DIALECTS-DAG: hlo
// DIALECTS-DAG: tensor
// DIALECTS-DAG: tosa
