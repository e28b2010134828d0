// RUN: tpu-opt %s -split-input-file -hlo-simplify | FileCheck %s

// CHECK-LABEL: func.func @add_zero
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>)
func.func @add_zero(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
  %nz = hlo.constant dense<-0.0> : tensor<4xf32>
  %z = hlo.constant dense<0> : tensor<4xi32>
  %0 = hlo.add %x, %nz : tensor<4xf32>
  %1 = hlo.add %i, %z : tensor<4xi32>
  %2 = hlo.add %z, %i : tensor<4xi32>
  // CHECK: return %[[X]], %[[I]], %[[I]]
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// -0.0 + 0.0 is +0.0: adding a positive zero is not an identity for floats.
// CHECK-LABEL: func.func @add_positive_zero_kept
func.func @add_positive_zero_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  // CHECK: hlo.add
  %0 = hlo.add %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @subtract_zero
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>)
func.func @subtract_zero(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>) {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %nz = hlo.constant dense<-0.0> : tensor<4xf32>
  %zi = hlo.constant dense<0> : tensor<4xi32>
  %0 = hlo.subtract %x, %z : tensor<4xf32>
  %1 = hlo.subtract %i, %zi : tensor<4xi32>
  // x - (-0.0) turns -0.0 into +0.0, and 0 - x is a negation: both stay.
  // CHECK: %[[A:.+]] = hlo.subtract %[[X]], %{{.+}} : tensor<4xf32>
  // CHECK: %[[B:.+]] = hlo.subtract %{{.+}}, %[[I]] : tensor<4xi32>
  %2 = hlo.subtract %x, %nz : tensor<4xf32>
  %3 = hlo.subtract %zi, %i : tensor<4xi32>
  // CHECK: return %[[X]], %[[I]], %[[A]], %[[B]]
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @multiply_one
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[P:.+]]: tensor<4xi1>)
func.func @multiply_one(%x: tensor<4xf32>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi1>) {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %true = hlo.constant dense<true> : tensor<4xi1>
  %0 = hlo.multiply %one, %x : tensor<4xf32>
  %1 = hlo.multiply %p, %true : tensor<4xi1>
  // CHECK: return %[[X]], %[[P]]
  return %0, %1 : tensor<4xf32>, tensor<4xi1>
}

// -----

