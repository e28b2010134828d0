//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
//
// tpu-run's --input=@x.npy and --output=@y.npy: the NumPy format (version
// 1.0, and 2.0/3.0 headers on input), little-endian, C order. Element types:
// f32 '<f4', i32 '<i4', i8 '|i1', bool '|b1'; NumPy has no bf16, so a bf16
// tensor is written widened to f32 and an f32 file feeds a bf16 argument
// (rounded to nearest even on the way in).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_NPY_H
#define TPU_RUNTIME_NPY_H

#include "runtime/Device.h"

#include "absl/status/statusor.h"

#include <string>
#include <vector>

namespace tpurt {

/// Parses a .npy file's bytes; INVALID_ARGUMENT saying what is wrong with a
/// malformed or unsupported file.
absl::StatusOr<HostTensor> parseNpy(const std::vector<uint8_t> &bytes);
/// The .npy bytes (version 1.0) of `tensor`.
std::vector<uint8_t> serializeNpy(const HostTensor &tensor);
/// The element a .npy file holds `element` as: NumPy has no bf16, f8, f6,
/// f4 or sub-byte integers, so bf16 and the small floats widen to f32 and
/// i4, i2 (ui4, ui2) to i8 (ui8), exactly; the rest are themselves.
Element npyElement(Element element);

/// A tensor of `element` (one NumPy holds as itself: npyElement(element)
/// == element) from `size` bytes of C-order, little-endian data, as the
/// C API's arrays hold it; INVALID_ARGUMENT when the size is not the
/// shape's.
absl::StatusOr<HostTensor> tensorFromData(Element element,
                                          std::vector<int64_t> dims,
                                          const uint8_t *data, size_t size);
/// The data of `tensor` as its .npy file holds it (npyElement), headerless.
std::vector<uint8_t> dataOf(const HostTensor &tensor);

/// NumPy has no bf16, f8 or i4: an f32 array feeds a bf16 or f8 argument,
/// rounded, and an i8 one an i4 argument, wrapped (the widths npyElement
/// writes). Each input `fromNpy` says came from NumPy and holds its
/// argument's npyElement takes the argument's element. tpu-run's simulated
/// and reference runs and the C API all do this, so that they see the same
/// numbers.
void roundNpyInputs(std::vector<HostTensor> &inputs,
                    const std::vector<bool> &fromNpy,
                    const std::vector<TensorSpec> &arguments);

/// The same through files; errors name the path.
absl::StatusOr<HostTensor> readNpy(const std::string &path);
absl::Status writeNpy(const std::string &path, const HostTensor &tensor);

} // namespace tpurt

#endif // TPU_RUNTIME_NPY_H
