//===- FactorPropagation.cpp - one propagation step on one op -------------===//

#include "transforms/propagation/FactorPropagation.h"

#include "ir/sdy/ShardingLayout.h"

#include <numeric>

using namespace mlir;
using namespace mlir::sdy;

namespace {

/// True if `prefix` is a prefix of `axes`, where its last axis may also be a
/// sub-axis prefix of the axis at that position (`"y":(1)2` of `"y"`): an
/// open tensor holding `prefix` can grow to `axes`.
bool isGrowablePrefix(ArrayRef<AxisRefAttr> prefix,
                      ArrayRef<AxisRefAttr> axes) {
  if (prefix.size() > axes.size())
    return false;
  if (prefix.empty())
    return true;
  size_t last = prefix.size() - 1;
  return llvm::equal(prefix.take_front(last), axes.take_front(last)) &&
         (prefix[last] == axes[last] || prefix[last].prefixOf(axes[last]));
}

/// The longest list every tensor agrees with: at each position all tensors
/// that are long enough hold the same axis (shorter tensors are prefixes and
/// agree; with `closedStops`, a shorter closed one does not). Tensors that
/// disagree leave their common prefix. Where they hold
/// sub-axes of which one is a prefix of the others, the largest continues
/// the list if every tensor holding a smaller one ends there and may grow;
/// otherwise the smallest ends the list. As in Shardy, a closed tensor stops
/// basic propagation but only keeps its own sharding in aggressive.
SmallVector<AxisRefAttr>
getCompatibleMajorAxes(ArrayRef<ArrayRef<AxisRefAttr>> lists,
                       ArrayRef<bool> closed, bool closedStops,
                       bool allowSubAxes) {
  SmallVector<AxisRefAttr> result;
  for (size_t i = 0;; ++i) {
    SmallVector<AxisRefAttr> atI;
    for (auto [list, isClosed] : llvm::zip(lists, closed)) {
      if (list.size() > i)
        atI.push_back(list[i]);
      else if (isClosed && closedStops)
        return result;
    }
    if (atI.empty())
      return result;
    if (llvm::all_equal(atI)) {
      result.push_back(atI.front());
      continue;
    }
    if (!allowSubAxes)
      return result;
    auto isPrefixOfAll = [&](AxisRefAttr candidate) {
      return llvm::all_of(
          atI, [&](AxisRefAttr other) { return candidate.prefixOf(other); });
    };
    auto isGrownByAll = [&](AxisRefAttr candidate) {
      return llvm::all_of(llvm::zip(lists, closed), [&](auto pair) {
        auto [list, isClosed] = pair;
        if (list.size() <= i || list[i] == candidate)
          return true;
        return !(isClosed && closedStops) && list.size() == i + 1 &&
               list[i].prefixOf(candidate);
      });
    };
    auto grown = llvm::find_if(atI, isGrownByAll);
    if (grown != atI.end()) {
      result.push_back(*grown);
      continue;
    }
    for (AxisRefAttr candidate : atI)
      if (isPrefixOfAll(candidate)) {
        result.push_back(candidate);
        break;
      }
    return result;
  }
}

/// The largest sub-axis prefix of `axis` of a size dividing `limit`, or null.
AxisRefAttr getDividingPrefix(AxisRefAttr axis, int64_t limit, MeshAttr mesh) {
  int64_t size = axis.getSize(mesh);
  int64_t g = std::gcd(size, limit);
  if (g <= 1)
    return {};
  if (g == size)
    return axis;
  return AxisRefAttr::get(axis.getContext(), axis.getName(),
                          axis.getSubAxisPreSize(), g);
}

/// The largest prefix of `axis` that overlaps none of `used`, or null.
AxisRefAttr getNonOverlappingPrefix(AxisRefAttr axis,
                                    ArrayRef<AxisRefAttr> used, MeshAttr mesh) {
  int64_t pre = axis.getSubAxisPreSize();
  int64_t end = pre * axis.getSize(mesh);
  for (AxisRefAttr other : used) {
    if (!axis.overlaps(other))
      continue;
    if (!other.isSubAxis() || other.getSubAxisPreSize() <= pre)
      return {};
    end = std::min(end, other.getSubAxisPreSize());
  }
  if (end % pre != 0)
    return {};
  int64_t size = end / pre;
  if (size <= 1 || axis.getSize(mesh) % size != 0)
    return {};
  if (size == axis.getSize(mesh))
    return axis;
  return AxisRefAttr::get(axis.getContext(), axis.getName(), pre, size);
}

/// `candidate` cut where it stops fitting factor `factor` of `tensor`: at an
/// axis the tensor uses elsewhere or replicates, or where the factor would
/// become indivisible (non-minor-most factors; as in Shardy, a minor-most
/// factor takes axes beyond its size too, the partitioner pads it).
SmallVector<AxisRefAttr>
truncateForTensor(ArrayRef<AxisRefAttr> candidate,
                  const TensorFactorShardings &tensor, int64_t factor,
                  const FactorSharding &sharding,
                  const FactorPropagationOptions &opt) {
  SmallVector<AxisRefAttr> used = tensor.getAxesUsedOutside(factor);
  int64_t factorSize = opt.rule.getFactorSizes()[factor];
  bool allowSubAxes = !opt.conservative;
  SmallVector<AxisRefAttr> result;
  int64_t product = 1;
  for (size_t position = 0; position < candidate.size(); ++position) {
    AxisRefAttr axis = candidate[position];
    if (position >= sharding.axisRefs.size() &&
        llvm::any_of(tensor.blockedAxisNames, [&](StringAttr name) {
          return name.getValue() == axis.getName();
        }))
      break;
    AxisRefAttr usable = axis;
    if (llvm::any_of(used, [&](AxisRefAttr u) { return axis.overlaps(u); })) {
      usable = allowSubAxes ? getNonOverlappingPrefix(axis, used, opt.mesh)
                            : AxisRefAttr();
      if (!usable)
        break;
    }
    int64_t size = usable.getSize(opt.mesh);
    bool divisible = factorSize % (product * size) == 0;
    bool ok = divisible || sharding.isMinorMost;
    if (!ok) {
      AxisRefAttr prefix =
          allowSubAxes && factorSize % product == 0
              ? getDividingPrefix(usable, factorSize / product, opt.mesh)
              : AxisRefAttr();
      if (prefix)
        result.push_back(prefix);
      break;
    }
    result.push_back(usable);
    product *= size;
    if (usable != axis)
      break; // only a part of the axis fit
  }
  return result;
}

bool mayUpdate(int64_t tensorIndex, int64_t numOperands,
               PropagationDirection direction) {
  bool isResult = tensorIndex >= numOperands;
  switch (direction) {
  case PropagationDirection::BOTH:
    return true;
  case PropagationDirection::FORWARD:
    return isResult;
  case PropagationDirection::BACKWARD:
    return !isResult;
  case PropagationDirection::NONE:
    return false;
  }
  return false;
}

} // namespace

