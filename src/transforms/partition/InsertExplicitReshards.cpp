//===- InsertExplicitReshards.cpp - consistent shardings per op -----------===//
//
// After this pass every op can be computed locally: its operands and results
// are sharded consistently with one sharding per factor of its sharding
// rule, so each device computes its result shard from
// its operand shards, except for sharded reduction factors, whose partial
// results are summed by an `sdy.all_reduce` inserted after the op.
//
// Per op with a rule:
// 1. Project every operand/result sharding onto the rule's factors.
// 2. Per factor, candidates are the axes the tensors that have it assign to
//    it; the candidate with the most elements behind it wins (ties: one a
//    result holds, then the earliest tensor). Factors are settled in order of
//    that weight; an axis already taken by a settled factor truncates the
//    candidate (so every tensor's sharding stays valid). Need-replication and
//    permutation factors get no axes, except the windowed dimensions of a
//    reduce_window or convolution that halo exchange handles
//    (HaloExchange.h);
//    dimensions mapped to no factor are unsharded.
// 3. Operands whose sharding differs get `sdy.reshard` to the consistent
//    sharding; the op's results get the consistent shardings, followed by
//    `sdy.all_reduce` over the sharded reduction factors' axes (the kind of
//    a stablehlo.reduce comes from its body; a reduce with another body gets
//    its reduction factors replicated instead) and an `sdy.reshard` back to
//    the result's original sharding if that differs.
// Data-flow ops: the operands and region terminators of while,
// optimization_barrier, case, if, named_computation and manual_computation
// get reshards to the sharding of the edge they feed (the result's, or the
// in/out shardings; inside a manual computation the manual axes are
// dropped), and function return values to the function result's sharding.
// Finally a reshard of a single-use reshard is folded into one, and
// reshards to the layout their operand already has are removed.
//
//===----------------------------------------------------------------------===//

#include <map>

#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "rules/ShardingRules.h"
#include "transforms/export/ConcatenateReshards.h"
#include "transforms/partition/HaloExchange.h"
#include "transforms/partition/Passes.h"
#include "transforms/partition/ReplicatedOps.h"
#include "transforms/partition/ReshardPlanner.h"
#include "transforms/propagation/FactorSharding.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::sdy {

#define GEN_PASS_DEF_INSERTEXPLICITRESHARDSPASS
#include "transforms/partition/Passes.h.inc"

