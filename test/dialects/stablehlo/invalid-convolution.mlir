// Each rule of the stablehlo.convolution verifier (the spec's convolution_c*)
// and the parse errors of its dimension numbers, at their locations.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @rank(%x: tensor<4xf32>, %k: tensor<4x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(convolution_c1) lhs and rhs must have one rank of at least 2, but have 1 and 2}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [], kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 1, kernel_spatial_dimensions = [], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = []>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @strides(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c2, c3) window_strides must have one entry per spatial dimension (2), but has 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @rhs_dilation(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c7, c8) rhs_dilation [0, 1] must be positive}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]], rhs_dilate = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @reversal(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c9) window_reversal must have one entry per spatial dimension (2), but has 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @padding(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c4) padding must be a 2x2 tensor of (low, high) pairs}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, padding = dense<1> : tensor<3x2xi64>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @spatial_counts(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c12, c17, c19) input, kernel and output must each name 2 spatial dimensions, but name 2, 3 and 2}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1, 2], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @input_dims_unique(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c13) input dimension numbers [0, 0, 2, 3] must be unique}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [0, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @kernel_dims_range(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c18) kernel dimension numbers [0, 4, 2, 3] must be in the range [0, 4)}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 4], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @output_dims_unique(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c20) output dimension numbers [0, 1, 1, 3] must be unique}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 1]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @group_counts(%x: tensor<2x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<2x8x8x8xf32> {
  // expected-error @+1 {{(convolution_c21, c22) feature_group_count (1) and batch_group_count (0) must be positive}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 0 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<2x8x8x8xf32>
  return %0 : tensor<2x8x8x8xf32>
}

// -----

func.func @group_count_at_dict(%x: tensor<2x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<2x6x6x8xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]}
  // expected-error @+1 {{attribute 'feature_group_count' must be positive, but is 0}}
         {batch_group_count = 1 : i64, feature_group_count = 0 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<2x6x6x8xf32>
  return %0 : tensor<2x6x6x8xf32>
}

// -----

func.func @both_groups(%x: tensor<2x8x8x4xf32>, %k: tensor<3x3x2x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{(convolution_c23) feature_group_count (2) or batch_group_count (2) must be 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x2x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @batch_groups(%x: tensor<3x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{(convolution_c10) the input batch dimension (3) must be divisible by batch_group_count (2)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @feature_groups(%x: tensor<1x8x8x6xf32>, %k: tensor<3x3x1x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{(convolution_c11) the input feature dimension (6) must be divisible by feature_group_count (4)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x8x8x6xf32>, tensor<3x3x1x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @kernel_in(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x3x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{(convolution_c14) the kernel input feature dimension (3) must be the input feature dimension (4) / feature_group_count (1)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x3x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @kernel_out(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x1x6xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{(convolution_c15, c16) the kernel output feature dimension (6) must be divisible by batch_group_count (1) and feature_group_count (4)}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x1x6xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @precision(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{(convolution_c24) precision_config must have 2 entries, but has 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @result_rank(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<6x6x8xf32> {
  // expected-error @+1 {{(convolution_c26) the result must have rank 4, but has rank 3}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<6x6x8xf32>
  return %0 : tensor<6x6x8xf32>
}

// -----

// Stride 2 over 8 + 1 + 1 padded rows with a 3-row window dilated by 2 (5
// rows): (10 - 5) / 2 + 1 = 3 windows, and 8 - 3 + 1 = 6 across; the batch
// splits into 2 groups.
func.func @result_shape(%x: tensor<4x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<2x3x3x8xf32> {
  // expected-error @+1 {{(convolution_c25) the result shape must be [2, 3, 6, 8], but is [2, 3, 3, 8]}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 0]], rhs_dilate = [2, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<2x3x3x8xf32>
  return %0 : tensor<2x3x3x8xf32>
}

// -----

func.func @overflow(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{the padded or dilated size of spatial dimension 0 overflows 64 bits}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [4611686018427387904, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @raw_missing(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{expected all nine convolution dimension numbers}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @raw_duplicated(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32> {
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0,
    // expected-error @+1 {{duplicated `input_batch_dimension` entry}}
    input_batch_dimension = 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @raw_unknown(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{unknown convolution dimension numbers field 'input_depth_dimension'}}
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<raw input_depth_dimension = 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}
