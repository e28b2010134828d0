// The stablehlo verifiers of ops with regions (while, if, case,
// select_and_scatter), each rule at its location.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @while_cond_args(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{(while_c1) cond must take the operands' types 'tensor<i32>', but takes 'tensor<f32>'}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<f32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_cond_result(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{(while_c1) cond must return 'tensor<i1>', but returns 'tensor<1xi1>'}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<1xi1>
    stablehlo.return %p : tensor<1xi1>
  }, {
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_body_args(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{(while_c2) body must take the operands' types 'tensor<i32>', but takes 'tensor<2xi32>'}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<2xi32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_body_results(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{(while_c2) body must return 'tensor<i32>', but returns 'tensor<i32>', 'tensor<i32>'}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a, %a : tensor<i32>, tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_results(%x: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{(while_c3) results must have the operands' types 'tensor<i32>', but have 'tensor<f32>'}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @while_no_return(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{(while_c1) cond must end in stablehlo.return}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    func.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @if_branch_args(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(if_c1) branch #1 must take no arguments, but takes 1}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_branch_results(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{(if_c2, c3) branch #1 must return 'tensor<f32>', but returns 'tensor<i32>'}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %y : tensor<i32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_pred(%p: tensor<2xi1>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{pred must be tensor<i1>, but is 'tensor<2xi1>'}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %x : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_index(%i: tensor<i64>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{index must be tensor<i32>, but is 'tensor<i64>'}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_no_branch(%i: tensor<i32>) {
  // expected-error @+1 {{(case_c1) needs at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_branch_results(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(case_c3, c4) branch #1 must return 'tensor<f32>', but returns }}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_branch_args(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(case_c2) branch #0 must take no arguments, but takes 1}}
  %0 = "stablehlo.case"(%i) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @select_and_scatter_source(%x: tensor<4x4xf32>, %s: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{(select_and_scatter_c2) the source must be 'tensor<2x2xf32>', one element per window, but is 'tensor<2x3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_init(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<1xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{(select_and_scatter_c3) init_value must be 'tensor<f32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<1xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_result(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xbf16> {
  // expected-error @+1 {{(select_and_scatter_c11, c12) the result must have the operand's type 'tensor<4x4xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xbf16>
  return %0 : tensor<4x4xbf16>
}

// -----

func.func @select_and_scatter_scatter(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{(select_and_scatter_c10) scatter must have type (tensor<f32>, tensor<f32>) -> tensor<f32>}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.constant dense<0> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
