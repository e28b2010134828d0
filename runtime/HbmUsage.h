//===- HbmUsage.h - HBM in use while each kernel runs ------------*- C++ -*-===//
//
// The trace's HBM counter: the bytes of HBM buffers live while each kernel
// of a function runs, from the executable alone. A buffer is live from the
// first step that names it to the last in program order (a step inside a
// loop or a branch counts as the whole loop or branch: it may run at any
// iteration); arguments and constants are live throughout, results from
// their first write to the end.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_HBMUSAGE_H
#define TPU_RUNTIME_HBMUSAGE_H

#include "runtime/Executable.h"

#include <functional>
#include <vector>

namespace tpurt {

/// Calls `f` with each buffer id below `count` that `code`'s Buffer
/// instructions name, nested bodies included (the device's loads and the
/// HBM counter both read kernels' buffers this way).
void forEachBuffer(const std::vector<Instruction> &code, size_t count,
                   const std::function<void(int64_t)> &f);

/// For each of `function`'s kernels, the HBM bytes live while it runs (the
/// most over its steps when several run it); 0 for a kernel no step runs.
std::vector<int64_t> hbmLiveAtKernels(const Executable &executable,
                                      const Function &function);

} // namespace tpurt

#endif // TPU_RUNTIME_HBMUSAGE_H
