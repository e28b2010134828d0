// End to end: compile, run on the simulated TensorCore, and compare with
// the reference evaluator (floats within bf16 tolerance, integers exactly).
// RUN: split-file %s %t

// A two-layer MLP with softmax: padded K and N, a transposed weight layout,
// a bias+ReLU epilogue, reductions with epilogues.
// RUN: tpu-run %t/mlp.mlir @%tpu_src_root/test/tools/Inputs/mlp_args.txt > %t/mlp.sim
// RUN: tpu-run %t/mlp.mlir @%tpu_src_root/test/tools/Inputs/mlp_args.txt --reference > %t/mlp.ref
// RUN: %python %tpu_src_root/test/tools/Inputs/compare_results.py %t/mlp.sim %t/mlp.ref | FileCheck %s --check-prefix=MLP
// MLP: result 0: 16x10xf32 {{exact|close}}
// Through the executable file, the same numbers.
// RUN: tpu-compile %t/mlp.mlir -o %t/mlp.tpu
// RUN: tpu-run %t/mlp.tpu @%tpu_src_root/test/tools/Inputs/mlp_args.txt > %t/mlp.exe.sim
// RUN: %python %tpu_src_root/test/tools/Inputs/compare_results.py %t/mlp.exe.sim %t/mlp.sim 0 0 | FileCheck %s --check-prefix=MLP
// --host-time reports the simulator's own speed on stderr, and only there:
// the results are the same bytes.
// RUN: tpu-run %t/mlp.tpu @%tpu_src_root/test/tools/Inputs/mlp_args.txt --host-time 2> %t/host.err > %t/mlp.host.sim
// RUN: FileCheck %s --check-prefix=HOST < %t/host.err
// RUN: cmp %t/mlp.host.sim %t/mlp.exe.sim
// HOST: host: kernels simulated in {{[0-9.]+}} s ({{[0-9.]+}} simulated GFLOP per host second)

// Elementwise, compare, select, convert and iota: exact.
// RUN: tpu-run %t/elementwise.mlir --input="3x5xf32=[1 -2 3 -4 5][6 -7 8 -9 10][0.5 0.25 -0.125 2 4]" --input=3x5xf32=1.5 > %t/ew.sim
// RUN: tpu-run %t/elementwise.mlir --input="3x5xf32=[1 -2 3 -4 5][6 -7 8 -9 10][0.5 0.25 -0.125 2 4]" --input=3x5xf32=1.5 --reference > %t/ew.ref
// RUN: %python %tpu_src_root/test/tools/Inputs/compare_results.py %t/ew.sim %t/ew.ref 0 0 | FileCheck %s --check-prefix=EW
// EW: result 0: 3x5xf32 exact
// EW: result 1: 3x5xi32 exact

// Hand-computed: [1 2; 3 4] x [5 6; 7 8] = [19 22; 43 50], row sums.
// RUN: tpu-run %t/matmul.mlir --input="2x2xf32=[1 2][3 4]" --input="2x2xf32=[5 6][7 8]" | FileCheck %s --check-prefix=HAND
// HAND: result[0]: 2x2xf32=[19 22][43 50]
// HAND: result[1]: 2xf32=41 93
// HAND: Simulated v3 TensorCore (pipelined MXU model):
// HAND: step time
// HAND: FLOPs

// Errors name the argument and its expected type.
// RUN: not tpu-run %t/matmul.mlir --input=2x3xf32=1 --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: tpu-run: argument 0 of 'main' must be 2x2xf32, but the input is 2x3xf32
// RUN: not tpu-run %t/matmul.mlir --input=2x2xf64=1 2>&1 | FileCheck %s --check-prefix=ELEMENT
// ELEMENT: tpu-run: --input=2x2xf64=1: unknown element type 'f64'; expected f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1

