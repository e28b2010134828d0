// RUN: tpu-opt %s -split-input-file -tpu-pad | FileCheck %s

// tpu-pad honours whatever layouts the values carry. The one-hot's classes
// sit in the sublanes ({0,1}), so they pad 10 -> 16 rather than 10 -> 128,
// and the argmax masks just those 6 rows.
// CHECK-LABEL: func.func @onehot_argmax
// CHECK:         %[[X:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [0, 6], {{.*}} -> tensor<1024x16xf32, #tpu.layout<{0,1:T(8,128)}>>
// CHECK:         %[[IOTA:.+]] = hlo.iota dim = 1 : tensor<1024x16xi32, #tpu.layout<{0,1:T(8,128)}>>
// CHECK:         %[[TEN:.+]] = hlo.constant dense<10> : tensor<1024x16xi32, #tpu.layout<{0,1:T(8,128)}>>
// CHECK:         %[[IN:.+]] = hlo.compare LT, %[[IOTA]], %[[TEN]] : {{.*}} -> tensor<1024x16xi1, #tpu.layout<{0,1:T(8,128)E(32)}>>
// CHECK:         %[[M:.+]] = hlo.select %[[IN]], %[[X]], %{{.+}}
// CHECK:         %[[I:.+]] = hlo.argmax %[[M]], dim = 1 : {{.*}} -> tensor<1024xi32, #tpu.layout<{0:T(1024)}>>
// CHECK:         return %[[I]]
!onehot = tensor<1024x10xf32, #tpu.layout<{0,1:T(8,128)}>>
!index = tensor<1024xi32, #tpu.layout<{0:T(1024)}>>
func.func @onehot_argmax(%x: !onehot) -> !index {
  %i = hlo.argmax %x, dim = 1 : (!onehot) -> !index
  return %i : !index
}

// -----

// bf16 tiles (8,128)(2,1) pad like f32's (8,128); the convert meets the f32
// value at the same physical shape.
// CHECK-LABEL: func.func @bf16
// CHECK:         %[[X:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [6, 28], {{.*}} -> tensor<16x128xbf16, #tpu.layout<{1,0:T(8,128)(2,1)}>>
// CHECK:         %[[C:.+]] = hlo.convert %[[X]] : {{.*}} -> tensor<16x128xf32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK:         hlo.slice %[[C]] [0:10, 0:100]
!bf = tensor<10x100xbf16, #tpu.layout<{1,0:T(8,128)(2,1)}>>
!f = tensor<10x100xf32, #tpu.layout<{1,0:T(8,128)}>>
func.func @bf16(%x: !bf) -> !f {
  %c = hlo.convert %x : (!bf) -> !f
  return %c : !f
}

// -----

// A layout change: the copy's operand meets the padded shape of the result
// ({0,1} pads the 1000 rows to 1024 and the 10 columns to 16), not its own
// (1000x128): the argument is padded straight to that.
// CHECK-LABEL: func.func @copy
// CHECK:         %[[X:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 0], high = [24, 6], {{.*}} -> tensor<1024x16xf32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK:         %[[C:.+]] = hlo.copy %[[X]] : {{.*}} -> tensor<1024x16xf32, #tpu.layout<{0,1:T(8,128)}>>
// CHECK:         hlo.slice %[[C]] [0:1000, 0:10]
!row = tensor<1000x10xf32, #tpu.layout<{1,0:T(8,128)}>>
!col = tensor<1000x10xf32, #tpu.layout<{0,1:T(8,128)}>>
func.func @copy(%x: !row) -> !col {
  %c = hlo.copy %x : (!row) -> !col
  return %c : !col
}
