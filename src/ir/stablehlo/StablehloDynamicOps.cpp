//===- StablehloDynamicOps.cpp - shape-operand ops ------------------------===//
//
// Verifiers of the dynamic_* ops (static results only) and their rewrite
// into the static ops, whose verifiers then check the rest.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloDynamicOps.h"

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

using namespace mlir;
using namespace mlir::stablehlo;
using mlir::stablehlo::detail::checkElementTypes;
using mlir::stablehlo::detail::formatDims;

namespace {

// The values of a shape operand defined by stablehlo.constant.
std::optional<SmallVector<int64_t>> constantValues(Value v) {
  auto constant = v.getDefiningOp<ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
  if (!dense)
    return std::nullopt;
  SmallVector<int64_t> values;
  bool isUnsigned = dense.getElementType().isUnsignedInteger();
  for (const APInt &x : dense.getValues<APInt>())
    values.push_back(isUnsigned ? static_cast<int64_t>(x.getZExtValue())
                                : x.getSExtValue());
  return values;
}

// Checks that the 1-D shape operand `v` has `size` elements.
LogicalResult checkShapeOperand(Operation *op, StringRef name, Value v,
                                int64_t size) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getRank() != 1)
    return op->emitOpError() << name << " must be a 1-D tensor, got " << type;
  if (type.getDimSize(0) != size)
    return op->emitOpError()
           << name << " must have " << size
           << " elements (one per dimension), got " << type.getDimSize(0);
  return success();
}

// Checks that a constant output-shape operand holds the result's shape.
LogicalResult checkOutputShape(Operation *op, StringRef name, Value v) {
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (failed(checkShapeOperand(op, name, v, result.getRank())))
    return failure();
  std::optional<SmallVector<int64_t>> values = constantValues(v);
  if (values && ArrayRef<int64_t>(*values) != result.getShape())
    return op->emitOpError() << name << " " << formatDims(*values)
                             << " disagrees with the result shape "
                             << formatDims(result.getShape());
  return success();
}

} // namespace

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(checkElementTypes(*this, operand, result)) ||
      failed(
          checkOutputShape(*this, "output_dimensions", getOutputDimensions())))
    return failure();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if (static_cast<int64_t>(dims.size()) != operand.getRank())
    return emitOpError() << "broadcast_dimensions " << formatDims(dims)
                         << " must have one entry per operand dimension ("
                         << operand.getRank() << ")";
  if (failed(mlir::stablehlo::detail::checkDims(
          getLoc(), "dynamic_broadcast_in_dim", "broadcast_dimensions", dims,
          result.getRank())))
    return failure();
  for (auto [i, d] : llvm::enumerate(dims))
    if (operand.getDimSize(i) != 1 &&
        operand.getDimSize(i) != result.getDimSize(d))
      return emitOpError() << "operand dimension " << i << " of size "
                           << operand.getDimSize(i)
                           << " cannot broadcast to result dimension " << d
                           << " of size " << result.getDimSize(d);
  SmallVector<int64_t> known;
  for (std::optional<ArrayRef<int64_t>> list :
       {getKnownExpandingDimensions(), getKnownNonexpandingDimensions()})
    if (list)
      known.append(list->begin(), list->end());
  return mlir::stablehlo::detail::checkDims(
      getLoc(), "dynamic_broadcast_in_dim",
      "known_expanding_dimensions and "
      "known_nonexpanding_dimensions together",
      known, operand.getRank());
}

LogicalResult DynamicIotaOp::verify() {
  auto result = cast<RankedTensorType>(getType());
  if (failed(checkOutputShape(*this, "output_shape", getOutputShape())))
    return failure();
  if (result.getRank() == 0 ||
      static_cast<int64_t>(getIotaDimension()) >= result.getRank())
    return emitOpError() << "iota_dimension " << getIotaDimension()
                         << " is out of range for a result of rank "
                         << result.getRank();
  return success();
}

