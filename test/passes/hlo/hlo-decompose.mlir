// RUN: tpu-opt %s -split-input-file -hlo-decompose | FileCheck %s
// The numbers these rewrites keep are checked end to end in
// test/e2e/decompose.mlir.

// A matrix-vector product is a multiply and a sum on the vector unit, in a
// reduction fusion of its own (as a [M,K] x [K,1] matmul its [M,1] result
// would pad 128-fold in HBM).
// CHECK-LABEL: func.func @matrix_vector
// CHECK-SAME: (%[[A:.+]]: tensor<5x7xf32>, %[[V:.+]]: tensor<7xf32>)
// CHECK:      hlo.fusion kind = input (%[[PA:.+]] = %[[A]], %[[PV:.+]] = %[[V]])
// CHECK-NEXT:   %[[B:.+]] = hlo.broadcast_in_dim %[[PV]], dims = [1] : (tensor<7xf32>) -> tensor<5x7xf32>
// CHECK-NEXT:   %[[M:.+]] = hlo.multiply %[[PA]], %[[B]] : tensor<5x7xf32>
// CHECK-NEXT:   %[[S:.+]] = hlo.reduce sum %[[M]], dims = [1] : (tensor<5x7xf32>) -> tensor<5xf32>
// CHECK-NEXT:   hlo.yield %[[S]]
// CHECK-NOT:  hlo.dot_general
func.func @matrix_vector(%a: tensor<5x7xf32>, %v: tensor<7xf32>) -> tensor<5xf32> {
  %d = hlo.dot_general %a, %v, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<5x7xf32>, tensor<7xf32>) -> tensor<5xf32>
  return %d : tensor<5xf32>
}

// -----

// A batched bf16 vector-matrix product accumulating in f32: the operands are
// transposed to [batch, free, contracting] and converted before the product.
// CHECK-LABEL: func.func @vector_matrix_batched_bf16
// CHECK:      hlo.fusion kind = input
// CHECK:        hlo.convert %{{.+}} : (tensor<4x10xbf16>) -> tensor<4x10xf32>
// CHECK:        hlo.broadcast_in_dim %{{.+}}, dims = [0, 2] : (tensor<4x10xf32>) -> tensor<4x3x10xf32>
// CHECK:        hlo.transpose %{{.+}}, dims = [0, 2, 1] : (tensor<4x10x3xbf16>) -> tensor<4x3x10xbf16>
// CHECK:        hlo.reduce sum %{{.+}}, dims = [2] : (tensor<4x3x10xf32>) -> tensor<4x3xf32>
func.func @vector_matrix_batched_bf16(%v: tensor<4x10xbf16>, %a: tensor<4x10x3xbf16>) -> tensor<4x3xf32> {
  %d = hlo.dot_general %v, %a, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<4x10xbf16>, tensor<4x10x3xbf16>) -> tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}

// -----

// A bf16 product with a bf16 result still multiplies and sums in f32, as
// the MXU accumulates, and rounds once at the end.
// CHECK-LABEL: func.func @vector_matrix_bf16_result
// CHECK:      hlo.fusion kind = input
// CHECK:        hlo.convert %{{.+}} : (tensor<8xbf16>) -> tensor<8xf32>
// CHECK:        hlo.multiply %{{.+}}, %{{.+}} : tensor<3x8xf32>
// CHECK-NEXT:   %[[S:.+]] = hlo.reduce sum %{{.+}}, dims = [1] : (tensor<3x8xf32>) -> tensor<3xf32>
// CHECK-NEXT:   %[[C:.+]] = hlo.convert %[[S]] : (tensor<3xf32>) -> tensor<3xbf16>
// CHECK-NEXT:   hlo.yield %[[C]]
func.func @vector_matrix_bf16_result(%v: tensor<8xbf16>, %m: tensor<8x3xbf16>) -> tensor<3xbf16> {
  %d = hlo.dot_general %v, %m, contracting_dims = [0] x [0] : (tensor<8xbf16>, tensor<8x3xbf16>) -> tensor<3xbf16>
  return %d : tensor<3xbf16>
}

