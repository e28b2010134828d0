//===- AssignLayouts.cpp - tpu-assign-layouts -----------------------------===//
//
// Layout groups: elementwise ops read and write one layout, so the values
// they join share one dimension order. Each group's order is chosen as a
// whole; requirements from function boundaries and MXU operands that the
// chosen order violates are met with explicit hlo.copy ops, whose bytes the
// min-padding cost counts. See docs/passes.md.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "runtime/machine/Padding.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <limits>
#include <optional>

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUASSIGNLAYOUTS
#include "passes/layout/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

using Order = std::vector<int64_t>;

/// `minor` and `second` as the two most-minor dimensions, the rest in
/// descending order.
Order orderWithMinorPair(int64_t rank, int64_t minor, int64_t second) {
  Order order{minor, second};
  for (int64_t d = rank - 1; d >= 0; --d)
    if (d != minor && d != second)
      order.push_back(d);
  return order;
}

/// The shape library's view of a tensor value's type, without its layout
/// (the hlo verifier has made sure the element type is supported).
tpc::Shape logicalShape(Type type) {
  tpc::Shape shape = *toShape(type);
  shape.layout.reset();
  return shape;
}

/// The layout a boundary value keeps: the one written on its type (a pinned
/// layout), else the row-major default.
tpc::Layout boundaryLayout(const tpc::Target &target, RankedTensorType type) {
  if (LayoutAttr pinned = getLayout(type))
    return pinned.toLayout();
  tpc::Shape shape = logicalShape(type);
  return tpc::defaultLayout(target, shape.elementType, shape.dims);
}

/// A layout one value must have at one place. Violating it costs a copy.
struct Requirement {
  enum Kind { Argument, Use, Result } kind;
  Value value;
  OpOperand *use = nullptr;
  std::function<bool(const Order &)> allows;
  tpc::Layout required;
};

/// Whether the place a requirement applies is inside a fusion body.
bool insideFusion(const Requirement &r) {
  Operation *at = r.use ? r.use->getOwner() : r.value.getDefiningOp();
  return at && at->getParentOfType<hlo::FusionOp>();
}

class LayoutAssigner {
public:
  LayoutAssigner(const tpc::Target &target, LayoutMode mode, bool relayoutEntry,
                 ModuleOp module)
      : target(target), mode(mode), relayoutEntry(relayoutEntry),
        module(module) {}

  LogicalResult run(func::FuncOp func);

private:
  Order chooseOrder(
      ArrayRef<Value> members,
      const llvm::DenseMap<Value, SmallVector<Requirement *>> &requirementsOf);
  void materialize(func::FuncOp func, ArrayRef<Value> values,
                   ArrayRef<RankedTensorType> chosen,
                   const llvm::DenseMap<Value, unsigned> &index,
                   std::vector<Requirement> &requirements);
  tpc::Layout layoutFor(const tpc::Shape &shape, const Order &order) {
    return tpc::defaultLayout(target, shape.elementType, shape.dims, order);
  }
  int64_t bytes(const tpc::Shape &shape, const tpc::Layout &layout) {
    absl::StatusOr<int64_t> padded =
        tpc::paddedBytes({shape.elementType, shape.dims, layout});
    return padded.ok() ? *padded : std::numeric_limits<int64_t>::max();
  }
  tpc::Layout boundaryLayout(Type type) {
    return ::boundaryLayout(target, cast<RankedTensorType>(type));
  }
  Requirement fixed(Requirement::Kind kind, Value value, OpOperand *use,
                    tpc::Layout layout) {
    tpc::Shape shape = logicalShape(value.getType());
    auto allows = [this, shape, layout](const Order &order) {
      return layoutFor(shape, order) == layout;
    };
    return {kind, value, use, allows, std::move(layout)};
  }
  /// An MXU operand or result: its two most-minor dimensions must satisfy
  /// `pairAllowed`; the required layout is the allowed one with least
  /// padding.
  Requirement mxu(Requirement::Kind kind, Value value, OpOperand *use,
                  std::function<bool(int64_t, int64_t)> pairAllowed) {
    tpc::Shape shape = logicalShape(value.getType());
    auto allows = [pairAllowed, rank = shape.rank()](const Order &order) {
      return rank < 2 || pairAllowed(order[0], order[1]);
    };
    tpc::Layout best = layoutFor(shape, tpc::rowMajorOrder(shape.rank()));
    int64_t bestBytes = std::numeric_limits<int64_t>::max();
    for (const Order &order : candidates(shape.rank(), {})) {
      if (!allows(order))
        continue;
      tpc::Layout layout = layoutFor(shape, order);
      if (int64_t b = bytes(shape, layout); b < bestBytes) {
        best = layout;
        bestBytes = b;
      }
    }
    return {kind, value, use, allows, std::move(best)};
  }
  /// Orders to try, `first` (if any) first, then row-major, then every pair
  /// of most-minor dimensions.
  std::vector<Order> candidates(int64_t rank, const Order &first) {
    std::vector<Order> orders;
    auto add = [&](Order order) {
      if (std::find(orders.begin(), orders.end(), order) == orders.end())
        orders.push_back(std::move(order));
    };
    if (!first.empty())
      add(first);
    add(tpc::rowMajorOrder(rank));
    for (int64_t minor = rank - 1; rank >= 2 && minor >= 0; --minor)
      for (int64_t second = rank - 1; second >= 0; --second)
        if (second != minor)
          add(orderWithMinorPair(rank, minor, second));
    return orders;
  }
  void collectRequirements(func::FuncOp func,
                           std::vector<Requirement> &requirements);

