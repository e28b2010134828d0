// RUN: tpu-opt %s -split-input-file --convert-tosa-to-hlo | FileCheck %s

// Quantized TOSA: the integer arithmetic of the TOSA 1.0 specification in
// hlo (values are checked in test/e2e/tosa-quantized.mlir and against
// upstream MLIR in test/e2e/tosa-upstream.test).

// rescale per channel with DOUBLE_ROUND: (v - zp) * m + round >> s in i64,
// round moved by 2^30 toward the sign where s > 31; truncated to i32, plus
// the output zero point, saturated to i8.
// CHECK-LABEL: func.func @rescale
// CHECK:       %[[V:.+]] = hlo.convert %arg0 : (tensor<2x3xi8>) -> tensor<2x3xi64>
// CHECK:       %[[ZP:.+]] = hlo.subtract %[[V]], %{{.+}} : tensor<2x3xi64>
// CHECK:       %[[M:.+]] = hlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<3xi64>) -> tensor<2x3xi64>
// CHECK:       %[[S:.+]] = hlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<3xi64>) -> tensor<2x3xi64>
// CHECK:       hlo.shift_left
// CHECK:       hlo.compare GE, %[[ZP]]
// CHECK:       hlo.compare GT, %[[S]]
// CHECK:       %[[P:.+]] = hlo.multiply %[[ZP]], %[[M]] : tensor<2x3xi64>
// CHECK:       %[[R:.+]] = hlo.add %[[P]]
// CHECK:       %[[SH:.+]] = hlo.shift_right_arithmetic %[[R]], %[[S]] : tensor<2x3xi64>
// CHECK:       hlo.convert %[[SH]] : (tensor<2x3xi64>) -> tensor<2x3xi32>
// CHECK:       hlo.constant dense<-7> : tensor<2x3xi32>
// CHECK:       hlo.minimum
// CHECK:       hlo.maximum
// CHECK:       hlo.convert %{{.+}} : (tensor<2x3xi32>) -> tensor<2x3xi8>
func.func @rescale(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %m = "tosa.const"() <{values = dense<[1073741824, 1073741825, 2147483647]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %s = "tosa.const"() <{values = dense<[31, 32, 40]> : tensor<3xi8>}> : () -> tensor<3xi8>
  %izp = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<-7> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x3xi8>, tensor<3xi32>, tensor<3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// -----

// An unsigned output saturates to [0, 255] before the i8 bits are kept; a
// per-tensor multiplier is broadcast as a scalar.
// CHECK-LABEL: func.func @rescale_unsigned_out
// CHECK:       hlo.broadcast_in_dim %{{.+}}, dims = [] : (tensor<i64>) -> tensor<4xi64>
// CHECK:       hlo.constant dense<255> : tensor<4xi32>
// CHECK:       hlo.minimum
// CHECK:       hlo.constant dense<0> : tensor<4xi32>
// CHECK:       hlo.maximum
func.func @rescale_unsigned_out(%x: tensor<4xi32>) -> tensor<4xi8> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<4xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// An int8 convolution: the input padded with its zero point, i8 x i8 -> i32
// on the MXU, and za * sum(w) per output channel taken off.
// CHECK-LABEL: func.func @conv
// CHECK:       %[[ZP:.+]] = hlo.constant dense<-128> : tensor<i8>
// CHECK:       %[[PAD:.+]] = hlo.pad %arg0, %[[ZP]], low = [0, 1, 1, 0], high = [0, 1, 1, 0]
// CHECK:       %[[CONV:.+]] = hlo.convolution %[[PAD]], %{{.+}} pad = {{\[\[}}0, 0], [0, 0]]{{.*}} : (tensor<1x6x6x3xi8>, tensor<3x3x3x2xi8>) -> tensor<1x4x4x2xi32>
// CHECK:       hlo.reduce sum %{{.+}}, dims = [1, 2, 3] : (tensor<2x3x3x3xi32>) -> tensor<2xi32>
// CHECK:       %[[FIX:.+]] = hlo.broadcast_in_dim %{{.+}}, dims = [3] : (tensor<2xi32>) -> tensor<1x4x4x2xi32>
// CHECK:       hlo.add %[[CONV]], %[[FIX]]
func.func @conv(%x: tensor<1x4x4x3xi8>) -> tensor<1x4x4x2xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<2x3x3x3xi8>}> : () -> tensor<2x3x3x3xi8>
  %b = "tosa.const"() <{values = dense<[10, 20]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %izp = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xi8>, tensor<2x3x3x3xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2xi32>
  return %0 : tensor<1x4x4x2xi32>
}

// -----

// A weight zero point adds zw * (the window sums of the input): a
// convolution with ones.
// CHECK-LABEL: func.func @conv_weight_zero_point
// CHECK:       hlo.convolution {{.+}} -> tensor<1x4x4x2xi32>
// CHECK:       %[[ONES:.+]] = hlo.constant dense<1> : tensor<1x1x3x1xi8>
// CHECK:       hlo.convolution %arg0, %[[ONES]]{{.+}} -> tensor<1x4x4x1xi32>
func.func @conv_weight_zero_point(%x: tensor<1x4x4x3xi8>, %w: tensor<2x1x1x3xi8>) -> tensor<1x4x4x2xi32> {
  %b = "tosa.const"() <{values = dense<0> : tensor<2xi32>}> : () -> tensor<2xi32>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xi8>, tensor<2x1x1x3xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2xi32>
  return %0 : tensor<1x4x4x2xi32>
}

// -----

// An int8 table: a one-hot sum over its 256 entries.
// CHECK-LABEL: func.func @table
// CHECK:       hlo.constant dense<128> : tensor<5xi32>
// CHECK:       %[[I:.+]] = hlo.broadcast_in_dim %{{.+}}, dims = [0] : (tensor<5xi32>) -> tensor<5x256xi32>
// CHECK:       %[[E:.+]] = hlo.iota dim = 1 : tensor<5x256xi32>
// CHECK:       %[[EQ:.+]] = hlo.compare EQ, %[[I]], %[[E]]
// CHECK:       %[[T:.+]] = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<256xi8>) -> tensor<5x256xi8>
// CHECK:       %[[SEL:.+]] = hlo.select %[[EQ]], %[[T]]
// CHECK:       hlo.reduce sum %[[SEL]], dims = [1] : (tensor<5x256xi8>) -> tensor<5xi8>
func.func @table(%x: tensor<5xi8>, %t: tensor<256xi8>) -> tensor<5xi8> {
  %0 = tosa.table %x, %t : (tensor<5xi8>, tensor<256xi8>) -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

// -----

// A 16x8 convolution accumulates in i48, held in i64: two int8
// convolutions on the MXU, of the input's high byte (x >> 8) and low byte
// less 128, combined as 256 hi + lo + 128 sum(w); the bias constant is i64.
// CHECK-LABEL: func.func @conv_i16
// CHECK:       hlo.constant dense<[1, -2]> : tensor<2xi64>
// CHECK:       %[[HI:.+]] = hlo.shift_right_arithmetic %arg0
// CHECK:       hlo.and %arg0
// CHECK:       %[[LO:.+]] = hlo.subtract
// CHECK:       %[[HI8:.+]] = hlo.convert %[[HI]] : (tensor<1x4x5x3xi16>) -> tensor<1x4x5x3xi8>
// CHECK:       %[[LO8:.+]] = hlo.convert %[[LO]] : (tensor<1x4x5x3xi16>) -> tensor<1x4x5x3xi8>
// CHECK:       hlo.convolution %[[HI8]], %{{.+}} -> tensor<1x4x4x2xi32>
// CHECK:       hlo.convolution %[[LO8]], %{{.+}} -> tensor<1x4x4x2xi32>
// CHECK:       hlo.constant dense<256> : tensor<1x4x4x2xi64>
// CHECK:       hlo.reduce sum %{{.+}}, dims = [1, 2, 3] : (tensor<2x1x2x3xi64>) -> tensor<2xi64>
// CHECK:       hlo.convert %{{.+}} : (tensor<1x4x4x2xi64>) -> tensor<1x4x4x2xi32>
func.func @conv_i16(%x: tensor<1x4x5x3xi16>, %w: tensor<2x1x2x3xi8>) -> tensor<1x4x4x2xi32> {
  %b = "tosa.const"() <{values = dense<[1, -2]> : tensor<2xi48>}> : () -> tensor<2xi48>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.conv2d %x, %w, %b, %zp, %wzp {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x5x3xi16>, tensor<2x1x2x3xi8>, tensor<2xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x4x2xi48>
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %1 = tosa.rescale %0, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<1x4x4x2xi48>, tensor<1xi32>, tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> tensor<1x4x4x2xi32>
  return %1 : tensor<1x4x4x2xi32>
}

// -----

// A 16x8 convolution with a weight zero point: one integer dot per tap on
// the vector unit, operands widened to i64 less their zero points.
// CHECK-LABEL: func.func @conv_i16_weight_zero_point
// CHECK-COUNT-2: hlo.dot_general %{{.+}}, %{{.+}}, contracting_dims = [1] x [1] : (tensor<16x3xi64>, tensor<2x3xi64>) -> tensor<16x2xi64>
// CHECK:       hlo.reshape %{{.+}} : (tensor<16x2xi64>) -> tensor<1x4x4x2xi64>
func.func @conv_i16_weight_zero_point(%x: tensor<1x4x5x3xi16>, %w: tensor<2x1x2x3xi8>) -> tensor<1x4x4x2xi32> {
  %b = "tosa.const"() <{values = dense<0> : tensor<2xi48>}> : () -> tensor<2xi48>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.conv2d %x, %w, %b, %zp, %wzp {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x5x3xi16>, tensor<2x1x2x3xi8>, tensor<2xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x4x2xi48>
  %c = tosa.cast %0 : (tensor<1x4x4x2xi48>) -> tensor<1x4x4x2xi32>
  return %c : tensor<1x4x4x2xi32>
}

// -----

// An int16 matmul into i48 (i64): four int8 products of the operands'
// bytes on the MXU, combined with the row and column sums.
// CHECK-LABEL: func.func @matmul_i16
// CHECK-COUNT-4: hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<1x4x5xi8>, tensor<1x5x3xi8>) -> tensor<1x4x3xi32>
// CHECK:       hlo.constant dense<65536> : tensor<1x4x3xi64>
// CHECK:       hlo.reduce sum %{{.+}}, dims = [2] : (tensor<1x4x5xi64>) -> tensor<1x4xi64>
// CHECK:       hlo.reduce sum %{{.+}}, dims = [1] : (tensor<1x5x3xi64>) -> tensor<1x3xi64>
// CHECK:       hlo.constant dense<-81920> : tensor<1x4x3xi64>
func.func @matmul_i16(%a: tensor<1x4x5xi16>, %b: tensor<1x5x3xi16>) -> tensor<1x4x3xi32> {
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x4x5xi16>, tensor<1x5x3xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x4x3xi48>
  %c = tosa.cast %0 : (tensor<1x4x3xi48>) -> tensor<1x4x3xi32>
  return %c : tensor<1x4x3xi32>
}
