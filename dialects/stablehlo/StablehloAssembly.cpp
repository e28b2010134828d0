//===- StablehloAssembly.cpp - StableHLO's pretty syntax ------------------===//
//
// Parsers and printers for the forms StableHLO's printer emits: select and
// precision directives, the dot and convolution dimension attributes, the
// convolution window and the two spellings of reduce (`applies OP` and
// `reducer(...)`).
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloAssembly.h"

#include "dialects/common/Assembly.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::stablehlo;
namespace assembly = mlir::tpu::assembly;

namespace mlir::stablehlo {

ParseResult parseSelectType(OpAsmParser &parser, Type &pred, Type &onTrue,
                            Type &onFalse, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type first;
  if (parser.parseType(first))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(first)) {
    if (fn.getNumInputs() != 3 || fn.getNumResults() != 1)
      return parser.emitError(loc, "expected a function type with 3 inputs "
                                   "and 1 result");
    pred = fn.getInput(0);
    onTrue = fn.getInput(1);
    onFalse = fn.getInput(2);
    result = fn.getResult(0);
    return success();
  }
  pred = first;
  if (parser.parseComma() || parser.parseType(result))
    return failure();
  onTrue = onFalse = result;
  return success();
}

void printSelectType(OpAsmPrinter &printer, Operation *, Type pred, Type onTrue,
                     Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    printer << pred << ", " << result;
    return;
  }
  printer << FunctionType::get(pred.getContext(), {pred, onTrue, onFalse},
                               {result});
}

namespace {
/// `= [DEFAULT, HIGHEST]`, after the keyword `precision`.
ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &config) {
  SmallVector<Attribute> values;
  if (parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            std::optional<Precision> precision = symbolizePrecision(keyword);
            if (!precision)
              return parser.emitError(loc, "unknown precision '")
                     << keyword << "'; expected DEFAULT, HIGH or HIGHEST";
            values.push_back(
                PrecisionAttr::get(parser.getContext(), *precision));
            return success();
          }))
    return failure();
  config = parser.getBuilder().getArrayAttr(values);
  return success();
}
} // namespace

ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &config) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision"))
    return failure();
  return parsePrecisionList(parser, config);
}

void printPrecisionConfig(OpAsmPrinter &printer, Operation *,
                          ArrayAttr config) {
  if (!config)
    return;
  printer << ", precision = [";
  llvm::interleaveComma(config, printer, [&](Attribute a) {
    printer << stringifyPrecision(cast<PrecisionAttr>(a).getValue());
  });
  printer << "]";
}

ParseResult parsePrecisionConfigAndAlgorithm(OpAsmParser &parser,
                                             ArrayAttr &config,
                                             DotAlgorithmAttr &algorithm) {
  // `, precision = [...]` first when both are there, as StableHLO prints.
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    if (keyword == "algorithm" && !algorithm) {
      if (parser.parseEqual())
        return failure();
      Attribute body = DotAlgorithmAttr::parse(parser, Type());
      algorithm = dyn_cast_or_null<DotAlgorithmAttr>(body);
      if (!algorithm)
        return failure();
      continue;
    }
    if (keyword != "precision" || config || algorithm)
      return parser.emitError(loc, "expected 'precision = [...]' or "
                                   "'algorithm = <...>'");
    if (parsePrecisionList(parser, config))
      return failure();
  }
  return success();
}

void printPrecisionConfigAndAlgorithm(OpAsmPrinter &printer, Operation *op,
                                      ArrayAttr config,
                                      DotAlgorithmAttr algorithm) {
  printPrecisionConfig(printer, op, config);
  if (!algorithm)
    return;
  printer << ", algorithm = ";
  algorithm.print(printer);
}

ParseResult parsePairwiseTypes(OpAsmParser &parser,
                               SmallVectorImpl<Type> &operands,
                               SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

void printPairwiseTypes(OpAsmPrinter &printer, Operation *, TypeRange operands,
                        TypeRange) {
  llvm::interleaveComma(operands, printer);
}

ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc, "expected a tuple type, not ") << result;
  llvm::append_range(operands, tuple.getTypes());
  return success();
}

