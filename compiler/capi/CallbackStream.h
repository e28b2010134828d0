//===- CallbackStream.h - The C API's output streams ------------*- C++ -*-===//
//
// Internal to the C API's implementation: output handed to the caller's
// callbacks as it is written.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_CAPI_CALLBACKSTREAM_H
#define TPU_COMPILER_CAPI_CALLBACKSTREAM_H

#include "compiler/capi/Compiler.h"

#include "llvm/Support/raw_ostream.h"

namespace tpucapi {

/// A raw_ostream that hands what is written to a callback.
class CallbackStream : public llvm::raw_ostream {
public:
  CallbackStream(TpuStringCallback callback, void *userData)
      : callback(callback), userData(userData) {
    SetUnbuffered();
  }

private:
  void write_impl(const char *ptr, size_t size) override {
    if (callback && size)
      callback(TpuStringRef{ptr, size}, userData);
    position += size;
  }
  uint64_t current_pos() const override { return position; }

  TpuStringCallback callback;
  void *userData;
  uint64_t position = 0;
};

} // namespace tpucapi

#endif // TPU_COMPILER_CAPI_CALLBACKSTREAM_H
