//===- HLOSharding.cpp - XLA's sharding syntax ----------------------------===//

#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::hlo;

/// What is wrong with a sharding's parts; empty when nothing is.
static std::string checkSharding(ArrayRef<int64_t> tiles,
                                 ArrayRef<int64_t> devices, bool replicate,
                                 bool maximal) {
  if (maximal)
    return devices.size() == 1 && tiles.empty() && !replicate
               ? ""
               : "a maximal sharding names one device and no tiles";
  if (tiles.empty())
    return devices.empty() && !replicate
               ? ""
               : "a replicated sharding has no devices";
  int64_t count = 1;
  for (int64_t t : tiles) {
    if (t <= 0)
      return "tile counts must be positive";
    if (llvm::MulOverflow(count, t, count))
      return "too many tiles";
  }
  if (count != int64_t(devices.size()))
    return "the tiles need " + std::to_string(count) +
           " devices, the device array has " + std::to_string(devices.size());
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : devices)
    if (d < 0 || !seen.insert(d).second)
      return "device " + std::to_string(d) +
             " appears twice in the device "
             "array";
  return "";
}

namespace {
/// A cursor over an `mhlo.sharding` string.
class ShardingParser {
public:
  explicit ShardingParser(StringRef text) : rest(text.trim()) {}

  FailureOr<ShardingAttr> parse(MLIRContext *context, std::string &error);

private:
  bool consume(StringRef token) {
    rest = rest.ltrim();
    return rest.consume_front(token);
  }
  bool integer(int64_t &value) {
    rest = rest.ltrim();
    return !rest.consumeInteger(10, value) && value >= 0;
  }
  /// `[a,b,...]` of non-negative integers.
  bool list(SmallVectorImpl<int64_t> &values, StringRef open = "[",
            StringRef close = "]") {
    if (!consume(open))
      return false;
    if (consume(close))
      return true;
    do {
      int64_t v;
      if (!integer(v))
        return false;
      values.push_back(v);
    } while (consume(","));
    return consume(close);
  }
  bool deviceArray(int64_t count, SmallVectorImpl<int64_t> &devices,
                   std::string &error);
  /// Skips `name={...}` (metadata XLA attaches), balancing braces.
  bool skipBraced() {
    int depth = 0;
    while (!rest.empty()) {
      char c = rest.front();
      rest = rest.drop_front();
      if (c == '{')
        ++depth;
      if (c == '}' && --depth == 0)
        return true;
    }
    return false;
  }

  StringRef rest;
};
} // namespace

