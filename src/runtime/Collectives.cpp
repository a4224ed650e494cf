//===- Collectives.cpp - StableHLO collectives over the backend -----------===//
//
// Each collective is laid out so that the backend sees contiguous chunks in
// group order (transposing the gathered/scattered dimension to the front
// when needed), then the result is laid back out. all_reduce/reduce_scatter
// with an add/max/min/mul body map to the backend's reductions; any other
// body (or a dtype the backend refuses) falls back to exchanging the data
// and folding it locally in group order, so all members agree bit-for-bit.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Interpreter.h"
#include "runtime/KernelTable.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <algorithm>

namespace sdy::runtime::collectives {

using kernels::ReduceKind;

Status findGroup(mlir::Attribute attr, const DeviceContext &ctx,
                 std::vector<int64_t> &group) {
  group.clear();
  auto dense = mlir::dyn_cast_or_null<mlir::DenseIntElementsAttr>(attr);
  if (!dense)
    return Status::invalid("replica_groups is not a dense i64 tensor");
  auto type = mlir::cast<mlir::ShapedType>(dense.getType());
  if (type.getNumElements() == 0) {
    for (int64_t i = 0; i < ctx.numDevices; ++i)
      group.push_back(i);
    return Status::ok();
  }
  if (type.getRank() != 2)
    return Status::invalid("replica_groups must be 2-D");
  int64_t cols = type.getDimSize(1);
  std::vector<int64_t> all;
  for (const llvm::APInt &v : dense.getValues<llvm::APInt>())
    all.push_back(v.getSExtValue());
  for (size_t g = 0; g < all.size() / cols; ++g) {
    std::vector<int64_t> row;
    for (int64_t c = 0; c < cols; ++c)
      if (all[g * cols + c] >= 0)
        row.push_back(all[g * cols + c]);
    if (std::find(row.begin(), row.end(), ctx.deviceId) != row.end()) {
      for (int64_t id : row)
        if (id >= ctx.numDevices)
          return Status::invalid("replica group names device " +
                                 std::to_string(id) + " but only " +
                                 std::to_string(ctx.numDevices) +
                                 " devices run the program");
      group = row;
      return Status::ok();
    }
  }
  return Status::invalid("device " + std::to_string(ctx.deviceId) +
                         " is in no replica group");
}

GroupMode groupModeOf(mlir::Attribute channelHandle, bool useGlobalDeviceIds) {
  if (useGlobalDeviceIds)
    return GroupMode::FlattenedIds;
  return replicaOrPartition(channelHandle) == GroupMode::CrossPartition
             ? GroupMode::CrossReplicaAndPartition
             : GroupMode::CrossReplica;
}

GroupMode replicaOrPartition(mlir::Attribute channelHandle) {
  auto ch =
      mlir::dyn_cast_or_null<mlir::stablehlo::ChannelHandleAttr>(channelHandle);
  return ch && ch.getHandle() > 0 ? GroupMode::CrossPartition
                                  : GroupMode::CrossReplica;
}

namespace {

const char *modeName(GroupMode mode) {
  switch (mode) {
  case GroupMode::CrossReplica:
    return "cross_replica";
  case GroupMode::CrossPartition:
    return "cross_partition";
  case GroupMode::CrossReplicaAndPartition:
    return "cross_replica_and_partition";
  case GroupMode::FlattenedIds:
    return "flattened_ids";
  }
  return "?";
}

// The rows of a rank-2 id attribute without the -1 padding; an empty
// attribute is one row of 0..all-1.
Status idRows(mlir::Attribute attr, int64_t all,
              std::vector<std::vector<int64_t>> &rows) {
  rows.clear();
  auto dense = mlir::dyn_cast_or_null<mlir::DenseIntElementsAttr>(attr);
  if (!dense)
    return Status::invalid("replica_groups is not a dense i64 tensor");
  auto type = mlir::cast<mlir::ShapedType>(dense.getType());
  if (type.getNumElements() == 0) {
    rows.emplace_back();
    for (int64_t i = 0; i < all; ++i)
      rows.back().push_back(i);
    return Status::ok();
  }
  if (type.getRank() != 2)
    return Status::invalid("replica_groups must be 2-D");
  int64_t cols = type.getDimSize(1);
  int64_t k = 0;
  for (const llvm::APInt &v : dense.getValues<llvm::APInt>()) {
    if (k++ % cols == 0)
      rows.emplace_back();
    if (v.getSExtValue() >= 0)
      rows.back().push_back(v.getSExtValue());
  }
  return Status::ok();
}

} // namespace

Status findProcessGroup(mlir::Attribute attr, GroupMode mode,
                        const DeviceContext &ctx, std::vector<int64_t> &group) {
  if (!ctx.hasGrid())
    return findGroup(attr, ctx, group);
  group.clear();
  const int64_t numR = ctx.numReplicas, numP = ctx.numPartitions;
  const int64_t r = ctx.replicaId(), p = ctx.partitionId();
  // What the ids name, and which id of this device is looked for.
  bool partitions = mode == GroupMode::CrossPartition;
  bool flat = mode == GroupMode::FlattenedIds;
  int64_t all = flat ? ctx.numDevices : partitions ? numP : numR;
  int64_t mine = flat ? ctx.deviceId : partitions ? p : r;
  std::vector<std::vector<int64_t>> rows;
  SDY_RETURN_IF_ERROR(idRows(attr, all, rows));
  for (const std::vector<int64_t> &row : rows) {
    if (std::find(row.begin(), row.end(), mine) == row.end())
      continue;
    for (int64_t id : row)
      if (id >= all)
        return Status::invalid(
            std::string("replica_groups (") + modeName(mode) + ") names " +
            (flat         ? "device "
             : partitions ? "partition "
                          : "replica ") +
            std::to_string(id) + " but there are only " + std::to_string(all));
    switch (mode) {
    case GroupMode::CrossReplica:
      for (int64_t id : row)
        group.push_back(id * numP + p);
      break;
    case GroupMode::CrossPartition:
      for (int64_t id : row)
        group.push_back(r * numP + id);
      break;
    case GroupMode::CrossReplicaAndPartition:
      for (int64_t q = 0; q < numP; ++q)
        for (int64_t id : row)
          group.push_back(id * numP + q);
      break;
    case GroupMode::FlattenedIds:
      group = row;
      break;
    }
    return Status::ok();
  }
  return Status::ok(); // in no group: `group` stays empty
}

Status permutePairs(mlir::Attribute attr, GroupMode mode,
                    const DeviceContext &ctx, std::vector<int64_t> &out) {
  out.clear();
  auto dense = mlir::dyn_cast_or_null<mlir::DenseIntElementsAttr>(attr);
  if (!dense)
    return Status::invalid("source_target_pairs is not a dense i64 tensor");
  std::vector<int64_t> ids;
  for (const llvm::APInt &v : dense.getValues<llvm::APInt>())
    ids.push_back(v.getSExtValue());
  if (!ctx.hasGrid()) {
    out = ids;
    return Status::ok();
  }
  const int64_t numR = ctx.numReplicas, numP = ctx.numPartitions;
  bool partitions = mode == GroupMode::CrossPartition;
  int64_t all = partitions ? numP : numR;
  for (int64_t id : ids)
    if (id < 0 || id >= all)
      return Status::invalid(std::string("source_target_pairs names ") +
                             (partitions ? "partition " : "replica ") +
                             std::to_string(id) + " but there are only " +
                             std::to_string(all));
  // Every device passes the same pairs: those of every replica (partition).
  for (int64_t other = 0; other < (partitions ? numR : numP); ++other)
    for (int64_t id : ids)
      out.push_back(partitions ? other * numP + id : id * numP + other);
  return Status::ok();
}

namespace {

std::optional<CollectiveReduce> backendOp(ReduceKind k, ElementType t) {
  // Backends reduce the core types only; the others are gathered and folded.
  if (!isCoreType(t))
    return std::nullopt;
  switch (k) {
  case ReduceKind::Add:
    return t == ElementType::Pred ? CollectiveReduce::Max
                                  : CollectiveReduce::Sum;
  case ReduceKind::Max:
    return CollectiveReduce::Max;
  case ReduceKind::Min:
    return CollectiveReduce::Min;
  case ReduceKind::Mul:
    return t == ElementType::Pred ? CollectiveReduce::Min
                                  : CollectiveReduce::Prod;
  case ReduceKind::Or:
    if (t == ElementType::Pred)
      return CollectiveReduce::Max;
    return std::nullopt;
  case ReduceKind::And:
    if (t == ElementType::Pred)
      return CollectiveReduce::Min;
    return std::nullopt;
  }
  return std::nullopt;
}

// Folds n chunks (stacked along a new leading dim of `stacked`) in order.
Status foldChunks(const Tensor &stacked, const Shape &chunkShape,
                  std::optional<ReduceKind> kind,
                  const kernels::ScalarBody &body, Tensor &out) {
  int64_t n = stacked.dim(0);
  int64_t per = numElements(chunkShape);
  size_t es = elementSize(stacked.type());
  auto chunk = [&](int64_t j) {
    return Tensor::fromData(stacked.type(), chunkShape,
                            static_cast<const char *>(stacked.raw()) +
                                j * per * es);
  };
  Tensor acc = chunk(0);
  for (int64_t j = 1; j < n; ++j) {
    Tensor c = chunk(j);
    if (kind) {
      acc = kernels::combine(*kind, acc, c);
      continue;
    }
    Tensor next(acc.type(), chunkShape);
    std::vector<Tensor> args(2), res;
    std::string error;
    for (int64_t i = 0; i < per; ++i) {
      args[0] = kernels::scalarAt(acc, i);
      args[1] = kernels::scalarAt(c, i);
      if (!body(args, res, error))
        return Status::internal(error);
      kernels::storeScalar(next, i, res[0]);
    }
    acc = next;
  }
  out = acc;
  return Status::ok();
}

std::vector<int64_t> moveToFront(int64_t rank, int64_t dim) {
  std::vector<int64_t> p{dim};
  for (int64_t i = 0; i < rank; ++i)
    if (i != dim)
      p.push_back(i);
  return p;
}

std::vector<int64_t> inverse(const std::vector<int64_t> &p) {
  std::vector<int64_t> inv(p.size());
  for (size_t i = 0; i < p.size(); ++i)
    inv[p[i]] = i;
  return inv;
}

} // namespace

bool backendReduces(ReduceKind kind, ElementType type) {
  return backendOp(kind, type).has_value();
}

Status allGather(const DeviceContext &ctx, const std::vector<int64_t> &group,
                 const Tensor &x, int64_t dim, Tensor &out) {
  int64_t n = group.size();
  if (n == 1) {
    out = x;
    return Status::ok();
  }
  if (!ctx.backend)
    return Status::invalid("collective without a backend");
  Shape stackedShape = x.shape();
  stackedShape.insert(stackedShape.begin(), n);
  Tensor stacked(x.type(), stackedShape);
  SDY_RETURN_IF_ERROR(ctx.backend->allGather(ctx.deviceId, group, x.raw(),
                                             stacked.raw(), x.byteSize(),
                                             ctx.timeoutMs));
  // [n, s0, .., s_dim, ..] -> [s0, .., n, s_dim, ..] -> merge.
  std::vector<int64_t> perm;
  for (int64_t i = 1; i <= dim; ++i)
    perm.push_back(i);
  perm.push_back(0);
  for (int64_t i = dim + 1; i <= x.rank(); ++i)
    perm.push_back(i);
  Tensor t = kernels::transpose(stacked, perm);
  Shape rs = x.shape();
  rs[dim] *= n;
  out = t.reshaped(rs);
  return Status::ok();
}

Status allReduce(const DeviceContext &ctx, const std::vector<int64_t> &group,
                 const Tensor &x, std::optional<ReduceKind> kind,
                 const kernels::ScalarBody &body, Tensor &out) {
  if (group.size() == 1) {
    out = x;
    return Status::ok();
  }
  if (!ctx.backend)
    return Status::invalid("collective without a backend");
  if (kind) {
    if (auto op = backendOp(*kind, x.type())) {
      Tensor r(x.type(), x.shape());
      Status s =
          ctx.backend->allReduce(ctx.deviceId, group, x.raw(), r.raw(),
                                 x.numElements(), x.type(), *op, ctx.timeoutMs);
      if (s.isOk()) {
        out = r;
        return s;
      }
      if (s.code() != StatusCode::Unsupported)
        return s;
    }
  }
  // Generic: gather everything, fold in group order.
  int64_t n = group.size();
  Shape stackedShape = x.shape();
  stackedShape.insert(stackedShape.begin(), n);
  Tensor stacked(x.type(), stackedShape);
  SDY_RETURN_IF_ERROR(ctx.backend->allGather(ctx.deviceId, group, x.raw(),
                                             stacked.raw(), x.byteSize(),
                                             ctx.timeoutMs));
  return foldChunks(stacked, x.shape(), kind, body, out);
}

Status allToAll(const DeviceContext &ctx, const std::vector<int64_t> &group,
                const Tensor &x, int64_t splitDim, int64_t concatDim,
                Tensor &out) {
  int64_t n = group.size();
  if (n == 1) {
    out = x;
    return Status::ok();
  }
  if (!ctx.backend)
    return Status::invalid("collective without a backend");
  if (x.dim(splitDim) % n != 0)
    return Status::invalid("all_to_all: split dimension not divisible by the "
                           "group size");
  // [.., s_split, ..] -> [.., n, s_split/n, ..] -> n to the front.
  Shape split = x.shape();
  split[splitDim] /= n;
  split.insert(split.begin() + splitDim, n);
  Tensor send = kernels::transpose(x.reshaped(split),
                                   moveToFront(split.size(), splitDim));
  Shape chunkShape = x.shape();
  chunkShape[splitDim] /= n;
  Shape recvShape = chunkShape;
  recvShape.insert(recvShape.begin(), n);
  Tensor recv(x.type(), recvShape);
  SDY_RETURN_IF_ERROR(ctx.backend->allToAll(ctx.deviceId, group, send.raw(),
                                            recv.raw(), send.byteSize() / n,
                                            ctx.timeoutMs));
  // [n, c0, .., c_concat, ..] -> [c0, .., n, c_concat, ..] -> merge.
  std::vector<int64_t> perm;
  for (int64_t i = 1; i <= concatDim; ++i)
    perm.push_back(i);
  perm.push_back(0);
  for (int64_t i = concatDim + 1; i <= (int64_t)chunkShape.size(); ++i)
    perm.push_back(i);
  Tensor t = kernels::transpose(recv, perm);
  Shape rs = chunkShape;
  rs[concatDim] *= n;
  out = t.reshaped(rs);
  return Status::ok();
}

Status reduceScatter(const DeviceContext &ctx,
                     const std::vector<int64_t> &group, const Tensor &x,
                     int64_t dim, std::optional<ReduceKind> kind,
                     const kernels::ScalarBody &body, Tensor &out) {
  int64_t n = group.size();
  if (n == 1) {
    out = x;
    return Status::ok();
  }
  if (!ctx.backend)
    return Status::invalid("collective without a backend");
  if (x.dim(dim) % n != 0)
    return Status::invalid("reduce_scatter: scatter dimension not divisible "
                           "by the group size");
  auto perm = moveToFront(x.rank(), dim);
  Tensor front = kernels::transpose(x, perm);
  Shape chunkFront = front.shape();
  chunkFront[0] /= n;
  int64_t count = numElements(chunkFront);
  Tensor r(x.type(), chunkFront);
  bool done = false;
  if (kind) {
    if (auto op = backendOp(*kind, x.type())) {
      Status s =
          ctx.backend->reduceScatter(ctx.deviceId, group, front.raw(), r.raw(),
                                     count, x.type(), *op, ctx.timeoutMs);
      if (!s.isOk() && s.code() != StatusCode::Unsupported)
        return s;
      done = s.isOk();
    }
  }
  if (!done) {
    // Exchange chunks (chunk j to member j), then fold in group order.
    Shape stackedShape = chunkFront;
    stackedShape.insert(stackedShape.begin(), n);
    Tensor stacked(x.type(), stackedShape);
    SDY_RETURN_IF_ERROR(
        ctx.backend->allToAll(ctx.deviceId, group, front.raw(), stacked.raw(),
                              count * elementSize(x.type()), ctx.timeoutMs));
    SDY_RETURN_IF_ERROR(foldChunks(stacked, chunkFront, kind, body, r));
  }
  out = kernels::transpose(r, inverse(perm));
  return Status::ok();
}

Status collectivePermute(const DeviceContext &ctx,
                         const std::vector<int64_t> &pairs, const Tensor &x,
                         Tensor &out) {
  for (int64_t id : pairs)
    if (id < 0 || id >= ctx.numDevices)
      return Status::invalid("collective_permute names device " +
                             std::to_string(id));
  Tensor r = Tensor::zeros(x.type(), x.shape());
  if (!ctx.backend) {
    for (size_t i = 0; i + 1 < pairs.size(); i += 2)
      if (pairs[i] == ctx.deviceId && pairs[i + 1] == ctx.deviceId)
        r = x;
    if (ctx.numDevices == 1) {
      out = r;
      return Status::ok();
    }
    return Status::invalid("collective without a backend");
  }
  SDY_RETURN_IF_ERROR(ctx.backend->collectivePermute(
      ctx.deviceId, pairs, x.raw(), r.raw(), x.byteSize(), ctx.timeoutMs));
  out = r;
  return Status::ok();
}

Status collectiveBroadcast(const DeviceContext &ctx,
                           const std::vector<int64_t> &group, const Tensor &x,
                           Tensor &out) {
  if (group.empty()) {
    out = Tensor::zeros(x.type(), x.shape());
    return Status::ok();
  }
  if (group.size() == 1) {
    out = x;
    return Status::ok();
  }
  if (!ctx.backend)
    return Status::invalid("collective without a backend");
  // Everyone gathers and keeps the first member's chunk.
  Shape stackedShape = x.shape();
  stackedShape.insert(stackedShape.begin(), group.size());
  Tensor stacked(x.type(), stackedShape);
  SDY_RETURN_IF_ERROR(ctx.backend->allGather(ctx.deviceId, group, x.raw(),
                                             stacked.raw(), x.byteSize(),
                                             ctx.timeoutMs));
  out = Tensor::fromData(x.type(), x.shape(), stacked.raw());
  return Status::ok();
}

} // namespace sdy::runtime::collectives