  const tpc::Target &target;
  LayoutMode mode;
  bool relayoutEntry;
  ModuleOp module;
  /// The functions a call, loop or branch names, collected in one walk on
  /// first use (asking the symbol table per function walks the module
  /// each time).
  std::optional<llvm::StringSet<>> called;
  const llvm::StringSet<> &calledFunctions();
};

/// The function whose boundary an op's operands (from `firstInput` on) and
/// results cross: a call's callee, a loop's body, a case's first branch
/// (all branches share one signature).
std::pair<func::FuncOp, unsigned> calleeOf(Operation *op) {
  auto lookup = [&](FlatSymbolRefAttr name) {
    return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name);
  };
  if (auto call = dyn_cast<func::CallOp>(op))
    return {lookup(call.getCalleeAttr()), 0};
  if (auto loop = dyn_cast<hlo::WhileCallOp>(op))
    return {lookup(loop.getBodyAttr()), 0};
  if (auto branches = dyn_cast<hlo::CaseCallOp>(op))
    return {lookup(cast<FlatSymbolRefAttr>(branches.getBranches()[0])), 1};
  return {nullptr, 0};
}

const llvm::StringSet<> &LayoutAssigner::calledFunctions() {
  if (called)
    return *called;
  called.emplace();
  module.walk([&](Operation *op) {
    if (auto call = dyn_cast<func::CallOp>(op)) {
      called->insert(call.getCallee());
    } else if (auto loop = dyn_cast<hlo::WhileCallOp>(op)) {
      called->insert(loop.getCond());
      called->insert(loop.getBody());
    } else if (auto branches = dyn_cast<hlo::CaseCallOp>(op)) {
      for (Attribute branch : branches.getBranches())
        called->insert(cast<FlatSymbolRefAttr>(branch).getValue());
    }
  });
  return *called;
}