// -----

// Two contracting dimensions, batched, with the rhs dimensions out of order:
// each operand is transposed to (batch, free, contracting) or (batch,
// contracting, free) and the groups collapse.
// CHECK-LABEL: func.func @two_contracting_batched
// CHECK:      hlo.reshape %{{.+}} : (tensor<2x3x4x5xbf16>) -> tensor<2x3x20xbf16>
// CHECK:      hlo.transpose %{{.+}}, dims = [2, 1, 0, 3] : (tensor<5x4x2x6xbf16>) -> tensor<2x4x5x6xbf16>
// CHECK:      hlo.reshape %{{.+}} : (tensor<2x4x5x6xbf16>) -> tensor<2x20x6xbf16>
// CHECK:      hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x20xbf16>, tensor<2x20x6xbf16>) -> tensor<2x3x6xf32>
func.func @two_contracting_batched(%a: tensor<2x3x4x5xbf16>, %b: tensor<5x4x2x6xbf16>) -> tensor<2x3x6xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [2], contracting_dims = [2, 3] x [1, 0] : (tensor<2x3x4x5xbf16>, tensor<5x4x2x6xbf16>) -> tensor<2x3x6xf32>
  return %d : tensor<2x3x6xf32>
}

// -----

// The MXU's form is left alone.
// CHECK-LABEL: func.func @negative_matmul
// CHECK-NEXT: hlo.dot_general
// CHECK-NEXT: return
func.func @negative_matmul(%a: tensor<4x8x16xf32>, %b: tensor<4x32x16xf32>) -> tensor<4x8x32xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x8x16xf32>, tensor<4x32x16xf32>) -> tensor<4x8x32xf32>
  return %d : tensor<4x8x32xf32>
}

// -----

// An integer matmul other than int8 x int8, even in the MXU's form, is a
// multiply and a sum on the vector unit over [M, N, K]; i16 operands convert
// to the i32 result first.
// CHECK-LABEL: func.func @integer_matmul
// CHECK:      hlo.fusion kind = input
// CHECK:        hlo.convert %{{.+}} : (tensor<8x20xi16>) -> tensor<8x20xi32>
// CHECK:        hlo.broadcast_in_dim %{{.+}}, dims = [0, 2] : (tensor<8x20xi32>) -> tensor<8x16x20xi32>
// CHECK:        hlo.transpose %{{.+}}, dims = [1, 0] : (tensor<20x16xi16>) -> tensor<16x20xi16>
// CHECK:        hlo.broadcast_in_dim %{{.+}}, dims = [1, 2] : (tensor<16x20xi32>) -> tensor<8x16x20xi32>
// CHECK:        hlo.multiply
// CHECK:        hlo.reduce sum %{{.+}}, dims = [2] : (tensor<8x16x20xi32>) -> tensor<8x16xi32>
// CHECK-NOT:  hlo.dot_general
func.func @integer_matmul(%a: tensor<8x20xi16>, %b: tensor<20x16xi16>) -> tensor<8x16xi32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x20xi16>, tensor<20x16xi16>) -> tensor<8x16xi32>
  return %d : tensor<8x16xi32>
}

// -----

// int8 x int8 into i32 is the MXU's int8 path: it stays a dot_general, and
// several contracting dimensions collapse into the MXU's form as for floats.
// CHECK-LABEL: func.func @int8_matmul
// CHECK:      hlo.transpose
// CHECK:      hlo.reshape %{{.+}} : (tensor<8x2x10xi8>) -> tensor<8x20xi8>
// CHECK:      hlo.dot_general %{{.+}}, %{{.+}}, contracting_dims = [1] x [0] : (tensor<8x20xi8>, tensor<20x16xi8>) -> tensor<8x16xi32>
// CHECK-NOT:  hlo.fusion
func.func @int8_matmul(%a: tensor<2x8x10xi8>, %b: tensor<2x10x16xi8>) -> tensor<8x16xi32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [0, 2] x [0, 1] : (tensor<2x8x10xi8>, tensor<2x10x16xi8>) -> tensor<8x16xi32>
  return %d : tensor<8x16xi32>
}

