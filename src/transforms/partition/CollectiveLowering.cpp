//===- CollectiveLowering.cpp - sdy collectives to StableHLO --------------===//
//
// See CollectiveLowering.h for the conventions (device ids, replica groups,
// local layout of indivisible dimensions).
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/CollectiveLowering.h"

#include <complex>
#include <map>

#include "ir/utils/DeviceLayout.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::partition;
namespace shlo = mlir::stablehlo;

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

struct Device {
  int64_t id;
  SmallVector<int64_t> coords;
};

SmallVector<Device> getDevices(MeshAttr mesh) {
  SmallVector<Device> devices;
  for (int64_t i = 0, e = mesh.getTotalSize(); i < e; ++i)
    devices.push_back({mesh.getDeviceId(i), delinearizeMeshIndex(mesh, i)});
  return devices;
}

/// Size of a lookup table indexed by the device ids of `mesh`.
int64_t getTableSize(MeshAttr mesh) {
  int64_t size = 1;
  for (int64_t i = 0, e = mesh.getTotalSize(); i < e; ++i)
    size = std::max(size, mesh.getDeviceId(i) + 1);
  return size;
}

RankedTensorType withDim(RankedTensorType type, int64_t dim, int64_t size) {
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = size;
  return type.clone(shape);
}

Value zeroScalar(OpBuilder &b, Location loc, Type elementType) {
  auto type = RankedTensorType::get({}, elementType);
  return shlo::ConstantOp::create(b, loc, getZeroSplat(type));
}

Value sliceStatic(OpBuilder &b, Location loc, Value value, int64_t dim,
                  int64_t limit) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getDimSize(dim) == limit)
    return value;
  SmallVector<int64_t> starts(type.getRank(), 0), strides(type.getRank(), 1);
  SmallVector<int64_t> limits(type.getShape());
  limits[dim] = limit;
  return shlo::SliceOp::create(b, loc, withDim(type, dim, limit), value, starts,
                               limits, strides);
}

Value padHigh(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> high) {
  if (llvm::all_of(high, [](int64_t h) { return h == 0; }))
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape()), zeros(type.getRank(), 0);
  for (auto [size, h] : llvm::zip(shape, high))
    size += h;
  Value zero = zeroScalar(b, loc, type.getElementType());
  return shlo::PadOp::create(b, loc, type.clone(shape), value, zero, zeros,
                             high, zeros);
}

Value emitAllGather(LocalEmitter &e, Location loc, Value value, int64_t dim,
                    ArrayRef<AxisRefAttr> axes, MeshAttr mesh) {
  int64_t n = getAxesSize(axes, mesh);
  if (n == 1)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  auto op = shlo::AllGatherOp::create(
      e.builder, loc, TypeRange{withDim(type, dim, type.getDimSize(dim) * n)},
      ValueRange{value}, static_cast<uint64_t>(dim),
      getDeviceGroups(mesh, axes), e.channel(), /*use_global_device_ids=*/true);
  return op.getResult(0);
}

void buildReductionBody(OpBuilder &b, Location loc, Region &region,
                        Type elementType, ReductionKind kind) {
  OpBuilder::InsertionGuard guard(b);
  auto scalar = RankedTensorType::get({}, elementType);
  Block *block = b.createBlock(&region, {}, {scalar, scalar}, {loc, loc});
  Value lhs = block->getArgument(0), rhs = block->getArgument(1);
  Value result;
  switch (kind) {
  case ReductionKind::SUM:
    result = shlo::AddOp::create(b, loc, lhs, rhs);
    break;
  case ReductionKind::MAX:
    result = shlo::MaxOp::create(b, loc, lhs, rhs);
    break;
  case ReductionKind::MIN:
    result = shlo::MinOp::create(b, loc, lhs, rhs);
    break;
  case ReductionKind::PROD:
    result = shlo::MulOp::create(b, loc, lhs, rhs);
    break;
  }
  shlo::ReturnOp::create(b, loc, ValueRange{result});
}

