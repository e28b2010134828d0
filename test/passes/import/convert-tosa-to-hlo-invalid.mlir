// RUN: tpu-opt %s -split-input-file -verify-diagnostics --convert-tosa-to-hlo

// An op without a conversion: a custom op is opaque.
func.func @custom(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{tosa.custom is not supported by the TPU compiler: no conversion to hlo exists for it yet}}
  %y = tosa.custom %x {domain_name = "vendor", implementation_attrs = "", operator_name = "fancy"} : (tensor<4xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

// Element types the TPU compiler does not have.
func.func @i3(%x: tensor<4xi3>) -> tensor<4xi3> {
  // expected-error@+1 {{tosa.abs is not supported by the TPU compiler: element type 'i3' (the TPU compiler supports f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1)}}
  %y = tosa.abs %x : (tensor<4xi3>) -> tensor<4xi3>
  return %y : tensor<4xi3>
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

// A table of another size than TOSA's.
func.func @table_size(%x: tensor<4xi8>) -> tensor<4xi8> {
  %t = "tosa.const"() {values = dense<1> : tensor<300xi8>} : () -> tensor<300xi8>
  // expected-error@+1 {{tosa.table is not supported by the TPU compiler: a table of 300 entries for 'i8' (TOSA has 256 for i8, 513 for i16)}}
  %y = tosa.table %x, %t : (tensor<4xi8>, tensor<300xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

// A quantized op's zero point that is not a constant: the first is named.
func.func @rescale_dynamic_zero_point(%x: tensor<4xi8>, %zp: tensor<1xi8>) -> tensor<4xi8> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-error@+1 {{tosa.rescale is not supported by the TPU compiler: its input zero point is not a constant}}
  %y = tosa.rescale %x, %m, %s, %zp, %zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

// A rescale's shift outside what apply_scale requires.
func.func @rescale_shift(%x: tensor<4xi8>) -> tensor<4xi8> {
  %m = "tosa.const"() <{values = dense<[1073741824, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tosa.const"() <{values = dense<[30, 63]> : tensor<2xi8>}> : () -> tensor<2xi8>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %r = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %x2 = tosa.reshape %x, %r : (tensor<4xi8>, !tosa.shape<2>) -> tensor<2x2xi8>
  // expected-error@+1 {{tosa.rescale has shift 63 for channel 1; TOSA requires 2 <= shift <= 62}}
  %y = tosa.rescale %x2, %m, %s, %zp, %zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x2xi8>, tensor<2xi32>, tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x2xi8>
  %r4 = tosa.const_shape {values = dense<[4]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %y4 = tosa.reshape %y, %r4 : (tensor<2x2xi8>, !tosa.shape<1>) -> tensor<4xi8>
  return %y4 : tensor<4xi8>
}

// -----

// A negative multiplier.
func.func @rescale_multiplier(%x: tensor<4xi8>) -> tensor<4xi8> {
  %m = "tosa.const"() <{values = dense<-5> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-error@+1 {{tosa.rescale has multiplier -5 for channel 0; TOSA requires multipliers of at least 0}}
  %y = tosa.rescale %x, %m, %s, %zp, %zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

// i48, TOSA's int16 accumulator, is internal to a program.
// expected-error@+1 {{function result 0 has type 'tensor<1x4x4x3xi48>': i48 is TOSA's accumulator of int16 products, not a type the TPU stores; rescale it to i32 or narrower first}}
func.func @i48_result(%x: tensor<1x4x4x2xi16>, %w: tensor<3x1x1x2xi8>) -> tensor<1x4x4x3xi48> {
  %b = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.conv2d %x, %w, %b, %zp, %wzp {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x4x3xi48>
  return %y : tensor<1x4x4x3xi48>
}

// -----

// i48 elsewhere than an accumulator: an elementwise op on it.
func.func @i48_elementwise(%x: tensor<1x4x4x2xi16>, %w: tensor<3x1x1x2xi8>) -> tensor<1x4x4x3xi32> {
  %b = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.conv2d %x, %w, %b, %zp, %wzp {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x4x3xi48>
  // expected-error@+1 {{tosa.abs is not supported by the TPU compiler: element type 'i48'}}
  %a = tosa.abs %y : (tensor<1x4x4x3xi48>) -> tensor<1x4x4x3xi48>
  %c = tosa.cast %a : (tensor<1x4x4x3xi48>) -> tensor<1x4x4x3xi32>
  return %c : tensor<1x4x4x3xi32>
}

// -----

// A zero point that is not a constant.
func.func @dynamic_zero_point(%x: tensor<4xf32>, %zp: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{tosa.negate is not supported by the TPU compiler: its input zero point is not a constant}}
  %y = tosa.negate %x, %zp, %zp : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
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
    // expected-error@+1 {{tosa.custom is not supported by the TPU compiler: no conversion to hlo exists for it yet}}
    %s = tosa.custom %x {domain_name = "vendor", implementation_attrs = "", operator_name = "fancy"} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    tosa.yield %s : tensor<2x3xi32>
  } else {
    tosa.yield %x : tensor<2x3xi32>
  }
  return %r : tensor<2x3xi32>
}