// -----

// Interior padding i along a dimension of n: reshape to [n, 1], pad to
// [n, 1 + i], reshape to [n * (1 + i)], and the final edge pad crops the i
// extra elements (high 2 - 1 = 1 here, low kept).
// CHECK-LABEL: func.func @interior_pad
// CHECK-SAME: (%[[X:.+]]: tensor<3x4xf32>, %[[Z:.+]]: tensor<f32>)
// CHECK:      %[[E:.+]] = hlo.reshape %[[X]] : (tensor<3x4xf32>) -> tensor<3x4x1xf32>
// CHECK:      %[[P:.+]] = hlo.pad %[[E]], %[[Z]], low = [0, 0, 0], high = [0, 0, 1], interior = [0, 0, 0] : (tensor<3x4x1xf32>, tensor<f32>) -> tensor<3x4x2xf32>
// CHECK:      %[[C:.+]] = hlo.reshape %[[P]] : (tensor<3x4x2xf32>) -> tensor<3x8xf32>
// CHECK:      hlo.pad %[[C]], %[[Z]], low = [1, -1], high = [0, 1], interior = [0, 0] : (tensor<3x8xf32>, tensor<f32>) -> tensor<4x8xf32>
func.func @interior_pad(%x: tensor<3x4xf32>, %z: tensor<f32>) -> tensor<4x8xf32> {
  %p = hlo.pad %x, %z, low = [1, -1], high = [0, 2], interior = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @negative_no_interior
// CHECK-NEXT: hlo.pad
// CHECK-NEXT: return
func.func @negative_no_interior(%x: tensor<3x4xf32>, %z: tensor<f32>) -> tensor<4x5xf32> {
  %p = hlo.pad %x, %z, low = [1, 0], high = [0, 1], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}

// -----

// f16 products compute in f32 between converts, at HIGHEST precision: the
// MXU takes bf16 and f32, and one bf16 pass would keep 8 of f16's 11
// significant bits.
// CHECK-LABEL: func.func @f16_dot
// CHECK-NEXT:    %[[L:.+]] = hlo.convert %arg0 : (tensor<8x16xf16>) -> tensor<8x16xf32>
// CHECK-NEXT:    %[[R:.+]] = hlo.convert %arg1 : (tensor<16x4xf16>) -> tensor<16x4xf32>
// CHECK-NEXT:    %[[D:.+]] = hlo.dot_general %[[L]], %[[R]], contracting_dims = [1] x [0], precision = HIGHEST : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT:    %[[C:.+]] = hlo.convert %[[D]] : (tensor<8x4xf32>) -> tensor<8x4xf16>
// CHECK-NEXT:    return %[[C]]
func.func @f16_dot(%a: tensor<8x16xf16>, %b: tensor<16x4xf16>) -> tensor<8x4xf16> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf16>, tensor<16x4xf16>) -> tensor<8x4xf16>
  return %d : tensor<8x4xf16>
}

// -----

// An f16 convolution accumulating into f32 needs no convert after it.
// CHECK-LABEL: func.func @f16_convolution_into_f32
// CHECK:         hlo.convert %arg0 : (tensor<1x8x8x3xf16>) -> tensor<1x8x8x3xf32>
// CHECK:         hlo.convert %arg1 : (tensor<3x3x3x4xf16>) -> tensor<3x3x3x4xf32>
// CHECK:         %[[C:.+]] = hlo.convolution {{.*}}precision = HIGHEST{{.*}} -> tensor<1x6x6x4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @f16_convolution_into_f32(%x: tensor<1x8x8x3xf16>, %k: tensor<3x3x3x4xf16>) -> tensor<1x6x6x4xf32> {
  %c = hlo.convolution %x, %k : (tensor<1x8x8x3xf16>, tensor<3x3x3x4xf16>) -> tensor<1x6x6x4xf32>
  return %c : tensor<1x6x6x4xf32>
}

