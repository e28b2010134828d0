//===- StablehloRng.cpp - Import rng_bit_generator ------------------------===//
//
// Part of convert-stablehlo-to-hlo. rng_bit_generator becomes the integer
// arithmetic of XLA's bit generators (xla/client/lib/prng.cc, which XLA's
// rng_bit_generator expander uses), bit for bit:
// - THREE_FRY: the state is [key, counter]; Threefry-2x32 with 20 rounds
//   encrypts counter + i for i over the output (split into two halves, each
//   result word filling one half, for 32-bit output) under the key; the
//   counter advances by the number of blocks used;
// - PHILOX (and DEFAULT, which XLA's expander makes PHILOX): the state is
//   [key, counter low, counter high] (a missing high word is 0 and stays
//   out of the state); Philox-4x32 with 10 rounds on the 128-bit counter +
//   i, the four result words interleaved.
// Every op is an elementwise op on ui32 or ui64 (the vector unit's, ui64 as
// word pairs).
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

using Dims = SmallVector<int64_t>;

/// Builds the generators' integer arithmetic at one location.
struct Bits {
  OpBuilder &b;
  Location loc;

  Type u32() const { return b.getIntegerType(32, /*isSigned=*/false); }
  Type u64() const { return b.getIntegerType(64, /*isSigned=*/false); }
  static Dims shapeOf(Value v) {
    return Dims(cast<RankedTensorType>(v.getType()).getShape());
  }
  Value splat(ArrayRef<int64_t> shape, Type element, uint64_t v) const {
    auto type = RankedTensorType::get(shape, element);
    return tpu::splatConstant(
        b, loc, type,
        b.getIntegerAttr(element, APInt(element.getIntOrFloatBitWidth(), v)));
  }
  Value constLike(Value v, uint64_t c) const {
    return splat(shapeOf(v), getElementTypeOrSelf(v.getType()), c);
  }
  Value add(Value x, Value y) const { return hlo::AddOp::create(b, loc, x, y); }
  Value add(Value x, uint64_t c) const { return add(x, constLike(x, c)); }
  Value xorOf(Value x, Value y) const {
    return hlo::XorOp::create(b, loc, x, y);
  }
  Value shl(Value x, uint64_t c) const {
    return hlo::ShiftLeftOp::create(b, loc, x, constLike(x, c));
  }
  Value shr(Value x, uint64_t c) const {
    return hlo::ShiftRightLogicalOp::create(b, loc, x, constLike(x, c));
  }
  Value convert(Value x, Type to) const {
    return hlo::ConvertOp::create(b, loc, x, to);
  }
  Value rotl(Value x, int d) const {
    return hlo::OrOp::create(b, loc, shl(x, d), shr(x, 32 - d));
  }
  Value lo32(Value x) const { return convert(x, u32()); }
  Value hi32(Value x) const { return convert(shr(x, 32), u32()); }
  Value join64(Value lo, Value hi) const {
    return hlo::OrOp::create(b, loc, convert(lo, u64()),
                             shl(convert(hi, u64()), 32));
  }
  Value broadcast(Value scalar, ArrayRef<int64_t> shape) const {
    auto type = cast<RankedTensorType>(scalar.getType());
    return hlo::BroadcastInDimOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), scalar,
        b.getDenseI64ArrayAttr({}));
  }
  Value reshape(Value v, ArrayRef<int64_t> shape) const {
    auto type = cast<RankedTensorType>(v.getType());
    if (type.getShape() == shape)
      return v;
    return hlo::ReshapeOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), v);
  }
  Value slice(Value v, ArrayRef<int64_t> start, ArrayRef<int64_t> limit) const {
    return hlo::SliceOp::create(b, loc, v, b.getDenseI64ArrayAttr(start),
                                b.getDenseI64ArrayAttr(limit),
                                b.getDenseI64ArrayAttr(Dims(start.size(), 1)));
  }
  /// Element `i` of a rank-1 tensor, as a scalar.
  Value element(Value v, int64_t i) const {
    return reshape(slice(v, {i}, {i + 1}), {});
  }
  Value concat(ArrayRef<Value> parts, int64_t dim) const {
    Dims shape = shapeOf(parts.front());
    shape[dim] = 0;
    for (Value p : parts)
      shape[dim] += shapeOf(p)[dim];
    return hlo::ConcatenateOp::create(
        b, loc,
        RankedTensorType::get(shape, getElementTypeOrSelf(parts[0].getType())),
        parts, b.getI64IntegerAttr(dim));
  }
  /// `i` along dimension `dim` of `shape`, as ui64.
  Value iota(ArrayRef<int64_t> shape, int64_t dim) const {
    Value i = hlo::IotaOp::create(
        b, loc, RankedTensorType::get(shape, b.getI32Type()),
        b.getI64IntegerAttr(dim));
    return convert(i, u64());
  }

  /// Threefry-2x32, 20 rounds (Salmon et al., SC 2011), on word tensors.
  std::array<Value, 2> threefry(std::array<Value, 2> x,
                                std::array<Value, 2> key) const {
    static constexpr int kRotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    std::array<Value, 3> ks = {key[0], key[1],
                               xorOf(xorOf(constLike(key[0], 0x1BD11BDA),
                                           key[0]),
                                     key[1])};
    x[0] = add(x[0], ks[0]);
    x[1] = add(x[1], ks[1]);
    for (int block = 0; block < 5; ++block) {
      for (int r = 0; r < 4; ++r) {
        x[0] = add(x[0], x[1]);
        x[1] = xorOf(x[0], rotl(x[1], kRotations[(block % 2) * 4 + r]));
      }
      // Key injection: ks[(block + 1) % 3] and ks[(block + 2) % 3] + block + 1.
      x[0] = add(x[0], ks[(block + 1) % 3]);
      x[1] = add(add(x[1], ks[(block + 2) % 3]), block + 1);
    }
    return x;
  }

  /// Philox-4x32, 10 rounds, on word tensors.
  std::array<Value, 4> philox(std::array<Value, 4> x,
                              std::array<Value, 2> key) const {
    auto mulHiLo = [&](Value v, uint64_t k) -> std::pair<Value, Value> {
      Value wide = convert(v, u64());
      Value product = hlo::MulOp::create(b, loc, wide, constLike(wide, k));
      return {hi32(product), lo32(product)};
    };
    for (int round = 0; round < 10; ++round) {
      auto [hi0, lo0] = mulHiLo(x[0], 0xD2511F53);
      auto [hi1, lo1] = mulHiLo(x[2], 0xCD9E8D57);
      x = {xorOf(xorOf(hi1, x[1]), key[0]), lo1,
           xorOf(xorOf(hi0, x[3]), key[1]), lo0};
      key = {add(key[0], 0x9E3779B9), add(key[1], 0xBB67AE85)};
    }
    return x;
  }
};

