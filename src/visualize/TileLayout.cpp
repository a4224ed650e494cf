//===- TileLayout.cpp - which device holds which tile ---------------------===//

#include "visualize/TileLayout.h"

#include "ir/sdy/ShardingVerifier.h"
#include "ir/utils/DeviceLayout.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sdy;

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Row-major position of `indices` in a grid of `counts`.
int64_t linearize(ArrayRef<int64_t> indices, ArrayRef<int64_t> counts) {
  int64_t linear = 0;
  for (auto [index, count] : llvm::zip_equal(indices, counts))
    linear = linear * count + index;
  return linear;
}

/// The verifier's message for `sharding` on `mesh` and a tensor of `shape`,
/// or "" if it is valid.
std::string verifyForShape(TensorShardingAttr sharding, MeshAttr mesh,
                           ArrayRef<int64_t> shape) {
  MLIRContext *ctx = sharding.getContext();
  std::string message;
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
    if (message.empty())
      message = diag.str();
    return success();
  });
  auto type = RankedTensorType::get(shape, Float32Type::get(ctx));
  if (succeeded(verifyTensorShardingWithMesh(sharding, mesh, type, [&] {
        return mlir::emitError(UnknownLoc::get(ctx));
      })))
    return "";
  return message.empty() ? "invalid sharding" : message;
}

} // namespace

const Tile &TileLayout::getTile(ArrayRef<int64_t> shardIndices) const {
  return tiles[linearize(shardIndices, shardCounts)];
}

llvm::Expected<TileLayout>
mlir::sdy::computeTileLayout(TensorShardingAttr sharding, MeshAttr mesh,
                             ArrayRef<int64_t> shape) {
  if (!sharding || !mesh)
    return makeError("no sharding or no mesh to draw");
  for (auto [dim, size] : llvm::enumerate(shape))
    if (size < 0)
      return makeError("dimension " + llvm::Twine(dim) + " of tensor<" +
                       formatShape(shape) +
                       "> is dynamic or negative; pictures need static sizes");
  if (mesh.getTotalSize() > kMaxPictureDevices)
    return makeError("the mesh has " + llvm::Twine(mesh.getTotalSize()) +
                     " devices; pictures show at most " +
                     llvm::Twine(kMaxPictureDevices));
  std::string invalid = verifyForShape(sharding, mesh, shape);
  if (!invalid.empty())
    return makeError("cannot draw tensor<" + formatShape(shape) +
                     "> sharded as this sharding: " + invalid);

  TileLayout layout;
  layout.mesh = mesh;
  layout.sharding = sharding;
  layout.shape.assign(shape.begin(), shape.end());
  for (DimensionShardingAttr dim : sharding.getDimShardings())
    layout.shardCounts.push_back(dim.getShardedSize(mesh));
  layout.localShape = sharding.getLocalShape(shape, mesh);

  int64_t numTiles = 1;
  for (int64_t count : layout.shardCounts)
    numTiles *= count; // at most the number of devices: axes are disjoint
  layout.tiles.resize(numTiles);

  for (int64_t linear = 0; linear < mesh.getTotalSize(); ++linear) {
    int64_t device = mesh.getDeviceId(linear);
    std::optional<SmallVector<int64_t>> indices =
        getShardIndices(sharding, mesh, device);
    std::optional<DeviceSlice> slice =
        getDeviceSlice(sharding, mesh, shape, device);
    if (!indices || !slice)
      return makeError("device " + llvm::Twine(device) +
                       " of the mesh has no coordinates");
    Tile &tile = layout.tiles[linearize(*indices, layout.shardCounts)];
    if (tile.devices.empty()) {
      tile.shardIndices = *indices;
      tile.starts = slice->starts;
      tile.limits = slice->limits;
      for (auto [start, limit, local] :
           llvm::zip_equal(tile.starts, tile.limits, layout.localShape))
        tile.padding.push_back(local - (limit - start));
    }
    tile.devices.push_back(device);
  }

  // Each mesh axis shards dimensions by the product of its (sub-)axes used;
  // the rest of it replicates every tile.
  for (MeshAxisAttr axis : mesh.getAxes()) {
    int64_t usedSize = 1;
    for (DimensionShardingAttr dim : sharding.getDimShardings())
      for (AxisRefAttr ref : dim.getAxes())
        if (ref.getName() == axis.getName())
          usedSize *= ref.getSize(mesh);
    if (usedSize == axis.getSize())
      continue;
    std::string name = "\"" + axis.getName().str() + "\"";
    if (usedSize != 1)
      name += " (" + std::to_string(axis.getSize() / usedSize) + " of " +
              std::to_string(axis.getSize()) + ")";
    layout.replicatedOver.push_back(name);
  }
  return layout;
}

