//===- PaddingReport.cpp - tpu-padding-report -----------------------------===//

#include "passes/layout/PaddingReport.h"

#include "dialects/tpu/TPUDialect.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "runtime/machine/Padding.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUPADDINGREPORT
#include "passes/layout/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

/// `hlo.iota at file.mlir:3:8`, `"model/loss/one_hot" (hlo.iota)`,
/// `argument #0`, or an argument JAX named by its tree path as the memory
/// report names it: `params['w2'] (argument #3)`.
std::string describe(Value value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  Location loc = value.getLoc();
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto name = dyn_cast<NameLoc>(loc)) {
      os << name.getName().getValue() << " (argument #" << arg.getArgNumber()
         << ")";
      return text;
    }
    os << "argument #" << arg.getArgNumber();
  } else {
    Operation *op = value.getDefiningOp();
    if (auto name = dyn_cast<NameLoc>(loc)) {
      os << "\"" << name.getName().getValue() << "\" ("
         << op->getName().getStringRef() << ")";
      return text;
    }
    os << op->getName().getStringRef();
    if (op->getNumResults() > 1)
      os << "#" << cast<OpResult>(value).getResultNumber();
  }
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    os << " at " << llvm::sys::path::filename(file.getFilename().getValue())
       << ":" << file.getLine() << ":" << file.getColumn();
  return text;
}

struct Row {
  std::string value;
  tpc::PaddingInfo info;
};

LogicalResult report(func::FuncOp func, const tpc::Target &spec, unsigned top,
                     raw_ostream &os) {
  std::vector<Row> rows;
  auto add = [&](Value value) -> LogicalResult {
    std::optional<tpc::Shape> shape = toShape(value.getType());
    if (!shape)
      return success();
    if (!shape->layout)
      return emitError(value.getLoc())
             << "has no #tpu.layout; run tpu-assign-layouts before "
                "tpu-padding-report";
    absl::StatusOr<tpc::PaddingInfo> info = tpc::analyzePadding(spec, *shape);
    if (!info.ok())
      return emitError(value.getLoc()) << std::string(info.status().message());
    rows.push_back({describe(value), std::move(*info)});
    return success();
  };
  for (BlockArgument arg : func.getArguments())
    if (failed(add(arg)))
      return failure();
  WalkResult walk = func.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (failed(add(result)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // Most wasted bytes first; program order among equals.
  std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
    return a.info.extraBytes() > b.info.extraBytes();
  });

  size_t valueWidth = 5, shapeWidth = 5;
  for (const Row &row : rows) {
    valueWidth = std::max(valueWidth, row.value.size());
    shapeWidth =
        std::max(shapeWidth, tpc::shapeToString(row.info.shape).size());
  }
  auto line = [&](StringRef value, StringRef shape, StringRef unpadded,
                  StringRef padded, StringRef extra, StringRef expansion) {
    os << "  " << llvm::left_justify(value, valueWidth) << "  "
       << llvm::left_justify(shape, shapeWidth) << "  "
       << llvm::right_justify(unpadded, 9) << "  "
       << llvm::right_justify(padded, 9) << "  "
       << llvm::right_justify(extra, 9) << "  "
       << llvm::right_justify(expansion, 9) << "\n";
  };
  os << "Padding report for @" << func.getSymName() << " on " << spec.name
     << " (" << rows.size() << " values, most wasted bytes first)\n";
  line("value", "shape", "unpadded", "padded", "extra", "expansion");
  int64_t unpadded = 0, padded = 0;
  for (const Row &row : rows) {
    line(row.value, tpc::shapeToString(row.info.shape),
         tpc::formatBytes(row.info.unpaddedBytes),
         tpc::formatBytes(row.info.paddedBytes),
         tpc::formatBytes(row.info.extraBytes()),
         tpc::formatExpansion(row.info.paddedBytes, row.info.unpaddedBytes));
    unpadded = tpc::checkedAdd(unpadded, row.info.unpaddedBytes).value_or(-1);
    padded = tpc::checkedAdd(padded, row.info.paddedBytes).value_or(-1);
  }
  line("total", "", tpc::formatBytes(unpadded), tpc::formatBytes(padded),
       tpc::formatBytes(padded - unpadded),
       tpc::formatExpansion(padded, unpadded));

  // Advice for the most wasteful values, each line once.
  std::vector<std::string> advice;
  std::set<std::string> seen;
  for (size_t i = 0; i < rows.size() && i < top; ++i) {
    if (rows[i].info.extraBytes() == 0)
      break;
    for (const std::string &text : tpc::paddingAdvice(spec, rows[i].info))
      if (seen.insert(text).second)
        advice.push_back(rows[i].value + ": " + text);
  }
  if (!advice.empty()) {
    os << "Advice:\n";
    for (const std::string &text : advice)
      os << "  - " << text << "\n";
  }
  return success();
}

} // namespace

LogicalResult mlir::tpu::printPaddingReport(ModuleOp module, unsigned top,
                                            raw_ostream &os) {
  const tpc::Target &spec = getTarget(module);
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && failed(report(func, spec, top, os)))
      return failure();
  return success();
}

namespace {

class TPUPaddingReportPass
    : public tpu::impl::TPUPaddingReportBase<TPUPaddingReportPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (failed(printPaddingReport(getOperation(), top, llvm::outs())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
