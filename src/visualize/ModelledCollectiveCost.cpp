//===- ModelledCollectiveCost.cpp - HTML report costs from the model ------===//

#include "visualize/ModelledCollectiveCost.h"

#include "analysis/CollectiveReport.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

mlir::sdy::CollectiveCostFn mlir::sdy::localBackendCollectiveCost() {
  return [](Operation *op) -> std::optional<std::string> {
    ::sdy::analysis::CollectiveReportEntry entry;
    std::string error;
    if (!::sdy::analysis::collectiveCostOf(
            op, /*numDevices=*/0,
            ::sdy::analysis::defaultCommModel(
                ::sdy::analysis::CommBackend::Local),
            entry, error) ||
        !entry.info.counted)
      return std::nullopt;
    // An op that only may add collectives (a reduce_window's halo
    // exchange) has no cost when it moves nothing.
    if (!isCollective(op) && entry.maxSent == 0 && entry.maxReceived == 0)
      return std::nullopt;
    return llvm::formatv("{0:f1} us (local backend model); busiest device "
                         "sends {1} B, receives {2} B",
                         entry.seconds * 1e6, entry.maxSent, entry.maxReceived)
        .str();
  };
}
