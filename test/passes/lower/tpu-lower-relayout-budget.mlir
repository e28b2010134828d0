// RUN: tpu-compile %s --target=v4 --compile-to=lower -o - | FileCheck %s --check-prefix=V4
// RUN: tpu-compile %s --target=v3 --compile-to=lower -o - | FileCheck %s --check-prefix=V3

// A relayout kernel's blocks take up to three quarters of VMEM (it holds
// nothing but its two slots per side). Flattening [8, 331, 512] f32 (stored
// [331, 8, 512]) moves runs of 512 elements (one row) or 331 * 512 (a whole
// image: 331 is prime, nothing lies between). The image run, double-
// buffered with the 8 images in sublanes, needs 21.7 MB: more than half of
// v4's 32 MiB, less than three quarters, so v4 moves whole images (two per
// step, as many as keep a block under 2^18 elements); v3's 16 MiB takes
// rows of all 8.
// V4-LABEL: func.func @main
// V4:         tpu.kernel "reshape_0"
// V4:           tpu.dma_start %arg0[{{.*}}], %{{.+}}[{{.*}}], %{{.+}}, sizes = [331, 2, 512] : memref<331x8x512xf32, #tpu.memory_space<hbm>>, memref<331x2x512xf32, #tpu.memory_space<vmem>>
// V4:           tpu.relayout %{{.+}} -> %{{.+}} {{.*}} -> memref<2x169472xf32, #tpu.memory_space<vmem>>
// V3-LABEL: func.func @main
// V3:         tpu.kernel "reshape_0"
// V3:           tpu.dma_start %arg0[{{.*}}], %{{.+}}[{{.*}}], %{{.+}}, sizes = [1, 8, 512] : memref<331x8x512xf32, #tpu.memory_space<hbm>>, memref<1x8x512xf32, #tpu.memory_space<vmem>>
// V3:           tpu.relayout %{{.+}} -> %{{.+}} {{.*}} -> memref<8x512xf32, #tpu.memory_space<vmem>>
func.func @main(%x: tensor<8x331x512xf32>) -> tensor<8x169472xf32> {
  %r = hlo.reshape %x : (tensor<8x331x512xf32>) -> tensor<8x169472xf32>
  return %r : tensor<8x169472xf32>
}