/// How to take the slice of `outAxes` from a local value laid out by
/// `inAxes` (a prefix of `outAxes`) along one dimension of size `globalSize`
/// without communication: pad the local rows to `paddedLength`, then take
/// `outLength` rows at the device's offset.
struct SlicePlan {
  SmallVector<int64_t> offsets; // by device id
  int64_t paddedLength;
  int64_t outLength;
};

/// Nullopt if some device needs rows that it does not hold (possible for
/// indivisible dimensions).
std::optional<SlicePlan> planSlice(ArrayRef<AxisRefAttr> inAxes,
                                   ArrayRef<AxisRefAttr> outAxes,
                                   int64_t globalSize, MeshAttr mesh) {
  int64_t inLength = ceilDiv(globalSize, getAxesSize(inAxes, mesh));
  int64_t outLength = ceilDiv(globalSize, getAxesSize(outAxes, mesh));
  SlicePlan plan{SmallVector<int64_t>(getTableSize(mesh), 0), inLength,
                 outLength};
  for (const Device &device : getDevices(mesh)) {
    int64_t inStart = getShardIndex(inAxes, mesh, device.coords) * inLength;
    int64_t outStart = getShardIndex(outAxes, mesh, device.coords) * outLength;
    if (outStart >= globalSize)
      continue; // Only padding: any rows will do.
    int64_t inEnd = std::min(inStart + inLength, globalSize);
    int64_t outEnd = std::min(outStart + outLength, globalSize);
    if (outStart < inStart || outEnd > inEnd)
      return std::nullopt;
    plan.offsets[device.id] = outStart - inStart;
    plan.paddedLength =
        std::max(plan.paddedLength, outStart - inStart + outLength);
  }
  return plan;
}

/// Gathers the last `count` axes of `inAxes` along `dim`, keeping the local
/// layout of the remaining axes.
Value gatherDim(LocalEmitter &e, Location loc, Value value, int64_t dim,
                ArrayRef<AxisRefAttr> inAxes, size_t count, int64_t globalSize,
                MeshAttr mesh) {
  ArrayRef<AxisRefAttr> kept = inAxes.drop_back(count);
  ArrayRef<AxisRefAttr> gathered = inAxes.take_back(count);
  int64_t gatheredSize = getAxesSize(gathered, mesh);
  if (gatheredSize == 1)
    return value;
  int64_t inLength = ceilDiv(globalSize, getAxesSize(inAxes, mesh));
  int64_t outLength = ceilDiv(globalSize, getAxesSize(kept, mesh));
  if (gatheredSize * inLength == outLength)
    return emitAllGather(e, loc, value, dim, gathered, mesh);
  if (kept.empty())
    return sliceStatic(e.builder, loc,
                       emitAllGather(e, loc, value, dim, gathered, mesh), dim,
                       globalSize);
  // Indivisible and still sharded: the gathered rows are not the rows of the
  // kept shard. Gather everything, drop the padding, slice again.
  Value full = sliceStatic(e.builder, loc,
                           emitAllGather(e, loc, value, dim, inAxes, mesh), dim,
                           globalSize);
  DimAxes in(cast<RankedTensorType>(value.getType()).getRank());
  DimAxes slice(in.size());
  slice[dim].assign(kept.begin(), kept.end());
  SmallVector<int64_t> globalShape(
      cast<RankedTensorType>(full.getType()).getShape());
  globalShape[dim] = globalSize;
  return lowerAllSlice(e, loc, full, globalShape, in, slice, mesh);
}

} // namespace

//===----------------------------------------------------------------------===//
// LocalEmitter
//===----------------------------------------------------------------------===//

Value LocalEmitter::partitionId() {
  if (pid)
    return pid;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&func.getBody().front());
  pid = shlo::PartitionIdOp::create(builder, func.getLoc());
  return pid;
}