/// The device array after `devices=[...]`: an explicit list, or XLA's V2
/// iota `<=[dims]` with an optional transpose `T(perm)`.
bool ShardingParser::deviceArray(int64_t count,
                                 SmallVectorImpl<int64_t> &devices,
                                 std::string &error) {
  if (!consume("<=")) {
    do {
      int64_t v;
      if (!integer(v)) {
        error = "expected a device id";
        return false;
      }
      devices.push_back(v);
    } while (consume(","));
    return true;
  }
  SmallVector<int64_t> dims, perm;
  if (!list(dims)) {
    error = "expected the iota's dimensions, as <=[8] or <=[2,4]";
    return false;
  }
  int64_t n = 1;
  for (int64_t d : dims)
    if (d == 0 || (n *= d) > (int64_t(1) << 20)) {
      error = "the iota's dimensions must be positive and name at most 2^20 "
              "devices";
      return false;
    }
  if (n != count) {
    error = "the iota names " + std::to_string(n) + " devices, the tiles " +
            std::to_string(count);
    return false;
  }
  if (rest.ltrim().starts_with("T")) {
    consume("T");
    bool ok = list(perm, "(", ")") && perm.size() == dims.size();
    SmallVector<int64_t> sorted(perm);
    llvm::sort(sorted);
    for (auto [i, p] : llvm::enumerate(sorted))
      ok = ok && p == int64_t(i);
    if (!ok) {
      error = "expected a permutation of the iota's dimensions in T(...)";
      return false;
    }
  } else {
    perm.assign(llvm::to_vector(llvm::seq<int64_t>(0, dims.size())));
  }
  // Row-major over the transposed dimensions; each position reads the iota
  // at the corresponding untransposed index.
  SmallVector<int64_t> strides(dims.size(), 1), index(dims.size(), 0);
  for (int64_t d = int64_t(dims.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * dims[d + 1];
  for (int64_t i = 0; i < n; ++i) {
    int64_t id = 0;
    for (size_t k = 0; k < perm.size(); ++k)
      id += index[k] * strides[perm[k]];
    devices.push_back(id);
    for (int64_t k = int64_t(perm.size()) - 1; k >= 0; --k) {
      if (++index[k] < dims[perm[k]])
        break;
      index[k] = 0;
    }
  }
  return true;
}

FailureOr<ShardingAttr> ShardingParser::parse(MLIRContext *context,
                                              std::string &error) {
  auto fail = [&](std::string message) -> FailureOr<ShardingAttr> {
    error = std::move(message);
    return failure();
  };
  if (!consume("{"))
    return fail("expected '{'");
  if (rest.ltrim().starts_with("{"))
    return fail("tuple shardings are not supported: give each result its own");
  SmallVector<int64_t> tiles, devices;
  bool replicate = false, maximal = false;
  if (consume("replicated")) {
  } else if (consume("manual")) {
    return fail("manual shardings (shard_map) are not supported");
  } else if (consume("maximal")) {
    int64_t device;
    if (!consume("device=") || !integer(device))
      return fail("expected 'device=N' after 'maximal'");
    devices.push_back(device);
    maximal = true;
  } else if (consume("devices=")) {
    if (!list(tiles) || tiles.empty())
      return fail("expected the tile counts, as devices=[2,1]");
    int64_t count = 1;
    for (int64_t t : tiles)
      if (t == 0 || (count *= t) > (int64_t(1) << 20))
        return fail("tile counts must be positive and at most 2^20 in all");
    if (!deviceArray(count, devices, error))
      return failure();
    while (!rest.ltrim().starts_with("}")) {
      if (consume("last_tile_dim_replicate")) {
        replicate = true;
      } else if (consume("last_tile_dims=")) {
        return fail("last_tile_dims (manual subgroups) are not supported");
      } else if (consume("metadata=")) {
        if (!skipBraced())
          return fail("unbalanced braces in metadata");
      } else {
        return fail("unexpected '" +
                    rest.take_until([](char c) {
                          return c == ',' || c == '}' || c == ' ';
                        })
                        .str() +
                    "'");
      }
    }
  } else {
    return fail("expected 'replicated', 'maximal' or 'devices='");
  }
  while (consume("metadata=")) {
    if (!skipBraced())
      return fail("unbalanced braces in metadata");
  }
  if (!consume("}") || !rest.trim().empty())
    return fail("expected '}' at the end");
  error = checkSharding(tiles, devices, replicate, maximal);
  if (!error.empty())
    return failure();
  return ShardingAttr::get(context, tiles, devices, replicate, maximal);
}

FailureOr<ShardingAttr>
ShardingAttr::parse(MLIRContext *context, StringRef text, std::string &error) {
  return ShardingParser(text).parse(context, error);
}

LogicalResult ShardingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> tiles,
                                   ArrayRef<int64_t> devices,
                                   bool lastTileDimReplicate, bool maximal) {
  std::string error =
      checkSharding(tiles, devices, lastTileDimReplicate, maximal);
  if (!error.empty())
    return emitError() << error;
  return success();
}

int64_t ShardingAttr::tensorRank() const {
  if (!getMaximal() && !getTiles().empty())
    return int64_t(getTiles().size()) - (getLastTileDimReplicate() ? 1 : 0);
  return -1;
}

std::string ShardingAttr::str() const {
  if (getMaximal())
    return "{maximal device=" + std::to_string(getDevices()[0]) + "}";
  if (getTiles().empty())
    return "{replicated}";
  std::string out = "{devices=[";
  llvm::raw_string_ostream os(out);
  llvm::interleave(getTiles(), os, ",");
  os << "]";
  ArrayRef<int64_t> devices = getDevices();
  bool iota = llvm::all_of(llvm::enumerate(devices), [](auto p) {
    return p.value() == int64_t(p.index());
  });
  if (iota)
    os << "<=[" << devices.size() << "]";
  else
    llvm::interleave(devices, os, ",");
  if (getLastTileDimReplicate())
    os << " last_tile_dim_replicate";
  os << "}";
  return out;
}

Attribute ShardingAttr::parse(AsmParser &parser, Type) {
  std::string text, error;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&text) || parser.parseGreater())
    return {};
  FailureOr<ShardingAttr> attr = parse(parser.getContext(), text, error);
  if (failed(attr)) {
    parser.emitError(loc, "invalid sharding \"") << text << "\": " << error;
    return {};
  }
  return *attr;
}

void ShardingAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << str() << "\">";
}

LogicalResult ShardingConstraintOp::verify() {
  int64_t rank = getSharding().tensorRank();
  if (rank >= 0 && rank != getType().getRank())
    return emitOpError("has a sharding of ")
           << rank << " dimensions for a tensor of rank "
           << getType().getRank();
  return success();
}

std::optional<SmallVector<int64_t>>
ShardingAttr::tileShape(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> tile(shape);
  int64_t rank = tensorRank();
  if (rank < 0)
    return tile;
  if (rank != int64_t(shape.size()))
    return std::nullopt;
  for (int64_t d = 0; d < rank; ++d) {
    if (shape[d] % getTiles()[d] != 0)
      return std::nullopt;
    tile[d] = shape[d] / getTiles()[d];
  }
  return tile;
}

/// Checks that each of `values` is tiled by its sharding into its tile
/// type in `tiles` on `devices` devices.
static LogicalResult checkManualTiles(ManualComputationOp op, StringRef what,
                                      TypeRange values, TypeRange tiles,
                                      ArrayAttr shardings, int64_t devices) {
  if (values.size() != shardings.size() || values.size() != tiles.size())
    return op.emitOpError("has ")
           << values.size() << " " << what << "s, " << shardings.size()
           << " " << what << " shardings and " << tiles.size()
           << " body " << what << "s";
  for (auto [i, type, tile, attr] :
       llvm::enumerate(values, tiles, shardings.getAsRange<ShardingAttr>())) {
    if (attr.getMaximal())
      return op.emitOpError(what)
             << " #" << i << " has a maximal sharding, which no device "
             << "computation can take a tile of";
    if (!attr.isReplicated() && int64_t(attr.getDevices().size()) != devices)
      return op.emitOpError(what)
             << " #" << i << "'s sharding " << attr.str() << " is over "
             << attr.getDevices().size() << " devices, not " << devices;
    auto ranked = cast<RankedTensorType>(type);
    std::optional<SmallVector<int64_t>> shape =
        attr.tileShape(ranked.getShape());
    if (!shape)
      return op.emitOpError(what)
             << " #" << i << "'s sharding " << attr.str()
             << " does not divide " << type << " evenly";
    if (ranked.clone(*shape) != tile)
      return op.emitOpError(what)
             << " #" << i << " of " << type << " has tiles of "
             << ranked.clone(*shape) << ", but the body's is " << tile;
  }
  return success();
}

LogicalResult ManualComputationOp::verifyRegions() {
  int64_t devices = getDevices();
  if (failed(checkManualTiles(*this, "input", getInputs().getTypes(),
                              getBlock().getArgumentTypes(), getInShardings(),
                              devices)))
    return failure();
  Operation *yield = getBlock().getTerminator();
  return checkManualTiles(*this, "result", getResultTypes(),
                          yield->getOperandTypes(), getOutShardings(), devices);
}
