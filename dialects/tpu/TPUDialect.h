//===- TPUDialect.h - tpu dialect -------------------------------*- C++ -*-===//

#ifndef TPU_DIALECTS_TPU_TPUDIALECT_H
#define TPU_DIALECTS_TPU_TPUDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/TensorEncoding.h"

#include <cmath>
#include "runtime/machine/HostTensor.h"
#include "runtime/machine/Shape.h"
#include "runtime/machine/Target.h"
#include "runtime/machine/Topology.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tpu {
/// What #tpu.target holds: a preset of the shape library's target table.
using TargetPtr = const tpc::Target *;
} // namespace mlir::tpu

namespace tpc {
/// #tpu.topology is uniqued by its slice's name.
inline llvm::hash_code hash_value(const Topology &topology) {
  return llvm::hash_value(topology.name);
}
} // namespace tpc

// The attributes first: the dialect's accessors of its discardable
// attributes (TPUBase.td) return them by value.
#include "dialects/tpu/TPUEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/tpu/TPUAttrs.h.inc"

#include "dialects/tpu/TPUDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tpu/TPUTypes.h.inc"

#define GET_OP_CLASSES
#include "dialects/tpu/TPUOps.h.inc"

namespace mlir::tpu {
// The discardable attributes' names, declared with their types in the
// dialect's ODS (TPUBase.td `discardableAttrs`); the dialect verifies them.
constexpr llvm::StringLiteral kTargetAttrName =
    TPUDialect::TargetAttrHelper::getNameStr();
constexpr llvm::StringLiteral kTopologyAttrName =
    TPUDialect::TopologyAttrHelper::getNameStr();
constexpr llvm::StringLiteral kHbmLimitAttrName =
    TPUDialect::HbmLimitAttrHelper::getNameStr();
constexpr llvm::StringLiteral kOutOfMemoryAttrName =
    TPUDialect::OutOfMemoryAttrHelper::getNameStr();
constexpr llvm::StringLiteral kModelFlopsAttrName =
    TPUDialect::ModelFlopsAttrHelper::getNameStr();
constexpr llvm::StringLiteral kOutlinedAttrName =
    TPUDialect::OutlinedAttrHelper::getNameStr();
constexpr llvm::StringLiteral kScheduledAttrName =
    TPUDialect::ScheduledAttrHelper::getNameStr();
constexpr llvm::StringLiteral kRematerializationAttrName =
    TPUDialect::RematerializationAttrHelper::getNameStr();
constexpr llvm::StringLiteral kGlobalBytesAttrName =
    TPUDialect::GlobalBytesAttrHelper::getNameStr();
constexpr llvm::StringLiteral kProgramBytesAttrName =
    TPUDialect::ProgramBytesAttrHelper::getNameStr();
constexpr llvm::StringLiteral kElidedConstantsAttrName =
    TPUDialect::ElidedConstantsAttrHelper::getNameStr();
constexpr llvm::StringLiteral kHbmOffsetsAttrName =
    TPUDialect::HbmOffsetsAttrHelper::getNameStr();
constexpr llvm::StringLiteral kDonatedArgumentsAttrName =
    TPUDialect::DonatedArgumentsAttrHelper::getNameStr();
constexpr llvm::StringLiteral kFrameAttrName =
    TPUDialect::FrameAttrHelper::getNameStr();
constexpr llvm::StringLiteral kCarriedAttrName =
    TPUDialect::CarriedAttrHelper::getNameStr();
constexpr llvm::StringLiteral kLogicalTypeAttrName =
    TPUDialect::LogicalTypeAttrHelper::getNameStr();
constexpr llvm::StringLiteral kTilesAttrName =
    TPUDialect::TilesAttrHelper::getNameStr();
constexpr llvm::StringLiteral kDevicesAttrName =
    TPUDialect::DevicesAttrHelper::getNameStr();
constexpr llvm::StringLiteral kLogicalTypesAttrName =
    TPUDialect::LogicalTypesAttrHelper::getNameStr();

/// The target `op` is compiled for: the `tpu.target` of the nearest module
/// around (or at) `op` that has one, else the default generation (v3). The
/// one accessor every pass, verifier and writer reads the target through.
const tpc::Target &getTarget(Operation *op);

/// The slice `op`'s module is compiled for (its `tpu.topology`), or null
/// when it names none (one device). The one accessor passes read it by.
const tpc::Topology *getTopology(Operation *op);
/// The devices of getTopology's slice, 1 without one.
int64_t deviceCount(Operation *op);

/// Records `target` on `module` as its `tpu.target`.
void setTarget(ModuleOp module, const tpc::Target &target);

/// The layout a tensor type carries as its encoding, or null.
LayoutAttr getLayout(Type type);

/// The element types TPU programs store, for messages; hlo's
/// isSupportedElementType and the executable accept exactly these.
inline constexpr const char *kSupportedElementTypes =
    "f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, "
    "their unsigned forms and i1";

/// The shape library's element type for f32, bf16, i32, i8, i1 (and the
/// other XLA types MLIR spells), or nullopt.
std::optional<tpc::ElementType> toElementType(Type type);
/// The stored element of each of kSupportedElementTypes, or nullopt.
std::optional<tpc::Element> toStoredElement(Type type);

/// A float attribute's value as a double. APFloat's own conversion turns
/// the NaN of f8E8M0FNU (no significand to carry it) into an infinity.
inline double floatValue(const APFloat &value) {
  double d = value.convertToDouble(); // a NaN keeps its sign (total order)
  return value.isNaN() && !std::isnan(d) ? std::nan("") : d;
}

/// The shape library's view of a static tensor type, with its layout if it
/// has one; nullopt for other types.
std::optional<tpc::Shape> toShape(Type type);

/// Bytes a VMEM or SMEM buffer occupies: its size with the two minor
/// dimensions rounded up to (8,128) tiles, i1 stored in 32 bits. Saturates
/// at INT64_MAX; 0 for a type the TPU does not store.
int64_t scratchFootprint(MemRefType type);
/// The same for a buffer of `shape` and `element` (kernel planning sizes
/// candidate blocks without creating their types).
int64_t scratchFootprint(ArrayRef<int64_t> shape, Type element);

/// The integer a constant op defines, as matchPattern(v, m_ConstantInt)
/// gives it, without folding the op when it keeps the integer as its
/// `value` (arith.constant): the lowering asks for every address it builds,
/// the DMA verifier for every index.
std::optional<int64_t> constantIndex(Value v);

/// `type` with `layout` as its encoding.
RankedTensorType withLayout(RankedTensorType type, const tpc::Layout &layout);
} // namespace mlir::tpu

#endif // TPU_DIALECTS_TPU_TPUDIALECT_H
