//===- sdy-opt.cpp - the sdy optimizer driver ----------------------------===//
//
// An MlirOptMain driver with the dialects and passes of sdy registered
// (ir/Registration.h, transforms/Registration.h). The input is read here
// first so that text nested too deeply for MLIR's recursive parser gets a
// located error instead of a stack overflow, and so that i1 hex constants
// of one byte per element are packed (ir/utils/BoolHexConstants.h).
//
//===----------------------------------------------------------------------===//

#include "ir/Registration.h"
#include "ir/utils/BoolHexConstants.h"
#include "ir/utils/TextNesting.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "transforms/Registration.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

int main(int argc, char **argv) {
  // Diagnostics stay short by default: the offending op is already located by
  // line:column. `--mlir-print-op-on-diagnostic` turns the dump back on.
  std::vector<char *> args(argv, argv + argc);
  std::string quiet = "--mlir-print-op-on-diagnostic=false";
  args.insert(args.begin() + 1, quiet.data());

  mlir::DialectRegistry registry;
  mlir::sdy::registerAllDialects(registry);
  mlir::sdy::registerAllExtensions(registry);
  mlir::sdy::registerAllPassesAndPipelines();

  int numArgs = static_cast<int>(args.size());
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      numArgs, args.data(), "sdy optimizer driver\n", registry);
  auto config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        numArgs, args.data(), inputFilename, outputFilename, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (auto at = mlir::sdy::findExcessiveNesting(input->getBuffer())) {
    llvm::errs() << (inputFilename == "-" ? "<stdin>" : inputFilename) << ":"
                 << at->first << ":" << at->second
                 << ": error: nesting deeper than "
                 << mlir::sdy::kMaxTextNesting << " brackets\n";
    return 1;
  }
  if (auto packed = mlir::sdy::packBoolHexConstants(input->getBuffer()))
    input = llvm::MemoryBuffer::getMemBufferCopy(*packed,
                                                 input->getBufferIdentifier());
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