Value LocalEmitter::partitionIdI64() {
  if (pid64)
    return pid64;
  Value id = partitionId();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfterValue(id);
  pid64 = shlo::ConvertOp::create(
      builder, func.getLoc(),
      RankedTensorType::get({}, builder.getIntegerType(64)), id);
  return pid64;
}

static Value lookupTyped(LocalEmitter &e, Location loc,
                         ArrayRef<int64_t> perDevice, Type elementType) {
  OpBuilder &b = e.builder;
  auto scalar = RankedTensorType::get({}, elementType);
  auto makeAttr = [&](RankedTensorType type, ArrayRef<int64_t> values) {
    SmallVector<APInt> ints;
    for (int64_t v : values)
      ints.push_back(APInt(elementType.getIntOrFloatBitWidth(), v,
                           /*isSigned=*/true));
    return DenseElementsAttr::get(type, ints);
  };
  if (llvm::all_equal(perDevice))
    return shlo::ConstantOp::create(
        b, loc, cast<ElementsAttr>(makeAttr(scalar, perDevice.take_front(1))));
  auto tableType = RankedTensorType::get(
      {static_cast<int64_t>(perDevice.size())}, elementType);
  Value table = shlo::ConstantOp::create(
      b, loc, cast<ElementsAttr>(makeAttr(tableType, perDevice)));
  // i64 tables are indexed by the device id as i64, as the real Shardy
  // indexes its offset tables.
  Value index =
      elementType.isInteger(64) ? e.partitionIdI64() : e.partitionId();
  Value entry = shlo::DynamicSliceOp::create(
      b, loc, RankedTensorType::get({1}, elementType), table, ValueRange{index},
      ArrayRef<int64_t>{1});
  return shlo::ReshapeOp::create(b, loc, scalar, entry);
}

Value LocalEmitter::lookup(Location loc, ArrayRef<int64_t> perDevice) {
  bool wide = llvm::any_of(perDevice, [](int64_t v) {
    return v > std::numeric_limits<int32_t>::max() ||
           v < std::numeric_limits<int32_t>::min();
  });
  return lookupTyped(*this, loc, perDevice,
                     builder.getIntegerType(wide ? 64 : 32));
}

Value LocalEmitter::constantIndex(Location loc, int64_t value) {
  return lookupTyped(*this, loc, {value}, builder.getIntegerType(32));
}

