//===- Evaluator.h - Reference interpreter of the hlo dialect ---*- C++ -*-===//
//
// The oracle that compiled programs are checked against: a plain interpreter,
// one small function per op, that favours being obviously right over being
// fast. It ignores layouts, so it runs a function before and after any of
// the layout and padding passes, which must not change its results.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_REFERENCE_EVALUATOR_H
#define TPU_COMPILER_REFERENCE_EVALUATOR_H

#include "runtime/machine/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <vector>

namespace mlir::tpu {

/// Values are host tensors: every element held as a double, which
/// represents each stored element type's values exactly; results are rounded
/// to their element type after every op.
using tpc::HostTensor;

/// Rounds `value` to `type` as a store of that type would: f32 and bf16 to
/// nearest even, integers wrap modulo 2^width, i1 is `value != 0`.
double roundTo(Type type, double value);

/// Runs `func` on `args`. Unsupported ops and arguments whose shape or
/// element type differ from the signature are reported as errors on the
/// offending op (or the function).
FailureOr<SmallVector<HostTensor>> evaluate(func::FuncOp func,
                                            ArrayRef<HostTensor> args);

/// Runs `func` as an SPMD program on `args.size()` devices, `args[d]` being
/// device d's arguments, each device on its own thread: collectives meet at
/// a rendezvous. Every device's results, or failure (reported once on the
/// op) when a device fails or the devices take different paths.
FailureOr<SmallVector<SmallVector<HostTensor>>>
evaluateSpmd(func::FuncOp func, ArrayRef<SmallVector<HostTensor>> args);

/// One element of an elementwise hlo op from its operands' elements.
double evaluateElementwise(Operation *op, ArrayRef<double> operands);

/// A dense constant's elements.
HostTensor toHostTensor(DenseElementsAttr attr);

} // namespace mlir::tpu

#endif // TPU_COMPILER_REFERENCE_EVALUATOR_H
