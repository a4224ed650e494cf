//===- CollectiveReportPass.cpp - the -sdy-collective-report pass ---------===//

#include "analysis/CollectiveReportPass.h"
#include "analysis/CollectiveReport.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace sdy::analysis {
namespace {

using namespace mlir;

class CollectiveReportPass
    : public PassWrapper<CollectiveReportPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CollectiveReportPass)

  CollectiveReportPass() = default;
  CollectiveReportPass(const CollectiveReportPass &other)
      : PassWrapper<CollectiveReportPass, OperationPass<ModuleOp>>(other) {}

  StringRef getArgument() const override { return "sdy-collective-report"; }
  StringRef getDescription() const override {
    return "Prints the communication report of the module's collectives "
           "(bytes per device, estimated time); the IR is unchanged.";
  }

  void runOnOperation() override {
    markAllAnalysesPreserved();
    ModuleOp module = getOperation();
    auto fail = [&](const std::string &message) {
      module.emitError("sdy-collective-report: ") << message;
      signalPassFailure();
    };
    CollectiveReportRequest request;
    request.format = format;
    request.backend = backend;
    request.modelFile = modelFile;
    request.numDevices = numDevices;
    CollectiveReportOptions options;
    bool json = false;
    std::string error;
    if (!resolveReportRequest(request, options, json, error))
      return fail(error);
    CollectiveReport report;
    if (!buildCollectiveReport(module, options, report, error))
      return fail(error);
    std::string text =
        format == "json" ? renderReportJson(report) : renderReportText(report);
    if (file.empty() || file == "-") {
      llvm::outs() << text;
      llvm::outs().flush();
      return;
    }
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return fail("cannot write '" + file + "': " + ec.message());
    os << text;
  }

  Option<std::string> file{*this, "file",
                           llvm::cl::desc("Write the report here (default: "
                                          "standard output)"),
                           llvm::cl::init("")};
  Option<std::string> format{*this, "format",
                             llvm::cl::desc("text (default) or json"),
                             llvm::cl::init("text")};
  Option<std::string> backend{
      *this, "backend",
      llvm::cl::desc("Whose byte counts and default model: local or mpi "
                     "(default: the model file's, else local)"),
      llvm::cl::init("")};
  Option<std::string> modelFile{
      *this, "model",
      llvm::cl::desc("A model file written by bench-comm-calibrate (default: "
                     "the committed model of the backend)"),
      llvm::cl::init("")};
  Option<int64_t> numDevices{
      *this, "num-devices",
      llvm::cl::desc("Devices the program runs on (0: as sdy-run infers)"),
      llvm::cl::init(0)};
};

} // namespace

void registerAnalysisPasses() { PassRegistration<CollectiveReportPass>(); }

} // namespace sdy::analysis
