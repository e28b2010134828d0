//===- Executable.h - The compiled program file -----------------*- C++ -*-===//
//
// What tpu-compile writes and the runtime loads: a versioned little-endian
// file with the target, the buffer table, constants and, per function, the
// kernels' instruction streams. docs/executable.md specifies it byte by
// byte. Plain C++: the compiler fills these structs and calls serialize(),
// the runtime calls parseExecutable(), which never reads out of bounds and
// rejects a malformed file with a message naming what is wrong and where.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_EXECUTABLE_H
#define TPU_RUNTIME_EXECUTABLE_H

#include "runtime/machine/HostTensor.h"

#include "absl/status/statusor.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpurt {

constexpr char kMagic[8] = {'T', 'P', 'U', 'E', 'X', 'E', 'C', '\0'};
constexpr uint32_t kFormatVersion = 13;

// The stored element types live in the machine layer, which the compiler
// shares; the runtime names them as its own.
using tpc::Element;
using tpc::elementBytes;
using tpc::hbmBytes;
using tpc::isPacked;
using tpc::smallFloat;
using tpc::SmallFloat;
using tpc::storageBits;
using tpc::elementFromName;
using tpc::elementName;
using tpc::fromWord;
using tpc::intBits;
using tpc::isFloat;
using tpc::isUnsigned;
using tpc::isWide;
using tpc::kLastElement;
using tpc::toWord;

enum class Space : uint8_t { Hbm = 0, Vmem = 1, Smem = 2 };

/// Where an HBM buffer's bytes come from.
enum class BufferKind : uint8_t {
  Temp = 0,     // in the program region at `offset`
  Argument = 1, // the function argument `argument`
  Constant = 2, // in the program region, written from `data` at load
  Scratch = 3,  // VMEM or SMEM of one kernel, at `offset` in that memory
};

struct Buffer {
  Space space = Space::Hbm;
  Element element = Element::F32;
  BufferKind kind = BufferKind::Temp;
  /// Physical (tile-padded, major-to-minor) dimensions; stored row-major.
  std::vector<int64_t> dims;
  int64_t offset = 0;
  int64_t argument = 0;
  /// Constant contents: row-major over `dims`, as HBM holds them.
  std::vector<uint8_t> data;

  int64_t elements() const;
  /// HBM packs sub-byte elements; VMEM and SMEM hold one per byte.
  int64_t bytes() const {
    return space == Space::Hbm ? tpc::hbmBytes(element, elements())
                               : elements() * elementBytes(element);
  }
};

/// One instruction of the TensorCore's sequencer. Operands are `fields`;
/// "r" fields name registers of the kernel. Structured control flow nests
/// instruction lists in `body` (for) or `body` and `orElse` (if).
enum class Opcode : uint16_t {
  Const = 0,       // r, value
  Add = 1,         // r, a, b
  Sub = 2,         // r, a, b
  Mul = 3,         // r, a, b
  DivU = 4,        // r, a, b
  RemU = 5,        // r, a, b
  Cmp = 6,         // r, predicate (0 eq 1 ne 2 ult 3 ule 4 ugt 5 uge), a, b
  Select = 7,      // r, cond, a, b
  Buffer = 8,      // r, buffer id
  Semaphore = 9,   // r, semaphore id
  For = 10,        // iv, lower, upper, step; body
  If = 11,         // cond; body, orElse
  DmaStart = 20,   // src, dst, sem, masked, rank, src idx[rank], dst idx[rank],
                   // sizes[rank], HBM strides[rank]
  DmaWait = 21,    // sem
  Matmul = 22,     // lhs, rhs, acc, accumulate, precision (0 default 1
                   // highest), transpose lhs, transpose rhs, window offsets
                   // m k n, window sizes m k n (version 11)
  Vector = 23,     // kind, out, inputs n, then per input: r, map rank, map...
  Reduce = 24,     // kind, in, out, accumulate, ndims, dims..., valid[in rank]
  Fill = 25,       // out, value (f32 bits for float buffers, else the integer)
  Iota = 26,       // out, dim, offset register, step (version 8)
  ArgReduce = 27,  // kind (0 argmax 1 argmin), in, best, index, offset
                   // register, accumulate, dim, valid
  Relayout = 28,   // src, dst, src rank, src order..., dst rank, dst order...
  ScalarLoad = 29, // r, SMEM buffer, rank, idx[rank]: an integer, sign- or
                   // zero-extended as its type says (version 6)
};
std::string_view opcodeName(Opcode opcode);

/// tpu.vector kinds, numbered as the dialect's enum.
enum class VectorKind : int64_t {
  Add,
  Sub,
  Mul,
  Div,
  Max,
  Min,
  Neg,
  Abs,
  Exp,
  Log,
  Tanh,
  Logistic,
  Sqrt,
  Rsqrt,
  Convert,
  Copy,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Select,
  And,
  Or,
  Xor,
  Not,
  ShiftLeft,
  ShiftRightLogical,
  ShiftRightArithmetic,
  Floor,
  Ceil,
  RoundEven,
  Sin,
  Cos,
  Erf,
  Tan,
  Cbrt,
  Expm1,
  Log1p,
  RoundAfz,
  Popcnt,
  Clz,
  Rem,
  Pow,
  Atan2,
  Bitcast,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  Erfc,
  Lgamma
};
constexpr VectorKind kLastVectorKind = VectorKind::Lgamma;
/// Inputs a vector kind takes: 3 for select, 1 for unary kinds, else 2.
size_t vectorArity(VectorKind kind);
enum class ReduceKind : int64_t { Sum, Max, Min, Prod };
enum class ArgReduceKind : int64_t { ArgMax, ArgMin };