void LayoutAssigner::collectRequirements(
    func::FuncOp func, std::vector<Requirement> &requirements) {
  bool called = calledFunctions().contains(func.getSymName());
  bool fixedBoundary = !relayoutEntry || called;
  Block &entry = func.getBody().front();
  for (BlockArgument arg : entry.getArguments())
    if (isa<RankedTensorType>(arg.getType()) &&
        (fixedBoundary || getLayout(arg.getType())))
      requirements.push_back(fixed(Requirement::Argument, arg, nullptr,
                                   boundaryLayout(arg.getType())));
  func.walk([&](Operation *op) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      ArrayRef<Type> results = func.getFunctionType().getResults();
      for (OpOperand &operand : ret->getOpOperands())
        if (isa<RankedTensorType>(operand.get().getType()) &&
            (fixedBoundary || getLayout(results[operand.getOperandNumber()])))
          requirements.push_back(
              fixed(Requirement::Use, operand.get(), &operand,
                    boundaryLayout(results[operand.getOperandNumber()])));
    } else if (auto [callee, firstInput] = calleeOf(op); callee) {
      // Calls, loops and branches pass values in their callees' boundary
      // layouts; a case's index is read by the scalar core.
      FunctionType type = callee.getFunctionType();
      for (OpOperand &operand : op->getOpOperands())
        if (operand.getOperandNumber() >= firstInput &&
            isa<RankedTensorType>(operand.get().getType()))
          requirements.push_back(
              fixed(Requirement::Use, operand.get(), &operand,
                    boundaryLayout(type.getInput(operand.getOperandNumber() -
                                                 firstInput))));
      for (OpResult result : op->getResults())
        if (isa<RankedTensorType>(result.getType()))
          requirements.push_back(
              fixed(Requirement::Result, result, nullptr,
                    boundaryLayout(type.getResult(result.getResultNumber()))));
    } else if (auto conv = dyn_cast<hlo::ConvolutionOp>(op)) {
      int64_t rank = conv.getLhs().getType().getRank();
      // Activations: features minor over the last spatial dimension
      // (row-major NHWC), or batch minor over the features, the same for
      // the input and the result (the MXU streams one orientation). XLA
      // puts the batch minor once it reaches 64; min-padding picks the
      // orientation with fewer padded bytes of the two.
      Order batchMinor = {0};
      for (int64_t d = rank - 1; d >= 1; --d)
        batchMinor.push_back(d);
      bool useBatchMinor = conv.getLhs().getType().getDimSize(0) >= 64;
      if (mode == LayoutMode::MinPadding) {
        auto cost = [&](const Order &order) {
          int64_t total = 0;
          for (Value v : {conv.getLhs(), conv.getResult()}) {
            tpc::Shape shape = logicalShape(v.getType());
            total = tpc::saturatingAdd(total,
                                       bytes(shape, layoutFor(shape, order)));
          }
          return total;
        };
        useBatchMinor = cost(batchMinor) < cost(tpc::rowMajorOrder(rank));
      }
      auto activation = [rank, useBatchMinor](int64_t minor, int64_t second) {
        return useBatchMinor ? minor == 0 && second == rank - 1
                             : minor == rank - 1 && second == rank - 2;
      };
      // Kernel: the input and output features are the MXU's matrix.
      auto kernel = [rank](int64_t minor, int64_t second) {
        return minor >= rank - 2 && second >= rank - 2;
      };
      requirements.push_back(mxu(Requirement::Use, conv.getLhs(),
                                 &conv->getOpOperand(0), activation));
      requirements.push_back(
          mxu(Requirement::Use, conv.getRhs(), &conv->getOpOperand(1), kernel));
      requirements.push_back(
          mxu(Requirement::Result, conv.getResult(), nullptr, activation));
    } else if (auto dot = dyn_cast<hlo::DotGeneralOp>(op)) {
      // The MXU multiplies matrices: batch dimensions stay major.
      auto notBatch = [](ArrayRef<int64_t> batch) {
        SmallVector<int64_t> dims(batch);
        return [dims](int64_t minor, int64_t second) {
          return !llvm::is_contained(dims, minor) &&
                 !llvm::is_contained(dims, second);
        };
      };
      SmallVector<int64_t> resultBatch;
      for (size_t i = 0; i < dot.getLhsBatchingDimensions().size(); ++i)
        resultBatch.push_back(i);
      requirements.push_back(mxu(Requirement::Use, dot.getLhs(),
                                 &dot->getOpOperand(0),
                                 notBatch(dot.getLhsBatchingDimensions())));
      requirements.push_back(mxu(Requirement::Use, dot.getRhs(),
                                 &dot->getOpOperand(1),
                                 notBatch(dot.getRhsBatchingDimensions())));
      requirements.push_back(mxu(Requirement::Result, dot.getResult(), nullptr,
                                 notBatch(resultBatch)));
    }
  });
}

