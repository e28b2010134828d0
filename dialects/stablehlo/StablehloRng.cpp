//===- StablehloRng.cpp - rng_bit_generator and rng -----------------------===//
//
// Verifiers of the random ops, with the specification's constraint ids.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloVerify.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;

LogicalResult RngBitGeneratorOp::verify() {
  RankedTensorType state = tensorType(getInitialState());
  if (state != tensorType(getOutputState()))
    return emitOpError("(rng_bit_generator_c1) output_state must have "
                       "initial_state's type ")
           << state;
  if (state.getRank() != 1 || !state.getElementType().isUnsignedInteger(64))
    return emitOpError("initial_state must be a rank-1 tensor of ui64, not ")
           << state;
  int64_t size = state.getDimSize(0);
  if (!ShapedType::isDynamic(size)) {
    if (getRngAlgorithm() == RngAlgorithm::THREE_FRY && size != 2)
      return emitOpError("(rng_bit_generator_c2) THREE_FRY takes a state of "
                         "2 elements (a key and a counter), not ")
             << size;
    if (getRngAlgorithm() == RngAlgorithm::PHILOX && size != 2 && size != 3)
      return emitOpError("(rng_bit_generator_c2) PHILOX takes a state of 2 "
                         "or 3 elements (a key and a counter), not ")
             << size;
  }
  Type element = tensorType(getOutput()).getElementType();
  if (!element.isIntOrFloat() || element.isInteger(1))
    return emitOpError("output must have integer or float elements, not ")
           << element;
  return success();
}

LogicalResult RngOp::verify() {
  Type element = getType().getElementType();
  for (Value v : {getA(), getB()})
    if (tensorType(v).getElementType() != element)
      return emitOpError("(rng_c1) a, b and the result must have one element "
                         "type, not ")
             << tensorType(v).getElementType() << " and " << element;
  if (getRngDistribution() == RngDistribution::NORMAL &&
      !isa<FloatType>(element))
    return emitOpError("(rng_c2) a NORMAL distribution has float elements, "
                       "not ")
           << element;
  RankedTensorType shape = tensorType(getShape());
  if (!shape.hasStaticShape())
    return emitOpError("operand #2 must be statically shaped 1-dimensional "
                       "tensor of integer values, but got ")
           << shape;
  // c3: the result's shape is the one `shape` holds, when it is constant.
  auto constant = getShape().getDefiningOp<ConstantOp>();
  if (auto dims = constant ? dyn_cast<DenseIntElementsAttr>(constant.getValue())
                           : DenseIntElementsAttr()) {
    SmallVector<int64_t> held;
    for (const APInt &d : dims.getValues<APInt>())
      held.push_back(d.getSExtValue());
    if (failed(verifyCompatibleShape(held, getType().getShape())))
      return emitOpError("(rng_c3) the result's shape must be ")
             << list(held) << ", the one `shape` holds";
  }
  return success();
}
