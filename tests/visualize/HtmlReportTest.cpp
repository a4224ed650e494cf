//===- HtmlReportTest.cpp - the HTML report of a module -------------------===//

#include "visualize/HtmlReport.h"
#include "UnitTestSupport.h"
#include "XmlReader.h"

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::unittest;

namespace {

size_t count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t pos = text.find(what); pos != std::string::npos;
       pos = text.find(what, pos + 1))
    ++n;
  return n;
}

class HtmlReportTest : public SdyTest {
protected:
  void SetUp() override {
    parse(R"mlir(
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @main(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>, sdy.sharding_origins = {x = "input: 0"}}) -> tensor<8x6xf32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_origins = [{x = "input: 0"}]} : tensor<8x6xf32>
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x6xf32>
  %2 = sdy.reshard %1 <@mesh, [{}, {}]> : tensor<8x6xf32>
  %3 = stablehlo.reshape %2 : (tensor<8x6xf32>) -> tensor<48xf32>
  %4 = stablehlo.reshape %3 : (tensor<48xf32>) -> tensor<8x6xf32>
  return %4 : tensor<8x6xf32>
}
)mlir");
  }
};

TEST_F(HtmlReportTest, ListsOpsShardingsOriginsAndCollectives) {
  std::string html = renderHtmlReport(*module);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count(html, "<script"), 0u) << "self-contained, no scripts";
  EXPECT_EQ(count(html, "http://"), count(html, "xmlns=\"http://www.w3.org"))
      << "nothing fetched";
  // Every op of @main is a row; the two collectives are highlighted.
  EXPECT_EQ(count(html, "<tr data-op="), 4u);
  EXPECT_EQ(count(html, "<tr class=\"collective\""), 2u);
  EXPECT_NE(html.find("<td id=\"num-collectives\">2</td>"), std::string::npos);
  // Kind, axes, global bytes (8*6*4) and per-device bytes (8*2*4).
  EXPECT_NE(html.find("<b>all_gather</b><br><code>gathering_axes = "
                      "#sdy&lt;list_of_axis_ref_lists[{&quot;x&quot;}, "
                      "{}]&gt;</code><br>192 bytes, 64 per device"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<b>reshard</b><br><code>sharding = "
                      "#sdy.sharding&lt;@mesh, [{}, {}]&gt;</code><br>192 "
                      "bytes, 192 per device"),
            std::string::npos);
  EXPECT_EQ(count(html, "not modelled"), 2u);
  // Origins as the module records them.
  EXPECT_NE(html.find("{x = &quot;input: 0&quot;}"), std::string::npos);
  // One picture per sharded value (argument, add, all_gather, reshard);
  // each is well-formed XML.
  size_t pictures = 0;
  for (size_t pos = html.find("<svg"); pos != std::string::npos;
       pos = html.find("<svg", pos + 1)) {
    size_t end = html.find("</svg>", pos);
    ASSERT_NE(end, std::string::npos);
    std::string error;
    EXPECT_TRUE(sdy_test::xml::parse(html.substr(pos, end + 6 - pos), error))
        << error;
    ++pictures;
  }
  EXPECT_EQ(pictures, 4u);
  // The reshapes (unsharded) say so.
  EXPECT_EQ(count(html, "no sharding"), 2u);
}

TEST_F(HtmlReportTest, CostColumnShowsTheCostModel) {
  HtmlReportOptions options;
  int calls = 0;
  options.collectiveCost = [&](Operation *op) -> std::optional<std::string> {
    ++calls;
    if (op->getName().getStringRef() == "sdy.reshard")
      return std::nullopt;
    return std::string("3 us <ici>");
  };
  options.title = "my <model>";
  std::string html = renderHtmlReport(*module, options);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(count(html, "3 us &lt;ici&gt;"), 1u);
  EXPECT_EQ(count(html, "not modelled"), 1u);
  EXPECT_NE(html.find("<title>sdy report: my &lt;model&gt;</title>"),
            std::string::npos);
}

TEST_F(HtmlReportTest, PicturesStopAtTheTileBudget) {
  HtmlReportOptions options;
  options.maxTiles = 12; // the argument and the add (8 each) exceed it
  std::string html = renderHtmlReport(*module, options);
  EXPECT_EQ(count(html, "<svg"), 1u);
  EXPECT_EQ(count(html, "no picture: the report already draws 12 tiles"), 3u);
}

TEST_F(HtmlReportTest, IsCollective) {
  EXPECT_TRUE(isCollective(getOp("sdy.all_gather")));
  EXPECT_TRUE(isCollective(getOp("sdy.reshard")));
  EXPECT_FALSE(isCollective(getOp("stablehlo.add")));
}

TEST_F(HtmlReportTest, ValuesWithoutPicturesSayWhy) {
  parse(R"mlir(
sdy.mesh @mesh = <["x"=8192]>
func.func @main(%arg0: tensor<?xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<8192xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}
)mlir");
  std::string html = renderHtmlReport(*module);
  EXPECT_NE(html.find("no picture: dimension 0 of tensor&lt;?&gt; is dynamic"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("no picture: the mesh has 8192 devices; pictures show "
                      "at most 4096"),
            std::string::npos);
  EXPECT_NE(html.find("8192 devices: too many to list"), std::string::npos);
  EXPECT_EQ(count(html, "<svg"), 0u);
}

} // namespace
