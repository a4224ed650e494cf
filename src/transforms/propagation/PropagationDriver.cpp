//===- PropagationDriver.cpp - propagation to a fixed point ---------------===//

#include "transforms/propagation/PropagationDriver.h"

#include <deque>
#include <set>

#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/OpClasses.h"
#include "ir/utils/DataFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "rules/ShardingRules.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

/// True if `sharding` has no axes (sharded, replicated or unreduced) and no
/// closed dimension: it says nothing a missing sharding does not.
bool isOpenWithoutAxes(TensorShardingAttr sharding) {
  return sharding.getReplicatedAxes().empty() &&
         sharding.getUnreducedAxes().empty() &&
         llvm::all_of(sharding.getDimShardings(), [](DimensionShardingAttr d) {
           return d.getAxes().empty() && !d.getIsClosed();
         });
}

/// Ops whose every factor passes through unchanged (op-priority round 1).
bool isPassThroughOp(Operation *op) {
  return stablehlo::isElementwise(op) ||
         isa<stablehlo::ReshapeOp, stablehlo::TransposeOp,
             stablehlo::DynamicSliceOp, stablehlo::DynamicUpdateSliceOp>(op);
}

/// A rule that maps every dimension of `type` to its own factor, shared by
/// all `numOperands` + `numResults` tensors.
OpShardingRuleAttr getIdentityRule(Type type, int64_t numOperands,
                                   int64_t numResults) {
  MLIRContext *ctx = type.getContext();
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape() || shaped.getRank() == 0)
    return {};
  SmallVector<DimMappingAttr> dims;
  for (int64_t dim = 0; dim < shaped.getRank(); ++dim)
    dims.push_back(DimMappingAttr::get(ctx, {dim}));
  auto mapping = TensorMappingAttr::get(ctx, dims);
  SmallVector<TensorMappingAttr> operands(numOperands, mapping);
  SmallVector<TensorMappingAttr> results(numResults, mapping);
  return OpShardingRuleAttr::get(ctx, shaped.getShape(), operands, results, {},
                                 {}, {}, {}, /*isCustomRule=*/false);
}

/// Factors of `rule` that Shardy's own rule for `op` makes pass-through
/// where sdy's needs replication (sdy's partitioner then replicates them):
/// the inserted dimensions of a scatter's inputs and the updated dimensions
/// of a dynamic_update_slice's operand. The op-priority round of
/// pass-through factors propagates them, as in Shardy.
SmallVector<int64_t> getShardyPassThroughFactors(Operation *op,
                                                 OpShardingRuleAttr rule) {
  SmallVector<int64_t> dims;
  if (auto scatter = dyn_cast<stablehlo::ScatterOp>(op)) {
    llvm::append_range(
        dims, scatter.getScatterDimensionNumbers().getInsertedWindowDims());
  } else if (auto update = dyn_cast<stablehlo::DynamicUpdateSliceOp>(op)) {
    auto operandType =
        dyn_cast<RankedTensorType>(update.getOperand().getType());
    auto updateType = dyn_cast<RankedTensorType>(update.getUpdate().getType());
    if (!operandType || !updateType)
      return {};
    for (int64_t dim = 0; dim < operandType.getRank(); ++dim)
      if (operandType.getDimSize(dim) != updateType.getDimSize(dim))
        dims.push_back(dim);
  }
  SmallVector<int64_t> factors;
  if (rule.getNumOperands() == 0)
    return factors;
  ArrayRef<DimMappingAttr> mappings =
      rule.getOperandMappings().front().getDimMappings();
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= static_cast<int64_t>(mappings.size()))
      continue;
    for (int64_t factor : mappings[dim].getFactorIndices())
      if (rule.isNeedReplicationFactor(factor))
        factors.push_back(factor);
  }
  return factors;
}

int64_t getNumElements(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && shaped.hasStaticShape() ? shaped.getNumElements() : 0;
}

} // namespace