std::string mlir::sdy::formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  return llvm::join(llvm::map_range(shape,
                                    [](int64_t size) {
                                      return ShapedType::isDynamic(size)
                                                 ? std::string("?")
                                                 : std::to_string(size);
                                    }),
                    "x");
}

std::string mlir::sdy::formatDevices(ArrayRef<int64_t> devices) {
  return llvm::join(
      llvm::map_range(devices, [](int64_t id) { return std::to_string(id); }),
      ",");
}

std::string mlir::sdy::formatRange(int64_t start, int64_t limit) {
  return "[" + std::to_string(start) + "," + std::to_string(limit) + ")";
}

std::string mlir::sdy::printAttr(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

SmallVector<int64_t> mlir::sdy::getGridDims(int64_t rank) {
  SmallVector<int64_t> dims;
  for (int64_t dim = std::max<int64_t>(rank - 2, 0); dim < rank; ++dim)
    dims.push_back(dim);
  return dims;
}

SmallVector<std::string>
mlir::sdy::describeTileLayout(const TileLayout &layout) {
  SmallVector<std::string> lines;
  lines.push_back("tensor " + formatShape(layout.shape) + " sharded " +
                  printAttr(layout.sharding));
  lines.push_back("mesh " + printAttr(layout.mesh));
  if (!layout.shape.empty())
    lines.push_back("local shape " + formatShape(layout.localShape));
  SmallVector<int64_t> grid = getGridDims(layout.shape.size());
  if (grid.size() == 2)
    lines.push_back("rows: dimension " + std::to_string(grid[0]) +
                    ", columns: dimension " + std::to_string(grid[1]));
  else if (grid.size() == 1)
    lines.push_back("columns: dimension 0");
  if (!layout.replicatedOver.empty())
    lines.push_back("every tile replicated over " +
                    llvm::join(layout.replicatedOver, ", "));
  return lines;
}

void mlir::sdy::forEachLeadingIndex(
    const TileLayout &layout, int64_t numLeading,
    llvm::function_ref<void(ArrayRef<int64_t>)> fn) {
  SmallVector<int64_t> leading(numLeading, 0);
  while (true) {
    fn(leading);
    int64_t dim = numLeading - 1;
    while (dim >= 0 && ++leading[dim] == layout.shardCounts[dim])
      leading[dim--] = 0;
    if (dim < 0)
      return;
  }
}

std::string mlir::sdy::describeLeadingTile(const TileLayout &layout,
                                           ArrayRef<int64_t> leading) {
  SmallVector<int64_t> indices(leading);
  indices.append(layout.shape.size() - leading.size(), 0);
  const Tile &tile = layout.getTile(indices);
  std::string ranges, padding;
  bool padded = false;
  for (size_t dim = 0; dim < leading.size(); ++dim) {
    ranges +=
        (dim ? "x" : "") + formatRange(tile.starts[dim], tile.limits[dim]);
    padding += (dim ? "x" : "") + std::to_string(tile.padding[dim]);
    padded |= tile.padding[dim] != 0;
  }
  std::string text =
      leading.size() == 1
          ? "dimension 0 = "
          : "dimensions 0.." + std::to_string(leading.size() - 1) + " = ";
  return text + ranges + (padded ? " pad " + padding : "");
}