// x * 0 is not 0 for NaN, infinities and negative x: it stays.
// CHECK-LABEL: func.func @multiply_zero_kept
func.func @multiply_zero_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  // CHECK: hlo.multiply
  %0 = hlo.multiply %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @divide_one
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>)
func.func @divide_one(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %onei = hlo.constant dense<1> : tensor<4xi32>
  %0 = hlo.divide %x, %one : tensor<4xf32>
  %1 = hlo.divide %i, %onei : tensor<4xi32>
  // 1 / x is a reciprocal, not an identity.
  // CHECK: %[[R:.+]] = hlo.divide %{{.+}}, %[[X]]
  %2 = hlo.divide %one, %x : tensor<4xf32>
  // CHECK: return %[[X]], %[[I]], %[[R]]
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @double_negation
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
func.func @double_negation(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  // CHECK: %[[N:.+]] = hlo.negate %[[X]]
  // CHECK: return %[[X]], %[[N]]
  return %1, %0 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @no_ops
// CHECK-SAME: (%[[X:.+]]: tensor<4x8xf32>)
func.func @no_ops(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xbf16>) {
  %0 = hlo.convert %x : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = hlo.reshape %x : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = hlo.transpose %x, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: %[[C:.+]] = hlo.convert %[[X]] : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  %4 = hlo.convert %x : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  // CHECK: return %[[X]], %[[X]], %[[X]], %[[X]], %[[C]]
  return %0, %1, %2, %3, %4 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xbf16>
}

// -----

// A transposing broadcast of a square operand is not a no-op.
// CHECK-LABEL: func.func @transposing_broadcast_kept
func.func @transposing_broadcast_kept(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // CHECK: hlo.broadcast_in_dim %{{.+}}, dims = [1, 0]
  %0 = hlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @compose_reshapes_and_transposes
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4xf32>)
func.func @compose_reshapes_and_transposes(%x: tensor<2x3x4xf32>) -> (tensor<24xf32>, tensor<4x2x3xf32>) {
  // CHECK: hlo.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %0 = hlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = hlo.reshape %0 : (tensor<6x4xf32>) -> tensor<24xf32>
  // CHECK: hlo.transpose %[[X]], dims = [2, 0, 1]
  %2 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %3 = hlo.transpose %2, dims = [1, 2, 0] : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  return %1, %3 : tensor<24xf32>, tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME: (%[[V:.+]]: tensor<8xf32>)
func.func @broadcast_of_broadcast(%v: tensor<8xf32>) -> tensor<2x4x8xf32> {
  // CHECK: %[[B:.+]] = hlo.broadcast_in_dim %[[V]], dims = [2] : (tensor<8xf32>) -> tensor<2x4x8xf32>
  // CHECK-NEXT: return %[[B]]
  %0 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  return %1 : tensor<2x4x8xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_of_broadcast
// CHECK-SAME: (%[[V:.+]]: tensor<8xf32>, %[[M:.+]]: tensor<4x8xf32>)
func.func @transpose_of_broadcast(%v: tensor<8xf32>, %m: tensor<4x8xf32>) -> (tensor<8x4xf32>, tensor<8x2x4xf32>) {
  // CHECK: %[[A:.+]] = hlo.broadcast_in_dim %[[V]], dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
  %0 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %1 = hlo.transpose %0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // Swapping the operand's own dimensions is a transpose: it stays one.
  // CHECK: %[[B:.+]] = hlo.broadcast_in_dim %[[M]], dims = [1, 2]
  // CHECK: %[[T:.+]] = hlo.transpose %[[B]], dims = [2, 0, 1]
  %2 = hlo.broadcast_in_dim %m, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  %3 = hlo.transpose %2, dims = [2, 0, 1] : (tensor<2x4x8xf32>) -> tensor<8x2x4xf32>
  // CHECK: return %[[A]], %[[T]]
  return %1, %3 : tensor<8x4xf32>, tensor<8x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_of_broadcast
// CHECK-SAME: (%[[V:.+]]: tensor<8xf32>)
func.func @reshape_of_broadcast(%v: tensor<8xf32>) -> (tensor<4x1x8xf32>, tensor<32xf32>) {
  // CHECK: %[[A:.+]] = hlo.broadcast_in_dim %[[V]], dims = [2] : (tensor<8xf32>) -> tensor<4x1x8xf32>
  %0 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %1 = hlo.reshape %0 : (tensor<4x8xf32>) -> tensor<4x1x8xf32>
  // Flattening interleaves the copies: not a broadcast.
  // CHECK: %[[R:.+]] = hlo.reshape %{{.+}} : (tensor<4x8xf32>) -> tensor<32xf32>
  %2 = hlo.reshape %0 : (tensor<4x8xf32>) -> tensor<32xf32>
  // CHECK: return %[[A]], %[[R]]
  return %1, %2 : tensor<4x1x8xf32>, tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func @sink_broadcast
// CHECK-SAME: (%[[A:.+]]: tensor<128xf32>, %[[B:.+]]: tensor<128xf32>)
func.func @sink_broadcast(%a: tensor<128xf32>, %b: tensor<128xf32>) -> tensor<64x128xf32> {
  // CHECK: %[[TWO:.+]] = hlo.constant dense<2.000000e+00> : tensor<128xf32>
  // CHECK: %[[S:.+]] = hlo.add %[[A]], %[[B]] : tensor<128xf32>
  // CHECK: %[[M:.+]] = hlo.multiply %[[S]], %[[TWO]] : tensor<128xf32>
  // CHECK: %[[R:.+]] = hlo.broadcast_in_dim %[[M]], dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  // CHECK: return %[[R]]
  %two = hlo.constant dense<2.0> : tensor<64x128xf32>
  %ba = hlo.broadcast_in_dim %a, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %s = hlo.add %ba, %bb : tensor<64x128xf32>
  %m = hlo.multiply %s, %two : tensor<64x128xf32>
  return %m : tensor<64x128xf32>
}

// -----

// CHECK-LABEL: func.func @sink_broadcast_select
func.func @sink_broadcast_select(%p: tensor<8xi1>, %a: tensor<8xf32>) -> tensor<8x16xf32> {
  // CHECK: %[[S:.+]] = hlo.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<8xi1>, tensor<8xf32>
  // CHECK: hlo.broadcast_in_dim %[[S]], dims = [0]
  %bp = hlo.broadcast_in_dim %p, dims = [0] : (tensor<8xi1>) -> tensor<8x16xi1>
  %ba = hlo.broadcast_in_dim %a, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x16xf32>
  %r = hlo.select %bp, %ba, %z : tensor<8x16xi1>, tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// Broadcasts along different dimensions, or a full operand: nothing sinks.
// CHECK-LABEL: func.func @no_sink
func.func @no_sink(%a: tensor<8xf32>, %x: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %r = hlo.broadcast_in_dim %a, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %c = hlo.broadcast_in_dim %a, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  // CHECK: hlo.add %{{.+}}, %{{.+}} : tensor<8x8xf32>
  // CHECK: hlo.add %{{.+}}, %{{.+}} : tensor<8x8xf32>
  %0 = hlo.add %r, %c : tensor<8x8xf32>
  %1 = hlo.add %r, %x : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_sum_of_broadcast
// CHECK-SAME: (%[[V:.+]]: tensor<128xf32>, %[[I:.+]]: tensor<128xi32>)
func.func @reduce_sum_of_broadcast(%v: tensor<128xf32>, %i: tensor<128xi32>) -> (tensor<128xf32>, tensor<128xi32>) {
  // CHECK-DAG: %[[Z:.+]] = hlo.constant dense<0.000000e+00> : tensor<128xf32>
  // CHECK-DAG: %[[N:.+]] = hlo.constant dense<6.400000e+01> : tensor<128xf32>
  // CHECK-DAG: %[[NI:.+]] = hlo.constant dense<64> : tensor<128xi32>
  // CHECK: %[[M:.+]] = hlo.multiply %[[V]], %[[N]]
  // CHECK: %[[F:.+]] = hlo.add %[[M]], %[[Z]]
  // CHECK: %[[MI:.+]] = hlo.multiply %[[I]], %[[NI]]
  // CHECK: return %[[F]], %[[MI]]
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %s = hlo.reduce sum %b, dims = [0] : (tensor<64x128xf32>) -> tensor<128xf32>
  %bi = hlo.broadcast_in_dim %i, dims = [1] : (tensor<128xi32>) -> tensor<64x128xi32>
  %si = hlo.reduce sum %bi, dims = [0] : (tensor<64x128xi32>) -> tensor<128xi32>
  return %s, %si : tensor<128xf32>, tensor<128xi32>
}

// -----

// Reducing a dimension the operand has too: reduce the operand, then scale.
// CHECK-LABEL: func.func @reduce_sum_of_broadcast_mixed
// CHECK-SAME: (%[[M:.+]]: tensor<4x8xf32>)
func.func @reduce_sum_of_broadcast_mixed(%m: tensor<4x8xf32>) -> tensor<8xf32> {
  // CHECK: %[[R:.+]] = hlo.reduce sum %[[M]], dims = [0] : (tensor<4x8xf32>) -> tensor<8xf32>
  // CHECK: %[[S:.+]] = hlo.multiply %[[R]], %{{.+}} : tensor<8xf32>
  // CHECK: return %[[S]]
  %b = hlo.broadcast_in_dim %m, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<3x4x8xf32>
  %s = hlo.reduce sum %b, dims = [0, 1] : (tensor<3x4x8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_max_min_of_broadcast
// CHECK-SAME: (%[[V:.+]]: tensor<128xf32>)
func.func @reduce_max_min_of_broadcast(%v: tensor<128xf32>) -> (tensor<128xf32>, tensor<2x128xf32>) {
  %b = hlo.broadcast_in_dim %v, dims = [2] : (tensor<128xf32>) -> tensor<2x64x128xf32>
  %m = hlo.reduce max %b, dims = [0, 1] : (tensor<2x64x128xf32>) -> tensor<128xf32>
  // CHECK: %[[B:.+]] = hlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<128xf32>) -> tensor<2x128xf32>
  %n = hlo.reduce min %b, dims = [1] : (tensor<2x64x128xf32>) -> tensor<2x128xf32>
  // CHECK: return %[[V]], %[[B]]
  return %m, %n : tensor<128xf32>, tensor<2x128xf32>
}

// -----

// A product over copies is a power, which rounds differently: it stays.
// CHECK-LABEL: func.func @reduce_product_of_broadcast_kept
func.func @reduce_product_of_broadcast_kept(%v: tensor<128xf32>) -> tensor<128xf32> {
  // CHECK: hlo.broadcast_in_dim
  // CHECK: hlo.reduce product
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %p = hlo.reduce product %b, dims = [0] : (tensor<64x128xf32>) -> tensor<128xf32>
  return %p : tensor<128xf32>
}

// -----

// CHECK-LABEL: func.func @argmax_of_broadcast
// CHECK-SAME: (%[[V:.+]]: tensor<128xf32>, %[[C:.+]]: tensor<64xf32>)
func.func @argmax_of_broadcast(%v: tensor<128xf32>, %c: tensor<64xf32>) -> (tensor<128xi32>, tensor<128xi32>) {
  // CHECK: %[[ZERO:.+]] = hlo.constant dense<0> : tensor<128xi32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %a = hlo.argmax %b, dim = 0 : (tensor<64x128xf32>) -> tensor<128xi32>
  // Along the operand's own dimension: the operand's argmin, broadcast.
  // CHECK: %[[I:.+]] = hlo.argmin %[[C]], dim = 0 : (tensor<64xf32>) -> tensor<i32>
  // CHECK: %[[B:.+]] = hlo.broadcast_in_dim %[[I]], dims = [] : (tensor<i32>) -> tensor<128xi32>
  %bc = hlo.broadcast_in_dim %c, dims = [0] : (tensor<64xf32>) -> tensor<64x128xf32>
  %n = hlo.argmin %bc, dim = 0 : (tensor<64x128xf32>) -> tensor<128xi32>
  // CHECK: return %[[ZERO]], %[[B]]
  return %a, %n : tensor<128xi32>, tensor<128xi32>
}

// -----

// The guide's example: every element of a column is the same vector entry,
// so argmax along the broadcast dimension is 0 and nothing is left.
// CHECK-LABEL: func.func @guide_argmax
func.func @guide_argmax(%v: tensor<128xf32>) -> tensor<128xi32> {
  // CHECK-NEXT: %[[Z:.+]] = hlo.constant dense<0> : tensor<128xi32>
  // CHECK-NEXT: return %[[Z]]
  %zeros = hlo.constant dense<0.0> : tensor<64x128xf32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %s = hlo.add %b, %zeros : tensor<64x128xf32>
  %a = hlo.argmax %s, dim = 0 : (tensor<64x128xf32>) -> tensor<128xi32>
  return %a : tensor<128xi32>
}

// -----

// CHECK-LABEL: func.func @fold_splats
func.func @fold_splats() -> (tensor<1024x1024xf32>, tensor<4x2xi32>, tensor<4xi1>) {
  // Splats fold at any size.
  // CHECK-DAG: hlo.constant dense<5.000000e+00> : tensor<1024x1024xf32>
  // CHECK-DAG: hlo.constant dense<7> : tensor<4x2xi32>
  // CHECK-DAG: hlo.constant dense<true> : tensor<4xi1>
  // CHECK-NOT: hlo.add
  // CHECK-NOT: hlo.broadcast_in_dim
  %a = hlo.constant dense<2.0> : tensor<1024x1024xf32>
  %b = hlo.constant dense<3.0> : tensor<1024x1024xf32>
  %s = hlo.add %a, %b : tensor<1024x1024xf32>
  %c = hlo.constant dense<7> : tensor<2xi32>
  %bc = hlo.broadcast_in_dim %c, dims = [1] : (tensor<2xi32>) -> tensor<4x2xi32>
  %f = hlo.constant dense<1.5> : tensor<4xf32>
  %a4 = hlo.constant dense<1.0> : tensor<4xf32>
  %p = hlo.compare GT, %f, %a4 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %s, %bc, %p : tensor<1024x1024xf32>, tensor<4x2xi32>, tensor<4xi1>
}

// -----

// Dense constants fold with the evaluator's semantics: integer division by
// zero is -1, float-to-int conversion saturates.
// CHECK-LABEL: func.func @fold_dense
func.func @fold_dense() -> (tensor<3xi32>, tensor<3xi32>, tensor<3x2xf32>, tensor<2x2xf32>) {
  // CHECK-DAG: hlo.constant dense<[3, -1, -2]> : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<[2147483647, -2147483648, 0]> : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<{{\[}}[1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]{{\]}}> : tensor<2x2xf32>
  %n = hlo.constant dense<[7, 5, -5]> : tensor<3xi32>
  %d = hlo.constant dense<[2, 0, 2]> : tensor<3xi32>
  %q = hlo.divide %n, %d : tensor<3xi32>
  %f = hlo.constant dense<[1.0e10, -1.0e10, 0x7FC00000]> : tensor<3xf32>
  %i = hlo.convert %f : (tensor<3xf32>) -> tensor<3xi32>
  %v = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
  %m = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %t = hlo.transpose %m, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %q, %i, %b, %t : tensor<3xi32>, tensor<3xi32>, tensor<3x2xf32>, tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @fold_limit
func.func @fold_limit() -> tensor<512x256xi32> {
  // Above fold-limit elements a non-splat result is left to run.
  // CHECK: hlo.broadcast_in_dim
  %v = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = hlo.broadcast_in_dim %v, dims = [0] : (tensor<2xi32>) -> tensor<2x65536xi32>
  %r = hlo.reshape %b : (tensor<2x65536xi32>) -> tensor<512x256xi32>
  return %r : tensor<512x256xi32>
}

// -----

// Inside a fusion the same rewrites apply.
// CHECK-LABEL: func.func @in_fusion
func.func @in_fusion(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: hlo.fusion
  // CHECK-NEXT: hlo.yield %param_0
  %0 = hlo.fusion kind = loop (%p = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %one = hlo.constant dense<1.0> : tensor<4xf32>
    %m = hlo.multiply %p, %one : tensor<4xf32>
    hlo.yield %m : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// TOSA keeps a reduced dimension as 1: the reshape to [N,1] sinks below the
// elementwise op and meets the broadcast, so no [N,1] value is left.
// CHECK-LABEL: func.func @log_softmax_denominator
// CHECK-SAME: (%[[X:.*]]: tensor<4x10xf32>)
// CHECK:      %[[S:.*]] = hlo.reduce sum %[[X]], dims = [1] : (tensor<4x10xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[L:.*]] = hlo.log %[[S]] : tensor<4xf32>
// CHECK-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %[[L]], dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
// CHECK-NEXT: hlo.subtract %[[X]], %[[B]]
// CHECK-NOT:  hlo.reshape
func.func @log_softmax_denominator(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %s = hlo.reduce sum %x, dims = [1] : (tensor<4x10xf32>) -> tensor<4xf32>
  %r = hlo.reshape %s : (tensor<4xf32>) -> tensor<4x1xf32>
  %l = hlo.log %r : tensor<4x1xf32>
  %b = hlo.broadcast_in_dim %l, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
  %y = hlo.subtract %x, %b : tensor<4x10xf32>
  return %y : tensor<4x10xf32>
}

// -----

// A reduction of a unit reshape reduces the reshape's operand; a splat
// operand of the elementwise op is rebuilt at the small shape.
// CHECK-LABEL: func.func @reduce_of_unit_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>)
// CHECK:      %[[C:.*]] = hlo.constant dense<2.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[M:.*]] = hlo.multiply %[[X]], %[[C]] : tensor<8xf32>
// CHECK-NEXT: %[[S:.*]] = hlo.reduce sum %[[M]], dims = [0] : (tensor<8xf32>) -> tensor<f32>
// CHECK-NEXT: hlo.reshape %[[S]] : (tensor<f32>) -> tensor<1xf32>
func.func @reduce_of_unit_reshape(%x: tensor<8xf32>) -> tensor<1xf32> {
  %r = hlo.reshape %x : (tensor<8xf32>) -> tensor<8x1xf32>
  %c = hlo.constant dense<2.0> : tensor<8x1xf32>
  %m = hlo.multiply %r, %c : tensor<8x1xf32>
  %s = hlo.reduce sum %m, dims = [0] : (tensor<8x1xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// -----

// TOSA's kept reduced dimension after a batch of 1: the reshape 1x8 to
// 1x8x1 only inserts a unit dimension, so the broadcast reads the
// reduction directly and the reshape, a kernel of its own, goes away.
// CHECK-LABEL: func.func @unit_reshape_after_batch_of_one
// CHECK:      %[[S:.*]] = hlo.reduce max %arg0, dims = [2]
// CHECK-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %[[S]], dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x10xf32>
// CHECK-NEXT: hlo.subtract %arg0, %[[B]]
// CHECK-NOT:  hlo.reshape
func.func @unit_reshape_after_batch_of_one(%x: tensor<1x8x10xf32>) -> tensor<1x8x10xf32> {
  %m = hlo.reduce max %x, dims = [2] : (tensor<1x8x10xf32>) -> tensor<1x8xf32>
  %r = hlo.reshape %m : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
  %b = hlo.broadcast_in_dim %r, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x10xf32>
  %d = hlo.subtract %x, %b : tensor<1x8x10xf32>
  return %d : tensor<1x8x10xf32>
}

// -----

// Negative: a float sum over the unit dimension only is 0.0 + x, which
// turns -0.0 into +0.0, so it stays; a reshape that moves real dimensions
// does not sink; two reshapes from different shapes do not sink together.
// CHECK-LABEL: func.func @unit_reshape_kept
// CHECK:      hlo.reduce sum %{{.*}}, dims = [1] : (tensor<8x1xf32>) -> tensor<8xf32>
// CHECK:      %[[R:.*]] = hlo.reshape %{{.*}} : (tensor<2x4xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: hlo.exponential %[[R]] : tensor<4x2xf32>
// CHECK:      hlo.add %{{.*}}, %{{.*}} : tensor<4x1xf32>
func.func @unit_reshape_kept(%x: tensor<8xf32>, %y: tensor<2x4xf32>, %a: tensor<4xf32>, %b: tensor<1x4xf32>)
    -> (tensor<8xf32>, tensor<4x2xf32>, tensor<4x1xf32>) {
  %r = hlo.reshape %x : (tensor<8xf32>) -> tensor<8x1xf32>
  %s = hlo.reduce sum %r, dims = [1] : (tensor<8x1xf32>) -> tensor<8xf32>
  %t = hlo.reshape %y : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %e = hlo.exponential %t : tensor<4x2xf32>
  %ra = hlo.reshape %a : (tensor<4xf32>) -> tensor<4x1xf32>
  %rb = hlo.reshape %b : (tensor<1x4xf32>) -> tensor<4x1xf32>
  %sum = hlo.add %ra, %rb : tensor<4x1xf32>
  return %s, %e, %sum : tensor<8xf32>, tensor<4x2xf32>, tensor<4x1xf32>
}

// -----

// Tensors with no elements: ops that produce them are empty constants, and
// ops that read them but have elements are what they equal (a sum over an
// empty dimension is 0, a max is -inf, a concatenate drops the input, a pad
// is its padding value, a contraction over an empty dimension is 0).
// CHECK-LABEL: func.func @empty_tensors
// CHECK-DAG: %[[E:.*]] = hlo.constant dense<> : tensor<2x0xf32>
// CHECK-DAG: %[[S:.*]] = hlo.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK-DAG: %[[M:.*]] = hlo.constant dense<0xFF800000> : tensor<2xf32>
// CHECK-DAG: %[[P:.*]] = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
// CHECK-DAG: %[[D:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x5xf32>
// CHECK: return %[[E]], %[[S]], %[[M]], %arg1, %[[P]], %[[D]]
func.func @empty_tensors(%x: tensor<2x0xf32>, %y: tensor<2x3xf32>, %v: tensor<f32>, %w: tensor<0x5xf32>) -> (tensor<2x0xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x5xf32>) {
  %a = hlo.exponential %x : tensor<2x0xf32>
  %s = hlo.reduce sum %x, dims = [1] : (tensor<2x0xf32>) -> tensor<2xf32>
  %m = hlo.reduce max %x, dims = [1] : (tensor<2x0xf32>) -> tensor<2xf32>
  %c = hlo.concatenate %x, %y, dim = 1 : (tensor<2x0xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %p = hlo.pad %x, %v, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<2x0xf32>, tensor<f32>) -> tensor<2x2xf32>
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x5xf32>) -> tensor<2x5xf32>
  return %a, %s, %m, %c, %p, %d : tensor<2x0xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x5xf32>
}