PropagationDriver::PropagationDriver(ModuleOp module,
                                     const PropagationConfig &config)
    : module(module), config(config) {
  collectItems();
  if (!config.debugShardingOrigins)
    return;
  for (const Item &item : items) {
    for (const ShardingSlot &slot : item.operands)
      slotOfKey.try_emplace(getKey(slot), slot);
    for (const ShardingSlot &slot : item.results)
      slotOfKey.try_emplace(getKey(slot), slot);
  }
  // User shardings: function inputs/outputs, constraints, groups; any other
  // sharding present before propagation is the op's own ("self").
  int64_t constraintIndex = 0;
  module.walk([&](Operation *op) {
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      if (func.isExternal())
        return;
      for (BlockArgument arg : func.getArguments())
        labelSlot(ShardingSlot::forValue(arg),
                  ("input: " + Twine(arg.getArgNumber())).str());
      for (unsigned i = 0; i < func.getNumResults(); ++i)
        labelSlot(ShardingSlot{ShardingSlot::Kind::kFuncResult, Value(), op, i,
                               func.getResultTypes()[i]},
                  ("output: " + Twine(i)).str());
      return;
    }
    if (auto constraint = dyn_cast<ShardingConstraintOp>(op)) {
      std::string name = ("constraint_" + Twine(constraintIndex++)).str();
      constraint->setAttr("sdy.sharding_origin_name",
                          StringAttr::get(op->getContext(), name));
      labelSlot(ShardingSlot::forValue(constraint.getResult()), name);
      return;
    }
    if (auto group = dyn_cast<ShardingGroupOp>(op)) {
      labelSlot(ShardingSlot::forValue(group.getInput()),
                ("group_" + Twine(group.getGroupId())).str());
      return;
    }
    for (Value result : op->getResults())
      labelSlot(ShardingSlot::forValue(result), "self");
  });
}

namespace {
/// The function whose entry block `value` is an argument of, or null.
func::FuncOp getFunctionOfArgument(const ShardingSlot &slot) {
  if (slot.kind != ShardingSlot::Kind::kValue)
    return {};
  auto arg = dyn_cast<BlockArgument>(slot.value);
  if (!arg)
    return {};
  auto func = dyn_cast_or_null<func::FuncOp>(arg.getOwner()->getParentOp());
  if (!func || arg.getOwner() != &func.getBody().front())
    return {};
  return func;
}
} // namespace

TensorShardingAttr PropagationDriver::readSlot(const ShardingSlot &slot) const {
  if (getFunctionOfArgument(slot)) {
    auto it = pendingArgumentShardings.find(slot.value);
    if (it != pendingArgumentShardings.end())
      return it->second;
  }
  return slot.get();
}

bool PropagationDriver::writeSlot(const ShardingSlot &slot,
                                  TensorShardingAttr sharding) {
  if (getFunctionOfArgument(slot)) {
    pendingArgumentShardings[slot.value] = sharding;
    return true;
  }
  return slot.set(sharding);
}

void PropagationDriver::flushArgumentShardings() {
  llvm::MapVector<Operation *, SmallVector<std::pair<unsigned, Attribute>>>
      perFunction;
  for (auto &[value, sharding] : pendingArgumentShardings) {
    auto arg = cast<BlockArgument>(value);
    perFunction[arg.getOwner()->getParentOp()].push_back(
        {arg.getArgNumber(), sharding});
  }
  pendingArgumentShardings.clear();
  for (auto &[op, updates] : perFunction) {
    auto func = cast<func::FuncOp>(op);
    SmallVector<DictionaryAttr> argAttrs;
    func.getAllArgAttrs(argAttrs);
    for (auto &[index, sharding] : updates) {
      NamedAttrList attrs(argAttrs[index]);
      attrs.set(SdyDialect::kShardingAttr, sharding);
      argAttrs[index] = attrs.getDictionary(func.getContext());
    }
    func.setAllArgAttrs(argAttrs);
  }
}

void PropagationDriver::labelSlot(const ShardingSlot &slot, StringRef label) {
  TensorShardingAttr sharding = slot.get();
  if (!sharding)
    return;
  auto &axes = origins[getKey(slot)];
  StringAttr labelAttr = StringAttr::get(module.getContext(), label);
  sourceLabels.try_emplace(getKey(slot), labelAttr);
  for (DimensionShardingAttr dim : sharding.getDimShardings())
    for (AxisRefAttr axis : dim.getAxes())
      axes.insert({axis, labelAttr});
}

