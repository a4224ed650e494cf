//===- VisualizePasses.cpp - -sdy-html-report, -sdy-print-layout ----------===//

#include "visualize/Passes.h"

#include "ir/sdy/ShardingUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "visualize/HtmlReport.h"
#include "visualize/ModelledCollectiveCost.h"
#include "visualize/TextLayout.h"
#include "visualize/TileLayout.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::sdy {

#define GEN_PASS_DEF_HTMLREPORTPASS
#define GEN_PASS_DEF_PRINTLAYOUTPASS
#include "visualize/Passes.h.inc"

namespace {

/// Writes `text` to `path` ("-": standard output); reports failures on
/// `module`.
LogicalResult writeFile(ModuleOp module, StringRef pass, StringRef path,
                        StringRef text) {
  if (path.empty())
    return module.emitError()
           << pass << " needs a file: -" << pass << "=file=PATH";
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_TextWithCRLF);
  if (!error) {
    os << text;
    os.flush();
    error = os.error();
    os.clear_error();
  }
  if (error)
    return module.emitError()
           << pass << ": cannot write '" << path << "': " << error.message();
  return success();
}

struct HtmlReportPass : impl::HtmlReportPassBase<HtmlReportPass> {
  using HtmlReportPassBase::HtmlReportPassBase;

  /// `-sdy-html-report=PATH` (no `=` in PATH) means `file=PATH`.
  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (!options.empty() && !options.contains('='))
      return HtmlReportPassBase::initializeOptions(("file=" + options).str(),
                                                   errorHandler);
    return HtmlReportPassBase::initializeOptions(options, errorHandler);
  }

  void runOnOperation() override {
    markAllAnalysesPreserved();
    ModuleOp module = getOperation();
    HtmlReportOptions options;
    options.maxTiles = maxTiles;
    options.collectiveCost = localBackendCollectiveCost();
    if (failed(writeFile(module, getArgument(), file,
                         renderHtmlReport(module, options))))
      signalPassFailure();
  }
};

struct PrintLayoutPass : impl::PrintLayoutPassBase<PrintLayoutPass> {
  using PrintLayoutPassBase::PrintLayoutPassBase;

  void runOnOperation() override {
    markAllAnalysesPreserved();
    ModuleOp module = getOperation();
    std::string text;
    llvm::raw_string_ostream os(text);
    TextLayoutOptions textOptions;
    textOptions.ascii = ascii;
    int64_t tilesDrawn = 0;
    auto draw = [&](Value value, Operation *from, const std::string &what) {
      TensorShardingAttr sharding = getSharding(value);
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (!sharding || !type)
        return;
      os << what << ": " << type << "\n";
      MeshAttr mesh = lookupMesh(from, sharding.getMeshOrRef());
      if (!mesh) {
        os << "no picture: the mesh of the sharding is not found\n\n";
        return;
      }
      llvm::Expected<TileLayout> layout =
          computeTileLayout(sharding, mesh, type.getShape());
      if (!layout) {
        os << "no picture: " << llvm::toString(layout.takeError()) << "\n\n";
        return;
      }
      tilesDrawn += layout->tiles.size();
      if (tilesDrawn > maxTiles)
        os << "no picture: " << maxTiles << " tiles are drawn already\n\n";
      else
        os << renderTextLayout(*layout, textOptions) << "\n";
    };
    module.walk([&](func::FuncOp func) {
      for (BlockArgument arg : func.getArguments())
        draw(arg, func,
             "@" + func.getSymName().str() + " %arg" +
                 std::to_string(arg.getArgNumber()));
      int64_t index = 0;
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op == func.getOperation())
          return;
        for (OpResult result : op->getResults())
          draw(result, op,
               "@" + func.getSymName().str() + " op " + std::to_string(index) +
                   " " + op->getName().getStringRef().str() + " result " +
                   std::to_string(result.getResultNumber()));
        ++index;
      });
    });
    if (failed(writeFile(module, getArgument(), file, text)))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::sdy