void printTupleOpType(OpAsmPrinter &printer, Operation *, TypeRange,
                      Type result) {
  printer << result;
}

ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &dims) {
  SmallVector<int64_t> lb, rb, lc, rc;
  if (assembly::parseDotDimensions(parser, lb, rb, lc, rc))
    return failure();
  dims = DotDimensionNumbersAttr::get(parser.getContext(), lb, rb, lc, rc);
  return success();
}

void printDotDimensionNumbers(OpAsmPrinter &printer, Operation *,
                              DotDimensionNumbersAttr dims) {
  assembly::printDotDimensions(
      printer, dims.getLhsBatchingDimensions(), dims.getRhsBatchingDimensions(),
      dims.getLhsContractingDimensions(), dims.getRhsContractingDimensions());
}

ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef word;
  if (parser.parseKeyword(&word))
    return failure();
  // `e5m10` lexes as one bare identifier.
  unsigned e = 0, m = 0;
  auto [ePart, mPart] = word.drop_front().split('m');
  if (!word.starts_with("e") || ePart.getAsInteger(10, e) ||
      mPart.getAsInteger(10, m))
    return parser.emitError(loc, "expected a format such as e5m10, not '")
           << word << "'";
  Builder &b = parser.getBuilder();
  exponent = b.getI32IntegerAttr(static_cast<int32_t>(e));
  mantissa = b.getI32IntegerAttr(static_cast<int32_t>(m));
  return success();
}

void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                           IntegerAttr exponent, IntegerAttr mantissa) {
  printer << "e" << exponent.getInt() << "m" << mantissa.getInt();
}

ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                           StringAttr target) {
  printer.printSymbolName(target.getValue());
}

} // namespace mlir::stablehlo

//===----------------------------------------------------------------------===//
// Dimension-number attributes: `<name = [..], name = [..], ...>`
//===----------------------------------------------------------------------===//

namespace {
using ListField = std::pair<StringRef, ArrayRef<int64_t>>;
} // namespace

namespace {
using ScalarField = std::pair<StringRef, int64_t *>;
} // namespace

/// After `<`: `name = [..]` and `scalar = N` entries in any order, each at
/// most once, separated by commas (a trailing one is allowed), up to `>`.
/// Fills `lists[i]` from `names[i]`; entries left out stay as they were.
/// `count` is the number of entries read.
static ParseResult parseFieldEntries(AsmParser &parser, StringRef what,
                                     ArrayRef<StringLiteral> names,
                                     MutableArrayRef<SmallVector<int64_t>> lists,
                                     ArrayRef<ScalarField> scalars,
                                     size_t *count = nullptr) {
  llvm::StringSet<> seen;
  while (failed(parser.parseOptionalGreater())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(loc, "duplicated `") << key << "` entry";
    if (parser.parseEqual())
      return failure();
    const ScalarField *scalar = llvm::find_if(
        scalars, [&](const ScalarField &f) { return f.first == key; });
    const StringLiteral *list = llvm::find(names, key);
    if (scalar != scalars.end()) {
      if (parser.parseInteger(*scalar->second))
        return failure();
    } else if (list != names.end()) {
      if (assembly::parseIntList(parser, lists[list - names.begin()]))
        return failure();
    } else {
      return parser.emitError(loc, "unknown ")
             << what << " dimension numbers field '" << key << "'";
    }
    if (failed(parser.parseOptionalComma())) {
      if (parser.parseGreater())
        return failure();
      break;
    }
  }
  if (count)
    *count = seen.size();
  return success();
}

/// `<` and the entries of parseFieldEntries, with at most one scalar.
static ParseResult parseListFields(AsmParser &parser, StringRef what,
                                   ArrayRef<StringLiteral> names,
                                   MutableArrayRef<SmallVector<int64_t>> lists,
                                   StringRef scalarName = "",
                                   int64_t *scalar = nullptr) {
  SmallVector<ScalarField, 1> scalars;
  if (scalar)
    scalars.push_back({scalarName, scalar});
  if (parser.parseLess())
    return failure();
  return parseFieldEntries(parser, what, names, lists, scalars);
}

