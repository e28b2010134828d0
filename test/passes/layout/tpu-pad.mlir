// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -tpu-pad | FileCheck %s --check-prefix=CHECK
// RUN: tpu-opt %s -split-input-file -tpu-set-target=target=v6e -tpu-assign-layouts -tpu-pad | FileCheck %s --check-prefix=CHECK

// Layouts come from tpu-assign-layouts (xla-default), the pipeline users run.
// Elementwise chain: arguments are zero-padded on entry, so the sum needs no
// mask; exp(0) = 1 in the padding, so the max masks it to -inf.
// CHECK-LABEL: func.func @elementwise_chain
// CHECK-SAME:    (%[[X:.+]]: tensor<10x100xf32, {{.*}}>, %[[Y:.+]]: tensor<10x100xf32
// CHECK:         %[[ZERO:.+]] = hlo.constant dense<0.000000e+00> : tensor<f32, #tpu.layout<{:T(256)}>>
// CHECK:         %[[PX:.+]] = hlo.pad %[[X]], %[[ZERO]], low = [0, 0], high = [6, 28], interior = [0, 0] : {{.*}} -> tensor<16x128xf32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK:         %[[PY:.+]] = hlo.pad %[[Y]], %[[ZERO]], low = [0, 0], high = [6, 28]
// CHECK:         %[[A:.+]] = hlo.add %[[PX]], %[[PY]] : tensor<16x128xf32
// CHECK:         %[[M:.+]] = hlo.multiply %[[A]], %[[PX]] : tensor<16x128xf32
// CHECK:         %[[E:.+]] = hlo.exponential %[[M]] : tensor<16x128xf32
// CHECK-NOT:     hlo.select
// CHECK:         %[[S:.+]] = hlo.reduce sum %[[M]], dims = [1] : (tensor<16x128xf32, {{.*}}>) -> tensor<16xf32
// CHECK:         %[[SP:.+]] = hlo.pad %[[S]], %[[ZERO]], low = [0], high = [112]
// CHECK:         %[[IOTA:.+]] = hlo.iota dim = 1 : tensor<16x128xi32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK:         %[[SIZE:.+]] = hlo.constant dense<100> : tensor<16x128xi32
// CHECK:         %[[IN:.+]] = hlo.compare LT, %[[IOTA]], %[[SIZE]] : {{.*}} -> tensor<16x128xi1, #tpu.layout<{1,0:T(8,128)E(32)}>>
// CHECK:         %[[NEGINF:.+]] = hlo.constant dense<0xFF800000> : tensor<16x128xf32
// CHECK:         %[[MASKED:.+]] = hlo.select %[[IN]], %[[E]], %[[NEGINF]]
// CHECK:         %[[T:.+]] = hlo.reduce max %[[MASKED]], dims = [1]
// CHECK:         %[[TP:.+]] = hlo.pad %[[T]], %[[ZERO]], low = [0], high = [112]
// CHECK:         %[[R:.+]] = hlo.add %[[SP]], %[[TP]] : tensor<128xf32, #tpu.layout<{0:T(128)}>>
// CHECK:         %[[OUT:.+]] = hlo.slice %[[R]] [0:10] : {{.*}} -> tensor<10xf32, #tpu.layout<{0:T(128)}>>
// CHECK:         return %[[OUT]]
func.func @elementwise_chain(%x: tensor<10x100xf32>, %y: tensor<10x100xf32>) -> tensor<10xf32> {
  %a = hlo.add %x, %y : tensor<10x100xf32>
  %m = hlo.multiply %a, %x : tensor<10x100xf32>
  %e = hlo.exponential %m : tensor<10x100xf32>
  %s = hlo.reduce sum %m, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  %t = hlo.reduce max %e, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  %r = hlo.add %s, %t : tensor<10xf32>
  return %r : tensor<10xf32>
}

// -----

