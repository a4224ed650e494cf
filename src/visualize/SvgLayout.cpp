//===- SvgLayout.cpp - a sharding's mesh and tiles as SVG -----------------===//

#include "visualize/SvgLayout.h"

#include <algorithm>

#include "ir/utils/DeviceLayout.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

constexpr double kMargin = 10;
constexpr double kCharWidth = 7.2; // 12px monospace
constexpr double kLineHeight = 15;
constexpr double kGap = 24;
constexpr double kTileHeight = 48;
constexpr const char *kPaddingFill = "#e0e0e0";

std::string num(double value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%.1f", value);
  if (llvm::StringRef(text).ends_with(".0"))
    text.resize(text.size() - 2);
  return text;
}

std::string joinNumbers(ArrayRef<int64_t> values) {
  return formatDevices(values); // the same comma-separated list
}

double textWidth(llvm::StringRef text) { return text.size() * kCharWidth; }

void emitText(llvm::raw_ostream &os, double x, double y, llvm::StringRef text,
              llvm::StringRef extra = "") {
  os << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\"" << extra << ">"
     << escapeXml(text) << "</text>\n";
}

/// Lines of a mesh cell: the device id, its coordinate along every mesh
/// axis, then along every sub-axis the sharding uses.
SmallVector<std::string> deviceCellLines(const TileLayout &layout,
                                         ArrayRef<AxisRefAttr> subAxes,
                                         int64_t device,
                                         ArrayRef<int64_t> coords) {
  SmallVector<std::string> lines{"device " + std::to_string(device)};
  for (auto [axis, coord] : llvm::zip_equal(layout.mesh.getAxes(), coords))
    lines.push_back(axis.getName().str() + "=" + std::to_string(coord));
  for (AxisRefAttr axis : subAxes)
    lines.push_back(
        axis.toString() + "=" +
        std::to_string(getAxisCoordinate(axis, layout.mesh, coords)));
  return lines;
}

/// The mesh view at (x, y); returns its size.
std::pair<double, double> renderMesh(const TileLayout &layout, double x,
                                     double y, llvm::raw_ostream &os) {
  MeshAttr mesh = layout.mesh;
  ArrayRef<MeshAxisAttr> axes = mesh.getAxes();
  size_t numRowAxes = axes.size() / 2;
  int64_t numCols = 1;
  for (MeshAxisAttr axis : axes.drop_front(numRowAxes))
    numCols *= axis.getSize();
  int64_t numDevices = mesh.getTotalSize();
  int64_t numRows = numDevices / numCols;

  SmallVector<AxisRefAttr> subAxes;
  for (DimensionShardingAttr dim : layout.sharding.getDimShardings())
    for (AxisRefAttr axis : dim.getAxes())
      if (axis.isSubAxis())
        subAxes.push_back(axis);

  SmallVector<SmallVector<std::string>> cells;
  double cellWidth = 60;
  for (int64_t linear = 0; linear < numDevices; ++linear) {
    cells.push_back(deviceCellLines(layout, subAxes, mesh.getDeviceId(linear),
                                    delinearizeMeshIndex(mesh, linear)));
    for (const std::string &line : cells.back())
      cellWidth = std::max(cellWidth, textWidth(line) + 10);
  }
  double cellHeight = cells.front().size() * kLineHeight + 8;

  auto names = [&](ArrayRef<MeshAxisAttr> list) {
    std::string text;
    for (MeshAxisAttr axis : list)
      text += (text.empty() ? "\"" : ", \"") + axis.getName().str() + "\"";
    return text.empty() ? std::string("none") : text;
  };
  std::string title = "mesh: rows " + names(axes.take_front(numRowAxes)) +
                      ", columns " + names(axes.drop_front(numRowAxes));
  os << "<g class=\"mesh\">\n";
  emitText(os, x, y + 12, title, " font-weight=\"bold\"");
  double top = y + kLineHeight + 4;
  for (int64_t linear = 0; linear < numDevices; ++linear) {
    int64_t device = mesh.getDeviceId(linear);
    double cx = x + (linear % numCols) * cellWidth;
    double cy = top + (linear / numCols) * cellHeight;
    os << "<rect class=\"device\" data-device=\"" << device
       << "\" data-coords=\"" << joinNumbers(delinearizeMeshIndex(mesh, linear))
       << "\" x=\"" << num(cx) << "\" y=\"" << num(cy) << "\" width=\""
       << num(cellWidth) << "\" height=\"" << num(cellHeight) << "\" fill=\""
       << getDeviceColor(device) << "\" stroke=\"#333\"/>\n";
    for (auto [i, line] : llvm::enumerate(cells[linear]))
      emitText(os, cx + 5, cy + 4 + (i + 1) * kLineHeight - 3, line,
               i == 0 ? " font-weight=\"bold\"" : "");
  }
  os << "</g>\n";
  return {std::max(numCols * cellWidth, textWidth(title)),
          top - y + numRows * cellHeight};
}

