//===- Executable.cpp - Writing and reading the program file --------------===//

#include "runtime/Executable.h"

#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace tpurt {

int64_t Buffer::elements() const {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

size_t vectorArity(VectorKind kind) {
  if (kind == VectorKind::Select)
    return 3;
  bool unary = (kind >= VectorKind::Neg && kind <= VectorKind::Copy) ||
               kind == VectorKind::Not ||
               (kind >= VectorKind::Floor && kind <= VectorKind::Clz) ||
               (kind >= VectorKind::Bitcast && kind <= VectorKind::Lgamma);
  return unary ? 1 : 2;
}

std::string_view collectiveOpName(CollectiveOp op) {
  static constexpr std::string_view names[] = {
      "all-reduce", "all-gather",         "reduce-scatter",
      "all-to-all", "collective-permute", "device-id"};
  return names[static_cast<size_t>(op)];
}

std::string_view opcodeName(Opcode opcode) {
  switch (opcode) {
  case Opcode::Const:
    return "const";
  case Opcode::Add:
    return "add";
  case Opcode::Sub:
    return "sub";
  case Opcode::Mul:
    return "mul";
  case Opcode::DivU:
    return "divu";
  case Opcode::RemU:
    return "remu";
  case Opcode::Cmp:
    return "cmp";
  case Opcode::Select:
    return "select";
  case Opcode::Buffer:
    return "buffer";
  case Opcode::Semaphore:
    return "semaphore";
  case Opcode::For:
    return "for";
  case Opcode::If:
    return "if";
  case Opcode::DmaStart:
    return "dma_start";
  case Opcode::DmaWait:
    return "dma_wait";
  case Opcode::Matmul:
    return "matmul";
  case Opcode::Vector:
    return "vector";
  case Opcode::Reduce:
    return "reduce";
  case Opcode::Fill:
    return "fill";
  case Opcode::Iota:
    return "iota";
  case Opcode::ArgReduce:
    return "arg_reduce";
  case Opcode::Relayout:
    return "relayout";
  case Opcode::ScalarLoad:
    return "scalar_load";
  }
  return "";
}

const Function *Executable::findFunction(std::string_view name) const {
  for (const Function &function : functions)
    if (function.name == name)
      return &function;
  return nullptr;
}

std::string tensorTypeName(Element element, const std::vector<int64_t> &dims) {
  std::string text;
  for (int64_t d : dims)
    absl::StrAppend(&text, d, "x");
  absl::StrAppend(&text, std::string(elementName(element)));
  return text;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

namespace {

/// Appends to a buffer that grows by doubling and is cut to size once, at
/// the end: a large program's executable is hundreds of MB written a few
/// bytes at a time, too many for vector::insert's general path.
class Writer {
public:
  explicit Writer(size_t sizeHint) : out(sizeHint) {}
  void u8(uint8_t v) { raw(&v, 1); }
  void u16(uint16_t v) { raw(&v, 2); }
  void u32(uint32_t v) { raw(&v, 4); }
  void i64(int64_t v) { raw(&v, 8); }
  void string(const std::string &s) {
    u32(static_cast<uint32_t>(s.size()));
    raw(s.data(), s.size());
  }
  /// The format is little-endian, as every host this runs on.
  void raw(const void *data, size_t size) {
    if (out.size() - used < size)
      out.resize(std::max(2 * out.size(), used + size));
    if (size)
      std::memcpy(out.data() + used, data, size);
    used += size;
  }
  std::vector<uint8_t> take() {
    out.resize(used);
    return std::move(out);
  }

private:
  std::vector<uint8_t> out;
  size_t used = 0;
};

/// The bytes writeInstruction writes for `inst`.
size_t instructionBytes(const Instruction &inst) {
  size_t bytes = 12 + inst.fields.size() * sizeof(int64_t);
  for (const Instruction &nested : inst.body)
    bytes += instructionBytes(nested);
  for (const Instruction &nested : inst.orElse)
    bytes += instructionBytes(nested);
  return bytes;
}

void writeInstruction(Writer &w, const Instruction &inst) {
  w.u16(static_cast<uint16_t>(inst.opcode));
  w.u16(static_cast<uint16_t>(inst.fields.size()));
  w.u32(static_cast<uint32_t>(inst.body.size()));
  w.u32(static_cast<uint32_t>(inst.orElse.size()));
  w.raw(inst.fields.data(), inst.fields.size() * sizeof(int64_t));
  for (const Instruction &nested : inst.body)
    writeInstruction(w, nested);
  for (const Instruction &nested : inst.orElse)
    writeInstruction(w, nested);
}

void writeSpec(Writer &w, const TensorSpec &spec);

/// Fields: the op, the reduction, 0; then the dims (u32 count, i64 each),
/// the groups (u32 rows, u32 columns, i64 ids), whether there is a source
/// (u8) and the source's and destination's signature entries.
void writeCollective(Writer &w, const Collective &c) {
  w.i64(static_cast<int64_t>(c.op)), w.i64(static_cast<int64_t>(c.reduce));
  w.i64(0);
  w.u32(static_cast<uint32_t>(c.dims.size()));
  for (int64_t d : c.dims)
    w.i64(d);
  w.u32(static_cast<uint32_t>(c.groups.size()));
  w.u32(c.groups.empty() ? 0 : static_cast<uint32_t>(c.groups[0].size()));
  for (const std::vector<int64_t> &row : c.groups)
    for (int64_t id : row)
      w.i64(id);
  w.u8(c.src.has_value());
  if (c.src)
    writeSpec(w, *c.src);
  writeSpec(w, c.dst);
}

/// kind u8, reserved u8[3], fields i64[3] (a collective's payload after
/// them), nBlocks u32, then each block as a u32 count and its steps.
void writeSteps(Writer &w, const std::vector<Step> &steps) {
  w.u32(static_cast<uint32_t>(steps.size()));
  for (const Step &step : steps) {
    w.u8(static_cast<uint8_t>(step.kind));
    w.u8(0);
    w.u8(0);
    w.u8(0);
    switch (step.kind) {
    case Step::Kind::Kernel:
      w.i64(step.kernel), w.i64(0), w.i64(0);
      break;
    case Step::Kind::Copy:
      w.i64(step.src), w.i64(step.dst), w.i64(0);
      break;
    case Step::Kind::While:
    case Step::Kind::Case:
      w.i64(step.buffer), w.i64(step.tripCount), w.i64(0);
      break;
    case Step::Kind::Collective:
      writeCollective(w, step.collective);
      break;
    }
    w.u32(static_cast<uint32_t>(step.blocks.size()));
    for (const std::vector<Step> &block : step.blocks)
      writeSteps(w, block);
  }
}

void writeSpec(Writer &w, const TensorSpec &spec) {
  w.u8(static_cast<uint8_t>(spec.element));
  w.u8(0);
  w.u8(0);
  w.u8(0);
  w.u32(static_cast<uint32_t>(spec.dims.size()));
  for (int64_t d : spec.dims)
    w.i64(d);
  for (int64_t d : spec.minorToMajor)
    w.i64(d);
  w.i64(spec.buffer);
  w.u32(static_cast<uint32_t>(spec.devices.size()));
  if (spec.partitioned()) {
    for (int64_t t : spec.tiles)
      w.i64(t);
    for (int64_t d : spec.devices)
      w.i64(d);
  }
}

} // namespace

std::vector<int64_t> TensorSpec::wholeDims() const {
  std::vector<int64_t> whole = dims;
  for (size_t d = 0; d < tiles.size() && d < whole.size(); ++d)
    whole[d] *= tiles[d];
  return whole;
}

std::vector<int64_t> TensorSpec::tileOrigin(int64_t device) const {
  std::vector<int64_t> origin(dims.size(), 0);
  auto at = std::find(devices.begin(), devices.end(), device);
  if (at == devices.end())
    return origin;
  int64_t copies = 1, count = 1;
  for (int64_t t : tiles)
    count *= t;
  copies = static_cast<int64_t>(devices.size()) / count;
  int64_t rest = (at - devices.begin()) / copies;
  for (int64_t d = static_cast<int64_t>(tiles.size()) - 1; d >= 0; --d) {
    origin[d] = (rest % tiles[d]) * dims[d];
    rest /= tiles[d];
  }
  return origin;
}

std::vector<uint8_t> serialize(const Executable &executable) {
  // Code and constants are nearly all of a large executable: sized up
  // front, the buffer is allocated once instead of doubled and copied.
  size_t hint = 1 << 16;
  for (const Buffer &buffer : executable.buffers)
    hint += 64 + buffer.dims.size() * sizeof(int64_t) + buffer.data.size();
  for (const Function &function : executable.functions)
    for (const Kernel &kernel : function.kernels)
      for (const Instruction &inst : kernel.code)
        hint += instructionBytes(inst);
  Writer w(hint);
  w.raw(kMagic, sizeof(kMagic));
  w.u32(kFormatVersion);
  w.u32(0);
  w.string(executable.target);
  w.i64(executable.programBytes);
  w.u32(static_cast<uint32_t>(executable.elidedConstants.size()));
  for (const std::string &elided : executable.elidedConstants)
    w.string(elided);
  w.u32(static_cast<uint32_t>(executable.buffers.size()));
  for (const Buffer &buffer : executable.buffers) {
    w.u8(static_cast<uint8_t>(buffer.space));
    w.u8(static_cast<uint8_t>(buffer.element));
    w.u8(static_cast<uint8_t>(buffer.kind));
    w.u8(0);
    w.u32(static_cast<uint32_t>(buffer.dims.size()));
    for (int64_t d : buffer.dims)
      w.i64(d);
    w.i64(buffer.offset);
    w.i64(buffer.argument);
    w.i64(static_cast<int64_t>(buffer.data.size()));
    w.raw(buffer.data.data(), buffer.data.size());
  }
  w.u32(static_cast<uint32_t>(executable.functions.size()));
  for (const Function &function : executable.functions) {
    w.string(function.name);
    w.u32(static_cast<uint32_t>(function.arguments.size()));
    for (const TensorSpec &spec : function.arguments)
      writeSpec(w, spec);
    w.u32(static_cast<uint32_t>(function.results.size()));
    for (const TensorSpec &spec : function.results)
      writeSpec(w, spec);
    w.i64(function.modelFlops);
    w.u32(static_cast<uint32_t>(function.kernels.size()));
    for (const Kernel &kernel : function.kernels) {
      w.string(kernel.name);
      w.string(kernel.opName);
      w.string(kernel.source);
      w.i64(kernel.registers);
      w.i64(kernel.semaphores);
      w.u32(static_cast<uint32_t>(kernel.code.size()));
      for (const Instruction &inst : kernel.code)
        writeInstruction(w, inst);
    }
    writeSteps(w, function.steps);
  }
  return w.take();
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {

constexpr int64_t kMaxRank = 16;
constexpr int kMaxNesting = 64;

class Reader {
public:
  Reader(const uint8_t *data, size_t size) : data(data), size(size) {}

  absl::Status error(const std::string &what) const {
    return absl::InvalidArgumentError(
        absl::StrCat("malformed executable at byte ", pos, ": ", what));
  }
  absl::Status need(size_t bytes, const std::string &what) const {
    if (bytes > size - pos)
      return absl::InvalidArgumentError(absl::StrCat(
          "truncated executable: ", what, " needs ", bytes, " bytes at byte ",
          pos, ", but the file ends at byte ", size));
    return absl::OkStatus();
  }
  template <typename T> absl::StatusOr<T> read(const std::string &what) {
    if (absl::Status s = need(sizeof(T), what); !s.ok())
      return s;
    T value;
    std::memcpy(&value, data + pos, sizeof(T));
    pos += sizeof(T);
    return value;
  }
  absl::StatusOr<std::string> string(const std::string &what) {
    absl::StatusOr<uint32_t> length = read<uint32_t>(what);
    if (!length.ok())
      return length.status();
    if (absl::Status s = need(*length, what); !s.ok())
      return s;
    std::string text(reinterpret_cast<const char *>(data + pos), *length);
    pos += *length;
    return text;
  }
  /// A count of items that each take at least `minBytes`, checked against
  /// what is left so that a corrupt count cannot make us allocate.
  absl::StatusOr<uint32_t> count(const std::string &what, size_t minBytes) {
    absl::StatusOr<uint32_t> n = read<uint32_t>(what);
    if (n.ok() && static_cast<uint64_t>(*n) * minBytes > size - pos)
      return error(absl::StrCat(what, " ", *n, " exceeds what the file holds"));
    return n;
  }

  const uint8_t *data;
  size_t size;
  size_t pos = 0;
};

#define TPU_ASSIGN(lhs, expr)                                                  \
  auto lhs##OrStatus = (expr);                                                 \
  if (!lhs##OrStatus.ok())                                                     \
    return lhs##OrStatus.status();                                             \
  auto lhs = *lhs##OrStatus

absl::StatusOr<TensorSpec> readSpec(Reader &r);

/// Whether `spec`'s logical tensor lies inside HBM buffer `id`: the same
/// element type, and each physical dimension at least its logical size.
bool specFits(const Executable &exe, const TensorSpec &spec) {
  if (spec.buffer < 0 || static_cast<size_t>(spec.buffer) >= exe.buffers.size())
    return false;
  const Buffer &b = exe.buffers[spec.buffer];
  size_t rank = spec.dims.size();
  if (b.space != Space::Hbm || b.element != spec.element ||
      b.dims.size() != rank)
    return false;
  for (size_t i = 0; i < rank; ++i)
    if (spec.dims[spec.minorToMajor[rank - 1 - i]] > b.dims[i])
      return false;
  return true;
}

/// A collective step's payload, checked: dims and groups as its op needs,
/// device ids non-negative, tensors inside their HBM buffers.
absl::StatusOr<Collective> readCollective(Reader &r, const Executable &exe,
                                          const int64_t fields[3]) {
  Collective c;
  if (fields[0] < 0 || fields[0] > static_cast<int64_t>(kLastCollectiveOp) ||
      fields[1] < 0 || fields[1] > static_cast<int64_t>(ReduceKind::Prod))
    return r.error("unknown collective or reduction");
  c.op = static_cast<CollectiveOp>(fields[0]);
  c.reduce = static_cast<ReduceKind>(fields[1]);
  TPU_ASSIGN(ndims, r.count("collective dims", 8));
  for (uint32_t i = 0; i < ndims; ++i) {
    TPU_ASSIGN(d, r.read<int64_t>("collective dim"));
    c.dims.push_back(d);
  }
  TPU_ASSIGN(rows, r.count("group count", 8));
  TPU_ASSIGN(cols, r.read<uint32_t>("group size"));
  if (rows > 0 &&
      (cols == 0 || static_cast<uint64_t>(rows) * cols * 8 > r.size - r.pos))
    return r.error("groups run past the end of the file");
  for (uint32_t i = 0; i < rows; ++i) {
    std::vector<int64_t> &row = c.groups.emplace_back();
    for (uint32_t j = 0; j < cols; ++j) {
      TPU_ASSIGN(id, r.read<int64_t>("device id"));
      if (id < 0)
        return r.error("a negative device id");
      row.push_back(id);
    }
  }
  TPU_ASSIGN(hasSrc, r.read<uint8_t>("collective source flag"));
  if (hasSrc) {
    TPU_ASSIGN(src, readSpec(r));
    c.src = src;
  }
  TPU_ASSIGN(dst, readSpec(r));
  c.dst = dst;
  size_t wantDims =
      c.op == CollectiveOp::AllToAll ? 2
      : c.op == CollectiveOp::AllGather || c.op == CollectiveOp::ReduceScatter
          ? 1
          : 0;
  bool device = c.op == CollectiveOp::DeviceId;
  bool pairs = c.op == CollectiveOp::CollectivePermute;
  if (c.dims.size() != wantDims || (device ? hasSrc || rows : !hasSrc) ||
      (pairs ? rows && cols != 2 : !device && !rows))
    return r.error(
        absl::StrCat("malformed ", std::string(collectiveOpName(c.op))));
  if ((c.src && !specFits(exe, *c.src)) || !specFits(exe, c.dst))
    return r.error(absl::StrCat(std::string(collectiveOpName(c.op)),
                                " names a tensor its buffer cannot hold"));
  for (int64_t d : c.dims)
    if (d < 0 || d >= static_cast<int64_t>(c.src->dims.size()))
      return r.error(absl::StrCat(std::string(collectiveOpName(c.op)),
                                  " dimension ", d, " is out of range"));
  return c;
}

/// A function's steps, checked: kernels exist and run from one place
/// each, copies join HBM buffers of one size, loops have a condition and a
/// body and branch on an HBM integer scalar.
absl::Status readSteps(Reader &r, const Executable &exe, Function &function,
                       std::vector<bool> &placed, std::vector<Step> &steps,
                       int depth) {
  if (depth > kMaxNesting)
    return r.error("program control nested too deeply");
  auto hbm = [&](int64_t id) {
    return id >= 0 && static_cast<size_t>(id) < exe.buffers.size() &&
           exe.buffers[id].space == Space::Hbm;
  };
  TPU_ASSIGN(n, r.count("step count", 32));
  for (uint32_t i = 0; i < n; ++i) {
    Step step;
    TPU_ASSIGN(kind, r.read<uint32_t>("step kind"));
    if (kind > static_cast<uint32_t>(Step::Kind::Collective))
      return r.error(absl::StrCat("unknown step kind ", kind));
    step.kind = static_cast<Step::Kind>(kind);
    int64_t fields[3];
    for (int64_t &field : fields) {
      TPU_ASSIGN(value, r.read<int64_t>("step field"));
      field = value;
    }
    if (step.kind == Step::Kind::Collective) {
      TPU_ASSIGN(collective, readCollective(r, exe, fields));
      step.collective = std::move(collective);
    }
    TPU_ASSIGN(blocks, r.count("step block count", 4));
    size_t wanted = step.kind == Step::Kind::While ? 2
                    : step.kind == Step::Kind::Case
                        ? std::max<size_t>(blocks, 1)
                        : 0;
    if (blocks != wanted)
      return r.error(absl::StrCat("a step of kind ", kind, " has ", blocks,
                                  " blocks, not ", wanted));
    switch (step.kind) {
    case Step::Kind::Kernel:
      step.kernel = fields[0];
      if (step.kernel < 0 ||
          static_cast<size_t>(step.kernel) >= function.kernels.size() ||
          placed[step.kernel])
        return r.error(absl::StrCat("step runs kernel ", step.kernel,
                                    ", which does not exist or runs twice"));
      placed[step.kernel] = true;
      break;
    case Step::Kind::Copy:
      step.src = fields[0], step.dst = fields[1];
      if (!hbm(step.src) || !hbm(step.dst) ||
          exe.buffers[step.src].bytes() != exe.buffers[step.dst].bytes())
        return r.error("a copy must join two HBM buffers of one size");
      break;
    case Step::Kind::Collective:
      break;
    case Step::Kind::While:
    case Step::Kind::Case:
      step.buffer = fields[0], step.tripCount = fields[1];
      if (!hbm(step.buffer) || isFloat(exe.buffers[step.buffer].element) ||
          exe.buffers[step.buffer].elements() == 0)
        return r.error("a loop or branch must read an HBM integer buffer");
      if (step.tripCount < -1)
        return r.error("a negative trip count");
      break;
    }
    step.blocks.resize(blocks);
    for (std::vector<Step> &block : step.blocks)
      if (absl::Status s =
              readSteps(r, exe, function, placed, block, depth + 1);
          !s.ok())
        return s;
    steps.push_back(std::move(step));
  }
  return absl::OkStatus();
}

absl::StatusOr<Element> readElement(Reader &r) {
  TPU_ASSIGN(value, r.read<uint8_t>("element type"));
  if (value > static_cast<uint8_t>(kLastElement))
    return r.error(absl::StrCat("unknown element type ", value));
  return static_cast<Element>(value);
}

absl::StatusOr<std::vector<int64_t>> readDims(Reader &r, uint32_t rank,
                                              const std::string &what) {
  if (rank > kMaxRank)
    return r.error(
        absl::StrCat(what, " has rank ", rank, ", above ", kMaxRank));
  std::vector<int64_t> dims;
  int64_t elements = 1;
  for (uint32_t i = 0; i < rank; ++i) {
    TPU_ASSIGN(d, r.read<int64_t>(what));
    std::optional<int64_t> product = tpc::checkedMul(elements, d);
    if (d < 0 || !product)
      return r.error(absl::StrCat(what,
                                  " has a negative or overflowing "
                                  "dimension ",
                                  d));
    elements = *product;
    dims.push_back(d);
  }
  if (!tpc::checkedMul(elements, 4))
    return r.error(absl::StrCat(what, " is too large"));
  return dims;
}

absl::StatusOr<Instruction> readInstruction(Reader &r, int depth) {
  if (depth > kMaxNesting)
    return r.error("control flow nested too deeply");
  Instruction inst;
  TPU_ASSIGN(opcode, r.read<uint16_t>("opcode"));
  inst.opcode = static_cast<Opcode>(opcode);
  if (opcodeName(inst.opcode).empty())
    return r.error(absl::StrCat("unknown opcode ", opcode));
  TPU_ASSIGN(fields, r.read<uint16_t>("field count"));
  TPU_ASSIGN(body, r.read<uint32_t>("body length"));
  TPU_ASSIGN(orElse, r.read<uint32_t>("else length"));
  if (absl::Status s = r.need(size_t(fields) * 8, "instruction fields");
      !s.ok())
    return s;
  for (uint16_t i = 0; i < fields; ++i) {
    TPU_ASSIGN(field, r.read<int64_t>("field"));
    inst.fields.push_back(field);
  }
  // Every instruction takes at least its 12-byte header.
  if (static_cast<uint64_t>(body) + orElse > (r.size - r.pos) / 12)
    return r.error("nested instruction counts exceed what the file holds");
  for (uint32_t i = 0; i < body; ++i) {
    TPU_ASSIGN(nested, readInstruction(r, depth + 1));
    inst.body.push_back(std::move(nested));
  }
  for (uint32_t i = 0; i < orElse; ++i) {
    TPU_ASSIGN(nested, readInstruction(r, depth + 1));
    inst.orElse.push_back(std::move(nested));
  }
  return inst;
}

absl::StatusOr<TensorSpec> readSpec(Reader &r) {
  TensorSpec spec;
  TPU_ASSIGN(element, readElement(r));
  spec.element = element;
  if (absl::Status s = r.need(3, "padding"); !s.ok())
    return s;
  r.pos += 3;
  TPU_ASSIGN(rank, r.read<uint32_t>("rank"));
  TPU_ASSIGN(dims, readDims(r, rank, "signature tensor"));
  spec.dims = dims;
  std::vector<bool> seen(rank, false);
  for (uint32_t i = 0; i < rank; ++i) {
    TPU_ASSIGN(d, r.read<int64_t>("minor_to_major"));
    if (d < 0 || d >= rank || seen[d])
      return r.error("minor_to_major is not a permutation");
    seen[d] = true;
    spec.minorToMajor.push_back(d);
  }
  TPU_ASSIGN(buffer, r.read<int64_t>("buffer id"));
  spec.buffer = buffer;
  TPU_ASSIGN(devices, r.count("sharding device count", 8));
  if (devices == 0)
    return spec;
  int64_t tiles = 1;
  for (uint32_t i = 0; i < rank; ++i) {
    TPU_ASSIGN(t, r.read<int64_t>("tile count"));
    if (t <= 0 || t > devices || (tiles *= t) > devices)
      return r.error("tile counts do not fit the device array");
    spec.tiles.push_back(t);
  }
  if (devices % tiles)
    return r.error("the device array is not a whole number of copies of "
                   "the tiles");
  std::vector<bool> held(devices, false);
  for (uint32_t i = 0; i < devices; ++i) {
    TPU_ASSIGN(d, r.read<int64_t>("device id"));
    if (d < 0 || d >= devices || held[d])
      return r.error("the device array is not a permutation of the devices");
    held[d] = true;
    spec.devices.push_back(d);
  }
  return spec;
}

/// Register, buffer and semaphore references and field counts.
absl::Status checkInstruction(const Instruction &inst, const Kernel &kernel,
                              size_t buffers) {
  auto bad = [&](const std::string &why) {
    return absl::InvalidArgumentError(
        absl::StrCat("malformed executable: kernel '", kernel.name,
                     "': ", std::string(opcodeName(inst.opcode)), " ", why));
  };
  const std::vector<int64_t> &f = inst.fields;
  auto reg = [&](size_t i) {
    return i < f.size() && f[i] >= 0 && f[i] < kernel.registers;
  };
  auto regs = [&](size_t from, size_t n) {
    for (size_t i = from; i < from + n; ++i)
      if (!reg(i))
        return false;
    return true;
  };
  auto fieldsAre = [&](size_t n) { return f.size() == n; };
  bool ok = true;
  switch (inst.opcode) {
  case Opcode::Const:
    ok = fieldsAre(2) && reg(0);
    break;
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::DivU:
  case Opcode::RemU:
    ok = fieldsAre(3) && regs(0, 3);
    break;
  case Opcode::Select:
    ok = fieldsAre(4) && regs(0, 4);
    break;
  case Opcode::Cmp:
    ok = fieldsAre(4) && reg(0) && f[1] >= 0 && f[1] <= 5 && regs(2, 2);
    break;
  case Opcode::Buffer:
    ok = fieldsAre(2) && reg(0) && f[1] >= 0 &&
         static_cast<size_t>(f[1]) < buffers;
    break;
  case Opcode::Semaphore:
    ok = fieldsAre(2) && reg(0) && f[1] >= 0 && f[1] < kernel.semaphores;
    break;
  case Opcode::For:
    ok = fieldsAre(4) && regs(0, 4);
    break;
  case Opcode::If:
    ok = fieldsAre(1) && reg(0);
    break;
  case Opcode::DmaStart: {
    ok = f.size() >= 5 && regs(0, 3) && f[4] >= 0 && f[4] <= kMaxRank &&
         fieldsAre(5 + 4 * static_cast<size_t>(f[4])) &&
         regs(5, 2 * static_cast<size_t>(f[4]));
    // Sizes are positive; HBM strides are non-zero (negative ones read or
    // write in reverse order).
    if (ok)
      for (int64_t i = 0; i < f[4]; ++i)
        ok &= f[5 + 2 * f[4] + i] > 0 && f[5 + 3 * f[4] + i] != 0;
    break;
  }
  case Opcode::DmaWait:
    ok = fieldsAre(1) && reg(0);
    break;
  case Opcode::Matmul:
    ok = fieldsAre(13) && regs(0, 3) && (f[4] == 0 || f[4] == 1) &&
         (f[5] == 0 || f[5] == 1) && (f[6] == 0 || f[6] == 1) && f[7] >= 0 &&
         f[8] >= 0 && f[9] >= 0 && f[10] > 0 && f[11] > 0 && f[12] > 0;
    break;
  case Opcode::Vector: {
    ok = f.size() >= 3 && f[0] >= 0 &&
         f[0] <= static_cast<int64_t>(kLastVectorKind) && reg(1) && f[2] >= 0 &&
         f[2] <= 3;
    size_t at = 3;
    for (int64_t i = 0; ok && i < f[2]; ++i) {
      ok = at + 2 <= f.size() && reg(at) && f[at + 1] >= 0 &&
           f[at + 1] <= kMaxRank &&
           at + 2 + static_cast<size_t>(f[at + 1]) <= f.size();
      if (ok)
        at += 2 + static_cast<size_t>(f[at + 1]);
    }
    ok = ok && at == f.size();
    break;
  }
  case Opcode::Reduce:
    ok = f.size() >= 5 && f[0] >= 0 &&
         f[0] <= static_cast<int64_t>(ReduceKind::Prod) && regs(1, 2) &&
         f[4] >= 0 && f[4] <= kMaxRank &&
         f.size() >= 5 + static_cast<size_t>(f[4]);
    break;
  case Opcode::Fill:
    ok = fieldsAre(2) && reg(0);
    break;
  case Opcode::Iota:
    ok = fieldsAre(4) && reg(0) && f[1] >= 0 && reg(2) && f[3] >= 1;
    break;
  case Opcode::ArgReduce:
    ok = fieldsAre(8) && (f[0] == 0 || f[0] == 1) && regs(1, 4) &&
         (f[5] == 0 || f[5] == 1) && f[6] >= 0 && f[7] >= 1;
    break;
  case Opcode::Relayout: {
    ok = f.size() >= 3 && regs(0, 2) && f[2] >= 0 && f[2] <= kMaxRank &&
         f.size() >= 4 + static_cast<size_t>(f[2]);
    size_t dstRank = ok ? 3 + static_cast<size_t>(f[2]) : 0;
    ok = ok && f[dstRank] >= 0 && f[dstRank] <= kMaxRank &&
         fieldsAre(dstRank + 1 + static_cast<size_t>(f[dstRank]));
    break;
  }
  case Opcode::ScalarLoad:
    ok = f.size() >= 3 && regs(0, 2) && f[2] >= 0 && f[2] <= kMaxRank &&
         fieldsAre(3 + static_cast<size_t>(f[2])) &&
         regs(3, static_cast<size_t>(f[2]));
    break;
  }
  if (!ok)
    return bad("has malformed operands");
  bool nests = inst.opcode == Opcode::For || inst.opcode == Opcode::If;
  if (!nests && (!inst.body.empty() || !inst.orElse.empty()))
    return bad("cannot have a body");
  if (inst.opcode == Opcode::For && !inst.orElse.empty())
    return bad("cannot have an else branch");
  for (const std::vector<Instruction> *list : {&inst.body, &inst.orElse})
    for (const Instruction &nested : *list)
      if (absl::Status s = checkInstruction(nested, kernel, buffers); !s.ok())
        return s;
  return absl::OkStatus();
}

} // namespace

absl::StatusOr<Executable> parseExecutable(const uint8_t *data, size_t size) {
  Reader r(data, size);
  if (absl::Status s = r.need(sizeof(kMagic), "the magic number"); !s.ok())
    return s;
  if (std::memcmp(data, kMagic, sizeof(kMagic)) != 0)
    return absl::InvalidArgumentError(
        "not a TPU executable: the file does not start with \"TPUEXEC\"");
  r.pos = sizeof(kMagic);
  TPU_ASSIGN(version, r.read<uint32_t>("version"));
  if (version != kFormatVersion)
    return absl::FailedPreconditionError(
        absl::StrCat("executable format version ", version,
                     " is not supported; this "
                     "runtime reads version ",
                     kFormatVersion, ": recompile with tpu-compile"));
  TPU_ASSIGN(flags, r.read<uint32_t>("flags"));
  if (flags != 0)
    return r.error(absl::StrCat("unknown flags ", flags));
  Executable exe;
  TPU_ASSIGN(target, r.string("target"));
  exe.target = target;
  TPU_ASSIGN(programBytes, r.read<int64_t>("program bytes"));
  if (programBytes < 0)
    return r.error("negative program size");
  exe.programBytes = programBytes;
  TPU_ASSIGN(elided, r.count("elided constant count", 4));
  for (uint32_t i = 0; i < elided; ++i) {
    TPU_ASSIGN(where, r.string("elided constant"));
    exe.elidedConstants.push_back(where);
  }

  TPU_ASSIGN(buffers, r.count("buffer count", 36));
  for (uint32_t i = 0; i < buffers; ++i) {
    Buffer buffer;
    TPU_ASSIGN(space, r.read<uint8_t>("memory space"));
    if (space > static_cast<uint8_t>(Space::Smem))
      return r.error(absl::StrCat("unknown memory space ", space));
    buffer.space = static_cast<Space>(space);
    TPU_ASSIGN(element, readElement(r));
    buffer.element = element;
    TPU_ASSIGN(kind, r.read<uint8_t>("buffer kind"));
    if (kind > static_cast<uint8_t>(BufferKind::Scratch))
      return r.error(absl::StrCat("unknown buffer kind ", kind));
    buffer.kind = static_cast<BufferKind>(kind);
    TPU_ASSIGN(pad, r.read<uint8_t>("padding"));
    (void)pad;
    TPU_ASSIGN(rank, r.read<uint32_t>("rank"));
    TPU_ASSIGN(dims, readDims(r, rank, "buffer"));
    buffer.dims = dims;
    TPU_ASSIGN(offset, r.read<int64_t>("offset"));
    TPU_ASSIGN(argument, r.read<int64_t>("argument"));
    TPU_ASSIGN(dataSize, r.read<int64_t>("data size"));
    buffer.offset = offset;
    buffer.argument = argument;
    // Sizes and ends are checked here, so the runtime may add them freely.
    absl::StatusOr<int64_t> count = tpc::elementCount(buffer.dims);
    std::optional<int64_t> bytes =
        count.ok() ? tpc::checkedMul(*count, elementBytes(buffer.element))
                   : std::nullopt;
    if (bytes && buffer.space == Space::Hbm)
      bytes = buffer.bytes(); // packed: no more than the unpacked size
    if (!bytes || !tpc::checkedAdd(offset, *bytes))
      return r.error(absl::StrCat("buffer ", i, " ends past 2^63 bytes"));
    bool constant = buffer.kind == BufferKind::Constant;
    if (offset < 0 || (buffer.kind == BufferKind::Argument && argument < 0) ||
        dataSize != (constant ? *bytes : 0))
      return r.error(absl::StrCat("buffer ", i,
                                  " has a bad offset, "
                                  "argument or data size"));
    if (buffer.space == Space::Hbm && buffer.kind != BufferKind::Argument &&
        offset + *bytes > exe.programBytes)
      return r.error(absl::StrCat("buffer ", i,
                                  " lies outside the program "
                                  "region"));
    if ((buffer.space == Space::Hbm) == (buffer.kind == BufferKind::Scratch))
      return r.error(absl::StrCat("buffer ", i,
                                  " is scratch outside "
                                  "on-chip memory or vice versa"));
    if (absl::Status s = r.need(static_cast<size_t>(dataSize), "constant data");
        !s.ok())
      return s;
    buffer.data.assign(data + r.pos, data + r.pos + dataSize);
    r.pos += dataSize;
    exe.buffers.push_back(std::move(buffer));
  }

  TPU_ASSIGN(functions, r.count("function count", 16));
  for (uint32_t i = 0; i < functions; ++i) {
    Function function;
    TPU_ASSIGN(name, r.string("function name"));
    function.name = name;
    for (std::vector<TensorSpec> *specs :
         {&function.arguments, &function.results}) {
      TPU_ASSIGN(n, r.count("signature length", 16));
      for (uint32_t j = 0; j < n; ++j) {
        TPU_ASSIGN(spec, readSpec(r));
        if (spec.buffer < 0 ||
            static_cast<size_t>(spec.buffer) >= exe.buffers.size() ||
            exe.buffers[spec.buffer].space != Space::Hbm)
          return r.error(absl::StrCat("function '", name, "' names buffer ",
                                      spec.buffer, ", not an HBM buffer"));
        specs->push_back(std::move(spec));
      }
    }
    TPU_ASSIGN(modelFlops, r.read<int64_t>("model FLOPs"));
    if (modelFlops < 0)
      return r.error("negative model FLOPs");
    function.modelFlops = modelFlops;
    TPU_ASSIGN(kernels, r.count("kernel count", 24));
    for (uint32_t k = 0; k < kernels; ++k) {
      Kernel kernel;
      TPU_ASSIGN(kname, r.string("kernel name"));
      kernel.name = kname;
      TPU_ASSIGN(opName, r.string("kernel op name"));
      kernel.opName = opName;
      TPU_ASSIGN(source, r.string("kernel source"));
      kernel.source = source;
      TPU_ASSIGN(registers, r.read<int64_t>("register count"));
      TPU_ASSIGN(semaphores, r.read<int64_t>("semaphore count"));
      if (registers < 0 || registers > (1 << 20) || semaphores < 0 ||
          semaphores > (1 << 20))
        return r.error("bad register or semaphore count");
      kernel.registers = registers;
      kernel.semaphores = semaphores;
      TPU_ASSIGN(n, r.count("instruction count", 12));
      for (uint32_t j = 0; j < n; ++j) {
        TPU_ASSIGN(inst, readInstruction(r, 0));
        if (absl::Status s = checkInstruction(inst, kernel, exe.buffers.size());
            !s.ok())
          return s;
        kernel.code.push_back(std::move(inst));
      }
      function.kernels.push_back(std::move(kernel));
    }
    std::vector<bool> placed(function.kernels.size(), false);
    if (absl::Status s = readSteps(r, exe, function, placed, function.steps, 0);
        !s.ok())
      return s;
    if (std::find(placed.begin(), placed.end(), false) != placed.end())
      return r.error(absl::StrCat("function '", name,
                                  "' has a kernel its program never runs"));
    exe.functions.push_back(std::move(function));
  }
  if (r.pos != size)
    return r.error(absl::StrCat(size - r.pos, " trailing bytes"));
  return exe;
}

absl::StatusOr<Executable> readExecutable(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return absl::NotFoundError(
        absl::StrCat("cannot open executable '", path, "'"));
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  absl::StatusOr<Executable> exe = parseExecutable(bytes.data(), bytes.size());
  if (!exe.ok())
    return absl::Status(exe.status().code(),
                        absl::StrCat(path, ": ", exe.status().message()));
  return exe;
}

} // namespace tpurt
