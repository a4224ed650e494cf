//===- CollectiveEnumeration.h - the collectives of a module ----*- C++ -*-===//
//
// Lists the collectives of a module with what a tool needs to know about
// them: the op, its kind, the mesh axes and device groups, the operand
// types and, for the StableHLO collectives of a partitioned program, the
// backend calls every device issues when the runtime executes the op once
// (found with the runtime's own group rules, so they are the calls the
// runtime makes). An sdy collective of a program before partitioning gets
// the calls of the StableHLO collectives the partitioner lowers it to
// (SdyCollectiveLowering.h); so does a stablehlo.reduce_window or
// convolution whose windowed (spatial) dimension stays sharded, for the halo
// exchange the lowering adds (it is listed only when it moves data).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_ANALYSIS_COLLECTIVEENUMERATION_H
#define SDY_ANALYSIS_COLLECTIVEENUMERATION_H

#include "analysis/CollectiveTraffic.h"
#include "analysis/LoopTripCount.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace sdy::analysis {

struct CollectiveOpInfo {
  mlir::Operation *op = nullptr;
  std::string kind;     // the op name, e.g. "stablehlo.all_reduce"
  std::string function; // the enclosing func.func
  std::string location; // "file:line:col", or the printed location
  // The mesh axes the op works over: for sdy collectives as written, for
  // StableHLO ones the axes of the module's mesh whose device groups equal
  // the op's (empty when none match or the module has no single mesh).
  std::vector<std::string> axes;
  // The distinct device groups, in order of first appearance; for
  // collective_permute, the (source, target) pairs.
  std::vector<std::vector<int64_t>> groups;
  std::vector<std::string> operandTypes;
  // Whether the op runs inside a loop, a conditional or another region op
  // (then it can run any number of times per call of the function).
  bool nested = false;
  // How often the op runs per call of its function (the trip counts of the
  // loops around it), and an id per enclosing region op, unique in the
  // module, outermost first.
  ExecutionCount executions;
  std::vector<int64_t> loopIds;
  // Whether `calls` is known: for StableHLO collectives, and for sdy ones
  // the calls of the StableHLO collectives the partitioner lowers them to.
  bool counted = false;
  // Why not (empty when counted).
  std::string uncountedReason;
  // calls[d]: the backend calls device d issues, in order, for one
  // execution of the op.
  std::vector<std::vector<BackendCall>> calls;
};

// The device count the runtime runs `module` on (the rules of
// ShardedExecutable: replicas x partitions, mhlo.num_partitions, else the
// size of the largest mesh, else 1).
int64_t inferNumDevices(mlir::ModuleOp module);

// Every collective of `module` in program order, for a run on `numDevices`
// devices. Fails with `error` when an op names groups the runtime refuses.
bool enumerateCollectives(mlir::ModuleOp module, int64_t numDevices,
                          std::vector<CollectiveOpInfo> &out,
                          std::string &error);

// Whether `op` is a stablehlo.reduce_window or convolution of a function
// not partitioned yet (no sdy.global_type) with a sharded operand: the
// partitioner may keep a windowed (spatial) dimension sharded and exchange
// halos with collective_permutes, which only its lowering adds
// (HaloExchange.h). Such an op is described like an sdy collective.
bool mayExchangeHalos(mlir::Operation *op);

// The same for one op (false when `op` is no collective, or on error).
bool describeCollective(mlir::Operation *op, int64_t numDevices,
                        CollectiveOpInfo &out, std::string &error);

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_COLLECTIVEENUMERATION_H
