// The memory viewer page in a real browser (Debian's headless Chromium):
// it loads without console messages or script errors, draws its chart, and
// its table of the largest allocations equals the memory report's entries.
// REQUIRES: chromium
//
// A program that fits: the report on stdout.
// RUN: tpu-compile %s --compile-to=buffers --layout-mode=xla-default --memory-report --memory-report-top=4 --memory-viewer=%t.html --memory-viewer-json=%t.json -o /dev/null > %t.report
// RUN: %python %tpu_src_root/test/tools/Inputs/check_memory_viewer.py %chromium %t.html %t.report main | FileCheck %s
//
// One that does not: the report on stderr, the page still written.
// RUN: not tpu-compile %s --compile-to=buffers --target=v2 --layout-mode=xla-default --memory-report-top=4 --memory-viewer=%t.oom.html -o /dev/null 2> %t.oom.report
// RUN: %python %tpu_src_root/test/tools/Inputs/check_memory_viewer.py %chromium %t.oom.html %t.oom.report main | FileCheck %s
// RUN: FileCheck %s --check-prefix=OOM < %t.oom.html
//
// The page embeds exactly the data the JSON file holds.
// RUN: %python -c "import sys; page = open(sys.argv[1]).read(); data = open(sys.argv[2]).read(); sys.exit(0 if data in page else 1)" %t.html %t.json

// CHECK: memory viewer OK: 4 largest allocations match the report, {{[1-4]}} live at the peak, {{[1-9][0-9]*}} buffer lifetimes, 4 arguments

// OOM: "fits":false,"out_of_memory_line":"Ran out of memory in memory space hbm. Used 14.66G of 7.48G hbm.

func.func @main(%labels: tensor<29360128xi32>, %class_weights: tensor<10xi32>,
                %images: tensor<128x256x896x3xf32>,
                %kernel: tensor<3x3x3x18xf32>) -> (tensor<29360128xi32>, tensor<f32>) {
  %iota = hlo.iota dim = 1 : tensor<29360128x10xi32>
  %b = hlo.broadcast_in_dim %labels, dims = [0] : (tensor<29360128xi32>) -> tensor<29360128x10xi32>
  %eq = hlo.compare EQ, %iota, %b : (tensor<29360128x10xi32>, tensor<29360128x10xi32>) -> tensor<29360128x10xi1>
  %onehot = hlo.convert %eq : (tensor<29360128x10xi1>) -> tensor<29360128x10xi32> loc(fused["OneHot:", "model/loss/one_hot"])
  %w = hlo.dot_general %onehot, %class_weights, contracting_dims = [1] x [0] : (tensor<29360128x10xi32>, tensor<10xi32>) -> tensor<29360128xi32>
  %y = hlo.convolution %images, %kernel, window = {pad = [[1, 1], [1, 1]]}
      : (tensor<128x256x896x3xf32>, tensor<3x3x3x18xf32>) -> tensor<128x256x896x18xf32> loc("model/layer_1/Conv2D")
  %zero = hlo.constant dense<0.0> : tensor<128x256x896x18xf32>
  %relu = hlo.maximum %y, %zero : tensor<128x256x896x18xf32> loc("model/layer_1/Relu")
  %t = hlo.reduce sum %relu, dims = [0, 1, 2, 3] : (tensor<128x256x896x18xf32>) -> tensor<f32>
  return %w, %t : tensor<29360128xi32>, tensor<f32>
}
