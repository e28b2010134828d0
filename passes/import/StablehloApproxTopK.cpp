//===- StablehloApproxTopK.cpp - ApproxTopK as a sort and a slice ---------===//
//
// stablehlo-approx-top-k: JAX's TPU export of approx_max_k / approx_min_k
// is a custom call whose comparator is another function. The exact top-k
// is a valid answer (its recall, 1, meets any recall_target), so the call
// becomes a stable sort with the comparator's body inlined as its region,
// sliced to the results' size. Done before the function-parallel import,
// which could not read another function safely.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloOps.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_STABLEHLOAPPROXTOPK
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
namespace sh = mlir::stablehlo;

namespace {

/// The backend_config fields the rewrite reads.
struct ApproxTopKConfig {
  int64_t topK = -1;
  int64_t reductionDim = -1;
  bool aggregate = true;
};

/// An integer or bool field of `config`, or a located error.
template <typename T>
FailureOr<T> field(sh::CustomCallOp op, DictionaryAttr config, StringRef name,
                   std::optional<T> fallback = std::nullopt) {
  Attribute attr = config.get(name);
  if (!attr && fallback)
    return *fallback;
  if constexpr (std::is_same_v<T, bool>) {
    if (auto b = dyn_cast_or_null<BoolAttr>(attr))
      return b.getValue();
  } else {
    if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
      return i.getInt();
  }
  return tpu::emitUnsupported(op)
         << "its backend_config has no "
         << (std::is_same_v<T, bool> ? "boolean " : "integer ") << name;
}

/// JAX writes the fields as `mhlo.backend_config` (api_version 1 to 3) or
/// as the typed-FFI `backend_config` dictionary (4).
FailureOr<ApproxTopKConfig> readConfig(sh::CustomCallOp op) {
  auto config =
      dyn_cast_or_null<DictionaryAttr>(op->getAttr("mhlo.backend_config"));
  if (!config)
    config = dyn_cast_or_null<DictionaryAttr>(op.getBackendConfigAttr());
  if (!config)
    return tpu::emitUnsupported(op)
           << "@ApproxTopK needs its backend_config dictionary (top_k, "
              "reduction_dim)";
  ApproxTopKConfig result;
  FailureOr<int64_t> k = field<int64_t>(op, config, "top_k");
  FailureOr<int64_t> dim = field<int64_t>(op, config, "reduction_dim");
  if (failed(k) || failed(dim))
    return failure();
  FailureOr<bool> aggregate =
      field<bool>(op, config, "aggregate_to_topk", true);
  if (failed(aggregate))
    return failure();
  result.topK = *k;
  result.reductionDim = *dim;
  result.aggregate = *aggregate;
  return result;
}

/// The comparator function of `op`, checked against its operands: 2N
/// scalar arguments of the N inputs' element types, one i1 result.
FailureOr<func::FuncOp> comparatorOf(sh::CustomCallOp op, ModuleOp module,
                                     unsigned n) {
  auto called = op->getAttrOfType<ArrayAttr>("called_computations");
  auto symbol = called && called.size() == 1
                    ? dyn_cast<FlatSymbolRefAttr>(called[0])
                    : FlatSymbolRefAttr();
  if (!symbol)
    return tpu::emitUnsupported(op)
           << "@ApproxTopK needs one comparator in called_computations";
  auto func = module.lookupSymbol<func::FuncOp>(symbol);
  if (!func || func.isExternal() || !func.getBody().hasOneBlock())
    return tpu::emitUnsupported(op) << "its comparator " << symbol
                                    << " is not a function of one block here";
  FunctionType type = func.getFunctionType();
  auto i1 = RankedTensorType::get({}, IntegerType::get(op.getContext(), 1));
  bool ok = type.getNumInputs() == 2 * n && type.getNumResults() == 1 &&
            type.getResult(0) == i1 &&
            isa<func::ReturnOp>(func.getBody().front().getTerminator());
  for (unsigned i = 0; ok && i < 2 * n; ++i) {
    auto input = cast<RankedTensorType>(op.getInputs()[i / 2].getType());
    ok = type.getInput(i) == RankedTensorType::get({}, input.getElementType());
  }
  if (!ok)
    return tpu::emitUnsupported(op)
           << "its comparator " << symbol << " must take two scalars of "
           << "each operand's element type and return one tensor<i1>";
  return func;
}

LogicalResult rewrite(sh::CustomCallOp op, ModuleOp module,
                      SetVector<func::FuncOp> &comparators) {
  unsigned n = op.getNumResults();
  if (n == 0 || op.getInputs().size() != 2 * n)
    return tpu::emitUnsupported(op) << "@ApproxTopK takes N operands and N "
                                       "initial values for its N results";
  FailureOr<ApproxTopKConfig> config = readConfig(op);
  if (failed(config))
    return failure();
  auto inputType = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!inputType)
    return tpu::emitUnsupported(op) << "its operands must be tensors";
  int64_t rank = inputType.getRank(), dim = config->reductionDim;
  if (dim < 0 || dim >= rank)
    return tpu::emitUnsupported(op)
           << "reduction_dim " << dim << " is out of range for rank " << rank;
  int64_t size = inputType.getDimSize(dim);
  for (unsigned i = 0; i < n; ++i) {
    auto input = dyn_cast<RankedTensorType>(op.getInputs()[i].getType());
    auto init = dyn_cast<RankedTensorType>(op.getInputs()[n + i].getType());
    auto result = dyn_cast<RankedTensorType>(op.getResult(i).getType());
    SmallVector<int64_t> shape(inputType.getShape());
    shape[dim] = result ? result.getDimSize(dim) : 0;
    if (!input || input.getShape() != inputType.getShape() || !init ||
        init.getRank() != 0 ||
        init.getElementType() != input.getElementType() || !result ||
        result.getShape() != ArrayRef<int64_t>(shape) ||
        result.getElementType() != input.getElementType())
      return tpu::emitUnsupported(op)
             << "operand, initial value and result #" << i
             << " must be a tensor of the operands' shape, a scalar and the "
                "tensor's top entries along reduction_dim, of one element "
                "type";
  }
  int64_t kept =
      cast<RankedTensorType>(op.getResult(0).getType()).getDimSize(dim);
  if (config->topK < 0 || config->topK > size ||
      (config->aggregate ? kept != config->topK : kept < config->topK) ||
      kept > size)
    return tpu::emitUnsupported(op)
           << "top_k " << config->topK << " with results of " << kept
           << " entries does not fit reduction_dim's " << size;
  FailureOr<func::FuncOp> comparator = comparatorOf(op, module, n);
  if (failed(comparator))
    return failure();

  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> inputs(op.getInputs().take_front(n));
  auto sort = sh::SortOp::create(b, loc, ValueRange(inputs).getTypes(), inputs,
                                 b.getI64IntegerAttr(dim), b.getBoolAttr(true));
  IRMapping map;
  (*comparator).getBody().cloneInto(&sort.getComparator(), map);
  Block &body = sort.getComparator().front();
  Operation *ret = body.getTerminator();
  b.setInsertionPoint(ret);
  sh::ReturnOp::create(b, ret->getLoc(), ret->getOperands());
  ret->erase();

