// RUN: tpu-opt %s -split-input-file -verify-diagnostics
// One case per rule of while, if and case (docs/dialects/hlo.md).

// while_c1
func.func @while_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while' op results ('tensor<4xf16>') must have the loop-carried types ('tensor<4xf32>')}}
  %0 = "hlo.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %p = hlo.constant dense<false> : tensor<i1>
    hlo.yield %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<4xf32>):
    hlo.yield %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

// while_c2
func.func @while_cond_params(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while' op cond takes ('tensor<4xi32>') but must take the loop-carried values ('tensor<4xf32>')}}
  %0 = "hlo.while"(%x) ({
  ^bb0(%a: tensor<4xi32>):
    %p = hlo.constant dense<false> : tensor<i1>
    hlo.yield %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<4xf32>):
    hlo.yield %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// while_c2, the body
func.func @while_body_params(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while' op body takes () but must take the loop-carried values ('tensor<4xf32>')}}
  %0 = "hlo.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %p = hlo.constant dense<false> : tensor<i1>
    hlo.yield %p : tensor<i1>
  }, {
    hlo.yield %x : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// while_c3
func.func @while_cond_yield(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while' op cond yields ('tensor<4xi1>') but must yield ('tensor<i1>')}}
  %0 = hlo.while(%a = %x) : tensor<4xf32>
   cond {
    %p = hlo.constant dense<false> : tensor<4xi1>
    hlo.yield %p : tensor<4xi1>
  } do {
    hlo.yield %a : tensor<4xf32>
  }
  return
}

// -----

// while_c4
func.func @while_body_yield(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while' op body yields () but must yield ('tensor<4xf32>')}}
  %0 = hlo.while(%a = %x) : tensor<4xf32>
   cond {
    %p = hlo.constant dense<false> : tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    hlo.yield
  }
  return
}

// -----

func.func @while_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected 2 types, one per loop-carried value}}
  %0:2 = hlo.while(%a = %x, %b = %x) : tensor<4xf32>
   cond {
    %p = hlo.constant dense<false> : tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    hlo.yield %a, %b : tensor<4xf32>, tensor<4xf32>
  }
  return
}

// -----

// The predicate is a tensor<i1>.
func.func @if_pred(%p: tensor<2xi1>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.if' op operand #0 must be 0D tensor of 1-bit signless integer values, but got 'tensor<2xi1>'}}
  %0 = "hlo.if"(%p) ({
    hlo.yield %x : tensor<4xf32>
  }, {
    hlo.yield %x : tensor<4xf32>
  }) : (tensor<2xi1>) -> tensor<4xf32>
  return
}

// -----

// if_c1
func.func @if_params(%p: tensor<i1>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.if' op branch #1 takes 1 arguments but branches take none}}
  %0 = "hlo.if"(%p) ({
    hlo.yield %x : tensor<4xf32>
  }, {
  ^bb0(%a: tensor<4xf32>):
    hlo.yield %a : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return
}

// -----

// if_c2
func.func @if_yield(%p: tensor<i1>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.if' op branch #0 yields ('tensor<4xf32>') but must yield ('tensor<4xf16>')}}
  %0 = hlo.if %p -> (tensor<4xf16>) {
    hlo.yield %x : tensor<4xf32>
  } else {
    hlo.yield %x : tensor<4xf32>
  }
  return
}

// -----

// The index is a tensor<i32>.
func.func @case_index(%i: tensor<i64>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.case' op operand #0 must be 0D tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
  %0 = "hlo.case"(%i) ({
    hlo.yield %x : tensor<4xf32>
  }) : (tensor<i64>) -> tensor<4xf32>
  return
}

// -----

// case_c1
func.func @case_empty(%i: tensor<i32>) {
  // expected-error @+1 {{'hlo.case' op has no branches; a case runs one of at least one}}
  "hlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

// case_c2
func.func @case_params(%i: tensor<i32>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.case' op branch #0 takes 1 arguments but branches take none}}
  %0 = "hlo.case"(%i) ({
  ^bb0(%a: tensor<4xf32>):
    hlo.yield %a : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return
}

// -----

// case_c3
func.func @case_yield(%i: tensor<i32>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.case' op branch #1 yields () but must yield ('tensor<4xf32>')}}
  %0 = hlo.case %i -> (tensor<4xf32>) {
    hlo.yield %x : tensor<4xf32>
  }, {
    hlo.yield
  }
  return
}

// -----

// while_call_c1
func.func private @c(%a: tensor<4xf32>) -> tensor<i1>
func.func private @b(%a: tensor<4xf32>) -> tensor<4xf32>
func.func @while_call_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while_call' op results ('tensor<4xf16>') must have the loop-carried types ('tensor<4xf32>')}}
  %0 = hlo.while_call @c, @b(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

// while_call_c2
func.func private @c(%a: tensor<4xf32>) -> tensor<4xi1>
func.func private @b(%a: tensor<4xf32>) -> tensor<4xf32>
func.func @while_call_cond(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while_call' op cond @c has type '(tensor<4xf32>) -> tensor<4xi1>' but must be '(tensor<4xf32>) -> tensor<i1>'}}
  %0 = hlo.while_call @c, @b(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// while_call_c2: the condition exists.
func.func private @b(%a: tensor<4xf32>) -> tensor<4xf32>
func.func @while_call_no_cond(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.while_call' op cond @missing is not a function of the module}}
  %0 = hlo.while_call @missing, @b(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// while_call_c3: the body takes the carried values, then the invariants.
func.func private @c(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<i1>
func.func private @b(%a: tensor<4xf32>) -> tensor<4xf32>
func.func @while_call_body(%x: tensor<4xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{'hlo.while_call' op body @b has type '(tensor<4xf32>) -> tensor<4xf32>' but must be '(tensor<4xf32>, tensor<i32>) -> tensor<4xf32>'}}
  %0 = hlo.while_call @c, @b(%x) invariants(%n) : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

// case_call_c1
func.func @case_call_empty(%i: tensor<i32>) {
  // expected-error @+1 {{'hlo.case_call' op has no branches; it calls one of at least one}}
  hlo.case_call %i [] () : (tensor<i32>) -> ()
  return
}

// -----

// case_call_c2
func.func private @f() -> ()
func.func @case_call_i1(%p: tensor<i1>) {
  // expected-error @+1 {{'hlo.case_call' op has an i1 index and 3 branches; an i1 selects one of two}}
  hlo.case_call %p [@f, @f, @f] () : (tensor<i1>) -> ()
  return
}

// -----

// case_call_c3
func.func private @f(%x: tensor<4xf32>) -> tensor<4xf32>
func.func private @g(%x: tensor<4xf32>) -> tensor<4xi32>
func.func @case_call_branch(%i: tensor<i32>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.case_call' op branch #1 @g has type '(tensor<4xf32>) -> tensor<4xi32>' but must be '(tensor<4xf32>) -> tensor<4xf32>'}}
  %0 = hlo.case_call %i [@f, @g](%x) : (tensor<i32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
