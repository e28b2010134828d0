//===- Target.h - TPU generation presets ------------------------*- C++ -*-===//
//
// Hardware numbers per TPU generation (docs/targets.md gives the sources) and
// the default tiled layout XLA's TPU backend picks for a shape. Plain C++.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_MACHINE_TARGET_H
#define TPU_RUNTIME_MACHINE_TARGET_H

#include "runtime/machine/Shape.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace tpc {

/// One TensorCore as a program sees it. On v4 the two TensorCores of a chip
/// form one "megacore", so the v4 preset is the whole chip.
struct Target {
  std::string_view name;
  int64_t mxuRows;
  int64_t mxuCols;
  int64_t mxusPerCore;
  int64_t vmemBytes;
  /// HBM per core and the part the runtime reserves; a program may use
  /// hbmBytes - reservedBytes.
  int64_t hbmBytes;
  int64_t reservedBytes;
  /// HBM bandwidth per core, bytes per second.
  double hbmBytesPerSecond;
  double clockHz;
  /// Cores per chip as marketed (v4: 2 TensorCores, one megacore).
  int64_t coresPerChip;
  /// Alignment of HBM buffer offsets. XLA does not publish the TPU value;
  /// 512 bytes is the DMA granule assumed here, below every tile's size.
  int64_t hbmAlignment = 512;
  /// int8 multiply-accumulates per MXU cell per cycle: 2 where an int8
  /// product runs at twice the bf16 rate (v5e 394 int8 TOPS against 197 bf16
  /// TFLOPS, v6e 1836 against 918), 1 where int8 runs at the bf16 rate (v4:
  /// 275 either way), 0 where the MXU has no int8 path and takes int8
  /// operands as bf16, which holds them exactly (v2, v3). docs/runtime.md.
  int64_t int8Rate = 0;

  int64_t hbmCapacity() const { return hbmBytes - reservedBytes; }
  /// 2 * MXUs * rows * cols * clock: bf16 FLOP/s of one core.
  double peakFlopsPerSecond() const {
    return 2.0 * mxusPerCore * mxuRows * mxuCols * clockHz;
  }
  /// int8 OP/s of one core: the bf16 peak times int8Rate (at least 1).
  double peakInt8OpsPerSecond() const {
    return peakFlopsPerSecond() *
           static_cast<double>(std::max<int64_t>(1, int8Rate));
  }
};

/// Cycles from issuing a DMA between HBM and VMEM to its first byte, on
/// every generation (the runtime's timing model and tpu-lower's block cost
/// estimate both use it; docs/runtime.md).
constexpr int64_t kDmaLatencyCycles = 500;

/// HBM moves data in access granules (an HBM2 pseudo-channel's burst): a
/// contiguous run of a DMA window shorter than one, such as a few lanes of
/// a 128-lane row, still costs a whole granule (docs/runtime.md).
constexpr int64_t kHbmGranuleBytes = 32;

/// v2, v3, v4, v5e, v5p, v6e in that order.
const std::vector<Target> &allTargets();
/// The preset named `name`, or nullptr.
const Target *findTarget(std::string_view name);
/// "v2, v3, v4, v5e, v5p or v6e", for messages.
std::string targetNames();
/// "unknown target 'v7'; expected v2, v3, v4, v5e, v5p or v6e"
std::string unknownTargetMessage(std::string_view name);
/// The generation the seed reports measured.
const Target &defaultTarget();

/// The tiles XLA's TPU backend assigns to an array of `type` whose physical
/// order is `minorToMajor` (see tpu-facts.md §4): T(8,128) for 32-bit types,
/// narrower when the second-minor dimension is 1-4, (2,1)/(4,1) sub-tiles for
/// 16/8-bit, E(32) for pred, T(128..1024) for rank 1, T(256) for scalars.
Layout defaultLayout(const Target &target, ElementType type,
                     const std::vector<int64_t> &dims,
                     const std::vector<int64_t> &minorToMajor);
/// defaultLayout in row-major order.
Layout defaultLayout(const Target &target, ElementType type,
                     const std::vector<int64_t> &dims);

} // namespace tpc

#endif // TPU_RUNTIME_MACHINE_TARGET_H
