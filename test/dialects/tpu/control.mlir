// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @loop
// CHECK: tpu.copy %{{.*}}, %[[C:.*]] : memref<8x128xf32, #tpu.memory_space<hbm>>
// CHECK: tpu.while attributes {trip_count = 4 : i64} {
// CHECK: tpu.kernel "cond"
// CHECK: tpu.condition %{{.*}} : memref<1xi32, #tpu.memory_space<hbm>>
// CHECK-NEXT: } do {
// CHECK: tpu.kernel "body"
// CHECK: tpu.yield
func.func @loop(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  %c = tpu.hbm_buffer offset 0 : memref<8x128xf32, #tpu.memory_space<hbm>>
  %p = tpu.hbm_buffer offset 4096 : memref<1xi32, #tpu.memory_space<hbm>>
  tpu.copy %x, %c : memref<8x128xf32, #tpu.memory_space<hbm>>
  tpu.while attributes {trip_count = 4 : i64} {
    tpu.kernel "cond" {
    }
    tpu.condition %p : memref<1xi32, #tpu.memory_space<hbm>>
  } do {
    tpu.kernel "body" {
    }
    tpu.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @branch
// CHECK: tpu.case %arg0 : memref<i1, #tpu.memory_space<hbm>> {
// CHECK-NEXT: tpu.yield
// CHECK-NEXT: }, {
// CHECK: tpu.kernel "taken"
func.func @branch(%p: memref<i1, #tpu.memory_space<hbm>>) {
  tpu.case %p : memref<i1, #tpu.memory_space<hbm>> {
    tpu.yield
  }, {
    tpu.kernel "taken" {
    }
    tpu.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @collective
// CHECK: tpu.collective "all_gather" from %{{.*}} : memref<8x128xf32, #tpu.memory_space<hbm>> into %{{.*}} {dst_type = tensor<16x128xf32>, params = {dimension = 0 : i64, groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}, src_type = tensor<8x128xf32>} : memref<16x128xf32, #tpu.memory_space<hbm>>
// CHECK: tpu.collective "device_id" into %{{.*}} {dst_type = tensor<ui32>, params = {}} : memref<ui32, #tpu.memory_space<hbm>>
func.func @collective(%a: memref<8x128xf32, #tpu.memory_space<hbm>>, %b: memref<16x128xf32, #tpu.memory_space<hbm>>, %c: memref<ui32, #tpu.memory_space<hbm>>) {
  tpu.collective "all_gather" from %a : memref<8x128xf32, #tpu.memory_space<hbm>> into %b {src_type = tensor<8x128xf32>, dst_type = tensor<16x128xf32>, params = {dimension = 0 : i64, groups = dense<[[0, 1]]> : tensor<1x2xi64>}} : memref<16x128xf32, #tpu.memory_space<hbm>>
  tpu.collective "device_id" into %c {dst_type = tensor<ui32>, params = {}} : memref<ui32, #tpu.memory_space<hbm>>
  return
}