LogicalResult DynamicReshapeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(checkElementTypes(*this, operand, result)) ||
      failed(checkOutputShape(*this, "output_shape", getOutputShape())))
    return failure();
  if (operand.getNumElements() != result.getNumElements())
    return emitOpError() << "operand of " << operand.getNumElements()
                         << " elements cannot reshape to a result of "
                         << result.getNumElements();
  return success();
}

LogicalResult DynamicPadOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto value = cast<RankedTensorType>(getPaddingValue().getType());
  if (failed(checkElementTypes(*this, operand, cast<ShapedType>(getType()))) ||
      failed(checkElementTypes(*this, value, cast<ShapedType>(getType()))))
    return failure();
  if (value.getRank() != 0)
    return emitOpError() << "padding_value must be a 0-D tensor, got " << value;
  int64_t rank = operand.getRank();
  if (failed(checkShapeOperand(*this, "edge_padding_low", getEdgePaddingLow(),
                               rank)) ||
      failed(checkShapeOperand(*this, "edge_padding_high", getEdgePaddingHigh(),
                               rank)) ||
      failed(checkShapeOperand(*this, "interior_padding", getInteriorPadding(),
                               rank)))
    return failure();
  return success();
}

LogicalResult RealDynamicSliceOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (failed(checkElementTypes(*this, operand, cast<ShapedType>(getType()))))
    return failure();
  int64_t rank = operand.getRank();
  if (failed(
          checkShapeOperand(*this, "start_indices", getStartIndices(), rank)) ||
      failed(
          checkShapeOperand(*this, "limit_indices", getLimitIndices(), rank)) ||
      failed(checkShapeOperand(*this, "strides", getStrides(), rank)))
    return failure();
  return success();
}

LogicalResult DynamicGatherOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (failed(checkElementTypes(*this, operand, cast<ShapedType>(getType()))))
    return failure();
  return checkShapeOperand(*this, "slice_sizes", getSliceSizes(),
                           operand.getRank());
}

LogicalResult DynamicConvOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto padding = cast<RankedTensorType>(getPadding().getType());
  int64_t n = lhs.getRank() - 2;
  if (padding.getRank() != 2 || padding.getDimSize(0) != n ||
      padding.getDimSize(1) != 2)
    return emitOpError() << "padding must have shape [" << n << ", 2], got "
                         << padding;
  return success();
}