namespace {

int64_t getNumElements(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return 1;
  return tensor.getNumElements();
}

/// Makes `operand` of `op` have `target` (inserting a reshard before `op`).
void reshardOperand(OpOperand &operand, TensorShardingAttr target) {
  Value value = operand.get();
  if (!target || !isa<RankedTensorType>(value.getType()))
    return;
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  if (hasLayout(getSharding(value), target, rank))
    return;
  OpBuilder builder(operand.getOwner());
  auto reshard = ReshardOp::create(builder, value.getLoc(), value, target);
  operand.set(reshard);
}

/// The sum/max/min/prod kind of a stablehlo.reduce body, nullopt if the
/// body is not one of them. Sum for every other op.
std::optional<ReductionKind> getReductionKind(Operation *op) {
  auto reduce = dyn_cast<stablehlo::ReduceOp>(op);
  if (!reduce)
    return ReductionKind::SUM;
  Block &body = op->getRegion(0).front();
  if (body.getOperations().size() != 2)
    return std::nullopt;
  Operation &combiner = body.front();
  if (isa<stablehlo::AddOp>(combiner))
    return ReductionKind::SUM;
  if (isa<stablehlo::MaxOp>(combiner))
    return ReductionKind::MAX;
  if (isa<stablehlo::MinOp>(combiner))
    return ReductionKind::MIN;
  if (isa<stablehlo::MulOp>(combiner))
    return ReductionKind::PROD;
  return std::nullopt;
}

/// Cuts `axes` to its longest prefix whose size divides `factorSize`; true
/// if anything was cut.
bool truncateToDivisor(AxisList &axes, int64_t factorSize, MeshAttr mesh) {
  int64_t size = 1;
  for (auto [index, axis] : llvm::enumerate(axes)) {
    size *= axis.getSize(mesh);
    if (size <= 0 || factorSize % size != 0) {
      axes.resize(index);
      return true;
    }
  }
  return false;
}

/// Unshards every factor that follows, in some dimension, a factor that is
/// not fully sharded: no tensor could hold that sharding (see
/// buildTensorSharding), so every tensor must agree to drop it. A factor
/// followed by a larger-than-one factor is also cut to axes that divide it,
/// unless `mayBePartial` holds for it: the output factor of a convolution's
/// spatial dimension that halo exchange keeps sharded splits the dimension
/// itself into contiguous (padded) shards, its window factor unsharded.
void dropFactorsAfterPartialMajors(
    OpShardingRuleAttr rule, MeshAttr mesh, SmallVector<AxisList> &chosen,
    llvm::function_ref<bool(int64_t)> mayBePartial) {
  auto dropInDims = [&](ArrayRef<TensorMappingAttr> mappings) {
    bool dropped = false;
    for (TensorMappingAttr mapping : mappings)
      for (DimMappingAttr dim : mapping.getDimMappings()) {
        ArrayRef<int64_t> factors = dim.getFactorIndices();
        auto minorMost = llvm::find_if(llvm::reverse(factors), [&](int64_t f) {
          return rule.getFactorSizes()[f] > 1;
        });
        bool partial = false;
        for (int64_t f : factors) {
          // A factor with a factor of size > 1 after it in the dimension
          // must be split evenly: padding its shards would pad in the middle
          // of the dimension, which the dimension's own tiling cannot say.
          if (minorMost != llvm::reverse(factors).end() && f != *minorMost &&
              !mayBePartial(f) &&
              truncateToDivisor(chosen[f], rule.getFactorSizes()[f], mesh))
            dropped = true;
          if (partial && !chosen[f].empty()) {
            chosen[f].clear();
            dropped = true;
          }
          partial |= getAxesSize(chosen[f], mesh) != rule.getFactorSizes()[f];
        }
      }
    return dropped;
  };
  // Dropping a factor can make another dimension partial: repeat until no
  // factor changes (each round clears at least one factor).
  while (dropInDims(rule.getOperandMappings()) |
         dropInDims(rule.getResultMappings())) {
  }
}

/// The per-factor sharding chosen for `op`.
SmallVector<AxisList> chooseFactorShardings(Operation *op,
                                            OpShardingRuleAttr rule,
                                            const ShardingProjection &proj,
                                            ArrayRef<int64_t> tensorSizes,
                                            bool canReduce, MeshAttr mesh) {
  int64_t numFactors = rule.getNumFactors();
  int64_t numOperands = proj.operands.size();
  struct Choice {
    AxisList axes;
    int64_t weight = 0;
    bool fromResult = false;
    int64_t firstTensor = 0;
  };
  SmallVector<std::optional<Choice>> best(numFactors);
  // A factor that only operands have and that is not a reduction (as every
  // factor of a custom_call rule where nothing relates operands to results)
  // has no meaning for the local op: computing on a shard of it is wrong.
  SmallVector<bool> inResults(numFactors, false);
  for (TensorMappingAttr mapping : rule.getResultMappings())
    for (DimMappingAttr dim : mapping.getDimMappings())
      for (int64_t f : dim.getFactorIndices())
        inResults[f] = true;
  bool hasResults = !rule.getResultMappings().empty();
  for (int64_t f = 0; f < numFactors; ++f) {
    if (rule.isNeedReplicationFactor(f) ||
        (rule.isPermutationFactor(f) &&
         !isHaloExchangeCandidate(op, rule, f)) ||
        (rule.isReductionFactor(f) && !canReduce))
      continue;
    if (hasResults && !inResults[f] && !rule.isReductionFactor(f))
      continue;
    SmallVector<Choice> candidates;
    for (int64_t t = 0; t < proj.getNumTensors(); ++t) {
      const TensorFactorShardings &tensor =
          t < numOperands ? proj.operands[t] : proj.results[t - numOperands];
      auto it = tensor.factors.find(f);
      if (it == tensor.factors.end() || !it->second.overflowAxes.empty())
        continue;
      const AxisList &axes = it->second.axisRefs;
      auto existing = llvm::find_if(
          candidates, [&](const Choice &c) { return c.axes == axes; });
      if (existing == candidates.end()) {
        candidates.push_back({axes, 0, false, t});
        existing = candidates.end() - 1;
      }
      existing->weight += tensorSizes[t];
      existing->fromResult |= t >= numOperands;
    }
    for (const Choice &c : candidates)
      if (!best[f] || std::make_tuple(c.weight, c.fromResult, -c.firstTensor) >
                          std::make_tuple(best[f]->weight, best[f]->fromResult,
                                          -best[f]->firstTensor))
        best[f] = c;
  }
  // Settle factors by weight; later ones lose axes taken by earlier ones.
  SmallVector<int64_t> order;
  for (int64_t f = 0; f < numFactors; ++f)
    if (best[f] && !best[f]->axes.empty())
      order.push_back(f);
  llvm::stable_sort(order, [&](int64_t a, int64_t b) {
    return best[a]->weight > best[b]->weight;
  });
  SmallVector<AxisList> chosen(numFactors);
  SmallVector<AxisRefAttr> taken;
  for (int64_t f : order) {
    for (AxisRefAttr axis : best[f]->axes) {
      if (llvm::any_of(taken,
                       [&](AxisRefAttr other) { return axis.overlaps(other); }))
        break;
      chosen[f].push_back(axis);
    }
    llvm::append_range(taken, chosen[f]);
  }
  // A convolution's window factors are only kept where halo exchange
  // handles them (see processRuleOp); drop the others first so that a
  // sharded output factor before them may split its dimension unevenly.
  bool isConv = isa<stablehlo::ConvolutionOp>(op);
  if (isConv)
    for (int64_t f : getConvolutionWindowFactors(op, rule))
      if (!isHaloExchangeCandidate(op, rule, f))
        chosen[f].clear();
  dropFactorsAfterPartialMajors(rule, mesh, chosen, [&](int64_t f) {
    return isConv && isHaloExchangeCandidate(op, rule, f);
  });
  dropUnexchangeableWindowFactors(op, rule, mesh, chosen);
  return chosen;
}

/// The sharding of a tensor with `mapping` when the factors are sharded as
/// `chosen`, keeping open/closed, priorities and the replicated axes that
/// stay unused from `original`.
TensorShardingAttr buildConsistentSharding(ArrayRef<AxisList> chosen,
                                           TensorMappingAttr mapping,
                                           ArrayRef<int64_t> factorSizes,
                                           TensorShardingAttr original,
                                           Attribute meshOrRef, MeshAttr mesh) {
  if (!original)
    original =
        getFullyClosedSharding(mesh.getContext(), meshOrRef, mapping.getRank());
  TensorFactorShardings tensor;
  SmallVector<AxisRefAttr> used;
  for (DimMappingAttr dim : mapping.getDimMappings()) {
    tensor.unmappedDimAxes.emplace_back();
    for (int64_t f : dim.getFactorIndices()) {
      tensor.factors[f].axisRefs = chosen[f];
      llvm::append_range(used, chosen[f]);
    }
  }
  if (original)
    for (AxisRefAttr axis : original.getReplicatedAxes())
      if (!llvm::any_of(
              used, [&](AxisRefAttr other) { return axis.overlaps(other); }))
        tensor.replicatedAxes.push_back(axis);
  return buildTensorSharding(tensor, mapping, factorSizes, original, meshOrRef,
                             mesh);
}

/// Processes one op that has a sharding rule.
void processRuleOp(Operation *op, OpShardingRuleAttr rule) {
  MLIRContext *ctx = op->getContext();
  SmallVector<TensorShardingAttr> operandShardings, resultShardings;
  for (Value operand : op->getOperands())
    operandShardings.push_back(getSharding(operand));
  for (Value result : op->getResults())
    resultShardings.push_back(getSharding(result));
  // The mesh: the first result's, else the first operand's.
  TensorShardingAttr reference;
  for (TensorShardingAttr s :
       llvm::concat<TensorShardingAttr>(resultShardings, operandShardings))
    if (s && !reference)
      reference = s;
  if (!reference)
    return; // everything replicated
  Attribute meshOrRef = reference.getMeshOrRef();
  MeshAttr mesh = reference.getMesh(op);
  if (!mesh)
    return;
  // Tensors on another mesh take part as if unsharded (they are resharded).
  auto onMesh = [&](TensorShardingAttr s) {
    return s && s.getMeshOrRef() == meshOrRef ? s : TensorShardingAttr();
  };
  SmallVector<TensorShardingAttr> projOperands, projResults;
  for (TensorShardingAttr s : operandShardings)
    projOperands.push_back(onMesh(s));
  for (TensorShardingAttr s : resultShardings)
    projResults.push_back(onMesh(s));
  ShardingProjection proj =
      ShardingProjection::build(projOperands, projResults, rule, mesh);

  SmallVector<int64_t> sizes;
  for (Value v : op->getOperands())
    sizes.push_back(getNumElements(v.getType()));
  for (Value v : op->getResults())
    sizes.push_back(getNumElements(v.getType()));
  std::optional<ReductionKind> kind = getReductionKind(op);
  SmallVector<AxisList> chosen =
      chooseFactorShardings(op, rule, proj, sizes, kind.has_value(), mesh);
  for (int64_t f : getConvolutionWindowFactors(op, rule))
    if (!isHaloExchangeCandidate(op, rule, f))
      chosen[f].clear();

  // Operands.
  for (auto [i, operand] : llvm::enumerate(op->getOpOperands()))
    if (isa<RankedTensorType>(operand.get().getType()))
      reshardOperand(operand, buildConsistentSharding(
                                  chosen, rule.getOperandMappings()[i],
                                  rule.getFactorSizes(),
                                  operandShardings[i] == projOperands[i]
                                      ? operandShardings[i]
                                      : TensorShardingAttr(),
                                  meshOrRef, mesh));

  // Reduction axes (factor order, merged).
  AxisList reductionAxes;
  for (int64_t f : rule.getReductionFactors())
    for (AxisRefAttr axis : chosen[f]) {
      if (!reductionAxes.empty() && reductionAxes.back().canMerge(axis))
        reductionAxes.back() = reductionAxes.back().merge(axis, mesh);
      else
        reductionAxes.push_back(axis);
    }

  // Results.
  if (op->getNumResults() == 0)
    return;
  SmallVector<TensorShardingAttr> consistent;
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    consistent.push_back(buildConsistentSharding(
        chosen, rule.getResultMappings()[i], rule.getFactorSizes(),
        resultShardings[i] == projResults[i] ? resultShardings[i]
                                             : TensorShardingAttr(),
        meshOrRef, mesh));
  op->setAttr(SdyDialect::kShardingAttr,
              TensorShardingPerValueAttr::get(ctx, consistent));
  OpBuilder builder(ctx);
  builder.setInsertionPointAfter(op);
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    if (!isa<RankedTensorType>(result.getType()))
      continue;
    int64_t rank = cast<RankedTensorType>(result.getType()).getRank();
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : result.getUses())
      uses.push_back(&use);
    Value current = result;
    if (!reductionAxes.empty()) {
      ReductionKindAttr kindAttr;
      if (*kind != ReductionKind::SUM)
        kindAttr = ReductionKindAttr::get(ctx, *kind);
      current = AllReduceOp::create(builder, op->getLoc(), current, kindAttr,
                                    AxisRefListAttr::get(ctx, reductionAxes),
                                    consistent[i]);
    }
    TensorShardingAttr original = resultShardings[i];
    if (!original)
      original = getFullyClosedSharding(ctx, meshOrRef, rank);
    if (!hasLayout(consistent[i], original, rank))
      current = ReshardOp::create(builder, op->getLoc(), current, original);
    for (OpOperand *use : uses)
      use->set(current);
  }
}

