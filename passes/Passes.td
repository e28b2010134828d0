//===- Passes.td - The compiler's passes ---------------------*- tablegen -*-===//
//
// Each pass's rationale is in docs/passes.md.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_PASSES_TD
#define TPU_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def TPUSetTarget : Pass<"tpu-set-target", "::mlir::ModuleOp"> {
  let summary = "Record the TPU generation the module is compiled for";
  let description = [{
    Sets the module's `tpu.target` to `#tpu.target<"NAME">`, replacing any
    it had; without `target=`, a module that names no target gets the
    default, v3. The target is decided once, here (the tpu-compile pipeline
    starts with this pass, given tpu-compile's `--target`), and every later
    pass reads it from the module. An unknown name is an error listing the
    valid ones.

    ```mlir
    // tpu-opt -tpu-set-target=target=v5e
    module attributes {tpu.target = #tpu.target<"v5e">} { ... }
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "TPU generation: v2, v3, v4, v5e, v5p or v6e (default: keep the "
           "module's, else v3)">,
    Option<"hbmLimit", "hbm-limit", "std::string", /*default=*/"",
           "HBM the program may use, below the target's (e.g. 8G): "
           "recorded as tpu.hbm_limit">,
    Option<"topology", "topology", "std::string", /*default=*/"",
           "The slice every device of which runs the program (v3-8, "
           "v5e:4x4): recorded as tpu.topology; its generation is the "
           "target">,
  ];
  let dependentDialects = ["::mlir::tpu::TPUDialect"];
}

def TPUVerify : Pass<"tpu-verify", "::mlir::ModuleOp"> {
  let summary = "Verify the module where the pipeline does not verify";
  let description = [{
    Runs every op's verifier over the module and fails the pipeline at the
    first error. tpu-compile verifies only its input and the lowered
    program (verifying after each pass costs a fifth of a large compile),
    so it runs this pass right after the import: an import that builds an
    invalid `hlo` op stops the compile with that op's error, instead of
    lowering it into wrong numbers. With `require-registered`, an op no
    dialect registers (a program read with `--allow-unregistered-dialect`)
    is refused at its location first: no pass of the compiler can
    translate it, and upstream passes such as the inliner assume
    registered ops.

    ```mlir
    // tpu-opt -allow-unregistered-dialect -tpu-verify=require-registered
    %0 = "mystery.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    // error: mystery.op is not supported by the TPU compiler: its dialect
    // is not registered
    ```
  }];
  let options = [
    Option<"requireRegistered", "require-registered", "bool",
           /*default=*/"false",
           "Refuse ops that no registered dialect defines">,
  ];
}

def TPUAssignLayouts : Pass<"tpu-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Give every tensor value an XLA tiled layout (#tpu.layout)";
  let description = [{
    Attaches a `#tpu.layout` encoding to every tensor value of every function.
    Values joined by elementwise ops share one dimension order (they form a
    layout group); each group's order is chosen as a whole.

    * `mode=xla-default` does what XLA's TPU compiler does as far as public
      reports show: row-major order with the target's default tiles, except
      that convolution activations with a batch of 64 or more put the batch in
      the lane dimension and the features second-minor (`{0,3,2,1}` for NHWC).
    * `mode=min-padding` picks, per group, the order that minimises padded
      bytes, counting the bytes of any layout change it needs.

    Function arguments and results keep the row-major default layout unless
    `relayout-entry=true` (functions that are called keep theirs regardless).
    Where a group's order differs from what a boundary or an MXU operand
    requires, an `hlo.copy` changes the layout explicitly.

    ```mlir
    // tpu-opt -tpu-assign-layouts=mode=min-padding
    %i = hlo.iota dim = 1 : tensor<29360128x10xi32>
    // becomes
    %i = hlo.iota dim = 1 : tensor<29360128x10xi32, #tpu.layout<{0,1:T(8,128)}>>
    ```
  }];
  let options = [
    Option<"mode", "mode", "::mlir::tpu::LayoutMode",
           /*default=*/"::mlir::tpu::LayoutMode::XlaDefault",
           "Layout policy", "::mlir::tpu::layoutModeValues()">,
    Option<"relayoutEntry", "relayout-entry", "bool", /*default=*/"false",
           "Let the pass choose layouts of function arguments and results">,
  ];
  let dependentDialects = ["::mlir::hlo::HLODialect", "::mlir::tpu::TPUDialect"];
}