void PropagationDriver::inheritOrigins(const Item &item,
                                       const ShardingSlot &slot,
                                       TensorShardingAttr previous,
                                       TensorShardingAttr updated) {
  auto &mine = origins[getKey(slot)];
  auto had = [&](AxisRefAttr axis) {
    return previous &&
           llvm::any_of(previous.getDimShardings(),
                        [&](DimensionShardingAttr d) {
                          return llvm::is_contained(d.getAxes(), axis);
                        });
  };
  for (DimensionShardingAttr dim : updated.getDimShardings())
    for (AxisRefAttr axis : dim.getAxes()) {
      if (had(axis) || mine.count(axis))
        continue;
      // Any other slot of the item holding an overlapping axis it knows the
      // origin of.
      for (const ShardingSlot &other :
           llvm::concat<const ShardingSlot>(item.operands, item.results)) {
        if (getKey(other) == getKey(slot))
          continue;
        auto it = origins.find(getKey(other));
        if (it == origins.end())
          continue;
        for (auto &[otherAxis, label] : it->second)
          if (cast<AxisRefAttr>(otherAxis).overlaps(axis)) {
            mine.insert({axis, label});
            break;
          }
        if (mine.count(axis))
          break;
      }
    }
}

void PropagationDriver::writeShardingOrigins() {
  MLIRContext *ctx = module.getContext();
  constexpr StringLiteral kOrigins = "sdy.sharding_origins";
  StringAttr self = StringAttr::get(ctx, "self");
  auto toDict = [&](const llvm::SmallMapVector<Attribute, StringAttr, 4> &map,
                    StringAttr ownLabel) {
    SmallVector<NamedAttribute> entries;
    for (auto &[axis, label] : map) {
      std::string name = cast<AxisRefAttr>(axis).toString();
      name.erase(std::remove(name.begin(), name.end(), '"'), name.end());
      entries.emplace_back(StringAttr::get(ctx, name),
                           label == ownLabel ? self : label);
    }
    return DictionaryAttr::get(ctx, entries);
  };
  // Results of one op are written together.
  llvm::MapVector<Operation *, SmallVector<Attribute>> opOrigins;
  for (auto &[key, map] : origins) {
    if (map.empty())
      continue;
    auto slotIt = slotOfKey.find(key);
    if (slotIt == slotOfKey.end())
      continue;
    const ShardingSlot &slot = slotIt->second;
    DictionaryAttr dict = toDict(map, sourceLabels.lookup(key));
    if (slot.kind == ShardingSlot::Kind::kFuncResult) {
      cast<func::FuncOp>(slot.op).setResultAttr(slot.index, kOrigins, dict);
      continue;
    }
    if (slot.kind != ShardingSlot::Kind::kValue)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(slot.value)) {
      if (auto func =
              dyn_cast_or_null<func::FuncOp>(arg.getOwner()->getParentOp()))
        func.setArgAttr(arg.getArgNumber(), kOrigins, dict);
      continue;
    }
    auto result = cast<OpResult>(slot.value);
    SmallVector<Attribute> &perResult = opOrigins[result.getOwner()];
    perResult.resize(result.getOwner()->getNumResults(),
                     DictionaryAttr::get(ctx, {}));
    perResult[result.getResultNumber()] = dict;
  }
  for (auto &[op, perResult] : opOrigins)
    op->setAttr(kOrigins, isa<ShardingConstraintOp>(op)
                              ? perResult.front()
                              : Attribute(ArrayAttr::get(ctx, perResult)));
}

