//===- StablehloReductions.cpp - Reductions, windows and scatters ---------===//
//
// The part of convert-stablehlo-to-hlo whose StableHLO ops carry a body
// computation: reduce (including JAX's argmax/argmin), reduce_window,
// select_and_scatter and scatter. hlo reduces by kind, so a body must be
// one op hlo has; windows expand tap by tap into strided slices.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/import/StablehloImport.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

FailureOr<ReduceBody>
mlir::tpu::stablehlo_import::matchReduceBody(Region &region, unsigned i,
                                             unsigned n) {
  Block &body = region.front();
  auto ret = cast<sh::ReturnOp>(body.getTerminator());
  if (body.getOperations().size() != n + 1 || ret->getNumOperands() != n)
    return failure();
  Operation *combine = ret->getOperand(i).getDefiningOp();
  if (!combine || combine->getBlock() != &body ||
      combine->getNumOperands() != 2 || combine->getNumResults() != 1)
    return failure();
  Value a = combine->getOperand(0), c = combine->getOperand(1);
  Value acc = body.getArgument(i), x = body.getArgument(n + i);
  if (!((a == acc && c == x) || (a == x && c == acc)))
    return failure();
  bool isBool = getElementTypeOrSelf(a.getType()).isInteger(1);
  std::optional<hlo::ReduceKind> kind =
      llvm::TypeSwitch<Operation *, std::optional<hlo::ReduceKind>>(combine)
          .Case([](sh::AddOp) { return hlo::ReduceKind::sum; })
          .Case([](sh::MulOp) { return hlo::ReduceKind::product; })
          .Case([](sh::MaxOp) { return hlo::ReduceKind::max; })
          .Case([](sh::MinOp) { return hlo::ReduceKind::min; })
          // On i1, hlo's sum is or and its product is and.
          .Case([&](sh::OrOp) -> std::optional<hlo::ReduceKind> {
            if (isBool)
              return hlo::ReduceKind::sum;
            return std::nullopt;
          })
          .Case([&](sh::AndOp) -> std::optional<hlo::ReduceKind> {
            if (isBool)
              return hlo::ReduceKind::product;
            return std::nullopt;
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind)
    return failure();
  return ReduceBody{*kind, combine};
}

namespace {

/// The direction (GT: argmax, LT: argmin) of JAX's variadic reduce over
/// (values, iota indices): with block arguments (v, i, w, j),
///   better = compare(DIR, v, w) or compare(NE, v, v)      (NaN wins)
///   pick   = better or (compare(EQ, v, w) and compare(LT, i, j))
///   return select(better, v, w), select(pick, i, j)
/// which is hlo.argmax/argmin's rule (the first index of the best value).
std::optional<sh::ComparisonDirection> matchArgReduceBody(sh::ReduceOp op) {
  Block &body = op.getBody().front();
  Value v = body.getArgument(0), i = body.getArgument(1),
        w = body.getArgument(2), j = body.getArgument(3);
  auto compare = [](Value c, sh::ComparisonDirection dir, Value lhs,
                    Value rhs) {
    auto cmp = c.getDefiningOp<sh::CompareOp>();
    return cmp && cmp.getComparisonDirection() == dir && cmp.getLhs() == lhs &&
           cmp.getRhs() == rhs;
  };
  // `c` is `op(x, y)` with x satisfying `first` and y `second`, either way.
  auto either = [](auto binary, auto first, auto second) {
    if (!binary)
      return false;
    Value x = binary.getLhs(), y = binary.getRhs();
    return (first(x) && second(y)) || (first(y) && second(x));
  };
  auto ret = cast<sh::ReturnOp>(body.getTerminator());
  auto pickValue = ret.getOperand(0).getDefiningOp<sh::SelectOp>();
  auto pickIndex = ret.getOperand(1).getDefiningOp<sh::SelectOp>();
  if (!pickValue || !pickIndex || pickValue.getOnTrue() != v ||
      pickValue.getOnFalse() != w || pickIndex.getOnTrue() != i ||
      pickIndex.getOnFalse() != j)
    return std::nullopt;
  Value better = pickValue.getPred();
  for (auto dir : {sh::ComparisonDirection::GT, sh::ComparisonDirection::LT}) {
    bool betterOk = either(
        better.getDefiningOp<sh::OrOp>(),
        [&](Value c) { return compare(c, dir, v, w); },
        [&](Value c) { return compare(c, sh::ComparisonDirection::NE, v, v); });
    bool pickOk = either(
        pickIndex.getPred().getDefiningOp<sh::OrOp>(),
        [&](Value c) { return c == better; },
        [&](Value c) {
          return either(
              c.getDefiningOp<sh::AndOp>(),
              [&](Value e) {
                return compare(e, sh::ComparisonDirection::EQ, v, w);
              },
              [&](Value e) {
                return compare(e, sh::ComparisonDirection::LT, i, j);
              });
        });
    if (betterOk && pickOk)
      return dir;
  }
  return std::nullopt;
}

/// Whether `value` is a constant splat of `kind`'s identity, the value
/// hlo.reduce starts from.
bool isIdentity(Value value, hlo::ReduceKind kind) {
  // Exporters write scalar inits as a rank-0 broadcast of a constant.
  if (auto bc = value.getDefiningOp<hlo::BroadcastInDimOp>())
    if (cast<RankedTensorType>(bc.getOperand().getType()).getRank() == 0)
      value = bc.getOperand();
  DenseElementsAttr attr;
  return matchPattern(value, m_Constant(&attr)) && attr.isSplat() &&
         attr.getSplatValue<Attribute>() ==
             hlo::getReduceIdentity(kind, attr.getElementType());
}

/// Windows expand tap by tap; larger windows are refused.
constexpr int64_t kMaxWindowTaps = 1024;

int64_t tapCount(ArrayRef<int64_t> window) {
  int64_t taps = 1;
  for (int64_t w : window)
    taps *= w;
  return taps;
}

/// One position of a window: the strided slice [start, limit) that reads it
/// from every window of an `out`-shaped grid.
struct WindowTap {
  SmallVector<int64_t> start, limit;
};

/// The taps of `window` in row-major window order (XLA's order); tap k of
/// dimension d sits k * dilations[d] into the window (all 1 when empty).
SmallVector<WindowTap> windowTaps(ArrayRef<int64_t> window,
                                  ArrayRef<int64_t> strides,
                                  ArrayRef<int64_t> out,
                                  ArrayRef<int64_t> dilations = {}) {
  int64_t rank = window.size();
  SmallVector<WindowTap> taps;
  SmallVector<int64_t> at(rank, 0);
  for (int64_t t = 0, n = tapCount(window); t < n; ++t) {
    WindowTap tap{at, {}};
    for (int64_t d = 0; d < rank; ++d) {
      if (!dilations.empty())
        tap.start[d] *= dilations[d];
      tap.limit.push_back(tap.start[d] + (out[d] - 1) * strides[d] + 1);
    }
    taps.push_back(std::move(tap));
    for (int64_t d = rank - 1; d >= 0 && ++at[d] == window[d]; --d)
      at[d] = 0;
  }
  return taps;
}

} // namespace

FailureOr<Value> Importer::argReduce(sh::ReduceOp op) {
  auto fail = [&]() {
    return unsupported(op) << "a reduce of 2 inputs that neither reduces "
                              "each on its own nor is JAX's argmax or argmin "
                              "(values and an iota along the one reduced "
                              "dimension, the best value's first index)";
  };
  std::optional<sh::ComparisonDirection> dir = matchArgReduceBody(op);
  ArrayRef<int64_t> dims = op.getDimensions();
  auto iota = op.getInputs()[1].getDefiningOp<sh::IotaOp>();
  if (!dir || dims.size() != 1 || !iota ||
      iota.getIotaDimensionAttr().getInt() != dims[0] ||
      !isa<IntegerType>(getElementTypeOrSelf(iota.getType())))
    return fail();
  bool isMax = *dir == sh::ComparisonDirection::GT;
  hlo::ReduceKind kind = isMax ? hlo::ReduceKind::max : hlo::ReduceKind::min;
  // The inits must be where hlo starts: the worst value and index 0.
  Value init = lookup(op.getInitValues()[0]);
  DenseElementsAttr index;
  if (!isIdentity(init, kind) ||
      !matchPattern(lookup(op.getInitValues()[1]), m_Constant(&index)) ||
      !index.isSplat() || !index.getSplatValue<APInt>().isZero())
    return unsupported(op) << "an argmax or argmin whose init values are not "
                              "the lowest (highest) value and index 0";
  Location loc = op.getLoc();
  Value input = lookup(op.getInputs()[0]);
  auto valueType = cast<RankedTensorType>(op.getResult(0).getType());
  // hlo's index reductions give i32 (a dimension never reaches 2^31);
  // JAX with x64 asks for i64 or ui64, a convert away.
  auto indexType = cast<RankedTensorType>(op.getResult(1).getType());
  auto i32Type = indexType.clone(b.getI32Type());
  // Booleans (false < true): the index of 0/1 bytes, the value an or (for
  // max) or and (for min), which hlo's sum and product are on i1.
  bool boolean = valueType.getElementType().isInteger(1);
  Value ranked =
      boolean ? Value(hlo::ConvertOp::create(b, loc, input, b.getI8Type()))
              : input;
  Value indices =
      isMax ? Value(hlo::ArgMaxOp::create(b, loc, i32Type, ranked, dims[0]))
            : Value(hlo::ArgMinOp::create(b, loc, i32Type, ranked, dims[0]));
  if (indexType != i32Type)
    indices = hlo::ConvertOp::create(b, loc, indexType, indices);
  mapping.map(op.getResult(1), indices);
  if (boolean)
    kind = isMax ? hlo::ReduceKind::sum : hlo::ReduceKind::product;
  return Value(hlo::ReduceOp::create(
      b, loc, valueType, hlo::ReduceKindAttr::get(b.getContext(), kind), input,
      op.getDimensionsAttr()));
}

FailureOr<Value> Importer::reduce(sh::ReduceOp op) {
  unsigned n = op.getInputs().size();
  SmallVector<ReduceBody> bodies;
  for (unsigned i = 0; i < n; ++i) {
    FailureOr<ReduceBody> body = matchReduceBody(op.getBody(), i, n);
    if (failed(body))
      break;
    bodies.push_back(*body);
  }
  // Several inputs each reduced on their own are that many reduces; the
  // other variadic form the TPU runs is JAX's argmax/argmin.
  if (n == 2 && bodies.size() != n)
    return argReduce(op);
  if (bodies.size() != n)
    return unsupported(op) << (n == 1 ? "its body is not one add, multiply, "
                                        "maximum or minimum (or, and on i1) "
                                        "of its two arguments"
                                      : "a reduce of several inputs whose "
                                        "body does not reduce each on its own");
  Location loc = op.getLoc();
  SmallVector<Value> results;
  for (auto [i, body] : llvm::enumerate(bodies)) {
    auto type = cast<RankedTensorType>(op.getResult(i).getType());
    Value reduced = hlo::ReduceOp::create(
        b, loc, type, hlo::ReduceKindAttr::get(b.getContext(), body.kind),
        lookup(op.getInputs()[i]), op.getDimensionsAttr());
    Value init = lookup(op.getInitValues()[i]);
    // reduce(x, init) = op(init, reduce(x, identity)) for the associative,
    // commutative ops hlo reduces with.
    if (!isIdentity(init, body.kind))
      reduced = combineLike(body.combine, reduced,
                            broadcastScalar(loc, init, type.getShape()));
    results.push_back(reduced);
  }
  for (unsigned i = 1; i < n; ++i)
    mapping.map(op.getResult(i), results[i]);
  return results.front();
}

Value Importer::combineLike(Operation *bodyOp, Value lhs, Value rhs) {
  return llvm::TypeSwitch<Operation *, Value>(bodyOp)
      .Case([&](sh::AddOp) { return combine<hlo::AddOp>(lhs, rhs); })
      .Case([&](sh::MulOp) { return combine<hlo::MulOp>(lhs, rhs); })
      .Case([&](sh::MaxOp) { return combine<hlo::MaxOp>(lhs, rhs); })
      .Case([&](sh::MinOp) { return combine<hlo::MinOp>(lhs, rhs); })
      .Case([&](sh::OrOp) { return combine<hlo::OrOp>(lhs, rhs); })
      .Default([&](Operation *) { return combine<hlo::AndOp>(lhs, rhs); });
}

/// Each window of the input padded with the init value, reduced tap by tap:
/// one strided slice per window position, combined in row-major window
/// order (XLA's order), then the init value once unless it is the identity.
/// Several inputs, or a body of more than one op, take the general path.
FailureOr<Value> Importer::reduceWindow(sh::ReduceWindowOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  int64_t rank = type.getRank();
  // Base dilation is interior padding with the init value (the spec's
  // pad(inputs, init_values, low, high, base_dilations - 1)); window
  // dilation spaces the taps.
  SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0),
      dilations(rank, 1);
  if (auto base = op.getBaseDilations())
    for (int64_t d = 0; d < rank; ++d)
      interior[d] = (*base)[d] - 1;
  if (auto w = op.getWindowDilations())
    dilations.assign(w->begin(), w->end());
  if (auto padding = op.getPaddingAttr()) {
    SmallVector<int64_t> flat(padding.getValues<int64_t>());
    for (int64_t d = 0; d < rank; ++d) {
      low[d] = flat[2 * d];
      high[d] = flat[2 * d + 1];
    }
  }
  // Every input padded with its own init value.
  SmallVector<Value> padded;
  for (auto [input, init] : llvm::zip(op.getInputs(), op.getInitValues())) {
    Value x = lookup(input);
    auto inputType = cast<RankedTensorType>(x.getType());
    if (llvm::any_of(llvm::concat<int64_t>(low, high, interior),
                     [](int64_t v) { return v; })) {
      SmallVector<int64_t> shape(inputType.getShape());
      for (int64_t d = 0; d < rank; ++d)
        shape[d] += low[d] + high[d] +
                    (shape[d] > 0 ? (shape[d] - 1) * interior[d] : 0);
      x = hlo::PadOp::create(b, loc, inputType.clone(shape), x, lookup(init),
                             b.getDenseI64ArrayAttr(low),
                             b.getDenseI64ArrayAttr(high),
                             b.getDenseI64ArrayAttr(interior));
    }
    padded.push_back(x);
  }
  ArrayRef<int64_t> window = op.getWindowDimensions();
  SmallVector<int64_t> strides(rank, 1);
  if (auto s = op.getWindowStrides())
    strides.assign(s->begin(), s->end());
  if (int64_t taps = tapCount(window); taps > kMaxWindowTaps)
    return unsupported(op) << "a window of " << taps << " elements (at most "
                           << kMaxWindowTaps << " are expanded)";
  FailureOr<ReduceBody> body = matchReduceBody(op.getBody());
  if (op.getInputs().size() != 1 || failed(body))
    return reduceWindowGeneral(op, padded, strides, dilations);
  Value acc;
  for (const WindowTap &tap :
       windowTaps(window, strides, type.getShape(), dilations)) {
    Value x = hlo::SliceOp::create(
        b, loc, type, padded.front(), b.getDenseI64ArrayAttr(tap.start),
        b.getDenseI64ArrayAttr(tap.limit), b.getDenseI64ArrayAttr(strides));
    acc = acc ? combineLike(body->combine, acc, x) : x;
  }
  Value init = lookup(op.getInitValues()[0]);
  if (isIdentity(init, body->kind))
    return acc;
  return combineLike(body->combine, acc,
                     broadcastScalar(loc, init, type.getShape()));
}

