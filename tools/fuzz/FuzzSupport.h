//===- FuzzSupport.h - Shared set-up of the libFuzzer targets ----*- C++
//-*-===//
//
// Each input gets a fresh single-threaded MLIRContext (so that attributes
// uniqued for one input do not accumulate across millions) whose
// diagnostics are dropped: the targets look for crashes, hangs, leaks and
// sanitizer reports, not for messages.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_TOOLS_FUZZ_FUZZSUPPORT_H
#define TPU_TOOLS_FUZZ_FUZZSUPPORT_H

#include "compiler/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace mlir::tpu::fuzz {

/// A context with every dialect the compiler accepts, quiet and
/// single-threaded.
inline std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registerCompilerDialects(registry);
  auto context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  context->getDiagEngine().registerHandler(
      [](Diagnostic &) { return success(); });
  return context;
}

/// Parses (and verifies) `data` as a module; null when it is not one.
inline OwningOpRef<ModuleOp> parseModule(const uint8_t *data, size_t size,
                                         MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz-input"),
      llvm::SMLoc());
  return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
}

} // namespace mlir::tpu::fuzz

#endif // TPU_TOOLS_FUZZ_FUZZSUPPORT_H
