//===- TPUDialect.cpp - tpu dialect and #tpu.layout -----------------------===//

#include "dialects/tpu/TPUDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tpu;

#include "dialects/tpu/TPUDialect.cpp.inc"

#include "dialects/tpu/TPUEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tpu/TPUAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tpu/TPUTypes.cpp.inc"

void TPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/tpu/TPUAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/tpu/TPUTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/tpu/TPUOps.cpp.inc"
      >();
}

/// `<"NAME">`, the syntax of #tpu.target and #tpu.topology: a quoted name,
/// resolved by AttrT::get once, its error at the name.
template <typename AttrT> static Attribute parseNamed(AsmParser &parser) {
  std::string name;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&name) || parser.parseGreater())
    return {};
  FailureOr<AttrT> attr = AttrT::get(parser.getContext(), name,
                                     [&] { return parser.emitError(at); });
  return succeeded(attr) ? *attr : AttrT();
}

static void printNamed(AsmPrinter &printer, StringRef name) {
  printer << "<\"" << name << "\">";
}

FailureOr<TargetAttr>
TargetAttr::get(MLIRContext *context, StringRef name,
                function_ref<InFlightDiagnostic()> emitError) {
  const tpc::Target *spec = tpc::findTarget(name);
  if (!spec) {
    emitError() << tpc::unknownTargetMessage(name);
    return failure();
  }
  return get(context, spec);
}

/// `<"v5e">`: a quoted preset name, resolved to its preset once.
Attribute TargetAttr::parse(AsmParser &parser, Type) {
  return parseNamed<TargetAttr>(parser);
}

void TargetAttr::print(AsmPrinter &printer) const {
  printNamed(printer, getName());
}

StringRef TargetAttr::getName() const {
  return StringRef(getSpec()->name.data(), getSpec()->name.size());
}

FailureOr<TopologyAttr>
TopologyAttr::get(MLIRContext *context, StringRef name,
                  function_ref<InFlightDiagnostic()> emitError) {
  std::string error;
  std::optional<tpc::Topology> slice = tpc::parseTopology(name, &error);
  if (!slice) {
    emitError() << error;
    return failure();
  }
  return get(context, *slice);
}

/// `<"v5e:4x4">`: a quoted slice name, parsed once.
Attribute TopologyAttr::parse(AsmParser &parser, Type) {
  return parseNamed<TopologyAttr>(parser);
}

void TopologyAttr::print(AsmPrinter &printer) const {
  printNamed(printer, getName());
}

StringRef TopologyAttr::getName() const { return getSlice().name; }

namespace {
/// Where a discardable tpu attribute may sit.
enum Place : unsigned {
  OnModule = 1,
  OnFunction = 2,
  OnOp = 4,
  OnArgument = 8,
  OnResult = 16,
  InLocation = 32
};

/// The declared attributes (TPUBase.td), each with where it may sit (a set
/// of Places) and the type ODS declares for it.
struct Declared {
  StringRef name;
  unsigned places;
  bool (*isValid)(Attribute);
  StringRef expected;
};
} // namespace

template <typename T> static bool is(Attribute attr) { return isa<T>(attr); }
static bool isI64(Attribute attr) {
  auto integer = dyn_cast<IntegerAttr>(attr);
  return integer && integer.getType().isInteger(64);
}
static bool isStrings(Attribute attr) {
  auto array = dyn_cast<ArrayAttr>(attr);
  return array && llvm::all_of(array, llvm::IsaPred<StringAttr>);
}

