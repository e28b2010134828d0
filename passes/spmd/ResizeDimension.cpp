//===- ResizeDimension.cpp - hlo-resize-dimension --------------------------===//
//
// The program at another batch size: one argument's dimension and every
// dimension that derives from it resized, as if the user had exported the
// function again with a different batch. The dimensions that derive from
// it are found structurally, not by size: each op says which of its
// operands' dimensions index the same elements as which of its results'
// (spmd::operandMap, the rule sharding propagation uses; reshapes by their
// prefix products; loops and branches tie their carried values), and the
// dimensions connected to the argument's through those correspondences are
// the batch's. Each is a multiple of the old size and becomes the same
// multiple of the new one. See docs/memory.md ("The largest batch").
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/spmd/Spmd.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLORESIZEDIMENSION
#include "passes/spmd/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

/// One dimension of one value.
using Dim = std::pair<Value, int64_t>;

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

class Resizer {
public:
  explicit Resizer(func::FuncOp func) : func(func) {}

  /// Connects every dimension pair the ops say index the same elements;
  /// fails at an op that reads a resized dimension without a rule.
  void connect();
  LogicalResult resize(BlockArgument arg, int64_t dim, int64_t size);

private:
  void join(Value a, int64_t da, Value b, int64_t db) {
    dims.unionSets(Dim{a, da}, Dim{b, db});
  }
  /// Every dimension of `a` with the same of `b` (same shapes).
  void joinAll(Value a, Value b) {
    for (int64_t d = 0, e = shapeOf(a).size(); d < e; ++d)
      join(a, d, b, d);
  }
  bool connectOp(Operation *op);
  void connectReshape(hlo::ReshapeOp op);

  func::FuncOp func;
  llvm::EquivalenceClasses<Dim> dims;
  /// Ops with tensor operands whose dimensions no rule connects.
  llvm::SmallVector<Operation *> opaque;
};

void Resizer::connectReshape(hlo::ReshapeOp op) {
  // Dimension d of the operand and e of the result start at the same
  // element when the dimensions before them hold as many elements: the
  // block a batch dimension indexes stays the outer part of its partner.
  ArrayRef<int64_t> from = shapeOf(op.getOperand()), to = shapeOf(op);
  int64_t before = 1, e = 0, toBefore = 1;
  for (int64_t d = 0, n = from.size(); d < n; ++d) {
    while (e < int64_t(to.size()) && toBefore < before)
      toBefore *= to[e++];
    if (e < int64_t(to.size()) && toBefore == before && from[d] > 1 &&
        to[e] > 1)
      join(op.getOperand(), d, op.getResult(), e);
    before *= from[d];
  }
}

bool Resizer::connectOp(Operation *op) {
  if (auto reshape = dyn_cast<hlo::ReshapeOp>(op)) {
    connectReshape(reshape);
    return true;
  }
  if (isa<hlo::SortOp>(op)) {
    for (Value operand : op->getOperands())
      for (Value result : op->getResults())
        joinAll(operand, result);
    return true;
  }
  if (auto loop = dyn_cast<hlo::WhileOp>(op)) {
    Block &cond = loop.getCond().front(), &body = loop.getBody().front();
    Operation *yield = body.getTerminator();
    for (auto [i, input] : llvm::enumerate(loop.getInputs())) {
      joinAll(input, cond.getArgument(i));
      joinAll(input, body.getArgument(i));
      joinAll(input, yield->getOperand(i));
      joinAll(input, loop->getResult(i));
    }
    return true;
  }
  if (isa<hlo::IfOp, hlo::CaseOp>(op)) {
    for (Region &region : op->getRegions())
      for (auto [yielded, result] : llvm::zip(
               region.front().getTerminator()->getOperands(), op->getResults()))
        joinAll(yielded, result);
    return true;
  }
  return TypeSwitch<Operation *, bool>(op)
      .Case([&](hlo::ConcatenateOp c) {
        for (Value input : c.getInputs())
          for (int64_t d = 0, n = shapeOf(input).size(); d < n; ++d)
            if (d != int64_t(c.getDimension()))
              join(input, d, c.getResult(), d);
        return true;
      })
      .Case<hlo::ArgMaxOp, hlo::ArgMinOp>([&](auto a) {
        for (int64_t d = 0, k = 0, n = shapeOf(a.getOperand()).size(); d < n;
             ++d)
          if (d != int64_t(a.getDimension()))
            join(a.getOperand(), d, a.getResult(), k++);
        return true;
      })
      .Case<hlo::ReverseOp>([&](auto r) {
        joinAll(r.getOperand(), r.getResult());
        return true;
      })
      .Case<hlo::SliceOp, hlo::DynamicSliceOp, hlo::PadOp,
            hlo::DynamicUpdateSliceOp>([&](Operation *o) {
        // Only dimensions taken whole: a slice of the batch's elements
        // depends on its size.
        Value operand = o->getOperand(0), result = o->getResult(0);
        for (int64_t d = 0, n = shapeOf(operand).size(); d < n; ++d)
          if (shapeOf(operand)[d] == shapeOf(result)[d])
            join(operand, d, result, d);
        if (auto update = dyn_cast<hlo::DynamicUpdateSliceOp>(o))
          for (int64_t d = 0, n = shapeOf(operand).size(); d < n; ++d)
            if (shapeOf(update.getUpdate())[d] == shapeOf(operand)[d])
              join(update.getUpdate(), d, result, d);
        return true;
      })
      .Default([&](Operation *o) {
        if (o->getNumResults() != 1)
          return false;
        bool any = false;
        for (unsigned i = 0; i < o->getNumOperands(); ++i) {
          std::optional<SmallVector<int64_t>> map = spmd::operandMap(o, i);
          if (!map)
            continue;
          any = true;
          for (auto [d, r] : llvm::enumerate(*map))
            if (r >= 0)
              join(o->getOperand(i), d, o->getResult(0), r);
        }
        return any;
      });
}

