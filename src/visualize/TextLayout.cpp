//===- TextLayout.cpp - a sharding's tiles as a text grid -----------------===//

#include "visualize/TextLayout.h"

#include <algorithm>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

/// The characters of a grid: corners and junctions, then the lines.
struct BoxChars {
  const char *topLeft, *topMid, *topRight;
  const char *midLeft, *cross, *midRight;
  const char *bottomLeft, *bottomMid, *bottomRight;
  const char *horizontal, *vertical;
};

constexpr BoxChars kUnicodeBox = {"┌", "┬", "┐", "├", "┼", "┤",
                                  "└", "┴", "┘", "─", "│"};
constexpr BoxChars kAsciiBox = {"+", "+", "+", "+", "+", "+",
                                "+", "+", "+", "-", "|"};

std::string repeat(const char *text, size_t count) {
  std::string result;
  for (size_t i = 0; i < count; ++i)
    result += text;
  return result;
}

/// The lines of one box: devices, ranges, padding (empty if none).
SmallVector<std::string, 3> cellLines(const Tile &tile,
                                      ArrayRef<int64_t> gridDims) {
  std::string ranges, padding;
  bool padded = false;
  for (int64_t dim : gridDims) {
    if (!ranges.empty()) {
      ranges += "x";
      padding += "x";
    }
    ranges += formatRange(tile.starts[dim], tile.limits[dim]);
    padding += std::to_string(tile.padding[dim]);
    padded |= tile.padding[dim] != 0;
  }
  if (gridDims.empty())
    ranges = "scalar";
  return {formatDevices(tile.devices), ranges,
          padded ? "pad " + padding : std::string()};
}

/// One grid over `gridDims` (the last two dimensions at most) for the tiles
/// whose leading shard indices are `leading`.
void renderGrid(const TileLayout &layout, ArrayRef<int64_t> leading,
                ArrayRef<int64_t> gridDims, const BoxChars &box,
                llvm::raw_ostream &os) {
  int64_t rows = gridDims.size() == 2 ? layout.shardCounts[gridDims[0]] : 1;
  int64_t cols = gridDims.empty() ? 1 : layout.shardCounts[gridDims.back()];
  auto tileAt = [&](int64_t row, int64_t col) -> const Tile & {
    SmallVector<int64_t> indices(leading.begin(), leading.end());
    if (gridDims.size() == 2)
      indices.push_back(row);
    if (!gridDims.empty())
      indices.push_back(col);
    return layout.getTile(indices);
  };

  bool anyPadding = llvm::any_of(layout.tiles, [&](const Tile &tile) {
    return llvm::any_of(gridDims,
                        [&](int64_t dim) { return tile.padding[dim] != 0; });
  });
  size_t linesPerCell = anyPadding ? 3 : 2;
  SmallVector<size_t> widths(cols, 0);
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t col = 0; col < cols; ++col)
      for (const std::string &line : cellLines(tileAt(row, col), gridDims))
        widths[col] = std::max(widths[col], line.size());

  auto rule = [&](const char *left, const char *mid, const char *right) {
    os << left;
    for (int64_t col = 0; col < cols; ++col)
      os << repeat(box.horizontal, widths[col] + 2)
         << (col + 1 == cols ? right : mid);
    os << "\n";
  };
  rule(box.topLeft, box.topMid, box.topRight);
  for (int64_t row = 0; row < rows; ++row) {
    if (row != 0)
      rule(box.midLeft, box.cross, box.midRight);
    SmallVector<SmallVector<std::string, 3>> cells;
    for (int64_t col = 0; col < cols; ++col)
      cells.push_back(cellLines(tileAt(row, col), gridDims));
    for (size_t line = 0; line < linesPerCell; ++line) {
      os << box.vertical;
      for (int64_t col = 0; col < cols; ++col) {
        const std::string &text = cells[col][line];
        os << " " << text << std::string(widths[col] - text.size() + 1, ' ')
           << box.vertical;
      }
      os << "\n";
    }
  }
  rule(box.bottomLeft, box.bottomMid, box.bottomRight);
}

} // namespace

std::string mlir::sdy::renderTextLayout(const TileLayout &layout,
                                        const TextLayoutOptions &options) {
  const BoxChars &box = options.ascii ? kAsciiBox : kUnicodeBox;
  int64_t rank = layout.shape.size();
  SmallVector<int64_t> gridDims = getGridDims(rank);
  int64_t numLeading = rank - gridDims.size();

  std::string text;
  llvm::raw_string_ostream os(text);
  for (const std::string &line : describeTileLayout(layout))
    os << line << "\n";
  // One grid per tile of the leading dimensions, in row-major order.
  forEachLeadingIndex(layout, numLeading, [&](ArrayRef<int64_t> leading) {
    if (numLeading > 0)
      os << describeLeadingTile(layout, leading) << "\n";
    renderGrid(layout, leading, gridDims, box, os);
  });
  return text;
}