static const Declared *findDeclared(StringRef name) {
  using P = Place;
  static const Declared declared[] = {
      {kTargetAttrName, P::OnModule, is<TargetAttr>, "a #tpu.target"},
      {kTopologyAttrName, P::OnModule, is<TopologyAttr>, "a #tpu.topology"},
      {kHbmLimitAttrName, P::OnModule, isI64, "an i64 byte count"},
      {kOutOfMemoryAttrName, P::OnModule, is<UnitAttr>, "a unit attribute"},
      {kModelFlopsAttrName, P::OnFunction, isI64, "an i64 FLOP count"},
      {kOutlinedAttrName, P::OnFunction, is<UnitAttr>, "a unit attribute"},
      {kScheduledAttrName, P::OnFunction, is<UnitAttr>, "a unit attribute"},
      {kRematerializationAttrName,
       P::OnFunction,
       is<DictionaryAttr>,
       "a dictionary"},
      {kGlobalBytesAttrName, P::OnFunction, isI64, "an i64 byte count"},
      {kProgramBytesAttrName, P::OnFunction, isI64, "an i64 byte count"},
      {kElidedConstantsAttrName, P::OnFunction, isStrings,
       "an array of strings"},
      {kHbmOffsetsAttrName, P::OnOp, is<DenseI64ArrayAttr>, "an i64 array"},
      {kDonatedArgumentsAttrName,
       P::OnOp,
       is<DenseI64ArrayAttr>,
       "an i64 array"},
      {kFrameAttrName, P::OnOp, is<DenseI64ArrayAttr>, "an i64 array"},
      {kCarriedAttrName, P::OnArgument, isI64, "an i64 loop value index"},
      {kLogicalTypeAttrName,
       P::OnArgument | P::OnResult,
       is<TypeAttr>,
       "a type"},
      {kTilesAttrName,
       P::OnArgument | P::OnResult,
       is<DenseI64ArrayAttr>,
       "an i64 array"},
      {kDevicesAttrName,
       P::OnArgument | P::OnResult,
       is<DenseI64ArrayAttr>,
       "an i64 array"},
      {kLogicalTypesAttrName, P::InLocation, is<ArrayAttr>, "an array"},
  };
  for (const Declared &d : declared)
    if (d.name == name)
      return &d;
  return nullptr;
}

static StringRef placeName(Place place) {
  switch (place) {
  case OnModule:
    return "a builtin.module";
  case OnFunction:
    return "a function";
  case OnOp:
    return "an op";
  case OnArgument:
    return "a function argument";
  case OnResult:
    return "a function result";
  case InLocation:
    return "a location's metadata";
  }
  llvm_unreachable("unknown place");
}

/// Checks `attr` sits where its declaration allows, with its declared type.
static LogicalResult verifyDeclared(Operation *op, NamedAttribute attr,
                                    Place place) {
  StringRef name = attr.getName().strref();
  const Declared *declared = findDeclared(name);
  if (!declared)
    return op->emitError() << "unknown attribute '" << name
                           << "': the tpu dialect declares no such attribute";
  if (!(declared->places & place)) {
    InFlightDiagnostic diag = op->emitError()
                              << "'" << name << "' belongs on ";
    StringRef separator;
    for (Place p :
         {OnModule, OnFunction, OnOp, OnArgument, OnResult, InLocation})
      if (declared->places & p) {
        diag << separator << placeName(p);
        separator = " or ";
      }
    return diag << ", not on " << placeName(place);
  }
  if (!declared->isValid(attr.getValue()))
    return op->emitError() << "'" << name << "' must be "
                           << declared->expected << ", but is "
                           << attr.getValue();
  return success();
}

LogicalResult TPUDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  Place place = isa<ModuleOp>(op)                ? OnModule
                : isa<FunctionOpInterface>(op) ? OnFunction
                                               : OnOp;
  if (failed(verifyDeclared(op, attr, place)))
    return failure();
  StringRef name = attr.getName().strref();
  if (name == kHbmLimitAttrName &&
      cast<IntegerAttr>(attr.getValue()).getInt() <= 0)
    return op->emitError() << "'" << name << "' must be positive";
  if (name == kTopologyAttrName) {
    const tpc::Target &sliceTarget =
        *cast<TopologyAttr>(attr.getValue()).getSlice().target;
    auto target = op->getAttrOfType<TargetAttr>(kTargetAttrName);
    if (target && target.getSpec() != &sliceTarget)
      return op->emitError()
             << "'" << name << "' is a slice of "
             << StringRef(sliceTarget.name.data(), sliceTarget.name.size())
             << " chips, but the module's tpu.target is " << target.getName();
  }
  return success();
}

LogicalResult TPUDialect::verifyRegionArgAttribute(Operation *op, unsigned,
                                                   unsigned,
                                                   NamedAttribute attr) {
  return verifyDeclared(op, attr, OnArgument);
}

LogicalResult TPUDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned,
                                                      NamedAttribute attr) {
  return verifyDeclared(op, attr, OnResult);
}

const tpc::Target &mlir::tpu::getTarget(Operation *op) {
  for (Operation *at = op; at; at = at->getParentOp())
    if (isa<ModuleOp>(at))
      if (auto target = at->getAttrOfType<TargetAttr>(kTargetAttrName))
        return *target.getSpec();
  return tpc::defaultTarget();
}

