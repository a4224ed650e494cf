//===- LayoutPicturesTest.cpp - pictures agree with the device layout -----===//
//
// The text grid and the SVG of many shardings are read back (the SVG with
// an XML reader) and every device's tile compared with getDeviceSlice(), the
// layout the partitioner and the runtime use; plus hand-written pictures
// and the errors of computeTileLayout().
//
//===----------------------------------------------------------------------===//

#include "UnitTestSupport.h"
#include "XmlReader.h"
#include "ir/utils/DeviceLayout.h"
#include "visualize/SvgLayout.h"
#include "visualize/TextLayout.h"
#include "visualize/TileLayout.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::unittest;

namespace {

/// Per device: [start, limit) of every dimension and the padding.
struct Placement {
  std::vector<int64_t> starts, limits, padding;
  bool operator==(const Placement &other) const {
    return starts == other.starts && limits == other.limits &&
           padding == other.padding;
  }
};
using PlacementMap = std::map<int64_t, Placement>;

std::vector<int64_t> parseNumbers(llvm::StringRef text, char separator) {
  std::vector<int64_t> numbers;
  SmallVector<llvm::StringRef> parts;
  text.split(parts, separator, -1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    int64_t value;
    EXPECT_FALSE(part.trim().getAsInteger(10, value))
        << "not a number: " << part.str();
    numbers.push_back(value);
  }
  return numbers;
}

/// "[0,4)x[2,3)" -> starts {0, 2}, limits {4, 3}.
void parseRanges(llvm::StringRef text, std::vector<int64_t> &starts,
                 std::vector<int64_t> &limits) {
  SmallVector<llvm::StringRef> ranges;
  text.split(ranges, 'x', -1, false);
  for (llvm::StringRef range : ranges) {
    ASSERT_TRUE(range.consume_front("[") && range.consume_back(")"))
        << range.str();
    std::vector<int64_t> bounds = parseNumbers(range, ',');
    ASSERT_EQ(bounds.size(), 2u);
    starts.push_back(bounds[0]);
    limits.push_back(bounds[1]);
  }
}

class LayoutPicturesTest : public SdyTest {
protected:
  void SetUp() override {
    parse(R"mlir(
sdy.mesh @mesh = <["x"=2, "y"=4]>
sdy.mesh @three = <["a"=2, "b"=2, "c"=2]>
sdy.mesh @permuted = <["p"=2, "q"=2], device_ids=[3, 1, 2, 0]>
sdy.mesh @line = <["z"=8]>
sdy.mesh @empty = <[]>
sdy.mesh @maximal = <[], device_ids=[5]>
)mlir");
  }

  TileLayout layout(llvm::StringRef text, ArrayRef<int64_t> shape) {
    TensorShardingAttr s = sharding(text);
    MeshAttr mesh = getMesh(s.getMeshName());
    llvm::Expected<TileLayout> result = computeTileLayout(s, mesh, shape);
    if (!result) {
      ADD_FAILURE() << llvm::toString(result.takeError());
      return TileLayout();
    }
    return std::move(*result);
  }

  /// What getDeviceSlice() says every device holds.
  PlacementMap expected(const TileLayout &layout) {
    PlacementMap map;
    SmallVector<int64_t> local =
        layout.sharding.getLocalShape(layout.shape, layout.mesh);
    for (int64_t linear = 0; linear < layout.mesh.getTotalSize(); ++linear) {
      int64_t device = layout.mesh.getDeviceId(linear);
      std::optional<DeviceSlice> slice =
          getDeviceSlice(layout.sharding, layout.mesh, layout.shape, device);
      EXPECT_TRUE(slice);
      Placement &p = map[device];
      p.starts.assign(slice->starts.begin(), slice->starts.end());
      p.limits.assign(slice->limits.begin(), slice->limits.end());
      for (size_t d = 0; d < local.size(); ++d)
        p.padding.push_back(local[d] - (p.limits[d] - p.starts[d]));
    }
    return map;
  }

