//===- ChloDialect.cpp - the CHLO ops that frameworks emit ----------------===//
//
// Verifiers and type inference. Messages follow upstream's so that the same
// bad input reads the same.
//
//===----------------------------------------------------------------------===//
#include "ir/chlo/ChloDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::chlo;

#include "ir/chlo/ChloDialect.cpp.inc"
#include "ir/chlo/ChloEnums.cpp.inc"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#define GET_ATTRDEF_CLASSES
#include "ir/chlo/ChloAttrs.cpp.inc"

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ir/chlo/ChloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ir/chlo/ChloAttrs.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "ir/chlo/ChloOps.cpp.inc"

LogicalResult
mlir::chlo::detail::verifyCompatibleOperandsAndResultType(Operation *op) {
  if (op->getNumResults() == 0)
    return success();
  Type type = op->getResult(0).getType();
  auto differs = [&](Type other) { return other != type; };
  if (llvm::any_of(op->getOperandTypes(), differs) ||
      llvm::any_of(op->getResultTypes(), differs))
    return op->emitOpError(
        "requires compatible types for all operands and results");
  return success();
}

//===----------------------------------------------------------------------===//
// Type inference
//===----------------------------------------------------------------------===//

namespace {

// The elementwise ops' result has the type of their first operand.
LogicalResult inferSameAsFirstOperand(ValueRange operands,
                                      SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return failure();
  inferred.push_back(operands.front().getType());
  return success();
}

// is_inf and friends: the operand's shape, of i1.
LogicalResult inferPredicate(MLIRContext *context, ValueRange operands,
                             SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return failure();
  auto type = dyn_cast<RankedTensorType>(operands.front().getType());
  if (!type)
    return failure();
  inferred.push_back(type.clone(IntegerType::get(context, 1)));
  return success();
}

} // namespace

#define CHLO_INFER_AS_OPERAND(OP)                                              \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location>,   \
                                     OP::Adaptor adaptor,                      \
                                     SmallVectorImpl<Type> &inferred) {        \
    return inferSameAsFirstOperand(adaptor.getOperands(), inferred);           \
  }
CHLO_INFER_AS_OPERAND(AcosOp)
CHLO_INFER_AS_OPERAND(AcoshOp)
CHLO_INFER_AS_OPERAND(AsinOp)
CHLO_INFER_AS_OPERAND(AsinhOp)
CHLO_INFER_AS_OPERAND(AtanOp)
CHLO_INFER_AS_OPERAND(AtanhOp)
CHLO_INFER_AS_OPERAND(BesselI1eOp)
CHLO_INFER_AS_OPERAND(ConjOp)
CHLO_INFER_AS_OPERAND(CoshOp)
CHLO_INFER_AS_OPERAND(DigammaOp)
CHLO_INFER_AS_OPERAND(ErfOp)
CHLO_INFER_AS_OPERAND(ErfcOp)
CHLO_INFER_AS_OPERAND(ErfInvOp)
CHLO_INFER_AS_OPERAND(LgammaOp)
CHLO_INFER_AS_OPERAND(SinhOp)
CHLO_INFER_AS_OPERAND(SquareOp)
CHLO_INFER_AS_OPERAND(TanOp)
CHLO_INFER_AS_OPERAND(MulhiOp)
CHLO_INFER_AS_OPERAND(NextAfterOp)
CHLO_INFER_AS_OPERAND(PolygammaOp)
CHLO_INFER_AS_OPERAND(ZetaOp)
#undef CHLO_INFER_AS_OPERAND

#define CHLO_INFER_PREDICATE(OP)                                               \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *context, std::optional<Location>, OP::Adaptor adaptor,      \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferPredicate(context, adaptor.getOperands(), inferred);           \
  }
CHLO_INFER_PREDICATE(IsInfOp)
CHLO_INFER_PREDICATE(IsNegInfOp)
CHLO_INFER_PREDICATE(IsPosInfOp)
#undef CHLO_INFER_PREDICATE

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

LogicalResult mlir::chlo::inferTopKTypes(MLIRContext *context,
                                         std::optional<Location> location,
                                         Value operand, int64_t k,
                                         SmallVectorImpl<Type> &inferred) {
  auto type = dyn_cast<RankedTensorType>(operand.getType());
  if (!type)
    return failure();
  if (type.getRank() < 1)
    return emitOptionalError(location, "operand's rank must be at least 1");
  if (k < 0)
    return emitOptionalError(location, "k must be non-negative, got ", k);
  int64_t last = type.getShape().back();
  if (last < k)
    return emitOptionalError(location,
                             "operand's last dimension must be at least ", k);
  SmallVector<int64_t> shape(type.getShape());
  shape.back() = k;
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  inferred.push_back(
      RankedTensorType::get(shape, IntegerType::get(context, 32)));
  return success();
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> location,
                                       TopKOp::Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  return inferTopKTypes(context, location, adaptor.getOperand(), adaptor.getK(),
                        inferred);
}

void TopKOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getValues(), "values");
  setNameFn(getIndices(), "indices");
}
