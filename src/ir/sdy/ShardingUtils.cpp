//===- ShardingUtils.cpp - reading and writing shardings of values --------===//

#include "ir/sdy/ShardingUtils.h"

#include "ir/interfaces/DataFlowOpInterface.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {
TensorShardingAttr getEmptySharding(MLIRContext *ctx, Attribute meshOrRef,
                                    int64_t rank, bool isClosed) {
  SmallVector<DimensionShardingAttr> dims(
      rank, DimensionShardingAttr::get(ctx, {}, isClosed));
  return TensorShardingAttr::get(ctx, meshOrRef, dims, {});
}
} // namespace

TensorShardingAttr mlir::sdy::getFullyOpenSharding(MLIRContext *ctx,
                                                   Attribute meshOrRef,
                                                   int64_t rank) {
  return getEmptySharding(ctx, meshOrRef, rank, /*isClosed=*/false);
}

TensorShardingAttr mlir::sdy::getFullyClosedSharding(MLIRContext *ctx,
                                                     Attribute meshOrRef,
                                                     int64_t rank) {
  return getEmptySharding(ctx, meshOrRef, rank, /*isClosed=*/true);
}

int64_t mlir::sdy::getShardingRank(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && shaped.hasRank() ? shaped.getRank() : 0;
}

TensorShardingAttr mlir::sdy::getSharding(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    unsigned index = arg.getArgNumber();
    if (auto func = dyn_cast_or_null<FunctionOpInterface>(owner))
      return func.getArgAttrOfType<TensorShardingAttr>(
          index, SdyDialect::kShardingAttr);
    if (auto manual = dyn_cast_or_null<ManualComputationOp>(owner)) {
      ArrayRef<TensorShardingAttr> in = manual.getInShardings().getShardings();
      return index < in.size()
                 ? removeAxes(in[index], manual.getManualAxes().getValue())
                 : TensorShardingAttr();
    }
    if (auto named = dyn_cast_or_null<NamedComputationOp>(owner)) {
      std::optional<TensorShardingPerValueAttr> in = named.getInShardings();
      return in && index < in->getShardings().size() ? in->getShardings()[index]
                                                     : TensorShardingAttr();
    }
    // The block arguments of a while share the sharding of its results
    // (held by the result's data_flow_edge during propagation).
    auto dataFlow = dyn_cast_or_null<DataFlowOpInterface>(owner);
    if (Value result =
            dataFlow ? dataFlow.getEdgeOwnerOfTarget(value) : Value()) {
      for (Operation *user : result.getUsers())
        if (auto edge = dyn_cast<DataFlowEdgeOp>(user))
          return edge.getShardingAttr();
      return getSharding(result);
    }
    return {};
  }
  Operation *op = value.getDefiningOp();
  auto result = cast<OpResult>(value);
  if (auto constraint = dyn_cast<ShardingConstraintOp>(op))
    return constraint.getSharding();
  if (auto reshard = dyn_cast<ReshardOp>(op))
    return reshard.getSharding();
  if (auto edge = dyn_cast<DataFlowEdgeOp>(op))
    return edge.getShardingAttr();
  if (auto sharding = op->getAttrOfType<TensorShardingAttr>("out_sharding"))
    if (op->getDialect() && isa<SdyDialect>(op->getDialect()))
      return sharding;
  if (auto perValue = op->getAttrOfType<TensorShardingPerValueAttr>(
          SdyDialect::kShardingAttr))
    if (result.getResultNumber() < perValue.getShardings().size())
      return perValue.getShardings()[result.getResultNumber()];
  if (auto manual = dyn_cast<ManualComputationOp>(op))
    if (result.getResultNumber() <
        manual.getOutShardings().getShardings().size())
      return manual.getOutShardings().getShardings()[result.getResultNumber()];
  if (auto named = dyn_cast<NamedComputationOp>(op))
    if (std::optional<TensorShardingPerValueAttr> out = named.getOutShardings())
      if (result.getResultNumber() < out->getShardings().size())
        return out->getShardings()[result.getResultNumber()];
  return {};
}

/// `perValue` (one sharding per result of `result`'s op) with `result`'s
/// entry replaced by `sharding`; when `perValue` is absent or does not cover
/// every result, the other results get fully open shardings.
static TensorShardingPerValueAttr
withResultSharding(TensorShardingPerValueAttr perValue, OpResult result,
                   TensorShardingAttr sharding) {
  Operation *op = result.getOwner();
  MLIRContext *ctx = op->getContext();
  SmallVector<TensorShardingAttr> shardings;
  if (perValue)
    llvm::append_range(shardings, perValue.getShardings());
  if (shardings.size() != op->getNumResults()) {
    shardings.clear();
    for (Type type : op->getResultTypes())
      shardings.push_back(getFullyOpenSharding(ctx, sharding.getMeshOrRef(),
                                               getShardingRank(type)));
  }
  shardings[result.getResultNumber()] = sharding;
  return TensorShardingPerValueAttr::get(ctx, shardings);
}

