//===- HaloExchange.cpp - sharded windows of reduce_window and convolution ===//
//
// Along a windowed dimension of global input size N and result size M,
// split into k shards (n = ceil(N/k) input rows and m = ceil(M/k) result
// rows each, the last shards padded), shard d computes the results
// [d·m, (d+1)·m), which read the padded input rows
// [d·m·s - low, d·m·s - low + (m-1)·s + w) for stride s, window extent w
// ((size-1)·dilation + 1) and low padding `low`. It holds the rows
// [d·n, (d+1)·n), so it receives the last `left` rows before its shard and
// the first `right` rows after it (`left` and `right` are the largest
// shortfalls over all shards; a halo longer than a shard comes from several
// shards, one collective_permute per shard distance), and takes its window
// rows from that extended shard with a dynamic_slice when the offset differs
// between shards (as it does when M·s != N). Rows beyond the global edges
// are the padding: the init value of a reduce_window, zero for a
// convolution (whose windows are the kernel's dilated spatial extent). The
// padding rows of an uneven input (rows N and up) hold that same value:
// -sdy-pad-for-divisibility masks them, so results below M read exactly
// what the global op reads, and results from M on are padding themselves.
// With a base (lhs) dilation b the rows above are dilated rows: the shard
// takes the input rows among them and the local op keeps the dilation, its
// low padding the distance from the first window row to the first input
// row. That distance must not depend on the shard; where it would (m·s not
// a multiple of b) shards start their local op some results early and
// slice their own results out afterwards.
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/HaloExchange.h"

#include "analysis/CommModel.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "rules/OpShardingRuleBuilder.h"
#include "transforms/partition/CollectiveLowering.h"

#include <limits>

