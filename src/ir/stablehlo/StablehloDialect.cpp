//===- StablehloDialect.cpp - our StableHLO-compatible dialect ------------===//
#include "ir/stablehlo/StablehloDialect.h"

#include "ir/interfaces/DataFlowOpInterface.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::stablehlo;

#include "ir/stablehlo/StablehloDialect.cpp.inc"
#include "ir/stablehlo/StablehloEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/stablehlo/StablehloAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/stablehlo/StablehloTypes.cpp.inc"

void StablehloDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ir/stablehlo/StablehloAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "ir/stablehlo/StablehloTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ir/stablehlo/StablehloOps.cpp.inc"
      >();
  // Attached by registerDataFlowOpInterfaceExternalModels.
  declarePromisedInterfaces<sdy::DataFlowOpInterface, WhileOp, CaseOp, IfOp,
                            OptimizationBarrierOp>();
}
