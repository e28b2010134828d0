//===- tpu-opt.cpp - The compiler's pass driver ----------------------------===//
//
// MlirOptMain over the hlo dialect, the upstream dialects its inputs use, and
// every pass this project defines.
//
//===----------------------------------------------------------------------===//

#include "compiler/InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tpu::registerCompilerDialects(registry);
  mlir::tpu::registerCompilerPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "TPU compiler pass driver\n", registry));
}