// The executable written by tpu-compile runs the same, with stats and a
// trace.
// RUN: tpu-compile %t/matmul.mlir -o %t/matmul.tpu
// RUN: tpu-run %t/matmul.tpu --input="2x2xf32=[1 2][3 4]" --input="2x2xf32=[5 6][7 8]" --stats-json=%t/stats.json --profile=%t/trace.json | FileCheck %s --check-prefix=HAND
// RUN: FileCheck %s --check-prefix=STATS < %t/stats.json
// The MXU multiplies the padded 8x128 by 128x128 block: 2*8*128*128 FLOPs,
// one pipelined fold of R + max(8, R) + R + C - 2 = 510 cycles.
// STATS: "step_time_s":
// STATS: "flops": 262144,
// The model asked for 2*2*2*2 of them.
// STATS: "model_flops": 16,
// STATS: "hfu":
// STATS: "mfu":
// STATS: "mxu_busy_cycles": 510,
// STATS: "roofline_ratio":
// STATS: "kernels": [
// RUN: FileCheck %s --check-prefix=TRACE < %t/trace.json
// TRACE: "traceEvents"
// TRACE-DAG: "args": {"name": "dma"}
// TRACE-DAG: "args": {"name": "mxu0"}
// A kernel's back-to-back tasks of one name are one trace event with
// their count: a 512x512 bf16 matmul's five matmuls on mxu0 (one block
// in four K pieces, the last of them in two N pieces).
// RUN: tpu-run %t/matmul512.mlir --timing-only --profile=%t/trace512.json > /dev/null
// RUN: FileCheck %s --check-prefix=MERGED < %t/trace512.json
// MERGED: {"name": "dot_general_0/matmul", "ph": "X", "pid": 0, "tid": 1, "ts": {{[0-9.]+}}, "dur": 4.7638, "args": {"tasks": 5, "busy_us": 4.7638}}
// Past 256 events of one kernel on one engine, the rest of its tasks
// there are one event: 511 DMAs of a 256M exponential in 256 events.
// RUN: tpu-run %t/exp.mlir --timing-only --profile=%t/trace-exp.json > /dev/null
// RUN: FileCheck %s --check-prefix=REST < %t/trace-exp.json
// REST-COUNT-255: {"name": "exponential_0/dma_{{in|out}}", "ph": "X", "pid": 0, "tid": 0,
// REST-NOT: "exponential_0/dma_
// REST: {"name": "exponential_0: the rest of its tasks", "ph": "X", "pid": 0, "tid": 0, "ts": {{[0-9.]+}}, "dur": {{[0-9.]+}}, "args": {"tasks": 256, "busy_us": {{[0-9.]+}}}}
// REST-NOT: "exponential_0/dma_
// RUN: not tpu-run %t/matmul.tpu --reference 2>&1 | FileCheck %s --check-prefix=REF
// REF: tpu-run: --reference needs the program's MLIR, not an executable
// Compile flags given with an executable would be ignored: they are refused.
// RUN: not tpu-run %t/matmul.tpu --input=2x2xf32=1 --input=2x2xf32=1 --mixed-precision=bf16 --hbm-limit=1M 2>&1 | FileCheck %s --check-prefix=COMPILE-FLAGS
// COMPILE-FLAGS: tpu-run: --mixed-precision, --hbm-limit are compile flags: {{.*}}matmul.tpu was compiled without them; give them to tpu-compile, or run the program's MLIR
// RUN: not tpu-run %t/matmul.tpu --input=2x2xf32=1 --input=2x2xf32=1 --layout-mode=xla-default 2>&1 | FileCheck %s --check-prefix=COMPILE-FLAG
// COMPILE-FLAG: tpu-run: --layout-mode is a compile flag: {{.*}}matmul.tpu was compiled without it; give it to tpu-compile

// The executable names its target: it runs there without --target (the
// stats say which), and a --target that disagrees is an error.
// RUN: tpu-compile %t/matmul.mlir --target=v6e -o %t/matmul.v6e.tpu
// RUN: tpu-run %t/matmul.v6e.tpu --input=2x2xf32=1 --input=2x2xf32=1 --stats-json=%t/v6e.json | FileCheck %s --check-prefix=ONES
// RUN: FileCheck %s --check-prefix=V6E < %t/v6e.json
// RUN: tpu-run %t/matmul.v6e.tpu --target=v6e --input=2x2xf32=1 --input=2x2xf32=1 | FileCheck %s --check-prefix=ONES
// RUN: not tpu-run %t/matmul.v6e.tpu --target=v3 --input=2x2xf32=1 --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=DISAGREE
// RUN: not tpu-run %t/matmul.v6e.tpu --target=v9 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// ONES: [2 2][2 2]
// V6E: "target": "v6e"
// DISAGREE: tpu-run: {{.*}}matmul.v6e.tpu was compiled for v6e, not v3
// UNKNOWN: tpu-run: unknown target 'v9'; expected v2, v3, v4, v5e, v5p or v6e
// Enum flags name their valid values; the flags are tpu-compile's.
// RUN: not tpu-run %t/matmul.v6e.tpu --mxu-model=fast 2>&1 | FileCheck %s --check-prefix=MXU
// RUN: not tpu-run %t/matmul.mlir --layout-mode=fastest 2>&1 | FileCheck %s --check-prefix=MODE
// MXU: tpu-run: for the --mxu-model option: invalid value 'fast'; expected one of: pipelined, serialized
// MODE: tpu-run: for the --layout-mode option: invalid value 'fastest'; expected one of: xla-default, min-padding

