//===- Visualize.cpp - C ABI: pictures of shardings -----------------------===//
//
// include/sdy_c/visualize.h over src/visualize.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "visualize/HtmlReport.h"
#include "visualize/ModelledCollectiveCost.h"
#include "visualize/SvgLayout.h"
#include "visualize/TextLayout.h"
#include "visualize/TileLayout.h"

using namespace mlir;
using namespace mlir::sdy;
using namespace sdycapi;

namespace {

/// Checks the arguments of a layout picture and draws it with `render`
/// under the context's lock.
template <typename Render>
sdy_status_t *renderLayout(const char *fn, const sdy_sharding_t *sharding,
                           const int64_t *shape, size_t rank, uint32_t flags,
                           uint32_t allowedFlags, char **out,
                           const char *outParam, Render &&render) {
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn)
                .handle(sharding, "sharding")
                .array(shape, rank, "shape")
                .require(!(flags & ~allowedFlags),
                         [&] {
                           return "unknown flags " + std::to_string(flags) +
                                  " (allowed: SDY_LAYOUT_TEXT_ASCII)";
                         })
                .out(out, outParam))
      return s;
    std::lock_guard<std::recursive_mutex> lock(sharding->ctx->mutex);
    if (sdy_status_t *s = validateShardingForShape(fn, sharding, shape, rank))
      return s;
    int64_t devices = sharding->mesh.getTotalSize();
    if (devices > kMaxPictureDevices)
      return invalidArgument(fn, "the mesh has " + std::to_string(devices) +
                                     " devices; pictures show at most " +
                                     std::to_string(kMaxPictureDevices));
    llvm::Expected<TileLayout> layout = computeTileLayout(
        sharding->attr, sharding->mesh, ArrayRef<int64_t>(shape, rank));
    if (!layout)
      return makeStatus(SDY_INTERNAL, std::string(fn) + ": " +
                                          llvm::toString(layout.takeError()));
    *out = copyString(render(*layout));
    return nullptr;
  });
}

} // namespace

extern "C" {

sdy_status_t *sdy_sharding_layout_text(const sdy_sharding_t *sharding,
                                       const int64_t *shape, size_t rank,
                                       uint32_t flags, char **out_text) {
  static constexpr const char *fn = "sdy_sharding_layout_text";
  TextLayoutOptions options;
  options.ascii = flags & SDY_LAYOUT_TEXT_ASCII;
  return renderLayout(fn, sharding, shape, rank, flags, SDY_LAYOUT_TEXT_ASCII,
                      out_text, "out_text", [&](const TileLayout &layout) {
                        return renderTextLayout(layout, options);
                      });
}

sdy_status_t *sdy_sharding_layout_svg(const sdy_sharding_t *sharding,
                                      const int64_t *shape, size_t rank,
                                      char **out_svg) {
  static constexpr const char *fn = "sdy_sharding_layout_svg";
  return renderLayout(
      fn, sharding, shape, rank, /*flags=*/0, /*allowedFlags=*/0, out_svg,
      "out_svg",
      [](const TileLayout &layout) { return renderSvgLayout(layout); });
}

sdy_status_t *sdy_module_html_report(const sdy_module_t *module,
                                     char **out_html) {
  static constexpr const char *fn = "sdy_module_html_report";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(module, "module").out(out_html, "out_html"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    HtmlReportOptions options;
    options.collectiveCost = localBackendCollectiveCost();
    *out_html = copyString(renderHtmlReport(*module->module, options));
    return nullptr;
  });
}

} // extern "C"
