/*===- sdy_c/visualize.h - pictures of shardings -------------------------===*
 *
 * Which device holds which tile of a tensor, drawn for people: a text grid
 * for terminals, an SVG document, and a self-contained HTML report of a
 * whole module (docs/visualize.md). The tiles are the ones
 * sdy_sharding_device_slice() gives, so pictures and execution agree.
 *
 * Ownership: `char **` strings are owned by the caller
 * (sdy_string_destroy()). Inputs are only read.
 *
 * Thread safety: as for the handles passed in (sharding.h, module.h).
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_VISUALIZE_H
#define SDY_C_VISUALIZE_H

#include <stddef.h>
#include <stdint.h>

#include "sdy_c/module.h"
#include "sdy_c/sharding.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of sdy_sharding_layout_text (bitwise or). */
enum {
  SDY_LAYOUT_TEXT_DEFAULT = 0, /* box-drawing characters (UTF-8) */
  SDY_LAYOUT_TEXT_ASCII = 1    /* `+`, `-` and `|` only */
};

/* The text grid of a tensor of `shape` (`rank` sizes, each >= 0) sharded as
 * `sharding`: a header (shape, sharding, mesh, local shape, the axes every
 * tile is replicated over), then one box per tile (rows along the
 * second-to-last dimension, columns along the last; one grid per tile of
 * the leading dimensions for rank > 2) listing the devices that hold it,
 * its [start,limit) per grid dimension and its padding, if any. The
 * sharding must be valid for the shape (SDY_VERIFICATION_ERROR with the
 * verifier's message otherwise); meshes of more than 4096 devices give
 * SDY_INVALID_ARGUMENT. Unknown flags give SDY_INVALID_ARGUMENT. */
sdy_status_t *sdy_sharding_layout_text(const sdy_sharding_t *sharding,
                                       const int64_t *shape, size_t rank,
                                       uint32_t flags, char **out_text);

/* The same layout as an SVG document: the mesh (one cell per device with
 * its coordinates along every axis and used sub-axis) and the tensor's
 * tiles striped with the colors of the devices holding them, padding
 * hatched. Every tile is a `<g class="tile">` with `data-devices`,
 * `data-shard`, `data-start`, `data-limit` and `data-padding`
 * (comma-separated) so programs can read the layout back. Errors as
 * sdy_sharding_layout_text. */
sdy_status_t *sdy_sharding_layout_svg(const sdy_sharding_t *sharding,
                                      const int64_t *shape, size_t rank,
                                      char **out_svg);

/* The HTML report of `module`: its meshes, then every function's
 * arguments and ops with their result shardings (text and SVG),
 * `sdy.sharding_origins` and, for collectives, kind, axes and bytes
 * (global and per device). One self-contained page: inline CSS, no
 * scripts, nothing fetched. The module is not changed. */
sdy_status_t *sdy_module_html_report(const sdy_module_t *module,
                                     char **out_html);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_VISUALIZE_H */