/// `<name = [..], ...>` leaving out empty lists, then `scalarName = N`
/// unless it is 0.
static void printListFields(AsmPrinter &printer, ArrayRef<ListField> fields,
                            StringRef scalarName = "", int64_t scalar = 0) {
  printer << "<";
  bool first = true;
  for (auto [name, values] : fields) {
    if (values.empty())
      continue;
    printer << (first ? "" : ", ") << name << " = ";
    assembly::printIntList(printer, values);
    first = false;
  }
  if (scalar != 0)
    printer << (first ? "" : ", ") << scalarName << " = " << scalar;
  printer << ">";
}

//===----------------------------------------------------------------------===//
// #stablehlo.dot<...>
//===----------------------------------------------------------------------===//

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  static constexpr StringLiteral names[] = {
      "lhs_batching_dimensions", "rhs_batching_dimensions",
      "lhs_contracting_dimensions", "rhs_contracting_dimensions"};
  SmallVector<int64_t> lists[4];
  if (parseListFields(parser, "dot", names, lists))
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3]);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printListFields(
      printer, {{"lhs_batching_dimensions", getLhsBatchingDimensions()},
                {"rhs_batching_dimensions", getRhsBatchingDimensions()},
                {"lhs_contracting_dimensions", getLhsContractingDimensions()},
                {"rhs_contracting_dimensions", getRhsContractingDimensions()}});
}

//===----------------------------------------------------------------------===//
// #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
//===----------------------------------------------------------------------===//

namespace {
/// One bracketed list of a convolution's dimension numbers: where each of
/// the two named roles (`b`/`f` or `i`/`o`) and each spatial dimension sits.
struct DimLayout {
  int64_t first = -1, second = -1;
  SmallVector<int64_t> spatial;
};
} // namespace

static ParseResult parseDimLayout(AsmParser &parser, char firstName,
                                  char secondName, DimLayout &layout) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<std::pair<int64_t, int64_t>> spatial; // (number, position)
  int64_t position = 0;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc at = parser.getCurrentLocation();
            int64_t number = 0;
            OptionalParseResult isInt = parser.parseOptionalInteger(number);
            if (isInt.has_value()) {
              if (failed(*isInt))
                return failure();
              spatial.push_back({number, position++});
              return success();
            }
            StringRef key;
            if (parser.parseKeyword(&key))
              return failure();
            int64_t *slot = key.size() != 1        ? nullptr
                            : key[0] == firstName  ? &layout.first
                            : key[0] == secondName ? &layout.second
                                                   : nullptr;
            if (!slot || *slot != -1)
              return parser.emitError(at, "unexpected '")
                     << key << "'; expected a spatial number, '" << firstName
                     << "' or '" << secondName << "' once each";
            *slot = position++;
            return success();
          }))
    return failure();
  if (layout.first < 0 || layout.second < 0)
    return parser.emitError(loc, "expected '")
           << firstName << "' and '" << secondName << "'";
  llvm::sort(spatial);
  for (auto [i, entry] : llvm::enumerate(spatial)) {
    if (entry.first != static_cast<int64_t>(i))
      return parser.emitError(loc, "spatial dimensions must be numbered 0 to ")
             << spatial.size() - 1 << " once each";
    layout.spatial.push_back(entry.second);
  }
  return success();
}

static void printDimLayout(AsmPrinter &printer, char firstName, char secondName,
                           int64_t first, int64_t second,
                           ArrayRef<int64_t> spatial) {
  int64_t rank = spatial.size() + 2;
  SmallVector<std::string> names(rank, "?");
  if (first >= 0 && first < rank)
    names[first] = std::string(1, firstName);
  if (second >= 0 && second < rank)
    names[second] = std::string(1, secondName);
  for (auto [i, at] : llvm::enumerate(spatial))
    if (at >= 0 && at < rank)
      names[at] = std::to_string(i);
  printer << "[";
  llvm::interleaveComma(names, printer);
  printer << "]";
}