//===----------------------------------------------------------------------===//
// Op kernels
//===----------------------------------------------------------------------===//

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;
using mlir::cast;

// Runs `collective` on each operand in turn (each its own collective, under
// the run's limits) and appends its result.
Status forEachOperand(
    OpCall &c,
    llvm::function_ref<Status(const Tensor &x, Tensor &r)> collective) {
  for (const Tensor &x : c.in) {
    Tensor r;
    SDY_RETURN_IF_ERROR(
        c.interp.runCollective([&] { return collective(x, r); }));
    c.out.push_back(r);
  }
  return Status::ok();
}

Tensor u32Scalar(int64_t value) {
  Tensor t(ElementType::U32, {});
  *t.data<uint32_t>() = static_cast<uint32_t>(value);
  return t;
}

Status partitionIdKernel(OpCall &c) {
  c.out.push_back(u32Scalar(c.interp.context().partitionId()));
  return Status::ok();
}

Status replicaIdKernel(OpCall &c) {
  c.out.push_back(u32Scalar(c.interp.context().replicaId()));
  return Status::ok();
}

// The process group of this device; a device in no group is an error (only
// collective_broadcast gives those a result).
Status groupOf(OpCall &c, mlir::Attribute groups, collectives::GroupMode mode,
               std::vector<int64_t> &group) {
  const DeviceContext &ctx = c.interp.context();
  SDY_RETURN_IF_ERROR(collectives::findProcessGroup(groups, mode, ctx, group));
  if (group.empty())
    return Status::invalid("device " + std::to_string(ctx.deviceId) +
                           " (replica " + std::to_string(ctx.replicaId()) +
                           ", partition " + std::to_string(ctx.partitionId()) +
                           ") is in no replica group");
  return Status::ok();
}

