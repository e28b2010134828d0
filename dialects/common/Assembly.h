//===- Assembly.h - Directives shared by hlo and stablehlo ------*- C++ -*-===//
//
// `hlo` writes its ops as StableHLO's printer does, and the `stablehlo` input
// dialect must read exactly that text, so both dialects' ODS formats use these
// directives: `T` or a function type for elementwise ops, slice ranges, dot
// dimension pairs, concatenate inputs and integer lists.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_COMMON_ASSEMBLY_H
#define TPU_DIALECTS_COMMON_ASSEMBLY_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir::tpu::assembly {

/// `T` when every operand and the result have type T, else
/// `(T0, T1, ...) -> R`.
ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result);
void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        ArrayRef<Type> all);

template <typename... Types>
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                           Types &...types) {
  SmallVector<Type *> all{&types...};
  return parseSameOperandsAndResultTypeImpl(
      parser, ArrayRef<Type *>(all).drop_back(), *all.back());
}

template <typename... Types>
void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                    Types... types) {
  printSameOperandsAndResultTypeImpl(printer, {types...});
}

/// `%a, %b, ` before `dim = N`: operands, each followed by a comma.
ParseResult
parseConcatenateInputs(OpAsmParser &parser,
                       SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inputs);
void printConcatenateInputs(OpAsmPrinter &printer, Operation *,
                            OperandRange inputs);

/// `[1, 2, 3]`
ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &values);
void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values);

/// `[start:limit(:stride)?, ...]`
ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides);
void printSliceRanges(OpAsmPrinter &printer, Operation *,
                      DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                      DenseI64ArrayAttr strides);

/// `(batching_dims = [..] x [..], )? contracting_dims = [..] x [..]`
ParseResult parseDotDimensions(AsmParser &parser, SmallVectorImpl<int64_t> &lb,
                               SmallVectorImpl<int64_t> &rb,
                               SmallVectorImpl<int64_t> &lc,
                               SmallVectorImpl<int64_t> &rc);
void printDotDimensions(AsmPrinter &printer, ArrayRef<int64_t> lb,
                        ArrayRef<int64_t> rb, ArrayRef<int64_t> lc,
                        ArrayRef<int64_t> rc);

/// A convolution window as written: `{stride = [..], pad = [[lo, hi], ..],
/// lhs_dilate = [..], rhs_dilate = [..], reverse = [true, ..]}`, every entry
/// optional. `padding` is flattened to `[lo0, hi0, lo1, hi1, ...]`.
struct ConvWindow {
  std::optional<SmallVector<int64_t>> strides, padding, lhsDilation,
      rhsDilation;
  std::optional<SmallVector<bool>> reverse;
};
ParseResult parseConvWindow(AsmParser &parser, ConvWindow &window,
                            bool allowReverse);

/// A while loop as StableHLO prints it: `(%iterArg = %x, ...) : types
/// cond { ... } do { ... }`. The parsed op gets the operands, one result per
/// loop-carried value and the two regions, each taking the carried values.
ParseResult parseWhile(OpAsmParser &parser, OperationState &state);
void printWhile(OpAsmPrinter &printer, Operation *op);

} // namespace mlir::tpu::assembly

#endif // TPU_DIALECTS_COMMON_ASSEMBLY_H