/// The sharding a data-flow edge imposes on the values that feed it: the
/// result's sharding, or a closed empty one on `fallbackMesh`'s mesh.
TensorShardingAttr getEdgeSharding(Value result, Value feeder) {
  if (TensorShardingAttr s = getSharding(result))
    return s;
  TensorShardingAttr fed = getSharding(feeder);
  if (!fed)
    return {};
  return getFullyClosedSharding(result.getContext(), fed.getMeshOrRef(),
                                getShardingRank(result.getType()));
}

void reshardTerminator(Region &region, ArrayRef<TensorShardingAttr> targets) {
  if (region.empty())
    return;
  Operation *terminator = region.front().getTerminator();
  for (auto [i, operand] : llvm::enumerate(terminator->getOpOperands()))
    if (i < targets.size())
      reshardOperand(operand, targets[i]);
}

SmallVector<TensorShardingAttr> getResultEdgeShardings(Operation *op,
                                                       Region *feeder) {
  SmallVector<TensorShardingAttr> shardings;
  Operation *terminator =
      feeder && !feeder->empty() ? feeder->front().getTerminator() : nullptr;
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    Value fed = terminator && i < terminator->getNumOperands()
                    ? terminator->getOperand(i)
                    : Value();
    if (!fed && i < op->getNumOperands())
      fed = op->getOperand(i);
    shardings.push_back(fed ? getEdgeSharding(result, fed)
                            : getSharding(result));
  }
  return shardings;
}

