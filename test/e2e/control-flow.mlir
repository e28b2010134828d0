// Control flow as JAX exports it (lax.fori_loop, lax.scan, lax.while_loop,
// lax.cond, lax.switch) compiled once per region and run on the simulated
// TPU: hand-computed values, then every function on generated inputs
// against the reference evaluator.
//
// RUN: tpu-run %s --function=fori_sum --input=8x128xf32=1 --input=i32=5 | FileCheck %s --check-prefix=FORI
// FORI: result[0]: 8x128xf32=[10 10 10
// RUN: tpu-run %s --function=collatz --input=i32=27 | FileCheck %s --check-prefix=COLLATZ
// COLLATZ: result[0]: i32=111
// RUN: tpu-run %s --function=cond --input=i1=0 --input=4x4xf32=1 | FileCheck %s --check-prefix=COND
// COND: result[0]: 4x4xf32=[-1 -1 -1 -1]
// An out-of-range index runs the last branch, as StableHLO's case does.
// RUN: tpu-run %s --function=switch --input=i32=7 --input=4xf32=3 | FileCheck %s --check-prefix=SWITCH
// RUN: tpu-run %s --function=switch --input=i32=-1 --input=4xf32=3 | FileCheck %s --check-prefix=SWITCH
// SWITCH: result[0]: 4xf32=9 9 9 9
// RUN: tpu-run %s --function=switch --input=i32=0 --input=4xf32=3 | FileCheck %s --check-prefix=SWITCH0
// SWITCH0: result[0]: 4xf32=3 3 3 3
// Loops inside loops: sum over i < 3, j < 4 of (i + j) = 30.
// RUN: tpu-run %s --function=nested | FileCheck %s --check-prefix=NESTED
// NESTED: result[0]: i32=30
//
// At HIGHEST precision the MXU's products are the evaluator's, so the
// layers and the RNN compare exactly too (at DEFAULT, bf16 rounding of
// each step's h compounds over the steps).
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --default-precision=highest | FileCheck %s --check-prefix=REF
// REF: @fori_sum: result 0: {{.*}}exact
// REF: @collatz: result 0: {{.*}}exact
// REF: @cond: result 0: {{.*}}exact
// REF: @switch: result 0: {{.*}}exact
// REF: @nested: result 0: {{.*}}exact
// REF: @scan_layers: result 0: {{.*}}exact
// REF: @rnn: result 0: {{.*}}exact
// REF: @rnn: result 1: {{.*}}exact
// REF: @lstm: result 0: {{.*}}exact
// REF: @lstm: result 1: {{.*}}exact
//
// The profile counts each kernel's runs: the counted loop's body ran 4
// times (the trip count the compiler recognized lets --timing-only time it
// without inputs); a data-dependent loop needs the count.
// RUN: tpu-run %s --function=scan_layers --timing-only --tpu-stats-json=%t.json > /dev/null
// RUN: FileCheck %s --input-file=%t.json --check-prefix=RUNS
// RUNS: "name": "while0.body/{{[a-z_0-9]+}}", "op_name": "{{.*}}", "source": "{{.*}}", "start_cycle": {{[0-9]+}}, "runs": 4,
// RUN: not tpu-run %s --function=collatz --timing-only 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: a loop's trip count depends on the inputs, which --timing-only does not compute; give the count (tpu-run --loop-trip-count=N)
// RUN: tpu-run %s --function=collatz --timing-only --loop-trip-count=3 --tpu-stats-json=%t.collatz.json > /dev/null
// RUN: FileCheck %s --input-file=%t.collatz.json --check-prefix=GIVEN
// GIVEN: "runs": 3,

// fori_loop: the sum of x * i for i < n.
func.func @fori_sum(%x: tensor<8x128xf32>, %n: tensor<i32>) -> tensor<8x128xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<8x128xf32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %acc0) : tensor<i32>, tensor<8x128xf32>
   cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %fi = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %fi, dims = [] : (tensor<f32>) -> tensor<8x128xf32>
    %m = stablehlo.multiply %x, %b : tensor<8x128xf32>
    %a = stablehlo.add %acc, %m : tensor<8x128xf32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %a : tensor<i32>, tensor<8x128xf32>
  }
  return %r#1 : tensor<8x128xf32>
}

