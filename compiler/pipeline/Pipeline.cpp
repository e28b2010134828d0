//===- Pipeline.cpp - The tpu-compile pipeline ----------------------------===//

#include "compiler/pipeline/Pipeline.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "runtime/machine/Target.h"
#include "runtime/machine/Topology.h"
#include "llvm/Support/StringSaver.h"

using namespace mlir;
using namespace mlir::tpu;

/// Help text built at run time, kept for the life of the program.
static llvm::StringRef keep(std::string text) {
  static llvm::BumpPtrAllocator allocator;
  static llvm::StringSaver saver(allocator);
  return saver.save(text);
}

llvm::StringRef mlir::tpu::targetHelp(llvm::StringRef detail) {
  std::string text = "TPU generation: " + tpc::targetNames();
  if (!detail.empty())
    text += ". " + detail.str();
  return keep(text + " (default: the module's tpu.target, else " +
              std::string(tpc::defaultTarget().name) + ")");
}

llvm::StringRef mlir::tpu::topologyHelp() {
  // A Cloud TPU name per generation, each checked against the parser.
  std::string names;
  for (const tpc::Target &target : tpc::allTargets()) {
    std::string name = std::string(target.name) + "-8", error;
    if (tpc::parseTopology(name, &error))
      names += (names.empty() ? "" : ", ") + name;
  }
  return keep("The slice the program runs on, one copy per device (SPMD): a "
              "Cloud TPU name (" +
              names +
              "; v5litepod-8 is v5e-8) or a generation and chip mesh (v5e:4x4); "
              "sets --target. "
              "Default: one device");
}

llvm::cl::ValuesClass mlir::tpu::phaseValues() {
  return llvm::cl::values(
      clEnumValN(Phase::Input, "input", "the program as given, verified"),
      clEnumValN(Phase::Simplify, "simplify", "after hlo-simplify"),
      clEnumValN(Phase::Fuse, "fuse", "after hlo-fuse"),
      clEnumValN(Phase::Layouts, "layouts", "after tpu-assign-layouts"),
      clEnumValN(Phase::Pad, "pad",
                 "after tpu-pad and fusing what padding added"),
      clEnumValN(Phase::Buffers, "buffers",
                 "after tpu-assign-buffers: scheduled, with HBM offsets"),
      clEnumValN(Phase::Lower, "lower",
                 "after tpu-lower: TensorCore kernels on HBM buffers"),
      clEnumValN(Phase::Executable, "executable",
                 "the executable file (tpu-compile's default; MLIR "
                 "pipelines stop at lower)"));
}

void mlir::tpu::buildImportPipeline(OpPassManager &pm,
                                    hlo::Precision defaultPrecision,
                                    bool mixedBf16) {
  // Exporters call private helpers (JAX's `@_where`, `@logaddexp`); the
  // input dialects inline (hlo does not, so hlo calls stay calls). No
  // simplification runs in between: the import must see the program as
  // written.
  // Nothing the compiler can translate is unregistered; refusing it here
  // also keeps it from upstream passes that assume registered ops.
  pm.addPass(createTPUVerify(TPUVerifyOptions{/*requireRegistered=*/true}));
  // Before inlining: the round-tripped shard_map is a call of its body.
  pm.addPass(createImportShardy());
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  pm.addPass(createSymbolDCEPass());
  // Before the function-parallel import: the rewrite reads the comparator,
  // another function.
  pm.addPass(createStablehloApproxTopK());
  // Branches between blocks are lifted to scf (upstream's lift-cf-to-scf),
  // which convert-scf-to-hlo takes after the op imports.
  pm.addNestedPass<func::FuncOp>(createLiftControlFlowToSCFPass());
  pm.addNestedPass<func::FuncOp>(createConvertStablehloToHlo());
  pm.addNestedPass<func::FuncOp>(createConvertTosaToHlo());
  // scf around the converted ops becomes hlo's control flow.
  pm.addNestedPass<func::FuncOp>(createConvertScfToHlo());
  // tpu-compile does not verify between passes: the hlo the import built
  // is verified here, so an import bug stops the compile at the op it made
  // wrong instead of reaching the lowering.
  pm.addPass(createTPUVerify());
  // DEFAULT is what an unset precision means already.
  if (defaultPrecision != hlo::Precision::DEFAULT)
    pm.addNestedPass<func::FuncOp>(createHLOSetDefaultPrecision(
        HLOSetDefaultPrecisionOptions{defaultPrecision}));
  if (mixedBf16)
    pm.addNestedPass<func::FuncOp>(createHLOMixedPrecision());
}

void mlir::tpu::buildCompilePipeline(OpPassManager &pm,
                                     const CompileOptions &options,
                                     tpc::MemoryPlan *memory) {
  auto wants = [&](Phase phase) { return phase <= options.compileTo; };
  // The one place the pipeline decides the target; passes read it back.
  pm.addPass(createTPUSetTarget(
      TPUSetTargetOptions{options.target, options.hbmLimit, options.topology}));
  buildImportPipeline(pm, options.defaultPrecision,
                      options.mixedPrecision == "bf16");
  // A program with sharding annotations becomes each device's program; the
  // passes after see one device's.
  // Another batch size (--largest-batch's probes), before the program is
  // cut over devices.
  pm.addPass(createHLOResizeDimension(HLOResizeDimensionOptions{options.resize}));
  pm.addPass(createHLOShardArguments(
      HLOShardArgumentsOptions{options.dataParallel, options.batchArguments,
                               options.zero, 0}));
  pm.addPass(createHLOSpmdPartition());
  // The program's own FLOPs, before simplification and padding change them.
  pm.addNestedPass<func::FuncOp>(createTPUModelFlops());
  if (wants(Phase::Simplify)) {
    pm.addNestedPass<func::FuncOp>(createHLOSimplify());
    // After simplification, which may remove the ops decomposition expands.
    pm.addNestedPass<func::FuncOp>(createHLODecompose());
  }
  if (wants(Phase::Fuse)) {
    // Loop bodies and branches become functions that every later pass
    // compiles once, like any other.
    pm.addPass(createHLOOutlineControlFlow());
    pm.addNestedPass<func::FuncOp>(
        createHLOFuse(HLOFuseOptions{options.maxFusionOps}));
  }
  if (wants(Phase::Layouts)) {
    // The compiler owns the executable's calling convention (the runtime
    // lays inputs out on the way in), so entry layouts are its to choose.
    pm.addPass(createTPUAssignLayouts(
        TPUAssignLayoutsOptions{options.layoutMode, /*relayoutEntry=*/true}));
    if (options.paddingReport)
      pm.addPass(createTPUPaddingReport());
  }
  if (wants(Phase::Pad)) {
    pm.addPass(createTPUPad());
    // The masks and resizes padding adds fuse into their consumers.
    pm.addNestedPass<func::FuncOp>(
        createHLOFuse(HLOFuseOptions{options.maxFusionOps}));
  }
  // Buffer assignment places the padded program that is lowered, so its
  // plan (the memory report and viewer) describes the executable's buffers;
  // tpu-pad's record of logical types says how much of each is padding.
  if (wants(Phase::Buffers)) {
    // Only a program over the limit changes; it keeps the order chosen here.
    if (options.rematerialize)
      pm.addPass(createTPURematerialize(
          TPURematerializeOptions{options.donateArguments}));
    pm.addPass(createTPUAssignBuffersPass(
        TPUAssignBuffersOptions{options.memoryReportTop,
                                options.donateArguments},
        memory));
    if (!memory && options.wantsMemoryPlan())
      pm.addPass(createTPUMemoryReport(
          TPUMemoryReportOptions{options.memoryReport, options.memoryViewer,
                                 options.memoryViewerJson}));
  }
  if (wants(Phase::Lower))
    pm.addPass(createTPULower());
}

void mlir::tpu::registerCompilePipeline() {
  PassPipelineRegistration<CompileOptions>(
      "tpu-compile",
      "The whole compiler: simplify, fuse, assign layouts, pad, assign "
      "buffers, lower (stop early with compile-to=PHASE)",
      [](OpPassManager &pm, const CompileOptions &options) {
        buildCompilePipeline(pm, options);
      });
}