// -----

// bf16 and f32 products stay as they are.
// CHECK-LABEL: func.func @bf16_dot_unchanged
// CHECK-NOT:     hlo.convert
// CHECK:         hlo.dot_general %arg0, %arg1
func.func @bf16_dot_unchanged(%a: tensor<8x16xbf16>, %b: tensor<16x4xbf16>) -> tensor<8x4xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xbf16>, tensor<16x4xbf16>) -> tensor<8x4xf32>
  return %d : tensor<8x4xf32>
}

// -----

// A sort becomes a bitonic network. Two elements: one compare-exchange
// step. Each position reads its partner (i ^ 1: a shifted copy either way,
// chosen by bit 1 of the position), orders the pair's lower and upper
// elements by the comparator (ties by the index that rides along), and
// takes the partner where the pair swaps.
// CHECK-LABEL: func.func @sort_two
// CHECK-NOT:     hlo.sort
// CHECK:         %[[POS:.+]] = hlo.iota dim = 0 : tensor<2xi32>
// CHECK:         %[[UPPER:.+]] = hlo.compare NE
// CHECK:         %[[DOWN:.+]] = hlo.pad {{.*}}low = [1], high = [0]
// CHECK:         %[[UP:.+]] = hlo.pad {{.*}}low = [0], high = [1]
// CHECK:         %[[PARTNER:.+]] = hlo.select %[[UPPER]], %[[DOWN]], %[[UP]]
// CHECK:         %[[LO:.+]] = hlo.select %[[UPPER]], %[[PARTNER]], %arg0
// CHECK:         %[[HI:.+]] = hlo.select %[[UPPER]], %arg0, %[[PARTNER]]
// CHECK:         hlo.compare LT, %[[HI]], %[[LO]] : (tensor<2xf32>, tensor<2xf32>)
// CHECK:         hlo.compare LT, %[[LO]], %[[HI]] : (tensor<2xf32>, tensor<2xf32>)
// CHECK:         %[[SWAP:.+]] = hlo.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<2xi1>, tensor<2xi1>
// CHECK:         %[[R:.+]] = hlo.select %[[SWAP]], %[[PARTNER]], %arg0 : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:    return %[[R]]
func.func @sort_two(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.sort(%x) dim = 0 : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return %0 : tensor<2xf32>
}

// -----

// Three elements along dimension 1 pad to four (the padding sorts last)
// and are sliced back; the comparator's constant is splatted.
// CHECK-LABEL: func.func @sort_three_padded
// CHECK-NOT:     hlo.sort
// CHECK-DAG:     hlo.constant dense<3> : tensor<2x4xi32>
// CHECK-DAG:     hlo.constant dense<10> : tensor<2x4xi32>
// CHECK:         hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x4xi32>
// CHECK:         hlo.iota dim = 1 : tensor<2x4xi32>
// CHECK:         return %{{.+}} : tensor<2x3xi32>
func.func @sort_three_padded(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = hlo.sort(%x) dim = 1 : (tensor<2x3xi32>) -> tensor<2x3xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ten = hlo.constant dense<10> : tensor<i32>
    %s = hlo.add %a, %ten : tensor<i32>
    %lt = hlo.compare LT, %s, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return %0 : tensor<2x3xi32>
}

// -----

