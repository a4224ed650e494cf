//===- CollectiveReportPass.cpp - the -sdy-collective-report pass ---------===//

#include "analysis/CollectiveReportPass.h"
#include "analysis/CollectiveReport.h"
#include "analysis/ShardingComparison.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
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
    std::string text;
    if (!compare.empty()) {
      if (!compareVersions(module, options, json, text, error))
        return fail(error);
    } else {
      CollectiveReport report;
      if (!buildCollectiveReport(module, options, report, error))
        return fail(error);
      text = json ? renderReportJson(report) : renderReportText(report);
    }
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

  // Ranks the input ("input") and the modules of the `compare` files.
  bool compareVersions(ModuleOp module, const CollectiveReportOptions &options,
                       bool json, std::string &text, std::string &error) {
    std::vector<OwningOpRef<ModuleOp>> parsed;
    std::vector<ComparedVersion> versions(1);
    if (!summarizeVersion("input", 0, module, options, versions[0], error))
      return false;
    for (const std::string &path : compare) {
      parsed.push_back(parseSourceFile<ModuleOp>(path, &getContext()));
      if (!parsed.back()) {
        error = "compare: cannot read a module from '" + path + "'";
        return false;
      }
      versions.emplace_back();
      if (!summarizeVersion(path, versions.size() - 1, *parsed.back(), options,
                            versions.back(), error))
        return false;
    }
    if (!rankVersions(versions, error))
      return false;
    text =
        json ? renderComparisonJson(versions) : renderComparisonText(versions);
    return true;
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
  ListOption<std::string> compare{
      *this, "compare",
      llvm::cl::desc("Partitioned versions of the same program (files) to "
                     "rank with the input by estimated communication time")};
};

} // namespace

void registerAnalysisPasses() { PassRegistration<CollectiveReportPass>(); }

} // namespace sdy::analysis