/// One tile box of the tensor view at (x, y), `width` x `height` pixels for
/// the padded tile.
void renderTile(const TileLayout &layout, const Tile &tile,
                ArrayRef<int64_t> gridDims, double x, double y, double width,
                double height, llvm::raw_ostream &os) {
  // The fraction of the padded tile holding data, per drawn direction.
  auto fraction = [&](int64_t dim) {
    int64_t local = layout.localShape[dim];
    return local == 0 ? 0.0
                      : double(tile.limits[dim] - tile.starts[dim]) / local;
  };
  double dataWidth =
      gridDims.empty() ? width : width * fraction(gridDims.back());
  double dataHeight =
      gridDims.size() == 2 ? height * fraction(gridDims.front()) : height;
  if (llvm::any_of(layout.shape, [](int64_t size) { return size == 0; }))
    dataWidth = dataHeight = 0;

  os << "<g class=\"tile\" data-devices=\"" << formatDevices(tile.devices)
     << "\" data-shard=\"" << joinNumbers(tile.shardIndices)
     << "\" data-start=\"" << joinNumbers(tile.starts) << "\" data-limit=\""
     << joinNumbers(tile.limits) << "\" data-padding=\""
     << joinNumbers(tile.padding) << "\">\n";
  os << "<rect class=\"tile-padding\" x=\"" << num(x) << "\" y=\"" << num(y)
     << "\" width=\"" << num(width) << "\" height=\"" << num(height)
     << "\" fill=\"" << kPaddingFill << "\" stroke=\"#333\"/>\n";
  double stripe = dataWidth / tile.devices.size();
  for (auto [i, device] : llvm::enumerate(tile.devices))
    os << "<rect class=\"stripe\" data-device=\"" << device << "\" x=\""
       << num(x + i * stripe) << "\" y=\"" << num(y) << "\" width=\""
       << num(stripe) << "\" height=\"" << num(dataHeight) << "\" fill=\""
       << getDeviceColor(device) << "\"/>\n";
  std::string ranges;
  for (int64_t dim : gridDims)
    ranges += (ranges.empty() ? "" : "x") +
              formatRange(tile.starts[dim], tile.limits[dim]);
  emitText(os, x + 4, y + 14, formatDevices(tile.devices),
           " font-weight=\"bold\"");
  if (!ranges.empty())
    emitText(os, x + 4, y + 29, ranges);
  os << "</g>\n";
}

