//===- Assembly.cpp - Custom directives shared by hlo and stablehlo -------===//

#include "dialects/common/Assembly.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace mlir::tpu::assembly {

ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto fn = dyn_cast<FunctionType>(type);
  if (!fn) {
    for (Type *operand : operands)
      *operand = type;
    result = type;
    return success();
  }
  if (fn.getNumInputs() != operands.size() || fn.getNumResults() != 1)
    return parser.emitError(loc, "expected a function type with ")
           << operands.size() << " inputs and 1 result";
  for (auto [operand, input] : llvm::zip(operands, fn.getInputs()))
    *operand = input;
  result = fn.getResult(0);
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        ArrayRef<Type> all) {
  if (llvm::all_equal(all)) {
    printer << all.front();
    return;
  }
  printer << FunctionType::get(all.front().getContext(), all.drop_back(),
                               all.back());
}

ParseResult parseConcatenateInputs(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inputs) {
  do {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed))
      return failure();
    inputs.push_back(operand);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.emitError(parser.getCurrentLocation(),
                          "expected ',' and 'dim = N' after the inputs");
}

void printConcatenateInputs(OpAsmPrinter &printer, Operation *,
                            OperandRange inputs) {
  llvm::interleaveComma(inputs, printer);
  printer << ",";
}

ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        return parser.parseInteger(values.emplace_back());
      });
}

void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t step = 1;
            if (parser.parseInteger(starts.emplace_back()) ||
                parser.parseColon() ||
                parser.parseInteger(limits.emplace_back()))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(step))
              return failure();
            steps.push_back(step);
            return success();
          }))
    return failure();
  Builder &b = parser.getBuilder();
  start = b.getDenseI64ArrayAttr(starts);
  limit = b.getDenseI64ArrayAttr(limits);
  strides = b.getDenseI64ArrayAttr(steps);
  return success();
}

void printSliceRanges(OpAsmPrinter &printer, Operation *,
                      DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                      DenseI64ArrayAttr strides) {
  // Sizes that disagree cannot be written in this form; the generic form is
  // used for such invalid ops, so only print what is consistent.
  printer << "[";
  size_t n = std::min({start.size(), limit.size(), strides.size()});
  for (size_t i = 0; i < n; ++i) {
    if (i)
      printer << ", ";
    printer << start[i] << ":" << limit[i];
    if (strides[i] != 1)
      printer << ":" << strides[i];
  }
  printer << "]";
}

ParseResult parseDotDimensions(AsmParser &parser, SmallVectorImpl<int64_t> &lb,
                               SmallVectorImpl<int64_t> &rb,
                               SmallVectorImpl<int64_t> &lc,
                               SmallVectorImpl<int64_t> &rc) {
  auto parsePair = [&](SmallVectorImpl<int64_t> &lhs,
                       SmallVectorImpl<int64_t> &rhs) -> ParseResult {
    return failure(parser.parseEqual() || parseIntList(parser, lhs) ||
                   parser.parseKeyword("x") || parseIntList(parser, rhs));
  };
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parsePair(lb, rb) || parser.parseComma())
      return failure();
  }
  return failure(parser.parseKeyword("contracting_dims") || parsePair(lc, rc));
}

void printDotDimensions(AsmPrinter &printer, ArrayRef<int64_t> lb,
                        ArrayRef<int64_t> rb, ArrayRef<int64_t> lc,
                        ArrayRef<int64_t> rc) {
  if (!lb.empty() || !rb.empty()) {
    printer << "batching_dims = ";
    printIntList(printer, lb);
    printer << " x ";
    printIntList(printer, rb);
    printer << ", ";
  }
  printer << "contracting_dims = ";
  printIntList(printer, lc);
  printer << " x ";
  printIntList(printer, rc);
}

ParseResult parseConvWindow(AsmParser &parser, ConvWindow &window,
                            bool allowReverse) {
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  do {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    std::optional<SmallVector<int64_t>> *ints =
        llvm::StringSwitch<std::optional<SmallVector<int64_t>> *>(key)
            .Case("stride", &window.strides)
            .Case("pad", &window.padding)
            .Case("lhs_dilate", &window.lhsDilation)
            .Case("rhs_dilate", &window.rhsDilation)
            .Default(nullptr);
    if (key == "reverse" && allowReverse) {
      if (window.reverse)
        return parser.emitError(loc, "window entry 'reverse' repeats");
      window.reverse.emplace();
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SMLoc at = parser.getCurrentLocation();
                StringRef flag;
                if (parser.parseKeyword(&flag))
                  return failure();
                if (flag != "true" && flag != "false")
                  return parser.emitError(at, "expected true or false");
                window.reverse->push_back(flag == "true");
                return success();
              }))
        return failure();
      continue;
    }
    if (!ints)
      return parser.emitError(loc, "unknown window entry '")
             << key << "'; expected stride, pad, lhs_dilate"
             << (allowReverse ? ", rhs_dilate or reverse" : " or rhs_dilate");
    if (*ints)
      return parser.emitError(loc, "window entry '") << key << "' repeats";
    ints->emplace();
    ParseResult parsed =
        key == "pad" ? parser.parseCommaSeparatedList(
                           AsmParser::Delimiter::Square,
                           [&]() -> ParseResult {
                             SmallVector<int64_t> pair;
                             SMLoc pairLoc = parser.getCurrentLocation();
                             if (parseIntList(parser, pair))
                               return failure();
                             if (pair.size() != 2)
                               return parser.emitError(
                                   pairLoc, "expected a [low, high] pair");
                             (*ints)->append(pair);
                             return success();
                           })
                     : parseIntList(parser, **ints);
    if (failed(parsed))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRBrace();
}

//===----------------------------------------------------------------------===//
// While loops
//===----------------------------------------------------------------------===//

ParseResult parseWhile(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            return failure(parser.parseArgument(args.emplace_back()) ||
                           parser.parseEqual() ||
                           parser.parseOperand(operands.emplace_back()));
          }))
    return failure();
  SmallVector<Type> types;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (!args.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != args.size())
    return parser.emitError(typeLoc, "expected ")
           << args.size() << " types, one per loop-carried value";
  for (auto [arg, type] : llvm::zip(args, types))
    arg.type = type;
  if (parser.resolveOperands(operands, types, typeLoc, state.operands) ||
      parser.parseOptionalAttrDictWithKeyword(state.attributes))
    return failure();
  state.addTypes(types);
  return failure(parser.parseKeyword("cond") ||
                 parser.parseRegion(*state.addRegion(), args) ||
                 parser.parseKeyword("do") ||
                 parser.parseRegion(*state.addRegion(), args));
}

void printWhile(OpAsmPrinter &printer, Operation *op) {
  Region &cond = op->getRegion(0), &body = op->getRegion(1);
  printer << "(";
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    printer << (i ? ", " : "");
    // A verifier has not run yet when an invalid op is printed.
    if (!cond.empty() && i < cond.front().getNumArguments())
      printer << cond.front().getArgument(i) << " = ";
    printer << operand;
  }
  printer << ")";
  if (op->getNumOperands() != 0) {
    printer << " : ";
    llvm::interleaveComma(op->getOperandTypes(), printer);
  }
  printer.printOptionalAttrDictWithKeyword(op->getAttrs());
  printer.printNewline();
  printer << " cond ";
  printer.printRegion(cond, /*printEntryBlockArgs=*/false);
  printer << " do ";
  printer.printRegion(body, /*printEntryBlockArgs=*/false);
}

} // namespace mlir::tpu::assembly
