// tpu-compile and tpu-run take TOSA directly: the import heads the pipeline.
// RUN: split-file %s %t
// RUN: tpu-compile %t/ok.mlir -o %t/ok.tpu
// RUN: tpu-run %t/ok.tpu --input=2x3xf32=1 | FileCheck %s --check-prefix=OK
// OK: result[0]: 2x3xf32=[0.5 0.5 0.5][0.5 0.5 0.5]
// RUN: tpu-compile %t/ok.mlir --compile-to=simplify -o - | FileCheck %s --check-prefix=IR
// IR-NOT: tosa.
// IR: hlo.multiply
// An op without a conversion: one located error, exit status 1, no output.
// RUN: sh -c 'tpu-compile %t/pool.mlir -o %t/pool.tpu 2> %t/pool.err; test $? -eq 1'
// RUN: FileCheck %s --check-prefix=POOL < %t/pool.err
// RUN: test ! -e %t/pool.tpu
// POOL: pool.mlir:3:8: error: tosa.avg_pool2d is not supported by the TPU compiler: its input zero point is not a constant
// POOL-NOT: error

//--- ok.mlir
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %h = "tosa.const"() {values = dense<0.5> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %y = tosa.mul %x, %h, %shift : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

//--- pool.mlir
func.func @main(%x: tensor<1x4x4x8xf32>, %zp: tensor<1xf32>) -> tensor<1x2x2x8xf32> {
  %x2 = tosa.abs %x : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %y = tosa.avg_pool2d %x2, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x4x4x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x8xf32>
  return %y : tensor<1x2x2x8xf32>
}
