/*===- sdy_c/sharding.h - tensor shardings -------------------------------===*
 *
 * A tensor sharding: one dimension sharding per tensor dimension
 * (axes major to minor, open or closed, optional priority) and a list of
 * explicitly replicated axes, over a mesh that is either referenced by
 * symbol name (`#sdy.sharding<@mesh, [{"x"}, {}]>`) or inlined
 * (`#sdy.sharding<mesh<["x"=2]>, [{"x"}]>`). A sharding handle always knows
 * its mesh, so it can be validated and queried on its own.
 *
 * Ownership: every `sdy_sharding_t **` out parameter receives a new handle
 * owned by the caller (sdy_sharding_destroy()). Axis names returned in
 * `sdy_axis_ref_t` are borrowed from the sharding and valid until it is
 * destroyed; `char **` strings are owned by the caller.
 *
 * Thread safety: a sharding is immutable; it may be used from several
 * threads at once.
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_SHARDING_H
#define SDY_C_SHARDING_H

#include <stddef.h>
#include <stdint.h>

#include "sdy_c/context.h"
#include "sdy_c/mesh.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* [thread-safety: shared] */
typedef struct sdy_sharding sdy_sharding_t;

/* A full axis ("x": pre_size = 0, size = 0) or a sub-axis "x":(m)k
 * (pre_size = m >= 1, size = k > 1). 24 bytes, no padding. */
typedef struct sdy_axis_ref {
  const char *name; /* UTF-8, NUL-terminated */
  int64_t pre_size;
  int64_t size;
} sdy_axis_ref_t;

/* The sharding of one dimension. 32 bytes, no padding. */
typedef struct sdy_dim_sharding {
  const sdy_axis_ref_t *axes; /* may be NULL when num_axes == 0 */
  size_t num_axes;
  int64_t priority;  /* -1: no priority; otherwise >= 0 (p0 is highest) */
  int32_t is_closed; /* 1: closed `{...}`, 0: open `{..., ?}` */
  int32_t reserved;  /* must be 0 */
} sdy_dim_sharding_t;

/* Creates a sharding over `mesh` with `rank` dimension shardings and
 * `num_replicated` replicated axes (sorted into mesh order by this
 * function). `mesh_name` is the symbol the sharding refers to
 * (`@mesh_name`), or NULL to inline the mesh. The sharding is checked
 * against the mesh (axes exist, valid sub-axes, no axis used twice, …);
 * failures give SDY_VERIFICATION_ERROR with the dialect's message (as
 * sdy_sharding_parse gives for the same sharding). Malformed C values
 * (is_closed not 0/1, reserved not 0, priority < -1, NULL or empty names)
 * give SDY_INVALID_ARGUMENT.
 * [nullable: mesh_name, dims, replicated_axes] */
sdy_status_t *sdy_sharding_create(sdy_context_t *context,
                                  const sdy_mesh_t *mesh, const char *mesh_name,
                                  const sdy_dim_sharding_t *dims, size_t rank,
                                  const sdy_axis_ref_t *replicated_axes,
                                  size_t num_replicated,
                                  sdy_sharding_t **out_sharding);

/* Parses `#sdy.sharding<...>` (or the stripped form `<...>`). A sharding
 * that refers to its mesh by symbol needs `mesh` (the mesh that symbol
 * names); for an inlined mesh `mesh` must be NULL or equal to it. Syntax
 * errors give SDY_PARSE_ERROR (truncated text names what is missing, e.g.
 * "unexpected end of text: expected ']' to close the dimension shardings
 * opened at column 9"); shardings invalid for the mesh, and inlined meshes
 * that break the mesh invariants, SDY_VERIFICATION_ERROR.
 * [nullable: mesh] */
sdy_status_t *sdy_sharding_parse(sdy_context_t *context, const char *text,
                                 const sdy_mesh_t *mesh,
                                 sdy_sharding_t **out_sharding);

/* Releases `sharding`. NULL is a no-op.
 * [nullable: sharding] */
