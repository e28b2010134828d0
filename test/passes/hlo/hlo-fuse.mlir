// RUN: tpu-opt %s -split-input-file -hlo-fuse | FileCheck %s
// RUN: tpu-opt %s -split-input-file -hlo-fuse=max-fusion-ops=2 | FileCheck %s --check-prefix=SMALL
// Only the broadcasts marked below stay in memory, with or without
// simplification first:
// RUN: tpu-opt %s -split-input-file -hlo-fuse -hlo-broadcast-report -verify-diagnostics -o /dev/null
// RUN: tpu-opt %s -split-input-file -hlo-simplify -hlo-fuse -hlo-broadcast-report -verify-diagnostics -o /dev/null

// The Cloud TPU guide's first example: one loop, no `tmp` written.
// CHECK-LABEL: func.func @guide_add_multiply
// CHECK-SAME: (%[[X:.+]]: tensor<1024x1024xf32>, %[[Y:.+]]: tensor<1024x1024xf32>, %[[Z:.+]]: tensor<1024x1024xf32>)
func.func @guide_add_multiply(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>, %z: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // CHECK-NEXT: %[[F:.+]] = hlo.fusion kind = loop (%[[P0:.+]] = %[[X]], %[[P1:.+]] = %[[Y]], %[[P2:.+]] = %[[Z]])
  // CHECK-NEXT: %[[T:.+]] = hlo.add %[[P0]], %[[P1]]
  // CHECK-NEXT: %[[R:.+]] = hlo.multiply %[[T]], %[[P2]]
  // CHECK-NEXT: hlo.yield %[[R]]
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[F]]
  %tmp = hlo.add %x, %y : tensor<1024x1024xf32>
  %result = hlo.multiply %tmp, %z : tensor<1024x1024xf32>
  return %result : tensor<1024x1024xf32>
}

// -----

// The guide's second example, which XLA leaves with a materialized
// broadcast: the broadcast and the zeros are copied into the argmax's input
// fusion and never written.
// CHECK-LABEL: func.func @guide_argmax
func.func @guide_argmax(%v: tensor<128xf32>) -> tensor<128xi32> {
  // CHECK-NOT: hlo.broadcast_in_dim
  // CHECK: hlo.fusion kind = input (%{{.+}} = %arg0) : (tensor<128xf32>) -> tensor<128xi32>
  // CHECK: hlo.broadcast_in_dim
  // CHECK: hlo.add
  // CHECK: hlo.argmax
  // CHECK: hlo.yield
  // CHECK-NOT: hlo.broadcast_in_dim
  // CHECK: return
  %zeros = hlo.constant dense<0.0> : tensor<64x128xf32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %s = hlo.add %b, %zeros : tensor<64x128xf32>
  %a = hlo.argmax %s, dim = 0 : (tensor<64x128xf32>) -> tensor<128xi32>
  return %a : tensor<128xi32>
}

// -----

// Output fusion: bias and GELU (tanh form) run in the matmul's epilogue.
// CHECK-LABEL: func.func @dense_bias_gelu
func.func @dense_bias_gelu(%x: tensor<8x256xf32>, %w: tensor<256x512xf32>, %bias: tensor<512xf32>) -> tensor<8x512xf32> {
  // CHECK-NEXT: %[[F:.+]] = hlo.fusion kind = output (%{{.+}} = %arg0, %{{.+}} = %arg1, %{{.+}} = %arg2)
  // CHECK: hlo.dot_general
  // CHECK: hlo.broadcast_in_dim
  // CHECK: hlo.tanh
  // CHECK: hlo.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[F]]
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x256xf32>, tensor<256x512xf32>) -> tensor<8x512xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<512xf32>) -> tensor<8x512xf32>
  %h = hlo.add %d, %bb : tensor<8x512xf32>
  %half = hlo.constant dense<0.5> : tensor<8x512xf32>
  %one = hlo.constant dense<1.0> : tensor<8x512xf32>
  %c = hlo.constant dense<0.044715> : tensor<8x512xf32>
  %s = hlo.constant dense<0.797884583> : tensor<8x512xf32>
  %h2 = hlo.multiply %h, %h : tensor<8x512xf32>
  %h3 = hlo.multiply %h2, %h : tensor<8x512xf32>
  %ch3 = hlo.multiply %c, %h3 : tensor<8x512xf32>
  %inner = hlo.add %h, %ch3 : tensor<8x512xf32>
  %scaled = hlo.multiply %s, %inner : tensor<8x512xf32>
  %t = hlo.tanh %scaled : tensor<8x512xf32>
  %onept = hlo.add %one, %t : tensor<8x512xf32>
  %hh = hlo.multiply %half, %h : tensor<8x512xf32>
  %g = hlo.multiply %hh, %onept : tensor<8x512xf32>
  return %g : tensor<8x512xf32>
}

