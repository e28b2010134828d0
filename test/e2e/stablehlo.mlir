// StableHLO as JAX exports it (pretty syntax, exporter attributes, a
// private helper called from @main) runs directly on the simulated TPU:
// checked against hand-computed values, and on generated inputs against
// the evaluator.
// RUN: tpu-run %s --function=mlp --input="2x3xf32=[1 2 3][-1 0 1]" --input="3x2xf32=[1 0][0 1][1 1]" --input="2xf32=0.5,-10" | FileCheck %s --check-prefix=MLP
// MLP: result[0]: 2x2xf32=[0.98901{{[0-9]*}} 0.010986{{[0-9]*}}][0.62245{{[0-9]*}} 0.37754{{[0-9]*}}]
// RUN: tpu-run %s --function=nchw_conv --input="1x1x3x3xf32=1,2,3,4,5,6,7,8,9" --input="2x1x2x2xf32=1,1,1,1,1,0,0,-1" | FileCheck %s --check-prefix=CONV
// CONV: result[0]: 1x2x2x2xf32={{\[\[\[12 16\]\[24 28\]\]\[\[-4 -4\]\[-4 -4\]\]\]}}
// RUN: tpu-run %s --function=elementwise --input="4xf32=-2.5,0,-0,nan" --input="4xi32=-7,0,3,9" | FileCheck %s --check-prefix=ELT
// ELT: result[0]: 4xf32=-1 0 -0 nan
// ELT: result[1]: 4xi32=-1 0 1 1
// ELT: result[2]: 4xf32=-1 0 -0 nan
// ELT: result[3]: 4xi1=1 1 1 0
// ELT: result[4]: 4xi32=3 3 3 5
// RUN: tpu-run %s --function=reductions --input="2x3xf32=[1 -2 3][4 5 -6]" --input="2x3xi1=[0 0 1][0 0 0]" | FileCheck %s --check-prefix=RED
// RED: result[0]: 2xf32=7 8
// RED: result[1]: 3xf32=4 5 3
// RED: result[2]: i1=1
// RUN: tpu-run %s --function=empty --input="2x0xf32=" --input="2x3xf32=[1 2 3][4 5 6]" | FileCheck %s --check-prefix=EMPTY
// EMPTY: result[0]: 2x0xf32=[][]
// EMPTY: result[1]: 2xf32=0 0
// EMPTY: result[2]: 2x3xf32=[1 2 3][4 5 6]
// RUN: tpu-run %s --function=windows --input="4xi32=1,2,3,4" --input="4x4xf32=[1 2 3 4][5 6 7 8][9 10 11 12][13 14 15 16]" | FileCheck %s --check-prefix=WIN
// WIN: result[0]: 4xi32=1 3 6 10
// WIN: result[1]: 2x2xf32=[6 8][14 16]
// RUN: tpu-run %s --function=scatter --input="5x2xf32=[1 1][2 2][3 3][4 4][5 5]" --input="3x2xf32=[10 20][30 40][50 60]" | FileCheck %s --check-prefix=SCATTER
// SCATTER: result[0]: 5x2xf32=[1 1][32 42][3 3][4 4][65 85]
// SCATTER: result[1]: 5x2xf32=[1 1][30 40][3 3][4 4][10 20]
// reduce_precision to f16's e5m10 on f32: 1 + 2^-10 stays, 1 + 2^-11 ties
// to even (1), 1 + 3 * 2^-12 rounds up to 1 + 2^-10, 70000 overflows, 1e-8
// is below half the smallest subnormal; bitcast_convert reads the bits.
// RUN: tpu-run %s --function=scatter_i32_index --input="8xf32=0,1,2,3,4,5,6,7" --input="4xf32=10,20,30,40" | FileCheck %s --check-prefix=SCATTER32
// A window of 4 scattered at constant i32 index 2 (the import read i32
// indices as i64 and aborted).
// SCATTER32: result[0]: 8xf32=0 1 10 20 30 40 6 7
// RUN: tpu-run %s --function=bits --input="5xf32=1.0009765625,1.00048828125,1.000732421875,70000,1e-8" --input="3xf32=1,-2,0.5" | FileCheck %s --check-prefix=BITS
// BITS: result[0]: 5xf32=1.000977 1 1.000977 inf 0
// BITS: result[1]: 3xui32=1065353216 3221225472 1056964608
// BITS: result[2]: 3xf32=1 -2 0.5
// select_and_scatter as JAX's max-pool gradient: each source value goes to
// its window's maximum (2x2 windows, stride 2); with overlapping windows
// (size 2, stride 1) an element selected twice gets both values, and a tie
// goes to the window's first element.
// RUN: tpu-run %s --function=pool_grad --input="4x4xf32=[1 2 3 4][5 6 7 8][9 10 11 12][13 14 15 16]" --input="2x2xf32=[1 2][3 4]" --input="5xf32=1,3,2,5,4" --input="4xf32=10,20,30,40" --input="3xf32=2,2,2" --input="2xf32=1,2" | FileCheck %s --check-prefix=POOL
// POOL: result[0]: 4x4xf32=[0 0 0 0][0 1 0 2][0 0 0 0][0 3 0 4]
// POOL: result[1]: 5xf32=0 30 0 70 0
// POOL: result[2]: 3xf32=1 2 0
// JAX's chlo math on the vector unit, against the values of the host's
// libm rounded to f32 (Python's math module).
// RUN: tpu-run %s --function=chlo_math --input="3xf32=1,-0.5,2" --input="3xf32=2,1.5,5" --input="3xf32=0.5,-0.25,0.75" | FileCheck %s --check-prefix=CHLO
// CHLO: result[0]: 3xf32=1.175201 -0.5210953 3.62686
// CHLO: result[1]: 3xf32=1.543081 1.127626 3.762196
// CHLO: result[2]: 3xf32=0.8813736 -0.4812118 1.443635
// CHLO: result[3]: 3xf32=1.316958 0.9624236 2.292432
// CHLO: result[4]: 3xf32=0.5493062 -0.2554128 0.972955
// CHLO: result[5]: 3xf32=0.1572992 1.5205 0.004677735
// CHLO: result[6]: 3xf32=0 -0.1207822 3.178054
// CHLO: result[7]: 3xf32=0.7853982 -0.4636476 1.107149
// CHLO: result[8]: 3xf32=1.557408 -0.5463025 -2.18504
// The exporter's name-scope locations name the memory report's operators,
// as in XLA's report.
// RUN: tpu-compile %s --memory-report -o /dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: Operator: op_name="jit(model)/dot_general"
// A reduce_window over two inputs with a select body (the smaller x, the
// earlier one on ties, carries its y along), from +inf and 0.
// RUN: tpu-run %s --function=window_pair --input="4xf32=3,1,2,0" --input="4xf32=10,20,30,40" | FileCheck %s --check-prefix=PAIR
// PAIR: result[0]: 3xf32=20 20 40
// chlo.bessel_i1e against exp(-|x|) I1(x) from its power series in
// double (Python), to the 7 digits printed; series and expansion sides of
// |x| = 15 and a negative x.
// RUN: tpu-run %s --function=bessel --input="6xf32=0.5,2.5,-3,7.9,15.1,50" | FileCheck %s --check-prefix=BESSEL
// BESSEL: result[0]: 6xf32=0.1564208 0.206584{{[67]}} -0.1968267 0.1348965 0.100059 0.05599312
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @mlp: result 0: 2x2xf32 {{exact|close}}
// REF: @nchw_conv: result 0: 1x2x2x2xf32 {{exact|close}}
// REF: @elementwise: result 0: 4xf32 exact
// REF: @elementwise: result 1: 4xi32 exact
// REF: @elementwise: result 2: 4xf32 exact
// REF: @elementwise: result 3: 4xi1 exact
// REF: @elementwise: result 4: 4xi32 exact
// REF: @reductions: result 0: 2xf32 {{exact|close}}
// REF: @reductions: result 1: 3xf32 exact
// REF: @reductions: result 2: i1 exact
// REF: @windows: result 0: 4xi32 exact
// REF: @windows: result 1: 2x2xf32 exact
// REF: @scatter: result 0: 5x2xf32 exact
// REF: @scatter: result 1: 5x2xf32 exact
// REF: @empty: result 0: 2x0xf32 exact
// REF: @empty: result 1: 2xf32 exact
// REF: @empty: result 2: 2x3xf32 exact
// REF: @bits: result 0: 5xf32 exact
// REF: @bits: result 1: 3xui32 exact
// REF: @bits: result 2: 3xf32 exact
// REF: @pool_grad: result 0: 4x4xf32 exact
// REF: @pool_grad: result 1: 5xf32 exact
// REF: @pool_grad: result 2: 3xf32 exact
// REF: @chlo_math: result 0: 3xf32 {{exact|close}}
// REF: @chlo_math: result 8: 3xf32 {{exact|close}}
// REF: @window_pair: result 0: 3xf32 exact
// REF: @bessel: result 0: 6xf32 {{exact|close}}

