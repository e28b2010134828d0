//===- Passes.td - hlo passes ------------------------------*- tablegen -*-===//
//
// hlo-level passes: precision, simplification, decomposition, outlining,
// fusion, and the reports that describe them.
// Each pass's rationale is in docs/passes.md; passes/Passes.h declares
// the passes of every phase.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_HLO_PASSES_TD
#define TPU_PASSES_HLO_PASSES_TD

include "mlir/Pass/PassBase.td"

def HLOSetDefaultPrecision : Pass<"hlo-set-default-precision",
                                  "::mlir::func::FuncOp"> {
  let summary = "Give every matmul and convolution without a precision one";
  let description = [{
    Sets `precision` on each `hlo.dot_general` and `hlo.convolution` that
    has none, leaving explicit precisions alone: the analogue of JAX's
    `jax_default_matmul_precision`. `precision=default` keeps the TPU's
    behaviour (f32 operands rounded to bf16, one MXU pass);
    `precision=highest` runs XLA's six-pass bf16 scheme, which matches f32
    products. tpu-compile and tpu-run add this pass for
    `--default-precision=highest`.

    ```mlir
    // tpu-opt -hlo-set-default-precision=precision=highest
    %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : ...
    // becomes
    %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = HIGHEST : ...
    ```
  }];
  let options = [
    Option<"precision", "precision", "::mlir::hlo::Precision",
           /*default=*/"::mlir::hlo::Precision::DEFAULT",
           "Precision given to ops without one: default or highest",
           "::mlir::tpu::precisionValues()">,
  ];
}