// Reductions over padded dimensions of non-zero padding use their identity.
// CHECK-LABEL: func.func @reductions
// CHECK:         %[[E:.+]] = hlo.exponential %{{.+}} : tensor<16x128xf32
// CHECK:         %[[ROWS:.+]] = hlo.iota dim = 0 : tensor<16x128xi32
// CHECK:         %[[TEN:.+]] = hlo.constant dense<10> : tensor<16x128xi32
// CHECK:         %[[IN0:.+]] = hlo.compare LT, %[[ROWS]], %[[TEN]]
// CHECK:         %[[ZEROS:.+]] = hlo.constant dense<0.000000e+00> : tensor<16x128xf32
// CHECK:         %[[M0:.+]] = hlo.select %[[IN0]], %[[E]], %[[ZEROS]]
// CHECK:         hlo.reduce sum %[[M0]], dims = [0] : (tensor<16x128xf32, {{.*}}>) -> tensor<128xf32
// CHECK:         %[[COLS:.+]] = hlo.iota dim = 1 : tensor<16x128xi32
// CHECK:         %[[HUNDRED:.+]] = hlo.constant dense<100> : tensor<16x128xi32
// CHECK:         %[[IN1:.+]] = hlo.compare LT, %[[COLS]], %[[HUNDRED]]
// CHECK:         %[[ONES:.+]] = hlo.constant dense<1.000000e+00> : tensor<16x128xf32
// CHECK:         %[[M1:.+]] = hlo.select %[[IN1]], %[[E]], %[[ONES]]
// CHECK:         hlo.reduce product %[[M1]], dims = [1]
// CHECK:         %[[D:.+]] = hlo.divide %{{.+}}, %{{.+}} : tensor<4x128xi32, #tpu.layout<{1,0:T(4,128)}>>
// CHECK:         %[[INT:.+]] = hlo.iota dim = 1 : tensor<4x128xi32
// CHECK:         %[[FIVE:.+]] = hlo.constant dense<5> : tensor<4x128xi32
// CHECK:         %[[IN2:.+]] = hlo.compare LT, %[[INT]], %[[FIVE]]
// CHECK:         %[[MAX:.+]] = hlo.constant dense<2147483647> : tensor<4x128xi32
// CHECK:         %[[M2:.+]] = hlo.select %[[IN2]], %[[D]], %[[MAX]]
// CHECK:         hlo.reduce min %[[M2]], dims = [1] : (tensor<4x128xi32, {{.*}}>) -> tensor<4xi32
// CHECK:         hlo.slice %{{.+}} [0:100]
// CHECK:         hlo.slice %{{.+}} [0:10]
// CHECK:         hlo.slice %{{.+}} [0:3]
func.func @reductions(%x: tensor<10x100xf32>, %i: tensor<3x5xi32>) -> (tensor<100xf32>, tensor<10xf32>, tensor<3xi32>) {
  %e = hlo.exponential %x : tensor<10x100xf32>
  %s = hlo.reduce sum %e, dims = [0] : (tensor<10x100xf32>) -> tensor<100xf32>
  %p = hlo.reduce product %e, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  %n = hlo.negate %i : tensor<3x5xi32>
  %c = hlo.constant dense<7> : tensor<3x5xi32>
  %d = hlo.divide %n, %c : tensor<3x5xi32>
  %m = hlo.reduce min %d, dims = [1] : (tensor<3x5xi32>) -> tensor<3xi32>
  return %s, %p, %m : tensor<100xf32>, tensor<10xf32>, tensor<3xi32>
}

// -----

