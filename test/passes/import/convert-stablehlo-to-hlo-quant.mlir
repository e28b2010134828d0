// Quantized types lowered to their storage integers by
// convert-stablehlo-to-hlo: quantize as divide, round, add the zero point,
// clamp and convert; dequantize as convert, subtract and multiply (per axis
// through a broadcast of the axis' scales); bitcast_convert to the storage
// type vanishes; an add of quantized tensors computes in f32 between them;
// a dot_general of signed 8-bit storage runs on the int8 path.
// Function arguments and results take the storage type.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo | FileCheck %s

// CHECK-LABEL: func.func @quantize
// CHECK-SAME: -> tensor<2xi8>
// CHECK: %[[S:.*]] = hlo.constant dense<1.000000e-01> : tensor<2xf32>
// CHECK: %[[D:.*]] = hlo.divide %arg0, %[[S]]
// CHECK: %[[R:.*]] = hlo.round_nearest_even %[[D]]
// CHECK: %[[Z:.*]] = hlo.constant dense<-3.000000e+01>
// CHECK: %[[A:.*]] = hlo.add %[[R]], %[[Z]]
// CHECK: hlo.maximum
// CHECK: %[[C:.*]] = hlo.minimum
// CHECK: %[[Q:.*]] = hlo.convert %[[C]] : (tensor<2xf32>) -> tensor<2xi8>
// CHECK: return %[[Q]] : tensor<2xi8>
func.func @quantize(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>> {
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return %q : tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
}

// -----

// CHECK-LABEL: func.func @dequantize_per_axis
// CHECK-SAME: (%arg0: tensor<2x3xui8>) -> tensor<2x3xf32>
// CHECK: %[[F:.*]] = hlo.convert %arg0 : (tensor<2x3xui8>) -> tensor<2x3xf32>
// CHECK: %[[Z:.*]] = hlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK: %[[ZB:.*]] = hlo.broadcast_in_dim %[[Z]], dims = [1]
// CHECK: %[[SUB:.*]] = hlo.subtract %[[F]], %[[ZB]]
// CHECK: %[[SB:.*]] = hlo.broadcast_in_dim
// CHECK: hlo.multiply %[[SUB]], %[[SB]]
func.func @dequantize_per_axis(%q: tensor<2x3x!quant.uniform<u8:f32:1, {0.5:1,0.25:2,2.0:3}>>) -> tensor<2x3xf32> {
  %d = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<u8:f32:1, {0.5:1,0.25:2,2.0:3}>>) -> tensor<2x3xf32>
  return %d : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @bitcast
// CHECK-SAME: (%arg0: tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: return %arg0 : tensor<4xi8>
func.func @bitcast(%x: tensor<4xi8>) -> tensor<4xi8> {
  %q = stablehlo.bitcast_convert %x : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  %b = stablehlo.bitcast_convert %q : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xi8>
  return %b : tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @quantized_add
// CHECK-SAME: (%arg0: tensor<2xi8>, %arg1: tensor<2xi8>) -> tensor<2xi8>
// CHECK-DAG: %[[X:.*]] = hlo.convert %arg0 : (tensor<2xi8>) -> tensor<2xf32>
// CHECK-DAG: %[[Y:.*]] = hlo.convert %arg1 : (tensor<2xi8>) -> tensor<2xf32>
// CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<2xf32>
// CHECK: hlo.divide
// CHECK: hlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xi8>
func.func @quantized_add(%x: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %y: tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>> {
  %s = "stablehlo.add"(%x, %y) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  return %s : tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
}

// -----

// A dot_general of i8 storage: the i32 product of the integers on the int8
// path, less z_l times the rhs's column sums (a product with ones), scaled
// by s_l s_r (0.5 * 0.25). With a zero rhs zero point there is no lhs sum.
// CHECK-LABEL: func.func @dot_int8
// CHECK-SAME: (%arg0: tensor<2x3xi8>, %arg1: tensor<3x4xi8>) -> tensor<2x4xf32>
// CHECK: %[[P:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi32>
// CHECK: %[[ONES:.*]] = hlo.constant dense<1> : tensor<3xi8>
// CHECK: %[[SUMS:.*]] = hlo.dot_general %[[ONES]], %arg1, contracting_dims = [0] x [0] : (tensor<3xi8>, tensor<3x4xi8>) -> tensor<4xi32>
// CHECK: %[[WIDE:.*]] = hlo.broadcast_in_dim %[[SUMS]], dims = [1] : (tensor<4xi32>) -> tensor<2x4xi32>
// CHECK: %[[ZL:.*]] = hlo.constant dense<3> : tensor<2x4xi32>
// CHECK: %[[T:.*]] = hlo.multiply %[[WIDE]], %[[ZL]]
// CHECK: %[[ACC:.*]] = hlo.subtract %[[P]], %[[T]]
// CHECK-NOT: hlo.dot_general
// CHECK: %[[S:.*]] = hlo.constant dense<1.250000e-01> : tensor<2x4xf32>
// CHECK: %[[F:.*]] = hlo.convert %[[ACC]] : (tensor<2x4xi32>) -> tensor<2x4xf32>
// CHECK: %[[R:.*]] = hlo.multiply %[[F]], %[[S]]
// CHECK: return %[[R]]
func.func @dot_int8(%l: tensor<2x3x!quant.uniform<i8:f32, 0.5:3>>, %r: tensor<3x4x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:3>>, tensor<3x4x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Unsigned storage does not fit the int8 path: dequantized, f32 product.
// CHECK-LABEL: func.func @dot_unsigned
// CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0]{{.*}} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dot_unsigned(%l: tensor<2x3x!quant.uniform<u8:f32, 0.5:3>>, %r: tensor<3x4x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<u8:f32, 0.5:3>>, tensor<3x4x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A convolution of i8 storage: the i32 convolution of the integers, less
// z_l times the convolution of ones over one image (the taps inside the
// input), broadcast over the batch.
// CHECK-LABEL: func.func @conv_int8
// CHECK: %[[P:.*]] = hlo.convolution %arg0, %arg1{{.*}} : (tensor<2x4x4x3xi8>, tensor<3x3x3x8xi8>) -> tensor<2x4x4x8xi32>
// CHECK: %[[ONES:.*]] = hlo.constant dense<1> : tensor<1x4x4x3xi8>
// CHECK: %[[C:.*]] = hlo.convolution %[[ONES]], %arg1{{.*}} -> tensor<1x4x4x8xi32>
// CHECK: hlo.broadcast_in_dim %[[C]], dims = [0, 1, 2, 3] : (tensor<1x4x4x8xi32>) -> tensor<2x4x4x8xi32>
// CHECK: hlo.subtract %[[P]]
func.func @conv_int8(%x: tensor<2x4x4x3x!quant.uniform<i8:f32, 0.5:-4>>, %w: tensor<3x3x3x8x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x4x4x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x4x3x!quant.uniform<i8:f32, 0.5:-4>>, tensor<3x3x3x8x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x4x4x8xf32>
  return %0 : tensor<2x4x4x8xf32>
}