FailureOr<Value> Importer::reduceWindowGeneral(sh::ReduceWindowOp op,
                                               ArrayRef<Value> padded,
                                               ArrayRef<int64_t> strides,
                                               ArrayRef<int64_t> dilations) {
  Location loc = op.getLoc();
  ArrayRef<int64_t> shape = resultType(op).getShape();
  SmallVector<Value> accs;
  for (Value init : op.getInitValues())
    accs.push_back(broadcastScalar(loc, lookup(init), shape));
  for (const WindowTap &tap :
       windowTaps(op.getWindowDimensions(), strides, shape, dilations)) {
    SmallVector<Value> args(accs);
    for (auto [x, result] : llvm::zip(padded, op.getResults()))
      args.push_back(hlo::SliceOp::create(
          b, loc, cast<RankedTensorType>(result.getType()), x,
          b.getDenseI64ArrayAttr(tap.start), b.getDenseI64ArrayAttr(tap.limit),
          b.getDenseI64ArrayAttr(strides)));
    FailureOr<SmallVector<Value>> next = applyBody(op.getBody(), args, shape);
    if (failed(next))
      return failure();
    accs = std::move(*next);
  }
  for (size_t i = 1; i < accs.size(); ++i)
    mapping.map(op.getResult(i), accs[i]);
  return accs.front();
}