stablehlo::ChannelHandleAttr LocalEmitter::channel() {
  return stablehlo::ChannelHandleAttr::get(builder.getContext(), nextChannel++,
                                           /*type=*/1);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

DenseIntElementsAttr partition::getDeviceGroups(MeshAttr mesh,
                                                ArrayRef<AxisRefAttr> axes) {
  int64_t groupSize = getAxesSize(axes, mesh);
  std::map<SmallVector<int64_t>, int64_t> groupOf;
  SmallVector<SmallVector<int64_t>> groups;
  for (const Device &device : getDevices(mesh)) {
    // The coordinates outside `axes`: remove each axis' part.
    SmallVector<int64_t> key(device.coords);
    for (AxisRefAttr axis : axes) {
      int64_t index = mesh.getAxisIndex(axis.getName());
      int64_t full = mesh.getAxes()[index].getSize();
      int64_t stride =
          axis.isSubAxis()
              ? full / (axis.getSubAxisPreSize() * axis.getSize(mesh))
              : 1;
      key[index] -= getAxisCoordinate(axis, mesh, device.coords) * stride;
    }
    auto [it, inserted] = groupOf.try_emplace(key, groups.size());
    if (inserted)
      groups.emplace_back(groupSize, -1);
    groups[it->second][getShardIndex(axes, mesh, device.coords)] = device.id;
  }
  SmallVector<int64_t> flat;
  for (const SmallVector<int64_t> &group : groups)
    llvm::append_range(flat, group);
  auto type =
      RankedTensorType::get({static_cast<int64_t>(groups.size()), groupSize},
                            IntegerType::get(mesh.getContext(), 64));
  return DenseIntElementsAttr::get(type, flat);
}

Value partition::shardOffset(LocalEmitter &e, Location loc,
                             ArrayRef<AxisRefAttr> axes, int64_t globalSize,
                             MeshAttr mesh) {
  int64_t n = getAxesSize(axes, mesh);
  if (n == 1)
    return e.constantIndex(loc, 0);
  int64_t length = ceilDiv(globalSize, n);
  SmallVector<int64_t> offsets(getTableSize(mesh), 0);
  for (const Device &device : getDevices(mesh))
    offsets[device.id] = getShardIndex(axes, mesh, device.coords) * length;
  return e.lookup(loc, offsets);
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

/// The dimensions that `axes` split (or gather) more than one way, in
/// order, with the axes of all of them in that order; nullopt unless every
/// one is even: the `coarse` layout's length is its number of parts times
/// the `finer` layout's length.
static std::optional<std::pair<SmallVector<int64_t>, AxisList>>
evenSplitDims(ArrayRef<int64_t> globalShape, const DimAxes &coarse,
              const DimAxes &finer, const DimAxes &axes, MeshAttr mesh) {
  SmallVector<int64_t> dims;
  AxisList all;
  for (auto [dim, dimAxes] : llvm::enumerate(axes)) {
    int64_t n = getAxesSize(dimAxes, mesh);
    if (n == 1)
      continue;
    int64_t coarseLength =
        ceilDiv(globalShape[dim], getAxesSize(coarse[dim], mesh));
    int64_t fineLength =
        ceilDiv(globalShape[dim], getAxesSize(finer[dim], mesh));
    if (coarseLength != n * fineLength)
      return std::nullopt;
    dims.push_back(dim);
    llvm::append_range(all, dimAxes);
  }
  return std::make_pair(dims, all);
}

/// `value` reshaped to `shape`, if that changes its type.
static Value reshapeTo(OpBuilder &b, Location loc, Value value,
                       ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  return shlo::ReshapeOp::create(b, loc, type.clone(shape), value);
}

/// One all_gather over the axes of several dimensions, as the real Shardy
/// emits it: the local value gets a leading dimension of 1, is gathered
/// along it over all the axes (dimension order, then axis order), and the
/// gathered parts are moved next to their dimensions.
static Value combinedAllGather(LocalEmitter &e, Location loc, Value value,
                               ArrayRef<int64_t> dims,
                               ArrayRef<AxisRefAttr> all, const DimAxes &axes,
                               MeshAttr mesh) {
  OpBuilder &b = e.builder;
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> local = type.getShape();
  SmallVector<int64_t> leading{1};
  llvm::append_range(leading, local);
  value = reshapeTo(b, loc, value, leading);
  int64_t total = getAxesSize(all, mesh);
  SmallVector<int64_t> gatheredShape(leading);
  gatheredShape[0] = total;
  value = shlo::AllGatherOp::create(
              b, loc, TypeRange{type.clone(gatheredShape)}, ValueRange{value},
              /*all_gather_dim=*/0, getDeviceGroups(mesh, all), e.channel(),
              /*use_global_device_ids=*/true)
              .getResult(0);
  // [n_d for d in dims] ++ local, then each n_d in front of its dimension.
  SmallVector<int64_t> split, perm, result(local);
  for (int64_t dim : dims)
    split.push_back(getAxesSize(axes[dim], mesh));
  llvm::append_range(split, local);
  for (int64_t dim = 0; dim < static_cast<int64_t>(local.size()); ++dim) {
    const auto *it = llvm::find(dims, dim);
    if (it != dims.end()) {
      perm.push_back(it - dims.begin());
      result[dim] *= split[it - dims.begin()];
    }
    perm.push_back(dims.size() + dim);
  }
  value = reshapeTo(b, loc, value, split);
  SmallVector<int64_t> transposed;
  for (int64_t p : perm)
    transposed.push_back(split[p]);
  value = shlo::TransposeOp::create(b, loc, type.clone(transposed), value,
                                    b.getDenseI64ArrayAttr(perm));
  return reshapeTo(b, loc, value, result);
}

Value partition::lowerAllGather(LocalEmitter &e, Location loc, Value value,
                                ArrayRef<int64_t> globalShape,
                                const DimAxes &in, const DimAxes &axes,
                                MeshAttr mesh) {
  if (!e.options.perDimAllGather) {
    DimAxes kept(in);
    for (auto [dim, gathered] : llvm::enumerate(axes))
      kept[dim].resize(kept[dim].size() -
                       std::min(kept[dim].size(), gathered.size()));
    auto split = evenSplitDims(globalShape, kept, in, axes, mesh);
    if (split && split->first.size() >= 2)
      return combinedAllGather(e, loc, value, split->first, split->second, axes,
                               mesh);
  }
  // Minor dimensions first, as the real Shardy orders them.
  for (int64_t dim = static_cast<int64_t>(axes.size()) - 1; dim >= 0; --dim)
    if (!axes[dim].empty())
      value = gatherDim(e, loc, value, dim, in[dim], axes[dim].size(),
                        globalShape[dim], mesh);
  return value;
}

Value partition::lowerAllSlice(LocalEmitter &e, Location loc, Value value,
                               ArrayRef<int64_t> globalShape, const DimAxes &in,
                               const DimAxes &axes, MeshAttr mesh) {
  OpBuilder &b = e.builder;
  int64_t rank = globalShape.size();
  SmallVector<std::optional<SlicePlan>> plans(rank);
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (getAxesSize(axes[dim], mesh) == 1)
      continue;
    AxisList out(in[dim]);
    llvm::append_range(out, axes[dim]);
    plans[dim] = planSlice(in[dim], out, globalShape[dim], mesh);
    if (plans[dim])
      continue;
    // The new shards straddle the old ones (indivisible): gather this
    // dimension first and slice from the full rows.
    value = gatherDim(e, loc, value, dim, in[dim], in[dim].size(),
                      globalShape[dim], mesh);
    plans[dim] = planSlice({}, out, globalShape[dim], mesh);
  }
  if (llvm::none_of(plans, [](auto &plan) { return plan.has_value(); }))
    return value;

  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> high(rank, 0), sizes(type.getShape());
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!plans[dim])
      continue;
    high[dim] =
        std::max<int64_t>(0, plans[dim]->paddedLength - type.getDimSize(dim));
    sizes[dim] = plans[dim]->outLength;
  }
  value = padHigh(b, loc, value, high);

  Type indexType = b.getIntegerType(64);
  SmallVector<Value> starts;
  for (int64_t dim = 0; dim < rank; ++dim)
    starts.push_back(lookupTyped(e, loc,
                                 plans[dim]
                                     ? ArrayRef<int64_t>(plans[dim]->offsets)
                                     : ArrayRef<int64_t>{0},
                                 indexType));
  return shlo::DynamicSliceOp::create(b, loc, type.clone(sizes), value, starts,
                                      sizes);
}

