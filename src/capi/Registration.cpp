//===- Registration.cpp - dialect handles of the C ABI --------------------===//
//
// The dialects and passes a context knows come from ir/Registration.h and
// transforms/Registration.h (Context.cpp); here are the MLIR C API dialect
// handles of dialect.h.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Registration.h"
#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "sdy_c/dialect.h"
#include "transforms/Registration.h"

// mlirGetDialectHandle__sdy__ and mlirGetDialectHandle__stablehlo__.
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(SDY, sdy, mlir::sdy::SdyDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(StableHLO, stablehlo,
                                      mlir::stablehlo::StablehloDialect)

extern "C" void mlirRegisterAllSdyPassesAndPipelines(void) {
  mlir::sdy::registerAllPassesAndPipelines();
}

extern "C" void mlirRegisterAllXlaSdyPassesAndPipelines(void) {
  mlir::sdy::registerAllPassesAndPipelines();
}