FailureOr<SmallVector<Value>> Importer::applyBody(Region &body,
                                                  ArrayRef<Value> args,
                                                  ArrayRef<int64_t> shape) {
  Block &block = body.front();
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    mapping.map(arg, value);
  for (Operation &inner : block.without_terminator()) {
    auto scalar = dyn_cast<RankedTensorType>(
        inner.getNumResults() == 1 ? inner.getResult(0).getType() : Type());
    if (!scalar || scalar.getRank() != 0 || inner.getNumRegions())
      return unsupported(&inner)
             << "in a body applied elementwise, only elementwise ops on scalars";
    auto type = RankedTensorType::get(shape, scalar.getElementType());
    if (auto constant = dyn_cast<sh::ConstantOp>(inner)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense)
        return unsupported(&inner) << "a constant that is not dense";
      mapping.map(
          constant.getResult(),
          splat(inner.getLoc(), type, dense.getSplatValue<Attribute>()));
      continue;
    }
    // The op at the tensors' shape, converted as a top-level op would be;
    // its operands are the body's scalars, mapped to the tensors above.
    OpBuilder builder(&inner);
    Operation *wide = builder.clone(inner);
    wide->getResult(0).setType(type);
    LogicalResult converted = convert(wide);
    Value result = mapping.lookupOrNull(wide->getResult(0));
    mapping.erase(wide->getResult(0));
    wide->erase();
    if (failed(converted))
      return failure();
    mapping.map(inner.getResult(0), result);
  }
  SmallVector<Value> results;
  for (Value v : block.getTerminator()->getOperands())
    results.push_back(lookup(v));
  return results;
}

