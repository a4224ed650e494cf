//===- MhloDialect.cpp - the MHLO ops that JAX hands to Shardy ------------===//
#include "ir/mhlo/MhloDialect.h"

#include "ir/chlo/ChloDialect.h"

using namespace mlir;
using namespace mlir::mhlo;

#include "ir/mhlo/MhloDialect.cpp.inc"

void MhloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ir/mhlo/MhloOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "ir/mhlo/MhloOps.cpp.inc"

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> location,
                                       TopKOp::Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  return chlo::inferTopKTypes(context, location, adaptor.getOperand(),
                              adaptor.getK(), inferred);
}

void TopKOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getValues(), "values");
  setNameFn(getIndices(), "indices");
}