// lax.while_loop with a data-dependent trip count: Collatz steps to 1.
func.func @collatz(%n0: tensor<i32>) -> tensor<i32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%n = %n0, %s = %zero) : tensor<i32>, tensor<i32>
   cond {
    %p = stablehlo.compare GT, %n, %one, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %rem = stablehlo.remainder %n, %two : tensor<i32>
    %odd = stablehlo.compare EQ, %rem, %one, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %m3 = stablehlo.multiply %n, %three : tensor<i32>
    %up = stablehlo.add %m3, %one : tensor<i32>
    %down = stablehlo.divide %n, %two : tensor<i32>
    %next = stablehlo.select %odd, %up, %down : tensor<i1>, tensor<i32>
    %s1 = stablehlo.add %s, %one : tensor<i32>
    stablehlo.return %next, %s1 : tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// lax.cond: the true branch first, as StableHLO prints it.
func.func @cond(%p: tensor<i1>, %x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = "stablehlo.if"(%p) ({
    %e = stablehlo.exponential %x : tensor<4x4xf32>
    stablehlo.return %e : tensor<4x4xf32>
  }, {
    %n = stablehlo.negate %x : tensor<4x4xf32>
    stablehlo.return %n : tensor<4x4xf32>
  }) : (tensor<i1>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// lax.switch; branch 0 returns its operand unchanged.
func.func @switch(%i: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    %a = stablehlo.add %x, %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<4xf32>
    stablehlo.return %m : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A loop in a loop body, and carried values that swap places.
func.func @nested() -> tensor<i32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %acc = %zero, %spare = %zero) : tensor<i32>, tensor<i32>, tensor<i32>
   cond {
    %p = stablehlo.compare LT, %i, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %inner:2 = stablehlo.while(%j = %zero, %a = %acc) : tensor<i32>, tensor<i32>
     cond {
      %q = stablehlo.compare LT, %j, %four, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %ij = stablehlo.add %i, %j : tensor<i32>
      %a1 = stablehlo.add %a, %ij : tensor<i32>
      %j1 = stablehlo.add %j, %one : tensor<i32>
      stablehlo.return %j1, %a1 : tensor<i32>, tensor<i32>
    }
    %i1 = stablehlo.add %i, %one : tensor<i32>
    // acc and spare trade places twice over the three iterations' ends.
    stablehlo.return %i1, %inner#1, %acc : tensor<i32>, tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// lax.scan over a stack of 4 identical layers (tanh(h @ w[i] + b[i])): the
// layer exists once in the executable.
func.func @scan_layers(%h0: tensor<8x128xf32>, %w: tensor<4x128x128xf32>, %bias: tensor<4x128xf32>) -> tensor<8x128xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<4> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %h = %h0) : tensor<i32>, tensor<8x128xf32>
   cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %wi = stablehlo.dynamic_slice %w, %i, %zero, %zero, sizes = [1, 128, 128] : (tensor<4x128x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x128x128xf32>
    %wm = stablehlo.reshape %wi : (tensor<1x128x128xf32>) -> tensor<128x128xf32>
    %bi = stablehlo.dynamic_slice %bias, %i, %zero, sizes = [1, 128] : (tensor<4x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1x128xf32>
    %bb = stablehlo.broadcast_in_dim %bi, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
    %y = stablehlo.dot_general %h, %wm, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
    %z = stablehlo.add %y, %bb : tensor<8x128xf32>
    %t = stablehlo.tanh %z : tensor<8x128xf32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %t : tensor<i32>, tensor<8x128xf32>
  }
  return %r#1 : tensor<8x128xf32>
}

// An Elman RNN over a sequence of 6 steps: h = tanh(x[t] @ wx + h @ wh),
// each step's h stored into the outputs with dynamic_update_slice.
func.func @rnn(%xs: tensor<6x8x16xf32>, %wx: tensor<16x32xf32>, %wh: tensor<32x32xf32>) -> (tensor<8x32xf32>, tensor<6x8x32xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %steps = stablehlo.constant dense<6> : tensor<i32>
  %h0 = stablehlo.constant dense<0.0> : tensor<8x32xf32>
  %out0 = stablehlo.constant dense<0.0> : tensor<6x8x32xf32>
  %r:3 = stablehlo.while(%t = %zero, %h = %h0, %out = %out0) : tensor<i32>, tensor<8x32xf32>, tensor<6x8x32xf32>
   cond {
    %p = stablehlo.compare LT, %t, %steps, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %xt = stablehlo.dynamic_slice %xs, %t, %zero, %zero, sizes = [1, 8, 16] : (tensor<6x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16xf32>
    %x2 = stablehlo.reshape %xt : (tensor<1x8x16xf32>) -> tensor<8x16xf32>
    %a = stablehlo.dot_general %x2, %wx, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %b = stablehlo.dot_general %h, %wh, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x32xf32>) -> tensor<8x32xf32>
    %s = stablehlo.add %a, %b : tensor<8x32xf32>
    %h1 = stablehlo.tanh %s : tensor<8x32xf32>
    %h3 = stablehlo.reshape %h1 : (tensor<8x32xf32>) -> tensor<1x8x32xf32>
    %o1 = stablehlo.dynamic_update_slice %out, %h3, %t, %zero, %zero : (tensor<6x8x32xf32>, tensor<1x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<6x8x32xf32>
    %t1 = stablehlo.add %t, %one : tensor<i32>
    stablehlo.return %t1, %h1, %o1 : tensor<i32>, tensor<8x32xf32>, tensor<6x8x32xf32>
  }
  return %r#1, %r#2 : tensor<8x32xf32>, tensor<6x8x32xf32>
}

// An LSTM cell over a sequence of 5 steps (lax.scan of the cell): gates
// [i, f, g, o] = x[t] @ wx + h @ wh + b; c = f * c + i * g; h = o * tanh(c).
func.func @lstm(%xs: tensor<5x8x16xf32>, %wx: tensor<16x128xf32>, %wh: tensor<32x128xf32>, %b: tensor<128xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %steps = stablehlo.constant dense<5> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<8x32xf32>
  %r:3 = stablehlo.while(%t = %zero, %h = %z, %c = %z) : tensor<i32>, tensor<8x32xf32>, tensor<8x32xf32>
   cond {
    %p = stablehlo.compare LT, %t, %steps, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %xt = stablehlo.dynamic_slice %xs, %t, %zero, %zero, sizes = [1, 8, 16] : (tensor<5x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16xf32>
    %x2 = stablehlo.reshape %xt : (tensor<1x8x16xf32>) -> tensor<8x16xf32>
    %gx = stablehlo.dot_general %x2, %wx, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x128xf32>) -> tensor<8x128xf32>
    %gh = stablehlo.dot_general %h, %wh, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x128xf32>) -> tensor<8x128xf32>
    %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
    %g0 = stablehlo.add %gx, %gh : tensor<8x128xf32>
    %g = stablehlo.add %g0, %bb : tensor<8x128xf32>
    %gi = stablehlo.slice %g [0:8, 0:32] : (tensor<8x128xf32>) -> tensor<8x32xf32>
    %gf = stablehlo.slice %g [0:8, 32:64] : (tensor<8x128xf32>) -> tensor<8x32xf32>
    %gg = stablehlo.slice %g [0:8, 64:96] : (tensor<8x128xf32>) -> tensor<8x32xf32>
    %go = stablehlo.slice %g [0:8, 96:128] : (tensor<8x128xf32>) -> tensor<8x32xf32>
    %i = stablehlo.logistic %gi : tensor<8x32xf32>
    %f = stablehlo.logistic %gf : tensor<8x32xf32>
    %u = stablehlo.tanh %gg : tensor<8x32xf32>
    %o = stablehlo.logistic %go : tensor<8x32xf32>
    %fc = stablehlo.multiply %f, %c : tensor<8x32xf32>
    %iu = stablehlo.multiply %i, %u : tensor<8x32xf32>
    %c1 = stablehlo.add %fc, %iu : tensor<8x32xf32>
    %tc = stablehlo.tanh %c1 : tensor<8x32xf32>
    %h1 = stablehlo.multiply %o, %tc : tensor<8x32xf32>
    %t1 = stablehlo.add %t, %one : tensor<i32>
    stablehlo.return %t1, %h1, %c1 : tensor<i32>, tensor<8x32xf32>, tensor<8x32xf32>
  }
  return %r#1, %r#2 : tensor<8x32xf32>, tensor<8x32xf32>
}
