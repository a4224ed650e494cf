//===- sdy-opt.cpp - the sdy optimizer driver ----------------------------===//
//
// An MlirOptMain driver with the dialects and passes of sdy registered: func,
// sdy, stablehlo, and the upstream passes canonicalize, cse, symbol-dce and
// inline.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::sdy::SdyDialect,
                  mlir::stablehlo::StablehloDialect>();
  mlir::func::registerInlinerExtension(registry);

  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  mlir::registerInlinerPass();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "sdy optimizer driver\n", registry));
}
