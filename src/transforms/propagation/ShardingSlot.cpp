//===- ShardingSlot.cpp - where propagation reads and writes shardings ----===//

#include "transforms/propagation/ShardingSlot.h"

#include "ir/sdy/ShardingUtils.h"
#include "ir/utils/DataFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

bool isManual(ManualComputationOp op, AxisRefAttr axis) {
  return op.getManualAxes().contains(axis.getName());
}

/// `global` with its free axes replaced by those of `local` (manual axes
/// stay first in every dimension).
TensorShardingAttr mergeFreeAxes(TensorShardingAttr global,
                                 TensorShardingAttr local,
                                 ManualComputationOp op) {
  MLIRContext *ctx = global.getContext();
  SmallVector<DimensionShardingAttr> dims;
  for (auto [globalDim, localDim] :
       llvm::zip(global.getDimShardings(), local.getDimShardings())) {
    SmallVector<AxisRefAttr> axes;
    for (AxisRefAttr axis : globalDim.getAxes())
      if (isManual(op, axis))
        axes.push_back(axis);
    llvm::append_range(axes, localDim.getAxes());
    dims.push_back(DimensionShardingAttr::get(
        ctx, axes, globalDim.getIsClosed(), globalDim.getPriority()));
  }
  SmallVector<AxisRefAttr> replicated;
  for (AxisRefAttr axis : global.getReplicatedAxes())
    if (isManual(op, axis))
      replicated.push_back(axis);
  llvm::append_range(replicated, local.getReplicatedAxes());
  SmallVector<AxisRefAttr> unreduced;
  for (AxisRefAttr axis : global.getUnreducedAxes())
    if (isManual(op, axis))
      unreduced.push_back(axis);
  llvm::append_range(unreduced, local.getUnreducedAxes());
  if (MeshAttr mesh = lookupMesh(op, global.getMeshOrRef())) {
    llvm::sort(replicated, AxisRefAttr::getMeshComparator(mesh));
    llvm::sort(unreduced, AxisRefAttr::getMeshComparator(mesh));
  }
  return TensorShardingAttr::get(ctx, global.getMeshOrRef(), dims, replicated,
                                 unreduced);
}

TensorShardingAttr getManualSharding(ManualComputationOp op, bool in,
                                     unsigned index) {
  ArrayRef<TensorShardingAttr> shardings =
      in ? op.getInShardings().getShardings()
         : op.getOutShardings().getShardings();
  return index < shardings.size() ? shardings[index] : TensorShardingAttr();
}

void setManualSharding(ManualComputationOp op, bool in, unsigned index,
                       TensorShardingAttr sharding) {
  SmallVector<TensorShardingAttr> shardings(
      in ? op.getInShardings().getShardings()
         : op.getOutShardings().getShardings());
  shardings[index] = sharding;
  auto attr = TensorShardingPerValueAttr::get(op.getContext(), shardings);
  if (in)
    op.setInShardingsAttr(attr);
  else
    op.setOutShardingsAttr(attr);
}

/// The data_flow_edge on `owner`, if any.
DataFlowEdgeOp getEdge(Value owner) {
  for (Operation *user : owner.getUsers())
    if (auto edge = dyn_cast<DataFlowEdgeOp>(user))
      return edge;
  return {};
}

/// For a block argument of a while region: the edge of the matching result.
DataFlowEdgeOp getEdgeOfWhileArgument(BlockArgument arg) {
  Value owner = getDataFlowEdgeOwnerOfTarget(arg);
  return owner ? getEdge(owner) : DataFlowEdgeOp();
}

} // namespace

TensorShardingAttr ShardingSlot::get() const {
  switch (kind) {
  case Kind::kFuncResult:
    return cast<FunctionOpInterface>(op)
        .getResultAttrOfType<TensorShardingAttr>(index,
                                                 SdyDialect::kShardingAttr);
  case Kind::kManualIn:
    return getManualSharding(cast<ManualComputationOp>(op), true, index);
  case Kind::kManualOut:
    return getManualSharding(cast<ManualComputationOp>(op), false, index);
  case Kind::kManualOutLocal: {
    auto manual = cast<ManualComputationOp>(op);
    TensorShardingAttr global = getManualSharding(manual, false, index);
    return removeAxes(global, manual.getManualAxes().getValue());
  }
  case Kind::kValue:
    break;
  }
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto named = dyn_cast_or_null<NamedComputationOp>(parent)) {
      std::optional<TensorShardingPerValueAttr> in = named.getInShardings();
      if (in && arg.getArgNumber() < in->getShardings().size())
        return in->getShardings()[arg.getArgNumber()];
      return {};
    }
    if (auto manual = dyn_cast_or_null<ManualComputationOp>(parent)) {
      TensorShardingAttr global =
          getManualSharding(manual, true, arg.getArgNumber());
      return removeAxes(global, manual.getManualAxes().getValue());
    }
    if (DataFlowEdgeOp edge = getEdgeOfWhileArgument(arg))
      return edge.getShardingAttr();
    return getSharding(value);
  }
  if (auto named = dyn_cast<NamedComputationOp>(value.getDefiningOp())) {
    std::optional<TensorShardingPerValueAttr> out = named.getOutShardings();
    unsigned i = cast<OpResult>(value).getResultNumber();
    if (out && i < out->getShardings().size())
      return out->getShardings()[i];
    return {};
  }
  return getSharding(value);
}