/// XLA's SplitShapeIntoHalves: the shape with one dimension (the first even
/// one, else the first largest) halved (rounded up) and a 1 inserted after
/// it, so that two halves concatenate along the new dimension.
struct Halves {
  Dims half;
  int64_t split = 0;
};

Halves splitIntoHalves(ArrayRef<int64_t> shape) {
  Halves h;
  if (shape.empty()) {
    h.half = {1};
    return h;
  }
  h.split = -1;
  for (int64_t i = 0, e = shape.size(); i < e; ++i)
    if (shape[i] % 2 == 0) {
      h.split = i;
      break;
    }
  if (h.split < 0)
    for (int64_t i = 0, e = shape.size(); i < e; ++i)
      if (h.split < 0 || shape[i] > shape[h.split])
        h.split = i;
  for (int64_t i = 0, e = shape.size(); i < e; ++i) {
    h.half.push_back(i == h.split ? (shape[i] + 1) / 2 : shape[i]);
    if (i == h.split)
      h.half.push_back(1);
  }
  return h;
}

int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// counter + the row-major index of each position of `shape` (dimensions
/// of size 1 skipped, as XLA does), and counter + the element count.
std::pair<Value, Value> countersFor(const Bits &bits, Value counter,
                                    ArrayRef<int64_t> shape) {
  Value inputs = bits.broadcast(counter, shape);
  int64_t trailing = 1;
  for (int64_t i = shape.size() - 1; i >= 0; --i) {
    if (shape[i] < 2)
      continue;
    Value step = hlo::MulOp::create(bits.b, bits.loc, bits.iota(shape, i),
                                    bits.splat(shape, bits.u64(), trailing));
    inputs = bits.add(inputs, step);
    trailing *= shape[i];
  }
  return {inputs, bits.add(counter, product(shape))};
}

