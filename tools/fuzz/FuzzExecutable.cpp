//===- FuzzExecutable.cpp - libFuzzer: the executable reader and loader ---===//
//
// Arbitrary bytes through tpurt::parseExecutable, as tpu-run reads a .tpu
// file; an executable that loads is then run, timing only, on its target
// (a run checks every instruction's operands before it touches memory), for
// at most 100,000 instructions per kernel: a fuzzed loop bound is valid but
// could take hours.
//
//===----------------------------------------------------------------------===//

#include "runtime/Device.h"
#include "runtime/Executable.h"
#include "runtime/machine/Target.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  absl::StatusOr<tpurt::Executable> exe = tpurt::parseExecutable(data, size);
  if (!exe.ok())
    return 0;
  const tpc::Target *target = tpc::findTarget(exe->target);
  if (!target)
    return 0;
  tpurt::RunOptions options;
  options.timingOnly = true;
  options.maxSteps = 100000;
  options.maxLoopIterations = 1000;
  for (const tpurt::Function &function : exe->functions)
    (void)tpurt::run(*exe, *target, function.name, {}, options);
  return 0;
}
