//===- SdyAttrs.cpp - Shardy's attribute syntax ---------------------------===//
//
// Meshes, axis references and tensor shardings in the syntax Shardy prints:
// `<["x"=2, "y"=4], device_ids=[...]>`, `"x":(1)2`,
// `<@mesh, [{"x", ?}, {}]p1, replicated={"y"}, unreduced={"z"}>`.
//
//===----------------------------------------------------------------------===//

#include "dialects/sdy/SdyOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sdy;

#define GET_ATTRDEF_CLASSES
#include "dialects/sdy/SdyAttrs.cpp.inc"

// The attributes' storage is defined here.
void SdyDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/sdy/SdyAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/sdy/SdyOps.cpp.inc"
      >();
}


//===----------------------------------------------------------------------===//
// Mesh
//===----------------------------------------------------------------------===//

LogicalResult MeshAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayAttr names, ArrayRef<int64_t> sizes,
                               ArrayRef<int64_t> deviceIds) {
  if (names.size() != sizes.size())
    return emitError() << "a mesh needs one size per axis name";
  llvm::StringSet<> seen;
  int64_t devices = 1;
  for (auto [name, size] : llvm::zip(names, sizes)) {
    auto text = dyn_cast<StringAttr>(name);
    if (!text || text.getValue().empty())
      return emitError() << "mesh axis names must be non-empty strings";
    if (!seen.insert(text.getValue()).second)
      return emitError() << "mesh axis \"" << text.getValue()
                         << "\" is named twice";
    if (size <= 0)
      return emitError() << "mesh axis \"" << text.getValue()
                         << "\" has size " << size << " (must be positive)";
    if (llvm::MulOverflow(devices, size, devices))
      return emitError() << "the mesh has too many devices";
  }
  if (deviceIds.empty())
    return success();
  if (int64_t(deviceIds.size()) != devices)
    return emitError() << "a mesh of " << devices << " devices has "
                       << deviceIds.size() << " device ids";
  SmallVector<int64_t> sorted(deviceIds);
  llvm::sort(sorted);
  for (auto [i, id] : llvm::enumerate(sorted))
    if (id != int64_t(i) && !(devices == 1 && id >= 0))
      return emitError() << "mesh device ids must be a permutation of 0.."
                         << devices - 1;
  return success();
}

int64_t MeshAttr::numDevices() const {
  int64_t devices = 1;
  for (int64_t size : getSizes())
    devices *= size;
  return devices;
}

std::optional<int64_t> MeshAttr::axisSize(StringRef name) const {
  for (auto [axis, size] : llvm::zip(getNames(), getSizes()))
    if (cast<StringAttr>(axis).getValue() == name)
      return size;
  return std::nullopt;
}

/// `[` items `]`, each parsed by `item`.
static ParseResult parseList(AsmParser &parser, AsmParser::Delimiter delimiter,
                             function_ref<ParseResult()> item) {
  return parser.parseCommaSeparatedList(delimiter, item);
}

Attribute MeshAttr::parseBody(AsmParser &parser) {
  SmallVector<Attribute> names;
  SmallVector<int64_t> sizes, ids;
  if (parser.parseLess() ||
      parseList(parser, AsmParser::Delimiter::Square, [&]() -> ParseResult {
        std::string name;
        int64_t size;
        if (parser.parseString(&name) || parser.parseEqual() ||
            parser.parseInteger(size))
          return failure();
        names.push_back(parser.getBuilder().getStringAttr(name));
        sizes.push_back(size);
        return success();
      }))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      (parser.parseKeyword("device_ids") || parser.parseEqual() ||
       parseList(parser, AsmParser::Delimiter::Square, [&]() {
         return parser.parseInteger(ids.emplace_back());
       })))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<MeshAttr>(parser.getContext(),
                                     parser.getBuilder().getArrayAttr(names),
                                     sizes, ids);
}

Attribute MeshAttr::parse(AsmParser &parser, Type) { return parseBody(parser); }

void MeshAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(llvm::zip(getNames(), getSizes()), printer,
                        [&](auto axis) {
                          printer << "\"" << cast<StringAttr>(std::get<0>(axis)).getValue()
                                  << "\"=" << std::get<1>(axis);
                        });
  printer << "]";
  if (!getDeviceIds().empty()) {
    printer << ", device_ids=[";
    llvm::interleaveComma(getDeviceIds(), printer);
    printer << "]";
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Axis references and dimension shardings
//===----------------------------------------------------------------------===//

/// `"x"` or `"x":(pre)size`.
static FailureOr<AxisRefAttr> parseAxisRef(AsmParser &parser) {
  std::string name;
  if (parser.parseString(&name))
    return failure();
  int64_t pre = 0, size = 0;
  if (succeeded(parser.parseOptionalColon())) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseLParen() || parser.parseInteger(pre) ||
        parser.parseRParen() || parser.parseInteger(size))
      return failure();
    if (pre < 1 || size < 2)
      return parser.emitError(loc, "a sub-axis needs a pre-size of at least 1 "
                                   "and a size of at least 2");
  }
  return AxisRefAttr::get(parser.getContext(),
                          parser.getBuilder().getStringAttr(name), pre, size);
}

static void printAxisRef(AsmPrinter &printer, AxisRefAttr axis) {
  printer << "\"" << axis.getName().getValue() << "\"";
  if (axis.isSubAxis())
    printer << ":(" << axis.getPreSize() << ")" << axis.getSize();
}

/// `{` axes `}`, for replicated and unreduced axes.
static FailureOr<ArrayAttr> parseAxisSet(AsmParser &parser) {
  SmallVector<Attribute> axes;
  if (parseList(parser, AsmParser::Delimiter::Braces, [&]() -> ParseResult {
        FailureOr<AxisRefAttr> axis = parseAxisRef(parser);
        if (failed(axis))
          return failure();
        axes.push_back(*axis);
        return success();
      }))
    return failure();
  return parser.getBuilder().getArrayAttr(axes);
}

static void printAxisSet(AsmPrinter &printer, ArrayAttr axes) {
  printer << "{";
  llvm::interleaveComma(axes.getAsRange<AxisRefAttr>(), printer,
                        [&](AxisRefAttr a) { printAxisRef(printer, a); });
  printer << "}";
}

/// `{"x", "y"}`, `{"x", ?}`, `{?}` or `{}`, then an optional `pN`.
static FailureOr<DimShardingAttr> parseDim(AsmParser &parser) {
  SmallVector<Attribute> axes;
  bool closed = true;
  if (parser.parseLBrace())
    return failure();
  if (failed(parser.parseOptionalRBrace())) {
    while (true) {
      if (succeeded(parser.parseOptionalQuestion())) {
        closed = false;
        if (parser.parseRBrace())
          return failure();
        break;
      }
      FailureOr<AxisRefAttr> axis = parseAxisRef(parser);
      if (failed(axis))
        return failure();
      axes.push_back(*axis);
      if (succeeded(parser.parseOptionalRBrace()))
        break;
      if (parser.parseComma())
        return failure();
    }
  }
  int64_t priority = -1;
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    if (!keyword.consume_front("p") || keyword.getAsInteger(10, priority))
      return parser.emitError(loc, "expected a priority `p<N>`");
  }
  return DimShardingAttr::get(parser.getContext(),
                              parser.getBuilder().getArrayAttr(axes), closed,
                              priority);
}

static void printDim(AsmPrinter &printer, DimShardingAttr dim) {
  printer << "{";
  llvm::interleaveComma(dim.getAxes().getAsRange<AxisRefAttr>(), printer,
                        [&](AxisRefAttr a) { printAxisRef(printer, a); });
  if (!dim.getClosed())
    printer << (dim.getAxes().empty() ? "?" : ", ?");
  printer << "}";
  if (dim.getPriority() >= 0)
    printer << "p" << dim.getPriority();
}

//===----------------------------------------------------------------------===//
// Tensor shardings
//===----------------------------------------------------------------------===//

