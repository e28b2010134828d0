//===- Passes.td - layout passes ---------------------------*- tablegen -*-===//
//
// Layouts and tile padding.
// Each pass's rationale is in docs/passes.md; passes/Passes.h declares
// the passes of every phase.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_LAYOUT_PASSES_TD
#define TPU_PASSES_LAYOUT_PASSES_TD

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
    Option<"mode", "mode", "::mlir::tpu::LayoutMode",
           /*default=*/"::mlir::tpu::LayoutMode::XlaDefault",
           "Layout policy", "::mlir::tpu::layoutModeValues()">,
    Option<"relayoutEntry", "relayout-entry", "bool", /*default=*/"false",
           "Let the pass choose layouts of function arguments and results">,
  ];
  let dependentDialects = ["::mlir::hlo::HLODialect", "::mlir::tpu::TPUDialect"];
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

#endif // TPU_PASSES_LAYOUT_PASSES_TD
