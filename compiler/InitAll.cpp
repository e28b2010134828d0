//===- InitAll.cpp - Registration of the compiler's dialects and passes ---===//

#include "compiler/InitAll.h"

#include "compiler/pipeline/Pipeline.h"
#include "dialects/chlo/ChloOps.h"
#include "dialects/hlo/HLOOps.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "passes/Passes.h"

void mlir::tpu::registerCompilerDialects(DialectRegistry &registry) {
  registry.insert<hlo::HLODialect, tpu::TPUDialect, func::FuncDialect,
                  arith::ArithDialect, scf::SCFDialect, tensor::TensorDialect,
                  tosa::TosaDialect, stablehlo::StableHLODialect,
                  chlo::ChloDialect, quant::QuantDialect>();
  func::registerInlinerExtension(registry);
}

void mlir::tpu::registerCompilerPasses() {
  // Upstream generic passes: canonicalize, cse, inline, symbol-dce, ...
  registerTransformsPasses();
  tpu::registerTPUPasses();
  tpu::registerCompilePipeline();
}
