//===- InitAll.cpp - Registration of the compiler's dialects and passes ---===//

#include "compiler/InitAll.h"

#include "compiler/pipeline/Pipeline.h"
#include "dialects/chlo/ChloOps.h"
#include "dialects/hlo/HLOOps.h"
#include "dialects/sdy/SdyOps.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "passes/Passes.h"

void mlir::tpu::registerCompilerDialects(DialectRegistry &registry) {
  registry.insert<hlo::HLODialect, tpu::TPUDialect, func::FuncDialect,
                  arith::ArithDialect, scf::SCFDialect, tensor::TensorDialect,
                  tosa::TosaDialect, stablehlo::StableHLODialect,
                  chlo::ChloDialect, sdy::SdyDialect, quant::QuantDialect,
                  // Branches between blocks, and the poison lift-cf-to-scf
                  // leaves where a lifted branch defines no value.
                  cf::ControlFlowDialect, ub::UBDialect>();
  func::registerInlinerExtension(registry);
}

void mlir::tpu::registerCompilerPasses() {
  // Upstream generic passes: canonicalize, cse, inline, symbol-dce, ...
  registerTransformsPasses();
  tpu::registerTPUPasses();
  // The import's first step on branches (tpu-opt -lift-cf-to-scf).
  registerPass([] { return createLiftControlFlowToSCFPass(); });
  tpu::registerCompilePipeline();
}
