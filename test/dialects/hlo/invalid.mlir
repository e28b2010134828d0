// RUN: tpu-opt %s -split-input-file -verify-diagnostics
// One case per verifier rule; constraint names refer to docs/dialects/hlo.md.

func.func @tensor_c1_dynamic(%x: tensor<?x128xf32>) -> tensor<?x128xf32> {
  // expected-error @+1 {{'hlo.abs' op operand #0 has dynamic dimension 0 in 'tensor<?x128xf32>'; TPU programs need static shapes}}
  %0 = hlo.abs %x : tensor<?x128xf32>
  return %0 : tensor<?x128xf32>
}

// -----

func.func @tensor_c1_unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hlo.negate' op operand #0 has unranked type 'tensor<*xf32>'; TPU programs need static shapes}}
  %0 = hlo.negate %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @tensor_c1_dynamic_result(%x: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.abs' op result #0 has dynamic dimension 0 in 'tensor<?xf32>'}}
  %0 = hlo.abs %x : (tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @tensor_c2_i3(%x: tensor<4xi3>) -> tensor<4xi3> {
  // expected-error @+1 {{'hlo.abs' op operand #0 has element type 'i3', but TPU programs support only f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1}}
  %0 = hlo.abs %x : tensor<4xi3>
  return %0 : tensor<4xi3>
}

// -----

// Signedness is the op's business in hlo, as in StableHLO: integers are
// signless or unsigned.
func.func @tensor_c2_signed(%x: tensor<4xsi8>) -> tensor<4xsi8> {
  // expected-error @+1 {{operand #0 has element type 'si8', but TPU programs support only f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1}}
  %0 = hlo.add %x, %x : tensor<4xsi8>
  return %0 : tensor<4xsi8>
}

// -----

func.func @tensor_c2_unsigned_i1(%x: tensor<4xui1>) -> tensor<4xui1> {
  // expected-error @+1 {{operand #0 has element type 'ui1'}}
  %0 = hlo.and %x, %x : tensor<4xui1>
  return %0 : tensor<4xui1>
}

// -----

func.func @tensor_c2_constant() -> tensor<2xf64> {
  // expected-error @+1 {{'hlo.constant' op value has element type 'f64', but TPU programs support only f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1}}
  %0 = hlo.constant dense<1.0> : tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @tensor_c3_encoding(%x: tensor<4xf32, "layout">) -> tensor<4xf32, "layout"> {
  // expected-error @+1 {{'hlo.abs' op operand #0 has tensor encoding "layout", but hlo tensors carry only #tpu.layout encodings}}
  %0 = hlo.abs %x : tensor<4xf32, "layout">
  return %0 : tensor<4xf32, "layout">
}

// -----

func.func @tensor_not_a_tensor(%x: f32) -> f32 {
  // expected-error @+1 {{'hlo.abs' op operand #0 must be statically shaped tensor of f32, bf16, i32, i8 or i1 values, but got 'f32'}}
  %0 = hlo.abs %x : f32
  return %0 : f32
}

// -----

func.func @elementwise_c1_shapes(%a: tensor<8x128xf32>, %b: tensor<128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{'hlo.add' op operands must have the same shape, but operand #1 has shape [128] and operand #0 has shape [8, 128]; use hlo.broadcast_in_dim to broadcast explicitly}}
  %0 = hlo.add %a, %b : (tensor<8x128xf32>, tensor<128xf32>) -> tensor<8x128xf32>
  return %0 : tensor<8x128xf32>
}

// -----

func.func @elementwise_c1_scalar(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #1 has shape [] (a scalar) and operand #0 has shape [4]; use hlo.broadcast_in_dim}}
  %0 = hlo.multiply %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @elementwise_c2_result_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'hlo.exponential' op result #0 has shape [5] but the operands have shape [4]}}
  %0 = hlo.exponential %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @elementwise_c3_element_types(%a: tensor<4xf32>, %b: tensor<4xbf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %0 = hlo.add %a, %b : (tensor<4xf32>, tensor<4xbf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @elementwise_c4_float_only(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.exponential' op requires a floating-point element type (f32, bf16 or f16), but operand #0 has element type 'i32'}}
  %0 = hlo.exponential %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @elementwise_c5_no_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.subtract' op is not defined for i1 (boolean) operands}}
  %0 = hlo.subtract %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @convert_c1_shape(%a: tensor<4xf32>) -> tensor<8xi32> {
  // expected-error @+1 {{'hlo.convert' op result #0 has shape [8] but the operands have shape [4]}}
  %0 = hlo.convert %a : (tensor<4xf32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

func.func @compare_c1_operand_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.compare' op requires all operands to have the same type}}
  %0 = hlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c2_result_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.compare' op result #0 has type 'tensor<4xf32>', but the operands imply 'tensor<4xi1>'}}
  %0 = hlo.compare LT, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_unknown_direction(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{unknown keyword 'LESS'}}
  %0 = hlo.compare LESS, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @select_c1_pred(%p: tensor<4xi32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.select' op pred must have element type i1, but has 'i32'}}
  %0 = hlo.select %p, %a, %a : tensor<4xi32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_c2_branches(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.select' op on_true and on_false must have the same element type, but have 'f32' and 'i32'}}
  %0 = hlo.select %p, %a, %b : tensor<4xi1>, (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_c3_pred_shape(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.select' op operands must have the same shape, but operand #1 has shape [4] and operand #0 has shape [] (a scalar); use hlo.broadcast_in_dim}}
  %0 = hlo.select %p, %a, %a : tensor<i1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @iota_c1() -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.iota' op iota_dimension 1 is not a dimension of the rank-1 result}}
  %0 = hlo.iota dim = 1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @iota_c2() -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.iota' op cannot produce i1 values}}
  %0 = hlo.iota dim = 0 : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @broadcast_in_dim_c1(%x: tensor<4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions has 2 entries, but the operand has rank 1}}
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @broadcast_in_dim_c2(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions [2] has 2, which is not a dimension of a rank-2 tensor}}
  %0 = hlo.broadcast_in_dim %x, dims = [2] : (tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_in_dim_c3(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions [1, 1] repeats dimension 1}}
  %0 = hlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @broadcast_in_dim_c4(%x: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op operand dimension 0 of size 3 maps to result dimension 1 of size 4; it must have size 1 or 4}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_in_dim_c5(%x: tensor<4xf32>) -> tensor<2x4xbf16> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op result element type 'bf16' differs from the operand element type 'f32'}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}

// -----

func.func @reshape_c1(%x: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'hlo.reshape' op cannot reshape 6 elements 'tensor<2x3xf32>' into 7 elements 'tensor<7xf32>'}}
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @transpose_c1(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'hlo.transpose' op permutation [0] has 1 entries, but the operand has rank 2}}
  %0 = hlo.transpose %x, dims = [0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_c2(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'hlo.transpose' op permutation [0, 0] repeats dimension 0}}
  %0 = hlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @transpose_c3_result(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.transpose' op result #0 has type 'tensor<2x3xf32>', but the operands imply 'tensor<3x2xf32>'}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_c1(%x: tensor<4x4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.slice' op start_indices, limit_indices and strides need one entry per operand dimension (2), but have 1, 1 and 1}}
  %0 = hlo.slice %x [0:2] : (tensor<4x4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_c2(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.slice' op dimension 0 slices 3:5, which is not within 0:4 with start <= limit}}
  %0 = hlo.slice %x [3:5] : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_c3(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.slice' op stride 0 of dimension 0 must be positive}}
  %0 = hlo.slice %x [0:4:0] : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @pad_c1(%x: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'hlo.pad' op padding_value must have type 'tensor<f32>', but has type 'tensor<1xf32>'}}
  %0 = hlo.pad %x, %v, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<1xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_c2(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  // expected-error @+1 {{'hlo.pad' op edge_padding_low, edge_padding_high and interior_padding need one entry per operand dimension (1), but have 2, 1 and 1}}
  %0 = hlo.pad %x, %v, low = [1, 0], high = [1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_c3(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  // expected-error @+1 {{'hlo.pad' op interior_padding -1 of dimension 0 must not be negative}}
  %0 = hlo.pad %x, %v, low = [1], high = [1], interior = [-1] : (tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_c4(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<0xf32> {
  // expected-error @+1 {{'hlo.pad' op dimension 0 would have negative size -1}}
  %0 = hlo.pad %x, %v, low = [-3], high = [-2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @concatenate_c1() -> tensor<0xf32> {
  // expected-error @+1 {{'hlo.concatenate' op needs at least one input}}
  %0 = "hlo.concatenate"() <{dimension = 0 : i64}> : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @concatenate_c2(%a: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.concatenate' op dimension 1 is not a dimension of the rank-1 inputs}}
  %0 = hlo.concatenate %a, %a, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_c3(%a: tensor<2xf32>, %b: tensor<2x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.concatenate' op operand #1 has rank 2, but operand #0 has rank 1}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2x2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_c4(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'hlo.concatenate' op operand #1 has size 4 in dimension 1, but operand #0 has 3; only the concatenated dimension may differ}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dot_general_c1(%a: tensor<2x8x16xf32>, %b: tensor<16x32xf32>) -> tensor<2x8x32xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs_batching_dimensions [0] and rhs_batching_dimensions [] must have the same length}}
  %0 = "hlo.dot_general"(%a, %b) <{lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 0>}> : (tensor<2x8x16xf32>, tensor<16x32xf32>) -> tensor<2x8x32xf32>
  return %0 : tensor<2x8x32xf32>
}

// -----

func.func @dot_general_c2(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<32xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs_contracting_dimensions [0, 1] and rhs_contracting_dimensions [0] must have the same length}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [0, 1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

func.func @dot_general_c3(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs batching and contracting dimensions [2] has 2, which is not a dimension of a rank-2 tensor}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

func.func @dot_general_c4(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'hlo.dot_general' op rhs batching and contracting dimensions [0, 0] repeats dimension 0}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

func.func @dot_general_c5(%a: tensor<2x8x16xf32>, %b: tensor<3x16x32xf32>) -> tensor<2x8x32xf32> {
  // expected-error @+1 {{'hlo.dot_general' op batching dimension 0 of lhs has size 2 but batching dimension 0 of rhs has size 3}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x8x16xf32>, tensor<3x16x32xf32>) -> tensor<2x8x32xf32>
  return %0 : tensor<2x8x32xf32>
}

// -----

func.func @dot_general_c6(%a: tensor<8x16xf32>, %b: tensor<15x32xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'hlo.dot_general' op contracting dimension 1 of lhs has size 16 but contracting dimension 0 of rhs has size 15}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<15x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

func.func @dot_general_c7(%a: tensor<8x16xf32>, %b: tensor<16x32xbf16>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs and rhs must have the same element type, but have 'f32' and 'bf16'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xbf16>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

func.func @dot_general_c7_bool(%a: tensor<8x16xi1>, %b: tensor<16x32xi1>) -> tensor<8x32xi1> {
  // expected-error @+1 {{'hlo.dot_general' op is not defined for i1 (boolean) operands}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xi1>, tensor<16x32xi1>) -> tensor<8x32xi1>
  return %0 : tensor<8x32xi1>
}

// -----

func.func @dot_general_c8(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<32x8xf32> {
  // expected-error @+1 {{'hlo.dot_general' op result shape [32, 8] does not match the expected shape [8, 32] (batch dimensions, then lhs free, then rhs free dimensions)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<32x8xf32>
  return %0 : tensor<32x8xf32>
}

// -----

func.func @dot_general_c9(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xbf16> {
  // expected-error @+1 {{'hlo.dot_general' op result element type 'bf16' is neither the operand element type 'f32' nor its accumulator type (f32)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xbf16>
  return %0 : tensor<8x32xbf16>
}

// -----

func.func @convolution_c1_rank(%x: tensor<8x16xf32>, %w: tensor<3x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'hlo.convolution' op lhs must be [batch, spatial..., features] with at least one spatial dimension, but has rank 2}}
  %0 = hlo.convolution %x, %w : (tensor<8x16xf32>, tensor<3x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @convolution_c1_kernel_rank(%x: tensor<1x8x8x2xf32>, %w: tensor<3x2x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op rhs (kernel) must have the rank of lhs (4), but has rank 3}}
  %0 = hlo.convolution %x, %w : (tensor<1x8x8x2xf32>, tensor<3x2x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @convolution_c2(%x: tensor<1x8x8x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op window_strides has 1 entries, but 2 are needed for 2 spatial dimensions}}
  %0 = hlo.convolution %x, %w, window = {stride = [1]} : (tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @convolution_c2_padding(%x: tensor<1x8x2xf32>, %w: tensor<3x2x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op padding has 3 entries, but 2 are needed for 1 spatial dimensions}}
  %0 = "hlo.convolution"(%x, %w) <{padding = array<i64: 0, 0, 0>}> : (tensor<1x8x2xf32>, tensor<3x2x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_c3(%x: tensor<1x8x2xf32>, %w: tensor<3x2x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op window_strides, lhs_dilation and rhs_dilation must be positive in spatial dimension 0}}
  %0 = hlo.convolution %x, %w, window = {rhs_dilate = [0]} : (tensor<1x8x2xf32>, tensor<3x2x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_c4_groups(%x: tensor<1x8x4xf32>, %w: tensor<3x4x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op lhs has 4 input features and the kernel 4 input and 4 output features; with feature_group_count 2 the kernel needs 2 input features and a multiple of 2 output features}}
  %0 = hlo.convolution %x, %w, feature_group_count = 2 : (tensor<1x8x4xf32>, tensor<3x4x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_c4_positive(%x: tensor<1x8x4xf32>, %w: tensor<3x4x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op feature_group_count must be positive, but is 0}}
  %0 = hlo.convolution %x, %w, feature_group_count = 0 : (tensor<1x8x4xf32>, tensor<3x4x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_c5(%x: tensor<1x8x4xf32>, %w: tensor<3x4x4xbf16>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op lhs and rhs must have the same element type, but have 'f32' and 'bf16'}}
  %0 = hlo.convolution %x, %w : (tensor<1x8x4xf32>, tensor<3x4x4xbf16>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_c6(%x: tensor<1x8x8x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x8x8x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op result shape [1, 8, 8, 4] does not match the expected shape [1, 4, 3, 4] ([batch, spatial..., output features])}}
  %0 = hlo.convolution %x, %w, window = {stride = [2, 3], pad = [[1, 1], [1, 1]]} : (tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x8x8x4xf32>
  return %0 : tensor<1x8x8x4xf32>
}

// -----

func.func @convolution_c7(%x: tensor<1x8x4xi8>, %w: tensor<3x4x4xi8>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{'hlo.convolution' op result element type 'f32' is neither the operand element type 'i8' nor its accumulator type (i32)}}
  %0 = hlo.convolution %x, %w : (tensor<1x8x4xi8>, tensor<3x4x4xi8>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_window_unknown(%x: tensor<1x8x4xf32>, %w: tensor<3x4x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{unknown window entry 'strides'; expected stride, pad, lhs_dilate or rhs_dilate}}
  %0 = hlo.convolution %x, %w, window = {strides = [1]} : (tensor<1x8x4xf32>, tensor<3x4x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_window_repeated(%x: tensor<1x8x4xf32>, %w: tensor<3x4x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{window entry 'stride' repeats}}
  %0 = hlo.convolution %x, %w, window = {stride = [1], stride = [1]} : (tensor<1x8x4xf32>, tensor<3x4x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_window_pad_pair(%x: tensor<1x8x4xf32>, %w: tensor<3x4x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{expected a [low, high] pair}}
  %0 = hlo.convolution %x, %w, window = {pad = [[1, 1, 1]]} : (tensor<1x8x4xf32>, tensor<3x4x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @convolution_unknown_attribute(%x: tensor<1x8x4xf32>, %w: tensor<3x4x4xf32>) -> tensor<1x6x4xf32> {
  // expected-error @+1 {{unknown convolution attribute 'groups'; expected window, feature_group_count or precision}}
  %0 = hlo.convolution %x, %w, groups = 1 : (tensor<1x8x4xf32>, tensor<3x4x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @reduce_c1(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op dimensions [2] has 2, which is not a dimension of a rank-2 tensor}}
  %0 = hlo.reduce sum %x, dims = [2] : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c2(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op dimensions [1, 1] repeats dimension 1}}
  %0 = hlo.reduce max %x, dims = [1, 1] : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c3_result(%x: tensor<4x8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.reduce' op result #0 has type 'tensor<8xf32>', but the operands imply 'tensor<4xf32>'}}
  %0 = hlo.reduce min %x, dims = [1] : (tensor<4x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reduce_unknown_kind(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown keyword 'mean'}}
  %0 = hlo.reduce mean %x, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @argmax_c1(%x: tensor<4x8xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.argmax' op dimension [2] has 2, which is not a dimension of a rank-2 tensor}}
  %0 = hlo.argmax %x, dim = 2 : (tensor<4x8xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @argmin_c2_bool(%x: tensor<8xi1>) -> tensor<i32> {
  // expected-error @+1 {{'hlo.argmin' op is not defined for i1 (boolean) operands}}
  %0 = hlo.argmin %x, dim = 0 : (tensor<8xi1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @argmax_c3_result(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.argmax' op result #0 has type 'tensor<4xf32>', but the operands imply 'tensor<4xi32>'}}
  %0 = hlo.argmax %x, dim = 1 : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_c1_no_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.fusion' op has no results; a fusion computes at least one value}}
  hlo.fusion kind = loop (%p = %x) : (tensor<4xf32>) -> () {
    hlo.yield
  }
  return
}

// -----

func.func @fusion_c2_parameter_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op parameter #0 has type 'tensor<4xi32>' but operand #0 has type 'tensor<4xf32>'}}
  %0 = "hlo.fusion"(%x) <{kind = #hlo<fusion_kind loop>}> ({
  ^bb0(%p: tensor<4xi32>):
    %c = hlo.convert %p : (tensor<4xi32>) -> tensor<4xf32>
    hlo.yield %c : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_c2_parameter_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op has 1 operands but its body has 2 parameters}}
  %0 = "hlo.fusion"(%x) <{kind = #hlo<fusion_kind loop>}> ({
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    hlo.yield %p : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_c3_yield_types(%x: tensor<4xf32>) -> tensor<4xi32> {
  %0 = hlo.fusion kind = loop (%p = %x) : (tensor<4xf32>) -> tensor<4xi32> {
    // expected-error @+1 {{'hlo.yield' op yields ('tensor<4xf32>') but the fusion returns ('tensor<4xi32>')}}
    hlo.yield %p : tensor<4xf32>
  }
  return %0 : tensor<4xi32>
}

// -----

func.func @fusion_c4_foreign_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.fusion kind = loop (%p = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'arith.addf' op cannot be fused: a fusion body holds hlo ops only}}
    %s = arith.addf %p, %p : tensor<4xf32>
    hlo.yield %s : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_c4_nested(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.fusion kind = loop (%p = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'hlo.fusion' op cannot be nested in another fusion}}
    %i = hlo.fusion kind = loop (%q = %p) : (tensor<4xf32>) -> tensor<4xf32> {
      hlo.yield %q : tensor<4xf32>
    }
    hlo.yield %i : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_c4_two_mxu_ops(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = hlo.fusion kind = output (%p = %x) : (tensor<8x8xf32>) -> tensor<8x8xf32> {
    %a = hlo.dot_general %p, %p, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    // expected-error @+1 {{'hlo.dot_general' op is a second MXU op in one fusion; a fusion holds at most one dot_general or convolution}}
    %b = hlo.dot_general %a, %p, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    hlo.yield %b : tensor<8x8xf32>
  }
  return %0 : tensor<8x8xf32>
}

// -----

func.func @fusion_c5_loop_reduction(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.fusion' op of kind 'loop' holds a reduction ('hlo.reduce'); reductions root 'input' fusions}}
  %0 = hlo.fusion kind = loop (%p = %x) : (tensor<4xf32>) -> tensor<f32> {
    %r = hlo.reduce sum %p, dims = [0] : (tensor<4xf32>) -> tensor<f32>
    hlo.yield %r : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @fusion_c5_input_mxu(%x: tensor<8x8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.fusion' op of kind 'input' holds an MXU op ('hlo.dot_general'); MXU ops root 'output' fusions}}
  %0 = hlo.fusion kind = input (%p = %x) : (tensor<8x8xf32>) -> tensor<8xf32> {
    %a = hlo.dot_general %p, %p, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %r = hlo.reduce sum %a, dims = [1] : (tensor<8x8xf32>) -> tensor<8xf32>
    hlo.yield %r : tensor<8xf32>
  }
  return %0 : tensor<8xf32>
}

// -----

func.func @fusion_c5_output_without_mxu(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op of kind 'output' holds no dot_general or convolution}}
  %0 = hlo.fusion kind = output (%p = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %a = hlo.abs %p : tensor<4xf32>
    hlo.yield %a : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_c5_input_root(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4x8xf32>) {
  // expected-error @+1 {{'hlo.fusion' op of kind 'input' must yield values computed by its reductions, but result #1 does not depend on one}}
  %0:2 = hlo.fusion kind = input (%p = %x) : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4x8xf32>) {
    %a = hlo.abs %p : tensor<4x8xf32>
    %r = hlo.reduce sum %a, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
    hlo.yield %r, %a : tensor<4xf32>, tensor<4x8xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4x8xf32>
}

// -----

func.func @yield_outside_fusion(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.yield' op expects parent op to be one of 'hlo.fusion, hlo.sort, hlo.while, hlo.if, hlo.case, hlo.manual_computation'}}
  hlo.yield %x : tensor<4xf32>
}

// -----

func.func @bitwise_integers_only(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.and' op requires an integer or i1 element type, but operand #0 has element type 'f32'}}
  %0 = hlo.and %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_integers_only(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'hlo.not' op requires an integer or i1 element type, but operand #0 has element type 'bf16'}}
  %0 = hlo.not %a : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @shift_not_on_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.shift_left' op is not defined for i1 (boolean) operands}}
  %0 = hlo.shift_left %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @shift_not_on_floats(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.shift_right_arithmetic' op requires an integer or i1 element type, but operand #0 has element type 'f32'}}
  %0 = hlo.shift_right_arithmetic %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @floor_floats_only(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.floor' op requires a floating-point element type (f32, bf16 or f16), but operand #0 has element type 'i32'}}
  %0 = hlo.floor %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reverse_c3_dimension_in_range(%a: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reverse' op dimensions [2] has 2, which is not a dimension of a rank-2 tensor}}
  %0 = hlo.reverse %a, dims = [2] : tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @reverse_c2_unique_dimensions(%a: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reverse' op dimensions [1, 1] repeats dimension 1}}
  %0 = hlo.reverse %a, dims = [1, 1] : tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @popcnt_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.popcnt' op requires an integer or i1 element type, but operand #0 has element type 'f32'}}
  %0 = hlo.popcnt %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clz_bool(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.count_leading_zeros' op is not defined for i1 (boolean) operands}}
  %0 = hlo.count_leading_zeros %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @atan2_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.atan2' op requires a floating-point element type (f32, bf16 or f16), but operand #0 has element type 'i32'}}
  %0 = hlo.atan2 %x, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @power_bool(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.power' op is not defined for i1 (boolean) operands}}
  %0 = hlo.power %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @bitcast_convert_c1_width(%x: tensor<4xf32>) -> tensor<4xi16> {
  // expected-error @+1 {{'hlo.bitcast_convert' op reinterprets 'f32' as 'i16', which has another width; TPU bitcasts keep the shape}}
  %0 = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @bitcast_convert_c1_pred(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.bitcast_convert' op cannot reinterpret i1, which has no bit pattern}}
  %0 = hlo.bitcast_convert %x : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @lgamma_integer(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.lgamma' op requires a floating-point element type (f32, bf16 or f16), but operand #0 has element type 'i32'}}
  %0 = hlo.lgamma %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @sort_no_operands() {
  // expected-error @+1 {{'hlo.sort' op has no operands; a sort sorts at least one tensor}}
  %0 = "hlo.sort"() <{dimension = 0 : i64}> ({
  ^bb0:
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.yield %t : tensor<i1>
  }) : () -> tensor<4xf32>
  return
}

// -----

func.func @sort_shapes_differ(%x: tensor<4xf32>, %y: tensor<5xi32>) {
  // expected-error @+1 {{'hlo.sort' op operand #1 has shape [5] but operand #0 has shape [4]; sorted operands have one shape}}
  %0:2 = hlo.sort(%x, %y) dim = 0 : (tensor<4xf32>, tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return
}

// -----

func.func @sort_result_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sort' op results ('tensor<4xi32>') must have the operands' types ('tensor<4xf32>')}}
  %0 = hlo.sort(%x) dim = 0 : (tensor<4xf32>) -> tensor<4xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return
}

// -----

func.func @sort_dimension(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.sort' op dimension 1 is not a dimension of a rank-1 operand}}
  %0 = hlo.sort(%x) dim = 1 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_comparator_arity(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.sort' op comparator has 1 parameters but must have 2, an lhs and an rhs per operand}}
  %0 = hlo.sort(%x) dim = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>):
    %lt = hlo.compare LT, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_comparator_parameter(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.sort' op comparator parameter #1 has type 'tensor<4xf32>' but must be 'tensor<f32>', a scalar of operand #0}}
  %0 = hlo.sort(%x) dim = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<4xf32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.yield %t : tensor<i1>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_comparator_yield(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.sort' op comparator must yield one tensor<i1>}}
  %0 = hlo.sort(%x) dim = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.yield %a : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_comparator_ops(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.sort(%x) dim = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-error @+1 {{'hlo.reshape' op cannot be in a sort comparator, which holds elementwise hlo ops and constants only}}
    %r = hlo.reshape %a : (tensor<f32>) -> tensor<1xf32>
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_slice_index_count(%x: tensor<4x8xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op has 1 start indices but its operand has rank 2; it needs one per dimension}}
  %0 = hlo.dynamic_slice %x[%i], sizes = [2, 3] : (tensor<4x8xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_slice_index_type(%x: tensor<4xf32>, %i: tensor<ui32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op start index #0 has type 'tensor<ui32>' but must be 'tensor<i32>'}}
  %0 = hlo.dynamic_slice %x[%i], sizes = [2] : (tensor<4xf32>, tensor<ui32>) -> tensor<2xf32>
  return
}

// -----

func.func @dynamic_slice_sizes_count(%x: tensor<4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op slice_sizes has 2 entries but the operand has rank 1}}
  %0 = hlo.dynamic_slice %x[%i], sizes = [2, 1] : (tensor<4xf32>, tensor<i32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @dynamic_slice_size_range(%x: tensor<4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op slice size 5 of dimension 0 is not within 0 and 4}}
  %0 = hlo.dynamic_slice %x[%i], sizes = [5] : (tensor<4xf32>, tensor<i32>) -> tensor<5xf32>
  return
}

// -----

func.func @dynamic_slice_result(%x: tensor<4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op result type 'tensor<3xf32>' must have shape [2] and element type 'f32'}}
  %0 = hlo.dynamic_slice %x[%i], sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<3xf32>
  return
}

// -----

func.func @dynamic_update_slice_update(%x: tensor<4xf32>, %u: tensor<2xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op update 'tensor<2xi32>' must have the operand's rank (1) and element type ('f32')}}
  %0 = hlo.dynamic_update_slice %x[%i], %u : (tensor<4xf32>, tensor<2xi32>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_too_big(%x: tensor<4xf32>, %u: tensor<5xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op update dimension 0 (5) is larger than the operand's (4)}}
  %0 = hlo.dynamic_update_slice %x[%i], %u : (tensor<4xf32>, tensor<5xf32>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_indices(%x: tensor<4xf32>, %u: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op has 0 start indices but its operand has rank 1; it needs one per dimension}}
  %0 = hlo.dynamic_update_slice %x[], %u : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_result(%x: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op result type 'tensor<4xbf16>' must have the operand's shape and element type}}
  %0 = hlo.dynamic_update_slice %x[%i], %u : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xbf16>
  return
}