// -----

// A convolution absorbs its bias and ReLU.
// CHECK-LABEL: func.func @conv_bias_relu
func.func @conv_bias_relu(%x: tensor<8x28x28x1xf32>, %k: tensor<3x3x1x32xf32>, %b: tensor<32xf32>) -> tensor<8x26x26x32xf32> {
  // CHECK-NEXT: hlo.fusion kind = output
  // CHECK: hlo.convolution
  // CHECK: hlo.maximum
  // CHECK: hlo.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  %c = hlo.convolution %x, %k : (tensor<8x28x28x1xf32>, tensor<3x3x1x32xf32>) -> tensor<8x26x26x32xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<32xf32>) -> tensor<8x26x26x32xf32>
  %a = hlo.add %c, %bb : tensor<8x26x26x32xf32>
  %z = hlo.constant dense<0.0> : tensor<8x26x26x32xf32>
  %r = hlo.maximum %a, %z : tensor<8x26x26x32xf32>
  return %r : tensor<8x26x26x32xf32>
}

// -----

// Softmax: max is a reduction of an argument; exp(x - max) is recomputed by
// the sum's input fusion and by the final loop (f32 on v3: recomputing beats
// an HBM round trip). Three kernels, nothing of the full size but the result
// written.
// CHECK-LABEL: func.func @softmax
func.func @softmax(%x: tensor<8x1000xf32>) -> tensor<8x1000xf32> {
  // CHECK-NEXT: %[[MAX:.+]] = hlo.reduce max %arg0
  // CHECK-NEXT: %[[SUM:.+]] = hlo.fusion kind = input (%{{.+}} = %[[MAX]], %{{.+}} = %arg0)
  // CHECK: hlo.exponential
  // CHECK: hlo.reduce sum
  // CHECK: %[[OUT:.+]] = hlo.fusion kind = loop (%{{.+}} = %[[MAX]], %{{.+}} = %arg0, %{{.+}} = %[[SUM]])
  // CHECK: hlo.exponential
  // CHECK: hlo.divide
  // CHECK: return %[[OUT]]
  %m = hlo.reduce max %x, dims = [1] : (tensor<8x1000xf32>) -> tensor<8xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %d = hlo.subtract %x, %mb : tensor<8x1000xf32>
  %e = hlo.exponential %d : tensor<8x1000xf32>
  %s = hlo.reduce sum %e, dims = [1] : (tensor<8x1000xf32>) -> tensor<8xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %r = hlo.divide %e, %sb : tensor<8x1000xf32>
  return %r : tensor<8x1000xf32>
}

// -----

