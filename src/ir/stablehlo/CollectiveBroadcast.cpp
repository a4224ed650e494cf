//===- CollectiveBroadcast.cpp - stablehlo.collective_broadcast -----------===//
#include "ir/stablehlo/StablehloDialect.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::stablehlo;

// replica_groups: a 2-D tensor of distinct non-negative process ids (the
// first of each group is the one whose operand is sent).
LogicalResult CollectiveBroadcastOp::verify() {
  DenseIntElementsAttr groups = getReplicaGroups();
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return emitOpError() << "replica_groups must be a 2-D tensor, got " << type;
  llvm::SmallSet<int64_t, 16> seen;
  for (const APInt &value : groups.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    if (id < 0)
      return emitOpError() << "replica_groups values must be non-negative, got "
                           << id;
    if (!seen.insert(id).second)
      return emitOpError() << "process id " << id
                           << " appears more than once in replica_groups";
  }
  return success();
}