def TPUPaddingReport : Pass<"tpu-padding-report", "::mlir::ModuleOp"> {
  let summary = "Print where tile padding wastes memory, with advice";
  let description = [{
    For a module whose values carry `#tpu.layout`s, prints per function a
    table of every tensor value sorted by wasted bytes: the value (op name
    and location), its shape in XLA notation, unpadded, padded and extra
    bytes and the expansion, then totals and advice in the terms of the Cloud
    TPU performance guide. The IR is not changed.
  }];
  let options = [
    Option<"top", "top", "unsigned", /*default=*/"3",
           "How many of the most wasteful values get advice">,
  ];
}

def TPUPad : Pass<"tpu-pad", "::mlir::ModuleOp"> {
  let summary = "Make tile padding explicit: compute on tile-aligned shapes";
  let description = [{
    Rewrites every function whose values carry `#tpu.layout`s (run
    `-tpu-assign-layouts` first) so that its ops compute on the physical,
    tile-padded shapes the layouts imply. Nothing is rounded to the MXU's
    size here: HBM holds only tile-padded layouts, and tpu-lower aligns K
    and N to the systolic array in VMEM. A matmul's dimensions meet at the
    smallest padded size of its operands and result (the wider ones are
    sliced, which drops tile padding and copies nothing). Each padded value's logical type
    is recorded for buffer assignment's report.

    Padded elements that an op reads hold a neutral value, so results are
    unchanged: the pass tracks which values have all-zero padding (arguments
    padded at entry, `add`, `multiply`, ...) and otherwise masks with
    `select(iota < size, x, neutral)` before a reduction (0 for `sum`, 1 for
    `product`, -inf for `max`, +inf for `min`), an argmax/argmin (-inf/+inf
    along the reduced dimension), a contraction (0 along contracted
    dimensions of both operands) and a convolution window that reaches into
    padding. Arguments are padded with zeros on entry and results sliced back
    to their logical shapes before return, so signatures do not change.

    ```mlir
    // tpu-opt -tpu-assign-layouts -tpu-pad
    %r = hlo.reduce max %x, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
    // computes, on tensor<16x128xf32>, the max of
    // select(iota(dim 1) < 100, exp(x), -inf)
    ```
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect", "::mlir::tpu::TPUDialect"];
}

def TPUAssignBuffers : Pass<"tpu-assign-buffers", "::mlir::ModuleOp"> {
  let summary = "Schedule, assign HBM offsets and report memory as XLA does";
  let description = [{
    For each function whose values carry `#tpu.layout`s: orders its ops with
    a list scheduler that lowers peak memory (XLA's memory-aware scheduling),
    computes each buffer's live range, lets an elementwise op write into the
    operand buffer it is the last user of, and packs temporaries and outputs
    into one HBM range with a best-fit heap (XLA's global decreasing-size
    best-fit, run in two orders). Buffers are sized by their padded layouts.
    Each op gets `tpu.hbm_offsets` (one offset per result, constants first,
    then the heap).

    Donated arguments (`jax.buffer_donor = true`, as JAX exports
    `donate_argnums`; `tf.aliasing_output = N`; or `donate-arguments`) may
    hold an output, XLA's may-alias rule: same shape, element type and
    layout, and the argument dead once the output is written (read before,
    or by the writing op element by element, as an in-place update). Such
    an output takes no heap buffer; its op gets `tpu.donated_arguments`.
    A donation the program asked for that no output can use is a warning,
    as JAX's "Some donated buffers were not usable".

    The figures of XLA's memory report are data, the module's memory plan:
    the driver receives it (tpu-compile's `--memory-report`, the C API) and
    `-tpu-memory-report` prints it in tpu-opt. When the program needs more
    than the target's HBM (capacity minus the reserved region), the pass
    fails with XLA's out-of-memory report as its error and marks the module
    `tpu.out_of_memory`, which drivers turn into exit status 2.

    ```
    Ran out of memory in memory space hbm. Used 19.46G of 15.48G hbm.
    Exceeded hbm capacity by 3.98G.
    ```
  }];
  let options = [
    Option<"top", "top", "unsigned", /*default=*/"10",
           "How many of the largest allocations the report lists">,
    Option<"donateArguments", "donate-arguments", "bool", /*default=*/"false",
           "Donate every argument, as if each had jax.buffer_donor">,
  ];
}

def TPURematerialize : Pass<"tpu-rematerialize", "::mlir::ModuleOp"> {
  let summary = "Recompute values near their uses to fit an HBM limit";
  let description = [{
    XLA's HloRematerialization for a program that does not fit: the target's
    HBM or `tpu.hbm_limit` (tpu-set-target's `hbm-limit`). Each function is
    scheduled as tpu-assign-buffers would schedule it, and its block put in
    that order (marked `tpu.scheduled`, which buffer assignment then keeps).
    While the estimated peak (arguments, constants and the values live at
    each position, at their padded, aligned sizes) exceeds the limit, the
    values live across the peak are candidates: one is recomputed right
    before its first use after the peak, by a clone of its producer (an
    hlo op or fusion; not a loop, branch or constant), and those later uses
    read the clone. Operands of the clone not live at the peak either live
    longer or are recomputed with it, as a block of up to 8 ops. The
    candidate that frees the most bytes at the peak per recomputed cost
    (FLOPs plus one per result element) wins; a recomputation may be
    recomputed again nearer its uses, which is how a chain of layers comes
    to keep only some of its activations (Chen et al.'s checkpoints).

    Clones carry the original's location with `.remat` appended to its
    name, so the memory report shows them. The function gets a remark with
    the bytes saved and the extra FLOPs; when the limit stays out of reach,
    XLA's warning `Can't reduce memory use below X by rematerialization;
    only reduced to Y, down from Z originally`, and tpu-assign-buffers then
    reports the program out of memory. A program that fits is not changed.
    Recomputed values are bit-identical: they are the same ops on the same
    inputs.
  }];
  let options = [
    Option<"donateArguments", "donate-arguments", "bool", /*default=*/"false",
           "Schedule as tpu-assign-buffers does with donate-arguments">,
  ];
}

def TPUMemoryReport : Pass<"tpu-memory-report", "::mlir::ModuleOp"> {
  let summary = "Print the memory plan of tpu-assign-buffers, write its viewer";
  let description = [{
    Prints, for each function, XLA's memory report of the plan that
    `-tpu-assign-buffers` just made (it must run right before: the plan is
    that pass's analysis, kept only while no other pass runs in between).
    `viewer=F.html` writes a self-contained page charting padded and
    unpadded live bytes over the schedule against the capacity, with the
    allocations live at the peak; `viewer-json=F` writes its data.
    tpu-compile does the same with `--memory-report`, `--memory-viewer` and
    `--memory-viewer-json`, also for programs that do not fit. The IR is not
    changed.
  }];
  let options = [
    Option<"print", "print", "bool", /*default=*/"true",
           "Print the report (false: only write the viewer files)">,
    Option<"viewer", "viewer", "std::string", /*default=*/"",
           "Write the memory viewer page (self-contained HTML) to this file">,
    Option<"viewerJson", "viewer-json", "std::string", /*default=*/"",
           "Write the memory viewer's data (JSON) to this file">,
  ];
}

//===----------------------------------------------------------------------===//
// hlo-level passes: simplification and fusion
//===----------------------------------------------------------------------===//

def ConvertStablehloToHlo
    : Pass<"convert-stablehlo-to-hlo", "::mlir::func::FuncOp"> {
  let summary = "Import a function whose body is StableHLO into hlo";
  let description = [{
    Rewrites StableHLO (what JAX, TensorFlow and PyTorch/XLA export) into
    `hlo` with StableHLO's semantics: elementwise ops one to one, scalar
    operands of `select` and `clamp` broadcast, `sign` and `is_finite` as
    comparisons, `dot` and `dot_general` as `dot_general` (precision `HIGH`
    and `HIGHEST` become `HIGHEST`), `convolution` with any dimension numbers
    as transposes around hlo's NHWC/HWIO convolution, and `reduce` whose body
    is one add, multiply, maximum or minimum (or, and on `i1`) as an
    `hlo.reduce` of that kind, with the init value applied once when it is
    not the kind's identity.

    An op it cannot express fails the pass with one error at the op, naming
    it and why: "stablehlo.X is not supported by the TPU compiler: ...".
    Nothing is rewritten then. Functions without StableHLO are left alone,
    so the pass heads every compile pipeline, after the inliner has
    inlined the exporter's private helper functions.

    ```mlir
    %r = stablehlo.reduce(%x init: %zero) applies stablehlo.add
        across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    // becomes
    %r = hlo.reduce sum %x, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
    ```
  }];
  // chlo.scan and chlo.ragged_dot become StableHLO ops first.
  let dependentDialects = ["::mlir::hlo::HLODialect",
                           "::mlir::stablehlo::StableHLODialect"];
}

def ConvertScfToHlo : Pass<"convert-scf-to-hlo", "::mlir::func::FuncOp"> {
  let summary = "Import scf.while, scf.if and scf.for on tensors into hlo";
  let description = [{
    Structured control flow around tensor programs, as upstream's
    `tosa-to-scf` and hand-written pipelines write it, becomes `hlo`'s:

    * `scf.if %c` whose condition is `tensor.extract` of a `tensor<i1>`
      becomes `hlo.if` on that tensor (a missing else yields nothing);
    * `scf.while` whose `scf.condition` forwards the before-region's
      arguments unchanged, with its condition extracted from a
      `tensor<i1>`, becomes `hlo.while`;
    * `scf.for` with constant bounds and step becomes `hlo.while` with an
      i32 counter carried first; the induction variable may be read only
      as a tensor (`arith.index_cast` to i32, then `tensor.from_elements`).

    Anything else is refused at the op, saying what is missing. Runs after
    the StableHLO and TOSA imports have converted the ops in the regions.
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def ConvertTosaToHlo : Pass<"convert-tosa-to-hlo", "::mlir::func::FuncOp"> {
  let summary = "Import a function whose body is TOSA into hlo";
  let description = [{
    Rewrites TOSA on static tensors (what TensorFlow Lite, torch-mlir and
    others emit) into `hlo`, op by op: elementwise ops with TOSA's implicit
    rank-equal broadcasting made explicit as `broadcast_in_dim`, `matmul`
    as a batched `dot_general`, `conv2d` as a `convolution` (weights
    transposed from OHWI to HWIO) plus a broadcast bias, reductions that
    keep the reduced dimension as `reduce` + `reshape`, `argmax`, and the
    data-movement ops. Zero points must be zero (a non-zero zero point of a
    float tensor is invalid TOSA; of an integer one, quantization this
    compiler does not do).

    An op it cannot express fails the pass with one error at the op, naming
    it and why: "tosa.X is not supported by the TPU compiler: ...". Nothing
    is rewritten then, so no partial program results. Functions without
    TOSA are left alone, so the pass heads every compile pipeline.

    ```mlir
    %s = tosa.add %x, %b : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
    // becomes
    %0 = hlo.broadcast_in_dim %b, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %s = hlo.add %x, %0 : tensor<4x8xf32>
    ```
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
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

def TPULower : Pass<"tpu-lower", "::mlir::ModuleOp"> {
  let summary = "Lower buffer-assigned hlo to TensorCore kernels";
  let description = [{
    Turns each function that `tpu-assign-buffers` scheduled into HBM
    buffers and `tpu.kernel`s, one kernel per fusion or unfused op, in
    schedule order. Arguments and results become `memref`s of their
    physical (tile-padded, major-to-minor) shapes in HBM and keep their
    tensor types as `tpu.logical_type`; temporaries and constants become
    `tpu.hbm_buffer`s at their assigned offsets.

    A kernel walks a grid of blocks of its iteration space (the output, plus
    the reduced or contracted dimensions innermost) as one software-
    pipelined loop: the DMAs of block t+1 start before block t is computed,
    into the other of two VMEM slots, and each output block is written back
    by DMA while the next is computed. Matmuls run on the MXU with f32
    accumulation in VMEM across K blocks; elementwise, select, compare,
    conversion and iota work and reductions run on the vector unit, reading
    broadcast operands through index maps. Block sizes are multiples of
    the (8,128) tile, at most 512 per dimension, and shrink until the
    double-buffered working set fits half of the target's VMEM.

    ```mlir
    tpu.kernel "fusion.0" {
      scf.for %t = %c0 to %c3 step %c1 {
        tpu.dma_start %x[...], %next[...], %sem_next, sizes = [128, 512]
        tpu.dma_wait %sem
        tpu.matmul %lhs, %rhs, %acc accumulate precision = default
        ...
    ```
  }];
  let options = [
    Option<"maxReadCopies", "max-read-copies", "int64_t", /*default=*/"-1",
           "Copies a kernel may make of a value it reads through several "
           "index maps (a parameter bound again, or an op recomputed) "
           "before the lowering gives up; -1 is 4 x the kernel's ops + 8">
  ];
  let dependentDialects = ["::mlir::tpu::TPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def HLOShardArguments : Pass<"hlo-shard-arguments", "::mlir::ModuleOp"> {
  let summary = "Annotates data parallelism and ZeRO stages (--data-parallel, --zero)";
  let description = [{
    Writes the argument shardings of the common strategies, as a JAX user's
    `in_shardings` would, for hlo-spmd-partition. The donated arguments are
    the model state (parameters and optimizer state); every other argument
    is the batch, cut along its first dimension over all devices (an error
    when they do not divide it). With `data-parallel` the state is
    replicated; `zero=1` cuts the optimizer state (state arguments that only
    elementwise ops read: the model reads parameters through matmuls,
    broadcasts, reshapes) along its first dimension the device count
    divides, `zero=3` the parameters too. Arguments already annotated keep
    their sharding; programs with explicit collectives are left alone.
  }];
  let options = [
    Option<"dataParallel", "data-parallel", "bool", /*default=*/"false",
           "cut the batch, replicate the model state">,
    Option<"zero", "zero", "int64_t", /*default=*/"0",
           "ZeRO stage: 1 cuts the optimizer state, 3 the parameters too">,
    Option<"devices", "devices", "int64_t", /*default=*/"0",
           "devices the program runs on (0: the module's tpu.topology)">
  ];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def HLOPropagateSharding : Pass<"hlo-propagate-sharding", "::mlir::ModuleOp"> {
  let summary = "Carries sharding annotations to every value (GSPMD's propagation)";
  let description = [{
    From the `hlo.sharding` attributes of function arguments and results and
    the `hlo.sharding_constraint` ops, gives every value it can a layout: the
    first one a rule reaches it with, forward through elementwise ops,
    broadcasts, transposes, reshapes (where a tiled dimension stays one
    contiguous run), reductions (reduced dimensions drop their tiles) and
    `dot_general` (batch and free dimensions carry theirs), and backward
    the same way, until nothing changes. A layout must divide its tensor's
    shape. This pass only annotates ops with `hlo.sharding` (for tests and
    inspection); hlo-spmd-partition runs the same propagation itself.
  }];
  let options = [
    Option<"devices", "devices", "int64_t", /*default=*/"0",
           "devices the program runs on (0: the module's tpu.topology)">
  ];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def HLOSpmdPartition : Pass<"hlo-spmd-partition", "::mlir::ModuleOp"> {
  let summary = "Rewrites a sharded program into the program of each device";
  let description = [{
    GSPMD's partitioner. A function with sharding annotations (arguments,
    results, `hlo.sharding_constraint`) becomes the one program every device
    runs on its own tiles: arguments and results take their tile's shape and
    keep their layout in `hlo.sharding`. Elementwise ops, broadcasts,
    transposes and reshapes compute the tile their result's propagated
    layout wants; a reduction over a tiled dimension reduces its tile and
    all-reduces; a `dot_general` either gathers its operands to the tile its
    result wants or, when both operands tile the contracted dimensions
    alike, contracts its tiles and all-reduces the partial sums, whichever
    moves fewer bytes (so data parallelism all-reduces gradients, Megatron's
    row-parallel matmul all-reduces its output, and FSDP gathers weights).
    Other ops compute whole tensors from gathered operands. Resharding
    all-gathers the dimensions whose tiling changes and cuts new tiles with
    a `dynamic_slice` at offsets read by `hlo.device_id`. On one device the
    annotations are dropped.
  }];
  let options = [
    Option<"devices", "devices", "int64_t", /*default=*/"0",
           "devices the program runs on (0: the module's tpu.topology)">
  ];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

#endif // TPU_PASSES_PASSES_TD