/// 32- or 64-bit words of `shape` and the next counter, by Threefry.
std::pair<Value, Value> threefryBits(const Bits &bits, Value key,
                                     Value counter, ArrayRef<int64_t> shape,
                                     bool wide) {
  std::array<Value, 2> keyWords = {bits.lo32(key), bits.hi32(key)};
  auto words = [&](ArrayRef<int64_t> at) {
    auto [inputs, next] = countersFor(bits, counter, at);
    std::array<Value, 2> k = {bits.broadcast(keyWords[0], at),
                              bits.broadcast(keyWords[1], at)};
    return std::make_pair(
        bits.threefry({bits.lo32(inputs), bits.hi32(inputs)}, k), next);
  };
  if (wide) {
    auto [out, next] = words(shape);
    return {bits.join64(out[0], out[1]), next};
  }
  Halves halves = splitIntoHalves(shape);
  auto [out, next] = words(halves.half);
  if (shape.empty())
    return {bits.reshape(out[0], {}), next};
  // The halves side by side along the inserted dimension, then the split
  // dimension rounded up to even and cut back.
  Value both = bits.concat({out[0], out[1]}, halves.split + 1);
  Dims even(shape);
  even[halves.split] = (shape[halves.split] + 1) / 2 * 2;
  Value result = bits.reshape(both, even);
  if (even[halves.split] != shape[halves.split])
    result = bits.slice(result, Dims(shape.size(), 0), shape);
  return {result, next};
}

/// `words` [m] each, interleaved (word 0 of block 0, word 1 of block 0,
/// ...), cut to `n` and shaped `shape`.
Value interleave(const Bits &bits, ArrayRef<Value> words, int64_t n,
                 ArrayRef<int64_t> shape) {
  int64_t m = Bits::shapeOf(words.front())[0];
  SmallVector<Value> columns;
  for (Value w : words)
    columns.push_back(bits.reshape(w, {m, 1}));
  Value flat = bits.reshape(bits.concat(columns, 1),
                            {m * static_cast<int64_t>(words.size())});
  return bits.reshape(bits.slice(flat, {0}, {n}), shape);
}

} // namespace

