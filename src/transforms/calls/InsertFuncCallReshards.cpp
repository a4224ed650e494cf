//===- InsertFuncCallReshards.cpp - -sdy-insert-func-call-reshards --------===//
//
// A call's results come out of its callee with the callee's result
// shardings; where the call site wanted others, a reshard converts them.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/calls/CallGraphUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_INSERTFUNCCALLRESHARDSPASS
#include "transforms/calls/Passes.h.inc"

namespace {

/// Whether `a` and `b` put the same axes on each dimension; open/closed
/// flags, priorities and replicated axes do not change the data a device
/// holds, nor does the mesh of a sharding with no axes at all.
bool shardAlike(TensorShardingAttr a, TensorShardingAttr b) {
  auto dimAxes = [](TensorShardingAttr sharding) {
    SmallVector<ArrayRef<AxisRefAttr>> axes;
    for (DimensionShardingAttr dim : sharding.getDimShardings())
      axes.push_back(dim.getAxes());
    return axes;
  };
  auto noAxes = [](TensorShardingAttr sharding) {
    return llvm::all_of(sharding.getDimShardings(),
                        [](DimensionShardingAttr d) { return d.emptyAxes(); });
  };
  if (noAxes(a) && noAxes(b))
    return true;
  return a.getMeshOrRef() == b.getMeshOrRef() && dimAxes(a) == dimAxes(b);
}

/// The shardings the call's results come out of `callee` with: the
/// callee's result shardings, unsharded ones fully open on the mesh of the
/// first sharded one. A callee with no sharded result returns replicated
/// values: fully closed on the mesh of the call's own sharding (`wanted`),
/// or nothing when the call has none either.
TensorShardingPerValueAttr
getCalleeResultShardings(func::FuncOp callee,
                         ArrayRef<TensorShardingAttr> wanted) {
  MLIRContext *ctx = callee.getContext();
  SmallVector<TensorShardingAttr> shardings;
  Attribute meshOrRef;
  for (unsigned i = 0; i < callee.getNumResults(); ++i) {
    auto sharding = callee.getResultAttrOfType<TensorShardingAttr>(
        i, SdyDialect::kShardingAttr);
    if (sharding && !meshOrRef)
      meshOrRef = sharding.getMeshOrRef();
    shardings.push_back(sharding);
  }
  for (auto [i, sharding, type] :
       llvm::enumerate(shardings, callee.getResultTypes())) {
    if (sharding)
      continue;
    if (meshOrRef)
      sharding = getFullyOpenSharding(ctx, meshOrRef, getShardingRank(type));
    else if (wanted[i])
      sharding = getFullyClosedSharding(ctx, wanted[i].getMeshOrRef(),
                                        getShardingRank(type));
    else
      return {};
  }
  return TensorShardingPerValueAttr::get(ctx, shardings);
}

struct InsertFuncCallReshardsPass
    : impl::InsertFuncCallReshardsPassBase<InsertFuncCallReshardsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    OpBuilder builder(&getContext());
    module.walk([&](func::CallOp call) {
      func::FuncOp callee = lookupCallee(symbols, call);
      if (!callee || callee.getNumResults() != call.getNumResults())
        return;
      SmallVector<TensorShardingAttr> wanted;
      for (Value result : call.getResults())
        wanted.push_back(getSharding(result));
      TensorShardingPerValueAttr actual =
          getCalleeResultShardings(callee, wanted);
      if (!actual)
        return;
      call->setAttr(SdyDialect::kShardingAttr, actual);
      for (auto [result, want, have] :
           llvm::zip(call.getResults(), wanted, actual.getShardings())) {
        if (!want || shardAlike(want, have))
          continue;
        builder.setInsertionPointAfter(call);
        auto reshard =
            ReshardOp::create(builder, result.getLoc(), result, want);
        result.replaceAllUsesExcept(reshard.getResult(), reshard);
      }
    });
  }
};

} // namespace
} // namespace mlir::sdy