  /// Reads the SVG back: tile groups, their stripes and the mesh cells.
  PlacementMap readSvg(const TileLayout &layout, const std::string &svg) {
    std::string error;
    std::unique_ptr<sdy_test::xml::Element> root =
        sdy_test::xml::parse(svg, error);
    EXPECT_TRUE(root) << error << "\n" << svg;
    if (!root)
      return {};
    EXPECT_EQ(root->name, "svg");
    std::vector<const sdy_test::xml::Element *> all;
    root->collect(all);
    PlacementMap map;
    std::set<int64_t> meshCells;
    for (const sdy_test::xml::Element *e : all) {
      if (e->name == "rect" && e->attr("class") == "device") {
        int64_t device = std::stoll(e->attr("data-device"));
        EXPECT_TRUE(meshCells.insert(device).second) << device;
        std::optional<SmallVector<int64_t>> coords =
            getMeshCoordinates(layout.mesh, device);
        EXPECT_TRUE(coords);
        EXPECT_EQ(parseNumbers(e->attr("data-coords"), ','),
                  std::vector<int64_t>(coords->begin(), coords->end()));
        EXPECT_EQ(e->attr("fill"), getDeviceColor(device).str());
      }
      if (e->name != "g" || e->attr("class") != "tile")
        continue;
      Placement p;
      p.starts = parseNumbers(e->attr("data-start"), ',');
      p.limits = parseNumbers(e->attr("data-limit"), ',');
      p.padding = parseNumbers(e->attr("data-padding"), ',');
      std::vector<int64_t> devices = parseNumbers(e->attr("data-devices"), ',');
      std::vector<int64_t> stripes;
      for (const auto &child : e->children)
        if (child->attr("class") == "stripe") {
          int64_t device = std::stoll(child->attr("data-device"));
          stripes.push_back(device);
          EXPECT_EQ(child->attr("fill"), getDeviceColor(device).str());
        }
      EXPECT_EQ(stripes, devices) << "one stripe per device of the tile";
      for (int64_t device : devices)
        EXPECT_TRUE(map.emplace(device, p).second)
            << "device " << device << " in two tiles";
    }
    EXPECT_EQ(static_cast<int64_t>(meshCells.size()),
              layout.mesh.getTotalSize());
    return map;
  }

  /// Reads the text grid back: the leading-dimension headers and the boxes.
  PlacementMap readText(const TileLayout &layout, const std::string &text,
                        llvm::StringRef vertical) {
    size_t rank = layout.shape.size();
    size_t numGrid = std::min<size_t>(rank, 2);
    PlacementMap map;
    std::vector<int64_t> leadStarts, leadLimits, leadPadding;
    // The lines of the current row of boxes, cell by cell.
    std::vector<std::vector<std::string>> row;
    auto flushRow = [&] {
      for (const std::vector<std::string> &cell : row) {
        if (cell.size() < 2)
          continue;
        Placement p;
        p.starts = leadStarts;
        p.limits = leadLimits;
        p.padding = leadPadding;
        std::vector<int64_t> gridPadding(numGrid, 0);
        if (numGrid > 0)
          parseRanges(cell[1], p.starts, p.limits);
        else
          EXPECT_EQ(cell[1], "scalar");
        if (cell.size() > 2 && !cell[2].empty()) {
          llvm::StringRef pad(cell[2]);
          EXPECT_TRUE(pad.consume_front("pad ")) << cell[2];
          gridPadding = parseNumbers(pad, 'x');
        }
        p.padding.insert(p.padding.end(), gridPadding.begin(),
                         gridPadding.end());
        for (int64_t device : parseNumbers(cell[0], ','))
          EXPECT_TRUE(map.emplace(device, p).second)
              << "device " << device << " in two boxes";
      }
      row.clear();
    };
    SmallVector<llvm::StringRef> lines;
    llvm::StringRef(text).split(lines, '\n');
    for (llvm::StringRef line : lines) {
      if (line.consume_front("dimension")) {
        flushRow();
        llvm::StringRef header = line.split(" = ").second;
        auto [ranges, pad] = header.split(" pad ");
        leadStarts.clear();
        leadLimits.clear();
        parseRanges(ranges, leadStarts, leadLimits);
        leadPadding = pad.empty() ? std::vector<int64_t>(leadStarts.size(), 0)
                                  : parseNumbers(pad, 'x');
        continue;
      }
      if (!line.starts_with(vertical)) {
        flushRow(); // a rule between rows, or the end
        continue;
      }
      SmallVector<llvm::StringRef> cells;
      line.split(cells, vertical, -1, false);
      if (row.empty())
        row.resize(cells.size());
      EXPECT_EQ(row.size(), cells.size()) << line.str();
      for (size_t i = 0; i < cells.size() && i < row.size(); ++i)
        row[i].push_back(cells[i].trim().str());
    }
    flushRow();
    return map;
  }