static ConvDimensionNumbersAttr parseConvDims(AsmParser &parser) {
  DimLayout input, kernel, output;
  if (parseDimLayout(parser, 'b', 'f', input) || parser.parseKeyword("x") ||
      parseDimLayout(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseDimLayout(parser, 'b', 'f', output))
    return {};
  return ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
}

static void printConvDims(AsmPrinter &printer, ConvDimensionNumbersAttr dims) {
  printDimLayout(printer, 'b', 'f', dims.getInputBatchDimension(),
                 dims.getInputFeatureDimension(),
                 dims.getInputSpatialDimensions());
  printer << "x";
  printDimLayout(printer, 'i', 'o', dims.getKernelInputFeatureDimension(),
                 dims.getKernelOutputFeatureDimension(),
                 dims.getKernelSpatialDimensions());
  printer << "->";
  printDimLayout(printer, 'b', 'f', dims.getOutputBatchDimension(),
                 dims.getOutputFeatureDimension(),
                 dims.getOutputSpatialDimensions());
}

/// `raw input_batch_dimension = 0, input_spatial_dimensions = [1, 2], ...`:
/// the form StableHLO prints when the dimension numbers do not fit the
/// compact one (a dimension named twice or out of range, which the
/// verifier then reports).
static ConvDimensionNumbersAttr parseRawConvDims(AsmParser &parser) {
  int64_t inBatch = -1, inFeature = -1, kernelIn = -1, kernelOut = -1,
          outBatch = -1, outFeature = -1;
  ScalarField scalars[] = {{"input_batch_dimension", &inBatch},
                           {"input_feature_dimension", &inFeature},
                           {"kernel_input_feature_dimension", &kernelIn},
                           {"kernel_output_feature_dimension", &kernelOut},
                           {"output_batch_dimension", &outBatch},
                           {"output_feature_dimension", &outFeature}};
  static constexpr StringLiteral names[] = {"input_spatial_dimensions",
                                            "kernel_spatial_dimensions",
                                            "output_spatial_dimensions"};
  SmallVector<int64_t> lists[3];
  SMLoc loc = parser.getCurrentLocation();
  size_t count = 0;
  if (parseFieldEntries(parser, "convolution", names, lists, scalars, &count))
    return {};
  if (count != std::size(scalars) + std::size(names))
    return parser.emitError(loc, "expected all nine convolution dimension "
                                 "numbers"),
           ConvDimensionNumbersAttr();
  return ConvDimensionNumbersAttr::get(
      parser.getContext(), inBatch, inFeature, lists[0], kernelIn, kernelOut,
      lists[1], outBatch, outFeature, lists[2]);
}

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("raw")))
    return parseRawConvDims(parser); // reads the closing `>`
  ConvDimensionNumbersAttr dims = parseConvDims(parser);
  if (!dims || parser.parseGreater())
    return {};
  return dims;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printConvDims(printer, *this);
  printer << ">";
}

//===----------------------------------------------------------------------===//
// ConvolutionOp
//===----------------------------------------------------------------------===//

ParseResult ConvolutionOp::parse(OpAsmParser &parser, OperationState &state) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  if (parser.parseLParen() || parser.parseOperand(lhs) || parser.parseComma() ||
      parser.parseOperand(rhs) || parser.parseRParen() ||
      parser.parseKeyword("dim_numbers") || parser.parseEqual())
    return failure();
  ConvDimensionNumbersAttr dims = parseConvDims(parser);
  if (!dims)
    return failure();
  state.addAttribute(getDimensionNumbersAttrName(state.name), dims);
  Builder &b = parser.getBuilder();
  if (succeeded(parser.parseOptionalComma())) {
    assembly::ConvWindow window;
    if (parser.parseKeyword("window") || parser.parseEqual() ||
        assembly::parseConvWindow(parser, window, /*allowReverse=*/true))
      return failure();
    auto add = [&](StringAttr name,
                   const std::optional<SmallVector<int64_t>> &v) {
      if (v)
        state.addAttribute(name, b.getDenseI64ArrayAttr(*v));
    };
    add(getWindowStridesAttrName(state.name), window.strides);
    add(getLhsDilationAttrName(state.name), window.lhsDilation);
    add(getRhsDilationAttrName(state.name), window.rhsDilation);
    if (window.padding) {
      auto type = RankedTensorType::get(
          {static_cast<int64_t>(window.padding->size() / 2), 2},
          b.getI64Type());
      state.addAttribute(getPaddingAttrName(state.name),
                         DenseIntElementsAttr::get(type, *window.padding));
    }
    if (window.reverse)
      state.addAttribute(getWindowReversalAttrName(state.name),
                         b.getDenseBoolArrayAttr(*window.reverse));
  }
  FunctionType type;
  SMLoc dictLoc = parser.getCurrentLocation(), typeLoc;
  if (parser.parseOptionalAttrDict(state.attributes))
    return failure();
  // convolution_c21, c22, reported where the attribute is written.
  for (StringAttr name : {getFeatureGroupCountAttrName(state.name),
                          getBatchGroupCountAttrName(state.name)})
    if (auto count = dyn_cast_if_present<IntegerAttr>(
            state.attributes.get(name));
        count && count.getValue().getSExtValue() <= 0)
      return parser.emitError(dictLoc, "attribute '")
             << name.getValue() << "' must be positive, but is "
             << count.getValue().getSExtValue();
  if (parser.parseColon() || parser.getCurrentLocation(&typeLoc) ||
      parser.parseType(type))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(typeLoc,
                            "expected (lhs type, rhs type) -> result type");
  state.addTypes(type.getResults());
  return parser.resolveOperands({lhs, rhs}, type.getInputs(), typeLoc,
                                state.operands);
}

