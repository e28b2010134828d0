//===- StablehloAssembly.h - stablehlo's custom directives -----*- C++ -*-===//
//
// The parts of StableHLO's pretty syntax that ODS cannot express, used by the
// generated op parsers and printers (StablehloOps.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLOASSEMBLY_H
#define TPU_DIALECTS_STABLEHLO_STABLEHLOASSEMBLY_H

#include "dialects/stablehlo/StablehloOps.h"

namespace mlir::stablehlo {

/// `pred_type, result_type`, or a function type when the branches' types
/// differ from the result's.
ParseResult parseSelectType(OpAsmParser &parser, Type &pred, Type &onTrue,
                            Type &onFalse, Type &result);
void printSelectType(OpAsmPrinter &printer, Operation *, Type pred, Type onTrue,
                     Type onFalse, Type result);

/// `(, precision = [DEFAULT, HIGHEST])?`
ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &config);
void printPrecisionConfig(OpAsmPrinter &printer, Operation *, ArrayAttr config);

/// `(, precision = [..])? (, algorithm = <lhs_precision_type = ..>)?`: the
/// dot algorithm in StableHLO's pretty form, its attribute body only.
ParseResult parsePrecisionConfigAndAlgorithm(OpAsmParser &parser,
                                             ArrayAttr &config,
                                             DotAlgorithmAttr &algorithm);
void printPrecisionConfigAndAlgorithm(OpAsmPrinter &printer, Operation *,
                                      ArrayAttr config,
                                      DotAlgorithmAttr algorithm);

/// `(batching_dims = [..] x [..], )? contracting_dims = [..] x [..]`
ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &dims);
void printDotDimensionNumbers(OpAsmPrinter &printer, Operation *,
                              DotDimensionNumbersAttr dims);

/// `e5m10`: exponent and mantissa bits.
ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa);
void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                           IntegerAttr exponent, IntegerAttr mantissa);

/// `T0, T1, ...`: the operands' types, which are the results' too.
ParseResult parsePairwiseTypes(OpAsmParser &parser,
                               SmallVectorImpl<Type> &operands,
                               SmallVectorImpl<Type> &results);
void printPairwiseTypes(OpAsmPrinter &printer, Operation *, TypeRange operands,
                        TypeRange results);

/// `tuple<T0, T1, ...>`: the result's type, whose elements are the
/// operands' types.
ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result);
void printTupleOpType(OpAsmPrinter &printer, Operation *, TypeRange operands,
                      Type result);

/// `@target.name`
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target);
void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                           StringAttr target);

} // namespace mlir::stablehlo

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLOASSEMBLY_H
