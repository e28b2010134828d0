// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -tpu-assign-buffers | FileCheck %s
// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -tpu-assign-buffers=top=2 -tpu-memory-report -o /dev/null | FileCheck %s --check-prefix=REPORT

// The list scheduler runs each reduction right after its input, so the two
// 8K temporaries are never live together and share offset 0. The peak (9.0K)
// is the second temporary with both 512-byte results. The exponential
// and the multiply write into the buffer of the operand they use last.
// CHECK-LABEL: func.func @schedule
// CHECK:         %[[A:.+]] = hlo.exponential %arg0 {tpu.hbm_offsets = array<i64: 0>}
// CHECK:         %[[A2:.+]] = hlo.multiply %[[A]], %[[A]] {tpu.hbm_offsets = array<i64: 0>}
// CHECK:         hlo.reduce sum %[[A2]], dims = [1] {tpu.hbm_offsets = array<i64: 8192>}
// CHECK:         %[[B:.+]] = hlo.exponential %arg1 {tpu.hbm_offsets = array<i64: 0>}
// CHECK:         hlo.reduce sum %[[B]], dims = [1] {tpu.hbm_offsets = array<i64: 8704>}
// REPORT-LABEL:  @schedule on v3: uses 25.0K of 15.48G hbm.
// REPORT:        Total hbm usage >= 530.02M:
// REPORT-NEXT:       reserved        530.00M
// REPORT-NEXT:       program            9.0K
// REPORT-NEXT:       arguments         16.0K
// REPORT-EMPTY:
// REPORT-NEXT:   Output size 1.0K; shares 0B with arguments.
// REPORT-EMPTY:
// REPORT-NEXT:   Program hbm requirement 9.0K:
// REPORT-NEXT:       HLO temp           9.0K (44.3% utilization: Unpadded (4.0K) Padded (9.0K), 0.0% fragmentation (0B))
// REPORT:          1. Size: 8.0K
// REPORT-NEXT:        Shape: f32[10,100]{1,0:T(8,128)}
// REPORT-NEXT:        Unpadded size: 3.9K
// REPORT-NEXT:        Extra memory due to padding: 4.1K (2.0x expansion)
// REPORT-NEXT:        XLA label: %0 = hlo.exponential %arg0 : tensor<10x100xf32, #tpu.layout<{1,0:T(8,128)}>>
// REPORT-NEXT:        Allocation type: HLO temp
// REPORT-NEXT:        ==========================
// REPORT-EMPTY:
// REPORT-NEXT:     2. Size: 8.0K
func.func @schedule(%x: tensor<10x100xf32>, %y: tensor<10x100xf32>) -> (tensor<10xf32>, tensor<10xf32>) {
  %a = hlo.exponential %x : tensor<10x100xf32>
  %b = hlo.exponential %y : tensor<10x100xf32>
  %a2 = hlo.multiply %a, %a : tensor<10x100xf32>
  %ra = hlo.reduce sum %a2, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  %rb = hlo.reduce sum %b, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  return %ra, %rb : tensor<10xf32>, tensor<10xf32>
}

// -----

