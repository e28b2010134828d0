//===- Lower.cpp - hlo to TensorCore kernels ------------------------------===//
//
// tpu-lower: each fusion (or unfused op) of a buffer-assigned function
// becomes one tpu.kernel. A kernel iterates over blocks of its iteration
// space (the output's physical dimensions, then the reduced or contracted
// ones) in one flattened, software-pipelined loop with VMEM slots per input
// and two per output. The kernel model is in passes/lower/; this file walks
// the function. See docs/lowering.md.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/lower/KernelLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPULOWER
#include "passes/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// The lowered function's declaration: arguments and results as HBM
/// memrefs of their physical shapes, keeping their tensor types as
/// tpu.logical_type.
FailureOr<func::FuncOp> declareLowered(func::FuncOp func, OpBuilder &b) {
  MLIRContext *ctx = func.getContext();
  Block &entry = func.getBody().front();
  SmallVector<Type> argTypes, resultTypes;
  for (BlockArgument arg : entry.getArguments()) {
    FailureOr<Physical> phys = physicalOf(arg.getLoc(), arg.getType());
    if (failed(phys))
      return failure();
    argTypes.push_back(memrefType(phys->dims, phys->element, MemorySpace::hbm));
  }
  for (Type type : func.getResultTypes()) {
    FailureOr<Physical> phys = physicalOf(func.getLoc(), type);
    if (failed(phys))
      return failure();
    resultTypes.push_back(
        memrefType(phys->dims, phys->element, MemorySpace::hbm));
  }
  auto lowered =
      func::FuncOp::create(b, func.getLoc(), func.getName(),
                           FunctionType::get(ctx, argTypes, resultTypes));
  lowered.setVisibility(func.getVisibility());
  // What tpu-model-flops counted goes into the executable.
  if (Attribute flops = func->getAttr("tpu.model_flops"))
    lowered->setAttr("tpu.model_flops", flops);
  for (auto [i, arg] : llvm::enumerate(entry.getArguments()))
    lowered.setArgAttr(i, "tpu.logical_type", TypeAttr::get(arg.getType()));
  for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
    lowered.setResultAttr(i, "tpu.logical_type", TypeAttr::get(type));
  return lowered;
}

/// The ops one kernel computes, the values it writes, and the operand
/// outside the kernel that each of its parameters stands for. A value read
/// through several windows (concatenate %x, %x) gets its copies from
/// splitRead, like any value read through several maps.
struct KernelBody {
  std::unique_ptr<Block> scratch; // a copy splitRead may change
  SmallVector<Operation *> ops;
  SmallVector<Value> roots;
  DenseMap<Value, Value> outside;
};

KernelBody kernelBody(Operation &op) {
  KernelBody body;
  if (auto fusion = dyn_cast<hlo::FusionOp>(op)) {
    for (Operation &inner : fusion.getBlock().without_terminator())
      body.ops.push_back(&inner);
    llvm::append_range(body.roots,
                       fusion.getBlock().getTerminator()->getOperands());
    for (auto [param, operand] :
         llvm::zip(fusion.getBlock().getArguments(), fusion.getInputs()))
      body.outside[param] = operand;
  } else {
    body.ops.push_back(&op);
    body.roots.push_back(op.getResult(0));
  }
  return body;
}

/// Makes `body` its own copy (a scratch block whose parameters stand for
/// the same outside values), so that splitRead may change it; `map` takes
/// the original values and ops to their copies.
void ensureScratch(KernelBody &body, IRMapping &map) {
  if (body.scratch)
    return;
  auto block = std::make_unique<Block>();
  DenseSet<Operation *> inside(body.ops.begin(), body.ops.end());
  SmallVector<Operation *> ops;
  for (Operation *op : body.ops) {
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if ((def && inside.contains(def)) || map.contains(operand))
        continue;
      BlockArgument param =
          block->addArgument(operand.getType(), operand.getLoc());
      map.map(operand, param);
      Value outer = body.outside.lookup(operand);
      body.outside[param] = outer ? outer : operand;
    }
    Operation *clone = op->clone(map);
    block->push_back(clone);
    ops.push_back(clone);
  }
  for (Value &root : body.roots)
    root = map.lookup(root);
  body.ops = std::move(ops);
  body.scratch = std::move(block);
}

/// Gives `user`'s first read of `value` its own copy: a new parameter for
/// the same outside value, or a clone of the op that computes it (whose own
/// reads may then need splitting in turn).
void splitRead(KernelBody &body, Value value, Operation *user) {
  Value copy;
  if (auto param = dyn_cast<BlockArgument>(value)) {
    BlockArgument fresh =
        body.scratch->addArgument(param.getType(), param.getLoc());
    body.outside[fresh] = body.outside.lookup(param);
    copy = fresh;
  } else {
    Operation *def = value.getDefiningOp();
    Operation *clone = def->clone();
    def->getBlock()->getOperations().insertAfter(Block::iterator(def), clone);
    body.ops.insert(llvm::find(body.ops, def) + 1, clone);
    copy = clone->getResult(cast<OpResult>(value).getResultNumber());
  }
  for (OpOperand &operand : user->getOpOperands())
    if (operand.get() == value) {
      operand.set(copy);
      return;
    }
}

