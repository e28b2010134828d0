//===- PaddingReport.h - Where tile padding takes memory --------*- C++ -*-===//
//
// tpu-padding-report's text, for the drivers that print it elsewhere than
// stdout (the C API, the Python package).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_LAYOUT_PADDINGREPORT_H
#define TPU_PASSES_LAYOUT_PADDINGREPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tpu {

/// Prints, per function of `module` (laid out by tpu-assign-layouts), every
/// tensor value by wasted bytes with totals, and advice for the `top` most
/// wasteful. Fails, with an error at the value, on a value without layout.
LogicalResult printPaddingReport(ModuleOp module, unsigned top,
                                 llvm::raw_ostream &os);

} // namespace mlir::tpu

#endif // TPU_PASSES_LAYOUT_PADDINGREPORT_H
