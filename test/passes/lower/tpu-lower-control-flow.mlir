// RUN: tpu-opt %s -split-input-file -tpu-compile="compile-to=lower" | FileCheck %s
// Without the frames tpu-assign-buffers gives a loop's callees, the lowering
// cannot place their buffers:
// RUN: tpu-opt %s -split-input-file -tpu-compile="compile-to=buffers" | sed -e 's/tpu.frame = array<i64[^>]*>, //' | not tpu-opt -split-input-file -tpu-lower 2>&1 | FileCheck %s --check-prefix=FRAMES
// FRAMES: error: 'hlo.while_call' op tpu-lower needs its callees' frames; run -tpu-assign-buffers first
// FRAMES: error: 'hlo.case_call' op tpu-lower needs its callees' frames; run -tpu-assign-buffers first
// Values are checked end to end in test/e2e/control-flow.mlir.

// A loop: the initial values are copied into the carried buffers, the
// condition's and the body's kernels run inside tpu.while (named after
// their region), and a body result that is not written in place is
// copied into its carried buffer. The outlined functions are gone.
// CHECK-LABEL: func.func @loop
// CHECK: %[[I:.*]] = tpu.hbm_buffer offset {{[0-9]+}} : memref<i32, #tpu.memory_space<hbm>>
// CHECK: %[[ACC:.*]] = tpu.hbm_buffer offset {{[0-9]+}} : memref<8x128xf32, #tpu.memory_space<hbm>>
// CHECK: tpu.copy %{{.*}}, %[[I]]
// CHECK: tpu.copy %arg0, %[[ACC]]
// CHECK: tpu.while attributes {trip_count = 3 : i64} {
// CHECK: tpu.kernel "while0.cond/
// CHECK: tpu.condition
// CHECK: } do {
// CHECK: tpu.kernel "while0.body/
// CHECK: tpu.yield
// CHECK: return %[[ACC]]
// CHECK-NOT: func.func private
func.func @loop(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<8x128xf32>
   cond {
    %p = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %a = hlo.exponential %acc : tensor<8x128xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.yield %i1, %a : tensor<i32>, tensor<8x128xf32>
  }
  return %r#1 : tensor<8x128xf32>
}

// -----

// A branch: each branch's result is copied into the op's result buffer;
// one that returns its operand copies the operand.
// CHECK-LABEL: func.func @branch
// CHECK: %[[R:.*]] = tpu.hbm_buffer offset {{[0-9]+}} : memref<8x128xf32
// CHECK: tpu.case %arg0 : memref<i1, #tpu.memory_space<hbm>> {
// CHECK-NEXT: tpu.copy %arg1, %[[R]]
// CHECK-NEXT: tpu.yield
// CHECK-NEXT: }, {
// CHECK: tpu.kernel "if0.true/
// CHECK: tpu.copy %{{.*}}, %[[R]]
func.func @branch(%p: tensor<i1>, %x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %r = hlo.if %p -> (tensor<8x128xf32>) {
    %n = hlo.negate %x : tensor<8x128xf32>
    hlo.yield %n : tensor<8x128xf32>
  } else {
    hlo.yield %x : tensor<8x128xf32>
  }
  return %r : tensor<8x128xf32>
}

// -----

// An initial value computed just for the loop is updated in place: its
// buffer becomes the carried one, with no copy. One the body also reads
// as an invariant is copied, so the invariant keeps its value.
// CHECK-LABEL: func.func @in_place
// CHECK: %[[T:.*]] = tpu.hbm_buffer offset [[OFF:[0-9]+]] : memref<8x128xf32
// CHECK: tpu.kernel "exponential_{{[0-9]+}}"
// CHECK-NOT: tpu.copy %[[T]]
// CHECK: tpu.while
// CHECK-LABEL: func.func @invariant_too
// CHECK: tpu.kernel "exponential_{{[0-9]+}}"
// CHECK: tpu.copy
// CHECK: tpu.while
func.func @in_place(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %t = hlo.exponential %x : tensor<8x128xf32>
  %r:2 = hlo.while(%i = %zero, %acc = %t) : tensor<i32>, tensor<8x128xf32>
   cond {
    %p = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %a = hlo.add %acc, %acc : tensor<8x128xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.yield %i1, %a : tensor<i32>, tensor<8x128xf32>
  }
  return %r#1 : tensor<8x128xf32>
}

func.func @invariant_too(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %t = hlo.exponential %x : tensor<8x128xf32>
  %r:2 = hlo.while(%i = %zero, %acc = %t) : tensor<i32>, tensor<8x128xf32>
   cond {
    %p = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %a = hlo.add %acc, %t : tensor<8x128xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.yield %i1, %a : tensor<i32>, tensor<8x128xf32>
  }
  return %r#1 : tensor<8x128xf32>
}