bool ShardingSlot::set(TensorShardingAttr sharding) const {
  switch (kind) {
  case Kind::kFuncResult:
    cast<FunctionOpInterface>(op).setResultAttr(
        index, SdyDialect::kShardingAttr, sharding);
    return true;
  case Kind::kManualIn:
    setManualSharding(cast<ManualComputationOp>(op), true, index, sharding);
    return true;
  case Kind::kManualOut:
    setManualSharding(cast<ManualComputationOp>(op), false, index, sharding);
    return true;
  case Kind::kManualOutLocal: {
    auto manual = cast<ManualComputationOp>(op);
    TensorShardingAttr global = getManualSharding(manual, false, index);
    if (!global)
      return false;
    setManualSharding(manual, false, index,
                      mergeFreeAxes(global, sharding, manual));
    return true;
  }
  case Kind::kValue:
    break;
  }
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    MLIRContext *ctx = value.getContext();
    if (auto named = dyn_cast_or_null<NamedComputationOp>(parent)) {
      SmallVector<TensorShardingAttr> shardings;
      if (std::optional<TensorShardingPerValueAttr> in = named.getInShardings())
        llvm::append_range(shardings, in->getShardings());
      if (shardings.size() != named.getNumOperands()) {
        shardings.clear();
        for (Value operand : named.getOperands())
          shardings.push_back(
              getFullyOpenSharding(ctx, sharding.getMeshOrRef(),
                                   getShardingRank(operand.getType())));
      }
      shardings[arg.getArgNumber()] = sharding;
      named.setInShardingsAttr(TensorShardingPerValueAttr::get(ctx, shardings));
      return true;
    }
    if (auto manual = dyn_cast_or_null<ManualComputationOp>(parent)) {
      TensorShardingAttr global =
          getManualSharding(manual, true, arg.getArgNumber());
      if (!global)
        return false;
      setManualSharding(manual, true, arg.getArgNumber(),
                        mergeFreeAxes(global, sharding, manual));
      return true;
    }
    if (isa_and_nonnull<func::FuncOp>(parent))
      return setSharding(value, sharding);
    if (DataFlowEdgeOp edge = getEdgeOfWhileArgument(arg)) {
      edge.setShardingAttr(sharding);
      return true;
    }
    return false;
  }
  Operation *def = value.getDefiningOp();
  // A manual computation's result is its out_sharding, which takes free axes
  // from the result's uses (the manual axes are blocked), as in Shardy.
  if (auto manual = dyn_cast<ManualComputationOp>(def)) {
    setManualSharding(manual, false, cast<OpResult>(value).getResultNumber(),
                      sharding);
    return true;
  }
  // Results of sdy collectives are fixed.
  if (isa<AllGatherOp, AllSliceOp, AllToAllOp, CollectivePermuteOp, AllReduceOp,
          ReduceScatterOp, ReshardOp>(def))
    return false;
  return setSharding(value, sharding);
}

SmallVector<StringAttr> ShardingSlot::getBlockedAxisNames() const {
  SmallVector<StringAttr> names;
  if (kind == Kind::kManualIn || kind == Kind::kManualOut ||
      kind == Kind::kManualOutLocal) {
    llvm::append_range(
        names, cast<ManualComputationOp>(op).getManualAxes().getValue());
    return names;
  }
  if (kind != Kind::kValue)
    return names;
  Operation *scope = isa<BlockArgument>(value)
                         ? cast<BlockArgument>(value).getOwner()->getParentOp()
                         : value.getDefiningOp();
  for (; scope; scope = scope->getParentOp())
    if (auto manual = dyn_cast<ManualComputationOp>(scope))
      llvm::append_range(names, manual.getManualAxes().getValue());
  return names;
}