//--- mlp.mlir
func.func @main(%x: tensor<16x100xbf16>, %w1: tensor<100x40xbf16>, %b1: tensor<40xf32>, %w2: tensor<40x10xbf16>) -> tensor<16x10xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %d1 = hlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x100xbf16>, tensor<100x40xbf16>) -> tensor<16x40xf32>
  %bias1 = hlo.broadcast_in_dim %b1, dims = [1] : (tensor<40xf32>) -> tensor<16x40xf32>
  %z1 = hlo.add %d1, %bias1 : tensor<16x40xf32>
  %zero1 = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<16x40xf32>
  %a1 = hlo.maximum %z1, %zero1 : tensor<16x40xf32>
  %h1 = hlo.convert %a1 : (tensor<16x40xf32>) -> tensor<16x40xbf16>
  %logits = hlo.dot_general %h1, %w2, contracting_dims = [1] x [0] : (tensor<16x40xbf16>, tensor<40x10xbf16>) -> tensor<16x10xf32>
  %max = hlo.reduce max %logits, dims = [1] : (tensor<16x10xf32>) -> tensor<16xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<16xf32>) -> tensor<16x10xf32>
  %shifted = hlo.subtract %logits, %maxb : tensor<16x10xf32>
  %e = hlo.exponential %shifted : tensor<16x10xf32>
  %sum = hlo.reduce sum %e, dims = [1] : (tensor<16x10xf32>) -> tensor<16xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<16xf32>) -> tensor<16x10xf32>
  %probs = hlo.divide %e, %sumb : tensor<16x10xf32>
  return %probs : tensor<16x10xf32>
}

// Index reductions, hand-computed: NaN wins, ties take the smallest index,
// an all -inf row gives 0. A max over 640 columns of -1 is -1: the blocks
// divide the row, so no zero-filled tail joins the reduction.
// RUN: tpu-run %t/argmax.mlir --input="3x4xf32=[1 nan 3 nan][2 5 5 1][-inf -inf -inf -inf]" | FileCheck %s --check-prefix=ARGMAX
// RUN: tpu-run %t/argmax.mlir --input="3x4xf32=[1 nan 3 nan][2 5 5 1][-inf -inf -inf -inf]" --reference | FileCheck %s --check-prefix=ARGMAX
// ARGMAX: result[0]: 3xi32=1 1 0
// ARGMAX: result[1]: 3xi32=1 3 0
// RUN: tpu-run %t/negmax.mlir --input=3x640xf32=-1 | FileCheck %s --check-prefix=NEGMAX
// NEGMAX: result[0]: 3xi32=0 0 0
// NEGMAX: result[2]: 3xf32=-1 -1 -1

//--- elementwise.mlir
func.func @main(%a: tensor<3x5xf32>, %b: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi32>) {
  %s = hlo.multiply %a, %b : tensor<3x5xf32>
  %m = hlo.maximum %s, %b : tensor<3x5xf32>
  %t = hlo.tanh %m : tensor<3x5xf32>
  %i = hlo.iota dim = 1 : tensor<3x5xi32>
  %c = hlo.convert %a : (tensor<3x5xf32>) -> tensor<3x5xi32>
  %gt = hlo.compare GT, %c, %i : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
  %sel = hlo.select %gt, %c, %i : tensor<3x5xi1>, tensor<3x5xi32>
  return %t, %sel : tensor<3x5xf32>, tensor<3x5xi32>
}

//--- matmul.mlir
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>) {
  %c = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = hlo.reduce sum %c, dims = [1] : (tensor<2x2xf32>) -> tensor<2xf32>
  return %c, %r : tensor<2x2xf32>, tensor<2xf32>
}

//--- matmul512.mlir
func.func @main(%x: tensor<512x512xbf16>, %w: tensor<512x512xbf16>) -> tensor<512x512xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<512x512xbf16>, tensor<512x512xbf16>) -> tensor<512x512xf32>
  return %y : tensor<512x512xf32>
}

//--- exp.mlir
func.func @main(%x: tensor<16384x4096xf32>) -> tensor<16384x4096xf32> {
  %y = hlo.exponential %x : tensor<16384x4096xf32>
  return %y : tensor<16384x4096xf32>
}

//--- argmax.mlir
func.func @main(%x: tensor<3x4xf32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %a = hlo.argmax %x, dim = 1 : (tensor<3x4xf32>) -> tensor<3xi32>
  %b = hlo.argmin %x, dim = 1 : (tensor<3x4xf32>) -> tensor<3xi32>
  return %a, %b : tensor<3xi32>, tensor<3xi32>
}

//--- negmax.mlir
func.func @main(%x: tensor<3x640xf32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xf32>) {
  %a = hlo.argmax %x, dim = 1 : (tensor<3x640xf32>) -> tensor<3xi32>
  %b = hlo.argmin %x, dim = 1 : (tensor<3x640xf32>) -> tensor<3xi32>
  %m = hlo.reduce max %x, dims = [1] : (tensor<3x640xf32>) -> tensor<3xf32>
  return %a, %b, %m : tensor<3xi32>, tensor<3xi32>, tensor<3xf32>
}
