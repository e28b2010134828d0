// A program that does not fit still gets its viewer, marked as such: the
// driver receives buffer assignment's plan whether or not it fits (in
// tpu-opt, the failing pass ends the pipeline before tpu-memory-report).
// RUN: not tpu-compile %s --target=v2 --layout-mode=xla-default --memory-viewer-json=%t.json -o /dev/null 2>/dev/null
// RUN: FileCheck %s < %t.json
// RUN: sh -c 'tpu-compile %s --target=v2 --layout-mode=xla-default --memory-viewer-json=%t.json -o /dev/null 2>/dev/null; test $? -eq 2'
// The same program fits on v3, and its report goes where the output does
// not (stdout with -o FILE, stderr with -o -).
// RUN: tpu-compile %s --memory-report -o %t.tpu | FileCheck %s --check-prefix=REPORT
// RUN: tpu-compile %s --memory-report -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
// RUN: tpu-compile %s --memory-report -o - 2>/dev/null | cmp - %t.tpu

// CHECK: {"name":"small","fits":true,
// CHECK: {"name":"big","fits":false,"out_of_memory_line":"Ran out of memory in memory space hbm. Used 14.11G of 7.48G hbm. Exceeded hbm capacity by 6.63G."

// REPORT: @small on v3: uses
// REPORT: @big on v3: uses

func.func @small(%a: tensor<8x128xf32>) -> tensor<8xf32> {
  %c = hlo.reduce sum %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %c : tensor<8xf32>
}

// 29360128 x 10 i32 is 14.00G in XLA's layout {1,0:T(8,128)}: the output
// alone is more than v2's 7.48G.
func.func @big(%labels: tensor<29360128xi32>) -> tensor<29360128x10xi32> {
  %iota = hlo.iota dim = 1 : tensor<29360128x10xi32>
  %b = hlo.broadcast_in_dim %labels, dims = [0] : (tensor<29360128xi32>) -> tensor<29360128x10xi32>
  %s = hlo.add %iota, %b : tensor<29360128x10xi32>
  return %s : tensor<29360128x10xi32>
}
