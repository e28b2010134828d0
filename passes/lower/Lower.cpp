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
#include "passes/spmd/Spmd.h"
#include "runtime/machine/Topology.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPULOWER
#include "passes/lower/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// A partitioned function's argument or result layout, for the executable:
/// `tpu.tiles` (per dimension) and `tpu.devices` (the device array, row-major
/// over the tiles, copies innermost).
SmallVector<NamedAttribute> shardingOf(func::FuncOp func,
                                       hlo::ShardingAttr sharding, Type type) {
  if (!sharding)
    return {};
  int64_t devices = deviceCount(func);
  int64_t rank = cast<ShapedType>(type).getRank();
  SmallVector<int64_t> tiles(rank, 1), order;
  if (sharding.tensorRank() == rank) {
    tiles.assign(sharding.getTiles().begin(),
                 sharding.getTiles().begin() + rank);
    order.assign(sharding.getDevices().begin(), sharding.getDevices().end());
  } else {
    order = llvm::to_vector(llvm::seq<int64_t>(0, devices));
  }
  Builder b(func.getContext());
  return {b.getNamedAttr(kTilesAttrName, b.getDenseI64ArrayAttr(tiles)),
          b.getNamedAttr(kDevicesAttrName, b.getDenseI64ArrayAttr(order))};
}

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
  // What tpu-model-flops counted and the import's elided constants go into
  // the executable.
  for (StringRef name : {kModelFlopsAttrName, kElidedConstantsAttrName})
    if (Attribute attr = func->getAttr(name))
      lowered->setAttr(name, attr);
  for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
    lowered.setArgAttr(i, kLogicalTypeAttrName, TypeAttr::get(arg.getType()));
    for (NamedAttribute a : shardingOf(func,
                                       func.getArgAttrOfType<hlo::ShardingAttr>(
                                           i, spmd::kShardingAttrName),
                                       arg.getType()))
      lowered.setArgAttr(i, a.getName(), a.getValue());
  }
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    lowered.setResultAttr(i, kLogicalTypeAttrName, TypeAttr::get(type));
    for (NamedAttribute a :
         shardingOf(func,
                    func.getResultAttrOfType<hlo::ShardingAttr>(
                        i, spmd::kShardingAttrName),
                    type))
      lowered.setResultAttr(i, a.getName(), a.getValue());
  }
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

/// Where an outlined function's buffers go in the program region: its
/// offsets below `globalBytes` are constants, placed from `globalBase`; the
/// rest is its heap, placed from `frameBase`. The identity for the entry.
struct Relocation {
  int64_t globalBytes = 0, globalBase = 0, frameBase = 0;
  std::optional<int64_t> operator()(int64_t offset) const {
    return offset < globalBytes
               ? tpc::checkedAdd(globalBase, offset)
               : tpc::checkedAdd(frameBase, offset - globalBytes);
  }
};

/// Lowers functions into the entry's lowered body: the entry itself, and
/// the loop bodies and branches it calls, inline at their call, as the
/// executable runs them.
class FunctionLowerer {
public:
  FunctionLowerer(OpBuilder &b, const tpc::Target &target,
                  int64_t maxReadCopies, SymbolTable &symbols)
      : b(b), target(target), maxReadCopies(maxReadCopies), symbols(symbols) {}

  /// Lowers `func`'s ops at the builder; `buffers` maps its arguments to
  /// their buffers and gets every value's; `results` gets the buffers it
  /// returns. `prefix` goes before its kernels' names.
  LogicalResult lowerBody(func::FuncOp func, const Relocation &reloc,
                          const std::string &prefix,
                          DenseMap<Value, Value> &buffers,
                          SmallVector<Value> &results);

