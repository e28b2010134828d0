//===- MemoryViewer.h - A memory viewer page and its data -------*- C++ -*-===//
//
// The memory report as a picture, in the spirit of TensorBoard's memory
// viewer: padded and unpadded live bytes over the schedule, the peak, the
// capacity line and the allocations live at the peak. The page is one
// self-contained HTML file (inline SVG and script, nothing fetched) that
// draws itself from the same JSON memoryViewerJson writes.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_MEMORY_MEMORYVIEWER_H
#define TPU_PASSES_MEMORY_MEMORYVIEWER_H

#include "passes/memory/MemoryReport.h"

#include "absl/status/status.h"

#include <string>
#include <vector>

namespace tpc {

/// The viewer's data, one entry per function, as JSON (schema in
/// docs/memory.md). Byte counts are integers; each also has the report's
/// text ("14.00G") so that the page and the report print the same digits.
std::string memoryViewerJson(const std::string &target,
                             const std::vector<MemoryReport> &reports);

/// The page: memoryViewerJson embedded in a template with its script.
std::string memoryViewerHtml(const std::string &target,
                             const std::vector<MemoryReport> &reports);

/// Writes the viewer page of `plan` to `htmlPath` and its data to
/// `jsonPath`, each unless its path is empty; an error names the path and
/// why. The driver and tpu-memory-report both write through it.
absl::Status writeMemoryViewers(const MemoryPlan &plan,
                                const std::string &htmlPath,
                                const std::string &jsonPath);

/// The memory report of every function of `plan` that fits (those that do
/// not are reported as errors), each followed by a blank line.
std::string formatFitReports(const MemoryPlan &plan);

} // namespace tpc

#endif // TPU_PASSES_MEMORY_MEMORYVIEWER_H
