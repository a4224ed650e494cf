//===- HtmlReport.h - a whole module's shardings as one HTML page -*- C++
//-*-===//
//
// A self-contained page (inline CSS, no scripts, nothing fetched) listing
// the meshes of a module, then every function: its arguments and results
// with their shardings, and every op in program order (nested ops
// indented) with its result types, result shardings (text and a small SVG
// of the tiles), and the `sdy.sharding_origins` propagation recorded, if
// any. Collectives (the sdy collectives, sdy.reshard, and the StableHLO
// collectives) are highlighted with their kind, their axes/groups and the
// bytes of their result (global and per device).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_VISUALIZE_HTMLREPORT_H
#define SDY_VISUALIZE_HTMLREPORT_H

#include <functional>
#include <optional>
#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "visualize/TileLayout.h"

namespace mlir::sdy {

/// The cost of one collective, as a cost model states it (e.g. "12.5 us,
/// 3 MiB over ICI"). The report has a "cost" column for every collective:
/// it shows what this returns, or "not modelled" when there is no cost
/// model or it returns nullopt. No cost is ever estimated here.
using CollectiveCostFn = std::function<std::optional<std::string>(Operation *)>;

struct HtmlReportOptions {
  /// The page title; the module's symbol name or "module" when empty.
  std::string title;
  /// Fills the cost column of collectives when set.
  CollectiveCostFn collectiveCost;
  /// Pictures stop once this many tiles are drawn in all.
  int64_t maxTiles = kMaxModuleTiles;
};

/// True for the ops the report highlights as collectives.
bool isCollective(Operation *op);

/// The HTML page for `module`.
std::string renderHtmlReport(ModuleOp module,
                             const HtmlReportOptions &options = {});

} // namespace mlir::sdy

#endif // SDY_VISUALIZE_HTMLREPORT_H