// In bf16 the round trip is half as dear, so the exponential is computed
// once and written; the sum and the division read it.
// CHECK-LABEL: func.func @softmax_bf16
func.func @softmax_bf16(%x: tensor<8x1000xbf16>) -> tensor<8x1000xbf16> {
  // CHECK: %[[E:.+]] = hlo.fusion kind = loop
  // CHECK: hlo.exponential
  // CHECK: %[[S:.+]] = hlo.reduce sum %[[E]]
  // CHECK-NEXT: hlo.fusion kind = loop (%{{.+}} = %[[S]], %{{.+}} = %[[E]])
  // CHECK-NOT: hlo.exponential
  // CHECK: return
  %m = hlo.reduce max %x, dims = [1] : (tensor<8x1000xbf16>) -> tensor<8xbf16>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<8xbf16>) -> tensor<8x1000xbf16>
  %d = hlo.subtract %x, %mb : tensor<8x1000xbf16>
  %e = hlo.exponential %d : tensor<8x1000xbf16>
  %s = hlo.reduce sum %e, dims = [1] : (tensor<8x1000xbf16>) -> tensor<8xbf16>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xbf16>) -> tensor<8x1000xbf16>
  %r = hlo.divide %e, %sb : tensor<8x1000xbf16>
  return %r : tensor<8x1000xbf16>
}

// -----

// Layer normalization: the mean is a plain reduction, the variance an input
// fusion that recomputes x - mean, and the normalization one loop that
// reads gamma and beta through broadcasts.
// CHECK-LABEL: func.func @layer_norm
func.func @layer_norm(%x: tensor<8x768xf32>, %gamma: tensor<768xf32>, %beta: tensor<768xf32>) -> tensor<8x768xf32> {
  // CHECK-NEXT: %[[SUM:.+]] = hlo.reduce sum %arg0
  // CHECK-NEXT: %[[VAR:.+]] = hlo.fusion kind = input (%{{.+}} = %[[SUM]], %{{.+}} = %arg0)
  // CHECK: hlo.subtract
  // CHECK: hlo.reduce sum
  // CHECK: %[[Y:.+]] = hlo.fusion kind = loop (%{{.+}} = %[[SUM]], %{{.+}} = %arg0, %{{.+}} = %[[VAR]], %{{.+}} = %arg1, %{{.+}} = %arg2)
  // CHECK: hlo.rsqrt
  // CHECK: return %[[Y]]
  %n = hlo.constant dense<768.0> : tensor<8xf32>
  %eps = hlo.constant dense<1.0e-5> : tensor<8xf32>
  %sum = hlo.reduce sum %x, dims = [1] : (tensor<8x768xf32>) -> tensor<8xf32>
  %mean = hlo.divide %sum, %n : tensor<8xf32>
  %mb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<8xf32>) -> tensor<8x768xf32>
  %xc = hlo.subtract %x, %mb : tensor<8x768xf32>
  %sq = hlo.multiply %xc, %xc : tensor<8x768xf32>
  %vs = hlo.reduce sum %sq, dims = [1] : (tensor<8x768xf32>) -> tensor<8xf32>
  %var = hlo.divide %vs, %n : tensor<8xf32>
  %ve = hlo.add %var, %eps : tensor<8xf32>
  %r = hlo.rsqrt %ve : tensor<8xf32>
  %rb = hlo.broadcast_in_dim %r, dims = [0] : (tensor<8xf32>) -> tensor<8x768xf32>
  %norm = hlo.multiply %xc, %rb : tensor<8x768xf32>
  %gb = hlo.broadcast_in_dim %gamma, dims = [1] : (tensor<768xf32>) -> tensor<8x768xf32>
  %bb = hlo.broadcast_in_dim %beta, dims = [1] : (tensor<768xf32>) -> tensor<8x768xf32>
  %y0 = hlo.multiply %norm, %gb : tensor<8x768xf32>
  %y = hlo.add %y0, %bb : tensor<8x768xf32>
  return %y : tensor<8x768xf32>
}

// -----

