//===- StablehloQuantTraits.cpp - baseline types of elementwise ops -------===//
//
// The verifiers of the SameBaselineType and QuantizedAddTypes traits.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloQuantTraits.h"
#include "ir/stablehlo/StablehloQuant.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::stablehlo;

namespace {

// The parameters every quantized operand and result of one op share.
bool sameStorageAndExpressed(quant::QuantizedType a, quant::QuantizedType b) {
  return a.getFlags() == b.getFlags() &&
         a.getStorageType() == b.getStorageType() &&
         a.getExpressedType() == b.getExpressedType() &&
         a.getStorageTypeMin() == b.getStorageTypeMin() &&
         a.getStorageTypeMax() == b.getStorageTypeMax();
}

std::optional<int32_t> quantizedDimension(Type element) {
  if (auto q = dyn_cast<quant::UniformQuantizedPerAxisType>(element))
    return q.getQuantizedDimension();
  return std::nullopt;
}

SmallVector<Type> operandAndResultTypes(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return types;
}

LogicalResult sameTypeError(Operation *op) {
  return op->emitOpError("requires the same type for all operands and results");
}

// Same shapes; true in `quantized` when any element type is quantized.
LogicalResult checkShapes(Operation *op, ArrayRef<Type> types,
                          bool &quantized) {
  quantized = false;
  for (Type t : types) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor)
      return sameTypeError(op);
    if (tensor.getShape() != cast<RankedTensorType>(types[0]).getShape())
      return sameTypeError(op);
    quantized |= isQuantized(tensor.getElementType());
  }
  return success();
}

} // namespace

bool mlir::stablehlo::isSameBaselineType(Type a, Type b) {
  if (a == b)
    return true;
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb || ta.getShape() != tb.getShape())
    return false;
  auto qa = dyn_cast<quant::QuantizedType>(ta.getElementType());
  auto qb = dyn_cast<quant::QuantizedType>(tb.getElementType());
  if (!qa || !qb || !isQuantized(qa) || !isQuantized(qb) ||
      !sameStorageAndExpressed(qa, qb))
    return false;
  // Per-tensor and per-axis types have different baselines.
  return quantizedDimension(qa) == quantizedDimension(qb);
}

LogicalResult mlir::stablehlo::verifySameBaselineType(Operation *op) {
  SmallVector<Type> types = operandAndResultTypes(op);
  bool quantized = false;
  if (types.empty() || failed(checkShapes(op, types, quantized)))
    return failure();
  for (Type t : types) {
    if (isSameBaselineType(types[0], t))
      continue;
    if (!quantized)
      return sameTypeError(op);
    return op->emitOpError("requires operands and results of one type up to "
                           "quantization scales and zero points, got ")
           << types[0] << " and " << t;
  }
  return success();
}

LogicalResult mlir::stablehlo::verifyQuantizedAddTypes(Operation *op) {
  SmallVector<Type> types = operandAndResultTypes(op);
  bool quantized = false;
  if (types.empty() || failed(checkShapes(op, types, quantized)))
    return failure();
  if (!quantized) {
    for (Type t : types)
      if (t != types[0])
        return sameTypeError(op);
    return success();
  }
  auto elementOf = [](Type t) {
    return cast<RankedTensorType>(t).getElementType();
  };
  for (Type t : types)
    if (!isQuantized(elementOf(t)))
      return op->emitOpError("expects all operands and the result to be "
                             "quantized when one is, got ")
             << t;
  auto first = cast<quant::QuantizedType>(elementOf(types[0]));
  for (Type t : types)
    if (!sameStorageAndExpressed(first,
                                 cast<quant::QuantizedType>(elementOf(t))))
      return op->emitOpError("expects one storage and expressed type for all "
                             "quantized operands and the result, got ")
             << types[0] << " and " << t;
  std::optional<int32_t> resultDim =
      quantizedDimension(elementOf(types.back()));
  for (Type t : ArrayRef<Type>(types).drop_back()) {
    std::optional<int32_t> dim = quantizedDimension(elementOf(t));
    if (dim && dim != resultDim)
      return op->emitOpError("expects a per-axis quantized operand to be "
                             "quantized along the result's dimension, got ")
             << t << " and " << types.back();
  }
  return success();
}
