//===- ShardingComparison.cpp - rank versions of a program ----------------===//

#include "analysis/ShardingComparison.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace sdy::analysis {

bool summarizeVersion(const std::string &name, size_t index,
                      mlir::ModuleOp module,
                      const CollectiveReportOptions &options,
                      ComparedVersion &out, std::string &error) {
  ComparedVersion version;
  version.name = name;
  version.index = index;
  if (!buildCollectiveReport(module, options, version.report, error)) {
    error = "version '" + name + "': " + error;
    return false;
  }
  for (const CollectiveReportEntry &e : version.report.entries)
    if (!e.info.counted) {
      error = "version '" + name + "': " + e.info.kind + " at " +
              e.info.location + " has no byte count (" +
              e.info.uncountedReason + ")";
      return false;
    }
  std::vector<Traffic> perDevice(version.report.numDevices);
  for (const FunctionTotals &f : version.report.functions) {
    version.collectives += f.collectives;
    version.unknownTripCounts += f.unknownTripCounts;
    for (size_t d = 0; d < f.perDevice.size() && d < perDevice.size(); ++d)
      perDevice[d] += f.perDevice[d];
  }
  for (const Traffic &t : perDevice) {
    version.maxSent = std::max(version.maxSent, t.sent);
    version.maxReceived = std::max(version.maxReceived, t.received);
  }
  for (auto func : module.getOps<mlir::func::FuncOp>())
    if (func.isPublic())
      version.functions.push_back(func.getSymName().str());
  std::sort(version.functions.begin(), version.functions.end());
  out = std::move(version);
  return true;
}

static std::string functionList(const std::vector<std::string> &functions) {
  std::string s;
  for (const std::string &f : functions)
    s += (s.empty() ? "@" : ", @") + f;
  return s.empty() ? "none" : s;
}

bool rankVersions(std::vector<ComparedVersion> &versions, std::string &error) {
  if (versions.empty()) {
    error = "no versions to compare";
    return false;
  }
  for (const ComparedVersion &v : versions)
    if (v.functions != versions.front().functions) {
      error = "version '" + v.name + "' has the public functions " +
              functionList(v.functions) + ", version '" +
              versions.front().name + "' has " +
              functionList(versions.front().functions) +
              ": only versions of the same program can be compared";
      return false;
    }
  // Ties keep the given order.
  std::sort(versions.begin(), versions.end(),
            [](const ComparedVersion &a, const ComparedVersion &b) {
              if (a.report.totalSeconds != b.report.totalSeconds)
                return a.report.totalSeconds < b.report.totalSeconds;
              return a.index < b.index;
            });
  return true;
}

std::string renderComparisonText(const std::vector<ComparedVersion> &ranked) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (ranked.empty())
    return s;
  const CollectiveReport &first = ranked.front().report;
  os << "sharding comparison: " << ranked.size() << " version(s), "
     << first.numDevices << " device(s), backend "
     << commBackendName(first.model.backend)
     << ", cheapest first (estimated communication per call)\n";
  for (size_t i = 0; i < ranked.size(); ++i) {
    const ComparedVersion &v = ranked[i];
    os << "#" << i + 1 << " " << v.name << ": estimated "
       << secondsText(v.report.totalSeconds) << ", " << v.collectives
       << " collective(s), max sent " << v.maxSent << " B, max received "
       << v.maxReceived << " B";
    if (v.unknownTripCounts)
      os << " (" << v.unknownTripCounts
         << " with unknown trip count, counted once)";
    os << "\n";
  }
  return s;
}

std::string renderComparisonJson(const std::vector<ComparedVersion> &ranked) {
  namespace json = llvm::json;
  json::Array entries;
  for (const ComparedVersion &v : ranked)
    entries.push_back(
        json::Object{{"name", v.name},
                     {"index", static_cast<int64_t>(v.index)},
                     {"estimated_seconds", v.report.totalSeconds},
                     {"collectives", v.collectives},
                     {"unknown_trip_counts", v.unknownTripCounts},
                     {"max_sent", static_cast<int64_t>(v.maxSent)},
                     {"max_received", static_cast<int64_t>(v.maxReceived)},
                     {"report", reportJsonValue(v.report)}});
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::formatv(
            "{0:2}", json::Value(json::Object{{"ranking", std::move(entries)}}))
     << "\n";
  return s;
}

} // namespace sdy::analysis
