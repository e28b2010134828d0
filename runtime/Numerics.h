//===- Numerics.h - Element values as the TensorCore holds them -*- C++ -*-===//
//
// The runtime computes every element as a double (exact for every value of
// each element type it stores) and rounds when it stores, as the reference
// evaluator does, so that integer, comparison and select results match it
// exactly. bf16, f16 and the f8, f6 and f4 formats round to nearest even
// from the exact value (one rounding, not via f32); integers wrap, unsigned ones held as their
// non-negative value; i1 is stored in 32 bits. i64 and ui64 elements are
// held as words (tpc::fromWord) and computed by NumericsWide.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_NUMERICS_H
#define TPU_RUNTIME_NUMERICS_H

#include "runtime/Executable.h"

#include <cstdint>

namespace tpurt {

/// `value` rounded to nearest even bf16 or f16, returned as a double.
double roundToBF16(double value);
double roundToF16(double value);
/// `value` as a store of `element` would hold it.
double roundTo(Element element, double value);

/// The bf16 bit pattern of a value already representable in bf16.
uint16_t bf16Bits(double value);
double fromBF16Bits(uint16_t bits);
/// The IEEE binary16 bit pattern of a value already representable in f16.
uint16_t f16Bits(double value);
double fromF16Bits(uint16_t bits);

/// Reads and writes one element at `p` (elementBytes(element) bytes).
double load(Element element, const uint8_t *p);
void store(Element element, uint8_t *p, double value);
/// Reads and writes element `index` of an HBM buffer at `data`, where
/// sub-byte elements are packed (isPacked): the others are at
/// index * elementBytes.
double loadHbm(Element element, const uint8_t *data, int64_t index);
void storeHbm(Element element, uint8_t *data, int64_t index, double value);

/// One element of a tpu.vector op: `in` holds its inputs (select: pred,
/// on_true, on_false) in three slots, read whatever the arity; `from` is
/// the inputs' element type, `to` the output's.
double vectorElement(VectorKind kind, Element from, Element to,
                     const double *in);

/// The identity of a reduction over `element` values, and one step.
double reduceIdentity(ReduceKind kind, Element element);
double reduceStep(ReduceKind kind, Element element, double acc, double x);

/// What vectorElement, reduceIdentity and reduceStep do when an input or
/// the output is i64 or ui64 (NumericsWide.cpp).
double vectorElementWide(VectorKind kind, Element from, Element to,
                         const double *in);
double reduceIdentityWide(ReduceKind kind, Element element);
double reduceStepWide(ReduceKind kind, Element element, double acc, double x);

/// 32-bit vector-unit operations per register of elements in XLA:TPU's
/// expansion of a 64-bit op into word pairs (at least 2: one per word).
int64_t wideVectorOps(VectorKind kind, Element from, Element to);
int64_t wideReduceOps(ReduceKind kind);

/// An integer element at `p` as an int64 (ui64 as its bits): indices.
int64_t loadInteger(Element element, const uint8_t *p);

} // namespace tpurt

#endif // TPU_RUNTIME_NUMERICS_H