// Constants live in the global region before the heap; a returned argument
// is output that shares its bytes with the arguments.
// CHECK-LABEL: func.func @globals
// CHECK:         hlo.constant {tpu.hbm_offsets = array<i64: 0>}
// CHECK:         hlo.add {{.*}} {tpu.hbm_offsets = array<i64: 4096>}
// REPORT-LABEL:  @globals on v3
// REPORT:        Output size 8.0K; shares 4.0K with arguments.
// REPORT-EMPTY:
// REPORT-NEXT:   Program hbm requirement 8.0K:
// REPORT-NEXT:       global             4.0K
// REPORT-NEXT:       HLO temp           4.0K
// REPORT:          1. Size: 4.0K
// REPORT:             Allocation type: constant
// REPORT:          2. Size: 4.0K
// REPORT:             Allocation type: output
func.func @globals(%x: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %c = hlo.constant dense<1.0> : tensor<8x128xf32>
  %r = hlo.add %x, %c : tensor<8x128xf32>
  return %r, %x : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// A loop fusion writes into the buffer of an operand it reads element for
// element and reads last (%a here); not into one it reads through a
// broadcast. A dense constant inside a fusion lives in the global region,
// with its own offset; splats are immediates.
// CHECK-LABEL: func.func @fusions
// CHECK:         %[[A:.+]] = hlo.exponential %arg0 {tpu.hbm_offsets = array<i64: 512>}
// CHECK:         %[[F:.+]] = hlo.fusion kind = loop (%{{.+}} = %[[A]], %{{.+}} = %arg1) attributes {tpu.hbm_offsets = array<i64: 512>}
// CHECK:           hlo.constant {tpu.hbm_offsets = array<i64: 0>} dense<[1.000000e+00, 2.000000e+00
// CHECK:         %[[G:.+]] = hlo.fusion kind = loop (%{{.+}} = %arg1) attributes {tpu.hbm_offsets = array<i64: 4608>}
func.func @fusions(%x: tensor<8x128xf32>, %v: tensor<8xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %a = hlo.exponential %x : tensor<8x128xf32>
  %f = hlo.fusion kind = loop (%p = %a, %q = %v) : (tensor<8x128xf32>, tensor<8xf32>) -> tensor<8x128xf32> {
    %c = hlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
    %s = hlo.add %q, %c : tensor<8xf32>
    %b = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
    %m = hlo.multiply %p, %b : tensor<8x128xf32>
    hlo.yield %m : tensor<8x128xf32>
  }
  %g = hlo.fusion kind = loop (%q = %v) : (tensor<8xf32>) -> tensor<8x128xf32> {
    %b = hlo.broadcast_in_dim %q, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
    hlo.yield %b : tensor<8x128xf32>
  }
  return %f, %g : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// A loop fusion writes over an operand only when it reads it element for
// element into the same bytes. @through_slices negates %a, then slices the
// negation: its first output block would overwrite rows a later block
// reads, so the fusion gets a buffer of its own, though %a dies there and
// has its size. @elementwise's fusion takes %a's buffer.
// CHECK-LABEL: func.func @through_slices
// CHECK:         hlo.exponential %arg0 {tpu.hbm_offsets = array<i64: 0>}
// CHECK:         hlo.fusion kind = loop (%{{.+}}) attributes {tpu.hbm_offsets = array<i64: 8192>}
func.func @through_slices(%x: tensor<16x128xf32>) -> tensor<8x256xf32> {
  %a = hlo.exponential %x : tensor<16x128xf32>
  %s = hlo.fusion kind = loop (%p = %a) : (tensor<16x128xf32>) -> tensor<8x256xf32> {
    %n = hlo.negate %p : tensor<16x128xf32>
    %l = hlo.slice %n [0:8, 0:128] : (tensor<16x128xf32>) -> tensor<8x128xf32>
    %h = hlo.slice %n [8:16, 0:128] : (tensor<16x128xf32>) -> tensor<8x128xf32>
    %c = hlo.concatenate %h, %l, dim = 1 : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x256xf32>
    hlo.yield %c : tensor<8x256xf32>
  }
  return %s : tensor<8x256xf32>
}

// -----

// CHECK-LABEL: func.func @elementwise
// CHECK:         hlo.exponential %arg0 {tpu.hbm_offsets = array<i64: 0>}
// CHECK:         hlo.fusion kind = loop (%{{.+}}) attributes {tpu.hbm_offsets = array<i64: 0>}
func.func @elementwise(%x: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %a = hlo.exponential %x : tensor<16x128xf32>
  %e = hlo.fusion kind = loop (%p = %a) : (tensor<16x128xf32>) -> tensor<16x128xf32> {
    %n = hlo.negate %p : tensor<16x128xf32>
    %m = hlo.multiply %n, %p : tensor<16x128xf32>
    hlo.yield %m : tensor<16x128xf32>
  }
  return %e : tensor<16x128xf32>
}
