// RUN: tpu-opt %s -split-input-file -verify-diagnostics --convert-tosa-to-hlo

// An op without a conversion.
func.func @table(%x: tensor<4xi8>) -> tensor<4xi8> {
  %t = "tosa.const"() {values = dense<1> : tensor<256xi8>} : () -> tensor<256xi8>
  // expected-error@+1 {{tosa.table is not supported by the TPU compiler: no conversion to hlo exists for it yet}}
  %y = tosa.table %x, %t : (tensor<4xi8>, tensor<256xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

// Element types the TPU compiler does not have.
func.func @i4(%x: tensor<4xi4>) -> tensor<4xi4> {
  // expected-error@+1 {{tosa.abs is not supported by the TPU compiler: element type 'i4' (the TPU compiler supports f32, bf16, f16, i64, i32, i16, i8, ui64, ui32, ui16, ui8 and i1)}}
  %y = tosa.abs %x : (tensor<4xi4>) -> tensor<4xi4>
  return %y : tensor<4xi4>
}

// -----

// A shift makes mul a fixed-point multiplication.
func.func @mul_shift(%x: tensor<4xi32>) -> tensor<4xi32> {
  %shift = "tosa.const"() {values = dense<3> : tensor<1xi8>} : () -> tensor<1xi8>
  // expected-error@+1 {{tosa.mul is not supported by the TPU compiler: a non-zero shift (fixed-point multiplication)}}
  %y = tosa.mul %x, %x, %shift : (tensor<4xi32>, tensor<4xi32>, tensor<1xi8>) -> tensor<4xi32>
  return %y : tensor<4xi32>
}

// -----

// A float zero point must be zero: the TOSA verifier already says so.
func.func @float_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zp = "tosa.const"() {values = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // expected-error@+1 {{'tosa.negate' op input1 zero point must be zero for non-int8 integer types}}
  %y = tosa.negate %x, %zp, %z : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// An integer zero point other than zero is quantized arithmetic.
func.func @int_zero_point(%a: tensor<1x4x8xi8>, %b: tensor<1x8x4xi8>) -> tensor<1x4x4xi32> {
  %zp = "tosa.const"() {values = dense<3> : tensor<1xi8>} : () -> tensor<1xi8>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // expected-error@+1 {{tosa.matmul is not supported by the TPU compiler: its a zero point is not zero (quantized arithmetic)}}
  %y = tosa.matmul %a, %b, %zp, %z : (tensor<1x4x8xi8>, tensor<1x8x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4xi32>
  return %y : tensor<1x4x4xi32>
}

// -----

// A zero point that is not a constant.
func.func @dynamic_zero_point(%x: tensor<4xf32>, %zp: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{tosa.negate is not supported by the TPU compiler: its input zero point is not a constant}}
  %y = tosa.negate %x, %zp, %zp : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A rounding arithmetic shift.
func.func @rounding_shift(%x: tensor<4xi32>, %s: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{tosa.arithmetic_right_shift is not supported by the TPU compiler: round = true (a rounding shift)}}
  %y = tosa.arithmetic_right_shift %x, %s {round = true} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %y : tensor<4xi32>
}

// -----

// Integer average pooling rounds in its own way.
func.func @int_avg_pool(%x: tensor<1x4x4x8xi8>) -> tensor<1x2x2x8xi8> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // expected-error@+1 {{tosa.avg_pool2d is not supported by the TPU compiler: integer average pooling (its rounding)}}
  %y = tosa.avg_pool2d %x, %zp, %zp {acc_type = i32, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x4x4x8xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x8xi8>
  return %y : tensor<1x2x2x8xi8>
}

// -----

// A pooling window that ignores NaN.
func.func @pool_ignore_nan(%x: tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32> {
  // expected-error@+1 {{tosa.max_pool2d is not supported by the TPU compiler: nan_mode = IGNORE}}
  %y = tosa.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
  return %y : tensor<1x2x2x8xf32>
}

// -----

// NaN-ignoring forms.
func.func @clamp_ignore(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{tosa.clamp is not supported by the TPU compiler: nan_mode = IGNORE}}
  %y = tosa.clamp %x {min_val = 0.0 : f32, max_val = 1.0 : f32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @reduce_max_ignore(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  // expected-error@+1 {{tosa.reduce_max is not supported by the TPU compiler: nan_mode = IGNORE}}
  %y = tosa.reduce_max %x {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %y : tensor<4x1xf32>
}

// -----

// Dynamic shapes.
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{tosa.abs is not supported by the TPU compiler: it needs tensors of static shape, not 'tensor<?xf32>'}}
  %y = tosa.abs %x : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Ops without exactly one result (state, control flow).
tosa.variable @v = dense<0.0> : tensor<4xf32>
func.func @no_result(%x: tensor<4xf32>) {
  // expected-error@+1 {{tosa.variable_write is not supported by the TPU compiler: it has 0 results}}
  tosa.variable_write @v, %x : tensor<4xf32>
  return
}

// -----

func.func @maximum_ignore(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{tosa.maximum is not supported by the TPU compiler: nan_mode = IGNORE}}
  %y = tosa.maximum %x, %x {nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Ops of the arith and tensor dialects on tensors that the import does not
// take are named at their location.
func.func @tensor_pad(%x: tensor<2xf32>) -> tensor<4xf32> {
  %c = arith.constant 0.0 : f32
  // expected-error@+1 {{tensor.pad is not supported by the TPU compiler: of the arith and tensor dialects, the import takes tensor constants, tensor.empty, tensor.cast, tensor.reshape, tensor.expand_shape and tensor.collapse_shape of static shapes}}
  %p = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %c : f32
  } : tensor<2xf32> to tensor<4xf32>
  return %p : tensor<4xf32>
}

// -----

func.func @tensor_add(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{arith.addf is not supported by the TPU compiler: of the arith and tensor dialects}}
  %y = arith.addf %x, %x : tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// A dynamic shape that reaches anything but a cast back is refused.
func.func @dynamic_result(%x: tensor<2xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{tensor.cast is not supported by the TPU compiler: it needs tensors of static shape, not 'tensor<?xf32>'}}
  %d = tensor.cast %x : tensor<2xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}

// -----

func.func @constant_type(%x: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error@+1 {{arith.constant is not supported by the TPU compiler: element type 'f64'}}
  %c = arith.constant dense<1.0> : tensor<2xf64>
  return %c : tensor<2xf64>
}

// -----

// A loop carrying a type the TPU does not compute is refused at the loop.
func.func @while_f64(%x: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error@+1 {{tosa.while_loop is not supported by the TPU compiler: element type 'f64'}}
  %r = tosa.while_loop (%v = %x) : (tensor<2xf64>) -> tensor<2xf64> {
    %p = "tosa.const"() <{values = dense<false> : tensor<i1>}> : () -> tensor<i1>
    tosa.yield %p : tensor<i1>
  } do {
  ^bb0(%v: tensor<2xf64>):
    tosa.yield %v : tensor<2xf64>
  }
  return %r : tensor<2xf64>
}

// -----

// An op in a branch that does not convert is named where it is.
func.func @if_inner(%p: tensor<i1>, %x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %r = tosa.cond_if %p : tensor<i1> -> tensor<2x3xi32> {
    // expected-error@+1 {{tosa.arithmetic_right_shift is not supported by the TPU compiler: round = true (a rounding shift)}}
    %s = tosa.arithmetic_right_shift %x, %x {round = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    tosa.yield %s : tensor<2x3xi32>
  } else {
    tosa.yield %x : tensor<2x3xi32>
  }
  return %r : tensor<2x3xi32>
}
