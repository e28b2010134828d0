//===- Passes.td - import passes ---------------------------*- tablegen -*-===//
//
// Import: the module's target, then StableHLO, CHLO, TOSA and scf into hlo.
// Each pass's rationale is in docs/passes.md; passes/Passes.h declares
// the passes of every phase.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_IMPORT_PASSES_TD
#define TPU_PASSES_IMPORT_PASSES_TD

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
    registered ops. Attributes of dialects the compiler does not know (on
    the module, a function, its arguments or results: another compiler's
    annotations such as tt-mlir's `ttcore.*`) are ignored with one remark
    per module or function naming them; exporters' metadata (`mhlo.*`,
    `jax.*`, `tf.*`) is not remarked on.

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

def ImportShardy : Pass<"import-shardy", "::mlir::ModuleOp"> {
  let summary = "Shardy's shardings and shard_map's manual computations as hlo's";
  let description = [{
    JAX writes a sharded program in one of three forms, each rewritten here
    into what convert-stablehlo-to-hlo and hlo-spmd-partition read:

    * **Shardy** (JAX since mid-2025): `sdy.mesh` symbols; `sdy.sharding`
      on arguments and results; `sdy.sharding_constraint` and
      `sdy.reshard`; `sdy.manual_computation` for `shard_map`. Each tensor
      sharding becomes XLA's device-array form (`#hlo.sharding`): a
      dimension's tiles are the product of its axes' sizes, the device
      array is the mesh's devices transposed so that each dimension's axes
      come first in order, and axes no dimension uses (replicated,
      unreduced or unnamed) make the last tile dimension replicated.
      Sub-axes (`"x":(2)4`) split their axis. Open dimensions (`?`) and
      priorities only steer Shardy's propagation and are read as written.
      Unreduced axes are held reduced (replicated): the values are the
      same, only where the sum happens differs.
    * **Shardy round-tripped through HLO** (JAX from February to June
      2025): `mhlo.sharding` strings (read by the import) next to
      `xla.sdy.*` frontend attributes, and `shard_map` as
      `@xla.sdy.GlobalToLocalShape`, a call of
      `@xla.sdy.manual_computation_body` and `@xla.sdy.LocalToGlobalShape`.
    * **GSPMD** (JAX before): `shard_map` as `@SPMDFullToShardShape` on a
      value its `@Sharding` call shards, the body's ops, and
      `@SPMDShardToFullShape` with the result's sharding.

    Every manual computation becomes an `hlo.manual_computation`, whose body
    each device runs on its own tiles with its own collectives. shard_map's
    body must be manual over every mesh axis larger than 1 (the partially
    manual form, automatic over some axes, is refused).
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect",
                           "::mlir::stablehlo::StableHLODialect"];
}

def StablehloApproxTopK : Pass<"stablehlo-approx-top-k", "::mlir::ModuleOp"> {
  let summary = "Rewrite JAX's ApproxTopK custom calls as a sort and a slice";
  let description = [{
    `jax.lax.approx_max_k` and `approx_min_k` export, for the TPU, a
    `stablehlo.custom_call @ApproxTopK` over N operands (the values and the
    indices JAX pairs with them) and N initial values, whose comparator is
    a function named in `called_computations` and whose `backend_config`
    gives `top_k` and `reduction_dim`. XLA's TPU kernel keeps the best of
    each of a number of bins, which reaches the requested recall; the exact
    top-k has recall 1, at least any `recall_target`, so each call becomes
    a stable `stablehlo.sort` of its operands along `reduction_dim` with the
    comparator's body as its region, each result the first entries of that
    sort (`top_k` of them, or the result's size when `aggregate_to_topk` is
    false). The initial values only pad XLA's bins, and go unused.

    A module pass, because the comparator is another function: the import
    that follows converts functions in parallel. A comparator left without
    uses is erased (JAX exports it public, but it is no entry point).

    ```mlir
    %v, %i = stablehlo.custom_call @ApproxTopK(%x, %iota, %ninf, %m1)
        {called_computations = [@top_k_gt_f32_comparator],
         mhlo.backend_config = {top_k = 3 : i64, reduction_dim = 0 : i64, ...}}
    // becomes
    %s:2 = "stablehlo.sort"(%x, %iota) ({ ...the comparator's body... })
        {dimension = 0 : i64, is_stable = true}
    %v = stablehlo.slice %s#0 [0:3]
    %i = stablehlo.slice %s#1 [0:3]
    ```
  }];
  let dependentDialects = ["::mlir::stablehlo::StableHLODialect"];
}

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
  // chlo.scan and chlo.ragged_dot become StableHLO ops first; elided
  // weights are recorded as tpu.elided_constants.
  let dependentDialects = ["::mlir::hlo::HLODialect",
                           "::mlir::stablehlo::StableHLODialect",
                           "::mlir::tpu::TPUDialect"];
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
  let dependentDialects = ["::mlir::hlo::HLODialect", "::mlir::tpu::TPUDialect"];
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
      `tensor<i1>`, becomes `hlo.while`; a do-while (a before-region that
      computes what it forwards, as `lift-cf-to-scf` makes of a loop whose
      exit test is in its body) is rotated: the before-region runs once
      ahead of the loop and again at the end of each iteration, and the
      loop carries the exit test;
    * scalars an `scf` op carries or tests (`lift-cf-to-scf`'s i32 flags,
      their truncation to i1, `ub.poison`) are rebuilt on rank-0 tensors
      from the tensors they were extracted from: constants, integer and
      float add/sub/mul, and/or/xor, select, comparisons, extensions and
      truncations; poison becomes zeros;
    * `scf.for` with constant bounds and step becomes `hlo.while` with an
      i32 counter carried first; the induction variable may be read only
      as a tensor (`arith.index_cast` to i32, then `tensor.from_elements`).

    Anything else is refused at the op, saying what is missing. Runs after
    the StableHLO and TOSA imports have converted the ops in the regions.
  }];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

#endif // TPU_PASSES_IMPORT_PASSES_TD