  int64_t programBytes = 0;

private:
  FailureOr<Value> hbmBuffer(const Relocation &reloc, Operation *at,
                             Value value, int64_t offset,
                             ElementsAttr contents);
  /// The buffers of `op`'s results: at their offsets, or in the donated
  /// argument's buffer.
  FailureOr<SmallVector<Value>> resultBuffers(Operation *op, Block &entry,
                                              const Relocation &reloc,
                                              DenseMap<Value, Value> &buffers);
  /// Runs `callee` at the builder on `args`, then copies what it returns
  /// into `into` (those not already there).
  LogicalResult inlineCallee(Operation *call, StringRef callee, size_t index,
                             const Relocation &reloc, ValueRange args,
                             ArrayRef<Value> into, const std::string &prefix,
                             SmallVector<Value> &returned);
  LogicalResult lowerCollective(Operation &op, DenseMap<Value, Value> &buffers,
                                Value dst);
  LogicalResult lowerWhile(hlo::WhileCallOp op, const Relocation &reloc,
                           const std::string &prefix,
                           DenseMap<Value, Value> &buffers);
  LogicalResult lowerCase(hlo::CaseCallOp op, const Relocation &reloc,
                          const std::string &prefix,
                          DenseMap<Value, Value> &buffers);

  OpBuilder &b;
  const tpc::Target &target;
  int64_t maxReadCopies;
  SymbolTable &symbols;
};

FailureOr<ArrayRef<int64_t>> offsetsOf(Operation *op) {
  auto offsets = op->getAttrOfType<DenseI64ArrayAttr>(kHbmOffsetsAttrName);
  if (!offsets || offsets.size() != op->getNumResults())
    return op->emitOpError()
           << "tpu-lower needs HBM offsets; run -tpu-assign-buffers first";
  return offsets.asArrayRef();
}

FailureOr<Value> FunctionLowerer::hbmBuffer(const Relocation &reloc,
                                            Operation *at, Value value,
                                            int64_t offset,
                                            ElementsAttr contents) {
  FailureOr<Physical> phys = physicalOf(value.getLoc(), value.getType());
  if (failed(phys))
    return failure();
  std::optional<int64_t> placed = reloc(offset);
  std::optional<int64_t> end =
      placed ? tpc::checkedAdd(*placed, phys->bytes) : std::nullopt;
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
             b.getI64IntegerAttr(*placed), contents)
      .getResult();
}

FailureOr<SmallVector<Value>>
FunctionLowerer::resultBuffers(Operation *op, Block &entry,
                               const Relocation &reloc,
                               DenseMap<Value, Value> &buffers) {
  FailureOr<ArrayRef<int64_t>> offsets = offsetsOf(op);
  if (failed(offsets))
    return failure();
  SmallVector<Value> outBuffers;
  auto donated =
      op->getAttrOfType<DenseI64ArrayAttr>(kDonatedArgumentsAttrName);
  for (auto [i, result, offset] : llvm::enumerate(op->getResults(), *offsets)) {
    // An output in a donated argument's buffer is written there.
    int64_t arg =
        donated && donated.size() == op->getNumResults() ? donated[i] : -1;
    FailureOr<Value> outBuffer;
    if (arg >= 0) {
      FailureOr<Physical> phys = physicalOf(result.getLoc(), result.getType());
      if (failed(phys))
        return failure();
      Value argBuffer = arg < static_cast<int64_t>(entry.getNumArguments())
                            ? buffers.lookup(entry.getArgument(arg))
                            : Value();
      if (!argBuffer ||
          argBuffer.getType() !=
              memrefType(phys->dims, phys->element, MemorySpace::hbm))
        return op->emitOpError()
               << "tpu-lower: result #" << i << " is given argument #" << arg
               << "'s buffer, which does not exist or does not "
               << "hold its type";
      outBuffer = argBuffer;
    } else {
      outBuffer = hbmBuffer(reloc, op, result, offset, {});
    }
    if (failed(outBuffer))
      return failure();
    buffers[result] = *outBuffer;
    outBuffers.push_back(*outBuffer);
  }
  return outBuffers;
}