namespace mlir::sdy {

namespace shlo = mlir::stablehlo;

namespace {

/// The window of one dimension: `size` is its extent in (dilated) input
/// rows, the window dilation included; `baseDilation` spreads the input rows
/// `baseDilation` apart, the holes taking the padding value.
struct WindowDim {
  int64_t size = 1;
  int64_t stride = 1;
  int64_t low = 0;
  int64_t baseDilation = 1;
};

/// How a sharded dimension extends its shards: rows received from each
/// side (possibly more than a shard), the input rows each shard index
/// starts at in its extended shard, how many it takes, and the local op's
/// padding (nonzero only with base dilation: the dilated rows before a
/// shard's first input row and after its last one that its windows read).
/// With base dilation the local op may compute `extra` results more than a
/// result shard, shard index i keeping those from `resultStarts[i]` on.
struct HaloPlan {
  int64_t left = 0;
  int64_t right = 0;
  int64_t length = 0;
  SmallVector<int64_t> starts;
  int64_t low = 0;
  int64_t high = 0;
  int64_t extra = 0;
  SmallVector<int64_t> resultStarts;
};

std::optional<WindowDim> getWindowDim(shlo::ReduceWindowOp op, int64_t dim) {
  auto at = [&](std::optional<ArrayRef<int64_t>> list) -> int64_t {
    return list && dim < static_cast<int64_t>(list->size()) ? (*list)[dim] : 1;
  };
  if (at(op.getWindowDilations()) < 1)
    return std::nullopt;
  WindowDim window{
      (at(op.getWindowDimensions()) - 1) * at(op.getWindowDilations()) + 1,
      at(op.getWindowStrides()), 0, at(op.getBaseDilations())};
  if (std::optional<DenseIntElementsAttr> padding = op.getPadding()) {
    if (padding->getNumElements() < 2 * (dim + 1))
      return std::nullopt;
    window.low = padding->getValues<int64_t>()[2 * dim];
  }
  if (window.size < 1 || window.stride < 1 || window.baseDilation < 1)
    return std::nullopt;
  return window;
}

/// The base dilation of a size-1, stride-1, unpadded window along `dim` of
/// `op` when it is above 1 (the dimension is then a pass-through factor),
/// or nullopt.
std::optional<int64_t> getTrivialWindowBaseDilation(shlo::ReduceWindowOp op,
                                                    int64_t dim) {
  auto at = [&](std::optional<ArrayRef<int64_t>> list) -> int64_t {
    return list && dim < static_cast<int64_t>(list->size()) ? (*list)[dim] : 1;
  };
  int64_t baseDilation = at(op.getBaseDilations());
  if (baseDilation <= 1 || at(op.getWindowDimensions()) != 1 ||
      at(op.getWindowStrides()) != 1)
    return std::nullopt;
  if (std::optional<DenseIntElementsAttr> padding = op.getPadding()) {
    auto values = padding->getValues<int64_t>();
    if (padding->getNumElements() < 2 * (dim + 1) || values[2 * dim] != 0 ||
        values[2 * dim + 1] != 0)
      return std::nullopt;
  }
  return baseDilation;
}

/// Whether a base-dilated trivial window along a dimension of global input
/// size `inputSize` split `shards` ways keeps its shards local: shard d's
/// results [d·m, (d+1)·m) are then exactly the dilated rows of its input
/// rows [d·n, (d+1)·n), that is m = n·dilation.
bool isLocalBaseDilation(int64_t baseDilation, int64_t inputSize,
                         int64_t shards) {
  if (shards <= 1 || inputSize < 1 ||
      baseDilation > std::numeric_limits<int64_t>::max() / inputSize)
    return false;
  int64_t resultSize = (inputSize - 1) * baseDilation + 1;
  return llvm::divideCeil(resultSize, shards) ==
         llvm::divideCeil(inputSize, shards) * baseDilation;
}

/// A windowed input dimension: the result dimension its windows produce and
/// the window along it.
struct HaloDim {
  int64_t resultDim = 0;
  WindowDim window;
};

/// The windowed input dimension `dim` of a convolution: a spatial dimension
/// of an integer, float or complex input (whose zero is the padding).
/// Strides, kernel dilation and lhs (base) dilation stay on the local op.
std::optional<HaloDim> getConvolutionHaloDim(shlo::ConvolutionOp conv,
                                             int64_t dim) {
  shlo::ConvDimensionNumbersAttr dims = conv.getDimensionNumbers();
  ArrayRef<int64_t> spatial = dims.getInputSpatialDimensions();
  const auto *it = llvm::find(spatial, dim);
  auto lhsType = cast<RankedTensorType>(conv.getLhs().getType());
  if (it == spatial.end() || !partition::getZeroSplat(RankedTensorType::get(
                                 {}, lhsType.getElementType())))
    return std::nullopt;
  size_t i = it - spatial.begin();
  SmallVector<int64_t> strides = conv.getWindowStridesOrDefault();
  SmallVector<std::pair<int64_t, int64_t>> padding = conv.getPaddingOrDefault();
  SmallVector<int64_t> lhsDilation = conv.getLhsDilationOrDefault();
  SmallVector<int64_t> rhsDilation = conv.getRhsDilationOrDefault();
  ArrayRef<int64_t> kernelSpatial = dims.getKernelSpatialDimensions();
  ArrayRef<int64_t> outputSpatial = dims.getOutputSpatialDimensions();
  if (i >= strides.size() || i >= padding.size() || i >= lhsDilation.size() ||
      i >= rhsDilation.size() || i >= kernelSpatial.size() ||
      i >= outputSpatial.size() || strides[i] < 1 || lhsDilation[i] < 1 ||
      rhsDilation[i] < 1)
    return std::nullopt;
  int64_t kernel = cast<RankedTensorType>(conv.getRhs().getType())
                       .getDimSize(kernelSpatial[i]);
  if (kernel < 1)
    return std::nullopt;
  return HaloDim{outputSpatial[i],
                 WindowDim{(kernel - 1) * rhsDilation[i] + 1, strides[i],
                           padding[i].first, lhsDilation[i]}};
}

std::optional<HaloDim> getHaloDim(Operation *op, int64_t dim) {
  if (auto window = dyn_cast<shlo::ReduceWindowOp>(op)) {
    if (std::optional<WindowDim> windowDim = getWindowDim(window, dim))
      return HaloDim{dim, *windowDim};
    return std::nullopt;
  }
  if (auto conv = dyn_cast<shlo::ConvolutionOp>(op))
    return getConvolutionHaloDim(conv, dim);
  return std::nullopt;
}

/// floor(a / b) for b > 0 and any a.
int64_t floorDiv(int64_t a, int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/// The plan for global sizes `inputSize` and `resultSize` split `shards`
/// ways (ceil(size / shards) rows per shard). Shard d's windows read the
/// dilated rows from R = d·m·s - low on. The local op keeps the base
/// dilation b and one low padding c for all shards, so its windows start c
/// dilated rows before an input row: shard d starts its local op j rows of
/// results early, j the least with R + c - j·s a multiple of b, and keeps
/// the results from j on. c is picked to need the fewest such extra
/// results; with b = 1, or when m·s is a multiple of b, none.
std::optional<HaloPlan> planHalo(const WindowDim &window, int64_t inputSize,
                                 int64_t resultSize, int64_t shards) {
  if (shards <= 1 || inputSize < 1 || resultSize < 1)
    return std::nullopt;
  int64_t n = llvm::divideCeil(inputSize, shards);
  int64_t m = llvm::divideCeil(resultSize, shards);
  int64_t b = window.baseDilation, s = window.stride;
  auto dilatedFirst = [&](int64_t d) { return d * m * s - window.low; };
  // The least j in [0, b) with R + c - j·s a multiple of b, or -1.
  auto earlyResults = [&](int64_t d, int64_t c) -> int64_t {
    for (int64_t j = 0; j < b; ++j)
      if ((dilatedFirst(d) + c - j * s) % b == 0)
        return j;
    return -1;
  };
  HaloPlan plan;
  plan.extra = -1;
  for (int64_t c = 0; c < b; ++c) {
    SmallVector<int64_t> starts;
    for (int64_t d = 0; d < shards; ++d) {
      int64_t j = earlyResults(d, c);
      if (j < 0)
        break;
      starts.push_back(j);
    }
    if (starts.size() != static_cast<size_t>(shards))
      continue;
    int64_t extra = *llvm::max_element(starts);
    if (plan.extra < 0 || extra < plan.extra) {
      plan.extra = extra;
      plan.low = c;
      plan.resultStarts = std::move(starts);
    }
  }
  if (plan.extra < 0)
    return std::nullopt;
  // Local dilated row 0 is the shard's first input row; its windows read
  // the dilated rows [-c, (m + extra - 1)·s + w - c).
  int64_t extent = (m + plan.extra - 1) * s + window.size - plan.low;
  plan.length = floorDiv(extent - 1, b) + 1;
  if (plan.length < 1)
    return std::nullopt;
  plan.high = extent - (plan.length - 1) * b - 1;
  SmallVector<int64_t> firsts;
  for (int64_t d = 0; d < shards; ++d) {
    int64_t first =
        floorDiv(dilatedFirst(d) + plan.low - plan.resultStarts[d] * s, b);
    firsts.push_back(first);
    plan.left = std::max(plan.left, d * n - first);
    plan.right = std::max(plan.right, first + plan.length - (d + 1) * n);
  }
  for (auto [d, first] : llvm::enumerate(firsts))
    plan.starts.push_back(first - static_cast<int64_t>(d) * n + plan.left);
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
  if (begin == 0 && end == type.getDimSize(dim))
    return value;
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

/// `fill` broadcast to `type`.
Value broadcastFill(OpBuilder &b, Location loc, RankedTensorType type,
                    Value fill) {
  return shlo::BroadcastInDimOp::create(b, loc, type, fill,
                                        ArrayRef<int64_t>{});
}

/// Sends `edge` from each shard to the shard `step` away (0 < |step| <
/// shards); the shards without a shard `step` before them get `fill` (the
/// padding) instead.
Value shiftToNeighbour(partition::LocalEmitter &e, Location loc, Value edge,
                       Value fill, ArrayRef<SmallVector<int64_t>> groups,
                       int64_t step) {
  OpBuilder &b = e.builder;
  int64_t size = groups.front().size();
  SmallVector<int64_t> pairs;
  for (ArrayRef<int64_t> group : groups)
    for (int64_t i = 0; i < size; ++i)
      if (i + step >= 0 && i + step < size) {
        pairs.push_back(group[i]);
        pairs.push_back(group[i + step]);
      }
  auto pairsType = RankedTensorType::get(
      {static_cast<int64_t>(pairs.size() / 2), 2}, b.getI64Type());
  Value received = shlo::CollectivePermuteOp::create(
      b, loc, edge.getType(), edge, DenseIntElementsAttr::get(pairsType, pairs),
      e.channel());
  Value isEdge = shlo::CompareOp::create(
      b, loc,
      e.lookup(loc, perDevice(groups,
                              [&](int64_t index) {
                                int64_t source = index - step;
                                return source < 0 || source >= size ? 1 : 0;
                              })),
      e.constantIndex(loc, 0), shlo::ComparisonDirection::NE);
  return shlo::SelectOp::create(
      b, loc, isEdge,
      broadcastFill(b, loc, cast<RankedTensorType>(edge.getType()), fill),
      received);
}

/// The `rows` rows before each shard (`before`) or after it, in row order:
/// whole shards from the shards in between, the rest from the farthest one;
/// rows beyond every shard are padding.
SmallVector<Value> receiveHalo(partition::LocalEmitter &e, Location loc,
                               Value value, Value fill, int64_t dim,
                               int64_t rows, bool before,
                               ArrayRef<SmallVector<int64_t>> groups) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t n = type.getDimSize(dim);
  int64_t shards = groups.front().size();
  SmallVector<Value> pieces;
  for (int64_t distance = 1; rows > 0 && distance < shards; ++distance) {
    int64_t count = std::min(rows, n);
    rows -= count;
    Value edge = before ? sliceRows(e.builder, loc, value, dim, n - count, n)
                        : sliceRows(e.builder, loc, value, dim, 0, count);
    pieces.push_back(shiftToNeighbour(e, loc, edge, fill, groups,
                                      before ? distance : -distance));
  }
  if (rows > 0)
    pieces.push_back(
        broadcastFill(e.builder, loc, withDim(type, dim, rows), fill));
  if (before)
    std::reverse(pieces.begin(), pieces.end());
  return pieces;
}

/// `value` (a local shard along `dim`) extended by its halos and cut to the
/// rows its windows read.
Value extendShard(partition::LocalEmitter &e, Location loc, Value value,
                  Value init, int64_t dim, const HaloPlan &plan,
                  ArrayRef<SmallVector<int64_t>> groups) {
  OpBuilder &b = e.builder;
  auto type = cast<RankedTensorType>(value.getType());
  int64_t n = type.getDimSize(dim);
  SmallVector<Value> pieces = receiveHalo(e, loc, value, init, dim, plan.left,
                                          /*before=*/true, groups);
  pieces.push_back(value);
  llvm::append_range(pieces, receiveHalo(e, loc, value, init, dim, plan.right,
                                         /*before=*/false, groups));
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

/// The bytes of one element of `type` (a complex number counts both parts).
int64_t getElementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementBytes(complex.getElementType());
  if (type.isIntOrFloat())
    return std::max<int64_t>(1,
                             llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
  return 4;
}

/// The bytes of one row along `dim` of the local shard of the `operand`-th
/// input of `op` when its factors are sharded as `chosen`.
int64_t getLocalRowBytes(Operation *op, OpShardingRuleAttr rule, MeshAttr mesh,
                         ArrayRef<AxisList> chosen, int64_t operand,
                         int64_t dim) {
  auto type = cast<RankedTensorType>(op->getOperand(operand).getType());
  int64_t bytes = getElementBytes(type.getElementType());
  ArrayRef<DimMappingAttr> dims =
      rule.getOperandMappings()[operand].getDimMappings();
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (d == dim)
      continue;
    int64_t shards = 1;
    if (d < static_cast<int64_t>(dims.size()))
      for (int64_t f : dims[d].getFactorIndices())
        shards *= getAxesSize(chosen[f], mesh);
    bytes *= llvm::divideCeil(type.getDimSize(d), std::max<int64_t>(1, shards));
  }
  return bytes;
}

/// Whether exchanging the halos of `plan` along input dimension `dim`
/// (split `shards` ways) is modelled to cost no more than gathering the
/// dimension, with the default model of the local backend
/// (bench/comm/models/local.model, the collective report's default): one
/// collective_permute per side and shard distance (alpha + beta x bytes
/// each) against one all_gather of the shard per windowed input.
bool isExchangeCheaper(Operation *op, OpShardingRuleAttr rule, MeshAttr mesh,
                       ArrayRef<AxisList> chosen, int64_t dim, int64_t shards,
                       const HaloPlan &plan) {
  static const ::sdy::analysis::CommModel model =
      ::sdy::analysis::defaultCommModel(::sdy::analysis::CommBackend::Local);
  const ::sdy::analysis::CallCost &permute =
      model.cost(::sdy::analysis::BackendCallKind::CollectivePermute);
  const ::sdy::analysis::CallCost &gather =
      model.cost(::sdy::analysis::BackendCallKind::AllGather);
  int64_t n = llvm::divideCeil(getTensorShape(op->getOperand(0))[dim], shards);
  // A reduce_window exchanges the halos of every input, a convolution of
  // its lhs only.
  int64_t inputs = 1;
  if (auto window = dyn_cast<shlo::ReduceWindowOp>(op))
    inputs = window.getInputs().size();
  double exchangeCost = 0, gatherCost = 0;
  for (int64_t i = 0; i < inputs; ++i) {
    double rowBytes = getLocalRowBytes(op, rule, mesh, chosen, i, dim);
    for (int64_t rows : {plan.left, plan.right})
      for (int64_t distance = 1; rows > 0 && distance < shards; ++distance) {
        int64_t count = std::min(rows, n);
        rows -= count;
        exchangeCost += permute.alpha + permute.beta * count * rowBytes;
      }
    gatherCost += gather.alpha + gather.beta * (shards - 1) * n * rowBytes;
  }
  return exchangeCost <= gatherCost;
}

} // namespace

bool isHaloExchangeCandidate(Operation *op, OpShardingRuleAttr rule,
                             int64_t factor) {
  if (!isa<shlo::ReduceWindowOp, shlo::ConvolutionOp>(op) ||
      !rule.isPermutationFactor(factor))
    return false;
  int64_t dim = getFactorDim(rule, factor);
  if (dim < 0)
    return false;
  // A convolution's spatial dimension may also hold a window factor (minor
  // to the output factor when the output is the larger): sharding the major
  // factor alone splits the dimension into contiguous shards.
  if (isa<shlo::ConvolutionOp>(op) && rule.getOperandMappings()
                                              .front()
                                              .getDimMappings()[dim]
                                              .getFactorIndices()
                                              .front() != factor)
    return false;
  return getHaloDim(op, dim).has_value();
}

void dropUnexchangeableWindowFactors(Operation *op, OpShardingRuleAttr rule,
                                     MeshAttr mesh,
                                     MutableArrayRef<AxisList> chosen) {
  for (auto [factor, axes] : llvm::enumerate(chosen)) {
    if (axes.empty())
      continue;
    int64_t dim = getFactorDim(rule, factor);
    std::optional<HaloDim> haloDim;
    if (!rule.isPermutationFactor(factor)) {
      // A base-dilated size-1 window is a pass-through factor; its shards
      // stay local when the dilated rows line up with the result's, and
      // need a halo otherwise.
      auto window = dyn_cast<shlo::ReduceWindowOp>(op);
      if (!window || dim < 0)
        continue;
      std::optional<int64_t> baseDilation =
          getTrivialWindowBaseDilation(window, dim);
      if (!baseDilation ||
          isLocalBaseDilation(*baseDilation,
                              getTensorShape(op->getOperand(0))[dim],
                              getAxesSize(axes, mesh)))
        continue;
      haloDim = getHaloDim(op, dim);
    } else if (isHaloExchangeCandidate(op, rule, factor)) {
      haloDim = getHaloDim(op, dim);
    }
    int64_t shards = getAxesSize(axes, mesh);
    std::optional<HaloPlan> plan;
    if (haloDim)
      plan = planHalo(haloDim->window, getTensorShape(op->getOperand(0))[dim],
                      getTensorShape(op->getResult(0))[haloDim->resultDim],
                      shards);
    if (!plan || !isExchangeCheaper(op, rule, mesh, chosen, dim, shards, *plan))
      axes.clear();
  }
}

LogicalResult
exchangeWindowHalos(partition::LocalEmitter &e, Operation *op,
                    llvm::function_ref<void(Value, Value)> onReplace) {
  auto window = dyn_cast<shlo::ReduceWindowOp>(op);
  auto conv = dyn_cast<shlo::ConvolutionOp>(op);
  if (!window && !conv)
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
  DimAxes axes = getDimAxes(sharding, resultType.getRank());
  // The windowed dimensions as (input, result) pairs, and their padding
  // (low, high) by input dimension.
  int64_t inputRank =
      cast<RankedTensorType>(op->getOperand(0).getType()).getRank();
  SmallVector<std::pair<int64_t, int64_t>> windowed;
  SmallVector<int64_t> padding(2 * inputRank, 0);
  SmallVector<std::pair<int64_t, int64_t>> convPadding;
  if (window) {
    for (int64_t dim = 0; dim < inputRank; ++dim)
      windowed.emplace_back(dim, dim);
    if (std::optional<DenseIntElementsAttr> attr = window.getPadding()) {
      if (attr->getNumElements() != 2 * inputRank)
        return op->emitOpError()
               << "has padding for " << attr->getNumElements() / 2
               << " dimensions, expected " << inputRank;
      padding.assign(attr->getValues<int64_t>().begin(),
                     attr->getValues<int64_t>().end());
    }
  } else {
    shlo::ConvDimensionNumbersAttr dims = conv.getDimensionNumbers();
    convPadding = conv.getPaddingOrDefault();
    if (convPadding.size() != dims.getInputSpatialDimensions().size())
      return op->emitOpError() << "has padding for " << convPadding.size()
                               << " spatial dimensions, expected "
                               << dims.getInputSpatialDimensions().size();
    for (auto [i, dims] :
         llvm::enumerate(llvm::zip(dims.getInputSpatialDimensions(),
                                   dims.getOutputSpatialDimensions()))) {
      auto [in, out] = dims;
      windowed.emplace_back(in, out);
      padding[2 * in] = convPadding[i].first;
      padding[2 * in + 1] = convPadding[i].second;
    }
  }
  Location loc = op->getLoc();
  e.builder.setInsertionPoint(op);
  Value zero;
  bool changed = false;
  // Per result dimension whose local op computes results early: how many
  // more and, per device, the first one its shard keeps.
  struct EarlyResults {
    int64_t dim;
    int64_t extra;
    SmallVector<int64_t> starts;
  };
  SmallVector<EarlyResults> earlyResults;
  for (auto [dim, resultDim] : windowed) {
    if (resultDim >= static_cast<int64_t>(axes.size()))
      continue;
    int64_t shards = getAxesSize(axes[resultDim], mesh);
    if (shards == 1)
      continue;
    auto inputType = cast<RankedTensorType>(op->getOperand(0).getType());
    std::optional<int64_t> baseDilation =
        window ? getTrivialWindowBaseDilation(window, dim) : std::nullopt;
    if (baseDilation &&
        isLocalBaseDilation(*baseDilation, inputType.getDimSize(dim) * shards,
                            shards)) {
      // Each shard dilates its own rows; the high padding fills the result
      // shard up to the next shard's first row.
      padding[2 * dim + 1] = *baseDilation - 1;
      changed = true;
      continue;
    }
    std::optional<HaloDim> haloDim = getHaloDim(op, dim);
    std::optional<HaloPlan> plan;
    if (haloDim)
      plan = planHalo(haloDim->window, inputType.getDimSize(dim) * shards,
                      resultType.getDimSize(resultDim) * shards, shards);
    if (!plan)
      return op->emitOpError()
             << "is sharded along windowed dimension " << dim
             << " in a way halo exchange does not handle (an empty "
                "dimension, or windows that read no input row); it must be "
                "gathered first";
    SmallVector<SmallVector<int64_t>> groups =
        getShardGroups(mesh, axes[resultDim]);
    if (plan->extra > 0)
      earlyResults.push_back(
          {resultDim, plan->extra, perDevice(groups, [&](int64_t index) {
             return plan->resultStarts[index];
           })});
    changed |= plan->extra > 0 || padding[2 * dim] != plan->low ||
               padding[2 * dim + 1] != plan->high;
    padding[2 * dim] = plan->low;
    padding[2 * dim + 1] = plan->high;
    if (plan->left == 0 && plan->right == 0 &&
        plan->length == inputType.getDimSize(dim) &&
        llvm::all_equal(plan->starts))
      continue;
    if (window) {
      for (auto [input, init] :
           llvm::zip(window.getInputsMutable(), window.getInitValues()))
        input.set(extendShard(e, loc, input.get(), init, dim, *plan, groups));
    } else {
      if (!zero) {
        zero = shlo::ConstantOp::create(
            e.builder, loc,
            partition::getZeroSplat(
                RankedTensorType::get({}, inputType.getElementType())));
      }
      conv.getLhsMutable().set(
          extendShard(e, loc, conv.getLhs(), zero, dim, *plan, groups));
    }
    changed = true;
  }
  if (!changed)
    return success();
  // Results computed early: the local op makes `extra` more rows along the
  // dimension and each device keeps its shard's from its start on.
  if (!earlyResults.empty()) {
    e.builder.setInsertionPointAfter(op);
    for (OpResult result : op->getResults()) {
      auto type = cast<RankedTensorType>(result.getType());
      SmallVector<int64_t> shape(type.getShape());
      SmallVector<Value> starts(type.getRank());
      for (const EarlyResults &early : earlyResults) {
        shape[early.dim] += early.extra;
        starts[early.dim] = e.lookup(loc, early.starts);
      }
      for (Value &start : starts)
        if (!start)
          start = e.constantIndex(loc, 0);
      result.setType(type.clone(shape));
      auto slice = shlo::DynamicSliceOp::create(e.builder, loc, type, result,
                                                starts, type.getShape());
      result.replaceAllUsesExcept(slice, slice);
      if (onReplace)
        onReplace(result, slice);
    }
  }
  if (conv) {
    // The convolution is verified once its group counts are local too.
    SmallVector<int64_t> flat;
    for (int64_t dim : conv.getDimensionNumbers().getInputSpatialDimensions())
      llvm::append_values(flat, padding[2 * dim], padding[2 * dim + 1]);
    auto paddingType = RankedTensorType::get(
        {static_cast<int64_t>(flat.size() / 2), 2}, e.builder.getI64Type());
    conv.setPaddingAttr(DenseIntElementsAttr::get(paddingType, flat));
    return success();
  }
  auto paddingType =
      RankedTensorType::get({inputRank, 2}, e.builder.getI64Type());
  window.setPaddingAttr(DenseIntElementsAttr::get(paddingType, padding));
  if (failed(window.verify()))
    return op->emitOpError() << "has local shapes that do not match after "
                                "the halo exchange";
  return success();
}

} // namespace mlir::sdy
