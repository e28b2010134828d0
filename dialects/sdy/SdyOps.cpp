//===- SdyOps.cpp - Shardy's ops: verifiers and manual_computation's syntax ===//

#include "dialects/sdy/SdyOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::sdy;

#include "dialects/sdy/SdyDialect.cpp.inc"

/// A sharding must name one axis list per dimension of its tensor.
static LogicalResult checkRank(Operation *op, TensorShardingAttr sharding,
                               Type type, const Twine &what) {
  auto ranked = cast<RankedTensorType>(type);
  if (int64_t(sharding.getDims().size()) != ranked.getRank())
    return op->emitOpError() << what << " has a sharding of "
                             << sharding.getDims().size()
                             << " dimensions for a tensor of rank "
                             << ranked.getRank();
  return success();
}

LogicalResult ShardingConstraintOp::verify() {
  return checkRank(*this, getSharding(), getType(), "the constraint");
}

LogicalResult ReshardOp::verify() {
  return checkRank(*this, getSharding(), getType(), "the reshard");
}

LogicalResult ManualComputationOp::verifyRegions() {
  ArrayAttr in = getInShardings().getShardings();
  ArrayAttr out = getOutShardings().getShardings();
  if (in.size() != getTensors().size())
    return emitOpError("has ") << getTensors().size() << " operands but "
                               << in.size() << " in_shardings";
  if (out.size() != getNumResults())
    return emitOpError("has ") << getNumResults() << " results but "
                               << out.size() << " out_shardings";
  Block &body = getBody().front();
  if (body.getNumArguments() != getTensors().size())
    return emitOpError("has ") << getTensors().size()
                               << " operands but its body takes "
                               << body.getNumArguments();
  if (body.getTerminator()->getNumOperands() != getNumResults())
    return emitOpError("has ") << getNumResults()
                               << " results but its body returns "
                               << body.getTerminator()->getNumOperands();
  for (auto [i, v] : llvm::enumerate(getTensors()))
    if (failed(checkRank(*this, cast<TensorShardingAttr>(in[i]), v.getType(),
                         "operand #" + Twine(i))))
      return failure();
  for (auto [i, v] : llvm::enumerate(getResults()))
    if (failed(checkRank(*this, cast<TensorShardingAttr>(out[i]), v.getType(),
                         "result #" + Twine(i))))
      return failure();
  return success();
}

/// `[<sharding>, ...]`, the per-value shardings without their prefix.
static ParseResult parsePerValue(OpAsmParser &parser,
                                 TensorShardingPerValueAttr &result) {
  SmallVector<Attribute> shardings;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            Attribute sharding = TensorShardingAttr::parseBody(parser);
            if (!sharding)
              return failure();
            shardings.push_back(sharding);
            return success();
          }))
    return failure();
  result = TensorShardingPerValueAttr::get(
      parser.getContext(), parser.getBuilder().getArrayAttr(shardings));
  return success();
}

static void printPerValue(OpAsmPrinter &printer,
                          TensorShardingPerValueAttr shardings) {
  printer << "[";
  llvm::interleaveComma(
      shardings.getShardings().getAsRange<TensorShardingAttr>(), printer,
      [&](TensorShardingAttr s) { s.printBody(printer); });
  printer << "]";
}

// sdy.manual_computation(%x) in_shardings=[...] out_shardings=[...]
//     manual_axes={"a"} (%arg: tensor<1x4xf32>) { ... } : (...) -> ...
ParseResult ManualComputationOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  TensorShardingPerValueAttr in, out;
  SmallVector<OpAsmParser::Argument> arguments;
  FunctionType type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("in_shardings") || parser.parseEqual() ||
      parsePerValue(parser, in) || parser.parseKeyword("out_shardings") ||
      parser.parseEqual() || parsePerValue(parser, out) ||
      parser.parseKeyword("manual_axes") || parser.parseEqual())
    return failure();
  Attribute axes = ManualAxesAttr::parse(parser, Type());
  if (!axes ||
      parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperands(operands, type.getInputs(), loc, result.operands))
    return failure();
  ManualComputationOp::ensureTerminator(*body, parser.getBuilder(),
                                        result.location);
  result.addAttribute(getInShardingsAttrName(result.name), in);
  result.addAttribute(getOutShardingsAttrName(result.name), out);
  result.addAttribute(getManualAxesAttrName(result.name), axes);
  result.addTypes(type.getResults());
  return success();
}

void ManualComputationOp::print(OpAsmPrinter &printer) {
  printer << "(" << getTensors() << ") in_shardings=";
  printPerValue(printer, getInShardings());
  printer << " out_shardings=";
  printPerValue(printer, getOutShardings());
  printer << " manual_axes=";
  getManualAxes().print(printer);
  printer << " (";
  llvm::interleaveComma(getBody().getArguments(), printer,
                        [&](BlockArgument arg) {
                          printer.printRegionArgument(arg);
                        });
  printer << ") ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getInShardingsAttrName(),
                                 getOutShardingsAttrName(),
                                 getManualAxesAttrName()});
  printer << " : ";
  printer.printFunctionalType(getTensors().getTypes(), getResultTypes());
}

#define GET_OP_CLASSES
#include "dialects/sdy/SdyOps.cpp.inc"
