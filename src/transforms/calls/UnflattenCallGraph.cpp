//===- UnflattenCallGraph.cpp - -sdy-unflatten-call-graph -----------------===//
//
// Undoes -sdy-flatten-call-graph where propagation gave the clones of a
// function the same shardings.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/calls/CallGraphUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_UNFLATTENCALLGRAPHPASS
#include "transforms/calls/Passes.h.inc"

namespace {

/// The shardings of `count` values as an array, a unit for an unsharded one.
ArrayAttr getShardingsKey(MLIRContext *ctx, unsigned count,
                          llvm::function_ref<Attribute(unsigned)> get) {
  SmallVector<Attribute> shardings;
  for (unsigned i = 0; i < count; ++i) {
    Attribute sharding = get(i);
    shardings.push_back(sharding ? sharding : UnitAttr::get(ctx));
  }
  return ArrayAttr::get(ctx, shardings);
}

/// What makes two functions interchangeable: the function they were cloned
/// from and, unless deduplicating fully, their shardings.
ArrayAttr getDedupKey(func::FuncOp func, bool dedupFully) {
  MLIRContext *ctx = func.getContext();
  Attribute name = func->getAttrOfType<StringAttr>(kOriginalFuncNameAttr);
  if (!name)
    name = func.getSymNameAttr();
  if (dedupFully)
    return ArrayAttr::get(ctx, {name});
  return ArrayAttr::get(
      ctx, {name,
            getShardingsKey(ctx, func.getNumArguments(),
                            [&](unsigned i) {
                              return func.getArgAttr(i,
                                                     SdyDialect::kShardingAttr);
                            }),
            getShardingsKey(ctx, func.getNumResults(), [&](unsigned i) {
              return func.getResultAttr(i, SdyDialect::kShardingAttr);
            })});
}

struct UnflattenCallGraphPass
    : impl::UnflattenCallGraphPassBase<UnflattenCallGraphPass> {
  using UnflattenCallGraphPassBase::UnflattenCallGraphPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    if (dedupFunctionsFully)
      std::reverse(funcs.begin(), funcs.end());
    llvm::DenseMap<Attribute, func::FuncOp> representatives;
    for (func::FuncOp func : funcs) {
      func.walk([&](func::CallOp call) {
        func::FuncOp callee = lookupCallee(symbols, call);
        if (!callee)
          return;
        func::FuncOp representative =
            representatives
                .try_emplace(getDedupKey(callee, dedupFunctionsFully), callee)
                .first->second;
        if (representative != callee)
          call.setCallee(representative.getSymName());
      });
    }
    for (func::FuncOp func : funcs)
      func->removeAttr(kOriginalFuncNameAttr);
  }
};

} // namespace
} // namespace mlir::sdy
