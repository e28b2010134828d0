//===- InitAll.h - Registration of the compiler's dialects and passes -----===//
//
// Tools and embedders call these instead of MLIR's registerAll*, so that they
// link and list only what this compiler uses.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_INITALL_H
#define TPU_COMPILER_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::tpu {

/// Registers the project's dialects and the upstream dialects its inputs use
/// (func, arith, scf, tensor, tosa), with their interface extensions.
void registerCompilerDialects(DialectRegistry &registry);

/// Registers every pass and pipeline this project defines, plus the upstream
/// generic passes (canonicalize, cse, inline, ...) a pass driver needs.
void registerCompilerPasses();

} // namespace mlir::tpu

#endif // TPU_COMPILER_INITALL_H
