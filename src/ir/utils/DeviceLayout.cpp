//===- DeviceLayout.cpp - devices, mesh coordinates and shards ------------===//
//
// See DeviceLayout.h for the semantics.
//
//===----------------------------------------------------------------------===//

#include "ir/utils/DeviceLayout.h"

#include <algorithm>
#include <cassert>

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sdy;

std::optional<int64_t> mlir::sdy::getDeviceLinearIndex(MeshAttr mesh,
                                                       int64_t deviceId) {
  ArrayRef<int64_t> ids = mesh.getDeviceIds();
  if (ids.empty()) {
    if (deviceId >= 0 && deviceId < mesh.getTotalSize())
      return deviceId;
    return std::nullopt;
  }
  const int64_t *it = llvm::find(ids, deviceId);
  if (it == ids.end())
    return std::nullopt;
  return it - ids.begin();
}

SmallVector<int64_t> mlir::sdy::delinearizeMeshIndex(MeshAttr mesh,
                                                     int64_t linearIndex) {
  assert(linearIndex >= 0 && linearIndex < mesh.getTotalSize() &&
         "linear index out of range");
  ArrayRef<MeshAxisAttr> axes = mesh.getAxes();
  SmallVector<int64_t> coords(axes.size());
  for (size_t i = axes.size(); i-- > 0;) {
    coords[i] = linearIndex % axes[i].getSize();
    linearIndex /= axes[i].getSize();
  }
  return coords;
}

std::optional<SmallVector<int64_t>>
mlir::sdy::getMeshCoordinates(MeshAttr mesh, int64_t deviceId) {
  std::optional<int64_t> linear = getDeviceLinearIndex(mesh, deviceId);
  if (!linear)
    return std::nullopt;
  return delinearizeMeshIndex(mesh, *linear);
}

std::optional<int64_t> mlir::sdy::getDeviceId(MeshAttr mesh,
                                              ArrayRef<int64_t> coords) {
  ArrayRef<MeshAxisAttr> axes = mesh.getAxes();
  if (coords.size() != axes.size())
    return std::nullopt;
  int64_t linear = 0;
  for (auto [coord, axis] : llvm::zip_equal(coords, axes)) {
    if (coord < 0 || coord >= axis.getSize())
      return std::nullopt;
    // No overflow: the mesh verifier bounds the product of sizes by 2^40.
    linear = linear * axis.getSize() + coord;
  }
  return mesh.getDeviceId(linear);
}

int64_t mlir::sdy::getAxisCoordinate(AxisRefAttr axis, MeshAttr mesh,
                                     ArrayRef<int64_t> meshCoords) {
  int64_t axisIndex = mesh.getAxisIndex(axis.getName());
  assert(axisIndex >= 0 && "axis is not in the mesh");
  assert(static_cast<size_t>(axisIndex) < meshCoords.size() &&
         "one coordinate per mesh axis expected");
  int64_t coord = meshCoords[axisIndex];
  SubAxisInfoAttr sub = axis.getSubAxisInfo();
  if (!sub)
    return coord;
  // "x":(m)k of an axis of size n: reshape n to [m, k, n/(m·k)], take the
  // middle index.
  int64_t axisSize = mesh.getAxes()[axisIndex].getSize();
  return (coord / (axisSize / sub.getNextPreSize())) % sub.getSize();
}

int64_t mlir::sdy::getShardIndex(ArrayRef<AxisRefAttr> axes, MeshAttr mesh,
                                 ArrayRef<int64_t> meshCoords) {
  // Mixed radix, the first (major) axis most significant.
  int64_t index = 0;
  for (AxisRefAttr axis : axes)
    index =
        index * axis.getSize(mesh) + getAxisCoordinate(axis, mesh, meshCoords);
  return index;
}

std::optional<SmallVector<int64_t>>
mlir::sdy::getShardIndices(TensorShardingAttr sharding, MeshAttr mesh,
                           int64_t deviceId) {
  std::optional<SmallVector<int64_t>> coords =
      getMeshCoordinates(mesh, deviceId);
  if (!coords)
    return std::nullopt;
  SmallVector<int64_t> indices;
  for (DimensionShardingAttr dim : sharding.getDimShardings())
    indices.push_back(getShardIndex(dim, mesh, *coords));
  return indices;
}

std::pair<int64_t, int64_t> mlir::sdy::getShardBounds(int64_t dimSize,
                                                      int64_t numShards,
                                                      int64_t shardIndex) {
  assert(dimSize >= 0 && numShards >= 1 && shardIndex >= 0 &&
         shardIndex < numShards && "invalid shard");
  // L = ceil(d / N) without computing d + N - 1.
  int64_t chunk = dimSize / numShards + (dimSize % numShards != 0 ? 1 : 0);
  auto clampedProduct = [&](int64_t a) {
    int64_t product;
    if (llvm::MulOverflow(a, chunk, product))
      return dimSize;
    return std::min(product, dimSize);
  };
  return {clampedProduct(shardIndex), clampedProduct(shardIndex + 1)};
}

std::optional<DeviceSlice>
mlir::sdy::getDeviceSlice(TensorShardingAttr sharding, MeshAttr mesh,
                          ArrayRef<int64_t> shape, int64_t deviceId) {
  assert(shape.size() == static_cast<size_t>(sharding.getRank()) &&
         "one size per dimension expected");
  std::optional<SmallVector<int64_t>> coords =
      getMeshCoordinates(mesh, deviceId);
  if (!coords)
    return std::nullopt;
  DeviceSlice slice;
  for (auto [dim, size] : llvm::zip_equal(sharding.getDimShardings(), shape)) {
    auto [start, limit] = getShardBounds(size, dim.getShardedSize(mesh),
                                         getShardIndex(dim, mesh, *coords));
    slice.starts.push_back(start);
    slice.limits.push_back(limit);
  }
  return slice;
}
