//===- ShardingComparison.h - rank versions of a program --------*- C++ -*-===//
//
// Alternative shardings of one program, partitioned or not yet lowered
// (sdy collectives count as what the partitioner lowers them to), ranked by
// the estimated communication time per call of the program (the report's
// total). A version with a collective that has no byte count is refused.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_ANALYSIS_SHARDINGCOMPARISON_H
#define SDY_ANALYSIS_SHARDINGCOMPARISON_H

#include "analysis/CollectiveReport.h"

#include <string>
#include <vector>

namespace sdy::analysis {

struct ComparedVersion {
  std::string name;
  size_t index = 0; // position among the versions given
  CollectiveReport report;
  // Over all functions: collectives, and the most bytes one device sends
  // and receives per call (loop trip counts applied).
  int64_t collectives = 0, unknownTripCounts = 0;
  uint64_t maxSent = 0, maxReceived = 0;
  // The public functions, for the same-program check.
  std::vector<std::string> functions;
};

// The report of one version, summed up; fails (naming the version) when
// the report fails or a collective has no byte count.
bool summarizeVersion(const std::string &name, size_t index,
                      mlir::ModuleOp module,
                      const CollectiveReportOptions &options,
                      ComparedVersion &out, std::string &error);

// Orders `versions` cheapest first (ties keep their order); fails when
// they are empty or their public functions differ.
bool rankVersions(std::vector<ComparedVersion> &versions, std::string &error);

std::string renderComparisonText(const std::vector<ComparedVersion> &ranked);
std::string renderComparisonJson(const std::vector<ComparedVersion> &ranked);

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_SHARDINGCOMPARISON_H
