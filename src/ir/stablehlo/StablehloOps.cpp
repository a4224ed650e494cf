//===- StablehloOps.cpp - StableHLO op definitions ------------------------===//
//
// The ODS-generated op classes, plus builders and folders. Syntax lives in
// StablehloSyntax.cpp, type inference in StablehloTypeInference.cpp and
// verifiers in StablehloVerifiers.cpp.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloComplex.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "ir/stablehlo/StablehloLinalgSyntax.h"
#include "ir/stablehlo/StablehloSyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "ir/stablehlo/StablehloOps.cpp.inc"

void ConvertOp::build(OpBuilder &builder, OperationState &state, Value operand,
                      Type resultElementType) {
  auto type = cast<RankedTensorType>(operand.getType());
  build(builder, state, type.clone(resultElementType), operand);
}

void CompareOp::build(OpBuilder &builder, OperationState &state, Value lhs,
                      Value rhs, ComparisonDirection comparisonDirection,
                      std::optional<ComparisonType> compareType) {
  MLIRContext *ctx = builder.getContext();
  build(builder, state, lhs, rhs,
        ComparisonDirectionAttr::get(ctx, comparisonDirection),
        compareType ? ComparisonTypeAttr::get(ctx, *compareType)
                    : ComparisonTypeAttr());
}

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange inputs, ValueRange initValues,
                     ArrayRef<int64_t> dimensions) {
  SmallVector<Type> resultTypes;
  for (auto [input, init] : llvm::zip(inputs, initValues)) {
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> shape;
    for (auto [i, size] : llvm::enumerate(type.getShape()))
      if (!llvm::is_contained(dimensions, static_cast<int64_t>(i)))
        shape.push_back(size);
    resultTypes.push_back(
        RankedTensorType::get(shape, getElementTypeOrSelf(init.getType())));
  }
  build(builder, state, resultTypes, inputs, initValues, dimensions);
}

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     TypeRange resultTypes, ValueRange inputs,
                     ValueRange initValues, ArrayRef<int64_t> dimensions) {
  state.addOperands(inputs);
  state.addOperands(initValues);
  state.addAttribute(getDimensionsAttrName(state.name),
                     builder.getDenseI64ArrayAttr(dimensions));
  state.addTypes(resultTypes);
  state.addRegion();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }
