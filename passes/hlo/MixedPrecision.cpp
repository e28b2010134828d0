//===- MixedPrecision.cpp - hlo-mixed-precision ---------------------------===//
//
// bf16 mixed precision as the Cloud TPU guide and Keras' mixed_bfloat16
// policy define it: matmul and convolution operands in bf16 with f32
// accumulation, activations stored in bf16 where their readers allow,
// parameters, optimizer state and reductions in f32. See docs/passes.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "dialects/hlo/HLOOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "runtime/machine/Shape.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOMIXEDPRECISION
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

/// Whether `user` may read a value rounded to bf16 in place of the f32 one:
/// elementwise arithmetic (Keras computes activations in bf16), not a
/// reduction (softmax, layer norm and losses sum in f32), not a result of
/// the function, not control flow.
bool takesBf16(Operation *user) {
  return user->hasTrait<OpTrait::Elementwise>() &&
         isa_and_present<hlo::HLODialect>(user->getDialect());
}

struct HLOMixedPrecisionPass
    : tpu::impl::HLOMixedPrecisionBase<HLOMixedPrecisionPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    MLIRContext *context = &getContext();
    Type bf16 = BFloat16Type::get(context), f32 = Float32Type::get(context);
    // The bf16 copy of each f32 value a contraction reads, made once.
    llvm::MapVector<Value, Value> copies;
    int64_t operands = 0;
    func.walk([&](Operation *op) {
      if (!hlo::isContraction(op) || !isa_and_present<hlo::HLODialect>(op->getDialect()))
        return;
      for (OpOperand &use : op->getOpOperands()) {
        Value value = use.get();
        if (getElementTypeOrSelf(value.getType()) != f32)
          continue;
        Value &copy = copies[value];
        if (!copy) {
          OpBuilder b(context);
          b.setInsertionPointAfterValue(value);
          auto type = cast<RankedTensorType>(value.getType()).clone(bf16);
          copy = hlo::ConvertOp::create(b, value.getLoc(), type, value);
        }
        use.set(copy);
        ++operands;
      }
    });
    // An activation all of whose other readers take bf16 is stored only in
    // bf16: they read it back widened (fusion folds both converts into the
    // kernels), so the f32 value is never written to memory.
    int64_t stored = 0, storedBytes = 0;
    for (auto [value, copy] : copies) {
      if (isa<BlockArgument>(value))
        continue; // parameters and optimizer state stay f32
      Operation *convert = copy.getDefiningOp();
      if (!llvm::all_of(value.getUsers(), [&](Operation *user) {
            return user == convert || takesBf16(user);
          }))
        continue;
      // One widening per reader, right before it, to fuse into its kernel.
      auto type = cast<RankedTensorType>(value.getType());
      DenseMap<Operation *, Value> widened;
      for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
        Operation *reader = use.getOwner();
        if (reader == convert)
          continue;
        Value &wide = widened[reader];
        if (!wide) {
          OpBuilder b(reader);
          wide = hlo::ConvertOp::create(b, value.getLoc(), type, copy);
        }
        use.set(wide);
      }
      ++stored;
      storedBytes = tpc::saturatingAdd(
          storedBytes,
          tpc::saturatingMul(2, tpc::saturatingProduct(type.getShape())));
    }
    if (operands)
      func.emitRemark() << "mixed precision (bf16): " << operands
                        << " matmul and convolution operand"
                        << (operands == 1 ? "" : "s") << " in bf16, " << stored
                        << " activation" << (stored == 1 ? "" : "s")
                        << " stored in bf16 (" << tpc::formatBytes(storedBytes)
                        << " less, before padding); parameters, optimizer "
                           "state and reductions stay f32";
  }
};

} // namespace
