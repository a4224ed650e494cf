//===- StablehloLinalgOps.cpp - linear algebra, RNG, batch norm -----------===//
//
// Syntax, verifiers and type inference of cholesky, triangular_solve, rng,
// rng_bit_generator and the batch_norm ops. Every check runs before any
// dimension is indexed, so invalid IR only ever gets a diagnostic.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "ir/stablehlo/StablehloLinalgSyntax.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::detail;

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

namespace {
// The bare keyword, parsed by the enum's generated FieldParser.
template <typename EnumT, typename AttrT>
ParseResult parseEnum(OpAsmParser &parser, AttrT &attr) {
  FailureOr<EnumT> value = FieldParser<EnumT, EnumT>::parse(parser);
  if (failed(value))
    return failure();
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}
} // namespace

ParseResult mlir::stablehlo::parseRngDistribution(OpAsmParser &parser,
                                                  RngDistributionAttr &attr) {
  return parseEnum<RngDistribution>(parser, attr);
}

void mlir::stablehlo::printRngDistribution(OpAsmPrinter &p, Operation *,
                                           RngDistributionAttr attr) {
  p << stringifyRngDistribution(attr.getValue());
}

ParseResult mlir::stablehlo::parseRngAlgorithm(OpAsmParser &parser,
                                               RngAlgorithmAttr &attr) {
  return parseEnum<RngAlgorithm>(parser, attr);
}

void mlir::stablehlo::printRngAlgorithm(OpAsmPrinter &p, Operation *,
                                        RngAlgorithmAttr attr) {
  p << stringifyRngAlgorithm(attr.getValue());
}

void RngBitGeneratorOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getOutputState(), "output_state");
  setNameFn(getOutput(), "output");
}

void BatchNormTrainingOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getOutput(), "output");
  setNameFn(getBatchMean(), "batch_mean");
  setNameFn(getBatchVar(), "batch_var");
}

void BatchNormGradOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getGradOperand(), "grad_operand");
  setNameFn(getGradScale(), "grad_scale");
  setNameFn(getGradOffset(), "grad_offset");
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

namespace {
RankedTensorType rankedOf(Value value) {
  return value ? dyn_cast<RankedTensorType>(value.getType()) : nullptr;
}

// A batch of square matrices: rank >= 2 and equal trailing dimensions.
LogicalResult checkSquareBatch(std::optional<Location> loc, StringRef opName,
                               StringRef what, RankedTensorType type) {
  if (type.getRank() < 2)
    return opError(loc, opName, what, " must have rank >= 2, got rank ",
                   type.getRank());
  ArrayRef<int64_t> shape = type.getShape();
  if (shape[shape.size() - 1] != shape[shape.size() - 2])
    return opError(loc, opName, what,
                   " must be square in its two minor dimensions, got shape ",
                   formatDims(shape));
  return success();
}
} // namespace

LogicalResult CholeskyOp::verify() {
  return checkSquareBatch(getLoc(), "cholesky", "operand", getA().getType());
}

