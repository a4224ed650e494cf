//===- TextLayout.h - a sharding's tiles as a text grid ---------*- C++ -*-===//
//
// For terminals, in the spirit of jax.debug.visualize_array_sharding: the
// tensor as a grid of boxes, one per tile, rows along the second-to-last
// dimension and columns along the last. A rank-1 tensor is one row; a
// rank > 2 tensor gets one grid per tile of its leading dimensions, each
// headed by the ranges of those dimensions. Every box lists the devices
// holding the tile, its [start,limit) per grid dimension and, when the
// partitioner pads it, the padding per grid dimension.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_VISUALIZE_TEXTLAYOUT_H
#define SDY_VISUALIZE_TEXTLAYOUT_H

#include <string>

#include "visualize/TileLayout.h"

namespace mlir::sdy {

struct TextLayoutOptions {
  /// `+`, `-` and `|` instead of box-drawing characters.
  bool ascii = false;
};

/// The text picture of `layout` (several lines, each ending in '\n').
std::string renderTextLayout(const TileLayout &layout,
                             const TextLayoutOptions &options = {});

} // namespace mlir::sdy

#endif // SDY_VISUALIZE_TEXTLAYOUT_H