void ConvolutionOp::print(OpAsmPrinter &printer) {
  printer << "(" << getLhs() << ", " << getRhs() << ") dim_numbers = ";
  printConvDims(printer, getDimensionNumbers());
  printer << ", window = {";
  SmallVector<std::string> entries;
  auto list = [](ArrayRef<int64_t> values) {
    std::string text = "[";
    for (auto [i, v] : llvm::enumerate(values))
      text += (i ? ", " : "") + std::to_string(v);
    return text + "]";
  };
  if (auto strides = getWindowStridesAttr())
    entries.push_back("stride = " + list(strides.asArrayRef()));
  SmallVector<StringRef> elided{
      getDimensionNumbersAttrName(), getWindowStridesAttrName(),
      getLhsDilationAttrName(), getRhsDilationAttrName(),
      getWindowReversalAttrName()};
  if (auto padding = getPaddingAttr()) {
    auto type = cast<ShapedType>(padding.getType());
    if (type.getRank() == 2 && type.getDimSize(1) == 2) {
      SmallVector<int64_t> flat(padding.getValues<int64_t>());
      std::string text = "pad = [";
      for (size_t i = 0; i + 1 < flat.size(); i += 2)
        text += (i ? ", " : "") + list({flat[i], flat[i + 1]});
      entries.push_back(text + "]");
      elided.push_back(getPaddingAttrName());
    }
  }
  if (auto dilation = getLhsDilationAttr())
    entries.push_back("lhs_dilate = " + list(dilation.asArrayRef()));
  if (auto dilation = getRhsDilationAttr())
    entries.push_back("rhs_dilate = " + list(dilation.asArrayRef()));
  if (auto reversal = getWindowReversalAttr()) {
    std::string text = "reverse = [";
    for (auto [i, flag] : llvm::enumerate(reversal.asArrayRef()))
      text += std::string(i ? ", " : "") + (flag ? "true" : "false");
    entries.push_back(text + "]");
  }
  llvm::interleaveComma(entries, printer);
  printer << "}";
  printer.printOptionalAttrDict((*this)->getAttrs(), elided);
  printer << " : ";
  printer.printFunctionalType(*this);
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// The body `^bb0(%acc, %x): %r = OP %acc, %x; return %r` of `applies OP`.
static ParseResult buildAppliedBody(OpAsmParser &parser, SMLoc loc,
                                    StringRef opName, Type element,
                                    Region &region) {
  std::optional<RegisteredOperationName> name =
      RegisteredOperationName::lookup(opName, parser.getContext());
  if (!name)
    return parser.emitError(loc, "unknown reduction op '") << opName << "'";
  auto scalar = RankedTensorType::get({}, element);
  Location unknown = UnknownLoc::get(parser.getContext());
  Block *block = new Block();
  region.push_back(block);
  block->addArgument(scalar, unknown);
  block->addArgument(scalar, unknown);
  OpBuilder b(parser.getContext());
  b.setInsertionPointToEnd(block);
  OperationState state(unknown, *name);
  state.addOperands(block->getArguments());
  state.addTypes(scalar);
  Operation *op = b.create(state);
  ReturnOp::create(b, unknown, op->getResults());
  return success();
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  do {
    if (parser.parseLParen() || parser.parseOperand(inputs.emplace_back()) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(inits.emplace_back()) || parser.parseRParen())
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  std::string applied;
  SMLoc appliedLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    appliedLoc = parser.getCurrentLocation();
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    applied = name->getStringRef().str();
    if (inputs.size() != 1)
      return parser.emitError(appliedLoc,
                              "'applies' takes one input; use 'reducer'");
  }
  SmallVector<int64_t> dims;
  FunctionType type;
  SMLoc typeLoc;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || assembly::parseIntList(parser, dims) ||
      parser.parseOptionalAttrDict(state.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(type))
    return failure();
  state.addAttribute(getDimensionsAttrName(state.name),
                     parser.getBuilder().getDenseI64ArrayAttr(dims));
  size_t n = inputs.size();
  if (type.getNumInputs() != 2 * n)
    return parser.emitError(typeLoc, "expected ")
           << 2 * n << " input types: the inputs, then the init values";
  SmallVector<OpAsmParser::UnresolvedOperand> operands(inputs);
  operands.append(inits);
  if (parser.resolveOperands(operands, type.getInputs(), typeLoc,
                             state.operands))
    return failure();
  state.addTypes(type.getResults());
  Region *body = state.addRegion();
  if (!applied.empty()) {
    auto init = dyn_cast<RankedTensorType>(type.getInput(n));
    if (!init)
      return parser.emitError(typeLoc, "the init value must be a tensor");
    return buildAppliedBody(parser, appliedLoc, applied, init.getElementType(),
                            *body);
  }
  // reducer(%acc0: T, %x0: T) (%acc1: T, %x1: T) ...: the block takes every
  // accumulator, then every input element.
  SmallVector<OpAsmParser::Argument> accumulators, elements;
  if (parser.parseKeyword("reducer"))
    return failure();
  for (size_t i = 0; i < n; ++i)
    if (parser.parseLParen() ||
        parser.parseArgument(accumulators.emplace_back(), true) ||
        parser.parseComma() ||
        parser.parseArgument(elements.emplace_back(), true) ||
        parser.parseRParen())
      return failure();
  SmallVector<OpAsmParser::Argument> arguments(accumulators);
  arguments.append(elements);
  return parser.parseRegion(*body, arguments);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i)
    printer << (i ? ", (" : "(") << getInputs()[i]
            << " init: " << getInitValues()[i] << ")";
  Block &block = getBody().front();
  Operation *only = &block.front();
  bool compact = n == 1 && block.getOperations().size() == 2 &&
                 only->getNumOperands() == 2 && only->getNumResults() == 1 &&
                 only->getOperand(0) == block.getArgument(0) &&
                 only->getOperand(1) == block.getArgument(1) &&
                 only->getNumRegions() == 0 && only->getAttrs().empty() &&
                 block.getTerminator()->getOperands() == only->getResults();
  if (compact)
    printer << " applies " << only->getName().getStringRef();
  printer << " across dimensions = ";
  assembly::printIntList(printer, getDimensions());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  printer << " : ";
  printer.printFunctionalType(*this);
  if (compact)
    return;
  printer.printNewline();
  printer << " reducer";
  for (size_t i = 0; i < n; ++i) {
    printer << (i ? " (" : "(");
    printer.printRegionArgument(block.getArgument(i));
    printer << ", ";
    printer.printRegionArgument(block.getArgument(n + i));
    printer << ")";
  }
  printer << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// #stablehlo.scatter<...>
//===----------------------------------------------------------------------===//

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  static constexpr StringLiteral names[] = {
      "update_window_dims", "inserted_window_dims", "input_batching_dims",
      "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"};
  SmallVector<int64_t> lists[5];
  int64_t indexVectorDim = 0;
  if (parseListFields(parser, "scatter", names, lists, "index_vector_dim",
                      &indexVectorDim))
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
             lists[4], indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printListFields(
      printer,
      {{"update_window_dims", getUpdateWindowDims()},
       {"inserted_window_dims", getInsertedWindowDims()},
       {"input_batching_dims", getInputBatchingDims()},
       {"scatter_indices_batching_dims", getScatterIndicesBatchingDims()},
       {"scatter_dims_to_operand_dims", getScatterDimsToOperandDims()}},
      "index_vector_dim", getIndexVectorDim());
}