LogicalResult
TriangularSolveOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &inferred) {
  auto a = rankedOf(adaptor.getA()), b = rankedOf(adaptor.getB());
  if (!a || !b)
    return opError(loc, "triangular_solve", "expects ranked tensor operands");
  if (failed(checkSquareBatch(loc, "triangular_solve", "a", a)))
    return failure();
  if (b.getRank() != a.getRank())
    return opError(loc, "triangular_solve", "b must have the rank of a (",
                   a.getRank(), "), got rank ", b.getRank());
  int64_t rank = a.getRank();
  if (a.getShape().drop_back(2) != b.getShape().drop_back(2))
    return opError(loc, "triangular_solve",
                   "batch dimensions of a and b must match, got ",
                   formatDims(a.getShape()), " and ", formatDims(b.getShape()));
  bool leftSide = adaptor.getLeftSide();
  int64_t bDim = leftSide ? rank - 2 : rank - 1;
  if (b.getDimSize(bDim) != a.getDimSize(rank - 1))
    return opError(loc, "triangular_solve", "dimension ", bDim,
                   " of b must equal the size of a (", a.getDimSize(rank - 1),
                   ") when left_side = ", leftSide ? "true" : "false", ", got ",
                   b.getDimSize(bDim));
  if (adaptor.getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return opError(loc, "triangular_solve",
                   "transpose_a must not be TRANSPOSE_INVALID");
  inferred.push_back(b);
  return success();
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

LogicalResult RngOp::verify() {
  Type et = getResult().getType().getElementType();
  if (getA().getType().getElementType() != et ||
      getB().getType().getElementType() != et)
    return emitOpError("a, b and the result must have the same element "
                       "type, got ")
           << getA().getType().getElementType() << ", "
           << getB().getType().getElementType() << " and " << et;
  if (getRngDistribution() == RngDistribution::NORMAL && !isa<FloatType>(et))
    return emitOpError("NORMAL needs a floating-point element type, got ")
           << et;
  auto shapeType = getShape().getType();
  int64_t rank = getResult().getType().getRank();
  if (shapeType.getRank() != 1 || shapeType.getDimSize(0) != rank)
    return emitOpError("shape must be a 1-d tensor of ")
           << rank << " elements (the result rank), got " << shapeType;
  DenseIntElementsAttr shape;
  if (matchPattern(getShape(), m_Constant(&shape))) {
    int64_t i = 0;
    for (const APInt &size : shape.getValues<APInt>()) {
      if (size.getSExtValue() != getResult().getType().getDimSize(i))
        return emitOpError("shape ")
               << shape << " does not match the result type "
               << getResult().getType();
      ++i;
    }
  }
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  auto state = getInitialState().getType();
  if (state != getOutputState().getType())
    return emitOpError("output_state type must equal the initial_state type ")
           << state << ", got " << getOutputState().getType();
  if (state.getRank() != 1)
    return emitOpError("initial_state must be 1-d, got ") << state;
  int64_t size = state.getDimSize(0);
  switch (getRngAlgorithm()) {
  case RngAlgorithm::THREE_FRY:
    if (size != 2)
      return emitOpError("THREE_FRY needs a state of 2 elements, got ") << size;
    break;
  case RngAlgorithm::PHILOX:
    if (size != 2 && size != 3)
      return emitOpError("PHILOX needs a state of 2 or 3 elements, got ")
             << size;
    break;
  case RngAlgorithm::DEFAULT:
    if (size != 2 && size != 3)
      return emitOpError("DEFAULT needs a state of 2 or 3 elements, got ")
             << size;
    break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Batch normalization
//===----------------------------------------------------------------------===//

namespace {
// Checks the operand's element type and feature_index, and that each of
// `features` is the 1-d vector of its feature dimension; returns that
// vector's type.
FailureOr<RankedTensorType>
checkBatchNorm(std::optional<Location> loc, StringRef opName, Value operandV,
               int64_t featureIndex,
               ArrayRef<std::pair<StringRef, Value>> features) {
  auto operand = rankedOf(operandV);
  if (!operand)
    return opError(loc, opName, "expects a ranked tensor operand");
  if (featureIndex < 0 || featureIndex >= operand.getRank())
    return opError(loc, opName, "feature_index ", featureIndex,
                   " is out of range [0, ", operand.getRank(), ")");
  auto featureType = RankedTensorType::get({operand.getDimSize(featureIndex)},
                                           operand.getElementType());
  for (auto [name, value] : features) {
    auto type = rankedOf(value);
    if (!type)
      return opError(loc, opName, "expects a ranked tensor ", name);
    if (type != featureType)
      return opError(loc, opName, name, " must be of type ", featureType,
                     " (the feature dimension of the operand), got ", type);
  }
  return featureType;
}
} // namespace

LogicalResult BatchNormTrainingOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto feature = checkBatchNorm(
      loc, "batch_norm_training", adaptor.getOperand(),
      adaptor.getFeatureIndex(),
      {{"scale", adaptor.getScale()}, {"offset", adaptor.getOffset()}});
  if (failed(feature))
    return failure();
  inferred.append({adaptor.getOperand().getType(), *feature, *feature});
  return success();
}

LogicalResult BatchNormInferenceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto feature = checkBatchNorm(loc, "batch_norm_inference",
                                adaptor.getOperand(), adaptor.getFeatureIndex(),
                                {{"scale", adaptor.getScale()},
                                 {"offset", adaptor.getOffset()},
                                 {"mean", adaptor.getMean()},
                                 {"variance", adaptor.getVariance()}});
  if (failed(feature))
    return failure();
  inferred.push_back(adaptor.getOperand().getType());
  return success();
}

LogicalResult
BatchNormGradOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  auto feature = checkBatchNorm(loc, "batch_norm_grad", adaptor.getOperand(),
                                adaptor.getFeatureIndex(),
                                {{"scale", adaptor.getScale()},
                                 {"mean", adaptor.getMean()},
                                 {"variance", adaptor.getVariance()}});
  if (failed(feature))
    return failure();
  if (!adaptor.getGradOutput() ||
      adaptor.getGradOutput().getType() != adaptor.getOperand().getType())
    return opError(loc, "batch_norm_grad",
                   "grad_output must have the operand type ",
                   adaptor.getOperand().getType());
  inferred.append({adaptor.getOperand().getType(), *feature, *feature});
  return success();
}
