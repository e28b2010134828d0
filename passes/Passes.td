//===- Passes.td - The compiler's passes ---------------------*- tablegen -*-===//
//
// Each pass's rationale is in docs/passes.md.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_PASSES_TD
#define TPU_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

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
    Option<"target", "target", "std::string", /*default=*/"\"v3\"",
           "TPU generation: v2, v3, v4, v5e or v6e">,
    Option<"mode", "mode", "::mlir::tpu::LayoutMode",
           /*default=*/"::mlir::tpu::LayoutMode::XlaDefault",
           "Layout policy", [{::llvm::cl::values(
             clEnumValN(::mlir::tpu::LayoutMode::XlaDefault, "xla-default",
                        "XLA's default TPU layouts"),
             clEnumValN(::mlir::tpu::LayoutMode::MinPadding, "min-padding",
                        "the order with the fewest padded bytes"))}]>,
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
    Option<"target", "target", "std::string", /*default=*/"\"v3\"",
           "TPU generation: v2, v3, v4, v5e or v6e">,
    Option<"top", "top", "unsigned", /*default=*/"3",
           "How many of the most wasteful values get advice">,
  ];
}

def TPUPad : Pass<"tpu-pad", "::mlir::ModuleOp"> {
  let summary = "Make tile padding explicit: compute on tile-aligned shapes";
  let description = [{
    Rewrites every function whose values carry `#tpu.layout`s (run
    `-tpu-assign-layouts` first) so that its ops compute on the physical,
    tile-padded shapes the layouts imply. Matmul and convolution contraction
    and output-feature dimensions are also rounded up to the target's MXU
    size, which is the work the systolic array does.

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
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"v3\"",
           "TPU generation: v2, v3, v4, v5e or v6e">,
  ];
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

    When the program needs more than the target's HBM (capacity minus the
    reserved region), the pass fails with XLA's out-of-memory report;
    `report=true` prints the same report for programs that fit.

    ```
    Ran out of memory in memory space hbm. Used 19.46G of 15.48G hbm.
    Exceeded hbm capacity by 3.98G.
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"v3\"",
           "TPU generation: v2, v3, v4, v5e or v6e">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Print the memory report even when the program fits">,
    Option<"top", "top", "unsigned", /*default=*/"10",
           "How many of the largest allocations the report lists">,
  ];
}

#endif // TPU_PASSES_PASSES_TD
