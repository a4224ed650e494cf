//===- ConcatenateReshards.cpp - reshards around concatenates -------------===//
//
// The concatenated dimension needs replication, so when a concatenate's
// operands and result disagree the consistent sharding leaves it unsharded
// and hands its axes to the other dimensions, where they keep the shards as
// small as before.
//
//===----------------------------------------------------------------------===//

#include "transforms/export/ConcatenateReshards.h"
#include "transforms/export/UnreducedAllReduces.h"

#include "transforms/export/CallOperandReshards.h"
#include "transforms/export/DotReshards.h"

#include "ir/sdy/ShardingLayout.h"
#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "rules/ShardingRules.h"
#include "transforms/propagation/FactorSharding.h"

#include "mlir/IR/Builders.h"

namespace mlir::sdy {
namespace {

int64_t getNumElements(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return 1;
  return tensor.getNumElements();
}

/// True if every tensor that has a factor gives it the same axes.
bool isConsistent(const ShardingProjection &proj, int64_t numFactors) {
  for (int64_t f = 0; f < numFactors; ++f) {
    const FactorSharding *first = nullptr;
    for (int64_t t = 0; t < proj.getNumTensors(); ++t) {
      const TensorFactorShardings &tensor =
          const_cast<ShardingProjection &>(proj).getTensor(t);
      auto it = tensor.factors.find(f);
      if (it == tensor.factors.end())
        continue;
      if (!first) {
        first = &it->second;
        continue;
      }
      if (first->axisRefs != it->second.axisRefs ||
          first->overflowAxes != it->second.overflowAxes)
        return false;
    }
  }
  return true;
}

/// The major part of `axis` that no axis of `taken` overlaps (`axis`
/// itself if none does); nullopt if its first part is taken.
std::optional<AxisRefAttr>
getFreePrefix(AxisRefAttr axis, ArrayRef<AxisList> taken, MeshAttr mesh) {
  int64_t preSize = axis.getSubAxisPreSize();
  int64_t end = preSize * axis.getSize(mesh);
  for (const AxisList &axes : taken)
    for (AxisRefAttr other : axes) {
      if (!axis.overlaps(other))
        continue;
      int64_t otherPreSize = other.getSubAxisPreSize();
      if (otherPreSize <= preSize)
        return std::nullopt;
      end = std::min(end, otherPreSize);
    }
  if (end == preSize * axis.getSize(mesh))
    return axis;
  return AxisRefAttr::get(axis.getContext(), axis.getName(), preSize,
                          end / preSize);
}

struct Candidate {
  int64_t factor;
  AxisList axes;
  int64_t weight = 0;
};

/// True if `a` sorts after `b`: axis by axis by name, then sub-axis
/// pre-size and size; a longer list after its prefix.
bool isAxesAfter(ArrayRef<AxisRefAttr> a, ArrayRef<AxisRefAttr> b,
                 MeshAttr mesh) {
  for (auto [x, y] : llvm::zip(a, b)) {
    if (x.getName() != y.getName())
      return x.getName() > y.getName();
    if (x.getSubAxisPreSize() != y.getSubAxisPreSize())
      return x.getSubAxisPreSize() > y.getSubAxisPreSize();
    if (x.getSize(mesh) != y.getSize(mesh))
      return x.getSize(mesh) > y.getSize(mesh);
  }
  return a.size() > b.size();
}

/// Per factor, the axes of the heaviest (factor, axes) candidates that fit
/// together: a candidate weighs the elements of the tensors whose factor
/// starts with its axes; one that extends its factor's axes without reusing
/// an axis taken elsewhere is taken, heaviest first (then the most shards,
/// then, as in Shardy, the axes that sort last by name), until none is
/// left.
SmallVector<AxisList> chooseFactorAxes(const ShardingProjection &proj,
                                       ArrayRef<int64_t> tensorSizes,
                                       int64_t numFactors, MeshAttr mesh) {
  SmallVector<Candidate> candidates;
  for (int64_t t = 0; t < proj.getNumTensors(); ++t) {
    const TensorFactorShardings &tensor =
        const_cast<ShardingProjection &>(proj).getTensor(t);
    for (const auto &entry : tensor.factors) {
      int64_t factor = entry.first;
      ArrayRef<AxisRefAttr> axes = entry.second.axisRefs;
      for (size_t length = 1; length <= axes.size(); ++length) {
        ArrayRef<AxisRefAttr> prefix = axes.take_front(length);
        auto it = llvm::find_if(candidates, [&](const Candidate &c) {
          return c.factor == factor && ArrayRef<AxisRefAttr>(c.axes) == prefix;
        });
        if (it == candidates.end()) {
          candidates.push_back({factor, AxisList(prefix), 0});
          it = candidates.end() - 1;
        }
        it->weight += tensorSizes[t];
      }
    }
  }
  SmallVector<AxisList> chosen(numFactors);
  // The axes `c` gives its factor once the axes taken by the factors are
  // cut out (an axis partly taken keeps its free major part); nullopt if
  // that does not extend the factor's axes.
  auto truncate = [&](const Candidate &c) -> std::optional<AxisList> {
    const AxisList &current = chosen[c.factor];
    if (c.axes.size() <= current.size() || !isAxesPrefix(current, c.axes))
      return std::nullopt;
    AxisList axes = current;
    for (AxisRefAttr axis :
         ArrayRef<AxisRefAttr>(c.axes).drop_front(current.size())) {
      std::optional<AxisRefAttr> free = getFreePrefix(axis, chosen, mesh);
      if (!free)
        break;
      axes.push_back(*free);
      if (*free != axis)
        break;
    }
    if (axes.size() == current.size())
      return std::nullopt;
    return axes;
  };
  while (true) {
    const Candidate *best = nullptr;
    AxisList bestAxes;
    for (const Candidate &c : candidates) {
      std::optional<AxisList> axes = truncate(c);
      if (!axes)
        continue;
      int64_t size = getAxesSize(*axes, mesh);
      int64_t bestSize = best ? getAxesSize(bestAxes, mesh) : 0;
      if (!best || c.weight > best->weight ||
          (c.weight == best->weight &&
           (size > bestSize ||
            (size == bestSize && isAxesAfter(*axes, bestAxes, mesh))))) {
        best = &c;
        bestAxes = std::move(*axes);
      }
    }
    if (!best)
      break;
    chosen[best->factor] = bestAxes;
  }
  return chosen;
}

/// Moves the axes of need-replication factors to the other factors, in
/// factor order: each axis goes to the first factor (not before the one the
/// previous axis went to) whose size is divisible by its axes and it.
void moveNeedReplicationAxes(OpShardingRuleAttr rule, MeshAttr mesh,
                             SmallVector<AxisList> &chosen) {
  SmallVector<int64_t> receivers;
  for (int64_t f = 0; f < rule.getNumFactors(); ++f)
    if (!rule.isNeedReplicationFactor(f))
      receivers.push_back(f);
  for (int64_t f : rule.getNeedReplicationFactors()) {
    AxisList axes = std::move(chosen[f]);
    chosen[f].clear();
    size_t next = 0;
    for (AxisRefAttr axis : axes) {
      int64_t axisSize = axis.getSize(mesh);
      while (next < receivers.size() &&
             rule.getFactorSizes()[receivers[next]] %
                     (getAxesSize(chosen[receivers[next]], mesh) * axisSize) !=
                 0)
        ++next;
      if (next == receivers.size())
        break;
      chosen[receivers[next]].push_back(axis);
    }
  }
}

/// The sharding of a tensor with `mapping` when the factors have `chosen`,
/// keeping the open/closed dimensions and priorities of `original`.
TensorShardingAttr buildSharding(ArrayRef<AxisList> chosen,
                                 TensorMappingAttr mapping,
                                 OpShardingRuleAttr rule,
                                 TensorShardingAttr original,
                                 Attribute meshOrRef, MeshAttr mesh) {
  if (!original)
    original =
        getFullyClosedSharding(mesh.getContext(), meshOrRef, mapping.getRank());
  TensorFactorShardings tensor;
  for (DimMappingAttr dim : mapping.getDimMappings()) {
    tensor.unmappedDimAxes.emplace_back();
    for (int64_t f : dim.getFactorIndices())
      tensor.factors[f].axisRefs = chosen[f];
  }
  return buildTensorSharding(tensor, mapping, rule.getFactorSizes(), original,
                             meshOrRef, mesh);
}

void reshardConcatenate(stablehlo::ConcatenateOp op) {
  OpShardingRuleAttr rule = getOrCreateShardingRule(op);
  if (!rule || op->getNumResults() != 1)
    return;
  SmallVector<TensorShardingAttr> operandShardings;
  for (Value operand : op->getOperands())
    operandShardings.push_back(getSharding(operand));
  TensorShardingAttr resultSharding = getSharding(op.getResult());
  TensorShardingAttr reference = resultSharding;
  for (TensorShardingAttr s : operandShardings)
    if (!reference)
      reference = s;
  if (!reference)
    return;
  Attribute meshOrRef = reference.getMeshOrRef();
  MeshAttr mesh = reference.getMesh(op);
  if (!mesh)
    return;
  // Tensors on another mesh are left to the partitioner.
  for (TensorShardingAttr s : operandShardings)
    if (s && s.getMeshOrRef() != meshOrRef)
      return;
  ShardingProjection proj =
      ShardingProjection::build(operandShardings, {resultSharding}, rule, mesh);
  if (isConsistent(proj, rule.getNumFactors()))
    return;

  SmallVector<int64_t> sizes;
  for (Value v : op->getOperands())
    sizes.push_back(getNumElements(v.getType()));
  sizes.push_back(getNumElements(op.getType()));
  SmallVector<AxisList> chosen =
      chooseFactorAxes(proj, sizes, rule.getNumFactors(), mesh);
  moveNeedReplicationAxes(rule, mesh, chosen);

  OpBuilder builder(op);
  for (auto [i, operand] : llvm::enumerate(op->getOpOperands())) {
    TensorShardingAttr target =
        buildSharding(chosen, rule.getOperandMappings()[i], rule,
                      operandShardings[i], meshOrRef, mesh);
    if (hasLayout(operandShardings[i], target,
                  getShardingRank(operand.get().getType())))
      continue;
    auto reshard = ReshardOp::create(builder, operand.get().getLoc(),
                                     operand.get(), target);
    operand.set(reshard);
  }
  TensorShardingAttr consistent =
      buildSharding(chosen, rule.getResultMappings()[0], rule, resultSharding,
                    meshOrRef, mesh);
  // An unsharded result stays without a sharding when it is to be
  // replicated anyway (as in Shardy).
  if (resultSharding || !consistent.isFullyReplicated())
    setSharding(op.getResult(), consistent);
  TensorShardingAttr original = resultSharding;
  if (!original)
    original = getFullyClosedSharding(op->getContext(), meshOrRef,
                                      op.getType().getRank());
  if (hasLayout(consistent, original, op.getType().getRank()))
    return;
  builder.setInsertionPointAfter(op);
  auto back = ReshardOp::create(builder, op.getLoc(), op.getResult(), original);
  op.getResult().replaceAllUsesExcept(back, back);
}

struct ConcatenateReshardsPass
    : PassWrapper<ConcatenateReshardsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ConcatenateReshardsPass)

