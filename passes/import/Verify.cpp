//===- Verify.cpp - Verify where the pipeline does not ---------------------===//
//
// tpu-compile runs without the pass manager's verifier between passes (for
// compile time); this pass puts a verification back where a wrong op would
// otherwise travel silently: after the import, and before anything reads a
// program that may hold unregistered ops.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUVERIFY
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

/// Namespaces of exporters' metadata the compiler reads or may leave
/// unread without changing a program's meaning (JAX's and TensorFlow's
/// result names, donation, mhlo's shardings and frontend attributes).
constexpr llvm::StringLiteral kExporterNamespaces[] = {"mhlo", "jax", "tf",
                                                       "tf_saved_model"};

/// The namespaces the compiler knows: the registered dialects' and the
/// exporters'.
llvm::StringSet<> knownNamespaces(MLIRContext *context) {
  llvm::StringSet<> known;
  for (StringRef space : context->getAvailableDialects())
    known.insert(space);
  for (StringRef space : kExporterNamespaces)
    known.insert(space);
  return known;
}

/// One remark per op (a module or function) listing the attributes of
/// dialects the compiler does not know, on it and on its arguments and
/// results: another compiler's annotations (tt-mlir's `ttcore.*`, Shardy's
/// `sdy.*` until it is imported) are ignored, not refused, but said.
void remarkUnknownAttributes(Operation *op, const llvm::StringSet<> &known) {
  SmallVector<std::string> ignored;
  auto collect = [&](DictionaryAttr attrs, const Twine &where) {
    if (!attrs)
      return;
    for (NamedAttribute attr : attrs) {
      auto [space, rest] = attr.getName().strref().split('.');
      if (!rest.empty() && !known.contains(space))
        ignored.push_back((attr.getName().strref() + where).str());
    }
  };
  collect(op->getDiscardableAttrDictionary(), "");
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      collect(func.getArgAttrDict(i), " (argument " + Twine(i) + ")");
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      collect(func.getResultAttrDict(i), " (result " + Twine(i) + ")");
  }
  if (ignored.empty())
    return;
  InFlightDiagnostic remark = op->emitRemark(
      "ignored: attributes of dialects the TPU compiler does not know: ");
  llvm::interleaveComma(ignored, remark);
}

struct TPUVerifyPass : tpu::impl::TPUVerifyBase<TPUVerifyPass> {
  using TPUVerifyBase::TPUVerifyBase;
  void runOnOperation() override {
    if (requireRegistered) {
      WalkResult walk = getOperation()->walk<WalkOrder::PreOrder>(
          [](Operation *op) {
        if (op->isRegistered())
          return WalkResult::advance();
        tpu::emitUnsupported(op) << "its dialect is not registered";
        return WalkResult::interrupt();
      });
      if (walk.wasInterrupted())
        return signalPassFailure();
      llvm::StringSet<> known = knownNamespaces(&getContext());
      remarkUnknownAttributes(getOperation(), known);
      for (Operation &op : getOperation().getBody()->getOperations())
        if (isa<FunctionOpInterface>(op))
          remarkUnknownAttributes(&op, known);
    }
    if (failed(verify(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