void sdy_sharding_destroy(sdy_sharding_t *sharding);

/* Prints the sharding, e.g. `#sdy.sharding<@mesh, [{"x"}, {?}p1],
 * replicated={"y"}>`. */
sdy_status_t *sdy_sharding_print(const sdy_sharding_t *sharding,
                                 char **out_text);

/* A new handle to the sharding's mesh. */
sdy_status_t *sdy_sharding_get_mesh(const sdy_sharding_t *sharding,
                                    sdy_mesh_t **out_mesh);

/* The mesh symbol name (caller-owned), or "" for an inlined mesh. */
sdy_status_t *sdy_sharding_mesh_name(const sdy_sharding_t *sharding,
                                     char **out_name);

/* Number of dimension shardings. */
sdy_status_t *sdy_sharding_rank(const sdy_sharding_t *sharding,
                                size_t *out_rank);

/* Dimension `dim`: number of axes, closedness (1/0) and priority (-1 when
 * absent). Any out pointer may be NULL.
 * [nullable: out_num_axes, out_is_closed, out_priority] */
sdy_status_t *sdy_sharding_dim(const sdy_sharding_t *sharding, size_t dim,
                               size_t *out_num_axes, int32_t *out_is_closed,
                               int64_t *out_priority);

/* Axis `index` of dimension `dim` (name borrowed from the sharding). */
sdy_status_t *sdy_sharding_dim_axis(const sdy_sharding_t *sharding, size_t dim,
                                    size_t index, sdy_axis_ref_t *out_axis);

/* Number of explicitly replicated axes. */
sdy_status_t *sdy_sharding_num_replicated(const sdy_sharding_t *sharding,
                                          size_t *out_count);

/* Replicated axis `index` (name borrowed from the sharding). */
sdy_status_t *sdy_sharding_replicated_axis(const sdy_sharding_t *sharding,
                                           size_t index,
                                           sdy_axis_ref_t *out_axis);

/* Validates the sharding for a tensor of shape `shape` (`rank` sizes, each
 * >= 0), with the dialect verifier's checks and messages (rank mismatch,
 * …); a size-0 dimension may be sharded, as in Shardy. Failure:
 * SDY_VERIFICATION_ERROR. The tensor is described as tensor<...xf32> in
 * messages. */
sdy_status_t *sdy_sharding_validate(const sdy_sharding_t *sharding,
                                    const int64_t *shape, size_t rank);

/* The local (per-device) shape of a tensor of `shape`: ceil(d / n) per
 * dimension. The sharding must be valid for the shape. `out_shape` has room
 * for `capacity` >= rank entries. */
sdy_status_t *sdy_sharding_local_shape(const sdy_sharding_t *sharding,
                                       const int64_t *shape, size_t rank,
                                       int64_t *out_shape, size_t capacity);

/* For device `device_id` of the mesh, the half-open range
 * [out_starts[i], out_limits[i]) of dimension i that it holds. A dimension
 * of size d sharded by axes (A1, ..., Ak) of product n has n shards; the
 * device's shard index s is the mixed-radix number of its (sub-)axis
 * coordinates with A1 most significant, and shard s holds
 * [min(s*L, d), min((s+1)*L, d)), L = ceil(d/n): indivisible dimensions give
 * a short or empty last shard. Exact for every d up to INT64_MAX (no
 * overflow). Both output arrays have room for `capacity` >= rank entries. */
sdy_status_t *sdy_sharding_device_slice(const sdy_sharding_t *sharding,
                                        const int64_t *shape, size_t rank,
                                        int64_t device_id, int64_t *out_starts,
                                        int64_t *out_limits, size_t capacity);

/* *out_equal = 1 if both shardings are the same (same mesh reference or
 * inlined mesh, same dimension shardings and replicated axes), else 0. */
sdy_status_t *sdy_sharding_equal(const sdy_sharding_t *a,
                                 const sdy_sharding_t *b, int32_t *out_equal);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_SHARDING_H */
