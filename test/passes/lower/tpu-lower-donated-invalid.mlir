// RUN: tpu-opt %s -split-input-file -verify-diagnostics -tpu-lower

// tpu-lower writes a result that tpu-assign-buffers gave a donated
// argument's buffer into that argument; an argument that does not exist,
// or holds another type, is a located error.
!t = tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>
func.func @no_such_argument(%a: !t) -> !t {
  // expected-error@+1 {{tpu-lower: result #0 is given argument #3's buffer, which does not exist or does not hold its type}}
  %e = hlo.exponential %a {tpu.hbm_offsets = array<i64: 0>, tpu.donated_arguments = array<i64: 3>} : !t
  return %e : !t
}

// -----

!t = tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>
!s = tensor<16x128xf32, #tpu.layout<{1,0:T(8,128)}>>
func.func @argument_of_another_type(%a: !t, %b: !s) -> !t {
  // expected-error@+1 {{tpu-lower: result #0 is given argument #1's buffer, which does not exist or does not hold its type}}
  %e = hlo.exponential %a {tpu.hbm_offsets = array<i64: 0>, tpu.donated_arguments = array<i64: 1>} : !t
  return %e : !t
}
