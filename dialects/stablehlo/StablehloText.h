//===- StablehloText.h - StableHLO text as exporters print it ---*- C++ -*-===//
//
// What MLIR 22's parser reads differently from the printers that wrote the
// StableHLO in the wild. Each tool passes its input through here before
// parsing.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLOTEXT_H
#define TPU_DIALECTS_STABLEHLO_STABLEHLOTEXT_H

#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace mlir::stablehlo {

/// StableHLO's printer and JAX write an i1 tensor's hex data one byte (00
/// or 01) per element; MLIR 22 reads it as packed bits (8 elements per
/// byte, the first in the lowest bit) and rejects the byte form. Returns
/// `text` with each `dense<"0x...">` of an i1 tensor type whose data is one
/// 00 or 01 byte per element packed; anything else stays as it is.
std::string packBoolHexConstants(llvm::StringRef text);

/// `buffer` with packBoolHexConstants applied, keeping its name (for
/// locations); the same buffer when nothing changes.
std::unique_ptr<llvm::MemoryBuffer>
packBoolHexConstants(std::unique_ptr<llvm::MemoryBuffer> buffer);

} // namespace mlir::stablehlo

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLOTEXT_H