// Argmax along the padded classes: padding is -inf, after every real element,
// so neither ties nor NaN can pick it.
// CHECK-LABEL: func.func @argmax
// CHECK:         %[[P:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [0, 118], {{.*}} -> tensor<4x128xf32, #tpu.layout<{1,0:T(4,128)}>>
// CHECK:         %[[IOTA:.+]] = hlo.iota dim = 1 : tensor<4x128xi32
// CHECK:         %[[TEN:.+]] = hlo.constant dense<10> : tensor<4x128xi32
// CHECK:         %[[IN:.+]] = hlo.compare LT, %[[IOTA]], %[[TEN]]
// CHECK:         %[[NEGINF:.+]] = hlo.constant dense<0xFF800000> : tensor<4x128xf32
// CHECK:         %[[M:.+]] = hlo.select %[[IN]], %[[P]], %[[NEGINF]]
// CHECK:         %[[I:.+]] = hlo.argmax %[[M]], dim = 1 : (tensor<4x128xf32, {{.*}}>) -> tensor<4xi32, #tpu.layout<{0:T(128)}>>
// CHECK:         return %[[I]]
func.func @argmax(%x: tensor<4x10xf32>) -> tensor<4xi32> {
  %i = hlo.argmax %x, dim = 1 : (tensor<4x10xf32>) -> tensor<4xi32>
  return %i : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @argmin_unpadded_dim
// CHECK-NEXT:    %[[I:.+]] = hlo.argmin %arg0, dim = 1
// CHECK-NEXT:    return %[[I]]
func.func @argmin_unpadded_dim(%x: tensor<4x128xi32>) -> tensor<4xi32> {
  %i = hlo.argmin %x, dim = 1 : (tensor<4x128xi32>) -> tensor<4xi32>
  return %i : tensor<4xi32>
}

// -----

// Nothing is rounded to the MXU's 128 (256 on v6e) in HBM: tpu-lower
// aligns K and N in VMEM. K = 100 meets at the smaller padded size of the
// two operands, 104 (the rhs's sublanes; the lhs's 128 lanes hold it), and
// N = 10 keeps the rhs's 128 lanes, on every target. The arguments are
// zero-padded, so nothing is masked.
// CHECK-LABEL: func.func @matmul
// CHECK-DAG:     %[[R:.+]] = hlo.pad %arg1, %{{.+}}, low = [0, 0], high = [4, 118], {{.*}} -> tensor<104x128xf32
// CHECK-DAG:     %[[L:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [0, 4], {{.*}} -> tensor<8x104xf32
// CHECK-NOT:     hlo.select
// CHECK:         %[[D:.+]] = hlo.dot_general %[[L]], %[[R]], contracting_dims = [1] x [0]
// CHECK-SAME:      -> tensor<8x128xf32
// CHECK:         %[[OUT:.+]] = hlo.slice %[[D]] [0:8, 0:10]
// CHECK:         return %[[OUT]]
func.func @matmul(%x: tensor<8x100xf32>, %w: tensor<100x10xf32>) -> tensor<8x10xf32> {
  %r = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x10xf32>) -> tensor<8x10xf32>
  return %r : tensor<8x10xf32>
}

// -----

// log(0) = -inf in the padding of %l: its K padding is masked to 0, on
// the 104 columns K meets at (a slice that drops tile padding).
// CHECK-LABEL: func.func @matmul_of_unmasked
// CHECK:         %[[W:.+]] = hlo.pad %arg1
// CHECK:         %[[LOG:.+]] = hlo.log %{{.+}} : tensor<8x128xf32
// CHECK:         %[[LOGK:.+]] = hlo.slice %[[LOG]] [0:8, 0:104]
// CHECK:         %[[IOTA:.+]] = hlo.iota dim = 1 : tensor<8x104xi32
// CHECK:         %[[K:.+]] = hlo.constant dense<100>
// CHECK:         %[[IN:.+]] = hlo.compare LT, %[[IOTA]], %[[K]]
// CHECK:         %[[ZEROS:.+]] = hlo.constant dense<0.000000e+00>
// CHECK:         %[[M:.+]] = hlo.select %[[IN]], %[[LOGK]], %[[ZEROS]]
// CHECK:         hlo.dot_general %[[M]], %[[W]]
func.func @matmul_of_unmasked(%x: tensor<8x100xf32>, %w: tensor<100x10xf32>) -> tensor<8x10xf32> {
  %l = hlo.log %x : tensor<8x100xf32>
  %r = hlo.dot_general %l, %w, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x10xf32>) -> tensor<8x10xf32>
  return %r : tensor<8x10xf32>
}

