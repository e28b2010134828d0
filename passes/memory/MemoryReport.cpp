//===- MemoryReport.cpp - XLA's TPU out-of-memory report ------------------===//

#include "passes/memory/MemoryReport.h"

#include "llvm/Support/MathExtras.h"

#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

#include <cstdio>

namespace tpc {

namespace {

/// `"    %-12s%11s"`, XLA's summary line.
std::string summaryLine(const char *name, const std::string &value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "    %-12s%11s\n", name, value.c_str());
  return buffer;
}

std::string percent(int64_t part, int64_t whole) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1f%%",
                whole ? 100.0 * static_cast<double>(part) / whole : 0.0);
  return buffer;
}

} // namespace

std::string formatPaddingExtra(const Allocation &a) {
  if (a.size <= a.unpaddedSize)
    return "";
  return absl::StrCat(formatBytes(a.size - a.unpaddedSize), " (",
                      formatExpansion(a.size, a.unpaddedSize), " expansion)");
}

std::string formatOperator(const Allocation &a) {
  std::string text;
  if (!a.opType.empty())
    absl::StrAppend(&text, "op_type=\"", a.opType, "\"");
  if (!a.opName.empty())
    absl::StrAppend(&text, text.empty() ? "" : " ", "op_name=\"", a.opName,
                    "\"");
  return text;
}

std::string formatLabel(const Allocation &a) {
  return a.label.size() > 256 ? a.label.substr(0, 256) + "..." : a.label;
}

std::string formatFitReport(const MemoryReport &report,
                            const std::string &target, int64_t devices) {
  // A slice's devices each hold their own copy: the sum is what the slice's
  // HBM holds, which users mistake a per-device figure for.
  std::string slice;
  if (std::optional<int64_t> total = checkedMul(report.used(), devices);
      devices > 1 && total)
    slice = absl::StrCat(" (", formatBytes(*total), " on all ", devices,
                         " devices)");
  return absl::StrCat("@", report.function, " on ", target, ": uses ",
                      formatBytes(report.used()), " of ",
                      formatBytes(report.capacity), " hbm", slice, ".\n\n",
                      formatMemoryReport(report));
}

std::string outOfMemoryLine(const MemoryReport &report) {
  return absl::StrCat("Ran out of memory in memory space hbm. Used ",
                      formatBytes(report.used()), " of ",
                      formatBytes(report.capacity),
                      " hbm. Exceeded hbm capacity by ",
                      formatBytes(report.used() - report.capacity), ".");
}

std::string formatMemoryReport(const MemoryReport &report) {
  std::string text = absl::StrCat(
      "Total hbm usage >= ",
      formatBytes(report.reserved + report.program() + report.arguments),
      ":\n");
  text += summaryLine("reserved", formatBytes(report.reserved));
  text += summaryLine("program", formatBytes(report.program()));
  text += summaryLine("arguments", formatBytes(report.arguments));
  absl::StrAppend(&text, "\nOutput size ", formatBytes(report.outputSize),
                  "; shares ", formatBytes(report.outputSharedWithArguments),
                  " with arguments.\n\n");
  absl::StrAppend(&text, "Program hbm requirement ",
                  formatBytes(report.program()), ":\n");
  if (report.global)
    text += summaryLine("global", formatBytes(report.global));
  if (report.scoped)
    text += summaryLine("scoped", formatBytes(report.scoped));
  if (report.temp) {
    std::string line = summaryLine("HLO temp", formatBytes(report.temp));
    line.pop_back(); // The details follow on the same line.
    absl::StrAppend(
        &text, line, " (",
        percent(report.tempUnpaddedAtPeak, report.tempPaddedAtPeak),
        " utilization: Unpadded (", formatBytes(report.tempUnpaddedAtPeak),
        ") Padded (", formatBytes(report.tempPaddedAtPeak), "), ",
        percent(report.fragmentation(), report.temp), " fragmentation (",
        formatBytes(report.fragmentation()), "))\n");
  }
  if (report.largest.empty())
    return text + formatOrigins(report);
  text += "\n  Largest program allocations in hbm:\n\n";
  for (size_t i = 0; i < report.largest.size(); ++i) {
    const Allocation &a = report.largest[i];
    if (i)
      text += "\n";
    absl::StrAppend(&text, "  ", i + 1, ". Size: ", formatBytes(a.size), "\n");
    if (std::string op = formatOperator(a); !op.empty())
      absl::StrAppend(&text, "     Operator: ", op, "\n");
    absl::StrAppend(&text, "     Shape: ", a.shape, "\n");
    absl::StrAppend(&text, "     Unpadded size: ", formatBytes(a.unpaddedSize),
                    "\n");
    if (std::string extra = formatPaddingExtra(a); !extra.empty())
      absl::StrAppend(&text, "     Extra memory due to padding: ", extra, "\n");
    absl::StrAppend(&text, "     XLA label: ", formatLabel(a), "\n");
    absl::StrAppend(&text, "     Allocation type: ", a.allocationType, "\n");
    text += "     ==========================\n";
  }
  return text + formatOrigins(report);
}

std::string formatOrigins(const MemoryReport &report) {
  if (report.byClass.empty())
    return "";
  int64_t padded = 0, unpadded = 0;
  for (const Origin &origin : report.byClass) {
    padded = saturatingAdd(padded, origin.padded);
    unpadded = saturatingAdd(unpadded, origin.unpadded);
  }
  auto line = [&](const Origin &origin) {
    char buffer[160];
    std::snprintf(buffer, sizeof(buffer), "    %-46s%11s %6s\n",
                  origin.name.c_str(), formatBytes(origin.padded).c_str(),
                  percent(origin.padded, padded).c_str());
    return std::string(buffer);
  };
  std::string text = "\n  Live at the peak by origin";
  if (report.peakPosition < static_cast<int64_t>(report.timeline.size()))
    absl::StrAppend(&text, " (while ", report.timeline[report.peakPosition].op,
                    " runs, ", report.peakPosition + 1, " of ",
                    report.timeline.size(), ")");
  text += ":\n\n";
  for (const Origin &origin : report.byClass)
    if (origin.padded)
      text += line(origin);
  text += line({"of which padding (tiles, alignment)", padded - unpadded, 0});
  text += "\n  Live at the peak by name scope:\n\n";
  for (const Origin &origin : report.byScope)
    text += line(origin);
  if (report.otherScopes.padded)
    text += line(report.otherScopes);
  return text;
}

} // namespace tpc
