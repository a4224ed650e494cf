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
    if (format != "text" && format != "json")
      return fail("unknown format '" + format + "' (text or json)");
    CollectiveReportOptions options;
    std::optional<CommBackend> b = parseCommBackend(backend);
    if (!b)
      return fail("unknown backend '" + backend + "' (local or mpi)");
    options.model = defaultCommModel(*b);
    std::string error;
    if (!modelFile.empty()) {
      if (!loadCommModel(modelFile, options.model, error))
        return fail(error);
      if (backend.getNumOccurrences() && options.model.backend != *b)
        return fail("model file '" + modelFile + "' is for backend '" +
                    commBackendName(options.model.backend) + "', not '" +
                    backend + "'");
    }
    if (numDevices < 0)
      return fail("num-devices must be positive (0: inferred), got " +
                  std::to_string(numDevices));
    options.numDevices = numDevices;
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
      llvm::cl::desc("Whose byte counts and default model: local (default) "
                     "or mpi"),
      llvm::cl::init("local")};
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
