//===- HaloExchange.cpp - sharded windows of reduce_window ----------------===//
//
// Along a windowed dimension of global input size N and result size M,
// split into k shards (n = N/k input rows and m = M/k result rows each),
// shard d computes the results [d·m, (d+1)·m), which read the padded input
// rows [d·m·s - low, d·m·s - low + (m-1)·s + w) for stride s, window w and
// low padding `low`. It holds the rows [d·n, (d+1)·n), so it receives the
// last `left` rows of shard d-1 and the first `right` rows of shard d+1
// (`left` and `right` are the largest shortfalls over all shards), and takes
// its window rows from that extended shard with a dynamic_slice when the
// offset differs between shards (as it does when M·s != N). Rows beyond the
// global edges are the padding, whose value is the init value.
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/HaloExchange.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "rules/OpShardingRuleBuilder.h"
#include "transforms/partition/CollectiveLowering.h"

namespace mlir::sdy {

namespace shlo = mlir::stablehlo;

namespace {

/// The window of one dimension; dilations are 1.
struct WindowDim {
  int64_t size = 1;
  int64_t stride = 1;
  int64_t low = 0;
};

/// How a sharded dimension extends its shards: rows received from each
/// side, the window rows each shard index starts at in its extended shard,
/// and how many it takes.
struct HaloPlan {
  int64_t left = 0;
  int64_t right = 0;
  int64_t length = 0;
  SmallVector<int64_t> starts;
};

std::optional<WindowDim> getWindowDim(shlo::ReduceWindowOp op, int64_t dim) {
  auto at = [&](std::optional<ArrayRef<int64_t>> list) -> int64_t {
    return list && dim < static_cast<int64_t>(list->size()) ? (*list)[dim] : 1;
  };
  if (at(op.getBaseDilations()) != 1 || at(op.getWindowDilations()) != 1)
    return std::nullopt;
  WindowDim window{at(op.getWindowDimensions()), at(op.getWindowStrides()), 0};
  if (std::optional<DenseIntElementsAttr> padding = op.getPadding()) {
    if (padding->getNumElements() < 2 * (dim + 1))
      return std::nullopt;
    window.low = padding->getValues<int64_t>()[2 * dim];
  }
  if (window.size < 1 || window.stride < 1)
    return std::nullopt;
  return window;
}

std::optional<HaloPlan> planHalo(const WindowDim &window, int64_t inputSize,
                                 int64_t resultSize, int64_t shards) {
  if (shards <= 1 || inputSize % shards != 0 || resultSize % shards != 0 ||
      resultSize == 0)
    return std::nullopt;
  int64_t n = inputSize / shards, m = resultSize / shards;
  HaloPlan plan;
  plan.length = (m - 1) * window.stride + window.size;
  for (int64_t d = 0; d < shards; ++d) {
    int64_t first = d * m * window.stride - window.low;
    plan.left = std::max(plan.left, d * n - first);
    plan.right = std::max(plan.right, first + plan.length - (d + 1) * n);
  }
  // Only the direct neighbours send rows.
  if (plan.left > n || plan.right > n)
    return std::nullopt;
  for (int64_t d = 0; d < shards; ++d)
    plan.starts.push_back(d * m * window.stride - window.low - d * n +
                          plan.left);
  return plan;
}

/// The dimension of the inputs that `factor` maps to, or -1.
int64_t getFactorDim(OpShardingRuleAttr rule, int64_t factor) {
  if (rule.getOperandMappings().empty())
    return -1;
  for (auto [dim, mapping] :
       llvm::enumerate(rule.getOperandMappings().front().getDimMappings()))
    if (llvm::is_contained(mapping.getFactorIndices(), factor))
      return dim;
  return -1;
}

RankedTensorType withDim(RankedTensorType type, int64_t dim, int64_t size) {
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = size;
  return type.clone(shape);
}

Value sliceRows(OpBuilder &b, Location loc, Value value, int64_t dim,
                int64_t begin, int64_t end) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> starts(type.getRank(), 0), strides(type.getRank(), 1);
  SmallVector<int64_t> limits(type.getShape());
  starts[dim] = begin;
  limits[dim] = end;
  return shlo::SliceOp::create(b, loc, withDim(type, dim, end - begin), value,
                               starts, limits, strides);
}

/// The devices of `axes`: per group, the device ids by shard index.
SmallVector<SmallVector<int64_t>> getShardGroups(MeshAttr mesh,
                                                 ArrayRef<AxisRefAttr> axes) {
  DenseIntElementsAttr groups = partition::getDeviceGroups(mesh, axes);
  int64_t size = getAxesSize(axes, mesh);
  SmallVector<SmallVector<int64_t>> result;
  for (auto [i, id] : llvm::enumerate(groups.getValues<int64_t>())) {
    if (i % size == 0)
      result.emplace_back();
    result.back().push_back(id);
  }
  return result;
}

/// Per device id, `valueOf(shard index)`.
SmallVector<int64_t> perDevice(ArrayRef<SmallVector<int64_t>> groups,
                               llvm::function_ref<int64_t(int64_t)> valueOf) {
  int64_t tableSize = 1;
  for (ArrayRef<int64_t> group : groups)
    for (int64_t id : group)
      tableSize = std::max(tableSize, id + 1);
  SmallVector<int64_t> table(tableSize, 0);
  for (ArrayRef<int64_t> group : groups)
    for (auto [index, id] : llvm::enumerate(group))
      table[id] = valueOf(index);
  return table;
}

/// Sends `edge` from each shard to the shard `step` (+1 or -1) away; the
/// shard without such a neighbour gets `fill` (the padding) instead.
Value shiftToNeighbour(partition::LocalEmitter &e, Location loc, Value edge,
                       Value fill, ArrayRef<SmallVector<int64_t>> groups,
                       int64_t step) {
  OpBuilder &b = e.builder;
  SmallVector<int64_t> pairs;
  for (ArrayRef<int64_t> group : groups)
    for (int64_t i = 0, size = group.size(); i < size; ++i)
      if (i + step >= 0 && i + step < size) {
        pairs.push_back(group[i]);
        pairs.push_back(group[i + step]);
      }
  auto pairsType = RankedTensorType::get(
      {static_cast<int64_t>(pairs.size() / 2), 2}, b.getI64Type());
  Value received = shlo::CollectivePermuteOp::create(
      b, loc, edge.getType(), edge, DenseIntElementsAttr::get(pairsType, pairs),
      e.channel());
  int64_t size = groups.front().size();
  int64_t edgeShard = step > 0 ? 0 : size - 1;
  Value isEdge = shlo::CompareOp::create(
      b, loc,
      e.lookup(loc, perDevice(groups,
                              [&](int64_t index) {
                                return index == edgeShard ? 1 : 0;
                              })),
      e.constantIndex(loc, 0), shlo::ComparisonDirection::NE);
  Value padding = shlo::BroadcastInDimOp::create(
      b, loc, cast<RankedTensorType>(edge.getType()), fill,
      ArrayRef<int64_t>{});
  return shlo::SelectOp::create(b, loc, isEdge, padding, received);
}

/// `value` (a local shard along `dim`) extended by its halos and cut to the
/// rows its windows read.
Value extendShard(partition::LocalEmitter &e, Location loc, Value value,
                  Value init, int64_t dim, const HaloPlan &plan,
                  ArrayRef<SmallVector<int64_t>> groups) {
  OpBuilder &b = e.builder;
  auto type = cast<RankedTensorType>(value.getType());
  int64_t n = type.getDimSize(dim);
  SmallVector<Value> pieces;
  if (plan.left > 0)
    pieces.push_back(shiftToNeighbour(
        e, loc, sliceRows(b, loc, value, dim, n - plan.left, n), init, groups,
        /*step=*/1));
  pieces.push_back(value);
  if (plan.right > 0)
    pieces.push_back(
        shiftToNeighbour(e, loc, sliceRows(b, loc, value, dim, 0, plan.right),
                         init, groups, /*step=*/-1));
  int64_t extended = n + plan.left + plan.right;
  Value result = value;
  if (pieces.size() > 1)
    result = shlo::ConcatenateOp::create(b, loc, withDim(type, dim, extended),
                                         pieces, static_cast<uint64_t>(dim));
  if (llvm::all_equal(plan.starts))
    return plan.length == extended
               ? result
               : sliceRows(b, loc, result, dim, plan.starts.front(),
                           plan.starts.front() + plan.length);
  SmallVector<Value> starts;
  for (int64_t d = 0; d < type.getRank(); ++d)
    starts.push_back(d == dim
                         ? e.lookup(loc, perDevice(groups,
                                                   [&](int64_t index) {
                                                     return plan.starts[index];
                                                   }))
                         : e.constantIndex(loc, 0));
  RankedTensorType sliced = withDim(type, dim, plan.length);
  return shlo::DynamicSliceOp::create(b, loc, sliced, result, starts,
                                      sliced.getShape());
}

} // namespace

