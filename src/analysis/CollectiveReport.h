//===- CollectiveReport.h - communication report of a module ----*- C++ -*-===//
//
// Per collective: op, location, kind, axes, groups, bytes sent and received
// by every device, and the estimated time under a backend's CommModel;
// totals per function. Rendered as text for people and JSON for tools.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_ANALYSIS_COLLECTIVEREPORT_H
#define SDY_ANALYSIS_COLLECTIVEREPORT_H

#include "analysis/CollectiveEnumeration.h"
#include "analysis/CommModel.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace sdy::analysis {

struct CollectiveReportOptions {
  int64_t numDevices = 0; // 0: inferNumDevices()
  CommModel model = defaultCommModel(CommBackend::Local);
};

// The options of -sdy-collective-report (and of the C ABI's report), as
// given: `format` text or json; `backend` local or mpi (empty: the model
// file's, else local); `modelFile` empty for the committed default;
// `numDevices` 0 to infer. Fails with a message naming the bad option.
struct CollectiveReportRequest {
  std::string format = "text";
  std::string backend;
  std::string modelFile;
  int64_t numDevices = 0;
};
bool resolveReportRequest(const CollectiveReportRequest &request,
                          CollectiveReportOptions &options, bool &json,
                          std::string &error);
// Parses "key=value key=value" (keys: format, backend, model, num-devices)
// into `request`.
bool parseReportRequest(const std::string &text,
                        CollectiveReportRequest &request, std::string &error);

struct CollectiveReportEntry {
  CollectiveOpInfo info;
  std::vector<Traffic> perDevice; // empty when !info.counted
  std::vector<Traffic> buffers;   // bufferBytesOf summed, per device
  uint64_t maxSent = 0, maxReceived = 0;
  double seconds = 0; // estimated, one execution
};

struct FunctionTotals {
  std::string function;
  int64_t collectives = 0, uncounted = 0;
  // Collectives whose trip count is unknown: counted once.
  int64_t unknownTripCounts = 0;
  // Bytes and time per call of the function (each collective times its
  // executions).
  std::vector<Traffic> perDevice;
  double seconds = 0;
};

struct CollectiveReport {
  int64_t numDevices = 1;
  CommModel model;
  std::vector<CollectiveReportEntry> entries;
  std::vector<FunctionTotals> functions; // in order of first collective
  double totalSeconds = 0;
};

// The entry of one described collective: per-device traffic and the
// estimated time (the calls' costs summed; each call costs its busiest
// device's bytes).
CollectiveReportEntry costOf(const CollectiveOpInfo &info,
                             const CommModel &model);

// The cost entry of one collective op for a run on `numDevices` devices
// (0: inferred from the enclosing module); false with `error` when `op` is
// no collective or names groups the runtime refuses.
bool collectiveCostOf(mlir::Operation *op, int64_t numDevices,
                      const CommModel &model, CollectiveReportEntry &out,
                      std::string &error);

bool buildCollectiveReport(mlir::ModuleOp module,
                           const CollectiveReportOptions &options,
                           CollectiveReport &out, std::string &error);

std::string renderReportText(const CollectiveReport &report);
std::string renderReportJson(const CollectiveReport &report);
// "12.34 us", "1.234 ms" or "1.234 s".
std::string secondsText(double seconds);
// The JSON object renderReportJson prints.
llvm::json::Value reportJsonValue(const CollectiveReport &report);

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_COLLECTIVEREPORT_H
