//===- Version.h - What the tools' --version prints --------------*- C++ -*-===//
//
// The compiler, the executable format it writes (and tpu-run reads), and
// the LLVM it is built on; header-only, so that every tool prints the same
// line whatever it links.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_DRIVER_VERSION_H
#define TPU_COMPILER_DRIVER_VERSION_H

#include "runtime/Executable.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tpu {

inline void printToolVersion(llvm::raw_ostream &os) {
  os << "tpu-compiler: executable format " << tpurt::kFormatVersion
     << ", built on LLVM and MLIR " << LLVM_VERSION_STRING << "\n";
}

} // namespace mlir::tpu

#endif // TPU_COMPILER_DRIVER_VERSION_H