//===----------------------------------------------------------------------===//
// #stablehlo.gather<...>
//===----------------------------------------------------------------------===//

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  static constexpr StringLiteral names[] = {
      "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
      "start_indices_batching_dims", "start_index_map"};
  SmallVector<int64_t> lists[5];
  int64_t indexVectorDim = 0;
  if (parseListFields(parser, "gather", names, lists, "index_vector_dim",
                      &indexVectorDim))
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
             lists[4], indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printListFields(
      printer,
      {{"offset_dims", getOffsetDims()},
       {"collapsed_slice_dims", getCollapsedSliceDims()},
       {"operand_batching_dims", getOperandBatchingDims()},
       {"start_indices_batching_dims", getStartIndicesBatchingDims()},
       {"start_index_map", getStartIndexMap()}},
      "index_vector_dim", getIndexVectorDim());
}

//===----------------------------------------------------------------------===//
// #stablehlo.output_operand_alias<...>
//===----------------------------------------------------------------------===//

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  static constexpr StringLiteral names[] = {"output_tuple_indices",
                                            "operand_tuple_indices"};
  SmallVector<int64_t> lists[2];
  int64_t operandIndex = 0;
  if (parseListFields(parser, "output_operand_alias", names, lists,
                      "operand_index", &operandIndex))
    return {};
  return get(parser.getContext(), lists[0], operandIndex, lists[1]);
}