def HLOMixedPrecision : Pass<"hlo-mixed-precision", "::mlir::func::FuncOp"> {
  let summary = "bf16 mixed precision: bf16 matmul operands and activations";
  let description = [{
    What `--mixed-precision=bf16` adds after the import, as the Cloud TPU
    guide's bf16 advice and Keras' `mixed_bfloat16` policy: every f32
    operand of a `dot_general` or `convolution` is converted to bf16 (one
    convert per value, the result stays f32: the MXU accumulates in f32).
    An activation (not a function argument) whose other readers are all
    elementwise ops is then stored only in bf16: those readers read it back
    widened, so after fusion the f32 value is never written to HBM, and the
    backward pass keeps half the bytes of what it saves. Parameters and
    optimizer state (arguments) stay f32, master weights that the
    contractions read through a bf16 copy; reductions (softmax, layer norm,
    losses) and results read f32. A remark counts the operands and the
    activations and the bytes saved. At DEFAULT precision the MXU rounds f32
    inputs to bf16 anyway: the products do not change, only the rounding
    of what elementwise ops read.

    ```mlir
    %h = hlo.maximum %x, %zero : tensor<8x128xf32>
    %y = hlo.dot_general %h, %w, contracting_dims = [1] x [0]
        : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
    // becomes
    %h = hlo.maximum %x, %zero : tensor<8x128xf32>
    %0 = hlo.convert %h : (tensor<8x128xf32>) -> tensor<8x128xbf16>
    %1 = hlo.convert %w : (tensor<128x128xf32>) -> tensor<128x128xbf16>
    %y = hlo.dot_general %0, %1, contracting_dims = [1] x [0]
        : (tensor<8x128xbf16>, tensor<128x128xbf16>) -> tensor<8x128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def TPUModelFlops : Pass<"tpu-model-flops", "::mlir::func::FuncOp"> {
  let summary = "Count the program's useful FLOPs, before any padding";
  let description = [{
    Sets `tpu.model_flops` on the function: the multiply-adds (two FLOPs
    each) of its `hlo.dot_general`s and `hlo.convolution`s at the shapes
    the program gives them, before layout assignment pads them to tiles
    and the MXU to its array. A dot's count is 2 x its result elements x
    its contracting size; a convolution's, 2 x its result elements x its
    kernel's elements per output feature (window taps x input features
    per group). Contractions inside fusions count; other ops (elementwise,
    reductions) count no FLOPs, as in the MFU figures published for TPU
    training runs. A count past 2^63 - 1 saturates there. tpu-compile runs
    it right after the import, and the executable carries the count so
    that tpu-run reports model FLOPs utilization (MFU) beside the
    hardware FLOPs utilization of what the MXU executed, padding included.

    ```mlir
    // tpu-opt -tpu-model-flops
    func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32>
        attributes {tpu.model_flops = 1024 : i64} { ... }
    ```
  }];
}

def HLOSimplify : Pass<"hlo-simplify", "::mlir::func::FuncOp"> {
  let summary = "Algebraic simplification that removes broadcasts before fusion";
  let description = [{
    Rewrites that keep every result, NaN, infinities and signed zeros
    included (a sum over operand and broadcast dimensions together is
    regrouped, which `hlo.reduce`'s unspecified order of additions allows):

    * identities: `x + (-0.0)`, `x - 0.0`, `x * 1`, `x / 1` (any zero for
      integers), `-(-x)`, and `convert`, `reshape`, `transpose` and
      `broadcast_in_dim` that return their operand; reshape of reshape and
      transpose of transpose compose;
    * broadcasts: a broadcast of a broadcast composes; a transpose, or a
      reshape that only adds or removes unit dimensions, of a broadcast is a
      broadcast when the dimension map stays increasing;
    * sinking: an elementwise op whose operands are all broadcasts of one
      shape along the same dimensions, or splat constants, runs on the small
      operands and is broadcast once;
    * reductions of broadcasts: reduce the operand over the dimensions it
      has, then broadcast; a `sum` multiplies by the number of copies, `max`
      and `min` need nothing more; `argmax`/`argmin` along a broadcast
      dimension is the constant 0;
    * constant folding through the hlo dialect's folders: exact
      elementwise arithmetic, comparisons, selects, conversions, broadcasts,
      reshapes and transposes; splats stay splats at any size, other
      results fold up to 65536 elements.
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def HLODecompose : Pass<"hlo-decompose", "::mlir::func::FuncOp"> {
  let summary = "Rewrites dot_general and interior pads into the forms the TPU backend lowers";
  let description = [{
    Runs before layout assignment and keeps every result:

    * a `dot_general` with several contracting dimensions, or several free
      dimensions on an operand, becomes batch dimensions then one free and
      one contracting dimension per operand: each operand is transposed to
      group its dimensions and reshaped to collapse each group, and the
      product is reshaped back, as XLA's DotDecomposer does;
    * a matrix-vector (or vector-vector) `dot_general`, whose [M, 1] result
      as a matmul would pad 128-fold in HBM, becomes a `multiply` of the
      operands broadcast to [batch, lhs free, rhs free, contracting] and a
      `reduce sum`, in a reduction fusion of its own (XLA's dot strength
      reduction): like the dot it reads its operands from memory;
    * a `pad` with interior padding becomes edge pads: along a dimension of
      size n with interior i the operand is reshaped to [n, 1], padded to
      [n, 1 + i] and reshaped to [n * (1 + i)]; the final edge pad crops the
      i trailing elements off its high edge.
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def HLOOutlineControlFlow : Pass<"hlo-outline-control-flow", "::mlir::ModuleOp"> {
  let summary = "Makes each region of while, if and case a function";
  let description = [{
    XLA's while and conditional name their computations; the TPU compiler
    compiles each region once, as a function, so that every later pass
    (fusion, layouts, padding, buffer assignment, lowering) works on
    straight-line functions and a loop's body exists once however many
    times it runs.

    * `hlo.while` becomes `hlo.while_call @f.whileN.cond, @f.whileN.body`:
      both functions take the carried values, then the loop invariants
      (the values the regions read from above);
    * `hlo.if` becomes `hlo.case_call` of `@f.ifN.false` and `@f.ifN.true`
      on its predicate, `hlo.case` of `@f.caseN.bK` on its index: each
      branch takes the values any branch reads from above.

    Constants read from above are cloned into the function rather than
    passed, so fusion and folding see them. A body that yields carried
    value k as carried value j != k yields a copy instead: the loop updates
    carried values in place, and a copy keeps one update from reading
    what another overwrote. The functions are private and marked
    `tpu.outlined`: their arguments are not known to be zero-padded, and
    they are lowered at their call site. Ops nested in outlined regions are
    outlined from the new functions in turn.
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect",
                           "::mlir::func::FuncDialect"];
}

def HLOFuse : Pass<"hlo-fuse", "::mlir::func::FuncOp"> {
  let summary = "XLA-style loop, input and output fusion into hlo.fusion kernels";
  let description = [{
    Groups ops into `hlo.fusion` kernels so that intermediate values never
    reach HBM:

    * output fusion: a `dot_general` or `convolution` absorbs the elementwise
      ops that read only its result, broadcasts and splat constants (bias,
      scale, activation);
    * input fusion: a reduction (`reduce`, `argmax`, `argmin`) absorbs its
      elementwise, broadcast, iota, constant and unit-reshape producers;
    * loop fusion: the same producers fuse into elementwise consumers.

    Consumers are visited last to first, as XLA's instruction fusion does. A
    producer whose users all belong to the kernel moves into it. Broadcasts,
    iotas and splat constants are copied into every kernel that reads them
    instead of being written to memory. Another producer read by several
    kernels is copied only when recomputing it costs less than its HBM round
    trip on the module's target (the rule is in docs/fusion.md); otherwise it stays one
    kernel whose result is materialized.
  }];
  let options = [
    Option<"maxFusionOps", "max-fusion-ops", "int64_t", /*default=*/"256",
           "Largest number of ops one fusion may hold">,
  ];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def HLOBroadcastReport : Pass<"hlo-broadcast-report", "::mlir::ModuleOp"> {
  let summary = "Remark on every broadcast still written to memory, and why";
  let description = [{
    Emits one remark per `broadcast_in_dim` whose result is materialized: one
    outside any fusion, or one a fusion yields. The remark gives the shape,
    the bytes (padded too once layouts are assigned) and the reason: the
    value is a function result, a call argument, an operand of an MXU op or
    of another op that needs a physical buffer, or the root of a fusion.
  }];
}

def HLOFusionStats : Pass<"hlo-fusion-stats", "::mlir::ModuleOp"> {
  let summary = "Print kernels and HBM bytes before and after fusion";
  let description = [{
    Prints, per function, a table with the number of kernels and the HBM
    bytes read and written, unfused (every hlo op its own kernel) and as the
    program stands (each fusion one kernel). A kernel reads each distinct
    operand once and writes each result once; constants and function
    arguments are read, never written.
  }];
}

#endif // TPU_PASSES_HLO_PASSES_TD