bool isHaloExchangeCandidate(Operation *op, OpShardingRuleAttr rule,
                             int64_t factor) {
  auto window = dyn_cast<shlo::ReduceWindowOp>(op);
  if (!window || !rule.isPermutationFactor(factor))
    return false;
  int64_t dim = getFactorDim(rule, factor);
  return dim >= 0 && getWindowDim(window, dim).has_value();
}

void dropUnexchangeableWindowFactors(Operation *op, OpShardingRuleAttr rule,
                                     MeshAttr mesh,
                                     MutableArrayRef<AxisList> chosen) {
  for (auto [factor, axes] : llvm::enumerate(chosen)) {
    if (axes.empty() || !rule.isPermutationFactor(factor))
      continue;
    auto window = dyn_cast<shlo::ReduceWindowOp>(op);
    int64_t dim = getFactorDim(rule, factor);
    std::optional<WindowDim> windowDim;
    if (window && dim >= 0)
      windowDim = getWindowDim(window, dim);
    if (!windowDim ||
        !planHalo(*windowDim, getTensorShape(op->getOperand(0))[dim],
                  getTensorShape(op->getResult(0))[dim],
                  getAxesSize(axes, mesh)))
      axes.clear();
  }
}

LogicalResult exchangeReduceWindowHalos(partition::LocalEmitter &e,
                                        Operation *op) {
  auto window = dyn_cast<shlo::ReduceWindowOp>(op);
  if (!window)
    return success();
  auto perValue =
      op->getAttrOfType<TensorShardingPerValueAttr>(SdyDialect::kShardingAttr);
  if (!perValue || perValue.getShardings().empty())
    return success();
  TensorShardingAttr sharding = perValue.getShardings().front();
  MeshAttr mesh = sharding.getMesh(op);
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!mesh || !resultType)
    return success();
  int64_t rank = resultType.getRank();
  DimAxes axes = getDimAxes(sharding, rank);
  SmallVector<int64_t> padding(2 * rank, 0);
  if (std::optional<DenseIntElementsAttr> attr = window.getPadding()) {
    if (attr->getNumElements() != 2 * rank)
      return op->emitOpError()
             << "has padding for " << attr->getNumElements() / 2
             << " dimensions, expected " << rank;
    padding.assign(attr->getValues<int64_t>().begin(),
                   attr->getValues<int64_t>().end());
  }
  Location loc = op->getLoc();
  e.builder.setInsertionPoint(op);
  bool changed = false;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t shards = getAxesSize(axes[dim], mesh);
    if (shards == 1)
      continue;
    std::optional<WindowDim> windowDim = getWindowDim(window, dim);
    auto inputType = cast<RankedTensorType>(window.getInputs()[0].getType());
    std::optional<HaloPlan> plan;
    if (windowDim)
      plan = planHalo(*windowDim, inputType.getDimSize(dim) * shards,
                      resultType.getDimSize(dim) * shards, shards);
    if (!plan)
      return op->emitOpError()
             << "is sharded along windowed dimension " << dim
             << " in a way halo exchange does not handle (dilated, uneven "
                "or halo longer than a shard); it must be gathered first";
    if (plan->left == 0 && plan->right == 0 &&
        plan->length == inputType.getDimSize(dim) &&
        llvm::all_equal(plan->starts) && padding[2 * dim] == 0 &&
        padding[2 * dim + 1] == 0)
      continue;
    SmallVector<SmallVector<int64_t>> groups = getShardGroups(mesh, axes[dim]);
    for (auto [input, init] :
         llvm::zip(window.getInputsMutable(), window.getInitValues()))
      input.set(extendShard(e, loc, input.get(), init, dim, *plan, groups));
    padding[2 * dim] = padding[2 * dim + 1] = 0;
    changed = true;
  }
  if (!changed)
    return success();
  auto paddingType = RankedTensorType::get({rank, 2}, e.builder.getI64Type());
  window.setPaddingAttr(DenseIntElementsAttr::get(paddingType, padding));
  if (failed(window.verify()))
    return op->emitOpError() << "has local shapes that do not match after "
                                "the halo exchange";
  return success();
}

} // namespace mlir::sdy