module @jit_model attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  // x @ w + b, relu, softmax over the last dimension (JAX's jax.nn.softmax
  // shape: max, subtract, exp, sum, divide).
  func.func public @mlp(%x: tensor<2x3xf32> {mhlo.layout_mode = "default"}, %w: tensor<3x2xf32>, %b: tensor<2xf32>) -> (tensor<2x2xf32> {jax.result_info = ""}) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32> loc("jit(model)/dot_general")
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<2xf32>) -> tensor<2x2xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x2xf32>
    %3 = call @relu(%2) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %6 = stablehlo.subtract %3, %5 : tensor<2x2xf32>
    %7 = stablehlo.exponential %6 : tensor<2x2xf32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %10 = stablehlo.divide %7, %9 : tensor<2x2xf32>
    return %10 : tensor<2x2xf32>
  }
  func.func private @relu(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %1 = stablehlo.maximum %x, %0 : tensor<2x2xf32>
    return %1 : tensor<2x2xf32>
  }
  // PyTorch's NCHW input and OIHW kernel.
  func.func public @nchw_conv(%x: tensor<1x1x3x3xf32>, %w: tensor<2x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
    %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32>) -> tensor<1x2x2x2xf32>
    return %0 : tensor<1x2x2x2xf32>
  }
  func.func public @elementwise(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi32>) {
    %0 = stablehlo.sign %x : tensor<4xf32>
    %1 = stablehlo.sign %i : tensor<4xi32>
    %lo = stablehlo.constant dense<-1.0> : tensor<f32>
    %hi = stablehlo.constant dense<1.0> : tensor<f32>
    %2 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %3 = stablehlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
    %three = stablehlo.constant dense<3> : tensor<i32>
    %five = stablehlo.constant dense<5> : tensor<i32>
    %4 = stablehlo.clamp %three, %i, %five : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi32>
  }
  // Init values that are not the identity apply once: sum from 1 and from
  // 5, max from 3.
  func.func public @reductions(%x: tensor<2x3xf32>, %p: tensor<2x3xi1>) -> (tensor<2xf32>, tensor<3xf32>, tensor<i1>) {
    %five = stablehlo.constant dense<5.0> : tensor<f32>
    %three = stablehlo.constant dense<3.0> : tensor<f32>
    %false = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.reduce(%x init: %five) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.reduce(%x init: %three) applies stablehlo.maximum across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.reduce(%p init: %false) applies stablehlo.or across dimensions = [0, 1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<i1>
    return %0, %1, %2 : tensor<2xf32>, tensor<3xf32>, tensor<i1>
  }
  // jnp.cumsum and a 2x2 max pool: reduce_window.
  func.func public @windows(%x: tensor<4xi32>, %img: tensor<4x4xf32>) -> (tensor<4xi32>, tensor<2x2xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = "stablehlo.reduce_window"(%x, %c0) <{padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 4>}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
    }) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = "stablehlo.reduce_window"(%img, %ninf) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
    return %0, %1 : tensor<4xi32>, tensor<2x2xf32>
  }
  // x.at[jnp.array([4, 1, 4])].add(u): row 4 gets two updates; and
  // x.at[jnp.array([4, 1, 7])].set(u): index 7 is out of range and its
  // update is skipped, as XLA skips it.
  func.func public @scatter(%x: tensor<5x2xf32>, %u: tensor<3x2xf32>) -> (tensor<5x2xf32>, tensor<5x2xf32>) {
    %i = stablehlo.constant dense<[[4], [1], [4]]> : tensor<3x1xi64>
    %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<5x2xf32>, tensor<3x1xi64>, tensor<3x2xf32>) -> tensor<5x2xf32>
    %j = stablehlo.constant dense<[[4], [1], [7]]> : tensor<3x1xi64>
    %1 = "stablehlo.scatter"(%x, %j, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
    }) : (tensor<5x2xf32>, tensor<3x1xi64>, tensor<3x2xf32>) -> tensor<5x2xf32>
    return %0, %1 : tensor<5x2xf32>, tensor<5x2xf32>
  }
  // Tensors with no elements compute nothing.
  func.func public @empty(%x: tensor<2x0xf32>, %y: tensor<2x3xf32>) -> (tensor<2x0xf32>, tensor<2xf32>, tensor<2x3xf32>) {
    %0 = stablehlo.exponential %x : tensor<2x0xf32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.concatenate %x, %y, dim = 1 : (tensor<2x0xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0, %1, %2 : tensor<2x0xf32>, tensor<2xf32>, tensor<2x3xf32>
  }

  func.func public @bits(%x: tensor<5xf32>, %y: tensor<3xf32>) -> (tensor<5xf32>, tensor<3xui32>, tensor<3xf32>) {
    %0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<5xf32>
    %1 = stablehlo.bitcast_convert %y : (tensor<3xf32>) -> tensor<3xui32>
    %2 = stablehlo.bitcast_convert %1 : (tensor<3xui32>) -> tensor<3xf32>
    return %0, %1, %2 : tensor<5xf32>, tensor<3xui32>, tensor<3xf32>
  }

  func.func public @pool_grad(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %v: tensor<5xf32>, %u: tensor<4xf32>, %t: tensor<3xf32>, %w: tensor<2xf32>) -> (tensor<4x4xf32>, tensor<5xf32>, tensor<3xf32>) {
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = "stablehlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    %1 = "stablehlo.select_and_scatter"(%v, %u, %zero) <{window_dimensions = array<i64: 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<5xf32>, tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
    %2 = "stablehlo.select_and_scatter"(%t, %w, %zero) <{window_dimensions = array<i64: 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf32>
    return %0, %1, %2 : tensor<4x4xf32>, tensor<5xf32>, tensor<3xf32>
  }

  func.func public @chlo_math(%x: tensor<3xf32>, %y: tensor<3xf32>, %z: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
    %0 = chlo.sinh %x : tensor<3xf32> -> tensor<3xf32>
    %1 = chlo.cosh %x : tensor<3xf32> -> tensor<3xf32>
    %2 = chlo.asinh %x : tensor<3xf32> -> tensor<3xf32>
    %3 = chlo.acosh %y : tensor<3xf32> -> tensor<3xf32>
    %4 = chlo.atanh %z : tensor<3xf32> -> tensor<3xf32>
    %5 = chlo.erfc %x : tensor<3xf32> -> tensor<3xf32>
    %6 = chlo.lgamma %y : tensor<3xf32> -> tensor<3xf32>
    %7 = chlo.atan %x : tensor<3xf32> -> tensor<3xf32>
    %8 = chlo.tan %x : tensor<3xf32> -> tensor<3xf32>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
  }

  // The smaller of each window's x values and the y beside it.
  func.func public @window_pair(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<3xf32> {
    %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0:2 = "stablehlo.reduce_window"(%x, %y, %inf, %zero) <{window_dimensions = array<i64: 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %e: tensor<f32>, %f: tensor<f32>):
      %p = stablehlo.compare  LE, %a, %e,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %s = stablehlo.select %p, %a, %e : tensor<i1>, tensor<f32>
      %t = stablehlo.select %p, %b, %f : tensor<i1>, tensor<f32>
      stablehlo.return %s, %t : tensor<f32>, tensor<f32>
    }) : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)
    return %0#1 : tensor<3xf32>
  }

  func.func public @scatter_i32_index(%base: tensor<8xf32>, %update: tensor<4xf32>) -> tensor<8xf32> {
    %index = stablehlo.constant dense<2> : tensor<1xi32>
    %0 = "stablehlo.scatter"(%base, %index, %update) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>} : (tensor<8xf32>, tensor<1xi32>, tensor<4xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }

  func.func public @bessel(%x: tensor<6xf32>) -> tensor<6xf32> {
    %0 = chlo.bessel_i1e %x : tensor<6xf32> -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}