// A broadcast returned from the function is written.
// CHECK-LABEL: func.func @broadcast_result
func.func @broadcast_result(%v: tensor<128xf32>) -> tensor<8x128xf32> {
  // CHECK-NEXT: hlo.broadcast_in_dim
  // CHECK-NEXT: return
  // expected-remark @+1 {{broadcast to 'tensor<8x128xf32>' (4096 bytes) is written to memory: it is a function result}}
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  return %b : tensor<8x128xf32>
}

// -----

// An MXU operand needs a physical buffer: the broadcast stays, and nothing
// that reads another full-size tensor joins the epilogue.
// CHECK-LABEL: func.func @mxu_operand
func.func @mxu_operand(%v: tensor<128xf32>, %w: tensor<128x128xf32>, %r: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // CHECK-NEXT: %[[B:.+]] = hlo.broadcast_in_dim
  // CHECK-NEXT: %[[D:.+]] = hlo.dot_general %[[B]]
  // CHECK-NEXT: %[[A:.+]] = hlo.add %[[D]], %arg2
  // CHECK-NEXT: return %[[A]]
  // expected-remark @+1 {{broadcast to 'tensor<8x128xf32>' (4096 bytes) is written to memory: it is operand #0 of 'hlo.dot_general', which the MXU reads from a physical buffer}}
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  %d = hlo.dot_general %b, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  %a = hlo.add %d, %r : tensor<8x128xf32>
  return %a : tensor<8x128xf32>
}

// -----