void PropagationDriver::reportConflicts() {
  for (const Item &item : items) {
    // Only ops with their own rules: identity relations report nothing new.
    if (item.isPassThroughOp && !isa<ShardingConstraintOp>(item.anchor) &&
        item.anchor->getDialect() && isa<SdyDialect>(item.anchor->getDialect()))
      continue;
    SmallVector<TensorShardingAttr> shardings;
    Attribute meshOrRef;
    bool sameMesh = true;
    for (const ShardingSlot &slot :
         llvm::concat<const ShardingSlot>(item.operands, item.results)) {
      shardings.push_back(slot.get());
      if (!shardings.back())
        continue;
      if (!meshOrRef)
        meshOrRef = shardings.back().getMeshOrRef();
      sameMesh &= meshOrRef == shardings.back().getMeshOrRef();
    }
    if (!meshOrRef || !sameMesh)
      continue;
    MeshAttr mesh = lookupMesh(item.anchor, meshOrRef);
    if (!mesh)
      continue;
    ArrayRef<TensorShardingAttr> all(shardings);
    ShardingProjection projection = ShardingProjection::build(
        all.take_front(item.operands.size()),
        all.drop_front(item.operands.size()), item.rule, mesh);
    for (int64_t factor = 0; factor < item.rule.getNumFactors(); ++factor) {
      if (!item.rule.isPassThroughFactor(factor) &&
          !item.rule.isReductionFactor(factor))
        continue;
      SmallVector<std::pair<int64_t, ArrayRef<AxisRefAttr>>> holders;
      for (int64_t t = 0; t < projection.getNumTensors(); ++t) {
        auto it = projection.getTensor(t).factors.find(factor);
        if (it != projection.getTensor(t).factors.end())
          holders.push_back({t, it->second.axisRefs});
      }
      auto describe = [&](int64_t t, ArrayRef<AxisRefAttr> axes) {
        std::string text =
            t < static_cast<int64_t>(item.operands.size())
                ? "operand " + std::to_string(t)
                : "result " + std::to_string(t - item.operands.size());
        text += " has [";
        llvm::interleave(
            axes, [&](AxisRefAttr a) { text += a.toString(); },
            [&] { text += ", "; });
        return text + "]";
      };
      for (size_t i = 0; i < holders.size(); ++i)
        for (size_t j = i + 1; j < holders.size(); ++j) {
          ArrayRef<AxisRefAttr> a = holders[i].second, b = holders[j].second;
          size_t n = std::min(a.size(), b.size());
          if (llvm::equal(a.take_front(n), b.take_front(n)))
            continue;
          item.anchor->emitRemark()
              << "sharding conflict on factor '"
              << OpShardingRuleAttr::getFactorName(factor) << "' of '"
              << item.anchor->getName()
              << "': " << describe(holders[i].first, a) << " but "
              << describe(holders[j].first, b) << "; a reshard will be needed";
          i = j = holders.size();
        }
    }
  }
}

PropagationDriver::SlotKey PropagationDriver::getKey(const ShardingSlot &slot) {
  constexpr unsigned kIn = 1u << 28, kOut = 2u << 28, kResult = 3u << 28;
  switch (slot.kind) {
  case ShardingSlot::Kind::kFuncResult:
    return {slot.op, kResult | slot.index};
  case ShardingSlot::Kind::kManualIn:
    return {slot.op, kIn | slot.index};
  case ShardingSlot::Kind::kManualOut:
  case ShardingSlot::Kind::kManualOutLocal:
    return {slot.op, kOut | slot.index};
  case ShardingSlot::Kind::kValue:
    break;
  }
  // A manual computation's result shares its out_sharding slot.
  if (auto result = dyn_cast<OpResult>(slot.value))
    if (isa<ManualComputationOp>(result.getOwner()))
      return {result.getOwner(), kOut | result.getResultNumber()};
  if (auto arg = dyn_cast<BlockArgument>(slot.value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<ManualComputationOp>(parent))
      return {parent, kIn | arg.getArgNumber()};
    // While block arguments share the sharding of the result's edge.
    if (Value owner = getDataFlowEdgeOwnerOfTarget(arg))
      for (Operation *user : owner.getUsers())
        if (auto edge = dyn_cast<DataFlowEdgeOp>(user))
          return {edge.getResult().getAsOpaquePointer(), 0};
  }
  return {slot.value.getAsOpaquePointer(), 0};
}

void PropagationDriver::addIdentityItem(Operation *anchor,
                                        ArrayRef<ShardingSlot> operands,
                                        ArrayRef<ShardingSlot> results,
                                        PropagationDirection direction) {
  if (operands.empty() && results.empty())
    return;
  Type type = operands.empty() ? results.front().type : operands.front().type;
  OpShardingRuleAttr rule =
      getIdentityRule(type, operands.size(), results.size());
  if (!rule)
    return;
  Item item{anchor, SmallVector<ShardingSlot>(operands),
            SmallVector<ShardingSlot>(results), rule, direction};
  item.isPassThroughOp = true;
  items.push_back(std::move(item));
}