Attribute TensorShardingAttr::parseBody(AsmParser &parser) {
  if (parser.parseLess())
    return {};
  Attribute mesh;
  FlatSymbolRefAttr symbol;
  if (succeeded(parser.parseOptionalKeyword("mesh"))) {
    mesh = MeshAttr::parseBody(parser);
    if (!mesh)
      return {};
  } else {
    if (parser.parseAttribute(symbol))
      return {};
    mesh = symbol;
  }
  SmallVector<Attribute> dims;
  if (parser.parseComma() ||
      parseList(parser, AsmParser::Delimiter::Square, [&]() -> ParseResult {
        FailureOr<DimShardingAttr> dim = parseDim(parser);
        if (failed(dim))
          return failure();
        dims.push_back(*dim);
        return success();
      }))
    return {};
  ArrayAttr replicated = parser.getBuilder().getArrayAttr({});
  ArrayAttr unreduced = replicated;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword) || parser.parseEqual())
      return {};
    if (keyword != "replicated" && keyword != "unreduced") {
      parser.emitError(loc, "expected `replicated` or `unreduced`");
      return {};
    }
    FailureOr<ArrayAttr> axes = parseAxisSet(parser);
    if (failed(axes))
      return {};
    (keyword == "replicated" ? replicated : unreduced) = *axes;
  }
  if (parser.parseGreater())
    return {};
  return TensorShardingAttr::get(parser.getContext(), mesh,
                                 parser.getBuilder().getArrayAttr(dims),
                                 replicated, unreduced);
}

void TensorShardingAttr::printBody(AsmPrinter &printer) const {
  printer << "<";
  if (auto mesh = dyn_cast<MeshAttr>(getMesh())) {
    printer << "mesh";
    mesh.print(printer);
  } else {
    printer.printAttribute(getMesh());
  }
  printer << ", [";
  llvm::interleaveComma(getDims().getAsRange<DimShardingAttr>(), printer,
                        [&](DimShardingAttr d) { printDim(printer, d); });
  printer << "]";
  if (!getReplicated().empty()) {
    printer << ", replicated=";
    printAxisSet(printer, getReplicated());
  }
  if (!getUnreduced().empty()) {
    printer << ", unreduced=";
    printAxisSet(printer, getUnreduced());
  }
  printer << ">";
}

Attribute TensorShardingAttr::parse(AsmParser &parser, Type) {
  return parseBody(parser);
}

void TensorShardingAttr::print(AsmPrinter &printer) const {
  printBody(printer);
}

Attribute TensorShardingPerValueAttr::parse(AsmParser &parser, Type) {
  SmallVector<Attribute> shardings;
  if (parser.parseLess() ||
      parseList(parser, AsmParser::Delimiter::Square, [&]() -> ParseResult {
        Attribute sharding = TensorShardingAttr::parseBody(parser);
        if (!sharding)
          return failure();
        shardings.push_back(sharding);
        return success();
      }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), parser.getBuilder().getArrayAttr(shardings));
}

void TensorShardingPerValueAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      getShardings().getAsRange<TensorShardingAttr>(), printer,
      [&](TensorShardingAttr s) { s.printBody(printer); });
  printer << "]>";
}

Attribute ManualAxesAttr::parse(AsmParser &parser, Type) {
  SmallVector<Attribute> axes;
  if (parseList(parser, AsmParser::Delimiter::Braces, [&]() -> ParseResult {
        std::string name;
        if (parser.parseString(&name))
          return failure();
        axes.push_back(parser.getBuilder().getStringAttr(name));
        return success();
      }))
    return {};
  return get(parser.getContext(), parser.getBuilder().getArrayAttr(axes));
}

void ManualAxesAttr::print(AsmPrinter &printer) const {
  printer << "{";
  llvm::interleaveComma(getAxes(), printer, [&](Attribute a) {
    printer << "\"" << cast<StringAttr>(a).getValue() << "\"";
  });
  printer << "}";
}
