//===- Registration.cpp - dialects and passes known to the C ABI ----------===//
//
// The one place that decides what a context contains and which passes a
// textual pipeline may name: MLIR's generic passes used by the presets and
// every sdy pass and pipeline (transforms/Passes.h, rules/Passes.h).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDataFlow.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "rules/Passes.h"
#include "sdy_c/dialect.h"
#include "transforms/Passes.h"
#include "transforms/partition/Passes.h"

void sdycapi::registerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerCanonicalizerPass();
    mlir::registerCSEPass();
    mlir::registerSymbolDCEPass();
    mlir::registerInlinerPass();
    mlir::sdy::registerAllSdyPassesAndPipelines();
    mlir::sdy::registerSdyRulesPasses();
    mlir::sdy::registerSdyPartitionPasses();
  });
}

void sdycapi::loadDialects(mlir::MLIRContext &context) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::sdy::SdyDialect,
                  mlir::stablehlo::StablehloDialect>();
  mlir::func::registerInlinerExtension(registry);
  mlir::stablehlo::registerDataFlowOpInterfaceExternalModels(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
}

// mlirGetDialectHandle__sdy__ and mlirGetDialectHandle__stablehlo__.
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(SDY, sdy, mlir::sdy::SdyDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(StableHLO, stablehlo,
                                      mlir::stablehlo::StablehloDialect)
