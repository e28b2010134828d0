//===- Passes.td - memory passes ---------------------------*- tablegen -*-===//
//
// Memory: schedule, rematerialization, HBM buffers and the memory report.
// Each pass's rationale is in docs/passes.md; passes/Passes.h declares
// the passes of every phase.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_MEMORY_PASSES_TD
#define TPU_PASSES_MEMORY_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // TPU_PASSES_MEMORY_PASSES_TD
