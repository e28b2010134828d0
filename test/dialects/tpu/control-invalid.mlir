// RUN: tpu-opt %s -split-input-file -verify-diagnostics
// One case per rule of the program-control ops (docs/dialects/tpu.md).

// copy_c1
func.func @copy_types(%a: memref<8x128xf32, #tpu.memory_space<hbm>>, %b: memref<8x128xi32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.copy' op failed to verify that all of {src, dst} have same type}}
  "tpu.copy"(%a, %b) : (memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xi32, #tpu.memory_space<hbm>>) -> ()
  return
}

// -----

// copy_c2
func.func @copy_vmem(%a: memref<8x128xf32, #tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tpu.copy' op the source must be in hbm, but has type 'memref<8x128xf32, #tpu.memory_space<vmem>>'}}
  tpu.copy %a, %a : memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

// control_c1
func.func @copy_in_kernel(%a: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    // expected-error @+1 {{'tpu.copy' op runs between kernels, not inside a tpu.kernel}}
    tpu.copy %a, %a : memref<8x128xf32, #tpu.memory_space<hbm>>
  }
  return
}

// -----

// while_c1
func.func @while_body(%p: memref<1xi32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.while' op body must end in tpu.yield}}
  "tpu.while"() ({
    tpu.condition %p : memref<1xi32, #tpu.memory_space<hbm>>
  }, {
    tpu.condition %p : memref<1xi32, #tpu.memory_space<hbm>>
  }) : () -> ()
  return
}

// -----

// while_c1, the condition
func.func @while_cond() {
  // expected-error @+1 {{'tpu.while' op cond must end in tpu.condition}}
  "tpu.while"() ({
    tpu.yield
  }, {
    tpu.yield
  }) : () -> ()
  return
}

// -----

// condition_c1
func.func @condition_float(%p: memref<1xf32, #tpu.memory_space<hbm>>) {
  tpu.while {
    // expected-error @+1 {{'tpu.condition' op the predicate must hold integers of at most 32 bits, but has type 'memref<1xf32, #tpu.memory_space<hbm>>'}}
    tpu.condition %p : memref<1xf32, #tpu.memory_space<hbm>>
  } do {
    tpu.yield
  }
  return
}

// -----

// case_c1
func.func @case_empty(%i: memref<i32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.case' op has no branches; it runs one of at least one}}
  "tpu.case"(%i) : (memref<i32, #tpu.memory_space<hbm>>) -> ()
  return
}

// -----

// case_c2
func.func @case_smem(%i: memref<1xi32, #tpu.memory_space<smem>>) {
  // expected-error @+1 {{'tpu.case' op the index must be in hbm, but has type 'memref<1xi32, #tpu.memory_space<smem>>'}}
  tpu.case %i : memref<1xi32, #tpu.memory_space<smem>> {
    tpu.yield
  }
  return
}

// -----

// control_c1, a loop
func.func @while_in_kernel(%p: memref<1xi32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    // expected-error @+1 {{'tpu.while' op runs between kernels, not inside a tpu.kernel}}
    tpu.while {
      tpu.condition %p : memref<1xi32, #tpu.memory_space<hbm>>
    } do {
      tpu.yield
    }
  }
  return
}

// -----

// collective_c1
func.func @collective_vmem(%a: memref<8x128xf32, #tpu.memory_space<hbm>>, %b: memref<8x128xf32, #tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tpu.collective' op the destination must be in hbm, but has type 'memref<8x128xf32, #tpu.memory_space<vmem>>'}}
  tpu.collective "all_reduce" from %a : memref<8x128xf32, #tpu.memory_space<hbm>> into %b {src_type = tensor<8x128xf32>, dst_type = tensor<8x128xf32>, params = {}} : memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

// collective_c1
func.func @collective_source_vmem(%a: memref<8x128xf32, #tpu.memory_space<vmem>>, %b: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.collective' op the source must be in hbm, but has type 'memref<8x128xf32, #tpu.memory_space<vmem>>'}}
  tpu.collective "all_reduce" from %a : memref<8x128xf32, #tpu.memory_space<vmem>> into %b {src_type = tensor<8x128xf32>, dst_type = tensor<8x128xf32>, params = {}} : memref<8x128xf32, #tpu.memory_space<hbm>>
  return
}

// -----

// control_c1
func.func @collective_in_kernel(%a: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    // expected-error @+1 {{'tpu.collective' op runs between kernels, not inside a tpu.kernel}}
    tpu.collective "device_id" into %a {dst_type = tensor<8x128xf32>, params = {}} : memref<8x128xf32, #tpu.memory_space<hbm>>
  }
  return
}

// -----

// collective_c2
func.func @collective_kind(%a: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.collective' op kind 'broadcast' is none of all_reduce, all_gather, reduce_scatter, all_to_all, collective_permute, device_id}}
  tpu.collective "broadcast" from %a : memref<8x128xf32, #tpu.memory_space<hbm>> into %a {src_type = tensor<8x128xf32>, dst_type = tensor<8x128xf32>, params = {}} : memref<8x128xf32, #tpu.memory_space<hbm>>
  return
}

// -----

// collective_c3
func.func @collective_no_source(%a: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.collective' op needs a source and its src_type}}
  tpu.collective "all_reduce" into %a {dst_type = tensor<8x128xf32>, params = {}} : memref<8x128xf32, #tpu.memory_space<hbm>>
  return
}

// -----

// collective_c3
func.func @collective_id_source(%a: memref<ui32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.collective' op takes no source}}
  tpu.collective "device_id" from %a : memref<ui32, #tpu.memory_space<hbm>> into %a {src_type = tensor<ui32>, dst_type = tensor<ui32>, params = {}} : memref<ui32, #tpu.memory_space<hbm>>
  return
}
