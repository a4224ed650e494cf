//===- TileLayout.h - which device holds which tile -------------*- C++ -*-===//
//
// The picture of a sharding: for a tensor shape, a sharding and its mesh,
// the tiles the tensor is cut into and the devices holding each. Tiles come
// from getDeviceSlice() (ir/utils/DeviceLayout.h), the function the C ABI,
// the partitioner and the runtime use to place data, so a picture cannot
// disagree with execution.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_VISUALIZE_TILELAYOUT_H
#define SDY_VISUALIZE_TILELAYOUT_H

#include <cstdint>
#include <string>
#include <vector>

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir::sdy {

/// Pictures are for people: meshes with more devices are refused.
inline constexpr int64_t kMaxPictureDevices = 4096;

/// A whole module's pictures (the HTML report, -sdy-print-layout) stop at
/// this many tiles in all, so that large programs on large meshes give a
/// page of reasonable size; later values say why they have no picture.
inline constexpr int64_t kMaxModuleTiles = 100000;

/// One shard of the tensor and the devices that hold it.
struct Tile {
  /// The shard index along each dimension (see DeviceLayout.h).
  SmallVector<int64_t> shardIndices;
  /// The elements held, per dimension [start, limit).
  SmallVector<int64_t> starts;
  SmallVector<int64_t> limits;
  /// Per dimension, the padding the partitioner adds so that every shard
  /// has the local size: localShape[d] - (limit - start).
  SmallVector<int64_t> padding;
  /// The devices holding this tile, in mesh (row-major) order. More than
  /// one when axes are replicated (explicitly, or by not being used).
  SmallVector<int64_t> devices;
};

/// The tiles of a tensor under a sharding.
struct TileLayout {
  MeshAttr mesh;
  TensorShardingAttr sharding;
  SmallVector<int64_t> shape;
  /// The number of shards of each dimension.
  SmallVector<int64_t> shardCounts;
  /// ceil(d / shards): the per-device size the partitioner pads to.
  SmallVector<int64_t> localShape;
  /// Every tile, ordered row-major by shard indices (dimension 0 slowest).
  std::vector<Tile> tiles;
  /// The mesh axes (or the part of an axis its used sub-axes leave) that
  /// shard no dimension, so every tile is on all their devices: `"y"`, or
  /// `"x" (2 of 4)` when sub-axes of "x" use a factor of 2 of its 4.
  /// Explicitly replicated, unreduced and unmentioned axes alike.
  SmallVector<std::string> replicatedOver;

  /// The tile at `shardIndices` (one per dimension, each in range).
  const Tile &getTile(ArrayRef<int64_t> shardIndices) const;
};

/// Computes the tiles of a tensor of `shape` sharded as `sharding` on `mesh`.
/// Fails with a message a user can act on when the shape has a dynamic or
/// negative size, the sharding is invalid for the mesh and shape (the
/// dialect verifier's message), or the mesh has more than
/// kMaxPictureDevices devices.
llvm::Expected<TileLayout> computeTileLayout(TensorShardingAttr sharding,
                                             MeshAttr mesh,
                                             ArrayRef<int64_t> shape);

/// The lines that name what a picture shows: shape and sharding, mesh,
/// local shape, which dimensions are rows and columns, replication.
SmallVector<std::string> describeTileLayout(const TileLayout &layout);

/// `[0,4)`: a half-open range.
std::string formatRange(int64_t start, int64_t limit);

/// `#sdy.sharding<...>`, `#sdy.mesh<...>`: an attribute as IR prints it.
std::string printAttr(Attribute attr);

/// The dimensions a grid shows: the last two (fewer for rank < 2).
SmallVector<int64_t> getGridDims(int64_t rank);

/// Calls `fn` with the shard indices of every tile of the first
/// `numLeading` dimensions, in row-major order (once, with none, for 0).
void forEachLeadingIndex(const TileLayout &layout, int64_t numLeading,
                         llvm::function_ref<void(ArrayRef<int64_t>)> fn);

/// `dimension 0 = [0,2)` / `dimensions 0..1 = [0,2)x[0,3) pad 0x1`: the
/// leading ranges of the grid of tiles at `leading`.
std::string describeLeadingTile(const TileLayout &layout,
                                ArrayRef<int64_t> leading);

/// `3x5`, or `scalar` for rank 0.
std::string formatShape(ArrayRef<int64_t> shape);

/// "0,1,2": device ids separated by commas.
std::string formatDevices(ArrayRef<int64_t> devices);

} // namespace mlir::sdy

#endif // SDY_VISUALIZE_TILELAYOUT_H