// -----

// Features keep their tile-padded sizes (the MXU's 128 or 256 is
// tpu-lower's): the 3 input features contract at the weights' 4 sublanes,
// the 18 output features fill the 128 lanes of both the weights and the
// (feature-minor) result, on every target. W = 28 is
// padded to 32 by the layout; the 4 padded columns are zero, so they take
// the place of the window's high padding (1 - 4 = -3) and the output keeps
// 28 columns.
// CHECK-LABEL: func.func @conv
// CHECK-DAG:     %[[W:.+]] = hlo.pad %arg1, %{{.+}}, low = [0, 0, 0, 0], high = [0, 0, 1, 110], {{.*}} -> tensor<3x3x4x128xf32
// CHECK-DAG:     %[[X:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0, 0, 0], high = [0, 0, 4, 1], {{.*}} -> tensor<8x28x32x4xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>
// CHECK:         %[[Y:.+]] = hlo.convolution %[[X]], %[[W]], window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, -3]]} : {{.*}} -> tensor<8x28x28x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>
// CHECK:         %[[YP:.+]] = hlo.pad %{{.+}}, %{{.+}}, low = [0, 0, 0, 0], high = [0, 0, 4, 0]
// CHECK:         %[[OUT:.+]] = hlo.slice %[[YP]] [0:8, 0:28, 0:28, 0:18]
// CHECK:         return %[[OUT]]
func.func @conv(%x: tensor<8x28x28x3xf32>, %w: tensor<3x3x3x18xf32>) -> tensor<8x28x28x18xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<8x28x28x3xf32>, tensor<3x3x3x18xf32>) -> tensor<8x28x28x18xf32>
  return %y : tensor<8x28x28x18xf32>
}

// -----

// Batch and output features meet at the smallest padded size, as a dot's
// dimensions do: with the batch in the lanes ({0,3,2,1}) the result keeps
// its 18 features in 24 sublanes, so the weights' 128-lane padding is not
// multiplied out to 128 result features and sliced back.
// CHECK-LABEL: func.func @conv_batch_minor
// CHECK:         %[[W:.+]] = hlo.pad %arg1, %{{.+}}, low = [0, 0, 0, 0], high = [0, 0, 1, 6], {{.*}} -> tensor<3x3x4x24xf32
// CHECK:         %[[Y:.+]] = hlo.convolution %{{.+}}, %[[W]], {{.*}} -> tensor<128x8x8x24xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>
// CHECK-NOT:     tensor<128x8x8x128xf32
// CHECK:         hlo.slice %[[Y]] [0:64, 0:8, 0:8, 0:24]
func.func @conv_batch_minor(%x: tensor<64x8x8x3xf32>, %w: tensor<3x3x3x18xf32>) -> tensor<64x8x8x18xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<64x8x8x3xf32>, tensor<3x3x3x18xf32>) -> tensor<64x8x8x18xf32>
  return %y : tensor<64x8x8x18xf32>
}

// -----

