//===- Passes.td - spmd passes -----------------------------*- tablegen -*-===//
//
// SPMD: shardings and each device's program.
// Each pass's rationale is in docs/passes.md; passes/Passes.h declares
// the passes of every phase.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_SPMD_PASSES_TD
#define TPU_PASSES_SPMD_PASSES_TD

include "mlir/Pass/PassBase.td"

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

    An inference program donates nothing: `batch-arguments` names its batch
    (argument numbers, or the names JAX gives them, `images` for
    `loc("images")`), cut along the first dimension; every other argument
    (the weights) is replicated, donated or not.
  }];
  let options = [
    Option<"dataParallel", "data-parallel", "bool", /*default=*/"false",
           "cut the batch, replicate the model state">,
    Option<"batchArguments", "batch-arguments", "std::string",
           /*default=*/"\"\"",
           "the batch, by argument number or name (comma-separated); the "
           "others are the model">,
    Option<"zero", "zero", "int64_t", /*default=*/"0",
           "ZeRO stage: 1 cuts the optimizer state, 3 the parameters too">,
    Option<"devices", "devices", "int64_t", /*default=*/"0",
           "devices the program runs on (0: the module's tpu.topology)">
  ];
  let dependentDialects = ["::mlir::hlo::HLODialect"];
}

def HLOResizeDimension : Pass<"hlo-resize-dimension", "::mlir::ModuleOp"> {
  let summary = "The program at another batch size (--largest-batch's probes)";
  let description = [{
    Resizes dimension DIMENSION of argument ARGUMENT (its number, or the
    name JAX gives it: `images` for `loc("images")`) of each public function
    to SIZE, and with it every dimension that derives from it: those each
    op's dimension rules (sharding propagation's, reshapes by their prefix
    products, loops and branches by their carried values) connect to it. A
    derived dimension is a multiple of the old size and becomes the same
    multiple of the new one; full slices, splat constants and function
    types follow. An op the batch reaches without a rule, a non-splat
    constant of the batch's size, or a dimension that is not a multiple is
    an error at its location.
  }];
  let options = [
    Option<"resize", "resize", "std::string", /*default=*/"\"\"",
           "ARGUMENT:DIMENSION=SIZE">
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

#endif // TPU_PASSES_SPMD_PASSES_TD