LogicalResult Importer::rngBitGenerator(sh::RngBitGeneratorOp op) {
  Location loc = op.getLoc();
  Bits bits{b, loc};
  auto outType = cast<RankedTensorType>(op.getOutput().getType());
  Type element = outType.getElementType();
  unsigned width = element.getIntOrFloatBitWidth();
  if (width != 32 && width != 64)
    return unsupported(op) << "output elements of type " << element
                           << " (XLA's generators produce 32- and 64-bit "
                              "elements)";
  if (failed(checkTypes(op)))
    return failure();
  Value state = lookup(op.getInitialState());
  int64_t stateSize = Bits::shapeOf(state)[0];
  bool threefry = op.getRngAlgorithm() == sh::RngAlgorithm::THREE_FRY;
  if (stateSize != (threefry ? 2 : stateSize) || stateSize < 2)
    return unsupported(op) << "a state of " << stateSize << " elements";
  ArrayRef<int64_t> shape = outType.getShape();
  int64_t n = product(shape);
  Value key = bits.element(state, 0);
  Value output, nextState;
  if (n == 0) {
    output = bits.splat(shape, width == 32 ? bits.u32() : bits.u64(), 0);
    nextState = state;
  } else if (threefry) {
    auto [result, counter] =
        threefryBits(bits, key, bits.element(state, 1), shape, width == 64);
    output = result;
    nextState = bits.concat({bits.reshape(key, {1}), bits.reshape(counter, {1})},
                            0);
  } else {
    // 128-bit counter words + i over the blocks, with the carry.
    int64_t blocks = (n * (width / 32) + 3) / 4;
    Value low = bits.element(state, 1);
    Value high = stateSize > 2 ? bits.element(state, 2)
                               : bits.splat({}, bits.u64(), 0);
    auto addCarry = [&](Value lowAt, Value highAt, Value delta) {
      Value sum = bits.add(lowAt, delta);
      Value carry = compareOf(loc, hlo::ComparisonDirection::LT, sum, lowAt);
      Value bumped = hlo::SelectOp::create(b, loc, carry, bits.add(highAt, 1),
                                           highAt);
      return std::make_pair(sum, bumped);
    };
    auto [inLow, inHigh] =
        addCarry(bits.broadcast(low, {blocks}), bits.broadcast(high, {blocks}),
                 bits.iota({blocks}, 0));
    std::array<Value, 2> keyWords = {bits.broadcast(bits.lo32(key), {blocks}),
                                     bits.broadcast(bits.hi32(key), {blocks})};
    std::array<Value, 4> out =
        bits.philox({bits.lo32(inLow), bits.hi32(inLow), bits.lo32(inHigh),
                     bits.hi32(inHigh)},
                    keyWords);
    if (width == 32)
      output = interleave(bits, out, n, shape);
    else
      output = interleave(bits,
                          {bits.join64(out[0], out[1]),
                           bits.join64(out[2], out[3])},
                          n, shape);
    auto [nextLow, nextHigh] =
        addCarry(low, high, bits.splat({}, bits.u64(), blocks));
    SmallVector<Value> parts = {bits.reshape(key, {1}),
                                bits.reshape(nextLow, {1})};
    if (stateSize > 2)
      parts.push_back(bits.reshape(nextHigh, {1}));
    nextState = bits.concat(parts, 0);
  }
  if (getElementTypeOrSelf(output.getType()) != element)
    output = hlo::BitcastConvertOp::create(b, loc, outType, output);
  mapping.map(op.getOutputState(), nextState);
  mapping.map(op.getOutput(), output);
  return success();
}