/// The dimension order of one layout group: XLA's, or under min-padding
/// the candidate with the fewest padded bytes counting the copies a
/// violated requirement costs (hard requirements inside fusions first).
Order LayoutAssigner::chooseOrder(
    ArrayRef<Value> members,
    const llvm::DenseMap<Value, SmallVector<Requirement *>> &requirementsOf) {
  int64_t rank = cast<RankedTensorType>(members.front().getType()).getRank();
  // XLA puts a convolution's batch in the lanes once it reaches 64.
  Order xlaOrder = tpc::rowMajorOrder(rank);
  for (Value v : members) {
    bool activation = isa_and_nonnull<hlo::ConvolutionOp>(v.getDefiningOp()) ||
                      llvm::any_of(v.getUses(), [](OpOperand &use) {
                        return isa<hlo::ConvolutionOp>(use.getOwner()) &&
                               use.getOperandNumber() == 0;
                      });
    auto type = cast<RankedTensorType>(v.getType());
    if (activation && rank >= 3 && type.getDimSize(0) >= 64) {
      xlaOrder = {0};
      for (int64_t d = rank - 1; d >= 1; --d)
        xlaOrder.push_back(d);
    }
  }
  std::vector<Order> orders = mode == LayoutMode::XlaDefault || rank < 2
                                  ? std::vector<Order>{xlaOrder}
                                  : candidates(rank, xlaOrder);
  // Members of one type cost the same in every order: a long chain's group
  // holds thousands of values of a handful of types.
  llvm::MapVector<Type, int64_t> typeCounts;
  SmallVector<std::pair<Type, Requirement *>> requirements;
  for (Value v : members) {
    ++typeCounts[v.getType()];
    if (auto it = requirementsOf.find(v); it != requirementsOf.end())
      for (Requirement *r : it->second)
        requirements.push_back({v.getType(), r});
  }
  // Inside a fusion an MXU op reads its operands from memory and feeds
  // its epilogue from its accumulator: a copy there cannot be lowered
  // with blocks that fit VMEM, so those requirements are hard (when some
  // order meets them all).
  auto meetsHard = [&](const Order &order) {
    return llvm::all_of(requirements, [&](const auto &typed) {
      return !insideFusion(*typed.second) || typed.second->allows(order);
    });
  };
  std::vector<Order> meeting;
  llvm::copy_if(orders, std::back_inserter(meeting), meetsHard);
  if (!meeting.empty())
    orders = std::move(meeting);
  Order best = orders.front();
  int64_t bestCost = std::numeric_limits<int64_t>::max();
  for (const Order &order : orders) {
    int64_t cost = 0;
    llvm::SmallDenseMap<Type, int64_t, 4> own;
    for (auto [type, count] : typeCounts) {
      tpc::Shape shape = logicalShape(type);
      own[type] = bytes(shape, layoutFor(shape, order));
      cost = tpc::saturatingAdd(cost, tpc::saturatingMul(own[type], count));
    }
    // A violated requirement costs the copy: its buffer, plus the bytes
    // read and written.
    for (auto [type, r] : requirements)
      if (!r->allows(order)) {
        int64_t other = bytes(logicalShape(type), r->required);
        cost = tpc::saturatingAdd(
            cost,
            tpc::saturatingAdd(tpc::saturatingAdd(other, other), own[type]));
      }
    if (cost < bestCost) {
      bestCost = cost;
      best = order;
    }
  }
  return best;
}