void Resizer::connect() {
  func.walk([&](Operation *op) {
    bool tensors = llvm::any_of(op->getOperandTypes(), [](Type t) {
      auto ranked = dyn_cast<RankedTensorType>(t);
      return ranked && ranked.getRank() > 0;
    });
    if (!tensors || isa<func::ReturnOp, hlo::YieldOp>(op))
      return;
    if (!connectOp(op))
      opaque.push_back(op);
  });
}

LogicalResult Resizer::resize(BlockArgument arg, int64_t dim, int64_t size) {
  int64_t old = shapeOf(arg)[dim];
  // Every dimension connected to the argument's, by value.
  llvm::MapVector<Value, SmallVector<int64_t>> resized;
  Dim seed{arg, dim};
  dims.insert(seed);
  for (auto it = dims.findLeader(seed); it != dims.member_end(); ++it)
    resized[it->first].push_back(it->second);
  for (Operation *op : opaque)
    for (Value operand : op->getOperands())
      if (resized.count(operand))
        return op->emitError("hlo-resize-dimension: the batch reaches '")
               << op->getName()
               << "', whose dimensions no rule relates to its result's";
  for (auto &[value, list] : resized) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(type.getShape());
    for (int64_t d : list) {
      if (shape[d] % old)
        return emitError(value.getLoc())
               << "hlo-resize-dimension: dimension " << d << " of " << type
               << " derives from the batch of " << old
               << " but is not a multiple of it";
      shape[d] = shape[d] / old * size;
    }
    if (Operation *def = value.getDefiningOp()) {
      if (auto constant = dyn_cast<hlo::ConstantOp>(def)) {
        auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
        if (!splat)
          return constant.emitError(
              "hlo-resize-dimension: a constant of the batch's size that "
              "is not a splat cannot be resized");
        constant.setValueAttr(DenseElementsAttr::get(
            type.clone(shape), splat.getSplatValue<Attribute>()));
      } else if (auto slice = dyn_cast<hlo::SliceOp>(def)) {
        SmallVector<int64_t> limits(slice.getLimitIndices());
        for (int64_t d : list)
          limits[d] = shape[d];
        slice.setLimitIndices(limits);
      } else if (auto slice = dyn_cast<hlo::DynamicSliceOp>(def)) {
        SmallVector<int64_t> sizes(slice.getSliceSizes());
        for (int64_t d : list)
          sizes[d] = shape[d];
        slice.setSliceSizes(sizes);
      }
    }
    value.setType(type.clone(shape));
  }
  func.setFunctionType(FunctionType::get(
      func.getContext(), func.getBody().getArgumentTypes(),
      func.getBody().front().getTerminator()->getOperandTypes()));
  return success();
}

struct HLOResizeDimension
    : public tpu::impl::HLOResizeDimensionBase<HLOResizeDimension> {
  using Base::Base;

  void runOnOperation() override {
    if (resize.empty())
      return;
    // ARG:DIM=SIZE, ARG an argument's number or JAX name.
    StringRef text(resize);
    auto [where, sizeText] = text.rsplit('=');
    auto [name, dimText] = where.rsplit(':');
    int64_t dim = 0, size = 0;
    if (sizeText.getAsInteger(10, size) || size < 1 ||
        dimText.getAsInteger(10, dim) || dim < 0 || name.empty()) {
      getOperation().emitError("hlo-resize-dimension: '")
          << resize << "' is not ARGUMENT:DIMENSION=SIZE";
      return signalPassFailure();
    }
    bool found = false;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.isPublic())
        continue;
      for (BlockArgument arg : func.getArguments()) {
        if (!spmd::namesArgument(arg, name))
          continue;
        found = true;
        auto type = dyn_cast<RankedTensorType>(arg.getType());
        if (!type || dim >= type.getRank()) {
          func.emitError("hlo-resize-dimension: argument ")
              << arg.getArgNumber() << " has no dimension " << dim;
          return signalPassFailure();
        }
        Resizer resizer(func);
        resizer.connect();
        if (failed(resizer.resize(arg, dim, size)))
          return signalPassFailure();
      }
    }
    if (!found) {
      getOperation().emitError("hlo-resize-dimension: no public function "
                               "has an argument '")
          << name << "' (give its number or its loc(\"name\"))";
      return signalPassFailure();
    }
  }
};

} // namespace