  ConcatenateReshardsPass() = default;
  ConcatenateReshardsPass(const ConcatenateReshardsPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const override {
    return "sdy-insert-explicit-reshards";
  }
  StringRef getDescription() const override {
    return "Makes concatenates whose operands and result disagree "
           "consistent; reshards call operands to their callee's arguments.";
  }
  // Only printed: the pipeline reads back as the registered pass.
  Option<bool> enableFullVersion{*this, "enable-full-version",
                                 llvm::cl::desc("Always false here."),
                                 llvm::cl::init(false)};

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<SdyDialect>();
  }
  void runOnOperation() override {
    insertNonFullVersionReshards(getOperation());
  }
};

} // namespace

std::unique_ptr<Pass> createConcatenateReshardsPass() {
  return std::make_unique<ConcatenateReshardsPass>();
}

void insertNonFullVersionReshards(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<stablehlo::ConcatenateOp, stablehlo::DotOp, stablehlo::DotGeneralOp,
            func::CallOp>(op))
      ops.push_back(op);
  });
  SymbolTableCollection symbols;
  for (Operation *op : ops) {
    if (auto call = dyn_cast<func::CallOp>(op))
      reshardCallOperands(call, symbols);
    else if (auto concat = dyn_cast<stablehlo::ConcatenateOp>(op))
      reshardConcatenate(concat);
    else
      reshardDot(op);
  }
  insertUnreducedAllReduces(func);
}

} // namespace mlir::sdy