/// rng: uniform or normal numbers from Philox bits. The generator's state
/// is the compiler's: key kRngKey and, as counter, the op's position among
/// the function's rng ops, so each op draws its own numbers and a program
/// draws the same ones on every run (StableHLO leaves the generator to the
/// implementation; XLA seeds it from a flag).
FailureOr<Value> Importer::rng(sh::RngOp op) {
  constexpr uint64_t kRngKey = 0x5EED;
  Location loc = op.getLoc();
  Bits bits{b, loc};
  RankedTensorType type = resultType(op);
  Type element = type.getElementType();
  int64_t n = product(type.getShape());
  bool isFloat = isa<FloatType>(element);
  if (element.isInteger(1) || (!isFloat && !element.isIntOrIndex()))
    return unsupported(op) << "elements of type " << element;
  unsigned width = isFloat || element.getIntOrFloatBitWidth() <= 32 ? 32 : 64;
  bool normal = op.getRngDistribution() == sh::RngDistribution::NORMAL;
  // Normal numbers take two uniform ones each (Box-Muller).
  int64_t draws = std::max<int64_t>(normal ? 2 * n : n, 1);
  int64_t blocks = (draws * (width / 32) + 3) / 4;
  uint64_t counter = rngOps++ * (uint64_t(1) << 40);
  std::array<Value, 2> key = {bits.splat({blocks}, bits.u32(), kRngKey),
                              bits.splat({blocks}, bits.u32(), 0)};
  Value iota = bits.add(bits.iota({blocks}, 0), counter);
  std::array<Value, 4> words = bits.philox(
      {bits.lo32(iota), bits.hi32(iota), bits.splat({blocks}, bits.u32(), 0),
       bits.splat({blocks}, bits.u32(), 0)},
      key);
  Value flat =
      width == 32
          ? interleave(bits, words, draws, {draws})
          : interleave(bits,
                       {bits.join64(words[0], words[1]),
                        bits.join64(words[2], words[3])},
                       draws, {draws});
  Value a = lookup(op.getA()), lo = a, hi = lookup(op.getB());
  ArrayRef<int64_t> shape = type.getShape();
  if (isFloat) {
    // 23 random mantissa bits: a float in [0, 1), as XLA converts bits.
    auto f32 = RankedTensorType::get({draws}, b.getF32Type());
    Value u = hlo::ConvertOp::create(b, loc, bits.shr(flat, 9), b.getF32Type());
    u = hlo::MulOp::create(b, loc, u, f32Splat(loc, f32, std::ldexp(1.0, -23)));
    Value x;
    if (normal) {
      auto half = RankedTensorType::get({n}, b.getF32Type());
      Value u1 = hlo::MaxOp::create(b, loc, bits.slice(u, {0}, {n}),
                                    f32Splat(loc, half, 1.0e-7));
      Value v = hlo::MulOp::create(b, loc, bits.slice(u, {n}, {2 * n}),
                                   f32Splat(loc, half, 2.0 * M_PI));
      Value r = hlo::SqrtOp::create(
          b, loc,
          hlo::MulOp::create(b, loc, f32Splat(loc, half, -2.0),
                             hlo::LogOp::create(b, loc, u1)));
      x = hlo::MulOp::create(b, loc, hlo::SineOp::create(b, loc, v), r);
    } else {
      x = bits.slice(u, {0}, {n});
    }
    x = bits.reshape(x, shape);
    auto f32Shape = type.clone(b.getF32Type());
    auto wideScalar = [&](Value s) -> Value {
      Value f = getElementTypeOrSelf(s.getType()).isF32()
                    ? s
                    : Value(hlo::ConvertOp::create(b, loc, s, b.getF32Type()));
      return broadcastScalar(loc, f, f32Shape.getShape());
    };
    // uniform: a + (b - a) x; normal: mu + sigma x.
    Value scale = normal ? wideScalar(hi)
                         : Value(hlo::SubtractOp::create(b, loc, wideScalar(hi),
                                                         wideScalar(lo)));
    Value result = hlo::AddOp::create(
        b, loc, hlo::MulOp::create(b, loc, x, scale), wideScalar(lo));
    return element.isF32()
               ? result
               : Value(hlo::ConvertOp::create(b, loc, result, element));
  }
  // Integers (NORMAL ones are refused by the verifier, rng_c2): a + bits mod (b - a), in the unsigned type of the bits.
  Type bitsType = width == 32 ? bits.u32() : bits.u64();
  Type signedWide = b.getIntegerType(width);
  auto asBits = [&](Value s) -> Value {
    auto t = cast<RankedTensorType>(s.getType());
    Type e = t.getElementType();
    if (e.getIntOrFloatBitWidth() != width)
      s = hlo::ConvertOp::create(b, loc, s,
                                 e.isUnsignedInteger() ? bitsType : signedWide);
    if (getElementTypeOrSelf(s.getType()) != bitsType)
      s = hlo::BitcastConvertOp::create(
          b, loc, cast<RankedTensorType>(s.getType()).clone(bitsType), s);
    return broadcastScalar(loc, s, shape);
  };
  Value base = asBits(lo);
  Value range = hlo::SubtractOp::create(b, loc, asBits(hi), base);
  Value offset = hlo::RemOp::create(b, loc, bits.reshape(flat, shape), range);
  Value sum = hlo::AddOp::create(b, loc, base, offset);
  Type sameWidth = element.isUnsignedInteger() ? bitsType : signedWide;
  if (sameWidth != bitsType)
    sum = hlo::BitcastConvertOp::create(b, loc, type.clone(sameWidth), sum);
  return sameWidth == element
             ? sum
             : Value(hlo::ConvertOp::create(b, loc, sum, element));
}