void PropagationDriver::addRuleItem(Operation *op, OpShardingRuleAttr rule,
                                    bool hasOwnRule) {
  Item item{op, {}, {}, rule, PropagationDirection::BOTH};
  // A rule the op carried before propagation is taken as written.
  if (!hasOwnRule)
    item.shardyPassThroughFactors = getShardyPassThroughFactors(op, rule);
  for (Value operand : op->getOperands())
    item.operands.push_back(ShardingSlot::forValue(operand));
  for (Value result : op->getResults())
    item.results.push_back(ShardingSlot::forValue(result));
  StringRef name = op->getName().getStringRef();
  item.isPassThroughOp = isPassThroughOp(op);
  item.isBroadcast = name == "stablehlo.broadcast_in_dim";
  item.isDynamicSlice =
      isa<stablehlo::DynamicSliceOp, stablehlo::DynamicUpdateSliceOp>(op);
  item.isElementwise = stablehlo::isElementwise(op);
  // The start indices of a dynamic slice or update do not count (they are
  // scalars no sharding flows through).
  item.hasMultiUseOperand = llvm::any_of(op->getOperands(), [&](Value v) {
    if (item.isDynamicSlice && getShardingRank(v.getType()) == 0)
      return false;
    return !v.hasOneUse();
  });
  items.push_back(std::move(item));
}

void PropagationDriver::collectItems() {
  using Slot = ShardingSlot;
  llvm::MapVector<int64_t, SmallVector<ShardingSlot>> groups;
  // The results of a named computation are visited after its body, where
  // Shardy has their data-flow edges, so what flows in through the
  // arguments reaches the body first.
  SmallVector<NamedComputationOp> openNamed;
  auto closeNamed = [&](Operation *next) {
    while (!openNamed.empty() &&
           (!next || !openNamed.back()->isProperAncestor(next))) {
      NamedComputationOp named = openNamed.pop_back_val();
      for (auto [returned, result] :
           llvm::zip(named.getBody().front().getTerminator()->getOperands(),
                     named.getResults()))
        addIdentityItem(named, {Slot::forValue(returned)},
                        {Slot::forValue(result)});
    }
  };
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    closeNamed(op);
    // A function's results are visited before its body (as the real Shardy
    // does), so a returned value takes the result's sharding before its
    // producer has propagated anything into it.
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      for (Block &block : func.getBody())
        if (auto ret = dyn_cast<func::ReturnOp>(block.getTerminator()))
          for (auto [i, value] : llvm::enumerate(ret.getOperands()))
            addIdentityItem(ret, {Slot::forValue(value)},
                            {Slot{Slot::Kind::kFuncResult, Value(), func,
                                  static_cast<unsigned>(i), value.getType()}});
      return;
    }
    if (isa<func::ReturnOp>(op))
      return;
    if (auto constraint = dyn_cast<ShardingConstraintOp>(op)) {
      addIdentityItem(op, {Slot::forValue(constraint.getInput())},
                      {Slot::forValue(constraint.getResult())});
      // As an elementwise op, a constraint waits for the round admitting
      // multi-use operands when its input has other uses (as in Shardy).
      if (!items.empty() && items.back().anchor == op)
        items.back().hasMultiUseOperand = !constraint.getInput().hasOneUse();
      return;
    }
    if (auto barrier = dyn_cast<PropagationBarrierOp>(op)) {
      addIdentityItem(op, {Slot::forValue(barrier.getInput())},
                      {Slot::forValue(barrier.getResult())},
                      barrier.getAllowedDirection());
      return;
    }
    if (auto edge = dyn_cast<DataFlowEdgeOp>(op)) {
      SmallVector<ShardingSlot> sources;
      for (Value source : getDataFlowEdgeSources(edge.getInput()))
        sources.push_back(Slot::forValue(source));
      // A while's body return comes before its operand (where they
      // conflict, the body's sharding wins, as in Shardy).
      if (isa_and_nonnull<stablehlo::WhileOp>(
              edge.getInput().getDefiningOp()) &&
          sources.size() == 2)
        std::swap(sources[0], sources[1]);
      addIdentityItem(op, sources, {Slot::forValue(edge.getResult())});
      return;
    }
    if (auto group = dyn_cast<ShardingGroupOp>(op)) {
      groups[group.getGroupId()].push_back(Slot::forValue(group.getInput()));
      return;
    }
    if (auto named = dyn_cast<NamedComputationOp>(op)) {
      Block &body = named.getBody().front();
      for (auto [operand, arg] :
           llvm::zip(named.getOperands(), body.getArguments()))
        addIdentityItem(op, {Slot::forValue(operand)}, {Slot::forValue(arg)});
      openNamed.push_back(named);
      return;
    }
    if (auto manual = dyn_cast<ManualComputationOp>(op)) {
      Block &body = manual.getBody().front();
      for (auto [i, operand] : llvm::enumerate(manual.getOperands()))
        addIdentityItem(op, {Slot::forValue(operand)},
                        {Slot{Slot::Kind::kManualIn, Value(), op,
                              static_cast<unsigned>(i), operand.getType()}});
      for (auto [i, result] : llvm::enumerate(manual.getResults())) {
        Slot out{Slot::Kind::kManualOut, Value(), op, static_cast<unsigned>(i),
                 result.getType()};
        addIdentityItem(op, {out}, {Slot::forValue(result)});
        Value returned = body.getTerminator()->getOperand(i);
        addIdentityItem(op, {Slot::forValue(returned)},
                        {Slot{Slot::Kind::kManualOutLocal, Value(), op,
                              static_cast<unsigned>(i), returned.getType()}});
      }
      return;
    }
    if (op->getDialect() && isa<SdyDialect>(op->getDialect()))
      return;
    // Data-flow ops propagate through their sdy.data_flow_edge ops.
    if (isDataFlowOp(op) || isa<func::FuncOp, ModuleOp>(op))
      return;
    bool hasOwnRule = op->hasAttr(SdyDialect::kShardingRuleAttr);
    if (OpShardingRuleAttr rule = getOrCreateShardingRule(
            op, config.conservative, config.keepShardingRules))
      addRuleItem(op, rule, hasOwnRule);
  });
  closeNamed(nullptr);
  for (auto &[id, members] : groups) {
    if (members.size() < 2)
      continue;
    // Members without a sharding start with the first member's sharding (as
    // in Shardy), so a closed dimension there binds the whole group.
    auto sharded = llvm::find_if(
        members, [](const ShardingSlot &member) { return member.get(); });
    if (sharded != members.end())
      for (const ShardingSlot &member : members)
        if (!member.get())
          member.set(sharded->get());
    addIdentityItem(module, members, {});
  }

  for (auto [index, item] : llvm::enumerate(items)) {
    for (const ShardingSlot &slot : item.operands)
      itemsOfSlot[getKey(slot)].push_back(index);
    for (const ShardingSlot &slot : item.results)
      itemsOfSlot[getKey(slot)].push_back(index);
  }
}

