//===- StablehloQuant.cpp - quantized types and (de)quantize ops ----------===//
//
// Which quant dialect types StableHLO tensors may hold, the verifiers of
// uniform_quantize and uniform_dequantize, and the constant's acceptance of a
// quantized result holding its storage values.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloQuant.h"
#include "ir/stablehlo/StablehloQuantUtils.h"

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::detail;

namespace {

// Integer storage of 2, 4, 8, 16 or 32 bits expressing a float.
bool hasHloStorageAndExpressed(quant::QuantizedType q) {
  auto storage = dyn_cast<IntegerType>(q.getStorageType());
  if (!storage || !isa<FloatType>(q.getExpressedType()))
    return false;
  switch (storage.getWidth()) {
  case 2:
  case 4:
  case 8:
  case 16:
  case 32:
    return true;
  default:
    return false;
  }
}

// A per-axis type's quantized dimension must exist in `type` and hold one
// scale per slice.
LogicalResult checkPerAxis(std::optional<Location> loc, StringRef opName,
                           StringRef what, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  auto q =
      dyn_cast<quant::UniformQuantizedPerAxisType>(tensor.getElementType());
  if (!q)
    return success();
  int64_t dim = q.getQuantizedDimension();
  if (dim < 0 || dim >= tensor.getRank())
    return opError(loc, opName, what, " quantized dimension ", dim,
                   " is out of range [0, ", tensor.getRank(), ")");
  int64_t n = static_cast<int64_t>(q.getScales().size());
  if (tensor.getDimSize(dim) != n)
    return opError(loc, opName, what, " has ", n,
                   " scales but its quantized dimension ", dim, " has size ",
                   tensor.getDimSize(dim));
  return success();
}

} // namespace

bool mlir::stablehlo::isPerTensorQuantized(Type type) {
  auto q = dyn_cast<quant::UniformQuantizedType>(type);
  return q && hasHloStorageAndExpressed(q);
}

bool mlir::stablehlo::isPerAxisQuantized(Type type) {
  auto q = dyn_cast<quant::UniformQuantizedPerAxisType>(type);
  return q && hasHloStorageAndExpressed(q);
}

Type mlir::stablehlo::getStorageElementType(Type type) {
  if (auto q = dyn_cast<quant::QuantizedType>(type))
    return q.getStorageType();
  return type;
}

Type mlir::stablehlo::getExpressedElementType(Type type) {
  if (auto q = dyn_cast<quant::QuantizedType>(type))
    return q.getExpressedType();
  return type;
}

bool mlir::stablehlo::isSameElementTypeUpToQuantizedDimension(Type a, Type b) {
  if (a == b)
    return true;
  auto qa = dyn_cast<quant::UniformQuantizedPerAxisType>(a);
  auto qb = dyn_cast<quant::UniformQuantizedPerAxisType>(b);
  return qa && qb && qa.getFlags() == qb.getFlags() &&
         qa.getStorageType() == qb.getStorageType() &&
         qa.getExpressedType() == qb.getExpressedType() &&
         qa.getScales() == qb.getScales() &&
         qa.getZeroPoints() == qb.getZeroPoints() &&
         qa.getStorageTypeMin() == qb.getStorageTypeMin() &&
         qa.getStorageTypeMax() == qb.getStorageTypeMax();
}

Type mlir::stablehlo::transposeElementType(Type type,
                                           ArrayRef<int64_t> permutation) {
  auto q = dyn_cast<quant::UniformQuantizedPerAxisType>(type);
  if (!q)
    return type;
  for (auto [i, p] : llvm::enumerate(permutation))
    if (p == q.getQuantizedDimension())
      return quant::UniformQuantizedPerAxisType::get(
          q.getFlags(), q.getStorageType(), q.getExpressedType(), q.getScales(),
          q.getZeroPoints(), static_cast<int32_t>(i), q.getStorageTypeMin(),
          q.getStorageTypeMax());
  return type;
}

LogicalResult UniformQuantizeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  std::optional<Location> loc = getLoc();
  if (failed(checkPerAxis(loc, "uniform_quantize", "operand", operand)) ||
      failed(checkPerAxis(loc, "uniform_quantize", "result", result)))
    return failure();
  Type expressed = getExpressedElementType(operand.getElementType());
  Type resultExpressed = getExpressedElementType(result.getElementType());
  if (expressed != resultExpressed)
    return emitOpError("expects the result to express ")
           << expressed << ", got " << resultExpressed;
  return success();
}

LogicalResult UniformDequantizeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto operand = dyn_cast<RankedTensorType>(adaptor.getOperand().getType());
  if (!operand)
    return opError(loc, "uniform_dequantize", "expects a ranked operand");
  if (failed(checkPerAxis(loc, "uniform_dequantize", "operand", operand)))
    return failure();
  inferred.push_back(
      operand.clone(getExpressedElementType(operand.getElementType())));
  return success();
}

// A quantized constant holds its storage values.
bool ConstantOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  if (l.size() != 1 || r.size() != 1)
    return false;
  if (l.front() == r.front())
    return true;
  auto a = dyn_cast<RankedTensorType>(l.front());
  auto b = dyn_cast<RankedTensorType>(r.front());
  if (!a || !b || a.getShape() != b.getShape())
    return false;
  Type ea = a.getElementType(), eb = b.getElementType();
  if (isQuantized(ea) == isQuantized(eb))
    return false;
  return getStorageElementType(ea) == getStorageElementType(eb);
}