LogicalResult
FunctionLowerer::inlineCallee(Operation *call, StringRef callee, size_t index,
                              const Relocation &reloc, ValueRange args,
                              ArrayRef<Value> into, const std::string &prefix,
                              SmallVector<Value> &returned) {
  auto func = symbols.lookup<func::FuncOp>(callee);
  auto frame = call->getAttrOfType<DenseI64ArrayAttr>(kFrameAttrName);
  auto globals = func ? func->getAttrOfType<IntegerAttr>(kGlobalBytesAttrName)
                      : IntegerAttr();
  if (!func || !frame || frame.size() <= static_cast<int64_t>(index) + 1 ||
      !globals)
    return call->emitOpError("tpu-lower needs its callees' frames; run "
                             "-tpu-assign-buffers first");
  std::optional<int64_t> globalBase = reloc(frame[index + 1]);
  std::optional<int64_t> frameBase = reloc(frame[0]);
  if (!globalBase || !frameBase)
    return call->emitOpError("tpu-lower: frame offset overflows 64 bits");
  Relocation inner{globals.getInt(), *globalBase, *frameBase};
  DenseMap<Value, Value> buffers;
  for (auto [arg, buffer] :
       llvm::zip(func.getBody().front().getArguments(), args))
    buffers[arg] = buffer;
  // Kernels are named by the callee's part of the symbol: while0.body/add_3.
  StringRef name = callee;
  std::string inside = prefix + name.substr(name.find('.') + 1).str() + "/";
  if (failed(lowerBody(func, inner, inside, buffers, returned)))
    return failure();
  for (auto [from, to] : llvm::zip(returned, into))
    if (!sameBuffer(from, to))
      CopyOp::create(b, call->getLoc(), from, to);
  return success();
}

/// With the slice known (tpu.topology), a collective's groups must name
/// its devices only and, but for a permute, put each in one group.
static LogicalResult checkAgainstTopology(Operation &op) {
  const tpc::Topology *topology = getTopology(&op);
  auto groups = op.getAttrOfType<DenseIntElementsAttr>(
      isa<hlo::CollectivePermuteOp>(op) ? "pairs" : "groups");
  if (!topology || !groups)
    return success();
  int64_t devices = topology->devices();
  llvm::SmallBitVector grouped(devices);
  for (int64_t id : groups.getValues<int64_t>()) {
    if (id >= devices)
      return op.emitOpError("names device ")
             << id << ", but " << topology->name << " has " << devices
             << " devices";
    grouped.set(id);
  }
  if (!isa<hlo::CollectivePermuteOp>(op) && !grouped.all())
    return op.emitOpError("puts device ")
           << grouped.find_first_unset() << " of " << topology->name
           << " in no group";
  return success();
}

/// A collective is no kernel: the scalar core hands its buffers to the ICI.
LogicalResult FunctionLowerer::lowerCollective(Operation &op,
                                               DenseMap<Value, Value> &buffers,
                                               Value dst) {
  if (failed(checkAgainstTopology(op)))
    return failure();
  Value src;
  TypeAttr srcType;
  if (op.getNumOperands() == 1) {
    src = buffers.lookup(op.getOperand(0));
    if (!src)
      return op.emitOpError("tpu-lower: the operand has no buffer");
    srcType = TypeAttr::get(op.getOperand(0).getType());
  }
  NamedAttrList params;
  // Plain attributes: the executable writer does not know the hlo dialect.
  for (NamedAttribute attr : op.getAttrs()) {
    if (attr.getName().strref().starts_with("tpu."))
      continue;
    if (auto kind = dyn_cast<hlo::ReduceKindAttr>(attr.getValue()))
      params.append(attr.getName(),
                    b.getStringAttr(hlo::stringifyReduceKind(kind.getValue())));
    else
      params.push_back(attr);
  }
  CollectiveOp::create(b, op.getLoc(),
                       b.getStringAttr(op.getName().stripDialect()), src, dst,
                       srcType, TypeAttr::get(op.getResult(0).getType()),
                       params.getDictionary(op.getContext()));
  return success();
}