/// Scatter at compile-time indices (JAX writes them as constants): each
/// update window is sliced out of the updates, reshaped to the operand's
/// rank, padded to the operand's shape at its start, combined with the
/// current values by the update computation and selected in by a padded
/// mask, in the order of the scatter indices (XLA's serial order). A
/// window that does not fit the operand is skipped, as XLA skips it.
FailureOr<Value> Importer::scatter(sh::ScatterOp op) {
  if (op.getInputs().size() != 1)
    return unsupported(op) << "a scatter of " << op.getInputs().size()
                           << " inputs";
  sh::ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
  auto constant = op.getScatterIndices().getDefiningOp<sh::ConstantOp>();
  auto indices = constant ? dyn_cast<DenseIntElementsAttr>(constant.getValue())
                          : DenseIntElementsAttr();
  Region &computation = op.getUpdateComputation();
  Block &body = computation.front();
  bool assign = body.getTerminator()->getOperand(0) == body.getArgument(1);
  FailureOr<ReduceBody> combineBody = matchReduceBody(computation);
  if (!assign && failed(combineBody))
    return unsupported(op) << "its update computation is not a replacement "
                              "or one add, multiply, maximum or minimum (or, "
                              "and on i1)";
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  int64_t rank = type.getRank();
  auto updatesType = cast<RankedTensorType>(op.getUpdates()[0].getType());
  auto indicesType = cast<RankedTensorType>(op.getScatterIndices().getType());
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  SmallVector<int64_t> scatterDims, scatterShape;
  for (int64_t d = 0; d < updatesType.getRank(); ++d)
    if (!llvm::is_contained(windowDims, d)) {
      scatterDims.push_back(d);
      scatterShape.push_back(updatesType.getDimSize(d));
    }
  int64_t windows = 1;
  for (int64_t s : scatterShape)
    windows *= s;
  SmallVector<int64_t> windowShape(rank, 1);
  for (int64_t d = 0, w = 0; d < rank; ++d)
    if (!llvm::is_contained(dims.getInsertedWindowDims(), d) &&
        !llvm::is_contained(dims.getInputBatchingDims(), d))
      windowShape[d] = updatesType.getDimSize(windowDims[w++]);
  // Each window at compile-time indices touches the whole operand (a pad
  // and a select): many windows, or batching dimensions, go the run-time
  // way, one window read and written at a time.
  if (!indices || windows > kIndexChunk ||
      !dims.getInputBatchingDims().empty()) {
    Value runTime = indices ? constantIndices(loc, indices)
                            : lookup(op.getScatterIndices());
    return scatterAtRunTime(op, runTime, scatterDims, windowShape,
                            assign ? nullptr : combineBody->combine);
  }
  // Indices may be any integer type: read them as APInts, extended.
  bool unsignedIndices = indices.getElementType().isUnsignedInteger();
  SmallVector<int64_t> flat =
      llvm::map_to_vector(indices.getValues<APInt>(), [&](const APInt &v) {
        return unsignedIndices ? static_cast<int64_t>(v.getZExtValue())
                               : v.getSExtValue();
      });
  SmallVector<int64_t> indexStrides(indicesType.getRank(), 1);
  for (int64_t d = indicesType.getRank() - 2; d >= 0; --d)
    indexStrides[d] = indexStrides[d + 1] * indicesType.getDimSize(d + 1);
  int64_t vectorDim = dims.getIndexVectorDim();
  Type element = type.getElementType();
  Value zero =
      splat(loc, RankedTensorType::get({}, element), b.getZeroAttr(element));
  Value yes = splat(loc, RankedTensorType::get(windowShape, b.getI1Type()),
                    b.getBoolAttr(true));
  Value no = splat(loc, RankedTensorType::get({}, b.getI1Type()),
                   b.getBoolAttr(false));
  Value result = lookup(op.getInputs()[0]);
  Value updates = lookup(op.getUpdates()[0]);
  SmallVector<int64_t> at(scatterDims.size(), 0);
  for (int64_t k = 0; k < windows; ++k) {
    // The window's start: its index vector, spread over the operand.
    SmallVector<int64_t> start(rank, 0);
    for (auto [j, operandDim] :
         llvm::enumerate(dims.getScatterDimsToOperandDims())) {
      int64_t offset = 0;
      for (int64_t d = 0, u = 0; d < indicesType.getRank(); ++d)
        offset += (d == vectorDim ? static_cast<int64_t>(j) : at[u++]) *
                  indexStrides[d];
      start[operandDim] = flat[offset];
    }
    bool fits = true;
    SmallVector<int64_t> high(rank);
    for (int64_t d = 0; d < rank; ++d) {
      high[d] = type.getDimSize(d) - start[d] - windowShape[d];
      fits &= start[d] >= 0 && high[d] >= 0;
    }
    if (fits) {
      SmallVector<int64_t> sliceStart(updatesType.getRank(), 0);
      SmallVector<int64_t> sliceLimit(updatesType.getShape());
      SmallVector<int64_t> sliceShape(updatesType.getShape());
      for (auto [i, d] : llvm::enumerate(scatterDims)) {
        sliceStart[d] = at[i];
        sliceLimit[d] = at[i] + 1;
        sliceShape[d] = 1;
      }
      Value window = hlo::SliceOp::create(
          b, loc, RankedTensorType::get(sliceShape, element), updates,
          b.getDenseI64ArrayAttr(sliceStart),
          b.getDenseI64ArrayAttr(sliceLimit),
          b.getDenseI64ArrayAttr(SmallVector<int64_t>(sliceShape.size(), 1)));
      window = hlo::ReshapeOp::create(
          b, loc, RankedTensorType::get(windowShape, element), window);
      auto place = [&](Value v, Value padding) -> Value {
        auto vType = cast<RankedTensorType>(v.getType());
        return hlo::PadOp::create(
            b, loc,
            RankedTensorType::get(type.getShape(), vType.getElementType()), v,
            padding, b.getDenseI64ArrayAttr(start),
            b.getDenseI64ArrayAttr(high),
            b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)));
      };
      Value placed = place(window, zero);
      Value combined =
          assign ? placed : combineLike(combineBody->combine, result, placed);
      result =
          hlo::SelectOp::create(b, loc, type, place(yes, no), combined, result);
    }
    for (int64_t d = static_cast<int64_t>(at.size()) - 1;
         d >= 0 && ++at[d] == scatterShape[d]; --d)
      at[d] = 0;
  }
  return result;
}