// exp(0) = 1 in the padding: the columns the window reaches (W) and the
// contracted features are masked to 0.
// CHECK-LABEL: func.func @conv_of_unmasked
// CHECK:         %[[W:.+]] = hlo.pad %arg1
// CHECK:         %[[E:.+]] = hlo.exponential
// CHECK:         %[[EK:.+]] = hlo.slice %[[E]] [0:8, 0:28, 0:32, 0:4]
// CHECK:         %[[COLS:.+]] = hlo.iota dim = 2
// CHECK:         %[[C28:.+]] = hlo.constant dense<28>
// CHECK:         %[[IN1:.+]] = hlo.compare LT, %[[COLS]], %[[C28]]
// CHECK:         %[[ZEROS:.+]] = hlo.constant dense<0.000000e+00>
// CHECK:         %[[M1:.+]] = hlo.select %[[IN1]], %[[EK]], %[[ZEROS]]
// CHECK:         %[[FEATURES:.+]] = hlo.iota dim = 3
// CHECK:         %[[C3:.+]] = hlo.constant dense<3>
// CHECK:         %[[IN2:.+]] = hlo.compare LT, %[[FEATURES]], %[[C3]]
// CHECK:         %[[M2:.+]] = hlo.select %[[IN2]], %[[M1]], %[[ZEROS]]
// CHECK:         hlo.convolution %[[M2]], %[[W]]
func.func @conv_of_unmasked(%x: tensor<8x28x28x3xf32>, %w: tensor<3x3x3x18xf32>) -> tensor<8x28x28x18xf32> {
  %e = hlo.exponential %x : tensor<8x28x28x3xf32>
  %y = hlo.convolution %e, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<8x28x28x3xf32>, tensor<3x3x3x18xf32>) -> tensor<8x28x28x18xf32>
  return %y : tensor<8x28x28x18xf32>
}

// -----

// A size-1 dimension is broadcast from index 0 only, so it is sliced to 1.
// CHECK-LABEL: func.func @broadcast
// CHECK:         %[[R:.+]] = hlo.pad %arg1, %{{.+}}, low = [0], high = [28], {{.*}} -> tensor<128xf32
// CHECK:         %[[V:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [0, 28], {{.*}} -> tensor<1x128xf32, #tpu.layout<{1,0:T(2,128)}>>
// CHECK:         %[[B:.+]] = hlo.broadcast_in_dim %[[V]], dims = [0, 1] : {{.*}} -> tensor<16x128xf32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK:         %[[E:.+]] = hlo.exponential %[[B]]
// CHECK:         %[[C:.+]] = hlo.broadcast_in_dim %[[R]], dims = [1] : {{.*}} -> tensor<16x128xf32
// CHECK:         %[[EO:.+]] = hlo.slice %[[E]] [0:10, 0:100]
// CHECK:         %[[CO:.+]] = hlo.slice %[[C]] [0:10, 0:100]
// CHECK:         return %[[EO]], %[[CO]]
func.func @broadcast(%v: tensor<1x100xf32>, %r: tensor<100xf32>) -> (tensor<10x100xf32>, tensor<10x100xf32>) {
  %b = hlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<1x100xf32>) -> tensor<10x100xf32>
  %e = hlo.exponential %b : tensor<10x100xf32>
  %c = hlo.broadcast_in_dim %r, dims = [1] : (tensor<100xf32>) -> tensor<10x100xf32>
  return %e, %c : tensor<10x100xf32>, tensor<10x100xf32>
}

// -----