// The group of all_reduce, all_gather and reduce_scatter, whose mode depends
// on both the channel and use_global_device_ids.
template <typename OpTy>
Status groupWithGlobalIds(OpCall &c, OpTy op, std::vector<int64_t> &group) {
  return groupOf(c, op.getReplicaGroups(),
                 collectives::groupModeOf(op.getChannelHandleAttr(),
                                          op.getUseGlobalDeviceIds()),
                 group);
}

Status allReduceKernel(OpCall &c) {
  auto op = cast<shlo::AllReduceOp>(c.op);
  std::vector<int64_t> group;
  SDY_RETURN_IF_ERROR(groupWithGlobalIds(c, op, group));
  auto kind = Interpreter::recognizeBinaryBody(op.getComputation());
  auto body = c.interp.scalarBody(op.getComputation(), &c.env);
  return forEachOperand(c, [&](const Tensor &x, Tensor &r) {
    return collectives::allReduce(c.interp.context(), group, x, kind, body, r);
  });
}

Status allGatherKernel(OpCall &c) {
  auto op = cast<shlo::AllGatherOp>(c.op);
  std::vector<int64_t> group;
  SDY_RETURN_IF_ERROR(groupWithGlobalIds(c, op, group));
  return forEachOperand(c, [&](const Tensor &x, Tensor &r) {
    return collectives::allGather(c.interp.context(), group, x,
                                  op.getAllGatherDim(), r);
  });
}