// A value read by a fusion and returned is written once, as a second result
// of the output fusion, and the loop that reads it takes it as an input.
// CHECK-LABEL: func.func @shared_epilogue_value
func.func @shared_epilogue_value(%x: tensor<8x128xf32>, %w: tensor<128x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  // CHECK-NEXT: %[[F:.+]]:2 = hlo.fusion kind = output
  // CHECK: hlo.dot_general
  // CHECK: %[[T:.+]] = hlo.tanh
  // CHECK: %[[N:.+]] = hlo.negate %[[T]]
  // CHECK: hlo.yield %[[T]], %[[N]]
  // CHECK: return %[[F]]#0, %[[F]]#1
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  %t = hlo.tanh %d : tensor<8x128xf32>
  %n = hlo.negate %t : tensor<8x128xf32>
  return %t, %n : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// The epilogue must not read a value computed from the matmul outside it:
// broadcast(reduce(d)) depends on d, so fusing the add would make a cycle.
// CHECK-LABEL: func.func @no_cycle
func.func @no_cycle(%x: tensor<8x128xf32>, %w: tensor<128x128xf32>) -> tensor<8x128xf32> {
  // CHECK-NEXT: %[[D:.+]] = hlo.dot_general
  // CHECK-NEXT: %[[S:.+]] = hlo.reduce sum %[[D]]
  // CHECK-NEXT: %[[F:.+]] = hlo.fusion kind = loop (%{{.+}} = %[[S]], %{{.+}} = %[[D]])
  // CHECK: return %[[F]]
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  %s = hlo.reduce sum %d, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %a = hlo.subtract %d, %sb : tensor<8x128xf32>
  return %a : tensor<8x128xf32>
}

// -----

// A transpose and reshapes are kernels of their own: a reshape is a bitcast
// or a relayout copy (tpu-lower), never fused.
// CHECK-LABEL: func.func @not_fused
func.func @not_fused(%x: tensor<8x128xf32>, %y: tensor<1x8x128xf32>) -> (tensor<128x8xf32>, tensor<1024xf32>, tensor<1x8x128xf32>) {
  // CHECK-NEXT: %[[A:.+]] = hlo.abs %arg0
  // CHECK-NEXT: %[[T:.+]] = hlo.transpose %[[A]]
  // CHECK-NEXT: %[[N:.+]] = hlo.negate %[[T]]
  // CHECK-NEXT: %[[R:.+]] = hlo.reshape %arg0 : (tensor<8x128xf32>) -> tensor<1024xf32>
  // CHECK-NEXT: %[[E:.+]] = hlo.exponential %[[R]]
  // CHECK-NEXT: %[[C:.+]] = hlo.reshape %arg0 : (tensor<8x128xf32>) -> tensor<1x8x128xf32>
  // CHECK-NEXT: hlo.add %[[C]], %arg1
  %a = hlo.abs %x : tensor<8x128xf32>
  %t = hlo.transpose %a, dims = [1, 0] : (tensor<8x128xf32>) -> tensor<128x8xf32>
  %n = hlo.negate %t : tensor<128x8xf32>
  %r = hlo.reshape %x : (tensor<8x128xf32>) -> tensor<1024xf32>
  %e = hlo.exponential %r : tensor<1024xf32>
  %c = hlo.reshape %x : (tensor<8x128xf32>) -> tensor<1x8x128xf32>
  %s = hlo.add %c, %y : tensor<1x8x128xf32>
  return %n, %e, %s : tensor<128x8xf32>, tensor<1024xf32>, tensor<1x8x128xf32>
}

// -----

// A cheap producer read by two kernels is recomputed in each; the one a
// function also returns is written as well.
// CHECK-LABEL: func.func @shared_cheap_producer
func.func @shared_cheap_producer(%x: tensor<8x128xf32>) -> (tensor<8xf32>, tensor<8x128xf32>) {
  // CHECK-NEXT: %[[R:.+]] = hlo.fusion kind = input (%{{.+}} = %arg0)
  // CHECK-NEXT: hlo.abs
  // CHECK-NEXT: hlo.reduce sum
  // CHECK: %[[L:.+]] = hlo.fusion kind = loop (%{{.+}} = %arg0)
  // CHECK-NEXT: hlo.abs
  // CHECK-NEXT: hlo.negate
  // CHECK: return %[[R]], %[[L]]
  %a = hlo.abs %x : tensor<8x128xf32>
  %s = hlo.reduce sum %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %n = hlo.negate %a : tensor<8x128xf32>
  return %s, %n : tensor<8xf32>, tensor<8x128xf32>
}

// -----

// A cheap producer an MXU op reads from memory is written anyway: the
// reduction reads it too instead of recomputing it.
// CHECK-LABEL: func.func @producer_read_by_the_mxu
func.func @producer_read_by_the_mxu(%x: tensor<8x128xf32>, %w: tensor<128x128xf32>) -> (tensor<8xf32>, tensor<8x128xf32>) {
  // CHECK-NEXT: %[[A:.+]] = hlo.abs %arg0
  // CHECK-NEXT: hlo.reduce sum %[[A]]
  // CHECK-NEXT: hlo.dot_general %[[A]]
  %a = hlo.abs %x : tensor<8x128xf32>
  %s = hlo.reduce sum %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %d = hlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  return %s, %d : tensor<8xf32>, tensor<8x128xf32>
}

// -----

// At most four kernels recompute one op: the fifth and sixth readers read
// it from memory, where an op of its own writes it.
// CHECK-LABEL: func.func @copies_are_capped
func.func @copies_are_capped(%x: tensor<8x128xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  // CHECK-NEXT:     %[[A:.+]] = hlo.abs %arg0
  // CHECK-NEXT:     hlo.reduce sum %[[A]]
  // CHECK-NEXT:     hlo.reduce max %[[A]]
  // CHECK-COUNT-4:  hlo.fusion kind = input (%{{.+}} = %arg0)
  // CHECK-NOT:      hlo.fusion
  %a = hlo.abs %x : tensor<8x128xf32>
  %s0 = hlo.reduce sum %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %s1 = hlo.reduce max %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %s2 = hlo.reduce min %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %s3 = hlo.reduce product %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %n = hlo.negate %a : tensor<8x128xf32>
  %s4 = hlo.reduce sum %n, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %s5 = hlo.reduce max %n, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %s0, %s1, %s2, %s3, %s4, %s5 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// After tpu-pad: a reduction's result padded to its tile is written padded
// by the reduction's kernel, not by a kernel of its own.
// CHECK-LABEL: func.func @reduction_padded_to_its_tile
func.func @reduction_padded_to_its_tile(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<128xf32, #tpu.layout<{0:T(128)}>> {
  // CHECK-NEXT: %[[F:.+]] = hlo.fusion kind = input (%{{.+}} = %arg0)
  // CHECK-NEXT:   hlo.constant
  // CHECK-NEXT:   hlo.reduce max
  // CHECK-NEXT:   hlo.pad
  // CHECK-NEXT:   hlo.yield
  // CHECK-NEXT: {{^ +}}}{{$}}
  // CHECK-NEXT: return %[[F]]
  %z = hlo.constant dense<0.0> : tensor<f32, #tpu.layout<{:T(256)}>>
  %r = hlo.reduce max %x, dims = [1] : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8xf32, #tpu.layout<{0:T(128)}>>
  %p = hlo.pad %r, %z, low = [0], high = [120], interior = [0] : (tensor<8xf32, #tpu.layout<{0:T(128)}>>, tensor<f32, #tpu.layout<{:T(256)}>>) -> tensor<128xf32, #tpu.layout<{0:T(128)}>>
  return %p : tensor<128xf32, #tpu.layout<{0:T(128)}>>
}

// -----

// A reduction read elsewhere too keeps its result unpadded for that reader:
// the pad stays an op of its own.
// CHECK-LABEL: func.func @padded_reduction_read_twice
func.func @padded_reduction_read_twice(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> (tensor<128xf32, #tpu.layout<{0:T(128)}>>, tensor<8xf32, #tpu.layout<{0:T(128)}>>) {
  // CHECK:      %[[R:.+]] = hlo.reduce max %arg0
  // CHECK-NEXT: hlo.pad %[[R]]
  %z = hlo.constant dense<0.0> : tensor<f32, #tpu.layout<{:T(256)}>>
  %r = hlo.reduce max %x, dims = [1] : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8xf32, #tpu.layout<{0:T(128)}>>
  %p = hlo.pad %r, %z, low = [0], high = [120], interior = [0] : (tensor<8xf32, #tpu.layout<{0:T(128)}>>, tensor<f32, #tpu.layout<{:T(256)}>>) -> tensor<128xf32, #tpu.layout<{0:T(128)}>>
  return %p, %r : tensor<128xf32, #tpu.layout<{0:T(128)}>>, tensor<8xf32, #tpu.layout<{0:T(128)}>>
}

// -----

// max-fusion-ops bounds a fusion's size.
// CHECK-LABEL: func.func @chain
// SMALL-LABEL: func.func @chain
func.func @chain(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // CHECK: hlo.fusion kind = loop
  // CHECK-COUNT-4: hlo.negate
  // CHECK-NOT: hlo.fusion
  // SMALL: %[[A:.+]] = hlo.fusion kind = loop (%{{.+}} = %arg0)
  // SMALL-COUNT-2: hlo.negate
  // SMALL: hlo.fusion kind = loop (%{{.+}} = %[[A]])
  // SMALL-COUNT-2: hlo.negate
  // SMALL-NOT: hlo.negate
  %0 = hlo.negate %x : tensor<8x128xf32>
  %1 = hlo.negate %0 : tensor<8x128xf32>
  %2 = hlo.negate %1 : tensor<8x128xf32>
  %3 = hlo.negate %2 : tensor<8x128xf32>
  return %3 : tensor<8x128xf32>
}

// -----

// A value the function returns and the loop fusion also reads becomes a
// second result of that fusion (XLA's producer-consumer multi-output
// fusion), not a kernel of its own recomputed inside: the velocity of a
// momentum step is written once, and %v is read by one kernel only.
// CHECK-LABEL: func.func @returned_producer
// CHECK:         %[[F:.+]]:2 = hlo.fusion kind = loop
// CHECK:           %[[V:.+]] = hlo.add
// CHECK:           %[[W:.+]] = hlo.subtract
// CHECK:           hlo.yield %[[W]], %[[V]]
// CHECK-NOT:     hlo.fusion
// CHECK:         return %[[F]]#0, %[[F]]#1
func.func @returned_producer(%w: tensor<8x128xf32>, %g: tensor<8x128xf32>, %v: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %v1 = hlo.multiply %v, %v : tensor<8x128xf32>
  %v2 = hlo.add %v1, %g : tensor<8x128xf32>
  %w2 = hlo.subtract %w, %v2 : tensor<8x128xf32>
  return %w2, %v2 : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// A returned producer of another shape (a row the fusion broadcasts) is
// not a result of the same kernel, which iterates over the root's shape:
// it is recomputed inside, and written by an op of its own.
// CHECK-LABEL: func.func @returned_producer_of_another_shape
// CHECK:         %[[E:.+]] = hlo.exponential %arg1 : tensor<128xf32>
// CHECK:         %[[F:.+]] = hlo.fusion kind = loop {{.*}} -> tensor<8x128xf32> {
// CHECK:           hlo.exponential
// CHECK:         return %[[F]], %[[E]]
func.func @returned_producer_of_another_shape(%x: tensor<8x128xf32>, %r: tensor<128xf32>) -> (tensor<8x128xf32>, tensor<128xf32>) {
  %e = hlo.exponential %r : tensor<128xf32>
  %b = hlo.broadcast_in_dim %e, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  %s = hlo.add %x, %b : tensor<8x128xf32>
  return %s, %e : tensor<8x128xf32>, tensor<128xf32>
}

// -----

// Slices and splat-valued edge pads are reads through a shifted, clipped
// window: a stencil x[i-1] + x[i+1] of a computed x is one loop kernel
// that reads x (written by its own kernel) through both windows; x is not
// recomputed there.
// CHECK-LABEL: func.func @stencil
// CHECK: %[[X:.+]] = hlo.exponential %arg0
// CHECK: hlo.fusion kind = loop (%{{.+}} = %[[X]])
// CHECK-NOT: hlo.exponential
// CHECK-DAG:   hlo.slice %{{.+}} [0:7]
// CHECK-DAG:   hlo.slice %{{.+}} [1:8]
// CHECK-DAG:   hlo.pad %{{.+}} low = [1], high = [0]
// CHECK-DAG:   hlo.pad %{{.+}} low = [0], high = [1]
// CHECK:       hlo.add
// CHECK-NOT: hlo.slice
// CHECK: return
func.func @stencil(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %x = hlo.exponential %a : tensor<8xf32>
  %y = hlo.multiply %x, %b : tensor<8xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %l = hlo.slice %x [0:7] : (tensor<8xf32>) -> tensor<7xf32>
  %left = hlo.pad %l, %zero, low = [1], high = [0], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
  %r = hlo.slice %x [1:8] : (tensor<8xf32>) -> tensor<7xf32>
  %right = hlo.pad %r, %zero, low = [0], high = [1], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
  %s = hlo.add %left, %right : tensor<8xf32>
  return %s, %y : tensor<8xf32>, tensor<8xf32>
}

// -----

// A pad whose value is computed at run time is not a window read: it stays
// a kernel of its own.
// CHECK-LABEL: func.func @pad_with_argument_value
// CHECK: %[[P:.+]] = hlo.pad %arg0, %arg1
// CHECK-NEXT: hlo.exponential %[[P]]
func.func @pad_with_argument_value(%x: tensor<7xf32>, %v: tensor<f32>) -> tensor<8xf32> {
  %p = hlo.pad %x, %v, low = [1], high = [0], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
  %e = hlo.exponential %p : tensor<8xf32>
  return %e : tensor<8xf32>
}