/// Handles the data-flow ops; returns false if `op` is not one.
bool processDataFlowOp(Operation *op) {
  if (auto whileOp = dyn_cast<stablehlo::WhileOp>(op)) {
    SmallVector<TensorShardingAttr> edges =
        getResultEdgeShardings(op, &whileOp.getBody());
    for (auto [i, operand] : llvm::enumerate(op->getOpOperands()))
      reshardOperand(operand, edges[i]);
    reshardTerminator(whileOp.getBody(), edges);
    return true;
  }
  if (isa<stablehlo::OptimizationBarrierOp>(op)) {
    SmallVector<TensorShardingAttr> edges = getResultEdgeShardings(op, nullptr);
    for (auto [i, operand] : llvm::enumerate(op->getOpOperands()))
      reshardOperand(operand, edges[i]);
    return true;
  }
  if (isa<stablehlo::CaseOp, stablehlo::IfOp>(op)) {
    for (Region &branch : op->getRegions())
      reshardTerminator(branch, getResultEdgeShardings(op, &branch));
    return true;
  }
  if (auto named = dyn_cast<NamedComputationOp>(op)) {
    if (std::optional<TensorShardingPerValueAttr> in = named.getInShardings())
      for (auto [i, operand] : llvm::enumerate(op->getOpOperands()))
        if (i < in->getShardings().size())
          reshardOperand(operand, in->getShardings()[i]);
    if (std::optional<TensorShardingPerValueAttr> out = named.getOutShardings())
      reshardTerminator(named.getBody(), out->getShardings());
    return true;
  }
  if (auto manual = dyn_cast<ManualComputationOp>(op)) {
    ArrayRef<TensorShardingAttr> in = manual.getInShardings().getShardings();
    for (auto [i, operand] : llvm::enumerate(op->getOpOperands()))
      if (i < in.size())
        reshardOperand(operand, in[i]);
    SmallVector<TensorShardingAttr> out;
    for (TensorShardingAttr s : manual.getOutShardings().getShardings())
      out.push_back(
          closeDimensions(removeAxes(s, manual.getManualAxes().getValue())));
    reshardTerminator(manual.getBody(), out);
    return true;
  }
  return false;
}