const tpc::Topology *mlir::tpu::getTopology(Operation *op) {
  for (Operation *at = op; at; at = at->getParentOp())
    if (isa<ModuleOp>(at))
      if (auto topology = at->getAttrOfType<TopologyAttr>(kTopologyAttrName))
        return &topology.getSlice();
  return nullptr;
}

int64_t mlir::tpu::deviceCount(Operation *op) {
  const tpc::Topology *topology = getTopology(op);
  return topology ? topology->devices() : 1;
}

void mlir::tpu::setTarget(ModuleOp module, const tpc::Target &target) {
  module->setAttr(kTargetAttrName,
                  TargetAttr::get(module.getContext(), &target));
}

LayoutAttr mlir::tpu::getLayout(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked ? dyn_cast_or_null<LayoutAttr>(ranked.getEncoding())
                : LayoutAttr();
}

std::optional<tpc::ElementType> mlir::tpu::toElementType(Type type) {
  if (type.isF32())
    return tpc::ElementType::F32;
  if (type.isBF16())
    return tpc::ElementType::BF16;
  if (type.isF16())
    return tpc::ElementType::F16;
  if (type.isF64())
    return tpc::ElementType::F64;
  using E = tpc::ElementType;
  if (auto small = llvm::TypeSwitch<Type, std::optional<E>>(type)
                       .Case([](Float8E5M2Type) { return E::F8E5M2; })
                       .Case([](Float8E4M3FNType) { return E::F8E4M3FN; })
                       .Case([](Float8E4M3Type) { return E::F8E4M3; })
                       .Case([](Float8E3M4Type) { return E::F8E3M4; })
                       .Case([](Float8E4M3FNUZType) { return E::F8E4M3FNUZ; })
                       .Case([](Float8E5M2FNUZType) { return E::F8E5M2FNUZ; })
                       .Case([](Float8E4M3B11FNUZType) {
                         return E::F8E4M3B11FNUZ;
                       })
                       .Case([](Float8E8M0FNUType) { return E::F8E8M0FNU; })
                       .Case([](Float6E2M3FNType) { return E::F6E2M3FN; })
                       .Case([](Float6E3M2FNType) { return E::F6E3M2FN; })
                       .Case([](Float4E2M1FNType) { return E::F4E2M1FN; })
                       .Default([](Type) { return std::nullopt; }))
    return small;
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.isSigned())
    return std::nullopt;
  bool isUnsigned = integer.isUnsigned();
  switch (integer.getWidth()) {
  case 1:
    return isUnsigned ? std::nullopt
                      : std::optional<tpc::ElementType>(tpc::ElementType::PRED);
  case 2:
    return isUnsigned ? tpc::ElementType::U2 : tpc::ElementType::S2;
  case 4:
    return isUnsigned ? tpc::ElementType::U4 : tpc::ElementType::S4;
  case 8:
    return isUnsigned ? tpc::ElementType::U8 : tpc::ElementType::S8;
  case 16:
    return isUnsigned ? tpc::ElementType::U16 : tpc::ElementType::S16;
  case 32:
    return isUnsigned ? tpc::ElementType::U32 : tpc::ElementType::S32;
  case 64:
    return isUnsigned ? tpc::ElementType::U64 : tpc::ElementType::S64;
  default:
    return std::nullopt;
  }
}

std::optional<tpc::Element> mlir::tpu::toStoredElement(Type type) {
  std::optional<tpc::ElementType> xla = toElementType(type);
  return xla ? tpc::storedElement(*xla) : std::nullopt;
}

std::optional<tpc::Shape> mlir::tpu::toShape(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return std::nullopt;
  std::optional<tpc::ElementType> element =
      toElementType(ranked.getElementType());
  if (!element)
    return std::nullopt;
  tpc::Shape shape;
  shape.elementType = *element;
  shape.dims.assign(ranked.getShape().begin(), ranked.getShape().end());
  if (LayoutAttr layout = getLayout(type))
    shape.layout = layout.toLayout();
  return shape;
}

RankedTensorType mlir::tpu::withLayout(RankedTensorType type,
                                       const tpc::Layout &layout) {
  return RankedTensorType::get(type.getShape(), type.getElementType(),
                               LayoutAttr::get(type.getContext(), layout));
}

/// The tiles as the attribute stores them: an array of i64 arrays.
static ArrayAttr tilesAttr(MLIRContext *context,
                           const std::vector<tpc::Tile> &tiles) {
  Builder b(context);
  SmallVector<Attribute> attrs;
  for (const tpc::Tile &tile : tiles)
    attrs.push_back(b.getDenseI64ArrayAttr(tile));
  return b.getArrayAttr(attrs);
}

