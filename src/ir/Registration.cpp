//===- Registration.cpp - the dialects of an sdy module -------------------===//

#include "ir/Registration.h"

#include "ir/check/CheckDialect.h"
#include "ir/chlo/ChloDialect.h"
#include "ir/interpreter/InterpreterDialect.h"
#include "ir/mhlo/MhloDialect.h"
#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDataFlow.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::sdy::registerAllDialects(DialectRegistry &registry) {
  registry.insert<func::FuncDialect, SdyDialect, stablehlo::StablehloDialect>();
  registry.insert<check::CheckDialect, interpreter::InterpreterDialect>();
  stablehlo::registerDataFlowOpInterfaceExternalModels(registry);
  registry.insert<chlo::ChloDialect>();
  registry.insert<quant::QuantDialect>();
  registry.insert<mhlo::MhloDialect>();
}
