//===- sdy-opt.cpp - the sdy optimizer driver ----------------------------===//
//
// An MlirOptMain driver with the dialects and passes of sdy registered: func,
// sdy, stablehlo, and the upstream passes canonicalize, cse, symbol-dce and
// inline.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "rules/Passes.h"
#include "transforms/Passes.h"
#include "transforms/partition/Passes.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include <string>
#include <vector>

int main(int argc, char **argv) {
  // Diagnostics stay short by default: the offending op is already located by
  // line:column. `--mlir-print-op-on-diagnostic` turns the dump back on.
  std::vector<char *> args(argv, argv + argc);
  std::string quiet = "--mlir-print-op-on-diagnostic=false";
  args.insert(args.begin() + 1, quiet.data());

  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::sdy::SdyDialect,
                  mlir::stablehlo::StablehloDialect>();
  mlir::func::registerInlinerExtension(registry);

  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  mlir::registerInlinerPass();
  mlir::sdy::registerAllSdyPassesAndPipelines();
  mlir::sdy::registerSdyRulesPasses();
  mlir::sdy::registerSdyPartitionPasses();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()), args.data(),
                        "sdy optimizer driver\n", registry));
}