SmallVector<bool>
mlir::sdy::propagateFactors(ShardingProjection &projection,
                            const FactorPropagationOptions &options) {
  int64_t numTensors = projection.getNumTensors();
  int64_t numOperands = projection.operands.size();
  SmallVector<bool> changed(numTensors, false);
  OpShardingRuleAttr rule = options.rule;

  auto sizeOf = [&](int64_t t) -> int64_t {
    return t < static_cast<int64_t>(options.tensorSizes.size())
               ? options.tensorSizes[t]
               : 0;
  };

  // Candidate axes per factor, and the order to apply them in.
  struct Candidate {
    int64_t factor;
    SmallVector<AxisRefAttr> axes;
    int64_t sourceSize = 0;
    int64_t sourceIndex = 0;
  };
  SmallVector<Candidate> candidates;
  for (int64_t factor = 0; factor < rule.getNumFactors(); ++factor) {
    // Need-replication and permutation factors still propagate (as in
    // Shardy): the partitioner, not propagation, replicates them locally.
    if (rule.isBlockedPropagationFactor(factor))
      continue;
    if (options.factorFilter && !options.factorFilter(factor))
      continue;
    SmallVector<ArrayRef<AxisRefAttr>> lists;
    SmallVector<bool> closed;
    SmallVector<int64_t> holders;
    bool resultsFirst = options.aggressive && options.resultsFirst;
    for (int64_t t = 0; t < numTensors; ++t) {
      auto it = projection.getTensor(t).factors.find(factor);
      if (it == projection.getTensor(t).factors.end())
        continue;
      lists.push_back(it->second.axisRefs);
      // Aggressive propagation ignores closed dimensions, except those of an
      // elementwise op's results.
      closed.push_back(
          it->second.isClosed &&
          (!options.aggressive || (resultsFirst && t >= numOperands)));
      holders.push_back(t);
    }
    if (lists.size() < 2)
      continue;
    Candidate candidate{
        factor, getCompatibleMajorAxes(lists, closed,
                                       !options.aggressive || resultsFirst,
                                       !options.conservative)};
    if (options.aggressive) {
      // One source tensor per factor: the largest tensor holding all the
      // compatible axes (the first of equal ones; on an elementwise op a
      // result before the operands).
      int64_t best = -1;
      auto better = [&](int64_t t) {
        if (best < 0)
          return true;
        if (resultsFirst && (t >= numOperands) != (best >= numOperands))
          return t >= numOperands;
        return sizeOf(t) > sizeOf(best);
      };
      for (auto [list, t] : llvm::zip(lists, holders)) {
        if (list.empty() || list != ArrayRef(candidate.axes))
          continue;
        if (better(t))
          best = t;
      }
      if (best >= 0) {
        ArrayRef<AxisRefAttr> source =
            projection.getTensor(best).factors[factor].axisRefs;
        candidate.axes.assign(source.begin(), source.end());
        candidate.sourceSize = sizeOf(best);
        candidate.sourceIndex = best;
      }
    }
    // On an elementwise op an axis a result uses for another factor stops
    // the factor there (as in Shardy): results keep their shardings whole.
    if (resultsFirst)
      for (int64_t t = numOperands; t < numTensors; ++t) {
        SmallVector<AxisRefAttr> used =
            projection.getTensor(t).getAxesUsedOutside(factor);
        for (size_t i = 0; i < candidate.axes.size(); ++i) {
          AxisRefAttr axis = candidate.axes[i];
          if (llvm::none_of(used,
                            [&](AxisRefAttr u) { return axis.overlaps(u); }))
            continue;
          // An axis partly used keeps its free major part.
          AxisRefAttr free =
              options.conservative
                  ? AxisRefAttr()
                  : getNonOverlappingPrefix(axis, used, options.mesh);
          candidate.axes.resize(free ? i + 1 : i);
          if (free)
            candidate.axes[i] = free;
          break;
        }
      }
    if (!candidate.axes.empty())
      candidates.push_back(std::move(candidate));
  }
  // Larger source tensors first, then lower source index, then factor
  // index; on an elementwise op (as in Shardy), factors sourced from a
  // result before all others, and more sharded factors before less sharded
  // ones of equal source size.
  bool elementwise = options.aggressive && options.resultsFirst;
  auto orderKey = [&](const Candidate &c) {
    bool fromOperand = elementwise && c.sourceIndex < numOperands;
    int64_t sharded = elementwise ? getAxesSize(c.axes, options.mesh) : 0;
    return std::make_tuple(fromOperand, -c.sourceSize, -sharded, c.sourceIndex,
                           c.factor);
  };
  llvm::sort(candidates, [&](const Candidate &a, const Candidate &b) {
    return orderKey(a) < orderKey(b);
  });

  for (Candidate &candidate : candidates) {
    int64_t factor = candidate.factor;
    PropagationDirection direction = options.factorDirection
                                         ? options.factorDirection(factor)
                                         : options.direction;
    // Tensors that would receive the axes limit them; others do not.
    auto receives = [&](int64_t t, ArrayRef<AxisRefAttr> axes) {
      TensorFactorShardings &tensor = projection.getTensor(t);
      auto it = tensor.factors.find(factor);
      if (it == tensor.factors.end())
        return false;
      const FactorSharding &sharding = it->second;
      return !sharding.isClosed && sharding.overflowAxes.empty() &&
             mayUpdate(t, numOperands, direction) &&
             ArrayRef(sharding.axisRefs) != axes &&
             isGrowablePrefix(sharding.axisRefs, axes);
    };
    auto fitFor = [&](int64_t t, ArrayRef<AxisRefAttr> axes) {
      TensorFactorShardings &tensor = projection.getTensor(t);
      return truncateForTensor(axes, tensor, factor, tensor.factors[factor],
                               options);
    };
    auto assign = [&](int64_t t, ArrayRef<AxisRefAttr> axes) {
      projection.getTensor(t).factors[factor].axisRefs.assign(axes.begin(),
                                                              axes.end());
      changed[t] = true;
    };
    if (options.aggressive) {
      // Each tensor takes as much of the source's axes as it can hold, in
      // factor order: an axis an earlier factor took in that tensor stops
      // a later one there only.
      for (int64_t t = 0; t < numTensors; ++t) {
        if (!receives(t, candidate.axes))
          continue;
        SmallVector<AxisRefAttr> axes = fitFor(t, candidate.axes);
        if (receives(t, axes))
          assign(t, axes);
      }
      continue;
    }
    SmallVector<AxisRefAttr> axes = candidate.axes;
    for (int64_t t = 0; t < numTensors; ++t)
      if (receives(t, axes))
        axes = fitFor(t, axes);
    for (int64_t t = 0; t < numTensors; ++t)
      if (receives(t, axes))
        assign(t, axes);
  }
  return changed;
}