// A sort of one element along its dimension is its operands.
// CHECK-LABEL: func.func @sort_one
// CHECK-NOT:     hlo.sort
// CHECK:         return %arg0, %arg1
func.func @sort_one(%x: tensor<1x4xf32>, %y: tensor<1x4xi32>) -> (tensor<1x4xf32>, tensor<1x4xi32>) {
  %0:2 = hlo.sort(%x, %y) dim = 0 : (tensor<1x4xf32>, tensor<1x4xi32>) -> (tensor<1x4xf32>, tensor<1x4xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return %0#0, %0#1 : tensor<1x4xf32>, tensor<1x4xi32>
}

// -----

// Input dilation (a transposed convolution) becomes a pad of the input:
// the dilation as interior padding (then edge pads of reshapes, as every
// interior pad), the window's padding as edge padding, negative included.
// CHECK-LABEL: func.func @input_dilation
// CHECK-NOT:     lhs_dilate
// CHECK:         %[[P:.+]] = hlo.pad {{.*}} -> tensor<1x9x6x3xf32>
// CHECK-NEXT:    hlo.convolution %[[P]], %arg1, window = {stride = [1, 1], pad = {{\[\[}}0, 0], [0, 0]]} : (tensor<1x9x6x3xf32>, tensor<3x3x3x5xf32>) -> tensor<1x7x4x5xf32>
func.func @input_dilation(%x: tensor<1x4x4x3xf32>, %k: tensor<3x3x3x5xf32>) -> tensor<1x7x4x5xf32> {
  %c = hlo.convolution %x, %k, window = {stride = [1, 1], pad = [[1, 1], [-1, 0]], lhs_dilate = [2, 2]} : (tensor<1x4x4x3xf32>, tensor<3x3x3x5xf32>) -> tensor<1x7x4x5xf32>
  return %c : tensor<1x7x4x5xf32>
}

// -----

// Without input dilation a convolution keeps its padding.
// CHECK-LABEL: func.func @no_input_dilation
// CHECK-NOT:     hlo.pad
// CHECK:         hlo.convolution %arg0, %arg1, window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]]}
func.func @no_input_dilation(%x: tensor<1x4x4x3xf32>, %k: tensor<3x3x3x5xf32>) -> tensor<1x4x4x5xf32> {
  %c = hlo.convolution %x, %k, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<1x4x4x3xf32>, tensor<3x3x3x5xf32>) -> tensor<1x4x4x5xf32>
  return %c : tensor<1x4x4x5xf32>
}

// -----

