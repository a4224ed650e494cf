//===- AddFuncDataFlowEdges.cpp - -sdy-add-func-data-flow-edges -----------===//
//
// Propagation refines the sharding of a value through its uses; the
// arguments of a called function and the results of a call get an
// sdy.func_data_flow_edge as their one use so that their shardings have an
// op to live on while propagation crosses function boundaries.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_ADDFUNCDATAFLOWEDGESPASS
#include "transforms/calls/Passes.h.inc"

namespace {

/// Puts an edge holding `value`'s sharding between `value` and its users.
void addEdge(OpBuilder &builder, Value value) {
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.hasStaticShape())
    return;
  auto edge = FuncDataFlowEdgeOp::create(builder, value.getLoc(), value);
  if (TensorShardingAttr sharding = getSharding(value))
    edge->setAttr(
        SdyDialect::kShardingAttr,
        TensorShardingPerValueAttr::get(value.getContext(), {sharding}));
  value.replaceAllUsesExcept(edge.getResult(), edge);
}

struct AddFuncDataFlowEdgesPass
    : impl::AddFuncDataFlowEdgesPassBase<AddFuncDataFlowEdgesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto main = SymbolTable(module).lookup<func::FuncOp>("main");
    if (!main) {
      module.emitError() << "sdy-add-func-data-flow-edges needs the entry "
                            "function @main, which the module lacks";
      return signalPassFailure();
    }
    OpBuilder builder(&getContext());
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func == main || func.isExternal())
        continue;
      builder.setInsertionPointToStart(&func.getBody().front());
      for (BlockArgument arg : func.getArguments())
        addEdge(builder, arg);
    }
    module.walk([&](func::CallOp call) {
      builder.setInsertionPointAfter(call);
      for (Value result : call.getResults())
        addEdge(builder, result);
    });
  }
};

} // namespace
} // namespace mlir::sdy