Value partition::lowerAllToAll(LocalEmitter &e, Location loc, Value value,
                               ArrayRef<int64_t> globalShape, const DimAxes &in,
                               ArrayRef<AllToAllParamAttr> params,
                               MeshAttr mesh) {
  DimAxes cur(in);
  int64_t rank = globalShape.size();
  for (AllToAllParamAttr param : params) {
    ArrayRef<AxisRefAttr> moved = param.getAxes();
    int64_t src = param.getSrcDim(), tgt = param.getTgtDim();
    int64_t n = getAxesSize(moved, mesh);
    AxisList srcOut(ArrayRef<AxisRefAttr>(cur[src]).drop_back(moved.size()));
    AxisList tgtOut(cur[tgt]);
    llvm::append_range(tgtOut, moved);
    int64_t srcIn = ceilDiv(globalShape[src], getAxesSize(cur[src], mesh));
    int64_t srcOutLen = ceilDiv(globalShape[src], getAxesSize(srcOut, mesh));
    int64_t tgtIn = ceilDiv(globalShape[tgt], getAxesSize(cur[tgt], mesh));
    int64_t tgtOutLen = ceilDiv(globalShape[tgt], getAxesSize(tgtOut, mesh));
    if (n == 1) {
      // Nothing moves between devices.
    } else if (n * srcIn == srcOutLen && tgtIn == n * tgtOutLen) {
      auto type = cast<RankedTensorType>(value.getType());
      SmallVector<int64_t> shape(type.getShape());
      shape[src] = srcOutLen;
      shape[tgt] = tgtOutLen;
      value = shlo::AllToAllOp::create(
                  e.builder, loc, TypeRange{type.clone(shape)},
                  ValueRange{value}, static_cast<uint64_t>(tgt),
                  static_cast<uint64_t>(src), static_cast<uint64_t>(n),
                  getDeviceGroups(mesh, moved), e.channel())
                  .getResult(0);
    } else {
      // Indivisible: gather from the source dim, slice into the target.
      DimAxes gather(rank), slice(rank);
      gather[src].assign(moved.begin(), moved.end());
      value = lowerAllGather(e, loc, value, globalShape, cur, gather, mesh);
      DimAxes mid(cur);
      mid[src] = srcOut;
      slice[tgt].assign(moved.begin(), moved.end());
      value = lowerAllSlice(e, loc, value, globalShape, mid, slice, mesh);
    }
    cur[src] = srcOut;
    cur[tgt] = tgtOut;
  }
  return value;
}