  /// The text grids (both styles) and the SVG all say what
  /// getDeviceSlice() says.
  void checkPictures(llvm::StringRef text, ArrayRef<int64_t> shape) {
    SCOPED_TRACE("sharding " + text.str() + " shape " + formatShape(shape));
    TileLayout l = layout(text, shape);
    if (!l.mesh)
      return;
    PlacementMap want = expected(l);
    EXPECT_EQ(readSvg(l, renderSvgLayout(l)), want);
    EXPECT_EQ(readText(l, renderTextLayout(l), "│"), want);
    TextLayoutOptions ascii;
    ascii.ascii = true;
    std::string asciiText = renderTextLayout(l, ascii);
    EXPECT_EQ(readText(l, asciiText, "|"), want);
    EXPECT_TRUE(llvm::all_of(
        asciiText, [](char c) { return static_cast<unsigned char>(c) < 128; }));
  }
};

TEST_F(LayoutPicturesTest, PicturesMatchTheDeviceLayout) {
  struct Case {
    const char *sharding;
    SmallVector<int64_t> shape;
  };
  const Case cases[] = {
      // Rank 2: both axes, one axis, transposed axes, unsharded.
      {R"(@mesh, [{"x"}, {"y"}])", {8, 8}},
      {R"(@mesh, [{"y"}, {}])", {8, 3}},
      {R"(@mesh, [{}, {"y", "x"}])", {4, 16}},
      {R"(@mesh, [{}, {}])", {3, 5}},
      // Replicated (explicit) and unreduced axes.
      {R"(@mesh, [{"x"}, {}], replicated={"y"})", {6, 2}},
      {R"(@mesh, [{}, {"y"}], unreduced={"x"})", {2, 8}},
      // Sub-axes, alone and with the rest of their axis replicated.
      {R"(@mesh, [{"y":(1)2}, {"x"}])", {4, 4}},
      {R"(@mesh, [{"y":(2)2}, {"y":(1)2}])", {4, 4}},
      {R"(@mesh, [{"x", "y":(2)2}, {}], replicated={"y":(1)2})", {8, 1}},
      // Indivisible dimensions: short and empty shards, padding.
      {R"(@mesh, [{"x"}, {"y"}])", {5, 6}},
      {R"(@line, [{"z"}])", {5}},
      {R"(@line, [{"z"}])", {13}},
      {R"(@mesh, [{"y"}, {"x"}])", {1, 3}},
      // Rank 0, 1 and 3.
      {R"(@line, [])", {}},
      {R"(@mesh, [{"x", "y"}])", {16}},
      {R"(@three, [{"a"}, {"b"}, {"c"}])", {4, 6, 3}},
      {R"(@three, [{"c"}, {}, {"a"}], replicated={"b"})", {3, 2, 5}},
      {R"(@mesh, [{"y":(1)2}, {}, {"x"}])", {5, 3, 6}},
      // Explicit device order, an empty mesh, a maximal mesh.
      {R"(@permuted, [{"q"}, {"p"}])", {4, 4}},
      {R"(@permuted, [{"p", "q"}])", {7}},
      {R"(@empty, [{}, {}])", {2, 3}},
      {R"(@maximal, [{}])", {4}},
      // Size-0 dimensions (unsharded, as the verifier requires).
      {R"(@mesh, [{}, {"x"}])", {0, 4}},
  };
  for (const Case &c : cases)
    checkPictures(c.sharding, c.shape);
}

TEST_F(LayoutPicturesTest, TextGridByHand) {
  TileLayout l = layout(R"(@mesh, [{"x"}, {"y"}])", {4, 6});
  TextLayoutOptions ascii;
  ascii.ascii = true;
  EXPECT_EQ(renderTextLayout(l, ascii),
            R"(tensor 4x6 sharded #sdy.sharding<@mesh, [{"x"}, {"y"}]>
mesh #sdy.mesh<["x"=2, "y"=4]>
local shape 2x2
rows: dimension 0, columns: dimension 1
+-------------+-------------+-------------+-------------+
| 0           | 1           | 2           | 3           |
| [0,2)x[0,2) | [0,2)x[2,4) | [0,2)x[4,6) | [0,2)x[6,6) |
|             |             |             | pad 0x2     |
+-------------+-------------+-------------+-------------+
| 4           | 5           | 6           | 7           |
| [2,4)x[0,2) | [2,4)x[2,4) | [2,4)x[4,6) | [2,4)x[6,6) |
|             |             |             | pad 0x2     |
+-------------+-------------+-------------+-------------+
)");
}

TEST_F(LayoutPicturesTest, ReplicatedAndRank3ByHand) {
  TileLayout l = layout(
      R"(@mesh, [{"y":(1)2}, {}, {"x"}], replicated={"y":(2)2})", {5, 3, 6});
  std::string text = renderTextLayout(l);
  EXPECT_NE(text.find("every tile replicated over \"y\" (2 of 4)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("dimension 0 = [3,5) pad 1\n"), std::string::npos)
      << text;
  // Devices 2 and 3 have "y" coordinates 2 and 3: sub-axis "y":(1)2 = 1.
  EXPECT_NE(text.find("│ 2,3         │ 6,7         │"), std::string::npos)
      << text;
  TileLayout unused = layout(R"(@three, [{}, {"b"}])", {2, 2});
  EXPECT_EQ(llvm::join(unused.replicatedOver, ", "), "\"a\", \"c\"");
}

TEST_F(LayoutPicturesTest, SvgShowsSubAxesAndEscapesText) {
  TileLayout l = layout(R"(@mesh, [{"y":(2)2}, {}])", {4, 4});
  std::string svg = renderSvgLayout(l);
  // Device 5 is at x=1, y=1: sub-axis "y":(2)2 coordinate 0 (1 / 2).
  EXPECT_NE(svg.find("&quot;y&quot;:(2)2=0"), std::string::npos);
  EXPECT_NE(svg.find("&quot;y&quot;:(2)2=1"), std::string::npos);
  EXPECT_EQ(svg.find("\"y\":(2)2"), std::string::npos) << "unescaped quote";
  EXPECT_EQ(escapeXml("<a & \"b\" 'c'>"),
            "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;");
}

TEST_F(LayoutPicturesTest, PaletteIsFixed) {
  EXPECT_EQ(getDeviceColor(0), "#1f77b4");
  EXPECT_EQ(getDeviceColor(1), "#ff7f0e");
  EXPECT_EQ(getDeviceColor(20), getDeviceColor(0));
  EXPECT_NE(getDeviceColor(19), getDeviceColor(0));
}

TEST_F(LayoutPicturesTest, ErrorsSayWhatIsWrong) {
  MeshAttr mesh = getMesh();
  auto message = [&](llvm::StringRef text, ArrayRef<int64_t> shape,
                     MeshAttr on) {
    llvm::Expected<TileLayout> result =
        computeTileLayout(sharding(text), on, shape);
    if (result)
      return std::string("no error");
    return llvm::toString(result.takeError());
  };
  EXPECT_EQ(message(R"(@mesh, [{"x"}, {}])", {4, ShapedType::kDynamic}, mesh),
            "dimension 1 of tensor<4x?> is dynamic or "
            "negative; pictures need static sizes");
  EXPECT_NE(message(R"(@mesh, [{"w"}])", {4}, mesh)
                .find("cannot draw tensor<4> sharded as this sharding: "),
            std::string::npos);
  EXPECT_NE(message(R"(@mesh, [{"w"}])", {4}, mesh).find("\"w\""),
            std::string::npos);
  EXPECT_NE(message(R"(@mesh, [{"x"}])", {4, 4}, mesh).find("rank"),
            std::string::npos);
  MeshAttr huge = MeshAttr::get(&ctx, {MeshAxisAttr::get(&ctx, "x", 8192)},
                                ArrayRef<int64_t>());
  EXPECT_EQ(message(R"(@mesh, [{"x"}])", {4}, huge),
            "the mesh has 8192 devices; pictures show at most 4096");
  llvm::Expected<TileLayout> none =
      computeTileLayout(TensorShardingAttr(), mesh, {});
  ASSERT_FALSE(none);
  EXPECT_EQ(llvm::toString(none.takeError()), "no sharding or no mesh to draw");
}

} // namespace