bool mlir::sdy::setSharding(Value value, TensorShardingAttr sharding) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto func =
        dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (!func || arg.getOwner() != &func.getFunctionBody().front())
      return false;
    func.setArgAttr(arg.getArgNumber(), SdyDialect::kShardingAttr, sharding);
    return true;
  }
  auto result = cast<OpResult>(value);
  Operation *op = result.getOwner();
  if (auto constraint = dyn_cast<ShardingConstraintOp>(op)) {
    constraint.setShardingAttr(sharding);
    return true;
  }
  if (auto reshard = dyn_cast<ReshardOp>(op)) {
    reshard.setShardingAttr(sharding);
    return true;
  }
  if (auto edge = dyn_cast<DataFlowEdgeOp>(op)) {
    edge.setShardingAttr(sharding);
    return true;
  }
  if (auto named = dyn_cast<NamedComputationOp>(op)) {
    std::optional<TensorShardingPerValueAttr> out = named.getOutShardings();
    named.setOutShardingsAttr(
        withResultSharding(out.value_or(nullptr), result, sharding));
    return true;
  }
  op->setAttr(SdyDialect::kShardingAttr,
              withResultSharding(op->getAttrOfType<TensorShardingPerValueAttr>(
                                     SdyDialect::kShardingAttr),
                                 result, sharding));
  return true;
}

MeshAttr mlir::sdy::lookupMesh(Operation *from, Attribute meshOrRef) {
  if (auto mesh = dyn_cast_or_null<MeshAttr>(meshOrRef))
    return mesh;
  auto ref = dyn_cast_or_null<FlatSymbolRefAttr>(meshOrRef);
  if (!from || !ref)
    return {};
  auto meshOp = dyn_cast_or_null<MeshOp>(
      SymbolTable::lookupNearestSymbolFrom(from, ref.getAttr()));
  return meshOp ? meshOp.getMesh() : MeshAttr();
}

TensorShardingAttr
mlir::sdy::filterAxes(TensorShardingAttr sharding,
                      llvm::function_ref<bool(AxisRefAttr)> keep) {
  if (!sharding)
    return sharding;
  MLIRContext *ctx = sharding.getContext();
  SmallVector<DimensionShardingAttr> dims;
  for (DimensionShardingAttr dim : sharding.getDimShardings()) {
    SmallVector<AxisRefAttr> axes(llvm::make_filter_range(dim.getAxes(), keep));
    std::optional<int64_t> priority = dim.getPriority();
    if (dim.getIsClosed() && axes.empty())
      priority = std::nullopt;
    dims.push_back(
        DimensionShardingAttr::get(ctx, axes, dim.getIsClosed(), priority));
  }
  SmallVector<AxisRefAttr> replicated(
      llvm::make_filter_range(sharding.getReplicatedAxes(), keep));
  SmallVector<AxisRefAttr> unreduced(
      llvm::make_filter_range(sharding.getUnreducedAxes(), keep));
  return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims, replicated,
                                 unreduced);
}

TensorShardingAttr mlir::sdy::removeAxes(TensorShardingAttr sharding,
                                         ArrayRef<StringAttr> axisNames) {
  return filterAxes(sharding, [&](AxisRefAttr axis) {
    return llvm::none_of(axisNames, [&](StringAttr name) {
      return name.getValue() == axis.getName();
    });
  });
}

TensorShardingAttr mlir::sdy::closeDimensions(TensorShardingAttr sharding) {
  if (!sharding)
    return sharding;
  MLIRContext *ctx = sharding.getContext();
  SmallVector<DimensionShardingAttr> dims;
  for (DimensionShardingAttr dim : sharding.getDimShardings())
    dims.push_back(
        DimensionShardingAttr::get(ctx, dim.getAxes(), /*isClosed=*/true));
  return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims,
                                 sharding.getReplicatedAxes(),
                                 sharding.getUnreducedAxes());
}

bool mlir::sdy::transformShardings(
    Operation *op,
    llvm::function_ref<TensorShardingAttr(TensorShardingAttr)> fn) {
  MLIRContext *ctx = op->getContext();
  bool changed = false;
  auto transformPerValue = [&](TensorShardingPerValueAttr perValue) {
    SmallVector<TensorShardingAttr> shardings;
    for (TensorShardingAttr sharding : perValue.getShardings())
      shardings.push_back(fn(sharding));
    return TensorShardingPerValueAttr::get(ctx, shardings);
  };
  for (NamedAttribute attr : op->getAttrDictionary()) {
    Attribute newValue;
    if (auto sharding = dyn_cast<TensorShardingAttr>(attr.getValue()))
      newValue = fn(sharding);
    else if (auto perValue =
                 dyn_cast<TensorShardingPerValueAttr>(attr.getValue()))
      newValue = transformPerValue(perValue);
    if (newValue && newValue != attr.getValue()) {
      op->setAttr(attr.getName(), newValue);
      changed = true;
    }
  }
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (auto sharding = func.getArgAttrOfType<TensorShardingAttr>(
              i, SdyDialect::kShardingAttr))
        if (TensorShardingAttr updated = fn(sharding); updated != sharding) {
          func.setArgAttr(i, SdyDialect::kShardingAttr, updated);
          changed = true;
        }
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      if (auto sharding = func.getResultAttrOfType<TensorShardingAttr>(
              i, SdyDialect::kShardingAttr))
        if (TensorShardingAttr updated = fn(sharding); updated != sharding) {
          func.setResultAttr(i, SdyDialect::kShardingAttr, updated);
          changed = true;
        }
  }
  return changed;
}