bool PropagationDriver::admits(const Item &item, OpPriorityRound round) const {
  switch (round) {
  case OpPriorityRound::kPassThroughSingleUse:
    return item.isPassThroughOp && !item.hasMultiUseOperand;
  case OpPriorityRound::kPassThrough:
    return item.isPassThroughOp;
  default:
    return true;
  }
}

SmallVector<const ShardingSlot *>
PropagationDriver::visit(const Item &item, OpPriorityRound round,
                         int64_t visiblePriority,
                         PropagationStrategy strategy) {
  SmallVector<const ShardingSlot *> changedSlots;
  SmallVector<const ShardingSlot *> slots;
  for (const ShardingSlot &slot : item.operands)
    slots.push_back(&slot);
  for (const ShardingSlot &slot : item.results)
    slots.push_back(&slot);

  // All existing shardings must be on one mesh.
  SmallVector<TensorShardingAttr> shardings;
  Attribute meshOrRef;
  for (const ShardingSlot *slot : slots) {
    TensorShardingAttr sharding = readSlot(*slot);
    if (sharding && sharding.getRank() != getShardingRank(slot->type))
      return changedSlots;
    shardings.push_back(sharding);
    if (!sharding)
      continue;
    if (!meshOrRef)
      meshOrRef = sharding.getMeshOrRef();
    else if (meshOrRef != sharding.getMeshOrRef())
      return changedSlots; // no propagation between different meshes
  }
  if (!meshOrRef)
    return changedSlots;
  MeshAttr mesh = lookupMesh(item.anchor, meshOrRef);
  if (!mesh || mesh.getAxes().empty())
    return changedSlots;

  ArrayRef<TensorShardingAttr> all(shardings);
  size_t numOperands = item.operands.size();
  ShardingProjection projection = ShardingProjection::build(
      all.take_front(numOperands), all.drop_front(numOperands), item.rule, mesh,
      visiblePriority);
  for (auto [index, slot] : llvm::enumerate(slots))
    projection.getTensor(index).blockedAxisNames = slot->getBlockedAxisNames();

  SmallVector<int64_t> sizes;
  for (const ShardingSlot *slot : slots)
    sizes.push_back(getNumElements(slot->type));

  OpShardingRuleAttr rule = item.rule;
  bool passThroughFactorsOnly =
      round == OpPriorityRound::kPassThroughFactorsBroadcastBackward;
  bool broadcastBackwardOnly =
      item.isBroadcast && round != OpPriorityRound::kAll;
  auto factorFilter = [&](int64_t factor) {
    return !passThroughFactorsOnly || rule.isPassThroughFactor(factor) ||
           llvm::is_contained(item.shardyPassThroughFactors, factor);
  };

  FactorPropagationOptions options;
  options.mesh = mesh;
  options.rule = rule;
  options.direction =
      broadcastBackwardOnly ? PropagationDirection::BACKWARD : item.direction;
  // As in Shardy, dynamic slices and updates are pass-through ops that only
  // propagate forward in the pass-through rounds.
  if (item.isDynamicSlice && round <= OpPriorityRound::kPassThrough)
    options.direction = PropagationDirection::FORWARD;
  options.conservative = config.conservative;
  options.aggressive = strategy == PropagationStrategy::kAggressive;
  options.tensorSizes = sizes;
  options.factorFilter = factorFilter;
  options.resultsFirst = item.isElementwise;

  SmallVector<bool> changed = propagateFactors(projection, options);
  for (auto [index, slot] : llvm::enumerate(slots)) {
    if (!changed[index])
      continue;
    TensorMappingAttr mapping =
        index < numOperands ? rule.getOperandMappings()[index]
                            : rule.getResultMappings()[index - numOperands];
    TensorShardingAttr updated = buildTensorSharding(
        projection.getTensor(index), mapping, rule.getFactorSizes(),
        shardings[index], meshOrRef, mesh, visiblePriority);
    if (updated == shardings[index])
      continue;
    // A value without a sharding stays without one when the factors it got
    // cannot be expressed on its dimensions (a minor factor of a dimension
    // whose major factor is unsharded), as in Shardy.
    if (!shardings[index] && isOpenWithoutAxes(updated))
      continue;
    if (writeSlot(*slot, updated)) {
      changedSlots.push_back(slot);
      if (config.debugShardingOrigins)
        inheritOrigins(item, *slot, shardings[index], updated);
    }
  }
  return changedSlots;
}

