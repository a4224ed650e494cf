//===- LoopTripCount.h - how often an op runs per function call -*- C++ -*-===//
//
// Collectives inside stablehlo.while loops run once per iteration. The loops
// JAX emits for fori_loop and scan keep a counter in one loop-carried value:
// it starts at a constant, the condition compares it LT against a constant
// and the body adds a positive constant to it. For those the trip count is
// known; any other loop, and any other region op (a branch runs zero or one
// times), leaves the count unknown.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_ANALYSIS_LOOPTRIPCOUNT_H
#define SDY_ANALYSIS_LOOPTRIPCOUNT_H

#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdy::analysis {

// One region op around an op, outermost first.
struct EnclosingLoop {
  mlir::Operation *op = nullptr;
  std::string opName; // printed without reading the module again
  // The iterations of a counted loop; empty for any other region op.
  std::optional<int64_t> tripCount;
};

struct ExecutionCount {
  std::vector<EnclosingLoop> loops;
  // Executions of the op per call of its function: the product of the trip
  // counts (empty when one is unknown, or the product overflows).
  std::optional<int64_t> executions = 1;
  // Why `executions` is unknown (empty when known).
  std::string unknownReason;
};

// The trip count of a counted stablehlo.while (see above), else empty.
std::optional<int64_t> whileTripCount(mlir::Operation *whileOp);

// How often `op` runs per call of the function that holds it.
ExecutionCount executionCountOf(mlir::Operation *op);

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_LOOPTRIPCOUNT_H