/// Puts the chosen layouts on every value, then copies where a
/// requirement is violated. Arguments and results are retyped before uses
/// are redirected.
void LayoutAssigner::materialize(func::FuncOp func, ArrayRef<Value> values,
                                 ArrayRef<RankedTensorType> chosen,
                                 const llvm::DenseMap<Value, unsigned> &index,
                                 std::vector<Requirement> &requirements) {
  for (auto [value, type] : llvm::zip(values, chosen)) {
    Value v = value;
    if (auto constant = v.getDefiningOp<hlo::ConstantOp>())
      constant.setResultType(type);
    else
      v.setType(type);
  }
  OpBuilder builder(func.getContext());
  auto copyTo = [&](Value source, const tpc::Layout &layout) {
    return hlo::CopyOp::create(
        builder, source.getLoc(),
        withLayout(cast<RankedTensorType>(source.getType()), layout), source);
  };
  auto satisfied = [](const Requirement &r, const tpc::Layout &layout) {
    return layout == r.required || r.allows(layout.minorToMajor);
  };
  for (Requirement &r : requirements) {
    tpc::Layout groupLayout =
        getLayout(chosen[index.lookup(r.value)]).toLayout();
    if (r.kind == Requirement::Use || satisfied(r, groupLayout))
      continue;
    r.value.setType(
        withLayout(cast<RankedTensorType>(r.value.getType()), r.required));
    if (auto arg = dyn_cast<BlockArgument>(r.value))
      builder.setInsertionPointToStart(arg.getOwner());
    else
      builder.setInsertionPointAfter(r.value.getDefiningOp());
    hlo::CopyOp copy = copyTo(r.value, groupLayout);
    r.value.replaceAllUsesExcept(copy, copy);
  }
  for (Requirement &r : requirements) {
    if (r.kind != Requirement::Use)
      continue;
    Value current = r.use->get();
    if (satisfied(r, getLayout(current.getType()).toLayout()))
      continue;
    // An MXU op in a fusion that reads a parameter in the wrong layout
    // reads a relayout copy made before the fusion, as XLA's copies are:
    // transposing in VMEM between the DMA and the MXU can need more than
    // VMEM holds (a unit batch dimension in the lanes is 128 times its
    // size).
    auto param = dyn_cast<BlockArgument>(current);
    auto fusion = param
                      ? dyn_cast<hlo::FusionOp>(param.getOwner()->getParentOp())
                      : hlo::FusionOp();
    if (fusion && hlo::isContraction(r.use->getOwner())) {
      builder.setInsertionPoint(fusion);
      hlo::CopyOp copy =
          copyTo(fusion.getInputs()[param.getArgNumber()], r.required);
      fusion->insertOperands(fusion->getNumOperands(), {copy});
      r.use->set(param.getOwner()->addArgument(copy.getType(), param.getLoc()));
      if (param.use_empty()) {
        unsigned n = param.getArgNumber();
        param.getOwner()->eraseArgument(n);
        fusion->eraseOperand(n);
      }
      continue;
    }
    builder.setInsertionPoint(r.use->getOwner());
    r.use->set(copyTo(current, r.required));
  }
}

