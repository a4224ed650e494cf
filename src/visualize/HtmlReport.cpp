//===- HtmlReport.cpp - a whole module's shardings as one HTML page -------===//

#include "visualize/HtmlReport.h"

#include "analysis/CollectiveEnumeration.h"
#include "ir/sdy/ShardingUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "visualize/SvgLayout.h"
#include "visualize/TileLayout.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

constexpr llvm::StringLiteral kOriginsAttr = "sdy.sharding_origins";

constexpr llvm::StringLiteral kStyle = R"css(
body { font-family: sans-serif; margin: 16px; color: #222; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 24px; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #bbb; padding: 4px 6px; vertical-align: top;
         text-align: left; font-size: 13px; }
th { background: #eee; }
code, .ir { font-family: monospace; font-size: 12px; white-space: pre-wrap; }
tr.collective { background: #fff3c4; }
tr.collective td.op { font-weight: bold; color: #a33; }
.swatch { display: inline-block; min-width: 22px; padding: 2px 4px;
          margin: 1px; text-align: center; font-family: monospace;
          border: 1px solid #333; }
.note { color: #777; font-style: italic; }
.summary td { font-size: 14px; }
)css";

/// The bytes of a static tensor of `shape` and `elementType`, if known.
std::optional<int64_t> tensorBytes(ArrayRef<int64_t> shape, Type elementType) {
  int64_t bits = 0;
  if (elementType.isIntOrFloat())
    bits = elementType.getIntOrFloatBitWidth();
  else if (auto complex = dyn_cast<ComplexType>(elementType);
           complex && complex.getElementType().isIntOrFloat())
    bits = 2 * complex.getElementType().getIntOrFloatBitWidth();
  else
    return std::nullopt;
  int64_t elements = 1;
  for (int64_t size : shape)
    if (size < 0 || llvm::MulOverflow(elements, size, elements))
      return std::nullopt;
  int64_t totalBits;
  if (llvm::MulOverflow(elements, bits, totalBits))
    return std::nullopt;
  return totalBits / 8 + (totalBits % 8 != 0 ? 1 : 0);
}

std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

class ReportWriter {
public:
  ReportWriter(ModuleOp module, const HtmlReportOptions &options,
               llvm::raw_ostream &os)
      : module(module), options(options), os(os) {}

  void write() {
    std::string title = options.title;
    if (title.empty())
      title = module.getSymName() ? module.getSymName()->str() : "module";
    os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
          "charset=\"utf-8\">\n<title>sdy report: "
       << escapeXml(title) << "</title>\n<style>" << kStyle
       << "</style>\n</head>\n<body>\n<h1>sdy report: " << escapeXml(title)
       << "</h1>\n";
    writeSummary();
    writeMeshes();
    module.walk([&](func::FuncOp func) { writeFunction(func); });
    os << "</body>\n</html>\n";
  }

private:
  void writeSummary() {
    int64_t numOps = 0, numCollectives = 0;
    module.walk([&](Operation *op) {
      if (op == module.getOperation())
        return;
      ++numOps;
      numCollectives += isCollective(op);
    });
    os << "<table class=\"summary\"><tr><td>ops</td><td>" << numOps
       << "</td></tr><tr><td>collectives</td><td id=\"num-collectives\">"
       << numCollectives << "</td></tr></table>\n";
  }

  void writeMeshes() {
    os << "<h2>Meshes</h2>\n";
    bool any = false;
    for (MeshOp mesh : module.getOps<MeshOp>()) {
      any = true;
      os << "<p><code>@" << escapeXml(mesh.getSymName()) << " = "
         << escapeXml(printAttr(mesh.getMesh())) << "</code><br>";
      MeshAttr attr = mesh.getMesh();
      if (attr.getTotalSize() > kMaxPictureDevices) {
        os << "<span class=\"note\">" << attr.getTotalSize()
           << " devices: too many to list</span></p>\n";
        continue;
      }
      for (int64_t linear = 0; linear < attr.getTotalSize(); ++linear) {
        int64_t device = attr.getDeviceId(linear);
        os << "<span class=\"swatch\" style=\"background:"
           << getDeviceColor(device) << "\">" << device << "</span>";
      }
      os << "</p>\n";
    }
    if (!any)
      os << "<p class=\"note\">no sdy.mesh in the module</p>\n";
  }

  /// The sharding of `value` as text and a picture of its tiles.
  void writeValueSharding(Value value, Operation *from) {
    TensorShardingAttr sharding = getSharding(value);
    if (!sharding) {
      os << "<span class=\"note\">no sharding</span>";
      return;
    }
    os << "<code>" << escapeXml(printAttr(sharding)) << "</code><br>";
    MeshAttr mesh = lookupMesh(from, sharding.getMeshOrRef());
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!mesh || !type) {
      os << "<span class=\"note\">no picture: "
         << (mesh ? "not a ranked tensor" : "the mesh is not found")
         << "</span>";
      return;
    }
    llvm::Expected<TileLayout> layout =
        computeTileLayout(sharding, mesh, type.getShape());
    if (!layout) {
      os << "<span class=\"note\">no picture: "
         << escapeXml(llvm::toString(layout.takeError())) << "</span>";
      return;
    }
    tilesDrawn += layout->tiles.size();
    if (tilesDrawn > options.maxTiles) {
      os << "<span class=\"note\">no picture: the report already draws "
         << options.maxTiles << " tiles</span>";
      return;
    }
    SvgLayoutOptions svg;
    svg.showMesh = false;
    svg.tensorWidth = 200;
    os << renderSvgLayout(*layout, svg);
  }

  void writeOrigins(Attribute origins) {
    if (origins)
      os << "<code>" << escapeXml(printAttr(origins)) << "</code>";
  }

  void writeFunction(func::FuncOp func) {
    os << "<h2>func @" << escapeXml(func.getSymName()) << "</h2>\n";
    os << "<table class=\"args\">\n<tr><th>argument</th><th>type</th>"
          "<th>sharding</th><th>origin</th></tr>\n";
    for (BlockArgument arg : func.getArguments()) {
      os << "<tr><td>%arg" << arg.getArgNumber() << "</td><td><code>"
         << escapeXml(printType(arg.getType())) << "</code></td><td>";
      writeValueSharding(arg, func);
      os << "</td><td>";
      writeOrigins(func.getArgAttr(arg.getArgNumber(), kOriginsAttr));
      os << "</td></tr>\n";
    }
    os << "</table>\n";
    os << "<table class=\"ops\">\n<tr><th>#</th><th>op</th><th>result "
          "types</th><th>result shardings</th><th>origins</th>"
          "<th>collective</th><th>cost</th></tr>\n";
    int64_t index = 0;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != func.getOperation())
        writeOp(op, func, index++);
    });
    os << "</table>\n";
  }

  void writeOp(Operation *op, func::FuncOp func, int64_t index) {
    int depth = 0;
    for (Operation *parent = op->getParentOp(); parent && parent != func;
         parent = parent->getParentOp())
      ++depth;
    bool collective = isCollective(op);
    // A reduce_window or convolution whose windowed dimension stays sharded
    // gets a halo exchange from the lowering: shown as a collective when it
    // moves data.
    std::optional<std::string> haloCost;
    if (!collective && options.collectiveCost &&
        ::sdy::analysis::mayExchangeHalos(op))
      haloCost = options.collectiveCost(op);
    collective = collective || haloCost;
    os << "<tr" << (collective ? " class=\"collective\"" : "") << " data-op=\""
       << escapeXml(op->getName().getStringRef()) << "\"><td>" << index
       << "</td><td class=\"op\" style=\"padding-left:" << 6 + 16 * depth
       << "px\"><code>" << escapeXml(op->getName().getStringRef())
       << "</code></td><td>";
    for (Value result : op->getResults())
      os << "<code>" << escapeXml(printType(result.getType())) << "</code><br>";
    os << "</td><td>";
    for (Value result : op->getResults()) {
      writeValueSharding(result, op);
      os << "<br>";
    }
    os << "</td><td>";
    writeOrigins(op->getAttr(kOriginsAttr));
    os << "</td><td>";
    if (haloCost)
      os << "<b>halo exchange</b> (collective_permutes added by the "
            "partitioner)";
    else if (collective)
      writeCollective(op);
    os << "</td><td>";
    if (haloCost) {
      os << escapeXml(*haloCost);
    } else if (collective) {
      std::optional<std::string> cost;
      if (options.collectiveCost)
        cost = options.collectiveCost(op);
      if (cost)
        os << escapeXml(*cost);
      else
        os << "<span class=\"note\">not modelled</span>";
    }
    os << "</td></tr>\n";
  }

  /// Kind, axes (every inherent attribute but the output sharding) and the
  /// bytes of the result.
  void writeCollective(Operation *op) {
    os << "<b>" << escapeXml(op->getName().stripDialect()) << "</b>";
    for (NamedAttribute attr : op->getAttrs()) {
      StringRef name = attr.getName().getValue();
      if (name == "out_sharding" || name.starts_with("sdy.") ||
          name.starts_with("mhlo."))
        continue;
      os << "<br><code>" << escapeXml(name) << " = "
         << escapeXml(printAttr(attr.getValue())) << "</code>";
    }
    for (Value result : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type)
        continue;
      std::optional<int64_t> bytes =
          tensorBytes(type.getShape(), type.getElementType());
      if (!bytes)
        continue;
      os << "<br>" << *bytes << " bytes";
      TensorShardingAttr sharding = getSharding(result);
      MeshAttr mesh =
          sharding ? lookupMesh(op, sharding.getMeshOrRef()) : MeshAttr();
      if (mesh && succeeded(verifyForBytes(sharding, mesh, type)))
        if (std::optional<int64_t> local =
                tensorBytes(sharding.getLocalShape(type.getShape(), mesh),
                            type.getElementType()))
          os << ", " << *local << " per device";
    }
  }

  /// Local shapes need a sharding valid for the type.
  LogicalResult verifyForBytes(TensorShardingAttr sharding, MeshAttr mesh,
                               RankedTensorType type) {
    if (!type.hasStaticShape())
      return failure();
    llvm::Expected<TileLayout> layout =
        computeTileLayout(sharding, mesh, type.getShape());
    if (!layout) {
      llvm::consumeError(layout.takeError());
      return failure();
    }
    return success();
  }

  ModuleOp module;
  const HtmlReportOptions &options;
  llvm::raw_ostream &os;
  int64_t tilesDrawn = 0;
};

} // namespace

bool mlir::sdy::isCollective(Operation *op) {
  static const llvm::StringSet<> kCollectives = {
      "sdy.all_gather",
      "sdy.all_slice",
      "sdy.all_to_all",
      "sdy.reduce_scatter",
      "sdy.all_reduce",
      "sdy.collective_permute",
      "sdy.reshard",
      "stablehlo.all_gather",
      "stablehlo.all_reduce",
      "stablehlo.all_to_all",
      "stablehlo.reduce_scatter",
      "stablehlo.collective_permute",
      "stablehlo.collective_broadcast"};
  return kCollectives.contains(op->getName().getStringRef());
}

std::string mlir::sdy::renderHtmlReport(ModuleOp module,
                                        const HtmlReportOptions &options) {
  std::string html;
  llvm::raw_string_ostream os(html);
  ReportWriter(module, options, os).write();
  return html;
}