  b.setInsertionPoint(op);
  SmallVector<int64_t> start(rank, 0), limit(inputType.getShape()),
      strides(rank, 1);
  limit[dim] = kept;
  for (unsigned i = 0; i < n; ++i) {
    Value slice = sh::SliceOp::create(
        b, loc, op.getResult(i).getType(), sort.getResult(i),
        b.getDenseI64ArrayAttr(start), b.getDenseI64ArrayAttr(limit),
        b.getDenseI64ArrayAttr(strides));
    op.getResult(i).replaceAllUsesWith(slice);
  }
  comparators.insert(*comparator);
  op.erase();
  return success();
}

struct StablehloApproxTopKPass
    : tpu::impl::StablehloApproxTopKBase<StablehloApproxTopKPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<sh::CustomCallOp> calls;
    module.walk([&](sh::CustomCallOp op) {
      if (op.getCallTargetName() == "ApproxTopK")
        calls.push_back(op);
    });
    SetVector<func::FuncOp> comparators;
    for (sh::CustomCallOp op : calls)
      if (failed(rewrite(op, module, comparators)))
        return signalPassFailure();
    for (func::FuncOp comparator : comparators)
      if (comparator.getSymName() != "main" &&
          SymbolTable::symbolKnownUseEmpty(comparator, module))
        comparator.erase();
  }
};

} // namespace
