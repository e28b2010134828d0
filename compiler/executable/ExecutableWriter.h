//===- ExecutableWriter.h - Lowered module to executable file ---*- C++ -*-===//
//
// Translates the output of tpu-lower (functions of tpu.hbm_buffer and
// tpu.kernel ops, index arithmetic in arith, loops and branches in scf)
// into the runtime's executable: a buffer table, constants and one
// register-machine instruction stream per kernel (docs/executable.md).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_EXECUTABLE_EXECUTABLEWRITER_H
#define TPU_COMPILER_EXECUTABLE_EXECUTABLEWRITER_H

#include "runtime/Executable.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tpu {

/// Fails with a diagnostic on the first op it cannot translate.
FailureOr<tpurt::Executable> buildExecutable(ModuleOp module);

/// Where the module's functions hold elided weights (tpu.elided_constants),
/// in function order: a run that computes values must refuse them.
std::vector<std::string> elidedConstantsOf(ModuleOp module);

} // namespace mlir::tpu

#endif // TPU_COMPILER_EXECUTABLE_EXECUTABLEWRITER_H
