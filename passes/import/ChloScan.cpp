//===- ChloScan.cpp - chlo.scan as a StableHLO while loop -----------------===//
//
// Part of convert-stablehlo-to-hlo, run before the op-by-op import. A
// chlo.scan becomes the loop it means, in StableHLO ops the import then
// brings to hlo like any other:
//
//   while (i < length):           carried: i, the carries, the outputs
//     p = is_reverse ? length - 1 - i : i          (and the inputs)
//     slices = dynamic_slice(input, p) reshaped without the dimension
//     outs, carries = body(slices, carries)
//     output = dynamic_update_slice(output, out reshaped, p)
//
// The outputs start as zeros and every position is written once. XLA
// lowers jax.lax.scan (associative scans aside) the same way; the
// position's slices move by DMA, the body's ops run as kernels.
//
//===----------------------------------------------------------------------===//

#include "dialects/chlo/ChloOps.h"
#include "passes/import/StablehloImport.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

class ScanLowering {
public:
  ScanLowering(OpBuilder &b, chlo::ScanOp scan)
      : b(b), scan(scan), loc(scan.getLoc()), dim(scan.getDimension()) {}

  void run();

private:
  Value index(int64_t v) {
    auto type = RankedTensorType::get({}, b.getI32Type());
    return sh::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, b.getI32IntegerAttr(static_cast<int32_t>(v))));
  }
  /// The start indices of position `p` along the dimension.
  SmallVector<Value> starts(Value p, int64_t rank) {
    SmallVector<Value> at(rank, index(0));
    at[dim] = p;
    return at;
  }
  void buildCond(Block &block, int64_t length);
  void buildBody(Block &block, int64_t length);

  OpBuilder &b;
  chlo::ScanOp scan;
  Location loc;
  int64_t dim;
  size_t inputs = 0, carries = 0, outputs = 0;
};

void ScanLowering::buildCond(Block &block, int64_t length) {
  b.setInsertionPointToStart(&block);
  Value less = sh::CompareOp::create(
      b, loc, RankedTensorType::get({}, b.getI1Type()), block.getArgument(0),
      index(length), sh::ComparisonDirection::LT, nullptr);
  sh::ReturnOp::create(b, loc, ValueRange{less});
}

void ScanLowering::buildBody(Block &block, int64_t length) {
  b.setInsertionPointToStart(&block);
  Value i = block.getArgument(0);
  ValueRange carried = block.getArguments().slice(1, carries);
  ValueRange outs = block.getArguments().slice(1 + carries, outputs);
  ValueRange ins = block.getArguments().slice(1 + carries + outputs, inputs);
  auto i32 = RankedTensorType::get({}, b.getI32Type());
  Value p = scan.getIsReverse().value_or(false)
                ? Value(sh::SubtractOp::create(b, loc, i32, index(length - 1),
                                               i))
                : i;
  // The body, inlined on this position's slices and the carries.
  Block &scanBody = scan.getBody().front();
  IRMapping mapping;
  for (auto [n, input] : llvm::enumerate(ins)) {
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> sizes(type.getShape());
    sizes[dim] = 1;
    Value slice = sh::DynamicSliceOp::create(
        b, loc, type.clone(sizes), input, starts(p, type.getRank()),
        b.getDenseI64ArrayAttr(sizes));
    mapping.map(scanBody.getArgument(n),
                sh::ReshapeOp::create(
                    b, loc, scanBody.getArgument(n).getType(), slice));
  }
  for (auto [n, carry] : llvm::enumerate(carried))
    mapping.map(scanBody.getArgument(inputs + n), carry);
  for (Operation &op : scanBody.without_terminator())
    b.clone(op, mapping);
  Operation *yield = scanBody.getTerminator();
  SmallVector<Value> next = {sh::AddOp::create(b, loc, i32, i, index(1))};
  for (size_t n = 0; n < carries; ++n)
    next.push_back(mapping.lookupOrDefault(yield->getOperand(outputs + n)));
  for (auto [n, out] : llvm::enumerate(outs)) {
    auto type = cast<RankedTensorType>(out.getType());
    SmallVector<int64_t> sizes(type.getShape());
    sizes[dim] = 1;
    Value piece = sh::ReshapeOp::create(
        b, loc, type.clone(sizes),
        mapping.lookupOrDefault(yield->getOperand(n)));
    next.push_back(sh::DynamicUpdateSliceOp::create(
        b, loc, type, out, piece, starts(p, type.getRank())));
  }
  llvm::append_range(next, ins);
  sh::ReturnOp::create(b, loc, next);
}

void ScanLowering::run() {
  inputs = scan.getInputs().size();
  carries = scan.getInits().size();
  outputs = scan.getNumResults() - carries;
  Type scanned = inputs ? scan.getInputs()[0].getType()
                        : scan.getResult(0).getType();
  int64_t length = cast<RankedTensorType>(scanned).getDimSize(dim);
  b.setInsertionPoint(scan);
  SmallVector<Value> initial = {index(0)};
  llvm::append_range(initial, scan.getInits());
  for (Value result : scan.getResults().take_front(outputs)) {
    auto type = cast<RankedTensorType>(result.getType());
    initial.push_back(sh::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType()))));
  }
  llvm::append_range(initial, scan.getInputs());
  SmallVector<Type> types(ValueRange(initial).getTypes());
  auto loop = sh::WhileOp::create(b, loc, types, initial);
  SmallVector<Location> locs(types.size(), loc);
  buildCond(*b.createBlock(&loop.getCond(), {}, types, locs), length);
  buildBody(*b.createBlock(&loop.getBody(), {}, types, locs), length);
  SmallVector<Value> results;
  for (size_t n = 0; n < outputs; ++n)
    results.push_back(loop.getResult(1 + carries + n));
  for (size_t n = 0; n < carries; ++n)
    results.push_back(loop.getResult(1 + n));
  scan.replaceAllUsesWith(results);
  scan.erase();
}

} // namespace

void mlir::tpu::stablehlo_import::lowerChloScans(func::FuncOp func) {
  SmallVector<chlo::ScanOp> scans;
  func.walk([&](chlo::ScanOp scan) { scans.push_back(scan); });
  OpBuilder b(func.getContext());
  // Post-order, inner scans first: an outer scan's body is then cloned
  // with the loops they became.
  for (chlo::ScanOp scan : scans)
    ScanLowering(b, scan).run();
}
