// collective_broadcast on eight replicas of a v3-8, with hand-computed
// values: replica r holds r + x; groups [5, 2, 7] and [0, 1, 3] take the
// values of replicas 5 and 0; replicas 4 and 6 are in no group and get
// zeros.
// RUN: tpu-run %s --function=broadcast --topology=v3-8 --input="2xf32=0.5,-1" | FileCheck %s --check-prefix=BCAST
// BCAST: device[0]:
// BCAST-NEXT: result[0]: 2xf32=0.5 -1
// BCAST: device[1]:
// BCAST-NEXT: result[0]: 2xf32=0.5 -1
// BCAST: device[2]:
// BCAST-NEXT: result[0]: 2xf32=5.5 4
// BCAST: device[3]:
// BCAST-NEXT: result[0]: 2xf32=0.5 -1
// BCAST: device[4]:
// BCAST-NEXT: result[0]: 2xf32=0 0
// BCAST: device[5]:
// BCAST-NEXT: result[0]: 2xf32=5.5 4
// BCAST: device[6]:
// BCAST-NEXT: result[0]: 2xf32=0 0
// BCAST: device[7]:
// BCAST-NEXT: result[0]: 2xf32=5.5 4
//
// dynamic_gather, dynamic_conv and set_dimension_size with constant sizes
// and padding: rows 2, 0 and 3 of a 4x3 table; a 1-D convolution padded
// (1, 2); the input unchanged.
// RUN: tpu-run %s --function=static_forms --topology=v3-8 --input="4x3xf32=[1 2 3][4 5 6][7 8 9][10 11 12]" --input="3x1xi32=[2][0][3]" --input="1x4x1xf32=1,2,3,4" --input="2x1x1xf32=1,10" | FileCheck %s --check-prefix=STATIC
// STATIC: result[0]: 3x3xf32=[7 8 9][1 2 3][10 11 12]
// STATIC: result[1]: 1x6x1xf32={{\[}}[10][21][32][43][4][0]]
// STATIC: result[2]: 4x3xf32=[1 2 3][4 5 6][7 8 9][10 11 12]
// dynamic_pad with constant paddings: rows padded (1, 1) with 1 between,
// columns 2 apart, cropped by 1 on the low side and padded by 2 high.
// RUN: tpu-run %s --function=dynamic_pad --topology=v3-8 --input="2x3xf32=[1 2 3][4 5 6]" --input="f32=9" | FileCheck %s --check-prefix=PAD
// PAD: result[0]: 5x8xf32=[9 9 9 9 9 9 9 9][9 9 2 9 9 3 9 9][9 9 9 9 9 9 9 9][9 9 5 9 9 6 9 9][9 9 9 9 9 9 9 9]
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v3-8 | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL
// REF: @broadcast: result 0: {{.*}}exact
// REF: @static_forms: result 0: {{.*}}exact
// REF: @static_forms: result 1: {{.*}}exact
// REF: @static_forms: result 2: {{.*}}exact
// REF: @dynamic_pad: result 0: {{.*}}exact

module attributes {mhlo.num_replicas = 8 : i32} {
func.func @broadcast(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = stablehlo.replica_id : tensor<ui32>
  %rf = stablehlo.convert %r : (tensor<ui32>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %rf, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %v = stablehlo.add %x, %b : tensor<2xf32>
  %0 = "stablehlo.collective_broadcast"(%v) {replica_groups = dense<[[5, 2, 7], [0, 1, 3]]> : tensor<2x3xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @static_forms(%t: tensor<4x3xf32>, %i: tensor<3x1xi32>, %x: tensor<1x4x1xf32>, %k: tensor<2x1x1xf32>) -> (tensor<3x3xf32>, tensor<1x6x1xf32>, tensor<4x3xf32>) {
  %sizes = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_gather"(%t, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3x3xf32>
  %pad = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi64>
  %1 = "stablehlo.dynamic_conv"(%x, %k, %pad) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x6x1xf32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %2 = stablehlo.set_dimension_size %t, %three, dim = 1 : (tensor<4x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<1x6x1xf32>, tensor<4x3xf32>
}

func.func @dynamic_pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x8xf32> {
  %low = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %interior = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_pad %x, %v, %low, %high, %interior : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x8xf32>
  return %0 : tensor<5x8xf32>
}
}