// Transposes and slices work on physical shapes; reshapes regroup logical
// elements, so they see logical shapes; hlo.pad extends its own high padding.
// CHECK-LABEL: func.func @movement
// CHECK:         %[[X:.+]] = hlo.pad %arg0, %[[ZERO:.+]], low = [0, 0], high = [6, 116]
// CHECK:         %[[T:.+]] = hlo.transpose %[[X]], dims = [1, 0] : {{.*}} -> tensor<128x16xf32
// CHECK:         %[[T1:.+]] = hlo.slice %[[T]] [0:16, 0:16]
// CHECK:         %[[T2:.+]] = hlo.pad %[[T1]], %[[ZERO]], low = [0, 0], high = [0, 112]
// CHECK:         %[[TL:.+]] = hlo.slice %[[T2]] [0:12, 0:10]
// CHECK:         %[[R:.+]] = hlo.reshape %[[TL]] : {{.*}} -> tensor<120xf32
// CHECK:         %[[RP:.+]] = hlo.pad %[[R]], %[[ZERO]], low = [0], high = [8]
// CHECK:         %[[S:.+]] = hlo.slice %[[RP]] [0:120:2] : {{.*}} -> tensor<60xf32
// CHECK:         %[[C:.+]] = hlo.concatenate %[[S]], %[[S]], dim = 0 : {{.*}} -> tensor<120xf32
// CHECK:         %[[B:.+]] = hlo.reshape %[[C]] : {{.*}} -> tensor<12x10xf32
// CHECK:         %[[ONE:.+]] = hlo.constant dense<1.000000e+00> : tensor<f32
// CHECK:         %[[P:.+]] = hlo.pad %[[B]], %[[ONE]], low = [1, 0], high = [3, 118], interior = [0, 0] : {{.*}} -> tensor<16x128xf32
// CHECK:         %[[OUT:.+]] = hlo.slice %[[P]] [0:12, 0:10]
// CHECK:         return %[[OUT]]
func.func @movement(%x: tensor<10x12xf32>) -> tensor<12x10xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<10x12xf32>) -> tensor<12x10xf32>
  %r = hlo.reshape %t : (tensor<12x10xf32>) -> tensor<120xf32>
  %s = hlo.slice %r [0:120:2] : (tensor<120xf32>) -> tensor<60xf32>
  %c = hlo.concatenate %s, %s, dim = 0 : (tensor<60xf32>, tensor<60xf32>) -> tensor<120xf32>
  %b = hlo.reshape %c : (tensor<120xf32>) -> tensor<12x10xf32>
  %one = hlo.constant dense<1.0> : tensor<f32>
  %p = hlo.pad %b, %one, low = [1, 0], high = [-1, 0], interior = [0, 0] : (tensor<12x10xf32>, tensor<f32>) -> tensor<12x10xf32>
  return %p : tensor<12x10xf32>
}

// -----

// CHECK-LABEL: func.func @compare_select
// CHECK:         %[[X:.+]] = hlo.pad %arg0
// CHECK:         %[[Z:.+]] = hlo.constant dense<0.000000e+00> : tensor<16x128xf32
// CHECK:         %[[C:.+]] = hlo.compare GT, %[[X]], %[[Z]] : {{.*}} -> tensor<16x128xi1, #tpu.layout<{1,0:T(8,128)E(32)}>>
// CHECK:         %[[S:.+]] = hlo.select %[[C]], %[[X]], %[[Z]] : tensor<16x128xi1, {{.*}}>, tensor<16x128xf32
// CHECK:         hlo.slice %[[S]] [0:10, 0:100]
func.func @compare_select(%x: tensor<10x100xf32>) -> tensor<10x100xf32> {
  %z = hlo.constant dense<0.0> : tensor<10x100xf32>
  %c = hlo.compare GT, %x, %z : (tensor<10x100xf32>, tensor<10x100xf32>) -> tensor<10x100xi1>
  %r = hlo.select %c, %x, %z : tensor<10x100xi1>, tensor<10x100xf32>
  return %r : tensor<10x100xf32>
}

// -----

// A dense constant is stored padded with zeros; callees keep logical
// signatures, so call operands are sliced and results padded.
// CHECK-LABEL: func.func @constants_and_calls
// CHECK:         %[[X:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [0, 125]
// CHECK:         %[[C:.+]] = hlo.constant dense<"0x010000000200000003000000000000{{0+}}04000000050000000600000000{{0+}}"> : tensor<2x128xi32, #tpu.layout<{1,0:T(2,128)}>>
// CHECK:         %[[A:.+]] = hlo.add %[[X]], %[[C]] : tensor<2x128xi32
// CHECK:         %[[AL:.+]] = hlo.slice %[[A]] [0:2, 0:3]
// CHECK:         %[[R:.+]] = call @callee(%[[AL]]) : (tensor<2x3xi32, {{.*}}>) -> tensor<2x3xi32
// CHECK:         return %[[R]]
func.func @constants_and_calls(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %c = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = hlo.add %x, %c : tensor<2x3xi32>
  %s = call @callee(%r) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %s : tensor<2x3xi32>
}
func.func private @callee(%x: tensor<2x3xi32>) -> tensor<2x3xi32>