LogicalResult FunctionLowerer::lowerWhile(hlo::WhileCallOp op,
                                          const Relocation &reloc,
                                          const std::string &prefix,
                                          DenseMap<Value, Value> &buffers) {
  Block &entry = *op->getBlock();
  FailureOr<SmallVector<Value>> carried =
      resultBuffers(op, entry, reloc, buffers);
  if (failed(carried))
    return failure();
  // The initial values go into the carried buffers, updated in place.
  for (auto [init, into] : llvm::zip(op.getCarried(), *carried)) {
    Value from = buffers.lookup(init);
    if (!from)
      return op.emitOpError("tpu-lower: an operand has no buffer");
    if (!sameBuffer(from, into))
      CopyOp::create(b, op.getLoc(), from, into);
  }
  SmallVector<Value> args(*carried);
  for (Value v : op.getInvariants())
    args.push_back(buffers.lookup(v));
  if (llvm::is_contained(args, Value()))
    return op.emitOpError("tpu-lower: an operand has no buffer");
  auto loop = WhileOp::create(b, op.getLoc(), op.getTripCountAttr());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&loop.getCond().emplaceBlock());
  SmallVector<Value> pred;
  if (failed(inlineCallee(op, op.getCond(), 0, reloc, args, {}, prefix, pred)))
    return failure();
  ConditionOp::create(b, op.getLoc(), pred.front());
  b.setInsertionPointToStart(&loop.getBody().emplaceBlock());
  SmallVector<Value> next;
  if (failed(inlineCallee(op, op.getBody(), 1, reloc, args, *carried, prefix,
                          next)))
    return failure();
  YieldOp::create(b, op.getLoc());
  return success();
}

LogicalResult FunctionLowerer::lowerCase(hlo::CaseCallOp op,
                                         const Relocation &reloc,
                                         const std::string &prefix,
                                         DenseMap<Value, Value> &buffers) {
  Block &entry = *op->getBlock();
  FailureOr<SmallVector<Value>> results =
      resultBuffers(op, entry, reloc, buffers);
  if (failed(results))
    return failure();
  Value index = buffers.lookup(op.getIndex());
  SmallVector<Value> args;
  for (Value v : op.getInputs())
    args.push_back(buffers.lookup(v));
  if (!index || llvm::is_contained(args, Value()))
    return op.emitOpError("tpu-lower: an operand has no buffer");
  auto branches =
      CaseOp::create(b, op.getLoc(), index, op.getBranches().size());
  OpBuilder::InsertionGuard guard(b);
  for (auto [i, branch] : llvm::enumerate(op.getBranches())) {
    b.setInsertionPointToStart(&branches.getBranches()[i].emplaceBlock());
    SmallVector<Value> returned;
    if (failed(inlineCallee(op, cast<FlatSymbolRefAttr>(branch).getValue(), i,
                            reloc, args, *results, prefix, returned)))
      return failure();
    YieldOp::create(b, op.getLoc());
  }
  return success();
}