/// Compile-time scatter indices as an i32 constant for the run-time path,
/// each saturated to i32 (a start past 2^31 fits no operand either way).
Value Importer::constantIndices(Location loc, DenseIntElementsAttr indices) {
  bool unsignedIndices = indices.getElementType().isUnsignedInteger();
  SmallVector<int32_t> values =
      llvm::map_to_vector(indices.getValues<APInt>(), [&](const APInt &v) {
        int64_t wide = unsignedIndices
                           ? static_cast<int64_t>(std::min<uint64_t>(
                                 v.getZExtValue(), INT32_MAX))
                           : v.getSExtValue();
        return static_cast<int32_t>(
            std::clamp<int64_t>(wide, INT32_MIN, INT32_MAX));
      });
  auto type = RankedTensorType::get(indices.getType().getShape(),
                                    b.getI32Type());
  return hlo::ConstantOp::create(b, loc,
                                 DenseElementsAttr::get(type, ArrayRef(values)));
}

FailureOr<Value> Importer::scatterAtRunTime(sh::ScatterOp op, Value indices,
                                            ArrayRef<int64_t> scatterDims,
                                            ArrayRef<int64_t> windowShape,
                                            Operation *combine) {
  sh::ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  int64_t rank = type.getRank();
  int64_t ivd = dims.getIndexVectorDim();
  SmallVector<int64_t> indexMap(dims.getScatterDimsToOperandDims());
  if (!dims.getInputBatchingDims().empty()) {
    indices = withBatchingIndices(loc, indices, ivd,
                                  dims.getScatterIndicesBatchingDims());
    llvm::append_range(indexMap, dims.getInputBatchingDims());
  }
  Value rows = indexRows(loc, indices, ivd);
  auto scalarIndex = RankedTensorType::get(
      {}, cast<RankedTensorType>(rows.getType()).getElementType());
  // The updates as [N, window...]: scatter dimensions first, in order.
  Value updates = lookup(op.getUpdates()[0]);
  auto updatesType = cast<RankedTensorType>(updates.getType());
  SmallVector<int64_t> perm(scatterDims);
  llvm::append_range(perm, dims.getUpdateWindowDims());
  SmallVector<int64_t> flatShape = {1};
  for (int64_t d : perm)
    if (llvm::is_contained(scatterDims, d))
      flatShape[0] *= updatesType.getDimSize(d);
    else
      flatShape.push_back(updatesType.getDimSize(d));
  int64_t windows = flatShape[0];
  Value flatUpdates = reshapeTo(loc, updatesType.clone(flatShape),
                                transpose(loc, updates, perm));
  Type element = type.getElementType();
  auto windowType = RankedTensorType::get(windowShape, element);
  auto i1 = RankedTensorType::get({}, b.getI1Type());
  Value zero32 = splat(loc, RankedTensorType::get({}, b.getI32Type()),
                       b.getI32IntegerAttr(0));
  // One window: read where its index vector says, combine, write back; a
  // window that does not fit writes back what it read (XLA skips it).
  auto window = [&](Value result, Value chunkRows, Value chunkUpdates,
                    int64_t r) -> Value {
    SmallVector<Value> starts(rank, zero32);
    Value fits = splat(loc, i1, b.getBoolAttr(true));
    Type indexElement = scalarIndex.getElementType();
    for (auto [j, operandDim] : llvm::enumerate(indexMap)) {
      Value index = indexComponent(loc, chunkRows, {r}, 1, j);
      int64_t largest = type.getDimSize(operandDim) - windowShape[operandDim];
      Value low =
          compareOf(loc, hlo::ComparisonDirection::GE, index,
                    splat(loc, scalarIndex, b.getIntegerAttr(indexElement, 0)));
      Value high = compareOf(
          loc, hlo::ComparisonDirection::LE, index,
          splat(loc, scalarIndex, b.getIntegerAttr(indexElement, largest)));
      fits = hlo::AndOp::create(b, loc, fits,
                                hlo::AndOp::create(b, loc, low, high));
      starts[operandDim] = indexToI32(loc, index, largest);
    }
    Value update = hlo::ReshapeOp::create(
        b, loc, windowType, rowsAt(loc, chunkUpdates, zero32, r, 1));
    Value current =
        hlo::DynamicSliceOp::create(b, loc, windowType, result, starts,
                                    b.getDenseI64ArrayAttr(windowShape));
    Value combined = combine ? combineLike(combine, current, update) : update;
    Value keep = broadcastScalar(loc, fits, windowShape);
    Value chosen =
        hlo::SelectOp::create(b, loc, windowType, keep, combined, current);
    return hlo::DynamicUpdateSliceOp::create(b, loc, type, result, chosen,
                                             starts);
  };
  return chunkedLoop(
      loc, windows, lookup(op.getInputs()[0]),
      [&](Value first, std::optional<int64_t> known, int64_t n,
          ValueRange state) -> SmallVector<Value> {
        Value chunkRows = rowsAt(loc, rows, first, known, n);
        Value chunkUpdates = rowsAt(loc, flatUpdates, first, known, n);
        Value result = state[0];
        for (int64_t r = 0; r < n; ++r)
          result = window(result, chunkRows, chunkUpdates, r);
        return {result};
      })[0];
}

