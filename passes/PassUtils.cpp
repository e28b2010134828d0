//===- PassUtils.cpp - What the passes share
//-------------------------------===//

#include "passes/Passes.h"

const tpc::Target *mlir::tpu::lookupTarget(Operation *anchor,
                                           llvm::StringRef name) {
  const tpc::Target *target = tpc::findTarget(name);
  if (!target)
    anchor->emitError() << tpc::unknownTargetMessage(name);
  return target;
}