/// The shape library's layout from the attribute's parameters; fails when a
/// tile is not an i64 array (only possible through the generic builder).
static FailureOr<tpc::Layout> layoutFrom(ArrayRef<int64_t> minorToMajor,
                                         ArrayAttr tiles,
                                         int64_t elementSizeBits,
                                         int64_t memorySpace) {
  tpc::Layout layout;
  layout.minorToMajor.assign(minorToMajor.begin(), minorToMajor.end());
  for (Attribute tile : tiles) {
    auto sizes = dyn_cast<DenseI64ArrayAttr>(tile);
    if (!sizes)
      return failure();
    layout.tiles.emplace_back(sizes.asArrayRef().begin(),
                              sizes.asArrayRef().end());
  }
  layout.elementSizeBits = elementSizeBits;
  layout.memorySpace = memorySpace;
  return layout;
}

LayoutAttr LayoutAttr::get(MLIRContext *context, const tpc::Layout &layout) {
  return get(context, layout.minorToMajor, tilesAttr(context, layout.tiles),
             layout.elementSizeBits, layout.memorySpace);
}

tpc::Layout LayoutAttr::toLayout() const {
  // verify() guarantees well-formed tiles.
  return *layoutFrom(getMinorToMajor(), getTiles(), getElementSizeBits(),
                     getMemorySpace());
}

/// `<{1,0:T(8,128)(2,1)E(32)S(1)}>`
Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  tpc::Layout layout;
  auto parseInt = [&](int64_t &value) -> ParseResult {
    return parser.parseInteger(value);
  };
  if (parser.parseLess() || parser.parseLBrace())
    return {};
  int64_t dim;
  OptionalParseResult first = parser.parseOptionalInteger(dim);
  if (first.has_value()) {
    if (failed(*first))
      return {};
    layout.minorToMajor.push_back(dim);
    while (succeeded(parser.parseOptionalComma())) {
      if (parseInt(dim))
        return {};
      layout.minorToMajor.push_back(dim);
    }
  }
  if (succeeded(parser.parseOptionalColon())) {
    // `T(8,128)(2,1)`: one or more parenthesized tiles.
    if (succeeded(parser.parseOptionalKeyword("T"))) {
      if (parser.parseLParen())
        return {};
      do {
        tpc::Tile tile;
        do {
          if (parseInt(tile.emplace_back()))
            return {};
        } while (succeeded(parser.parseOptionalComma()));
        if (parser.parseRParen())
          return {};
        layout.tiles.push_back(std::move(tile));
      } while (succeeded(parser.parseOptionalLParen()));
    }
    if (succeeded(parser.parseOptionalKeyword("E")) &&
        (parser.parseLParen() || parseInt(layout.elementSizeBits) ||
         parser.parseRParen()))
      return {};
    if (succeeded(parser.parseOptionalKeyword("S")) &&
        (parser.parseLParen() || parseInt(layout.memorySpace) ||
         parser.parseRParen()))
      return {};
  }
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<LayoutAttr>(
      context, layout.minorToMajor, tilesAttr(context, layout.tiles),
      layout.elementSizeBits, layout.memorySpace);
}

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<" << tpc::layoutToString(toLayout()) << ">";
}

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> minorToMajor,
                                 ArrayAttr tiles, int64_t elementSizeBits,
                                 int64_t memorySpace) {
  FailureOr<tpc::Layout> converted =
      layoutFrom(minorToMajor, tiles, elementSizeBits, memorySpace);
  if (failed(converted))
    return emitError() << "a tile must be an array of i64 sizes";
  const tpc::Layout &layout = *converted;
  // The layout's own order fixes its rank; tensor types check it matches.
  absl::Status status =
      tpc::verifyLayout(layout, static_cast<int64_t>(minorToMajor.size()));
  if (!status.ok())
    return emitError() << "invalid layout " << tpc::layoutToString(layout)
                       << ": " << std::string(status.message());
  return success();
}

LogicalResult
LayoutAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                           function_ref<InFlightDiagnostic()> emitError) const {
  if (getMinorToMajor().size() != shape.size())
    return emitError() << "layout " << tpc::layoutToString(toLayout())
                       << " orders " << getMinorToMajor().size()
                       << " dimensions, but the tensor has rank "
                       << shape.size();
  return success();
}
