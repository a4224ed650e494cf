//===- ReplicatedOps.cpp - ops computed whole on every device -------------===//
#include "transforms/partition/ReplicatedOps.h"

#include "ir/mhlo/MhloDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "rules/ShardingRules.h"

#include "mlir/IR/Builders.h"

namespace mlir::sdy {
namespace {

bool isCustomCallWithoutRule(Operation *op) {
  if (!isa<stablehlo::CustomCallOp>(op) || getOrCreateShardingRule(op))
    return false;
  auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
  return llvm::all_of(op->getOperandTypes(), isTensor) &&
         llvm::all_of(op->getResultTypes(), isTensor);
}

} // namespace

bool processReplicatedOp(
    Operation *op,
    function_ref<void(OpOperand &, TensorShardingAttr)> reshardOperand) {
  // map has no sharding rule (as in Shardy): its body could still run per
  // element on shards, but without a rule nothing says how its operands
  // line up, so it runs whole. So does mhlo.topk, which Shardy gives no rule
  // either.
  // A custom_call without a sharding rule (none attached, none known) runs
  // whole too: its target's semantics are unknown to the partitioner.
  if (!isa<stablehlo::BatchNormTrainingOp, stablehlo::BatchNormGradOp,
           stablehlo::RngOp, stablehlo::RngBitGeneratorOp, stablehlo::MapOp,
           mhlo::TopKOp>(op) &&
      !isCustomCallWithoutRule(op))
    return false;
  // The mesh of any sharded operand or result.
  Attribute meshOrRef;
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
    if (TensorShardingAttr s = getSharding(v); s && !meshOrRef)
      meshOrRef = s.getMeshOrRef();
  if (!meshOrRef)
    return true;
  MLIRContext *ctx = op->getContext();
  for (OpOperand &operand : op->getOpOperands())
    if (auto type = dyn_cast<RankedTensorType>(operand.get().getType()))
      reshardOperand(operand,
                     getFullyClosedSharding(ctx, meshOrRef, type.getRank()));
  SmallVector<TensorShardingAttr> originals, replicated;
  for (Value result : op->getResults()) {
    originals.push_back(getSharding(result));
    replicated.push_back(getFullyClosedSharding(
        ctx, meshOrRef, getShardingRank(result.getType())));
  }
  op->setAttr(SdyDialect::kShardingAttr,
              TensorShardingPerValueAttr::get(ctx, replicated));
  OpBuilder builder(ctx);
  builder.setInsertionPointAfter(op);
  for (auto [result, original, full] :
       llvm::zip(op->getResults(), originals, replicated)) {
    int64_t rank = getShardingRank(result.getType());
    if (!original || hasLayout(full, original, rank))
      continue;
    auto reshard = ReshardOp::create(builder, op->getLoc(), result, original);
    result.replaceAllUsesExcept(reshard, reshard);
  }
  return true;
}

} // namespace mlir::sdy