// -----

// Already tile-aligned: nothing to do.
// CHECK-LABEL: func.func @aligned
// CHECK-NEXT:    %[[E:.+]] = hlo.exponential %arg0 : tensor<8x128xf32
// CHECK-NEXT:    %[[R:.+]] = hlo.reduce max %[[E]], dims = [1]
// CHECK-NEXT:    return %[[R]]
func.func @aligned(%x: tensor<8x128xf32>) -> tensor<8xf32> {
  %e = hlo.exponential %x : tensor<8x128xf32>
  %r = hlo.reduce max %e, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A fusion is padded like a function body: its operands arrive padded, the
// sum over the padded lanes of exp is masked inside it (exp(0) = 1), zero
// scalars are made inside (the body cannot read the function's), and its
// result has the physical shape.
// CHECK-LABEL: func.func @fusion
// CHECK:         %[[PX:.+]] = hlo.pad %arg0
// CHECK:         %[[F:.+]] = hlo.fusion kind = input (%[[P:[a-z_0-9]+]] = %[[PX]]) : (tensor<16x128xf32, {{.*}}>) -> tensor<128xf32, {{.*}}>
// CHECK:           %[[E:.+]] = hlo.exponential %[[P]] : tensor<16x128xf32
// CHECK:           hlo.iota dim = 1
// CHECK:           %[[M:.+]] = hlo.select %{{.+}}, %[[E]], %{{.+}}
// CHECK:           %[[S:.+]] = hlo.reduce sum %[[M]], dims = [1] {{.*}} -> tensor<16xf32
// CHECK:           %[[R:.+]] = hlo.pad %[[S]], %{{.+}}, low = [0], high = [112]
// CHECK:           hlo.yield %[[R]]
// CHECK:         hlo.slice %[[F]] [0:10]
func.func @fusion(%x: tensor<10x100xf32>) -> tensor<10xf32> {
  %0 = hlo.fusion kind = input (%p = %x) : (tensor<10x100xf32>) -> tensor<10xf32> {
    %e = hlo.exponential %p : tensor<10x100xf32>
    %s = hlo.reduce sum %e, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
    hlo.yield %s : tensor<10xf32>
  }
  return %0 : tensor<10xf32>
}

// -----

// Unsigned padding read by a search or a reduction takes the unsigned
// identity: 0 below every ui8 for argmax (the signed minimum, 0x80, would
// beat most values), all ones above every ui16 for min.
// CHECK-LABEL: func.func @argmax_unsigned
// CHECK:         %[[IN:.+]] = hlo.compare LT
// CHECK:         %[[LOW:.+]] = hlo.constant dense<0> : tensor<8x128xui8
// CHECK:         %[[M:.+]] = hlo.select %[[IN]], %{{.+}}, %[[LOW]]
// CHECK:         hlo.argmax %[[M]], dim = 1
func.func @argmax_unsigned(%x: tensor<4x10xui8>) -> tensor<4xi32> {
  %i = hlo.argmax %x, dim = 1 : (tensor<4x10xui8>) -> tensor<4xi32>
  return %i : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @reduce_min_unsigned
// CHECK:         %[[IN:.+]] = hlo.compare LT
// CHECK:         %[[HIGH:.+]] = hlo.constant dense<65535> : tensor<4x128xui16
// CHECK:         %[[M:.+]] = hlo.select %[[IN]], %{{.+}}, %[[HIGH]]
// CHECK:         hlo.reduce min %[[M]], dims = [1]
func.func @reduce_min_unsigned(%x: tensor<4x10xui16>) -> tensor<4xui16> {
  %i = hlo.reduce min %x, dims = [1] : (tensor<4x10xui16>) -> tensor<4xui16>
  return %i : tensor<4xui16>
}
