//===- MemoryReport.h - XLA's TPU out-of-memory report ----------*- C++ -*-===//
//
// The figures of a program's HBM use and their text in the format of the
// report XLA prints when a TPU program runs out of memory (tpu-facts.md §5),
// so that users read the same report before they rent a TPU.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_MEMORY_MEMORYREPORT_H
#define TPU_PASSES_MEMORY_MEMORYREPORT_H

#include <cstdint>
#include <string>
#include <vector>

namespace tpc {

/// One entry of "Largest program allocations in hbm".
struct Allocation {
  int64_t size = 0;           // padded bytes
  int64_t unpaddedSize = 0;   // bytes without tile padding
  std::string opType;         // may be empty
  std::string opName;         // may be empty; both empty omit "Operator:"
  std::string shape;          // XLA notation with layout
  std::string label;          // the defining op's IR text
  std::string allocationType; // "HLO temp", "output", "constant", ...
};

/// The bytes live while the op at one schedule position runs: arguments,
/// constants and the heap buffers whose live range covers the position.
/// Padded sizes are rounded to the heap's alignment, so the first largest
/// point is the heap's peak.
struct TimelinePoint {
  std::string op; // e.g. "%fusion_3 = hlo.fusion"
  int64_t padded = 0;
  int64_t unpadded = 0;
  std::string opName; // the JAX name, e.g. "jit(f)/dense1/dot_general"
};

/// One heap buffer of the memory viewer's lifetimes: where the heap placed
/// it and the schedule positions [start, end] it is live over.
struct BufferSpan {
  std::string name;  // the JAX op_name, else the defining op's label
  std::string shape; // XLA notation
  std::string kind;  // "HLO temp", "output", "loop body", "branch"
  int64_t size = 0, unpadded = 0, offset = 0, start = 0, end = 0;
};

/// Bytes live at the peak from one origin: a class of buffer (parameters,
/// saved activations, ...) or a name scope of the program.
struct Origin {
  std::string name;
  int64_t padded = 0;
  int64_t unpadded = 0;
};

struct MemoryReport {
  std::string function; // the function the figures are of
  int64_t capacity = 0; // HBM per core minus reserved
  int64_t reserved = 0;
  int64_t arguments = 0;
  int64_t outputSize = 0;
  int64_t outputSharedWithArguments = 0;
  int64_t global = 0; // constants
  int64_t scoped = 0; // on-chip scratch of kernels
  /// HLO temp: the heap of temporaries and outputs, that is the padded
  /// bytes live at the peak plus fragmentation.
  int64_t temp = 0;
  int64_t tempUnpaddedAtPeak = 0;
  int64_t tempPaddedAtPeak = 0;
  /// Largest first; the report prints them all.
  std::vector<Allocation> largest;

  /// For the memory viewer: live bytes over the schedule, the position of
  /// the heap's peak in it, and every allocation live there (heap buffers
  /// and constants), ordered as `largest` is.
  std::vector<TimelinePoint> timeline;
  int64_t peakPosition = 0;
  std::vector<Allocation> atPeak;
  /// Every heap buffer's placement and lifetime, and the arguments (live
  /// throughout, named by their JAX tree paths), for the viewer.
  std::vector<BufferSpan> buffers;
  std::vector<Allocation> argumentBuffers;

  /// What is live at the peak (arguments, constants and heap buffers), by
  /// class in a fixed order and by name scope, largest first; the scopes
  /// beyond the report's `top` are summed in `otherScopes`. Empty when
  /// buffer assignment did not classify (the report then omits them).
  std::vector<Origin> byClass;
  std::vector<Origin> byScope;
  Origin otherScopes;

  int64_t fragmentation() const { return temp - tempPaddedAtPeak; }
  int64_t program() const { return global + scoped + temp; }
  int64_t used() const { return program() + arguments; }
  bool fits() const { return used() <= capacity; }
};

/// "Ran out of memory in memory space hbm. Used 19.46G of 15.48G hbm.
/// Exceeded hbm capacity by 3.98G."
/// What buffer assignment found for a module: one report per function, for
/// the target the buffers were planned on. Passes produce it as data; the
/// driver or tpu-memory-report prints it and writes the viewer.
struct MemoryPlan {
  std::string target;
  /// Devices that each run the program in their own HBM (an SPMD slice).
  int64_t devices = 1;
  std::vector<MemoryReport> functions;

  bool fits() const {
    for (const MemoryReport &report : functions)
      if (!report.fits())
        return false;
    return true;
  }
};

/// "@main on v3: uses 1.20M of 15.48G hbm.", a blank line, then the report:
/// what the memory report says of a function that fits.
std::string formatFitReport(const MemoryReport &report,
                            const std::string &target, int64_t devices = 1);

std::string outOfMemoryLine(const MemoryReport &report);

/// The report from "Total hbm usage >= ..." to the last allocation entry.
std::string formatMemoryReport(const MemoryReport &report);

/// "Live at the peak by origin": the classes and name scopes of what is
/// live at the peak, with the padding among them; empty without classes.
std::string formatOrigins(const MemoryReport &report);

/// "12.91G (12.8x expansion)", the padding line of an allocation entry;
/// empty when the allocation has no padding.
std::string formatPaddingExtra(const Allocation &allocation);

/// `op_type="OneHot" op_name="model/loss/one_hot"`; empty without either.
std::string formatOperator(const Allocation &allocation);

/// The label as the report prints it, cut at 256 characters.
std::string formatLabel(const Allocation &allocation);

} // namespace tpc

#endif // TPU_PASSES_MEMORY_MEMORYREPORT_H
