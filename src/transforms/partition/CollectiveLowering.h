//===- CollectiveLowering.h - sdy collectives to StableHLO ------*- C++ -*-===//
//
// Lowering of sdy collectives on local values to StableHLO collectives, used
// by -sdy-convert-global-to-local
// (docs/partitioning.md#step-5-global-to-local).
//
// Conventions of the emitted program:
// * `stablehlo.partition_id` is the device id. Mesh device ids are 0..N-1
//   and the device at mesh coordinates c is `device_ids[linearize(c)]`
//   (iota when implicit), so a value that depends on the device is looked up
//   in a constant table indexed by the device id.
// * replica_groups hold device ids (with `use_global_device_ids` and a
//   channel handle of type 1 where the op has it): the devices that share
//   every coordinate outside the axes, ordered by the mixed-radix number of
//   their coordinates along the axes in the listed order. Groups
//   are listed in the order of their first device in the mesh.
// * Local layout: a dimension of size d with n shards is held
//   as L = ceil(d/n) rows; shard s holds the rows [s·L, (s+1)·L) of the
//   tensor padded to n·L rows. Every lowering keeps this layout, also for
//   indivisible dimensions where the fast collective would not (it then
//   gathers, slices the padding off and re-slices).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PARTITION_COLLECTIVELOWERING_H
#define SDY_TRANSFORMS_PARTITION_COLLECTIVELOWERING_H

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::sdy::partition {

/// Builds the local program of one function: owns the builder, creates the
/// partition id once at the function entry, hands out channel handles.
/// How collectives over several dimensions are lowered (the options of
/// -sdy-convert-global-to-local).
struct LoweringOptions {
  /// One all_gather per dimension instead of one over all of them.
  bool perDimAllGather = false;
  /// One reduce_scatter over several dimensions instead of an all_reduce
  /// and a slice.
  bool combineMultiDimReduceScatter = false;
  /// Keep sdy.named_computation ops (with local types) instead of inlining
  /// them.
  bool keepNamedComputations = true;
};

class LocalEmitter {
public:
  LocalEmitter(func::FuncOp func, int64_t &nextChannel,
               LoweringOptions options = {})
      : builder(func.getContext()), options(options), func(func),
        nextChannel(nextChannel) {}

  OpBuilder builder;
  LoweringOptions options;

  /// `stablehlo.partition_id : tensor<ui32>`, created at the function entry.
  Value partitionId();
  /// The partition id converted to `tensor<i64>` (created once, after it).
  Value partitionIdI64();
  /// The scalar tensor<i32> (i64 if needed) `perDevice[partition_id]`; a
  /// constant when all entries are equal.
  Value lookup(Location loc, ArrayRef<int64_t> perDevice);
  /// A rank-0 i32 constant.
  Value constantIndex(Location loc, int64_t value);
  /// A fresh channel handle (type 1, device to device).
  stablehlo::ChannelHandleAttr channel();

private:
  func::FuncOp func;
  int64_t &nextChannel;
  Value pid;
  Value pid64;
};

/// The replica groups (device ids) of `axes` on `mesh`.
DenseIntElementsAttr getDeviceGroups(MeshAttr mesh, ArrayRef<AxisRefAttr> axes);

/// Gathers `axes` (per dimension a suffix of `in`) of the local value `value`
/// whose global shape is `globalShape`. Returns the local value sharded by
/// `in` without the gathered axes.
Value lowerAllGather(LocalEmitter &e, Location loc, Value value,
                     ArrayRef<int64_t> globalShape, const DimAxes &in,
                     const DimAxes &axes, MeshAttr mesh);

/// Slices `axes` (appended per dimension to `in`).
Value lowerAllSlice(LocalEmitter &e, Location loc, Value value,
                    ArrayRef<int64_t> globalShape, const DimAxes &in,
                    const DimAxes &axes, MeshAttr mesh);

/// Moves axes between dimensions (`sdy.all_to_all` parameters).
Value lowerAllToAll(LocalEmitter &e, Location loc, Value value,
                    ArrayRef<int64_t> globalShape, const DimAxes &in,
                    ArrayRef<AllToAllParamAttr> params, MeshAttr mesh);

/// Moves shards between devices so that the local shape is kept and the
/// result is laid out by `out` on `outMesh` (which may differ from `inMesh`
/// only in device order).
Value lowerCollectivePermute(LocalEmitter &e, Location loc, Value value,
                             const DimAxes &in, MeshAttr inMesh,
                             const DimAxes &out, MeshAttr outMesh);

/// Reduces over the devices that differ only in `axes`.
Value lowerAllReduce(LocalEmitter &e, Location loc, Value value,
                     ArrayRef<AxisRefAttr> axes, ReductionKind kind,
                     MeshAttr mesh);

/// Reduces over all of `axes` and slices them (appended per dimension).
Value lowerReduceScatter(LocalEmitter &e, Location loc, Value value,
                         ArrayRef<int64_t> globalShape, const DimAxes &in,
                         const DimAxes &axes, ReductionKind kind,
                         MeshAttr mesh);

/// Any layout to any layout: collective_permute when only the order of
/// devices changes, otherwise gathers what `out` does not keep and slices
/// what it adds (always correct, not always the cheapest).
Value lowerReshard(LocalEmitter &e, Location loc, Value value,
                   ArrayRef<int64_t> globalShape, const DimAxes &in,
                   MeshAttr inMesh, const DimAxes &out, MeshAttr outMesh);

/// The local part of a constant of global type `globalType` with sharding
/// `axes`: a splat is rebuilt with the local type, anything else is a
/// dynamic_slice of the (padded) full constant at the device's offsets.
Value lowerConstant(LocalEmitter &e, Location loc, ElementsAttr value,
                    const DimAxes &axes, MeshAttr mesh);

/// A splat of zeros of `type` (integer, float or complex elements); null
/// for other element types.
ElementsAttr getZeroSplat(RankedTensorType type);

/// Offset of this device's shard along `dim`: shard index · local size, as a
/// scalar of the lookup table (0 for an unsharded dimension).
Value shardOffset(LocalEmitter &e, Location loc, ArrayRef<AxisRefAttr> axes,
                  int64_t globalSize, MeshAttr mesh);

} // namespace mlir::sdy::partition

#endif // SDY_TRANSFORMS_PARTITION_COLLECTIVELOWERING_H