Status allToAllKernel(OpCall &c) {
  auto op = cast<shlo::AllToAllOp>(c.op);
  std::vector<int64_t> group;
  SDY_RETURN_IF_ERROR(groupOf(
      c, op.getReplicaGroups(),
      collectives::replicaOrPartition(op.getChannelHandleAttr()), group));
  if (static_cast<int64_t>(group.size()) != op.getSplitCount())
    return Status::invalid("all_to_all split_count differs from the group "
                           "size");
  return forEachOperand(c, [&](const Tensor &x, Tensor &r) {
    return collectives::allToAll(c.interp.context(), group, x,
                                 op.getSplitDimension(),
                                 op.getConcatDimension(), r);
  });
}

Status reduceScatterKernel(OpCall &c) {
  auto op = cast<shlo::ReduceScatterOp>(c.op);
  std::vector<int64_t> group;
  SDY_RETURN_IF_ERROR(groupWithGlobalIds(c, op, group));
  auto kind = Interpreter::recognizeBinaryBody(op.getComputation());
  Tensor r;
  SDY_RETURN_IF_ERROR(c.interp.runCollective([&] {
    return collectives::reduceScatter(
        c.interp.context(), group, c.in[0], op.getScatterDimension(), kind,
        c.interp.scalarBody(op.getComputation(), &c.env), r);
  }));
  c.out.push_back(r);
  return Status::ok();
}

