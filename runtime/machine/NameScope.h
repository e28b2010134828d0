//===- NameScope.h - JAX's name scopes from op names ------------*- C++ -*-===//
//
// Exporters name each op by its place in the model: JAX's name stack
// (`jit(train_step)/jit(main)/jvp(mlp)/dense_0/dot_general`). The memory
// report groups bytes and tpu-run groups time by the scope and by the op.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_MACHINE_NAMESCOPE_H
#define TPU_RUNTIME_MACHINE_NAMESCOPE_H

#include <string>
#include <string_view>

namespace tpc {

/// The name stack without its leading `jit(...)` frames and the op:
/// `jit(f)/jit(main)/jvp(mlp)/dense_0/dot_general` is `jvp(mlp)/dense_0`;
/// "(top level)" when nothing is left.
std::string nameScopeOf(std::string_view opName);

/// The op: the name's last component (`dot_general`).
std::string opKindOf(std::string_view opName);

} // namespace tpc

#endif // TPU_RUNTIME_MACHINE_NAMESCOPE_H