/// The tensor view at (x, y); returns its size.
std::pair<double, double> renderTensor(const TileLayout &layout, double x,
                                       double y, double tileAreaWidth,
                                       llvm::raw_ostream &os) {
  int64_t rank = layout.shape.size();
  SmallVector<int64_t> gridDims = getGridDims(rank);
  int64_t numLeading = rank - gridDims.size();
  int64_t rows = gridDims.size() == 2 ? layout.shardCounts[gridDims[0]] : 1;
  int64_t cols = gridDims.empty() ? 1 : layout.shardCounts[gridDims.back()];
  // Wide enough for the longest label, so labels never overlap.
  double labelWidth = 0;
  for (const Tile &tile : layout.tiles) {
    std::string ranges;
    for (int64_t dim : gridDims)
      ranges += formatRange(tile.starts[dim], tile.limits[dim]) + "x";
    labelWidth = std::max({labelWidth, textWidth(ranges) - kCharWidth,
                           textWidth(formatDevices(tile.devices))});
  }
  double tileWidth = std::max(tileAreaWidth / cols, labelWidth + 8);
  tileAreaWidth = tileWidth * cols;

  os << "<g class=\"tensor\" data-shape=\"" << joinNumbers(layout.shape)
     << "\">\n";
  emitText(os, x, y + 12, "tensor " + formatShape(layout.shape),
           " font-weight=\"bold\"");
  double top = y + kLineHeight + 4;
  double width = tileAreaWidth;
  forEachLeadingIndex(layout, numLeading, [&](ArrayRef<int64_t> leading) {
    if (numLeading > 0) {
      std::string caption = describeLeadingTile(layout, leading);
      emitText(os, x, top + 12, caption);
      width = std::max(width, textWidth(caption));
      top += kLineHeight + 2;
    }
    for (int64_t row = 0; row < rows; ++row)
      for (int64_t col = 0; col < cols; ++col) {
        SmallVector<int64_t> indices(leading);
        if (gridDims.size() == 2)
          indices.push_back(row);
        if (!gridDims.empty())
          indices.push_back(col);
        renderTile(layout, layout.getTile(indices), gridDims,
                   x + col * tileWidth, top + row * kTileHeight, tileWidth,
                   kTileHeight, os);
      }
    top += rows * kTileHeight + 8;
  });
  os << "</g>\n";
  return {width, top - y};
}

} // namespace

llvm::StringRef mlir::sdy::getDeviceColor(int64_t deviceId) {
  // Tableau's 20 colors: distinct, and dark text stays readable on them.
  static constexpr const char *kPalette[] = {
      "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
      "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5",
      "#c49c94", "#f7b6d2", "#c7c7c7", "#dbdb8d", "#9edae5"};
  constexpr int64_t size = std::size(kPalette);
  return kPalette[((deviceId % size) + size) % size];
}

std::string mlir::sdy::escapeXml(llvm::StringRef text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
    case '&':
      escaped += "&amp;";
      break;
    case '<':
      escaped += "&lt;";
      break;
    case '>':
      escaped += "&gt;";
      break;
    case '"':
      escaped += "&quot;";
      break;
    case '\'':
      escaped += "&apos;";
      break;
    default:
      escaped += c;
    }
  }
  return escaped;
}

std::string mlir::sdy::renderSvgLayout(const TileLayout &layout,
                                       const SvgLayoutOptions &options) {
  std::string body;
  llvm::raw_string_ostream os(body);
  SmallVector<std::string> caption = describeTileLayout(layout);
  double captionWidth = 0;
  os << "<g class=\"caption\">\n";
  for (auto [i, line] : llvm::enumerate(caption)) {
    emitText(os, kMargin, kMargin + (i + 1) * kLineHeight - 3, line);
    captionWidth = std::max(captionWidth, textWidth(line));
  }
  os << "</g>\n";
  double top = kMargin + caption.size() * kLineHeight + 8;
  double x = kMargin;
  double viewsHeight = 0;
  if (options.showMesh) {
    auto [meshWidth, meshHeight] = renderMesh(layout, x, top, os);
    x += meshWidth + kGap;
    viewsHeight = meshHeight;
  }
  auto [tensorWidth, tensorHeight] =
      renderTensor(layout, x, top, options.tensorWidth, os);
  double width =
      std::max(captionWidth, x - kMargin + tensorWidth) + 2 * kMargin;
  double height = top + std::max(viewsHeight, tensorHeight) + kMargin;

  std::string svg;
  llvm::raw_string_ostream out(svg);
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sdy-layout\" "
         "width=\""
      << num(width) << "\" height=\"" << num(height) << "\" viewBox=\"0 0 "
      << num(width) << " " << num(height)
      << "\" font-family=\"monospace\" font-size=\"12\">\n"
      << "<title>" << escapeXml(caption.front()) << "</title>\n"
      << body << "</svg>\n";
  return svg;
}
