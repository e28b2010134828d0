//===- HLOVerify.h - What the hlo verifiers share ---------------*- C++ -*-===//
//
// Diagnostics in Operation::emitOpError's form for verifiers and type
// inference, shared by the files that define hlo ops. Internal to the
// dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_HLO_HLOVERIFY_H
#define TPU_DIALECTS_HLO_HLOVERIFY_H

#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/SmallSet.h"

#include <optional>
#include <string>

namespace mlir::hlo::detail {

//===----------------------------------------------------------------------===//
// Diagnostics shared by verifiers and type inference
//===----------------------------------------------------------------------===//

/// Emits errors in the form of Operation::emitOpError from contexts that have
/// only an optional location (type inference runs before an op exists).
struct OpDiag {
  std::optional<Location> loc;
  StringRef opName;

  template <typename... Args> LogicalResult error(Args &&...args) const {
    return emitOptionalError(loc, "'", opName, "' op ",
                             std::forward<Args>(args)...);
  }

  /// Checks an operand type; on success returns it as a ranked tensor
  /// without its layout, which inferred result types do not inherit.
  FailureOr<RankedTensorType> tensor(Type type, const Twine &what) const {
    if (failed(
            verifyTensorType(loc, type, "'" + Twine(opName) + "' op " + what)))
      return failure();
    auto ranked = cast<RankedTensorType>(type);
    return RankedTensorType::get(ranked.getShape(), ranked.getElementType());
  }
};

inline std::string join(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return text;
}

/// Checks that each of `dims` is a dimension of a rank-`rank` tensor and that
/// none repeats. `what` names the attribute.
inline LogicalResult checkDimensions(const OpDiag &diag, ArrayRef<int64_t> dims,
                                     int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return diag.error(what, " ", join(dims), " has ", dim,
                        ", which is not a dimension of a rank-", rank,
                        " tensor");
    if (!seen.insert(dim).second)
      return diag.error(what, " ", join(dims), " repeats dimension ", dim);
  }
  return success();
}

inline OpDiag diagFor(Operation *op) {
  return OpDiag{op->getLoc(), op->getName().getStringRef()};
}

/// An enum attribute as its bare keyword (`LT`, `HIGHEST`, `sum`); the
/// attributes' own syntax is kept for the generic form.
template <typename AttrT>
ParseResult parseEnumKeyword(OpAsmParser &parser, AttrT &attr) {
  using EnumT = decltype(std::declval<AttrT>().getValue());
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value)
    return parser.emitError(loc, "unknown keyword '") << keyword << "'";
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

} // namespace mlir::hlo::detail

#endif // TPU_DIALECTS_HLO_HLOVERIFY_H