Status collectivePermuteKernel(OpCall &c) {
  auto op = cast<shlo::CollectivePermuteOp>(c.op);
  std::vector<int64_t> pairs;
  SDY_RETURN_IF_ERROR(collectives::permutePairs(
      op.getSourceTargetPairs(),
      collectives::replicaOrPartition(op.getChannelHandleAttr()),
      c.interp.context(), pairs));
  return forEachOperand(c, [&](const Tensor &x, Tensor &r) {
    return collectives::collectivePermute(c.interp.context(), pairs, x, r);
  });
}

Status collectiveBroadcastKernel(OpCall &c) {
  auto op = cast<shlo::CollectiveBroadcastOp>(c.op);
  std::vector<int64_t> group;
  SDY_RETURN_IF_ERROR(collectives::findProcessGroup(
      op.getReplicaGroups(),
      collectives::replicaOrPartition(op.getChannelHandleAttr()),
      c.interp.context(), group));
  return forEachOperand(c, [&](const Tensor &x, Tensor &r) {
    return collectives::collectiveBroadcast(c.interp.context(), group, x, r);
  });
}

} // namespace

void registerCollectiveKernels(KernelTable &table) {
  table.add<shlo::PartitionIdOp>(partitionIdKernel);
  table.add<shlo::ReplicaIdOp>(replicaIdKernel);
  table.add<shlo::AllReduceOp>(allReduceKernel);
  table.add<shlo::AllGatherOp>(allGatherKernel);
  table.add<shlo::AllToAllOp>(allToAllKernel);
  table.add<shlo::ReduceScatterOp>(reduceScatterKernel);
  table.add<shlo::CollectivePermuteOp>(collectivePermuteKernel);
  table.add<shlo::CollectiveBroadcastOp>(collectiveBroadcastKernel);
}

} // namespace sdy::runtime
