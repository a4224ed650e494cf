/*===- sdy_c/mesh.h - logical device meshes ------------------------------===*
 *
 * A mesh is an ordered list of named axes with sizes plus an optional device
 * order: `<["x"=2, "y"=4]>`, `<["a"=3, "b"=2], device_ids=[0, 2,
 * 4, 1, 3, 5]>`, `<[], device_ids=[3]>` (maximal), `<[]>` (empty).
 * Devices are laid out row-major (axis 0 most major); without explicit
 * device ids the device at linear position i has id i.
 *
 * Ownership: every function returning an `sdy_mesh_t *` through an out
 * parameter gives the caller a new handle to destroy with sdy_mesh_destroy().
 * Strings returned through `const char **` are borrowed from the mesh and
 * valid until it is destroyed; strings returned through `char **` are owned
 * by the caller (sdy_string_destroy()).
 *
 * Errors, the same whatever the entry point (sdy_mesh_create, sdy_mesh_parse,
 * a mesh inlined in sdy_sharding_parse, an `sdy.mesh` in sdy_module_parse):
 *   SDY_PARSE_ERROR         malformed text; truncated text names what is
 *                           missing ("unexpected end of text: expected ']'
 *                           to close the mesh axes opened at column 2");
 *   SDY_VERIFICATION_ERROR  a well-formed mesh that breaks the mesh
 *                           invariants (duplicate or empty axis names, sizes
 *                           < 1, device ids that are not a permutation);
 *   SDY_INVALID_ARGUMENT    bad C arguments (NULL, counts, invalid UTF-8).
 *
 * Thread safety: a mesh is immutable; it may be used from several threads at
 * once and destroyed by one of them once nobody else uses it.
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_MESH_H
#define SDY_C_MESH_H

#include <stddef.h>
#include <stdint.h>

#include "sdy_c/context.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* [thread-safety: shared] */
typedef struct sdy_mesh sdy_mesh_t;

/* Creates a mesh of `num_axes` axes named `axis_names[i]` (UTF-8, non-empty,
 * unique) of size `axis_sizes[i]` (>= 1). `device_ids` (may be NULL when
 * `num_device_ids` is 0) gives the device order: a permutation of
 * iota(product of sizes), or a single id for a maximal mesh without axes.
 * An explicit iota is accepted and dropped (it is the default order).
 * Invalid meshes give SDY_VERIFICATION_ERROR with the dialect's message;
 * NULL arrays with non-zero counts and strings that are not UTF-8
 * SDY_INVALID_ARGUMENT.
 * [nullable: axis_names, axis_sizes, device_ids] */
sdy_status_t *sdy_mesh_create(sdy_context_t *context,
                              const char *const *axis_names,
                              const int64_t *axis_sizes, size_t num_axes,
                              const int64_t *device_ids, size_t num_device_ids,
                              sdy_mesh_t **out_mesh);

/* Parses a mesh written `<["x"=2, ...]>` or `#sdy.mesh<["x"=2, ...]>`.
 * Syntax errors give SDY_PARSE_ERROR; meshes that break the mesh
 * invariants (checked while parsing, with the dialect's messages)
 * SDY_VERIFICATION_ERROR, as sdy_mesh_create. */
sdy_status_t *sdy_mesh_parse(sdy_context_t *context, const char *text,
                             sdy_mesh_t **out_mesh);

/* Releases `mesh`. NULL is a no-op; a handle that is not a live mesh is
 * ignored.
 * [nullable: mesh] */
void sdy_mesh_destroy(sdy_mesh_t *mesh);

/* Prints the mesh in SDY syntax, e.g. `<["x"=2, "y"=4]>` (parseable by
 * sdy_mesh_parse). *out_text is owned by the caller. */
sdy_status_t *sdy_mesh_print(const sdy_mesh_t *mesh, char **out_text);

/* Number of axes. */
sdy_status_t *sdy_mesh_num_axes(const sdy_mesh_t *mesh, size_t *out_num_axes);

/* Name (borrowed, NUL-terminated) and size of axis `index`
 * (< sdy_mesh_num_axes). Either out pointer may be NULL if not wanted, but
 * not both.
 * [nullable: out_name, out_size] */
sdy_status_t *sdy_mesh_axis(const sdy_mesh_t *mesh, size_t index,
                            const char **out_name, int64_t *out_size);

/* Number of devices: the product of the axis sizes (1 for a maximal or empty
 * mesh). */
sdy_status_t *sdy_mesh_num_devices(const sdy_mesh_t *mesh,
                                   int64_t *out_num_devices);

/* Writes the device ids in mesh order (iota when the mesh has none) to
 * `out_device_ids`, which has room for `capacity` entries; capacity must be
 * at least sdy_mesh_num_devices(). */
sdy_status_t *sdy_mesh_device_ids(const sdy_mesh_t *mesh,
                                  int64_t *out_device_ids, size_t capacity);

/* 1 if the mesh lists explicit (non-iota) device ids, else 0. */
sdy_status_t *sdy_mesh_has_explicit_device_ids(const sdy_mesh_t *mesh,
                                               int32_t *out_has_ids);

/* The mesh coordinates (one per axis, `num_coords` must equal the number of
 * axes) of device `device_id`. SDY_INVALID_ARGUMENT if the mesh has no such
 * device. */
sdy_status_t *sdy_mesh_device_coordinates(const sdy_mesh_t *mesh,
                                          int64_t device_id,
                                          int64_t *out_coords,
                                          size_t num_coords);

/* The device id at mesh coordinates `coords` (one per axis, each in
 * [0, axis size)). */
sdy_status_t *sdy_mesh_device_at(const sdy_mesh_t *mesh, const int64_t *coords,
                                 size_t num_coords, int64_t *out_device_id);

/* *out_equal = 1 if both meshes have the same axes (names and sizes, in
 * order) and the same device order, else 0. Meshes of different contexts are
 * compared by value. */
sdy_status_t *sdy_mesh_equal(const sdy_mesh_t *a, const sdy_mesh_t *b,
                             int32_t *out_equal);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_MESH_H */