/// Lowers `op` as one kernel. A value its computation reads through two
/// different index maps (x + transpose(x), an outer sum of broadcasts, a
/// product of x with itself) is given one copy per read, up to `maxCopies`
/// (-1: a budget proportional to the computation's size, which nested
/// outer products could otherwise grow exponentially).
LogicalResult lowerKernel(OpBuilder &b, const tpc::Target &target,
                          Operation &op, StringRef name, KernelBody &body,
                          ArrayRef<Value> outBuffers,
                          llvm::function_ref<FailureOr<Value>(Value)> leaf,
                          std::function<bool(Value)> zeroPadded,
                          int64_t maxCopies) {
  int64_t budget = maxCopies >= 0
                       ? maxCopies
                       : 4 * static_cast<int64_t>(body.ops.size()) + 8;
  for (int64_t attempt = 0;; ++attempt) {
    KernelLowering kernel(b, target, &op, name.str());
    kernel.zeroPadded = zeroPadded;
    kernel.deferMapConflicts = attempt < budget;
    if (succeeded(kernel.lower(body.ops, body.roots, outBuffers, leaf)))
      return success();
    if (!kernel.mapConflict)
      return failure();
    IRMapping copies;
    ensureScratch(body, copies);
    auto [value, user] = *kernel.mapConflict;
    splitRead(body, copies.lookupOrDefault(value),
              copies.lookupOrDefault(user));
  }
}