Value partition::lowerCollectivePermute(LocalEmitter &e, Location loc,
                                        Value value, const DimAxes &in,
                                        MeshAttr inMesh, const DimAxes &out,
                                        MeshAttr outMesh) {
  OpBuilder &b = e.builder;
  auto keyOf = [](const DimAxes &axes, MeshAttr mesh, const Device &device) {
    SmallVector<int64_t> key;
    for (const AxisList &dimAxes : axes)
      key.push_back(getShardIndex(dimAxes, mesh, device.coords));
    return key;
  };
  std::map<SmallVector<int64_t>, SmallVector<int64_t>> holders, needers;
  for (const Device &device : getDevices(inMesh))
    holders[keyOf(in, inMesh, device)].push_back(device.id);
  for (const Device &device : getDevices(outMesh))
    needers[keyOf(out, outMesh, device)].push_back(device.id);

  // Every device is a target, of itself where it already holds its shard,
  // as the real Shardy lists the pairs (sorted by source).
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  bool moves = false;
  for (auto &[key, targets] : needers) {
    SmallVector<int64_t> sources = holders[key];
    SmallVector<int64_t> freeSources, freeTargets;
    for (int64_t source : sources)
      if (!llvm::is_contained(targets, source))
        freeSources.push_back(source);
    for (int64_t target : targets) {
      if (llvm::is_contained(sources, target))
        pairs.emplace_back(target, target);
      else
        freeTargets.push_back(target);
    }
    // Every shard has as many holders as needers (same number of shards),
    // so the devices that do not keep their data pair up one to one.
    for (auto [source, target] : llvm::zip(freeSources, freeTargets)) {
      pairs.emplace_back(source, target);
      moves = true;
    }
  }
  if (!moves)
    return value;
  llvm::sort(pairs);
  SmallVector<int64_t> flat;
  for (auto [source, target] : pairs) {
    flat.push_back(source);
    flat.push_back(target);
  }
  auto pairsType = RankedTensorType::get(
      {static_cast<int64_t>(pairs.size()), 2}, b.getI64Type());
  return shlo::CollectivePermuteOp::create(
      b, loc, value.getType(), value,
      DenseIntElementsAttr::get(pairsType, flat), e.channel());
}