LogicalResult FunctionLowerer::lowerBody(func::FuncOp func,
                                         const Relocation &reloc,
                                         const std::string &prefix,
                                         DenseMap<Value, Value> &buffers,
                                         SmallVector<Value> &results) {
  Block &entry = func.getBody().front();
  // A kernel is named as the memory report names its op's result, so the
  // report and the profile agree: %fusion_0 is kernel fusion_0, and an
  // unnamed result, %4 = hlo.reduce, is kernel reduce_4.
  AsmState names(func, OpPrintingFlags().skipRegions().assumeVerified());
  auto kernelNameOf = [&](Operation *op) {
    std::string name;
    llvm::raw_string_ostream os(name);
    op->getResult(0).printAsOperand(os, names);
    llvm::StringRef id = llvm::StringRef(name).drop_front();
    if (!id.empty() && llvm::isDigit(id.front()))
      return prefix + (op->getName().stripDialect() + "_" + id).str();
    return prefix + id.str();
  };

  for (Operation &op : entry) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        results.push_back(buffers.lookup(v));
      continue;
    }
    if (auto loop = dyn_cast<hlo::WhileCallOp>(op)) {
      if (failed(lowerWhile(loop, reloc, prefix, buffers)))
        return failure();
      continue;
    }
    if (auto branches = dyn_cast<hlo::CaseCallOp>(op)) {
      if (failed(lowerCase(branches, reloc, prefix, buffers)))
        return failure();
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
        // The source's offset is placed already: no relocation.
        FailureOr<Value> view = hbmBuffer(
            Relocation{0, 0, 0}, &op, op.getResult(0), source.getOffset(), {});
        if (failed(view))
          return failure();
        from = *view;
      }
      buffers[op.getResult(0)] = from;
      continue;
    }
    if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
      FailureOr<ArrayRef<int64_t>> offsets = offsetsOf(&op);
      if (failed(offsets))
        return failure();
      FailureOr<Value> buffer = hbmBuffer(reloc, &op, constant.getResult(),
                                          (*offsets)[0], constant.getValue());
      if (failed(buffer))
        return failure();
      buffers[constant.getResult()] = *buffer;
      continue;
    }
    FailureOr<SmallVector<Value>> outBuffers =
        resultBuffers(&op, entry, reloc, buffers);
    if (failed(outBuffers))
      return failure();

    if (isa<hlo::AllReduceOp, hlo::AllGatherOp, hlo::ReduceScatterOp,
            hlo::AllToAllOp, hlo::CollectivePermuteOp, hlo::DeviceIdOp>(op)) {
      if (failed(lowerCollective(op, buffers, outBuffers->front())))
        return failure();
      continue;
    }
    std::string name = kernelNameOf(&op);
    KernelBody computed = kernelBody(op);
    DenseMap<Value, Value> &outside = computed.outside;
    // A fused dense constant's buffer, by its offset and type: the kernel's
    // retries read the copies splitRead makes in a scratch block, which is
    // freed with the kernel, so its values must not become keys of
    // `buffers` (a later op allocated at the same address would find a
    // stale buffer of another type).
    DenseMap<std::pair<int64_t, Type>, Value> fusedConstants;
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
      Value &cached = fusedConstants[{(*at)[0], value.getType()}];
      if (cached)
        return cached;
      FailureOr<Value> buffer =
          hbmBuffer(reloc, constant, value, (*at)[0], constant.getValue());
      if (succeeded(buffer))
        cached = *buffer;
      return buffer;
    };
    // The runtime zero-pads the entry's arguments, not a loop body's.
    bool argsZeroPadded = !isOutlined(func);
    auto zeroPadded = [&](Value value) {
      if (Value operand = outside.lookup(value))
        value = operand;
      auto arg = dyn_cast<BlockArgument>(value);
      return argsZeroPadded && arg && arg.getOwner() == &entry;
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
                                          outBuffers->front())))
        return failure();
      continue;
    }
    if (auto reshape = dyn_cast<hlo::ReshapeOp>(op)) {
      KernelLowering kernel(b, target, &op, name);
      FailureOr<Value> in = leaf(reshape.getOperand());
      if (failed(in) ||
          failed(kernel.lowerReshape(reshape, *in, outBuffers->front())))
        return failure();
      continue;
    }
    if (failed(lowerKernel(b, target, op, name, computed, *outBuffers, leaf,
                           zeroPadded, maxReadCopies)))
      return failure();
  }
  return success();
}

LogicalResult lowerFunction(func::FuncOp func, const tpc::Target &target,
                            int64_t maxReadCopies, SymbolTable &symbols) {
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
  auto globals = func->getAttrOfType<IntegerAttr>(kGlobalBytesAttrName);
  int64_t g = globals ? globals.getInt() : 0;
  FunctionLowerer lowerer(b, target, maxReadCopies, symbols);
  SmallVector<Value> results;
  if (failed(
          lowerer.lowerBody(func, Relocation{g, 0, g}, "", buffers, results)))
    return failure();
  func::ReturnOp::create(b, func.getLoc(), results);
  lowered->setAttr(kProgramBytesAttrName,
                   b.getI64IntegerAttr(lowerer.programBytes));
  func.erase();
  return success();
}

struct TPULowerPass : tpu::impl::TPULowerBase<TPULowerPass> {
  using TPULowerBase::TPULowerBase;
  void runOnOperation() override {
    const tpc::Target *found = &getTarget(getOperation());
    SymbolTable symbols(getOperation());
    SmallVector<func::FuncOp> funcs(getOperation().getOps<func::FuncOp>());
    // Outlined functions are lowered at their calls, then go.
    SmallVector<func::FuncOp> outlined;
    for (func::FuncOp func : funcs) {
      if (isOutlined(func)) {
        outlined.push_back(func);
        continue;
      }
      if (!func.isExternal() &&
          failed(lowerFunction(func, *found, maxReadCopies, symbols)))
        return signalPassFailure();
    }
    for (func::FuncOp func : outlined)
      func.erase();
  }
};

} // namespace
