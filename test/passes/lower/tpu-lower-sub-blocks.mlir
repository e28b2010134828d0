// RUN: tpu-opt %s -split-input-file --tpu-compile="compile-to=lower target=v3" | FileCheck %s
// Sub-block pipelining (passes/lower/SubBlocks.cpp): a plain matmul's
// first block arrives in K pieces, each on its own semaphore, and the MXU
// multiplies each piece once it is waited for; the last block's last K
// piece is multiplied in N pieces, each drained to HBM at once.

// One 512^3 bf16 block on v3 (two 128x128 MXUs): four K pieces of 128
// (four folds each), the last in two N pieces of 256.
// CHECK-LABEL: func.func @pieces
// CHECK-COUNT-4: tpu.sem_alloc
// CHECK: tpu.dma_start %arg0[%c0, %c0], %[[A:.+]][%c0, %c0], %[[S0:.+]], sizes = [512, 128]
// CHECK: tpu.dma_start %arg1[%c0, %c0], %[[B:.+]][%c0, %c0], %[[S0]], sizes = [128, 512]
// CHECK: tpu.dma_start %arg0[%c0, %c128], %[[A]][%c0, %c128], %[[S1:.+]], sizes = [512, 128]
// CHECK: tpu.dma_start %arg1[%c128, %c0], %[[B]][%c128, %c0], %[[S1]], sizes = [128, 512]
// CHECK: tpu.dma_wait %[[S0]]
// CHECK-NEXT: tpu.matmul %[[A]], %[[B]], %[[ACC:.+]] precision = default window [0, 0, 0] x [512, 128, 512]
// CHECK-NEXT: tpu.dma_wait %[[S1]]
// CHECK-NEXT: tpu.matmul %[[A]], %[[B]], %[[ACC]] accumulate precision = default window [0, 128, 0] x [512, 128, 512]
// CHECK: tpu.matmul %[[A]], %[[B]], %[[ACC]] accumulate precision = default window [0, 384, 0] x [512, 128, 256]
// CHECK-NEXT: tpu.dma_start %[[ACC]][%c0, %c0], %{{.+}}[%c0, %c0], %{{.+}}, sizes = [512, 256]
// CHECK-NEXT: tpu.matmul %[[A]], %[[B]], %[[ACC]] accumulate precision = default window [0, 384, 256] x [512, 128, 256]
// CHECK-NEXT: tpu.dma_start %[[ACC]][%c0, %c256], %{{.+}}[%c0, %c256], %{{.+}}, sizes = [512, 256]
func.func @pieces(%x: tensor<512x512xbf16>, %w: tensor<512x512xbf16>) -> tensor<512x512xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<512x512xbf16>, tensor<512x512xbf16>) -> tensor<512x512xf32>
  return %y : tensor<512x512xf32>
}

// -----

// A bias and tanh after the product are computed on the whole block: no
// pieces (the epilogue would need windows of its own).
// CHECK-LABEL: func.func @epilogue
// CHECK: tpu.kernel "fusion"
// CHECK-NOT: window
// CHECK: tpu.matmul
// CHECK-NOT: window
func.func @epilogue(%x: tensor<512x512xf32>, %w: tensor<512x512xf32>, %b: tensor<512xf32>) -> tensor<512x512xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<512x512xf32>
  %z = hlo.add %y, %bb : tensor<512x512xf32>
  %r = hlo.tanh %z : tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

// -----

// K = N = 128: one MXU pass, nothing to split.
// CHECK-LABEL: func.func @one_pass
// CHECK: tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} precision = default :
// CHECK-NOT: window
func.func @one_pass(%x: tensor<256x128xbf16>, %w: tensor<128x128xbf16>) -> tensor<256x128xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x128xbf16>, tensor<128x128xbf16>) -> tensor<256x128xf32>
  return %y : tensor<256x128xf32>
}