Value partition::lowerAllReduce(LocalEmitter &e, Location loc, Value value,
                                ArrayRef<AxisRefAttr> axes, ReductionKind kind,
                                MeshAttr mesh) {
  if (getAxesSize(axes, mesh) == 1)
    return value;
  auto op = shlo::AllReduceOp::create(
      e.builder, loc, TypeRange{value.getType()}, ValueRange{value},
      getDeviceGroups(mesh, axes), e.channel(),
      /*use_global_device_ids=*/true);
  buildReductionBody(e.builder, loc, op.getComputation(),
                     cast<RankedTensorType>(value.getType()).getElementType(),
                     kind);
  return op.getResult(0);
}

/// One reduce_scatter over the axes of several dimensions, as the real
/// Shardy emits it with combine-multi-dimension-reduce-scatter: each
/// scattered dimension is split into (parts, part), the parts are moved in
/// front (dimension order) and flattened into one leading dimension, which
/// is scattered over all the axes.
static Value combinedReduceScatter(LocalEmitter &e, Location loc, Value value,
                                   ArrayRef<int64_t> dims,
                                   ArrayRef<AxisRefAttr> all,
                                   const DimAxes &axes, ReductionKind kind,
                                   MeshAttr mesh) {
  OpBuilder &b = e.builder;
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> local = type.getShape();
  SmallVector<int64_t> split, front, back, rest;
  for (int64_t dim = 0; dim < static_cast<int64_t>(local.size()); ++dim) {
    if (llvm::is_contained(dims, dim)) {
      int64_t n = getAxesSize(axes[dim], mesh);
      front.push_back(split.size());
      split.push_back(n);
      back.push_back(split.size());
      split.push_back(local[dim] / n);
      rest.push_back(local[dim] / n);
    } else {
      back.push_back(split.size());
      split.push_back(local[dim]);
      rest.push_back(local[dim]);
    }
  }
  value = reshapeTo(b, loc, value, split);
  SmallVector<int64_t> perm(front), transposed;
  llvm::append_range(perm, back);
  for (int64_t p : perm)
    transposed.push_back(split[p]);
  value = shlo::TransposeOp::create(b, loc, type.clone(transposed), value,
                                    b.getDenseI64ArrayAttr(perm));
  SmallVector<int64_t> flat{getAxesSize(all, mesh)};
  llvm::append_range(flat, rest);
  value = reshapeTo(b, loc, value, flat);
  flat[0] = 1;
  auto op = shlo::ReduceScatterOp::create(
      b, loc, type.clone(flat), value, /*scatter_dimension=*/0,
      getDeviceGroups(mesh, all), e.channel(), /*use_global_device_ids=*/true);
  buildReductionBody(b, loc, op.getComputation(), type.getElementType(), kind);
  return reshapeTo(b, loc, op.getResult(), rest);
}

Value partition::lowerReduceScatter(LocalEmitter &e, Location loc, Value value,
                                    ArrayRef<int64_t> globalShape,
                                    const DimAxes &in, const DimAxes &axes,
                                    ReductionKind kind, MeshAttr mesh) {
  int64_t rank = globalShape.size();
  DimAxes finer(in);
  for (auto [dim, dimAxes] : llvm::enumerate(axes))
    llvm::append_range(finer[dim], dimAxes);
  auto split = evenSplitDims(globalShape, in, finer, axes, mesh);
  bool even = split.has_value();
  bool multi = even && split->first.size() >= 2;
  if (multi && e.options.combineMultiDimReduceScatter)
    return combinedReduceScatter(e, loc, value, split->first, split->second,
                                 axes, kind, mesh);
  // Uneven, or several dimensions without combining (the real Shardy's
  // default): reduce everything, keep this device's slice.
  if (!even || multi) {
    AxisList all;
    for (const AxisList &dimAxes : axes)
      llvm::append_range(all, dimAxes);
    value = lowerAllReduce(e, loc, value, all, kind, mesh);
    return lowerAllSlice(e, loc, value, globalShape, in, axes, mesh);
  }
  // One dimension: one reduce_scatter.
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t n = getAxesSize(axes[dim], mesh);
    if (n == 1)
      continue;
    auto type = cast<RankedTensorType>(value.getType());
    auto op = shlo::ReduceScatterOp::create(
        e.builder, loc, withDim(type, dim, type.getDimSize(dim) / n), value,
        static_cast<uint64_t>(dim), getDeviceGroups(mesh, axes[dim]),
        e.channel(), /*use_global_device_ids=*/true);
    buildReductionBody(e.builder, loc, op.getComputation(),
                       type.getElementType(), kind);
    value = op.getResult();
  }
  return value;
}

