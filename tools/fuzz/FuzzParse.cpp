//===- FuzzParse.cpp - libFuzzer: parse and verify a module ---------------===//
//
// Arbitrary text through the MLIR parser and the verifiers of the hlo, tpu,
// TOSA and func dialects.
//
//===----------------------------------------------------------------------===//

#include "tools/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::unique_ptr<mlir::MLIRContext> context = mlir::tpu::fuzz::makeContext();
  (void)mlir::tpu::fuzz::parseModule(data, size, *context);
  return 0;
}