void processReturn(func::ReturnOp ret) {
  auto func = dyn_cast<func::FuncOp>(ret->getParentOp());
  if (!func)
    return;
  for (auto [i, operand] : llvm::enumerate(ret->getOpOperands()))
    reshardOperand(operand, func.getResultAttrOfType<TensorShardingAttr>(
                                i, SdyDialect::kShardingAttr));
}

/// Folds reshard(reshard(x)) with a single-use inner reshard and removes
/// reshards to the layout their operand already has: the ReshardOp
/// canonicalization patterns, in two walks so that a reshard folded in the
/// first is checked against its new operand in the second.
void cleanUpReshards(Operation *root) {
  RewritePatternSet set(root->getContext());
  ReshardOp::getCanonicalizationPatterns(set, root->getContext());
  FrozenRewritePatternSet patterns(std::move(set));
  walkAndApplyPatterns(root, patterns);
  walkAndApplyPatterns(root, patterns);
}

struct InsertExplicitReshardsPass
    : impl::InsertExplicitReshardsPassBase<InsertExplicitReshardsPass> {
  using InsertExplicitReshardsPassBase::InsertExplicitReshardsPassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!enableFullVersion) {
      insertNonFullVersionReshards(func);
      return;
    }
    SmallVector<Operation *> ops;
    func.walk([&](Operation *op) {
      if (op != func.getOperation())
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto ret = dyn_cast<func::ReturnOp>(op)) {
        processReturn(ret);
        continue;
      }
      if (processDataFlowOp(op))
        continue;
      if (op->getDialect() && isa<SdyDialect>(op->getDialect()))
        continue;
      if (op->hasTrait<OpTrait::IsTerminator>())
        continue;
      if (processReplicatedOp(op, reshardOperand))
        continue;
      OpShardingRuleAttr rule = getOrCreateShardingRule(op);
      if (!rule)
        continue;
      processRuleOp(op, rule);
    }
    cleanUpReshards(func);
  }
};

} // namespace

} // namespace mlir::sdy