namespace {

// The values of the constants `operands` (each with its name), or an error
// naming the first that is not a constant.
FailureOr<SmallVector<SmallVector<int64_t>>>
requireConstants(Operation *op,
                 ArrayRef<std::pair<StringRef, Value>> operands) {
  SmallVector<SmallVector<int64_t>> all;
  for (auto [name, v] : operands) {
    std::optional<SmallVector<int64_t>> values = constantValues(v);
    if (!values)
      return op->emitOpError()
             << name << " must be a stablehlo.constant: sdy runs static "
             << "shapes only, and needs the values that this op takes as "
             << "operands as attributes of its static form";
    all.push_back(std::move(*values));
  }
  return all;
}

// Builds the static twin of `op`, or fails with an error at `op`.
FailureOr<Operation *> buildStaticOp(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  if (auto bcast = dyn_cast<DynamicBroadcastInDimOp>(op))
    return BroadcastInDimOp::create(b, loc, resultType, bcast.getOperand(),
                                    bcast.getBroadcastDimensionsAttr())
        .getOperation();
  if (auto iota = dyn_cast<DynamicIotaOp>(op))
    return IotaOp::create(b, loc, resultType, iota.getIotaDimensionAttr())
        .getOperation();
  if (auto reshape = dyn_cast<DynamicReshapeOp>(op))
    return ReshapeOp::create(b, loc, resultType, reshape.getOperand())
        .getOperation();
  if (auto pad = dyn_cast<DynamicPadOp>(op)) {
    auto c =
        requireConstants(op, {{"edge_padding_low", pad.getEdgePaddingLow()},
                              {"edge_padding_high", pad.getEdgePaddingHigh()},
                              {"interior_padding", pad.getInteriorPadding()}});
    if (failed(c))
      return failure();
    return PadOp::create(b, loc, resultType, pad.getOperand(),
                         pad.getPaddingValue(), b.getDenseI64ArrayAttr((*c)[0]),
                         b.getDenseI64ArrayAttr((*c)[1]),
                         b.getDenseI64ArrayAttr((*c)[2]))
        .getOperation();
  }
  if (auto slice = dyn_cast<RealDynamicSliceOp>(op)) {
    auto c = requireConstants(op, {{"start_indices", slice.getStartIndices()},
                                   {"limit_indices", slice.getLimitIndices()},
                                   {"strides", slice.getStrides()}});
    if (failed(c))
      return failure();
    return SliceOp::create(b, loc, resultType, slice.getOperand(),
                           b.getDenseI64ArrayAttr((*c)[0]),
                           b.getDenseI64ArrayAttr((*c)[1]),
                           b.getDenseI64ArrayAttr((*c)[2]))
        .getOperation();
  }
  if (auto gather = dyn_cast<DynamicGatherOp>(op)) {
    auto c = requireConstants(op, {{"slice_sizes", gather.getSliceSizes()}});
    if (failed(c))
      return failure();
    return GatherOp::create(b, loc, resultType, gather.getOperand(),
                            gather.getStartIndices(),
                            gather.getDimensionNumbersAttr(),
                            b.getDenseI64ArrayAttr((*c)[0]),
                            gather.getIndicesAreSortedAttr())
        .getOperation();
  }
  auto conv = cast<DynamicConvOp>(op);
  auto c = requireConstants(op, {{"padding", conv.getPadding()}});
  if (failed(c))
    return failure();
  ArrayRef<int64_t> padding = (*c)[0];
  int64_t n = static_cast<int64_t>(padding.size()) / 2;
  auto paddingAttr = DenseIntElementsAttr::get(
      RankedTensorType::get({n, 2}, b.getI64Type()), padding);
  return ConvolutionOp::create(
             b, loc, resultType, conv.getLhs(), conv.getRhs(),
             conv.getWindowStridesAttr(), paddingAttr,
             conv.getLhsDilationAttr(), conv.getRhsDilationAttr(),
             conv.getWindowReversalAttr(), conv.getDimensionNumbersAttr(),
             conv.getFeatureGroupCountAttr(), conv.getBatchGroupCountAttr(),
             conv.getPrecisionConfigAttr())
      .getOperation();
}

bool isDynamicOp(Operation *op) {
  return isa<DynamicBroadcastInDimOp, DynamicIotaOp, DynamicReshapeOp,
             DynamicPadOp, RealDynamicSliceOp, DynamicGatherOp, DynamicConvOp>(
      op);
}

} // namespace

bool mlir::stablehlo::hasDynamicOps(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isDynamicOp(op) ? WalkResult::interrupt()
                               : WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult mlir::stablehlo::replaceDynamicOpsWithStaticOps(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isDynamicOp(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    FailureOr<Operation *> replacement = buildStaticOp(b, op);
    if (failed(replacement))
      return failure();
    // The static op's verifier checks what the shape operands said against
    // the operand and result types.
    if (failed(verify(*replacement))) {
      (*replacement)->erase();
      return op->emitOpError()
             << "has shape operands that disagree with its operand and "
             << "result types (see the error above)";
    }
    // Shape constants that only this op used are gone with it (each once:
    // one constant may feed several operands).
    llvm::SetVector<Operation *> producers;
    for (Value v : op->getOperands())
      if (auto constant = v.getDefiningOp<ConstantOp>())
        producers.insert(constant);
    op->replaceAllUsesWith(*replacement);
    op->erase();
    for (Operation *producer : producers)
      if (producer->use_empty())
        producer->erase();
  }
  return success();
}
