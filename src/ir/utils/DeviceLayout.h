//===- DeviceLayout.h - devices, mesh coordinates and shards ----*- C++ -*-===//
//
// Where a device sits in a mesh and which part of a sharded tensor it holds
// (docs/sharding-model.md#which-device-holds-what). Shared by the C ABI, the
// partitioner and the runtime, so the semantics are spelled out here once:
//
// * Device order. A mesh with axes (a0 = n0, …, ak-1 = nk-1) lays its
//   devices out row-major, axis 0 most major: the device at mesh coordinates
//   (c0, …, ck-1) is `device_ids[linearize(c)]` with
//   `linearize(c) = (…(c0·n1 + c1)·n2 + …)·nk-1 + ck-1`. Without explicit
//   device_ids the order is iota, so device id == linear index. A maximal
//   mesh `<[], device_ids=[id]>` has one device, `id`, at coordinates (); an
//   empty mesh `<[]>` has one device, 0.
//
// * Sub-axis coordinates. Along the sub-axis "x":(m)k of an axis "x"
//   of size n, a device whose coordinate along "x" is c has the coordinate
//   `(c / (n / (m·k))) mod k` (reshape n to [m, k, n/(m·k)] and take the
//   middle index). A full axis has its mesh coordinate.
//
// * Shard index. A dimension sharded by axes (A1, …, Aj) of sizes
//   (s1, …, sj) is split into N = s1·…·sj shards; a device's shard index
//   along it is the mixed-radix number of its (sub-)axis coordinates with A1
//   most significant: `(…(x1·s2 + x2)·s3 + …)·sj + xj`. An unsharded
//   dimension has N = 1 and index 0. Replicated axes do not matter.
//
// * Slices. With L = ceil(d / N), shard s of a dimension of size d
//   holds [min(s·L, d), min((s+1)·L, d)). Shards past the end are empty
//   (start == limit == d) when d is not divisible by N ("indivisible"
//   shardings; the partitioner pads them). The arithmetic never overflows:
//   products are clamped to d.
//
// The functions taking a sharding expect it to be valid for the mesh (and
// the shape): see verifyTensorShardingWithMesh(). Device ids not in the mesh
// and coordinates out of range are reported as std::nullopt.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_UTILS_DEVICELAYOUT_H
#define SDY_IR_UTILS_DEVICELAYOUT_H

#include <cstdint>
#include <optional>
#include <utility>

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::sdy {

/// The linear (row-major) position of `deviceId` in `mesh`: its index in the
/// device_ids list, or the id itself for the implicit iota order. Nullopt if
/// `deviceId` is not a device of `mesh`.
std::optional<int64_t> getDeviceLinearIndex(MeshAttr mesh, int64_t deviceId);

/// The mesh coordinates (one per mesh axis, in mesh order) of linear
/// position `linearIndex`, which must be in [0, mesh.getTotalSize()).
SmallVector<int64_t> delinearizeMeshIndex(MeshAttr mesh, int64_t linearIndex);

/// The mesh coordinates (one per mesh axis, in mesh order) of `deviceId`.
/// Nullopt if `deviceId` is not a device of `mesh`. A mesh without axes
/// gives an empty list for its device.
std::optional<SmallVector<int64_t>> getMeshCoordinates(MeshAttr mesh,
                                                       int64_t deviceId);

/// The device at mesh coordinates `coords`. Nullopt if the number of
/// coordinates is not the number of mesh axes or a coordinate is outside
/// [0, axis size).
std::optional<int64_t> getDeviceId(MeshAttr mesh, ArrayRef<int64_t> coords);

/// The coordinate along `axis` (a full axis or a sub-axis of `mesh`) of the
/// device at mesh coordinates `meshCoords`, in [0, axis.getSize(mesh)).
int64_t getAxisCoordinate(AxisRefAttr axis, MeshAttr mesh,
                          ArrayRef<int64_t> meshCoords);

/// The shard index along a dimension sharded by `axes` of the device at
/// mesh coordinates `meshCoords`, in [0, product of the axis sizes).
int64_t getShardIndex(ArrayRef<AxisRefAttr> axes, MeshAttr mesh,
                      ArrayRef<int64_t> meshCoords);

/// The shard index along `dim` of the device at mesh coordinates
/// `meshCoords`, in [0, dim.getShardedSize(mesh)).
inline int64_t getShardIndex(DimensionShardingAttr dim, MeshAttr mesh,
                             ArrayRef<int64_t> meshCoords) {
  return getShardIndex(dim.getAxes(), mesh, meshCoords);
}

/// The shard index of `deviceId` along each dimension of `sharding`.
/// Nullopt if `deviceId` is not a device of `mesh`.
std::optional<SmallVector<int64_t>>
getShardIndices(TensorShardingAttr sharding, MeshAttr mesh, int64_t deviceId);

/// [start, limit) of shard `shardIndex` of a dimension of size `dimSize`
/// (>= 0) split into `numShards` (>= 1) shards. Never overflows.
std::pair<int64_t, int64_t> getShardBounds(int64_t dimSize, int64_t numShards,
                                           int64_t shardIndex);

/// The part of a tensor of shape `shape` (static sizes >= 0, one per
/// dimension of `sharding`) held by `deviceId`: per dimension, [start,
/// limit).
struct DeviceSlice {
  SmallVector<int64_t> starts;
  SmallVector<int64_t> limits;
};

/// The slice of a tensor of shape `shape` held by `deviceId` under
/// `sharding` on `mesh`. Nullopt if `deviceId` is not a device of `mesh`.
std::optional<DeviceSlice> getDeviceSlice(TensorShardingAttr sharding,
                                          MeshAttr mesh,
                                          ArrayRef<int64_t> shape,
                                          int64_t deviceId);

} // namespace mlir::sdy

#endif // SDY_IR_UTILS_DEVICELAYOUT_H
