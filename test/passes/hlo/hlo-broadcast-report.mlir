// RUN: tpu-opt %s -split-input-file -hlo-broadcast-report -verify-diagnostics -o /dev/null
// After fusion the guide's argmax example has no broadcast outside a fusion
// (test/passes/hlo/hlo-fuse.mlir checks that no remark is left for it):
// RUN: tpu-opt %s -split-input-file -hlo-simplify -hlo-fuse 2>/dev/null | FileCheck %s --check-prefix=SIMPLIFIED
// RUN: tpu-opt %s -split-input-file -hlo-fuse 2>/dev/null | FileCheck %s --check-prefix=FUSED

// SIMPLIFIED-LABEL: func.func @guide_argmax
// SIMPLIFIED-NOT: hlo.broadcast_in_dim
// SIMPLIFIED: return
// FUSED-LABEL: func.func @guide_argmax
// FUSED-NOT: hlo.broadcast_in_dim
// FUSED: hlo.fusion kind = input
// FUSED: hlo.yield
// FUSED-NOT: hlo.broadcast_in_dim
// FUSED: return
func.func @guide_argmax(%v: tensor<128xf32>) -> tensor<128xi32> {
  %zeros = hlo.constant dense<0.0> : tensor<64x128xf32>
  // expected-remark @+1 {{broadcast to 'tensor<64x128xf32>' (32768 bytes) is written to memory: 'hlo.add' reads it unfused}}
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %s = hlo.add %b, %zeros : tensor<64x128xf32>
  %a = hlo.argmax %s, dim = 0 : (tensor<64x128xf32>) -> tensor<128xi32>
  return %a : tensor<128xi32>
}

// -----

func.func @function_result(%v: tensor<128xf32>) -> tensor<8x128xf32> {
  // expected-remark @+1 {{broadcast to 'tensor<8x128xf32>' (4096 bytes) is written to memory: it is a function result}}
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  return %b : tensor<8x128xf32>
}

// -----

func.func @mxu_operand(%v: tensor<128xf32>, %w: tensor<128x128xf32>) -> tensor<8x128xf32> {
  // expected-remark @+1 {{broadcast to 'tensor<8x128xf32>' (4096 bytes) is written to memory: it is operand #0 of 'hlo.dot_general', which the MXU reads from a physical buffer}}
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  %d = hlo.dot_general %b, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  return %d : tensor<8x128xf32>
}

// -----

func.func private @callee(tensor<8x128xf32>) -> tensor<8x128xf32>
func.func @call_and_result(%v: tensor<128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  // expected-remark @+1 {{broadcast to 'tensor<8x128xf32>' (4096 bytes) is written to memory: it is an argument of a call to @callee; it is a function result}}
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  %c = func.call @callee(%b) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  return %c, %b : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// Once layouts are assigned, padded bytes too: 8x2 f32 takes a whole
// (8,128) tile.
func.func @padded(%v: tensor<2xf32, #tpu.layout<{0:T(256)}>>) -> tensor<8x2xf32, #tpu.layout<{1,0:T(8,128)}>> {
  // expected-remark @+1 {{broadcast to 'tensor<8x2xf32, #tpu.layout<{1,0:T(8,128)}>>' (64 bytes, 4096 padded) is written to memory: it is a function result}}
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<2xf32, #tpu.layout<{0:T(256)}>>) -> tensor<8x2xf32, #tpu.layout<{1,0:T(8,128)}>>
  return %b : tensor<8x2xf32, #tpu.layout<{1,0:T(8,128)}>>
}

// -----

// A fusion that yields a broadcast writes it.
func.func @yielded(%v: tensor<128xf32>) -> tensor<8x128xf32> {
  %0 = hlo.fusion kind = loop (%p = %v) : (tensor<128xf32>) -> tensor<8x128xf32> {
    %n = hlo.negate %p : tensor<128xf32>
    // expected-remark @+1 {{broadcast to 'tensor<8x128xf32>' (4096 bytes) is written to memory: it is a result of its fusion, and it is a function result}}
    %b = hlo.broadcast_in_dim %n, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
    hlo.yield %b : tensor<8x128xf32>
  }
  return %0 : tensor<8x128xf32>
}

// -----

// A broadcast a fusion only reads inside is not written: no remark.
func.func @inside(%v: tensor<128xf32>, %x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %0 = hlo.fusion kind = loop (%p = %v, %q = %x) : (tensor<128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32> {
    %b = hlo.broadcast_in_dim %p, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
    %a = hlo.add %b, %q : tensor<8x128xf32>
    hlo.yield %a : tensor<8x128xf32>
  }
  return %0 : tensor<8x128xf32>
}