LogicalResult PropagationDriver::run(OpPriorityRound round,
                                     int64_t visiblePriority,
                                     PropagationStrategy strategy) {
  if (strategy == PropagationStrategy::kBasicThenAggressive) {
    if (failed(run(round, visiblePriority, PropagationStrategy::kBasic)))
      return failure();
    return run(round, visiblePriority, PropagationStrategy::kAggressive);
  }
  // A stack, as in Shardy's greedy driver: items are taken in program order
  // and the neighbours of a changed value go on top (depth first).
  std::deque<unsigned> worklist;
  std::vector<bool> queued(items.size(), false);
  for (unsigned i = items.size(); i-- > 0;)
    if (admits(items[i], round)) {
      worklist.push_back(i);
      queued[i] = true;
    }
  // Each visit only adds axes, so a fixed point is reached; the bound guards
  // against a bug turning into a hang.
  uint64_t budget = 64 * static_cast<uint64_t>(items.size()) + 1024;
  while (!worklist.empty()) {
    if (budget-- == 0) {
      flushArgumentShardings();
      return module.emitError()
             << "sharding propagation did not reach a fixed point";
    }
    unsigned index = worklist.back();
    worklist.pop_back();
    queued[index] = false;
    for (const ShardingSlot *slot :
         visit(items[index], round, visiblePriority, strategy)) {
      auto it = itemsOfSlot.find(getKey(*slot));
      if (it == itemsOfSlot.end())
        continue;
      for (unsigned other : llvm::reverse(it->second))
        if (other != index && !queued[other] && admits(items[other], round)) {
          worklist.push_back(other);
          queued[other] = true;
        }
    }
  }
  flushArgumentShardings();
  return success();
}

SmallVector<int64_t> PropagationDriver::getUserPriorities() const {
  std::set<int64_t> priorities = {0};
  ModuleOp(module).walk([&](Operation *op) {
    transformShardings(op, [&](TensorShardingAttr sharding) {
      for (DimensionShardingAttr dim : sharding.getDimShardings())
        if (dim.getPriority())
          priorities.insert(*dim.getPriority());
      return sharding;
    });
  });
  return SmallVector<int64_t>(priorities.begin(), priorities.end());
}