Value partition::lowerReshard(LocalEmitter &e, Location loc, Value value,
                              ArrayRef<int64_t> globalShape, const DimAxes &in,
                              MeshAttr inMesh, const DimAxes &out,
                              MeshAttr outMesh) {
  if (in == out && inMesh == outMesh)
    return value;
  int64_t rank = globalShape.size();
  bool sameCounts = true;
  for (int64_t dim = 0; dim < rank; ++dim)
    sameCounts &=
        getAxesSize(in[dim], inMesh) == getAxesSize(out[dim], outMesh);
  if (sameCounts)
    return lowerCollectivePermute(e, loc, value, in, inMesh, out, outMesh);
  // Keep the longest common prefix of each dimension, gather the rest
  // (on the operand's mesh), slice the new axes (on the result's mesh).
  DimAxes gather(rank), kept(rank), slice(rank);
  bool sameMesh = inMesh == outMesh;
  for (int64_t dim = 0; dim < rank; ++dim) {
    size_t common = 0;
    while (sameMesh && common < in[dim].size() && common < out[dim].size() &&
           in[dim][common] == out[dim][common])
      ++common;
    kept[dim].assign(in[dim].begin(), in[dim].begin() + common);
    gather[dim].assign(in[dim].begin() + common, in[dim].end());
    slice[dim].assign(out[dim].begin() + common, out[dim].end());
  }
  value = lowerAllGather(e, loc, value, globalShape, in, gather, inMesh);
  return lowerAllSlice(e, loc, value, globalShape, kept, slice, outMesh);
}

Value partition::lowerConstant(LocalEmitter &e, Location loc,
                               ElementsAttr value, const DimAxes &axes,
                               MeshAttr mesh) {
  OpBuilder &b = e.builder;
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> local(type.getShape()), high(rank, 0);
  bool sharded = false;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t n = getAxesSize(axes[dim], mesh);
    if (n == 1)
      continue;
    sharded = true;
    local[dim] = ceilDiv(type.getDimSize(dim), n);
    high[dim] = local[dim] * n - type.getDimSize(dim);
  }
  if (!sharded)
    return shlo::ConstantOp::create(b, loc, value);
  if (auto dense = dyn_cast<DenseElementsAttr>(value); dense && dense.isSplat())
    return shlo::ConstantOp::create(
        b, loc, cast<ElementsAttr>(dense.resizeSplat(type.clone(local))));
  Value full = padHigh(b, loc, shlo::ConstantOp::create(b, loc, value), high);
  Type indexType = b.getIntegerType(64);
  SmallVector<Value> starts;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t n = getAxesSize(axes[dim], mesh);
    SmallVector<int64_t> offsets(getTableSize(mesh), 0);
    if (n > 1)
      for (const Device &device : getDevices(mesh))
        offsets[device.id] =
            getShardIndex(axes[dim], mesh, device.coords) * local[dim];
    starts.push_back(lookupTyped(e, loc, offsets, indexType));
  }
  return shlo::DynamicSliceOp::create(b, loc, type.clone(local), full, starts,
                                      local);
}

ElementsAttr partition::getZeroSplat(RankedTensorType type) {
  if (auto complex = dyn_cast<ComplexType>(type.getElementType())) {
    auto part = dyn_cast<FloatType>(complex.getElementType());
    if (!part)
      return {};
    APFloat zero = APFloat::getZero(part.getFloatSemantics());
    return DenseElementsAttr::get(type, std::complex<APFloat>(zero, zero));
  }
  return dyn_cast_or_null<ElementsAttr>(
      Builder(type.getContext()).getZeroAttr(type));
}
