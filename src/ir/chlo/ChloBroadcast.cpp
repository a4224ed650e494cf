//===- ChloBroadcast.cpp - the broadcasting chlo ops ----------------------===//
//
// Broadcast shapes (as upstream infers them: numpy's trailing alignment, or
// `broadcast_dimensions` mapping the lower-rank operand of a binary op into
// the higher-rank one) and the verifiers of the broadcast_* ops and
// constant_like.
//
//===----------------------------------------------------------------------===//
#include "ir/chlo/ChloDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::chlo;

LogicalResult mlir::chlo::getBroadcastDims(
    Operation *op, SmallVectorImpl<SmallVector<int64_t>> &dims,
    SmallVectorImpl<int64_t> &shape, std::string &error) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Type type : op->getOperandTypes()) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !ranked.hasStaticShape()) {
      error = "operands must be statically shaped tensors";
      return failure();
    }
    shapes.push_back(ranked.getShape());
  }
  int64_t rank = 0;
  for (ArrayRef<int64_t> s : shapes)
    rank = std::max<int64_t>(rank, s.size());
  dims.clear();
  // Numpy: trailing dimensions align.
  for (ArrayRef<int64_t> s : shapes) {
    SmallVector<int64_t> map;
    for (int64_t d = 0, n = s.size(); d < n; ++d)
      map.push_back(rank - n + d);
    dims.push_back(std::move(map));
  }
  // Explicit dimensions: only for a binary op with operands of different
  // ranks (upstream ignores them otherwise).
  auto explicitDims =
      op->getAttrOfType<DenseI64ArrayAttr>("broadcast_dimensions");
  if (explicitDims && shapes.size() == 2 &&
      shapes[0].size() != shapes[1].size()) {
    unsigned small = shapes[0].size() < shapes[1].size() ? 0 : 1;
    ArrayRef<int64_t> values = explicitDims.asArrayRef();
    if (values.size() != shapes[small].size()) {
      error = "broadcast_dimensions size (" + std::to_string(values.size()) +
              ") does not match the lower operand rank (" +
              std::to_string(shapes[small].size()) + ")";
      return failure();
    }
    SmallVector<bool> used(rank, false);
    for (int64_t d : values) {
      if (d < 0 || d >= rank || used[d]) {
        error = "broadcast_dimensions must be distinct dimensions of the "
                "higher-rank operand, got " +
                std::to_string(d);
        return failure();
      }
      used[d] = true;
    }
    dims[small].assign(values.begin(), values.end());
  }
  shape.assign(rank, 1);
  for (auto [s, map] : llvm::zip(shapes, dims)) {
    for (auto [size, d] : llvm::zip(s, map)) {
      if (size == shape[d] || size == 1)
        continue;
      if (shape[d] != 1) {
        error = "operand shapes are not broadcast compatible: " +
                std::to_string(shape[d]) + " vs " + std::to_string(size) +
                " in result dimension " + std::to_string(d);
        return failure();
      }
      shape[d] = size;
    }
  }
  return success();
}

namespace {

// The shape check of every broadcasting op; the element types are the
// callers'.
LogicalResult verifyBroadcastShape(Operation *op) {
  SmallVector<SmallVector<int64_t>> dims;
  SmallVector<int64_t> shape;
  std::string error;
  if (failed(getBroadcastDims(op, dims, shape, error)))
    return op->emitOpError(error);
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (result.getShape() != ArrayRef<int64_t>(shape)) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleave(shape, os, "x");
    return op->emitOpError("result shape must be the broadcast shape [")
           << expected << "], got " << result;
  }
  return success();
}

Type elementTypeOf(Value v) { return getElementTypeOrSelf(v.getType()); }

// Operands of one element type, which the result has too unless the op
// says otherwise (resultElement).
LogicalResult verifyBroadcastBinary(Operation *op, Type resultElement) {
  Type lhs = elementTypeOf(op->getOperand(0));
  if (elementTypeOf(op->getOperand(1)) != lhs)
    return op->emitOpError("requires operands of the same element type");
  if (!resultElement)
    resultElement = lhs;
  if (elementTypeOf(op->getResult(0)) != resultElement)
    return op->emitOpError("result element type must be ") << resultElement;
  return verifyBroadcastShape(op);
}

} // namespace

#define CHLO_VERIFY_BROADCAST_BINARY(OP)                                       \
  LogicalResult OP::verify() {                                                 \
    return verifyBroadcastBinary(getOperation(), Type());                      \
  }
CHLO_VERIFY_BROADCAST_BINARY(BroadcastAddOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastSubOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastMulOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastDivOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastRemOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastMaxOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastMinOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastPowOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastAtan2Op)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastAndOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastOrOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastXorOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastShiftLeftOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastShiftRightArithmeticOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastShiftRightLogicalOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastNextAfterOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastPolygammaOp)
CHLO_VERIFY_BROADCAST_BINARY(BroadcastZetaOp)
#undef CHLO_VERIFY_BROADCAST_BINARY

LogicalResult BroadcastCompareOp::verify() {
  return verifyBroadcastBinary(getOperation(),
                               IntegerType::get(getContext(), 1));
}

LogicalResult BroadcastComplexOp::verify() {
  return verifyBroadcastBinary(getOperation(),
                               ComplexType::get(elementTypeOf(getLhs())));
}

LogicalResult BroadcastSelectOp::verify() {
  Type element = elementTypeOf(getOnTrue());
  if (elementTypeOf(getOnFalse()) != element ||
      elementTypeOf(getResult()) != element)
    return emitOpError(
        "requires on_true, on_false and the result of one element type");
  return verifyBroadcastShape(getOperation());
}

LogicalResult ConstantLikeOp::verify() {
  if (getOperand().getType() != getResult().getType())
    return emitOpError("requires the result to have the operand's type");
  Type element = elementTypeOf(getOperand());
  if (getValue().getType() != element)
    return emitOpError("value's type must be the operand's element type ")
           << element << ", got " << getValue().getType();
  if (!isa<IntegerAttr, FloatAttr>(getValue()))
    return emitOpError("value must be an integer or float attribute");
  return success();
}