// A depthwise convolution (one input feature per group) becomes one
// multiply-add per kernel tap on the vector unit: the padded input's
// strided window times the tap's weights; at DEFAULT precision the f32
// operands are rounded through bf16, as the MXU rounds them.
// CHECK-LABEL: func.func @depthwise
// CHECK: %[[XB:.*]] = hlo.convert %arg0 : (tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xbf16>
// CHECK: %[[X:.*]] = hlo.convert %[[XB]] : (tensor<1x5x5x4xbf16>) -> tensor<1x5x5x4xf32>
// CHECK: %[[P:.*]] = hlo.pad %[[X]], %{{.*}}, low = [0, 1, 1, 0], high = [0, 1, 1, 0]
// CHECK: hlo.slice %{{.*}} [0:1, 0:1, 0:1, 0:4] : (tensor<3x3x1x4xf32>)
// CHECK: %[[W0:.*]] = hlo.slice %[[P]] [0:1, 0:5:2, 0:5:2, 0:4]
// CHECK: %[[M0:.*]] = hlo.multiply %[[W0]], %{{.*}} : tensor<1x3x3x4xf32>
// CHECK: hlo.slice %{{.*}} [0:1, 1:2, 0:1, 0:4] : (tensor<3x3x1x4xf32>)
// CHECK: hlo.slice %[[P]] [0:1, 0:5:2, 1:6:2, 0:4]
// CHECK: %[[M1:.*]] = hlo.multiply
// CHECK: hlo.add %[[M0]], %[[M1]] : tensor<1x3x3x4xf32>
// CHECK-NOT: hlo.convolution
func.func @depthwise(%x: tensor<1x5x5x4xf32>, %w: tensor<3x3x1x4xf32>) -> tensor<1x3x3x4xf32> {
  %0 = hlo.convolution %x, %w, window = {stride = [2, 2], pad = [[1, 1], [1, 1]]}, feature_group_count = 4 : (tensor<1x5x5x4xf32>, tensor<3x3x1x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// A channel multiplier of 2 repeats each input feature twice first; at
// HIGHEST precision the operands are not rounded.
// CHECK-LABEL: func.func @depthwise_multiplier
// CHECK-NOT: hlo.convert
// CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg0, dims = [0, 1, 2] : (tensor<2x6x3xf32>) -> tensor<2x6x3x2xf32>
// CHECK: hlo.reshape %[[B]] : (tensor<2x6x3x2xf32>) -> tensor<2x6x6xf32>
// CHECK-NOT: hlo.convolution
func.func @depthwise_multiplier(%x: tensor<2x6x3xf32>, %w: tensor<3x1x6xf32>) -> tensor<2x4x6xf32> {
  %0 = hlo.convolution %x, %w, feature_group_count = 3, precision = HIGHEST : (tensor<2x6x3xf32>, tensor<3x1x6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}

// -----

// Groups of several features: one convolution per group on slices of the
// input's features and the kernel's output features, concatenated.
// CHECK-LABEL: func.func @two_groups
// CHECK: %[[X0:.*]] = hlo.slice %arg0 [0:1, 0:8, 0:4]
// CHECK: %[[W0:.*]] = hlo.slice %arg1 [0:3, 0:4, 0:3]
// CHECK: %[[C0:.*]] = hlo.convolution %[[X0]], %[[W0]] : (tensor<1x8x4xf32>, tensor<3x4x3xf32>) -> tensor<1x6x3xf32>
// CHECK: %[[X1:.*]] = hlo.slice %arg0 [0:1, 0:8, 4:8]
// CHECK: %[[W1:.*]] = hlo.slice %arg1 [0:3, 0:4, 3:6]
// CHECK: %[[C1:.*]] = hlo.convolution %[[X1]], %[[W1]]
// CHECK: hlo.concatenate %[[C0]], %[[C1]], dim = 2
func.func @two_groups(%x: tensor<1x8x8xf32>, %w: tensor<3x4x6xf32>) -> tensor<1x6x6xf32> {
  %0 = hlo.convolution %x, %w, feature_group_count = 2 : (tensor<1x8x8xf32>, tensor<3x4x6xf32>) -> tensor<1x6x6xf32>
  return %0 : tensor<1x6x6xf32>
}

// -----

// An i32 convolution (the MXU multiplies int8 only): per tap, a
// dot_general of the window's features with the tap's kernel, itself a
// multiply and a sum on the vector unit.
// CHECK-LABEL: func.func @int32_convolution
// CHECK-NOT: hlo.convolution
// CHECK: hlo.slice %arg0 [0:1, 0:3, 0:2]
// CHECK: hlo.reduce sum
// CHECK: hlo.slice %arg0 [0:1, 1:4, 0:2]
// CHECK: hlo.reduce sum
// CHECK: hlo.add
func.func @int32_convolution(%x: tensor<1x4x2xi32>, %w: tensor<2x2x3xi32>) -> tensor<1x3x3xi32> {
  %0 = hlo.convolution %x, %w : (tensor<1x4x2xi32>, tensor<2x2x3xi32>) -> tensor<1x3x3xi32>
  return %0 : tensor<1x3x3xi32>
}

// -----

// int8 x int8 stays on the MXU.
// CHECK-LABEL: func.func @int8_convolution
// CHECK: hlo.convolution
func.func @int8_convolution(%x: tensor<1x4x2xi8>, %w: tensor<2x2x3xi8>) -> tensor<1x3x3xi32> {
  %0 = hlo.convolution %x, %w : (tensor<1x4x2xi8>, tensor<2x2x3xi8>) -> tensor<1x3x3xi32>
  return %0 : tensor<1x3x3xi32>
}
