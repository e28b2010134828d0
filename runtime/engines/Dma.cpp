//===- Dma.cpp - The DMA engines
//--------------------------------------------===//
//
// DMAs between HBM and VMEM: windows, strides, masked edges that zero-fill,
// and their time on the HBM link.
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelRun.h"

#include "runtime/Numerics.h"
#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>

namespace tpurt::detail {

/// Copies a DMA window row by row between HBM and VMEM. Per dimension only
/// window positions [lo, hi) lie inside the HBM buffer; a read zero-fills
/// the rest of the VMEM window.
static void
copyWindow(bool toHbm, int64_t rank, const std::vector<int64_t> &sizes,
           const std::vector<int64_t> &steps, const std::vector<int64_t> &lo,
           const std::vector<int64_t> &hi, const std::vector<int64_t> &hbmAt,
           const std::vector<int64_t> &vmemAt,
           const std::vector<int64_t> &hbmStrides,
           const std::vector<int64_t> &vmemStrides, uint8_t *hbmData,
           uint8_t *vmemData, Element element) {
  int64_t bytesPerElement = elementBytes(element);
  bool packed = isPacked(element); // HBM packs them; VMEM holds bytes
  std::vector<int64_t> rows(sizes.begin(), sizes.end());
  if (rank)
    rows[rank - 1] = 1;
  int64_t lastSize = rank ? sizes[rank - 1] : 1;
  int64_t lastStep = rank ? steps[rank - 1] : 1;
  forEachIndex(rows, [&](const std::vector<int64_t> &w) {
    bool rowInside = true;
    int64_t ho = 0, vo = 0;
    for (int64_t i = 0; i < rank; ++i) {
      if (i + 1 < rank)
        rowInside &= w[i] >= lo[i] && w[i] < hi[i];
      ho += (hbmAt[i] + w[i] * steps[i]) * hbmStrides[i];
      vo += (vmemAt[i] + w[i]) * vmemStrides[i];
    }
    int64_t first = rank ? lo[rank - 1] : 0, end = rank ? hi[rank - 1] : 1;
    if (!rowInside)
      first = end = 0;
    uint8_t *v = vmemData + vo * bytesPerElement;
    // Only elements inside the HBM buffer are addressed.
    auto at = [&](int64_t j) {
      return hbmData + (ho + j * lastStep) * bytesPerElement;
    };
    if (!toHbm) {
      std::memset(v, 0, first * bytesPerElement);
      std::memset(v + end * bytesPerElement, 0,
                  (lastSize - std::max(first, end)) * bytesPerElement);
    }
    if (packed) {
      for (int64_t j = first; j < end; ++j) {
        int64_t h = ho + j * lastStep;
        if (toHbm)
          storeHbm(element, hbmData, h, load(element, v + j));
        else
          store(element, v + j, loadHbm(element, hbmData, h));
      }
    } else if (end > first && lastStep == 1) {
      uint8_t *hp = at(first);
      uint8_t *vp = v + first * bytesPerElement;
      std::memcpy(toHbm ? hp : vp, toHbm ? vp : hp,
                  (end - first) * bytesPerElement);
    } else {
      for (int64_t j = first; j < end; ++j) {
        uint8_t *hp = at(j);
        uint8_t *vp = v + j * bytesPerElement;
        std::memcpy(toHbm ? hp : vp, toHbm ? vp : hp, bytesPerElement);
      }
    }
  });
}

absl::Status KernelRun::dma(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  absl::StatusOr<View *> src = view(inst, f[0]), dst = view(inst, f[1]);
  if (!src.ok())
    return src.status();
  if (!dst.ok())
    return dst.status();
  int64_t sem = regs[f[2]];
  if (sem < 0 || sem >= kernel.semaphores)
    return fail(inst, "not a semaphore");
  bool masked = f[3] != 0;
  int64_t rank = f[4];
  const Buffer &s = *(*src)->buffer, &d = *(*dst)->buffer;
  bool toHbm = d.space == Space::Hbm;
  if ((s.space == Space::Hbm) == toHbm || s.element != d.element ||
      static_cast<int64_t>(s.dims.size()) != rank ||
      static_cast<int64_t>(d.dims.size()) != rank)
    return fail(inst, "needs an HBM and a VMEM buffer of one element type "
                      "and the window's rank");
  std::vector<int64_t> srcAt(rank), dstAt(rank), sizes(rank), steps(rank);
  for (int64_t i = 0; i < rank; ++i) {
    srcAt[i] = regs[f[5 + i]];
    dstAt[i] = regs[f[5 + rank + i]];
    sizes[i] = f[5 + 2 * rank + i];
    steps[i] = f[5 + 3 * rank + i];
  }
  // Per dimension, the window positions [lo, hi) inside the HBM buffer;
  // masking clips there, on either side.
  const Buffer &hbm = toHbm ? d : s;
  const Buffer &onChip = toHbm ? s : d;
  const std::vector<int64_t> &hbmAt = toHbm ? dstAt : srcAt;
  const std::vector<int64_t> &vmemAt = toHbm ? srcAt : dstAt;
  std::vector<int64_t> lo(rank), hi(rank);
  for (int64_t i = 0; i < rank; ++i) {
    if (vmemAt[i] < 0 || vmemAt[i] + sizes[i] > onChip.dims[i])
      return fail(inst, absl::StrCat("window at dimension ", i,
                                     " is outside the VMEM buffer"));
    // The j in [0, size) with 0 <= hbmAt + j * step < dims: an interval,
    // as the position moves one way.
    // Positions are computed in 128 bits: an executable may hold any start
    // and step, and a far one is simply outside the buffer.
    auto firstWith = [&](auto pred) {
      int64_t low = 0, high = sizes[i];
      while (low < high) {
        int64_t mid = low + (high - low) / 2;
        if (pred(static_cast<__int128>(hbmAt[i]) +
                 static_cast<__int128>(mid) * steps[i]))
          high = mid;
        else
          low = mid + 1;
      }
      return low;
    };
    if (steps[i] > 0) {
      lo[i] = firstWith([](__int128 at) { return at >= 0; });
      hi[i] = firstWith([&](__int128 at) { return at >= hbm.dims[i]; });
    } else {
      lo[i] = firstWith([&](__int128 at) { return at < hbm.dims[i]; });
      hi[i] = firstWith([](__int128 at) { return at < 0; });
    }
    hi[i] = std::max(lo[i], hi[i]);
    if (!masked && (lo[i] != 0 || hi[i] != sizes[i]))
      return fail(inst,
                  absl::StrCat("window at dimension ", i, " (", hbmAt[i], " + ",
                               sizes[i], " x ", steps[i],
                               ") is outside the HBM buffer of size ",
                               hbm.dims[i], " and the DMA is not masked"));
  }
  std::vector<int64_t> hbmStrides = rowMajorStrides(hbm.dims);
  std::vector<int64_t> vmemStrides = rowMajorStrides(onChip.dims);
  uint8_t *hbmData = (toHbm ? *dst : *src)->data;
  uint8_t *vmemData = (toHbm ? *src : *dst)->data;
  // The part inside the HBM buffer is a box, as each dimension clips to an
  // interval; it moves in runs along the minor dimension (one element per
  // run where that dimension is strided), each at least an HBM granule.
  int64_t inside = 1;
  for (int64_t i = 0; i < rank; ++i)
    inside *= hi[i] - lo[i];
  int64_t run =
      rank && std::abs(steps[rank - 1]) == 1 ? hi[rank - 1] - lo[rank - 1] : 1;
  int64_t moved =
      run ? dmaHbmBytes(inside / run, hbmBytes(s.element, run)) : 0;
  if (compute)
    copyWindow(toHbm, rank, sizes, steps, lo, hi, hbmAt, vmemAt, hbmStrides,
               vmemStrides, hbmData, vmemData, s.element);
  View *onChipView = toHbm ? *src : *dst;
  // The positions the window touches on each side: DMAs into disjoint
  // parts of a buffer (a block's pieces) need not wait for each other.
  // In 128 bits, as above: a window position outside the buffer may be
  // far; the first and last inside it are in range.
  std::vector<int64_t> first(rank, 0), extent(rank, 0);
  for (int64_t i = 0; i < rank; ++i) {
    if (hi[i] <= lo[i])
      continue;
    __int128 a = static_cast<__int128>(hbmAt[i]) +
                 static_cast<__int128>(lo[i]) * steps[i];
    __int128 b = static_cast<__int128>(hbmAt[i]) +
                 static_cast<__int128>(hi[i] - 1) * steps[i];
    first[i] = static_cast<int64_t>(std::min(a, b));
    extent[i] = static_cast<int64_t>(std::max(a, b) - std::min(a, b) + 1);
  }
  Access onChipAccess(onChipView, Box::of(onChip, vmemAt, sizes));
  Access hbmAccess(toHbm ? *dst : *src, Box::of(hbm, first, extent));
  std::vector<Access> reads = {toHbm ? onChipAccess : hbmAccess},
                      writes = {toHbm ? hbmAccess : onChipAccess};
  absl::StatusOr<std::vector<int64_t>> deps =
      hazards(inst, reads, writes, /*isDma=*/true);
  if (!deps.ok())
    return deps.status();
  absl::StatusOr<int64_t> id = timeline.add(
      kernel.name + (toHbm ? "/dma_out" : "/dma_in"), Engine{Engine::Dma, 0},
      dmaTransferCycles(target, moved), *deps, issue, kDmaLatencyCycles);
  if (!id.ok())
    return id.status();
  record(reads, writes, {*id});
  sems[sem].push_back({*id, onChipView->id, onChipAccess.box});
  inFlight[onChipView->id].push_back(onChipAccess.box);
  stats.hbmBytes += moved;
  return absl::OkStatus();
}

} // namespace tpurt::detail
