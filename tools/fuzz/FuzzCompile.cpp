//===- FuzzCompile.cpp - libFuzzer: the whole tpu-compile pipeline --------===//
//
// Arbitrary text that parses and verifies goes through every pass to an
// executable, which the runtime then loads, as tpu-run does with MLIR input.
// Targets alternate by the input's length so both layout modes and two
// generations are covered.
//
//===----------------------------------------------------------------------===//

#include "tools/fuzz/FuzzSupport.h"

#include "compiler/driver/Compile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace mlir::tpu;
  std::unique_ptr<mlir::MLIRContext> context = fuzz::makeContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      fuzz::parseModule(data, size, *context);
  if (!module)
    return 0;
  CompileOptions options;
  options.target = size % 2 ? "v3" : "v5e";
  options.layoutMode =
      size % 4 < 2 ? LayoutMode::XlaDefault : LayoutMode::MinPadding;
  tpurt::Executable executable;
  std::string error;
  (void)compileAndLoad(*module, options, executable, error);
  return 0;
}