/// All three fields, empty lists too, as StableHLO prints them.
void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  printer << "<output_tuple_indices = ";
  assembly::printIntList(printer, getOutputTupleIndices());
  printer << ", operand_index = " << getOperandIndex()
          << ", operand_tuple_indices = ";
  assembly::printIntList(printer, getOperandTupleIndices());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// #stablehlo.result_accuracy<atol = .., rtol = .., ulps = .., mode = ..>
//===----------------------------------------------------------------------===//

Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  double tolerances[2] = {0.0, 0.0};
  int64_t ulps = 0;
  ResultAccuracyModeAttr mode =
      ResultAccuracyModeAttr::get(context, ResultAccuracyMode::DEFAULT);
  llvm::StringSet<> seen;
  if (parser.parseLess())
    return {};
  while (failed(parser.parseOptionalGreater())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (!seen.insert(key).second) {
      parser.emitError(loc, "duplicated `") << key << "` entry";
      return {};
    }
    ParseResult parsed =
        key == "atol"   ? parser.parseFloat(tolerances[0])
        : key == "rtol" ? parser.parseFloat(tolerances[1])
        : key == "ulps" ? parser.parseInteger(ulps)
        : key == "mode" ? parser.parseAttribute(mode)
                        : parser.emitError(loc, "unknown result_accuracy "
                                                "field '")
                              << key << "'";
    if (failed(parsed))
      return {};
    if (failed(parser.parseOptionalComma())) {
      if (parser.parseGreater())
        return {};
      break;
    }
  }
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    context, llvm::APFloat(tolerances[0]),
                    llvm::APFloat(tolerances[1]), ulps, mode);
}

void ResultAccuracyAttr::print(AsmPrinter &printer) const {
  printer << "<atol = ";
  printer.printFloat(getAtol());
  printer << ", rtol = ";
  printer.printFloat(getRtol());
  printer << ", ulps = " << getUlps() << ", mode = ";
  printer.printAttribute(getMode());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// WhileOp: `(%iterArg = %x, ...) : types cond { ... } do { ... }`
//===----------------------------------------------------------------------===//

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &state) {
  return assembly::parseWhile(parser, state);
}

void WhileOp::print(OpAsmPrinter &printer) {
  assembly::printWhile(printer, *this);
}