/// select_and_scatter, tap by tap as reduce_window: each window position t
/// is a strided slice X_t of the operand, and a running (best, tap) pair
/// keeps what `select(best, X_t)` keeps, in row-major window order (the
/// spec's serial selection). Each tap's source values, where that tap was
/// selected, go back to the operand's shape by a pad (low t, interior
/// stride - 1) and add onto the init value, last tap first: an element gets
/// its values in the order of the windows that selected it (the spec's
/// order, which matters when windows overlap), and a later window reaches
/// it through an earlier tap. The select body must be one compare of its
/// arguments (JAX's GE for max pooling), scatter one add.
FailureOr<Value> Importer::selectAndScatter(sh::SelectAndScatterOp op) {
  Block &select = op.getSelect().front();
  auto ret = cast<sh::ReturnOp>(select.getTerminator());
  auto cmp = ret.getNumOperands() == 1
                 ? ret.getOperand(0).getDefiningOp<sh::CompareOp>()
                 : sh::CompareOp();
  if (!cmp || cmp.getLhs() != select.getArgument(0) ||
      cmp.getRhs() != select.getArgument(1) ||
      (cmp.getCompareType() &&
       *cmp.getCompareType() == sh::ComparisonType::TOTALORDER))
    return unsupported(op) << "its select body is not one compare of its two "
                              "arguments";
  FailureOr<ReduceBody> scatterBody = matchReduceBody(op.getScatter());
  if (failed(scatterBody) || scatterBody->kind != hlo::ReduceKind::sum)
    return unsupported(op) << "its scatter body is not one add of its two "
                              "arguments";
  Location loc = op.getLoc();
  Value operand = lookup(op.getOperand()), source = lookup(op.getSource());
  auto operandType = cast<RankedTensorType>(operand.getType());
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = operandType.getRank();
  SmallVector<int64_t> window(rank, 1), strides(rank, 1), low(rank, 0),
      high(rank, 0);
  if (auto w = op.getWindowDimensions())
    window.assign(w->begin(), w->end());
  if (auto s = op.getWindowStrides())
    strides.assign(s->begin(), s->end());
  if (auto padding = op.getPaddingAttr())
    for (auto [i, p] : llvm::enumerate(padding.getValues<int64_t>()))
      (i % 2 ? high : low)[i / 2] = p;
  if (llvm::any_of(llvm::concat<int64_t>(low, high),
                   [](int64_t p) { return p < 0; }))
    return unsupported(op) << "negative padding";
  // Windows slide over the padded operand; a padding element is never
  // selected (XLA visits only the operand's own elements), so a validity
  // mask padded with false goes along.
  bool isPadded = llvm::any_of(llvm::concat<int64_t>(low, high),
                               [](int64_t p) { return p != 0; });
  SmallVector<int64_t> paddedShape(operandType.getShape());
  for (int64_t d = 0; d < rank; ++d)
    paddedShape[d] += low[d] + high[d];
  auto paddedType = operandType.clone(paddedShape);
  Value valid;
  if (isPadded) {
    auto pad = [&](Value v, Attribute with) -> Value {
      auto type = cast<RankedTensorType>(v.getType());
      return hlo::PadOp::create(
          b, loc, type.clone(paddedShape), v,
          splat(loc, RankedTensorType::get({}, type.getElementType()), with),
          b.getDenseI64ArrayAttr(low), b.getDenseI64ArrayAttr(high),
          b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)));
    };
    valid = pad(splat(loc, operandType.clone(b.getI1Type()),
                      b.getBoolAttr(true)),
                b.getBoolAttr(false));
    operand = pad(operand, b.getZeroAttr(operandType.getElementType()));
  }
  for (int64_t d = 0; d < rank; ++d) {
    int64_t windows = paddedShape[d] < window[d]
                          ? 0
                          : (paddedShape[d] - window[d]) / strides[d] + 1;
    if (sourceType.getDimSize(d) != windows)
      return op.emitOpError("source dimension ")
             << d << " has size " << sourceType.getDimSize(d) << ", but "
             << windows << " windows fit the operand";
  }
  if (int64_t taps = tapCount(window); taps > kMaxWindowTaps)
    return unsupported(op) << "a window of " << taps << " elements (at most "
                           << kMaxWindowTaps << " are expanded)";
  auto direction = *hlo::symbolizeComparisonDirection(
      sh::stringifyComparisonDirection(cmp.getComparisonDirection()));
  auto indexType = RankedTensorType::get(sourceType.getShape(), b.getI32Type());
  auto maskType = RankedTensorType::get(sourceType.getShape(), b.getI1Type());
  auto tapIndex = [&](int64_t t) {
    return splat(loc, indexType, b.getI32IntegerAttr(static_cast<int32_t>(t)));
  };
  SmallVector<WindowTap> taps =
      windowTaps(window, strides, sourceType.getShape());
  auto tapSlice = [&](Value v, const WindowTap &tap) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    return hlo::SliceOp::create(
        b, loc, sourceType.clone(type.getElementType()), v,
        b.getDenseI64ArrayAttr(tap.start), b.getDenseI64ArrayAttr(tap.limit),
        b.getDenseI64ArrayAttr(strides));
  };
  // Without padding a later tap wins unless select keeps the best; with
  // it, a valid tap wins where nothing is chosen yet or select does not
  // keep the best (-1: nothing chosen, a window of padding only).
  Value best, chosen, seen;
  for (auto [t, tap] : llvm::enumerate(taps)) {
    Value x = tapSlice(operand, tap);
    Value here = valid ? tapSlice(valid, tap) : Value();
    if (t == 0) {
      best = x;
      chosen = here ? Value(hlo::SelectOp::create(b, loc, indexType, here,
                                                  tapIndex(0), tapIndex(-1)))
                    : tapIndex(0);
      seen = here;
      continue;
    }
    Value keep = hlo::CompareOp::create(
        b, loc, maskType,
        hlo::ComparisonDirectionAttr::get(b.getContext(), direction), best, x);
    if (!here) {
      best = hlo::SelectOp::create(b, loc, sourceType, keep, best, x);
      chosen =
          hlo::SelectOp::create(b, loc, indexType, keep, chosen, tapIndex(t));
      continue;
    }
    Value take = hlo::AndOp::create(
        b, loc, here,
        hlo::OrOp::create(b, loc, hlo::NotOp::create(b, loc, seen),
                          hlo::NotOp::create(b, loc, keep)));
    seen = hlo::OrOp::create(b, loc, seen, here);
    best = hlo::SelectOp::create(b, loc, sourceType, take, x, best);
    chosen =
        hlo::SelectOp::create(b, loc, indexType, take, tapIndex(t), chosen);
  }
  Type element = operandType.getElementType();
  Value zero = splat(loc, sourceType, b.getZeroAttr(element));
  Value zeroScalar =
      splat(loc, RankedTensorType::get({}, element), b.getZeroAttr(element));
  Value result = broadcastScalar(loc, lookup(op.getInitValue()), paddedShape);
  SmallVector<int64_t> interior;
  for (int64_t s : strides)
    interior.push_back(s - 1);
  for (int64_t t = static_cast<int64_t>(taps.size()) - 1; t >= 0; --t) {
    SmallVector<int64_t> after;
    for (int64_t d = 0; d < rank; ++d)
      after.push_back(paddedShape[d] - taps[t].limit[d]);
    Value mine = hlo::CompareOp::create(
        b, loc, maskType,
        hlo::ComparisonDirectionAttr::get(b.getContext(),
                                          hlo::ComparisonDirection::EQ),
        chosen, tapIndex(t));
    Value values =
        hlo::SelectOp::create(b, loc, sourceType, mine, source, zero);
    Value placed = hlo::PadOp::create(b, loc, paddedType, values, zeroScalar,
                                      b.getDenseI64ArrayAttr(taps[t].start),
                                      b.getDenseI64ArrayAttr(after),
                                      b.getDenseI64ArrayAttr(interior));
    result = hlo::AddOp::create(b, loc, result, placed);
  }
  if (!isPadded)
    return result;
  SmallVector<int64_t> limit(low);
  for (int64_t d = 0; d < rank; ++d)
    limit[d] += operandType.getDimSize(d);
  return Value(hlo::SliceOp::create(
      b, loc, operandType, result, b.getDenseI64ArrayAttr(low),
      b.getDenseI64ArrayAttr(limit),
      b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 1))));
}