LogicalResult lowerFunction(func::FuncOp func, const tpc::Target &target,
                            int64_t maxReadCopies) {
  Block &entry = func.getBody().front();
  OpBuilder b(func);
  FailureOr<func::FuncOp> declared = declareLowered(func, b);
  if (failed(declared))
    return failure();
  func::FuncOp lowered = *declared;
  Block *body = lowered.addEntryBlock();
  b.setInsertionPointToStart(body);

  DenseMap<Value, Value> buffers;
  for (auto [from, to] : llvm::zip(entry.getArguments(), body->getArguments()))
    buffers[from] = to;
  int64_t programBytes = 0;
  // A kernel is named as the memory report names its op's result, so the
  // report and the profile agree: %fusion_0 is kernel fusion_0, and an
  // unnamed result, %4 = hlo.reduce, is kernel reduce_4.
  AsmState names(func, OpPrintingFlags().skipRegions());
  auto kernelNameOf = [&](Operation *op) {
    std::string name;
    llvm::raw_string_ostream os(name);
    op->getResult(0).printAsOperand(os, names);
    llvm::StringRef id = llvm::StringRef(name).drop_front();
    if (!id.empty() && llvm::isDigit(id.front()))
      return (op->getName().stripDialect() + "_" + id).str();
    return id.str();
  };

  auto hbmBuffer = [&](Operation *at, Value value, int64_t offset,
                       ElementsAttr contents) -> FailureOr<Value> {
    FailureOr<Physical> phys = physicalOf(value.getLoc(), value.getType());
    if (failed(phys))
      return failure();
    std::optional<int64_t> end = tpc::checkedAdd(offset, phys->bytes);
    if (!end)
      return at->emitOpError("tpu-lower: buffer end overflows 64 bits");
    programBytes = std::max(programBytes, *end);
    if (auto dense = dyn_cast_if_present<DenseElementsAttr>(contents))
      contents = physicalConstant(dense, *phys);
    else if (contents)
      return at->emitOpError("tpu-lower: constants must be dense");
    return HbmBufferOp::create(
               b, at->getLoc(),
               memrefType(phys->dims, phys->element, MemorySpace::hbm),
               b.getI64IntegerAttr(offset), contents)
        .getResult();
  };
  auto offsetsOf = [](Operation *op) -> FailureOr<ArrayRef<int64_t>> {
    auto offsets = op->getAttrOfType<DenseI64ArrayAttr>("tpu.hbm_offsets");
    if (!offsets || offsets.size() != op->getNumResults())
      return op->emitOpError()
             << "tpu-lower needs HBM offsets; run -tpu-assign-buffers first";
    return offsets.asArrayRef();
  };

  for (Operation &op : entry) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<Value> results;
      for (Value v : ret.getOperands())
        results.push_back(buffers.lookup(v));
      func::ReturnOp::create(b, ret.getLoc(), results);
      continue;
    }
    if (op.getNumResults() != 1 && !isa<hlo::FusionOp>(op))
      return op.emitOpError() << "tpu-lower: ops with " << op.getNumResults()
                              << " results are not lowered";
    if (isBitcast(&op, entry)) {
      Value from = buffers.lookup(op.getOperand(0));
      // A reshape views the same bytes with its own shape.
      if (isa<hlo::ReshapeOp>(op)) {
        auto source = from.getDefiningOp<HbmBufferOp>();
        if (!source)
          return op.emitOpError("tpu-lower: a bitcast reshape needs its "
                                "operand in the program's HBM region");
        FailureOr<Value> view =
            hbmBuffer(&op, op.getResult(0), source.getOffset(), {});
        if (failed(view))
          return failure();
        from = *view;
      }
      buffers[op.getResult(0)] = from;
      continue;
    }
    FailureOr<ArrayRef<int64_t>> offsets = offsetsOf(&op);
    if (failed(offsets))
      return failure();
    if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
      FailureOr<Value> buffer = hbmBuffer(&op, constant.getResult(),
                                          (*offsets)[0], constant.getValue());
      if (failed(buffer))
        return failure();
      buffers[constant.getResult()] = *buffer;
      continue;
    }
    SmallVector<Value> outBuffers;
    auto donated =
        op.getAttrOfType<DenseI64ArrayAttr>(kDonatedArgumentsAttrName);
    for (auto [i, result, offset] :
         llvm::enumerate(op.getResults(), *offsets)) {
      // An output in a donated argument's buffer is written there.
      int64_t arg =
          donated && donated.size() == op.getNumResults() ? donated[i] : -1;
      if (arg >= 0) {
        FailureOr<Physical> phys =
            physicalOf(result.getLoc(), result.getType());
        if (failed(phys))
          return failure();
        if (arg >= static_cast<int64_t>(body->getNumArguments()) ||
            body->getArgument(arg).getType() !=
                memrefType(phys->dims, phys->element, MemorySpace::hbm))
          return op.emitOpError()
                 << "tpu-lower: result #" << i << " is given argument #" << arg
                 << "'s buffer, which does not exist or does not "
                 << "hold its type";
      }
      FailureOr<Value> outBuffer =
          arg >= 0 ? FailureOr<Value>(body->getArgument(arg))
                   : hbmBuffer(&op, result, offset, {});
      if (failed(outBuffer))
        return failure();
      buffers[result] = *outBuffer;
      outBuffers.push_back(*outBuffer);
    }

    std::string name = kernelNameOf(&op);
    KernelBody computed = kernelBody(op);
    DenseMap<Value, Value> &outside = computed.outside;
    auto leaf = [&](Value value) -> FailureOr<Value> {
      if (Value operand = outside.lookup(value))
        value = operand;
      if (Value buffer = buffers.lookup(value))
        return buffer;
      // A fused dense constant: assign-buffers placed it in the globals.
      auto constant = value.getDefiningOp<hlo::ConstantOp>();
      if (!constant)
        return op.emitOpError("tpu-lower: an operand has no buffer");
      FailureOr<ArrayRef<int64_t>> at = offsetsOf(constant);
      if (failed(at))
        return failure();
      FailureOr<Value> buffer =
          hbmBuffer(constant, value, (*at)[0], constant.getValue());
      if (succeeded(buffer))
        buffers[value] = *buffer;
      return buffer;
    };
    auto zeroPadded = [&](Value value) {
      if (Value operand = outside.lookup(value))
        value = operand;
      auto arg = dyn_cast<BlockArgument>(value);
      return arg && arg.getOwner() == &entry;
    };
    if (isa<hlo::DynamicSliceOp, hlo::DynamicUpdateSliceOp>(op)) {
      KernelLowering kernel(b, target, &op, name);
      auto dus = dyn_cast<hlo::DynamicUpdateSliceOp>(op);
      SmallVector<Value> operands;
      for (Value v : op.getOperands()) {
        FailureOr<Value> buffer = leaf(v);
        if (failed(buffer))
          return failure();
        operands.push_back(*buffer);
      }
      ArrayRef<Value> all(operands);
      if (failed(kernel.lowerDynamicSlice(&op, all[0], dus ? all[1] : Value(),
                                          all.drop_front(dus ? 2 : 1),
                                          outBuffers.front())))
        return failure();
      continue;
    }
    if (auto reshape = dyn_cast<hlo::ReshapeOp>(op)) {
      KernelLowering kernel(b, target, &op, name);
      FailureOr<Value> in = leaf(reshape.getOperand());
      if (failed(in) ||
          failed(kernel.lowerReshape(reshape, *in, outBuffers.front())))
        return failure();
      continue;
    }
    if (failed(lowerKernel(b, target, op, name, computed, outBuffers, leaf,
                           zeroPadded, maxReadCopies)))
      return failure();
  }
  lowered->setAttr("tpu.program_bytes", b.getI64IntegerAttr(programBytes));
  func.erase();
  return success();
}

struct TPULowerPass : tpu::impl::TPULowerBase<TPULowerPass> {
  using TPULowerBase::TPULowerBase;
  void runOnOperation() override {
    const tpc::Target *found = &getTarget(getOperation());
    SmallVector<func::FuncOp> funcs(getOperation().getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      if (failed(lowerFunction(func, *found, maxReadCopies)))
        return signalPassFailure();
    }
  }
};

} // namespace