LogicalResult LayoutAssigner::run(func::FuncOp func) {
  // Every tensor value, in program order: arguments, then results.
  SmallVector<Value> values;
  llvm::DenseMap<Value, unsigned> index;
  auto addValue = [&](Value value) {
    if (isa<RankedTensorType>(value.getType()) &&
        index.try_emplace(value, values.size()).second)
      values.push_back(value);
  };
  for (BlockArgument arg : func.getBody().front().getArguments())
    addValue(arg);
  WalkResult walk = func.walk([&](Operation *op) -> WalkResult {
    bool producesTensors = llvm::any_of(
        op->getResultTypes(), [](Type t) { return isa<TensorType>(t); });
    if (producesTensors && !isa_and_present<hlo::HLODialect>(op->getDialect()) &&
        !isa<func::CallOp>(op))
      return op->emitOpError("is not an hlo op; tpu-assign-layouts expects "
                             "hlo programs (convert other dialects first)");
    // A fusion's parameters are its operands as it reads them.
    if (auto fusion = dyn_cast<hlo::FusionOp>(op))
      for (BlockArgument param : fusion.getBlock().getArguments())
        addValue(param);
    for (Value result : op->getResults())
      addValue(result);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // A tensor whose tile-padded size does not fit in 64 bits cannot be
  // stored; it is reported at its value instead of wrapping around.
  for (Value v : values) {
    // A value only passed through (an argument no op reads) escapes the
    // ops' type checks.
    auto ranked = dyn_cast<RankedTensorType>(v.getType());
    if (!ranked || !ranked.hasStaticShape())
      return emitError(v.getLoc())
             << "tpu-assign-layouts: " << v.getType()
             << " is not a tensor of static shape, which TPU programs need";
    if (!toStoredElement(getElementTypeOrSelf(v.getType())))
      return emitError(v.getLoc())
             << "tpu-assign-layouts: " << v.getType()
             << " has an element type TPU programs do not store (they store "
             << kSupportedElementTypes << ")";
    tpc::Shape shape = logicalShape(v.getType());
    absl::StatusOr<int64_t> padded = tpc::paddedBytes(
        {shape.elementType, shape.dims,
         tpc::defaultLayout(target, shape.elementType, shape.dims)});
    absl::Status status =
        padded.ok() ? tpc::unpaddedBytes(shape).status() : padded.status();
    if (!status.ok())
      return emitError(v.getLoc())
             << "tpu-assign-layouts: " << v.getType()
             << " cannot be stored: " << std::string(status.message());
  }

  // Union-find: elementwise ops join their operands and results.
  std::vector<unsigned> parent(values.size());
  for (unsigned i = 0; i < parent.size(); ++i)
    parent[i] = i;
  auto find = [&](unsigned i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  auto join = [&](Value a, Value b) {
    if (index.count(a) && index.count(b))
      parent[find(index.lookup(a))] = find(index.lookup(b));
  };
  func.walk([&](Operation *op) {
    // A fusion reads and writes memory in its operands' and results'
    // layouts: parameters join operands, yielded values join results.
    if (auto fusion = dyn_cast<hlo::FusionOp>(op)) {
      for (auto [param, input] :
           llvm::zip(fusion.getBlock().getArguments(), fusion.getInputs()))
        join(param, input);
      for (auto [result, yielded] :
           llvm::zip(fusion.getResults(), fusion.getYielded()))
        join(result, yielded);
      return;
    }
    // A dynamic slice's kernel copies boxes by DMA, which keeps the order
    // of dimensions: its operand, update and result share one layout.
    if (isa<hlo::DynamicSliceOp, hlo::DynamicUpdateSliceOp>(op)) {
      join(op->getOperand(0), op->getResult(0));
      if (auto update = dyn_cast<hlo::DynamicUpdateSliceOp>(op))
        join(update.getUpdate(), op->getResult(0));
      return;
    }
    // Elementwise ops of other dialects (arith on indices) hold no tensors.
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() == 0 ||
        !index.count(op->getResult(0)))
      return;
    unsigned root = find(index.lookup(op->getResult(0)));
    for (Value operand : op->getOperands())
      if (index.count(operand))
        parent[find(index.lookup(operand))] = root;
  });

  std::vector<Requirement> requirements;
  collectRequirements(func, requirements);

  // Groups in order of their first value, so the output is deterministic.
  llvm::MapVector<unsigned, SmallVector<Value>> groups;
  for (unsigned i = 0; i < values.size(); ++i)
    groups[find(i)].push_back(values[i]);
  llvm::DenseMap<Value, SmallVector<Requirement *>> requirementsOf;
  for (Requirement &r : requirements)
    requirementsOf[r.value].push_back(&r);

  // Each value's type with its group's layout (values of one type in one
  // group share it).
  std::vector<RankedTensorType> chosen(values.size());
  for (auto &[root, members] : groups) {
    Order best = chooseOrder(members, requirementsOf);
    llvm::SmallDenseMap<Type, RankedTensorType, 4> laidOut;
    for (Value v : members) {
      RankedTensorType &type = laidOut[v.getType()];
      if (!type)
        type = withLayout(cast<RankedTensorType>(v.getType()),
                          layoutFor(logicalShape(v.getType()), best));
      chosen[index.lookup(v)] = type;
    }
  }

  materialize(func, values, chosen, index, requirements);

  // The signature follows the entry block and the returned values.
  Block &entry = func.getBody().front();
  SmallVector<Type> results;
  func.walk([&](func::ReturnOp ret) {
    results.assign(ret.getOperandTypes().begin(), ret.getOperandTypes().end());
  });
  func.setFunctionType(
      FunctionType::get(func.getContext(), entry.getArgumentTypes(), results));
  return success();
}

class TPUAssignLayoutsPass
    : public tpu::impl::TPUAssignLayoutsBase<TPUAssignLayoutsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const tpc::Target *spec = &getTarget(module);
    LayoutAssigner assigner(*spec, mode, relayoutEntry, module);
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal()) {
        // Declarations get the boundary layouts their callers will use.
        FunctionType type = func.getFunctionType();
        auto laidOut = [&](Type t) -> Type {
          auto ranked = dyn_cast<RankedTensorType>(t);
          return ranked ? withLayout(ranked, boundaryLayout(*spec, ranked)) : t;
        };
        SmallVector<Type> inputs, results;
        llvm::transform(type.getInputs(), std::back_inserter(inputs), laidOut);
        llvm::transform(type.getResults(), std::back_inserter(results),
                        laidOut);
        func.setFunctionType(
            FunctionType::get(func.getContext(), inputs, results));
        continue;
      }
      if (failed(assigner.run(func)))
        return signalPassFailure();
    }
  }
};

} // namespace