struct Instruction {
  Opcode opcode = Opcode::Const;
  std::vector<int64_t> fields;
  std::vector<Instruction> body, orElse;
};

struct Kernel {
  std::string name;
  /// Where the kernel came from (version 13): the exporter's op name of
  /// its fusion's root (JAX's `jit(f)/dense1/dot_general`) and its source
  /// position (`model.py:10:4`, or the program's line); empty when the
  /// program's locations give none.
  std::string opName, source;
  int64_t registers = 0;
  int64_t semaphores = 0;
  std::vector<Instruction> code;
};

/// A logical tensor of the signature, with the layout that maps it to its
/// buffer (XLA notation, e.g. "{1,0:T(8,128)}").
struct TensorSpec {
  Element element = Element::F32;
  std::vector<int64_t> dims;
  std::vector<int64_t> minorToMajor;
  int64_t buffer = 0;
  /// A partitioned program's signature (version 10): `dims` is one tile;
  /// dimension d of the whole tensor is cut into tiles[d], and `devices`
  /// (row-major over the tiles, devices holding copies of a tile innermost)
  /// says which device holds which. Both empty when not partitioned.
  std::vector<int64_t> tiles;
  std::vector<int64_t> devices;

  bool partitioned() const { return !devices.empty(); }
  /// The whole tensor's dimensions.
  std::vector<int64_t> wholeDims() const;
  /// The element offsets of `device`'s tile in the whole tensor.
  std::vector<int64_t> tileOrigin(int64_t device) const;
};

/// A collective over the slice's ICI (version 9), or the device's id.
enum class CollectiveOp : uint8_t {
  AllReduce = 0,
  AllGather = 1,
  ReduceScatter = 2,
  AllToAll = 3,
  CollectivePermute = 4,
  DeviceId = 5
};
constexpr CollectiveOp kLastCollectiveOp = CollectiveOp::DeviceId;
std::string_view collectiveOpName(CollectiveOp op);

struct Collective {
  CollectiveOp op = CollectiveOp::AllReduce;
  /// AllReduce, ReduceScatter: how the group's tensors combine.
  ReduceKind reduce = ReduceKind::Sum;
  /// AllGather, ReduceScatter: the dimension; AllToAll: split, concat.
  std::vector<int64_t> dims;
  /// Groups of device ids (rows of one size); CollectivePermute: [source,
  /// target] rows.
  std::vector<std::vector<int64_t>> groups;
  /// The logical tensors read (absent for DeviceId) and written, with their
  /// layouts and HBM buffers.
  std::optional<TensorSpec> src;
  TensorSpec dst;
};

/// What the scalar core runs between kernels (version 7): a kernel, a copy
/// between HBM buffers, a loop, a branch, or a collective. Kernels start
/// when everything before them has finished.
struct Step {
  enum class Kind : uint8_t {
    Kernel = 0,
    Copy = 1,
    While = 2,
    Case = 3,
    Collective = 4
  };
  Kind kind = Kind::Kernel;
  /// Kernel: an index into Function::kernels.
  int64_t kernel = 0;
  /// Copy: HBM buffer ids of one size.
  int64_t src = 0, dst = 0;
  /// While: the predicate's buffer; Case: the index's (HBM, integers).
  int64_t buffer = 0;
  /// While: how often the body runs whatever the inputs, or -1.
  int64_t tripCount = -1;
  /// While: the condition's steps, then the body's; Case: the branches'.
  std::vector<std::vector<Step>> blocks;
  Collective collective;
};

struct Function {
  std::string name;
  std::vector<TensorSpec> arguments, results;
  /// FLOPs of the program's matmuls and convolutions at its own shapes
  /// (tpu-model-flops), for model FLOPs utilization; 0 when unknown.
  int64_t modelFlops = 0;
  std::vector<Kernel> kernels;
  /// The program: every kernel appears in it, each once.
  std::vector<Step> steps;
};

struct Executable {
  std::string target;
  int64_t programBytes = 0;
  /// Constants the program was compiled without (weights printed elided,
  /// version 12): where each was and its type. Their buffers hold
  /// placeholders, so the program times and sizes as it would with them,
  /// but its values cannot be computed.
  std::vector<std::string> elidedConstants;
  std::vector<Buffer> buffers;
  std::vector<Function> functions;

  const Function *findFunction(std::string_view name) const;
};

std::vector<uint8_t> serialize(const Executable &executable);
/// INVALID_ARGUMENT naming the byte offset and the field for a truncated
/// or malformed file; FAILED_PRECONDITION for another format version.
absl::StatusOr<Executable> parseExecutable(const uint8_t *data, size_t size);
absl::StatusOr<Executable> readExecutable(const std::string &path);

/// "2x3xf32" as iree-run-module spells a tensor type.
std::string tensorTypeName(Element element, const std::vector<int64_t> &dims);

} // namespace tpurt

#endif // TPU_RUNTIME_EXECUTABLE_H
