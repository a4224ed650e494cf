//===- SvgLayout.h - a sharding's mesh and tiles as SVG ---------*- C++ -*-===//
//
// Two views side by side in one SVG document:
//
// * The mesh: one cell per device (rows: the first half of the mesh axes,
//   columns: the rest), colored with the device's color, listing its
//   coordinate along every mesh axis and along every sub-axis the sharding
//   uses, so sub-axes can be read off the grid.
// * The tensor: one box per tile, laid out like the text grid (rows along
//   the second-to-last dimension, columns along the last, one panel per tile
//   of the leading dimensions), drawn at its padded size: the data part is
//   striped with the colors of the devices holding it, the padding the
//   partitioner adds is hatched grey.
//
// A caption names the shape, the sharding, the mesh and the axes every
// tile is replicated over. The document is well-formed XML; every tile is a
// `<g class="tile">` with `data-devices`, `data-shard`, `data-start`,
// `data-limit` and `data-padding` (comma-separated, one number per
// dimension) and every mesh cell a `<rect class="device">` with
// `data-device` and `data-coords`, so programs can read the layout back.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_VISUALIZE_SVGLAYOUT_H
#define SDY_VISUALIZE_SVGLAYOUT_H

#include <string>

#include "visualize/TileLayout.h"

namespace mlir::sdy {

struct SvgLayoutOptions {
  /// Leave the mesh view out (the HTML report draws each mesh once).
  bool showMesh = true;
  /// Width in pixels of the tensor view.
  double tensorWidth = 360;
};

/// The SVG document (one `<svg>` element) picturing `layout`.
std::string renderSvgLayout(const TileLayout &layout,
                            const SvgLayoutOptions &options = {});

/// The fill color of `deviceId`: a fixed palette of 20 colors, repeating.
llvm::StringRef getDeviceColor(int64_t deviceId);

/// `text` with `&`, `<`, `>`, `"` and `'` escaped for XML.
std::string escapeXml(llvm::StringRef text);

} // namespace mlir::sdy

#endif // SDY_VISUALIZE_SVGLAYOUT_H
