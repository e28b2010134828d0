//===- tpu-opt.cpp - The compiler's pass driver
//----------------------------===//
//
// MlirOptMain over the hlo dialect, the upstream dialects its inputs use, and
// every pass this project defines.
//
//===----------------------------------------------------------------------===//

#include "compiler/InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "passes/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tpu::registerCompilerDialects(registry);
  mlir::tpu::registerCompilerPasses();
  mlir::LogicalResult result =
      mlir::MlirOptMain(argc, argv, "TPU compiler pass driver\n", registry);
  // 2 for a program that does not fit in HBM, 1 for any other failure.
  if (mlir::failed(result))
    return mlir::tpu::ranOutOfMemory() ? 2 : 1;
  return 0;
}
