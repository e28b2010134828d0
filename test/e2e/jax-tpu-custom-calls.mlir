// JAX's TPU exports of jnp.linalg.lu, qr and eigh and of jax.lax.empty:
// XLA:TPU's custom calls (LuDecomposition, Qr,
// ProductOfElementaryHouseholderReflectors, Eigh, AllocateBuffer), the
// linear-algebra ones behind JAX's tuple-returning `xla_fallback_*`
// helpers, as JAX writes them.
// Inputs are run-time arguments; the results are checked against the
// mathematical definitions and LAPACK's geqrf written out in float64
// (Inputs/linalg_check.py, which shares no code with the compiler) and,
// for JAX's own examples (an iota matrix), against the values JAX recorded
// from a TPU.

// JAX's LU example: exact values.
// RUN: tpu-run %s --function=lu3 --input=3x3xf32=0,1,2,3,4,5,6,7,8 | FileCheck %s --check-prefix=LU3
// LU3: result[0]: 3x3xf32=[6 7 8][0 1 2][0.5 0.5 0]
// LU3: result[1]: 3xi32=2 2 2
// LU3: result[2]: 3xi32=2 0 1
func.func @lu3(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0:3 = call @lu(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
  return %0#0, %0#1, %0#2 : tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>
}
func.func private @lu(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = call @xla_fallback_lu(%arg0) : (tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3x3xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3xi32>
  %3 = stablehlo.get_tuple_element %0[2] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3xi32>
  return %1, %2, %3 : tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>
}
func.func private @xla_fallback_lu(%arg0: tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>> {
  %0 = stablehlo.custom_call @LuDecomposition(%arg0) {xla_shape = "(f32[3,3]{1,0}, s32[3]{0}, s32[3]{0})"} : (tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3x3xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3xi32>
  %3 = stablehlo.get_tuple_element %0[2] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3xi32>
  %4 = stablehlo.tuple %1, %2, %3 {xla_shape = "(f32[3,3]{1,0}, s32[3]{0}, s32[3]{0})"} : tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>
  return %4 : tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>
}

// A batch of tall matrices and one of wide ones, with the results as
// separate values (the newer custom-call form).
// RUN: tpu-run %s --function=lu_tall --input="$(%python %S/Inputs/linalg_check.py input 1 2x5x3)" | %python %S/Inputs/linalg_check.py lu 1 2x5x3 | FileCheck %s --check-prefix=CHECKED
// RUN: tpu-run %s --function=lu_wide --input="$(%python %S/Inputs/linalg_check.py input 2 3x6)" | %python %S/Inputs/linalg_check.py lu 2 3x6 | FileCheck %s --check-prefix=CHECKED
// CHECKED: {{^(lu|qr|eigh-lower|eigh-upper) ok$}}
func.func @lu_tall(%a: tensor<2x5x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3xi32>, tensor<2x5xi32>) {
  %0:3 = stablehlo.custom_call @LuDecomposition(%a) : (tensor<2x5x3xf32>) -> (tensor<2x5x3xf32>, tensor<2x3xi32>, tensor<2x5xi32>)
  return %0#0, %0#1, %0#2 : tensor<2x5x3xf32>, tensor<2x3xi32>, tensor<2x5xi32>
}
func.func @lu_wide(%a: tensor<3x6xf32>) -> (tensor<3x6xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0:3 = stablehlo.custom_call @LuDecomposition(%a) : (tensor<3x6xf32>) -> (tensor<3x6xf32>, tensor<3xi32>, tensor<3xi32>)
  return %0#0, %0#1, %0#2 : tensor<3x6xf32>, tensor<3xi32>, tensor<3xi32>
}

// JAX's QR example (full_matrices): Q and R as JAX recorded them on a TPU.
// The matrix has rank 2, so R[2][2] is rounding noise: 0 on the TPU,
// 7.2e-07 with LAPACK on a CPU (JAX's CPU record), a few 1e-07 here.
// RUN: tpu-run %s --function=qr3 --input=3x3xf32=0,1,2,3,4,5,6,7,8 | FileCheck %s --check-prefix=QR3
// QR3: result[0]: 3x3xf32=[0 0.912870{{[0-9]*}} 0.408248{{[0-9]*}}][-0.447213{{[0-9]*}} 0.365148{{[0-9]*}} -0.816496{{[0-9]*}}][-0.894427{{[0-9]*}} -0.182574{{[0-9]*}} 0.408248{{[0-9]*}}]
// QR3: result[1]: 3x3xf32=[-6.70820{{[0-9]*}} -8.04984{{[0-9]*}} -9.39148{{[0-9]*}}][0 1.09544{{[0-9]*}} 2.1908{{[0-9]*}}][0 0 {{(-?[0-9.]+e-0[6-8]|-?0)}}]
func.func @qr3(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {
  %2:2 = call @geqrf(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>)
  %3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %4 = stablehlo.pad %2#0, %3, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  %5 = call @householder_product(%4, %2#1) : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  %6 = call @triu(%2#0) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %5, %6 : tensor<3x3xf32>, tensor<3x3xf32>
}
func.func private @geqrf(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>) {
  %0 = call @xla_fallback_geqrf(%arg0) : (tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xf32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<3x3xf32>, tensor<3xf32>>) -> tensor<3x3xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<3x3xf32>, tensor<3xf32>>) -> tensor<3xf32>
  return %1, %2 : tensor<3x3xf32>, tensor<3xf32>
}
func.func private @xla_fallback_geqrf(%arg0: tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xf32>> {
  %0 = stablehlo.custom_call @Qr(%arg0) {xla_shape = "(f32[3,3]{1,0}, f32[3]{0})"} : (tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xf32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<3x3xf32>, tensor<3xf32>>) -> tensor<3x3xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<3x3xf32>, tensor<3xf32>>) -> tensor<3xf32>
  %3 = stablehlo.tuple %1, %2 {xla_shape = "(f32[3,3]{1,0}, f32[3]{0})"} : tuple<tensor<3x3xf32>, tensor<3xf32>>
  return %3 : tuple<tensor<3x3xf32>, tensor<3xf32>>
}
func.func private @householder_product(%arg0: tensor<3x3xf32>, %arg1: tensor<3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%arg0, %arg1) : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
func.func private @triu(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.iota dim = 0 : tensor<3x3xi32>
  %1 = stablehlo.constant dense<-1> : tensor<i32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
  %3 = stablehlo.add %0, %2 : tensor<3x3xi32>
  %4 = stablehlo.iota dim = 1 : tensor<3x3xi32>
  %5 = stablehlo.compare  GE, %3, %4,  SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
  %6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
  %8 = stablehlo.select %5, %7, %arg0 : tensor<3x3xi1>, tensor<3x3xf32>
  return %8 : tensor<3x3xf32>
}

// geqrf and orgqr of a batch of tall matrices and of a square one against
// LAPACK's.
// RUN: tpu-run %s --function=qr_tall --input="$(%python %S/Inputs/linalg_check.py input 3 2x6x4)" | %python %S/Inputs/linalg_check.py qr 3 2x6x4 | FileCheck %s --check-prefix=CHECKED
// RUN: tpu-run %s --function=qr_square --input="$(%python %S/Inputs/linalg_check.py input 4 5x5)" | %python %S/Inputs/linalg_check.py qr 4 5x5 | FileCheck %s --check-prefix=CHECKED
func.func @qr_tall(%a: tensor<2x6x4xf32>) -> (tensor<2x6x4xf32>, tensor<2x4xf32>, tensor<2x6x4xf32>) {
  %0:2 = stablehlo.custom_call @Qr(%a) : (tensor<2x6x4xf32>) -> (tensor<2x6x4xf32>, tensor<2x4xf32>)
  %1 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%0#0, %0#1) : (tensor<2x6x4xf32>, tensor<2x4xf32>) -> tensor<2x6x4xf32>
  return %0#0, %0#1, %1 : tensor<2x6x4xf32>, tensor<2x4xf32>, tensor<2x6x4xf32>
}
func.func @qr_square(%a: tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5xf32>, tensor<5x5xf32>) {
  %0:2 = stablehlo.custom_call @Qr(%a) : (tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5xf32>)
  %1 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%0#0, %0#1) : (tensor<5x5xf32>, tensor<5xf32>) -> tensor<5x5xf32>
  return %0#0, %0#1, %1 : tensor<5x5xf32>, tensor<5xf32>, tensor<5x5xf32>
}

// JAX's eigh example (the symmetric part of an 8x8 iota, lower triangle):
// the eigenvalues JAX recorded on a TPU are -24.598616, six within 1e-3
// of 0, and 276.59894; exactly, 4.5 (28 -+ sqrt(1120)) = -24.598805 and
// 276.598805, and six zeros.
// RUN: tpu-run %s --function=eigh8 --input="$(%python %S/Inputs/linalg_check.py input 5 8x8)" | %python %S/Inputs/linalg_check.py eigh-lower 5 8x8 | FileCheck %s --check-prefix=CHECKED
// RUN: tpu-run %s --function=eigh8 --input=8x8xf32=0,4.5,9,13.5,18,22.5,27,31.5,4.5,9,13.5,18,22.5,27,31.5,36,9,13.5,18,22.5,27,31.5,36,40.5,13.5,18,22.5,27,31.5,36,40.5,45,18,22.5,27,31.5,36,40.5,45,49.5,22.5,27,31.5,36,40.5,45,49.5,54,27,31.5,36,40.5,45,49.5,54,58.5,31.5,36,40.5,45,49.5,54,58.5,63 | FileCheck %s --check-prefix=EIGH8
// EIGH8: result[1]: 8xf32=-24.598{{[0-9]*}} {{(-?[0-9.]+e-0[3-9] |-?0 )+}}276.598{{[0-9]* *$}}
func.func @eigh8(%a: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>) {
  %8:2 = call @eigh_jacobi(%a) : (tensor<8x8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>)
  return %8#1, %8#0 : tensor<8x8xf32>, tensor<8xf32>
}
func.func private @eigh_jacobi(%arg0: tensor<8x8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>) {
  %0 = call @xla_fallback_eigh_jacobi(%arg0) : (tensor<8x8xf32>) -> tuple<tensor<8xf32>, tensor<8x8xf32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<8xf32>, tensor<8x8xf32>>) -> tensor<8xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<8xf32>, tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8x8xf32>
}
func.func private @xla_fallback_eigh_jacobi(%arg0: tensor<8x8xf32>) -> tuple<tensor<8xf32>, tensor<8x8xf32>> {
  %0 = stablehlo.custom_call @Eigh(%arg0) {backend_config = "1,1,15,0.000010", xla_shape = "(f32[8,8]{1,0}, f32[8]{0})"} : (tensor<8x8xf32>) -> tuple<tensor<8x8xf32>, tensor<8xf32>>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8xf32>
  %2 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<8x8xf32>, tensor<8xf32>>) -> tensor<8x8xf32>
  %3 = stablehlo.tuple %1, %2 {xla_shape = "(f32[8]{0}, f32[8,8]{1,0})"} : tuple<tensor<8xf32>, tensor<8x8xf32>>
  return %3 : tuple<tensor<8xf32>, tensor<8x8xf32>>
}

// A batch of odd-sized matrices read from the upper triangle (one index
// rests each round), and one from the lower.
// RUN: tpu-run %s --function=eigh_upper --input="$(%python %S/Inputs/linalg_check.py input 6 3x5x5)" | %python %S/Inputs/linalg_check.py eigh-upper 6 3x5x5 | FileCheck %s --check-prefix=CHECKED
// RUN: tpu-run %s --function=eigh_lower16 --input="$(%python %S/Inputs/linalg_check.py input 7 16x16)" | %python %S/Inputs/linalg_check.py eigh-lower 7 16x16 | FileCheck %s --check-prefix=CHECKED
func.func @eigh_upper(%a: tensor<3x5x5xf32>) -> (tensor<3x5x5xf32>, tensor<3x5xf32>) {
  %0:2 = stablehlo.custom_call @Eigh(%a) {backend_config = "0,1,15,0.000010"} : (tensor<3x5x5xf32>) -> (tensor<3x5x5xf32>, tensor<3x5xf32>)
  return %0#0, %0#1 : tensor<3x5x5xf32>, tensor<3x5xf32>
}
func.func @eigh_lower16(%a: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16xf32>) {
  %0:2 = stablehlo.custom_call @Eigh(%a) {backend_config = "1,1,15,0.000010"} : (tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16xf32>)
  return %0#0, %0#1 : tensor<16x16xf32>, tensor<16xf32>
}

// jax.lax.empty for the TPU: an uninitialized buffer, zeros here as in
// JAX's TPU record; added to an argument so the result is computed.
// RUN: tpu-run %s --function=empty --input=2x2xf32=1,2,3,4 | FileCheck %s --check-prefix=EMPTY
// EMPTY: result[0]: 2x2xf32=[1 2][3 4]
func.func @empty(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.custom_call @AllocateBuffer() : () -> tensor<2x2xf32>
  %1 = stablehlo.add %0, %x : tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
