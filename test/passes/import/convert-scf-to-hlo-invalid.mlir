// RUN: tpu-opt %s -split-input-file -verify-diagnostics -convert-tosa-to-hlo -convert-scf-to-hlo

func.func @for_bounds(%x: tensor<i32>, %n: index) -> tensor<i32> {
  %lb = arith.constant 0 : index
  %step = arith.constant 1 : index
  // expected-error@+1 {{scf.for is not supported by the TPU compiler: its bounds and step are not constants}}
  %r = scf.for %iv = %lb to %n step %step iter_args(%a = %x) -> (tensor<i32>) {
    scf.yield %a : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

func.func @for_wide(%x: tensor<i32>) -> tensor<i32> {
  %lb = arith.constant 0 : index
  %ub = arith.constant 4294967296 : index
  %step = arith.constant 1 : index
  // expected-error@+1 {{scf.for is not supported by the TPU compiler: its bounds and step do not fit in i32}}
  %r = scf.for %iv = %lb to %ub step %step iter_args(%a = %x) -> (tensor<i32>) {
    scf.yield %a : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

func.func @for_index_use(%x: tensor<8xf32>) -> tensor<8xf32> {
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %step = arith.constant 1 : index
  // expected-error@+1 {{scf.for is not supported by the TPU compiler: its induction variable is read other than as a tensor<i32> (arith.index_cast to i32, then tensor.from_elements)}}
  %r = scf.for %iv = %lb to %ub step %step iter_args(%a = %x) -> (tensor<8xf32>) {
    %i = arith.index_cast %iv : index to i64
    scf.yield %a : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @if_scalar(%c: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{scf.if is not supported by the TPU compiler: it carries a scalar that is not computed from tensors (tensor.extract of a rank-0 tensor, constants, and scalar arith on them)}}
  %r = scf.if %c -> (tensor<4xf32>) {
    scf.yield %x : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_scalar_op(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+1 {{scf.while is not supported by the TPU compiler: it carries a scalar that is not computed from tensors (tensor.extract of a rank-0 tensor, constants, and scalar arith on them)}}
  %r = scf.while (%v = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %s = tensor.extract %n[] : tensor<i32>
    %c2 = arith.constant 2 : i32
    %q = arith.divsi %s, %c2 : i32
    %c0 = arith.constant 0 : i32
    %c = arith.cmpi sgt, %q, %c0 : i32
    %w = tosa.abs %v : (tensor<4xf32>) -> tensor<4xf32>
    scf.condition(%c) %w : tensor<4xf32>
  } do {
  ^bb0(%v: tensor<4xf32>):
    scf.yield %v : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_index(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{scf.while is not supported by the TPU compiler: it carries a value of type 'index', which has no tensor form}}
  %r:2 = scf.while (%v = %x, %i = %c0) : (tensor<4xf32>, index) -> (tensor<4xf32>, index) {
    %c = tensor.extract %p[] : tensor<i1>
    scf.condition(%c) %v, %i : tensor<4xf32>, index
  } do {
  ^bb0(%v: tensor<4xf32>, %i: index):
    scf.yield %v, %i : tensor<4xf32>, index
  }
  return %r#0 : tensor<4xf32>
}

// -----

func.func @for_scalar(%x: i32) -> i32 {
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %step = arith.constant 1 : index
  // expected-error@+1 {{scf.for is not supported by the TPU compiler: it carries a scalar; carry a rank-0 tensor}}
  %r = scf.for %iv = %lb to %ub step %step iter_args(%a = %x) -> (i32) {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @branches(%p: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cf.cond_br is not supported by the TPU compiler: unstructured control flow has no hlo form; write structured control flow (stablehlo.while/if/case, tosa.while_loop/cond_if, scf.while/if/for), or lift it with mlir-opt --lift-cf-to-scf}}
  cf.cond_br %p, ^a, ^b
^a:
  return %x : tensor<4xf32>
^b:
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}
