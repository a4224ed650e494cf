/* C shims of the Go binding: cgo cannot call C function pointers, so each
 * function of the C ABI gets a static inline function that calls it through
 * the pointer dlsym returned. One line per function:
 *   tools/abi/binding_lines.py --manifest build/share/sdy_c/abi.json \
 *       --lang go-shim NAME
 * prints the line of a new function (and --lang go-name its entry in
 * functions.go). */
#ifndef SDY_GO_SHIMS_H
#define SDY_GO_SHIMS_H

#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sdy_c/sdy_c.h"

/* MLIR's C API value types (mlir-c/IR.h, mlir-c/Support.h), by value. */
typedef struct MlirContext {
  void *ptr;
} MlirContext;
typedef struct MlirModule {
  const void *ptr;
} MlirModule;
typedef struct MlirAttribute {
  const void *ptr;
} MlirAttribute;
typedef struct MlirDialectHandle {
  const void *ptr;
} MlirDialectHandle;
typedef struct MlirStringRef {
  const char *data;
  size_t length;
} MlirStringRef;

/* clang-format off */
static inline int32_t call_sdy_status_code(void *f, const sdy_status_t *status) { return ((int32_t (*)(const sdy_status_t *))f)(status); }
static inline const char *call_sdy_status_message(void *f, const sdy_status_t *status) { return ((const char * (*)(const sdy_status_t *))f)(status); }
static inline const char *call_sdy_status_code_name(void *f, int32_t code) { return ((const char * (*)(int32_t))f)(code); }
static inline void call_sdy_status_destroy(void *f, sdy_status_t *status) { ((void (*)(sdy_status_t *))f)(status); }
static inline void call_sdy_string_destroy(void *f, char *string) { ((void (*)(char *))f)(string); }
static inline uint32_t call_sdy_version(void *f) { return ((uint32_t (*)(void))f)(); }
static inline const char *call_sdy_version_string(void *f) { return ((const char * (*)(void))f)(); }
static inline int32_t call_sdy_version_is_compatible(void *f, uint32_t header_version) { return ((int32_t (*)(uint32_t))f)(header_version); }
static inline sdy_status_t *call_sdy_context_create(void *f, sdy_context_t **out_context) { return ((sdy_status_t * (*)(sdy_context_t **))f)(out_context); }
static inline void call_sdy_context_destroy(void *f, sdy_context_t *context) { ((void (*)(sdy_context_t *))f)(context); }
static inline sdy_status_t *call_sdy_context_set_multithreading(void *f, sdy_context_t *context, int32_t enable) { return ((sdy_status_t * (*)(sdy_context_t *, int32_t))f)(context, enable); }
static inline sdy_status_t *call_sdy_mesh_create(void *f, sdy_context_t *context, const char *const *axis_names, const int64_t *axis_sizes, size_t num_axes, const int64_t *device_ids, size_t num_device_ids, sdy_mesh_t **out_mesh) { return ((sdy_status_t * (*)(sdy_context_t *, const char *const *, const int64_t *, size_t, const int64_t *, size_t, sdy_mesh_t **))f)(context, axis_names, axis_sizes, num_axes, device_ids, num_device_ids, out_mesh); }
static inline sdy_status_t *call_sdy_mesh_parse(void *f, sdy_context_t *context, const char *text, sdy_mesh_t **out_mesh) { return ((sdy_status_t * (*)(sdy_context_t *, const char *, sdy_mesh_t **))f)(context, text, out_mesh); }
static inline void call_sdy_mesh_destroy(void *f, sdy_mesh_t *mesh) { ((void (*)(sdy_mesh_t *))f)(mesh); }
static inline sdy_status_t *call_sdy_mesh_print(void *f, const sdy_mesh_t *mesh, char **out_text) { return ((sdy_status_t * (*)(const sdy_mesh_t *, char **))f)(mesh, out_text); }
static inline sdy_status_t *call_sdy_mesh_num_axes(void *f, const sdy_mesh_t *mesh, size_t *out_num_axes) { return ((sdy_status_t * (*)(const sdy_mesh_t *, size_t *))f)(mesh, out_num_axes); }
static inline sdy_status_t *call_sdy_mesh_axis(void *f, const sdy_mesh_t *mesh, size_t index, const char **out_name, int64_t *out_size) { return ((sdy_status_t * (*)(const sdy_mesh_t *, size_t, const char **, int64_t *))f)(mesh, index, out_name, out_size); }
static inline sdy_status_t *call_sdy_mesh_num_devices(void *f, const sdy_mesh_t *mesh, int64_t *out_num_devices) { return ((sdy_status_t * (*)(const sdy_mesh_t *, int64_t *))f)(mesh, out_num_devices); }
static inline sdy_status_t *call_sdy_mesh_device_ids(void *f, const sdy_mesh_t *mesh, int64_t *out_device_ids, size_t capacity) { return ((sdy_status_t * (*)(const sdy_mesh_t *, int64_t *, size_t))f)(mesh, out_device_ids, capacity); }
static inline sdy_status_t *call_sdy_mesh_has_explicit_device_ids(void *f, const sdy_mesh_t *mesh, int32_t *out_has_ids) { return ((sdy_status_t * (*)(const sdy_mesh_t *, int32_t *))f)(mesh, out_has_ids); }
static inline sdy_status_t *call_sdy_mesh_device_coordinates(void *f, const sdy_mesh_t *mesh, int64_t device_id, int64_t *out_coords, size_t num_coords) { return ((sdy_status_t * (*)(const sdy_mesh_t *, int64_t, int64_t *, size_t))f)(mesh, device_id, out_coords, num_coords); }
static inline sdy_status_t *call_sdy_mesh_device_at(void *f, const sdy_mesh_t *mesh, const int64_t *coords, size_t num_coords, int64_t *out_device_id) { return ((sdy_status_t * (*)(const sdy_mesh_t *, const int64_t *, size_t, int64_t *))f)(mesh, coords, num_coords, out_device_id); }
static inline sdy_status_t *call_sdy_mesh_equal(void *f, const sdy_mesh_t *a, const sdy_mesh_t *b, int32_t *out_equal) { return ((sdy_status_t * (*)(const sdy_mesh_t *, const sdy_mesh_t *, int32_t *))f)(a, b, out_equal); }
static inline sdy_status_t *call_sdy_sharding_create(void *f, sdy_context_t *context, const sdy_mesh_t *mesh, const char *mesh_name, const sdy_dim_sharding_t *dims, size_t rank, const sdy_axis_ref_t *replicated_axes, size_t num_replicated, sdy_sharding_t **out_sharding) { return ((sdy_status_t * (*)(sdy_context_t *, const sdy_mesh_t *, const char *, const sdy_dim_sharding_t *, size_t, const sdy_axis_ref_t *, size_t, sdy_sharding_t **))f)(context, mesh, mesh_name, dims, rank, replicated_axes, num_replicated, out_sharding); }
static inline sdy_status_t *call_sdy_sharding_parse(void *f, sdy_context_t *context, const char *text, const sdy_mesh_t *mesh, sdy_sharding_t **out_sharding) { return ((sdy_status_t * (*)(sdy_context_t *, const char *, const sdy_mesh_t *, sdy_sharding_t **))f)(context, text, mesh, out_sharding); }
static inline void call_sdy_sharding_destroy(void *f, sdy_sharding_t *sharding) { ((void (*)(sdy_sharding_t *))f)(sharding); }
static inline sdy_status_t *call_sdy_sharding_print(void *f, const sdy_sharding_t *sharding, char **out_text) { return ((sdy_status_t * (*)(const sdy_sharding_t *, char **))f)(sharding, out_text); }
static inline sdy_status_t *call_sdy_sharding_get_mesh(void *f, const sdy_sharding_t *sharding, sdy_mesh_t **out_mesh) { return ((sdy_status_t * (*)(const sdy_sharding_t *, sdy_mesh_t **))f)(sharding, out_mesh); }
static inline sdy_status_t *call_sdy_sharding_mesh_name(void *f, const sdy_sharding_t *sharding, char **out_name) { return ((sdy_status_t * (*)(const sdy_sharding_t *, char **))f)(sharding, out_name); }
static inline sdy_status_t *call_sdy_sharding_rank(void *f, const sdy_sharding_t *sharding, size_t *out_rank) { return ((sdy_status_t * (*)(const sdy_sharding_t *, size_t *))f)(sharding, out_rank); }
static inline sdy_status_t *call_sdy_sharding_dim(void *f, const sdy_sharding_t *sharding, size_t dim, size_t *out_num_axes, int32_t *out_is_closed, int64_t *out_priority) { return ((sdy_status_t * (*)(const sdy_sharding_t *, size_t, size_t *, int32_t *, int64_t *))f)(sharding, dim, out_num_axes, out_is_closed, out_priority); }
static inline sdy_status_t *call_sdy_sharding_dim_axis(void *f, const sdy_sharding_t *sharding, size_t dim, size_t index, sdy_axis_ref_t *out_axis) { return ((sdy_status_t * (*)(const sdy_sharding_t *, size_t, size_t, sdy_axis_ref_t *))f)(sharding, dim, index, out_axis); }
static inline sdy_status_t *call_sdy_sharding_num_replicated(void *f, const sdy_sharding_t *sharding, size_t *out_count) { return ((sdy_status_t * (*)(const sdy_sharding_t *, size_t *))f)(sharding, out_count); }
static inline sdy_status_t *call_sdy_sharding_replicated_axis(void *f, const sdy_sharding_t *sharding, size_t index, sdy_axis_ref_t *out_axis) { return ((sdy_status_t * (*)(const sdy_sharding_t *, size_t, sdy_axis_ref_t *))f)(sharding, index, out_axis); }
static inline sdy_status_t *call_sdy_sharding_validate(void *f, const sdy_sharding_t *sharding, const int64_t *shape, size_t rank) { return ((sdy_status_t * (*)(const sdy_sharding_t *, const int64_t *, size_t))f)(sharding, shape, rank); }
static inline sdy_status_t *call_sdy_sharding_local_shape(void *f, const sdy_sharding_t *sharding, const int64_t *shape, size_t rank, int64_t *out_shape, size_t capacity) { return ((sdy_status_t * (*)(const sdy_sharding_t *, const int64_t *, size_t, int64_t *, size_t))f)(sharding, shape, rank, out_shape, capacity); }
static inline sdy_status_t *call_sdy_sharding_device_slice(void *f, const sdy_sharding_t *sharding, const int64_t *shape, size_t rank, int64_t device_id, int64_t *out_starts, int64_t *out_limits, size_t capacity) { return ((sdy_status_t * (*)(const sdy_sharding_t *, const int64_t *, size_t, int64_t, int64_t *, int64_t *, size_t))f)(sharding, shape, rank, device_id, out_starts, out_limits, capacity); }
static inline sdy_status_t *call_sdy_sharding_equal(void *f, const sdy_sharding_t *a, const sdy_sharding_t *b, int32_t *out_equal) { return ((sdy_status_t * (*)(const sdy_sharding_t *, const sdy_sharding_t *, int32_t *))f)(a, b, out_equal); }
static inline sdy_status_t *call_sdy_module_parse(void *f, sdy_context_t *context, const char *text, const char *source_name, sdy_module_t **out_module) { return ((sdy_status_t * (*)(sdy_context_t *, const char *, const char *, sdy_module_t **))f)(context, text, source_name, out_module); }
static inline sdy_status_t *call_sdy_module_create_empty(void *f, sdy_context_t *context, sdy_module_t **out_module) { return ((sdy_status_t * (*)(sdy_context_t *, sdy_module_t **))f)(context, out_module); }
static inline sdy_status_t *call_sdy_module_clone(void *f, const sdy_module_t *module, sdy_module_t **out_module) { return ((sdy_status_t * (*)(const sdy_module_t *, sdy_module_t **))f)(module, out_module); }
static inline void call_sdy_module_destroy(void *f, sdy_module_t *module) { ((void (*)(sdy_module_t *))f)(module); }
static inline sdy_status_t *call_sdy_module_verify(void *f, const sdy_module_t *module) { return ((sdy_status_t * (*)(const sdy_module_t *))f)(module); }
static inline sdy_status_t *call_sdy_module_print(void *f, const sdy_module_t *module, uint32_t flags, char **out_text) { return ((sdy_status_t * (*)(const sdy_module_t *, uint32_t, char **))f)(module, flags, out_text); }
static inline sdy_status_t *call_sdy_module_num_functions(void *f, const sdy_module_t *module, size_t *out_count) { return ((sdy_status_t * (*)(const sdy_module_t *, size_t *))f)(module, out_count); }
static inline sdy_status_t *call_sdy_module_function_name(void *f, const sdy_module_t *module, size_t index, char **out_name) { return ((sdy_status_t * (*)(const sdy_module_t *, size_t, char **))f)(module, index, out_name); }
static inline sdy_status_t *call_sdy_module_function_signature(void *f, const sdy_module_t *module, const char *function, size_t *out_num_args, size_t *out_num_results) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, size_t *, size_t *))f)(module, function, out_num_args, out_num_results); }
static inline sdy_status_t *call_sdy_module_add_mesh(void *f, sdy_module_t *module, const char *name, const sdy_mesh_t *mesh) { return ((sdy_status_t * (*)(sdy_module_t *, const char *, const sdy_mesh_t *))f)(module, name, mesh); }
static inline sdy_status_t *call_sdy_module_num_meshes(void *f, const sdy_module_t *module, size_t *out_count) { return ((sdy_status_t * (*)(const sdy_module_t *, size_t *))f)(module, out_count); }
static inline sdy_status_t *call_sdy_module_mesh_name(void *f, const sdy_module_t *module, size_t index, char **out_name) { return ((sdy_status_t * (*)(const sdy_module_t *, size_t, char **))f)(module, index, out_name); }
static inline sdy_status_t *call_sdy_module_get_mesh(void *f, const sdy_module_t *module, const char *name, sdy_mesh_t **out_mesh) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, sdy_mesh_t **))f)(module, name, out_mesh); }
static inline sdy_status_t *call_sdy_module_get_arg_sharding(void *f, const sdy_module_t *module, const char *function, size_t arg, sdy_sharding_t **out_sharding) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, size_t, sdy_sharding_t **))f)(module, function, arg, out_sharding); }
static inline sdy_status_t *call_sdy_module_get_result_sharding(void *f, const sdy_module_t *module, const char *function, size_t result, sdy_sharding_t **out_sharding) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, size_t, sdy_sharding_t **))f)(module, function, result, out_sharding); }
static inline sdy_status_t *call_sdy_module_set_arg_sharding(void *f, sdy_module_t *module, const char *function, size_t arg, const sdy_sharding_t *sharding) { return ((sdy_status_t * (*)(sdy_module_t *, const char *, size_t, const sdy_sharding_t *))f)(module, function, arg, sharding); }
static inline sdy_status_t *call_sdy_module_set_result_sharding(void *f, sdy_module_t *module, const char *function, size_t result, const sdy_sharding_t *sharding) { return ((sdy_status_t * (*)(sdy_module_t *, const char *, size_t, const sdy_sharding_t *))f)(module, function, result, sharding); }
static inline sdy_status_t *call_sdy_module_add_arg_sharding_constraint(void *f, sdy_module_t *module, const char *function, size_t arg, const sdy_sharding_t *sharding) { return ((sdy_status_t * (*)(sdy_module_t *, const char *, size_t, const sdy_sharding_t *))f)(module, function, arg, sharding); }
static inline sdy_status_t *call_sdy_module_add_result_sharding_constraint(void *f, sdy_module_t *module, const char *function, size_t result, const sdy_sharding_t *sharding) { return ((sdy_status_t * (*)(sdy_module_t *, const char *, size_t, const sdy_sharding_t *))f)(module, function, result, sharding); }
static inline sdy_status_t *call_sdy_pipeline_create(void *f, sdy_context_t *context, const char *pipeline, sdy_pipeline_t **out_pipeline) { return ((sdy_status_t * (*)(sdy_context_t *, const char *, sdy_pipeline_t **))f)(context, pipeline, out_pipeline); }
static inline sdy_status_t *call_sdy_pipeline_create_preset(void *f, sdy_context_t *context, const char *name, sdy_pipeline_t **out_pipeline) { return ((sdy_status_t * (*)(sdy_context_t *, const char *, sdy_pipeline_t **))f)(context, name, out_pipeline); }
static inline sdy_status_t *call_sdy_pipeline_create_preset_with_options(void *f, sdy_context_t *context, const char *name, const char *options, sdy_pipeline_t **out_pipeline) { return ((sdy_status_t * (*)(sdy_context_t *, const char *, const char *, sdy_pipeline_t **))f)(context, name, options, out_pipeline); }
static inline void call_sdy_pipeline_destroy(void *f, sdy_pipeline_t *pipeline) { ((void (*)(sdy_pipeline_t *))f)(pipeline); }
static inline sdy_status_t *call_sdy_pipeline_print(void *f, const sdy_pipeline_t *pipeline, char **out_text) { return ((sdy_status_t * (*)(const sdy_pipeline_t *, char **))f)(pipeline, out_text); }
static inline sdy_status_t *call_sdy_pipeline_enable_timing(void *f, sdy_pipeline_t *pipeline, int32_t enable) { return ((sdy_status_t * (*)(sdy_pipeline_t *, int32_t))f)(pipeline, enable); }
static inline sdy_status_t *call_sdy_pipeline_run(void *f, sdy_pipeline_t *pipeline, sdy_module_t *module) { return ((sdy_status_t * (*)(sdy_pipeline_t *, sdy_module_t *))f)(pipeline, module); }
static inline sdy_status_t *call_sdy_pipeline_timing_report(void *f, const sdy_pipeline_t *pipeline, char **out_report) { return ((sdy_status_t * (*)(const sdy_pipeline_t *, char **))f)(pipeline, out_report); }
static inline sdy_status_t *call_sdy_backend_create_local(void *f, int32_t num_devices, sdy_backend_t **out_backend) { return ((sdy_status_t * (*)(int32_t, sdy_backend_t **))f)(num_devices, out_backend); }
static inline sdy_status_t *call_sdy_backend_load(void *f, const char *path, const char *options, sdy_backend_t **out_backend) { return ((sdy_status_t * (*)(const char *, const char *, sdy_backend_t **))f)(path, options, out_backend); }
static inline sdy_status_t *call_sdy_backend_wrap(void *f, const sdy_backend_table_t *table, sdy_backend_t **out_backend) { return ((sdy_status_t * (*)(const sdy_backend_table_t *, sdy_backend_t **))f)(table, out_backend); }
static inline void call_sdy_backend_destroy(void *f, sdy_backend_t *backend) { ((void (*)(sdy_backend_t *))f)(backend); }
static inline sdy_status_t *call_sdy_backend_device_count(void *f, const sdy_backend_t *backend, int32_t *out_count) { return ((sdy_status_t * (*)(const sdy_backend_t *, int32_t *))f)(backend, out_count); }
static inline sdy_status_t *call_sdy_backend_local_devices(void *f, const sdy_backend_t *backend, int64_t *out_ids, size_t capacity, size_t *out_count) { return ((sdy_status_t * (*)(const sdy_backend_t *, int64_t *, size_t, size_t *))f)(backend, out_ids, capacity, out_count); }
static inline sdy_status_t *call_sdy_executable_compile(void *f, const sdy_module_t *module, const char *function, sdy_executable_t **out_executable) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, sdy_executable_t **))f)(module, function, out_executable); }
static inline void call_sdy_executable_destroy(void *f, sdy_executable_t *executable) { ((void (*)(sdy_executable_t *))f)(executable); }
static inline sdy_status_t *call_sdy_executable_num_devices(void *f, const sdy_executable_t *executable, int64_t *out_num_devices) { return ((sdy_status_t * (*)(const sdy_executable_t *, int64_t *))f)(executable, out_num_devices); }
static inline sdy_status_t *call_sdy_executable_num_args(void *f, const sdy_executable_t *executable, size_t *out_num_args) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t *))f)(executable, out_num_args); }
static inline sdy_status_t *call_sdy_executable_num_results(void *f, const sdy_executable_t *executable, size_t *out_num_results) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t *))f)(executable, out_num_results); }
static inline sdy_status_t *call_sdy_executable_arg_type(void *f, const sdy_executable_t *executable, size_t index, sdy_dtype_t *out_dtype, size_t *out_rank, int64_t *out_shape, size_t capacity) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t, sdy_dtype_t *, size_t *, int64_t *, size_t))f)(executable, index, out_dtype, out_rank, out_shape, capacity); }
static inline sdy_status_t *call_sdy_executable_result_type(void *f, const sdy_executable_t *executable, size_t index, sdy_dtype_t *out_dtype, size_t *out_rank, int64_t *out_shape, size_t capacity) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t, sdy_dtype_t *, size_t *, int64_t *, size_t))f)(executable, index, out_dtype, out_rank, out_shape, capacity); }
static inline sdy_status_t *call_sdy_executable_arg_num_shards(void *f, const sdy_executable_t *executable, size_t index, int64_t *out_num_shards, size_t capacity) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t, int64_t *, size_t))f)(executable, index, out_num_shards, capacity); }
static inline sdy_status_t *call_sdy_executable_result_num_shards(void *f, const sdy_executable_t *executable, size_t index, int64_t *out_num_shards, size_t capacity) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t, int64_t *, size_t))f)(executable, index, out_num_shards, capacity); }
static inline sdy_status_t *call_sdy_executable_arg_global_shape(void *f, const sdy_executable_t *executable, size_t index, int64_t *out_shape, size_t capacity, int32_t *out_exact) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t, int64_t *, size_t, int32_t *))f)(executable, index, out_shape, capacity, out_exact); }
static inline sdy_status_t *call_sdy_executable_result_global_shape(void *f, const sdy_executable_t *executable, size_t index, int64_t *out_shape, size_t capacity, int32_t *out_exact) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t, int64_t *, size_t, int32_t *))f)(executable, index, out_shape, capacity, out_exact); }
static inline sdy_status_t *call_sdy_module_collective_report(void *f, const sdy_module_t *module, const char *options, char **out_report) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, char **))f)(module, options, out_report); }
static inline sdy_status_t *call_sdy_executable_arg_device_slice(void *f, const sdy_executable_t *executable, size_t index, const int64_t *global_shape, size_t rank, int64_t device, int64_t *out_starts, int64_t *out_limits, size_t capacity) { return ((sdy_status_t * (*)(const sdy_executable_t *, size_t, const int64_t *, size_t, int64_t, int64_t *, int64_t *, size_t))f)(executable, index, global_shape, rank, device, out_starts, out_limits, capacity); }
static inline sdy_status_t *call_sdy_executable_run_local(void *f, const sdy_executable_t *executable, const sdy_backend_t *backend, const sdy_tensor_t *args, size_t num_args, sdy_tensor_t *results, size_t num_results) { return ((sdy_status_t * (*)(const sdy_executable_t *, const sdy_backend_t *, const sdy_tensor_t *, size_t, sdy_tensor_t *, size_t))f)(executable, backend, args, num_args, results, num_results); }
static inline sdy_status_t *call_sdy_executable_run_global(void *f, const sdy_executable_t *executable, const sdy_backend_t *backend, const sdy_tensor_t *global_args, size_t num_args, sdy_tensor_t *global_results, size_t num_results) { return ((sdy_status_t * (*)(const sdy_executable_t *, const sdy_backend_t *, const sdy_tensor_t *, size_t, sdy_tensor_t *, size_t))f)(executable, backend, global_args, num_args, global_results, num_results); }
static inline void call_sdy_run_options_init(void *f, sdy_run_options_t *options) { ((void (*)(sdy_run_options_t *))f)(options); }
static inline sdy_status_t *call_sdy_executable_run_local_with_options(void *f, const sdy_executable_t *executable, const sdy_backend_t *backend, const sdy_tensor_t *args, size_t num_args, sdy_tensor_t *results, size_t num_results, const sdy_run_options_t *options) { return ((sdy_status_t * (*)(const sdy_executable_t *, const sdy_backend_t *, const sdy_tensor_t *, size_t, sdy_tensor_t *, size_t, const sdy_run_options_t *))f)(executable, backend, args, num_args, results, num_results, options); }
static inline sdy_status_t *call_sdy_executable_run_global_with_options(void *f, const sdy_executable_t *executable, const sdy_backend_t *backend, const sdy_tensor_t *global_args, size_t num_args, sdy_tensor_t *global_results, size_t num_results, const sdy_run_options_t *options) { return ((sdy_status_t * (*)(const sdy_executable_t *, const sdy_backend_t *, const sdy_tensor_t *, size_t, sdy_tensor_t *, size_t, const sdy_run_options_t *))f)(executable, backend, global_args, num_args, global_results, num_results, options); }
static inline sdy_status_t *call_sdy_sharding_layout_text(void *f, const sdy_sharding_t *sharding, const int64_t *shape, size_t rank, uint32_t flags, char **out_text) { return ((sdy_status_t * (*)(const sdy_sharding_t *, const int64_t *, size_t, uint32_t, char **))f)(sharding, shape, rank, flags, out_text); }
static inline sdy_status_t *call_sdy_sharding_layout_svg(void *f, const sdy_sharding_t *sharding, const int64_t *shape, size_t rank, char **out_svg) { return ((sdy_status_t * (*)(const sdy_sharding_t *, const int64_t *, size_t, char **))f)(sharding, shape, rank, out_svg); }
static inline sdy_status_t *call_sdy_module_html_report(void *f, const sdy_module_t *module, char **out_html) { return ((sdy_status_t * (*)(const sdy_module_t *, char **))f)(module, out_html); }
static inline void call_sdy_executable_options_init(void *f, sdy_executable_options_t *options) { ((void (*)(sdy_executable_options_t *))f)(options); }
static inline sdy_status_t *call_sdy_executable_compile_with_options(void *f, const sdy_module_t *module, const char *function, const sdy_executable_options_t *options, sdy_executable_t **out_executable) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, const sdy_executable_options_t *, sdy_executable_t **))f)(module, function, options, out_executable); }
static inline sdy_status_t *call_sdy_executable_compile_report(void *f, const sdy_executable_t *executable, char **out_report) { return ((sdy_status_t * (*)(const sdy_executable_t *, char **))f)(executable, out_report); }
static inline sdy_status_t *call_sdy_context_get_mlir_context(void *f, sdy_context_t *context, MlirContext *out_context) { return ((sdy_status_t * (*)(sdy_context_t *, MlirContext *))f)(context, out_context); }
static inline sdy_status_t *call_sdy_module_get_mlir_module(void *f, sdy_module_t *module, MlirModule *out_module) { return ((sdy_status_t * (*)(sdy_module_t *, MlirModule *))f)(module, out_module); }
static inline sdy_status_t *call_sdy_module_wrap_mlir_module(void *f, sdy_context_t *context, MlirModule mlir_module, sdy_module_t **out_module) { return ((sdy_status_t * (*)(sdy_context_t *, MlirModule, sdy_module_t **))f)(context, mlir_module, out_module); }
static inline MlirDialectHandle call_mlirGetDialectHandle__sdy__(void *f) { return ((MlirDialectHandle (*)(void))f)(); }
static inline MlirDialectHandle call_mlirGetDialectHandle__stablehlo__(void *f) { return ((MlirDialectHandle (*)(void))f)(); }
static inline _Bool call_sdyAttributeIsAMeshAxisAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyMeshAxisAttrGet(void *f, MlirContext ctx, MlirStringRef name, int64_t size) { return ((MlirAttribute (*)(MlirContext, MlirStringRef, int64_t))f)(ctx, name, size); }
static inline MlirStringRef call_sdyMeshAxisAttrGetName(void *f, MlirAttribute attr) { return ((MlirStringRef (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyMeshAxisAttrGetSize(void *f, MlirAttribute attr) { return ((int64_t (*)(MlirAttribute))f)(attr); }
static inline _Bool call_sdyAttributeIsAMeshAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyMeshAttrGet(void *f, MlirContext ctx, intptr_t nAxes, const MlirAttribute *axes, intptr_t nDeviceIds, const int64_t *deviceIds) { return ((MlirAttribute (*)(MlirContext, intptr_t, const MlirAttribute *, intptr_t, const int64_t *))f)(ctx, nAxes, axes, nDeviceIds, deviceIds); }
static inline int64_t call_sdyMeshAttrGetDeviceIdsSize(void *f, MlirAttribute attr) { return ((int64_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyMeshAttrGetDeviceIdsElem(void *f, MlirAttribute attr, int64_t pos) { return ((int64_t (*)(MlirAttribute, int64_t))f)(attr, pos); }
static inline intptr_t call_sdyMeshAttrGetAxesSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyMeshAttrGetAxesElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline _Bool call_sdyAttributeIsASubAxisInfoAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdySubAxisInfoAttrGet(void *f, MlirContext ctx, int64_t preSize, int64_t size) { return ((MlirAttribute (*)(MlirContext, int64_t, int64_t))f)(ctx, preSize, size); }
static inline int64_t call_sdySubAxisInfoAttrGetPreSize(void *f, MlirAttribute attr) { return ((int64_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdySubAxisInfoAttrGetSize(void *f, MlirAttribute attr) { return ((int64_t (*)(MlirAttribute))f)(attr); }
static inline _Bool call_sdyAttributeIsAnAxisRefAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyAxisRefAttrGet(void *f, MlirContext ctx, MlirStringRef name, MlirAttribute subAxisInfo) { return ((MlirAttribute (*)(MlirContext, MlirStringRef, MlirAttribute))f)(ctx, name, subAxisInfo); }
static inline MlirStringRef call_sdyAxisRefAttrGetName(void *f, MlirAttribute attr) { return ((MlirStringRef (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyAxisRefAttrGetSubAxisInfo(void *f, MlirAttribute attr) { return ((MlirAttribute (*)(MlirAttribute))f)(attr); }
static inline _Bool call_sdyAttributeIsADimensionShardingAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyDimensionShardingAttrGet(void *f, MlirContext ctx, intptr_t nAxes, const MlirAttribute *axes, _Bool isClosed, int64_t priority) { return ((MlirAttribute (*)(MlirContext, intptr_t, const MlirAttribute *, _Bool, int64_t))f)(ctx, nAxes, axes, isClosed, priority); }
static inline intptr_t call_sdyDimensionShardingAttrGetAxesSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyDimensionShardingAttrGetAxesElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline _Bool call_sdyDimensionShardingAttrGetIsClosed(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyDimensionShardingAttrGetPriority(void *f, MlirAttribute attr) { return ((int64_t (*)(MlirAttribute))f)(attr); }
static inline _Bool call_sdyAttributeIsATensorShardingAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorShardingAttrGet(void *f, MlirContext ctx, MlirAttribute meshOrRef, intptr_t nDimShardings, const MlirAttribute *dimShardings, intptr_t nReplicatedAxes, const MlirAttribute *replicatedAxes, intptr_t nUnreducedAxes, const MlirAttribute *unreducedAxes) { return ((MlirAttribute (*)(MlirContext, MlirAttribute, intptr_t, const MlirAttribute *, intptr_t, const MlirAttribute *, intptr_t, const MlirAttribute *))f)(ctx, meshOrRef, nDimShardings, dimShardings, nReplicatedAxes, replicatedAxes, nUnreducedAxes, unreducedAxes); }
static inline MlirAttribute call_sdyTensorShardingAttrGetMeshOrRef(void *f, MlirAttribute attr) { return ((MlirAttribute (*)(MlirAttribute))f)(attr); }
static inline intptr_t call_sdyTensorShardingAttrGetDimShardingsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorShardingAttrGetDimShardingsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyTensorShardingAttrGetReplicatedAxesSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorShardingAttrGetReplicatedAxesElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyTensorShardingAttrGetUnreducedAxesSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorShardingAttrGetUnreducedAxesElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline _Bool call_sdyAttributeIsATensorShardingPerValueAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorShardingPerValueAttrGet(void *f, MlirContext ctx, intptr_t nShardings, const MlirAttribute *shardings) { return ((MlirAttribute (*)(MlirContext, intptr_t, const MlirAttribute *))f)(ctx, nShardings, shardings); }
static inline intptr_t call_sdyTensorShardingPerValueAttrGetShardingsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorShardingPerValueAttrGetShardingsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline _Bool call_sdyAttributeIsADimMappingAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyDimMappingAttrGet(void *f, MlirContext ctx, intptr_t nFactorIndices, const int64_t *factorIndices) { return ((MlirAttribute (*)(MlirContext, intptr_t, const int64_t *))f)(ctx, nFactorIndices, factorIndices); }
static inline intptr_t call_sdyDimMappingAttrGetFactorIndicesSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyDimMappingAttrGetFactorIndicesElem(void *f, MlirAttribute attr, intptr_t pos) { return ((int64_t (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline _Bool call_sdyAttributeIsATensorMappingAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorMappingAttrGet(void *f, MlirContext ctx, intptr_t nMappings, const MlirAttribute *mappings) { return ((MlirAttribute (*)(MlirContext, intptr_t, const MlirAttribute *))f)(ctx, nMappings, mappings); }
static inline intptr_t call_sdyTensorMappingAttrGetRank(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline intptr_t call_sdyTensorMappingAttrGetDimMappingsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyTensorMappingAttrGetDimMappingsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline _Bool call_sdyAttributeIsAOpShardingRuleAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyOpShardingRuleAttrGet(void *f, MlirContext ctx, intptr_t nFactorSizes, const int64_t *factorSizes, intptr_t nOperandMappings, const MlirAttribute *operandMappings, intptr_t nResultMappings, const MlirAttribute *resultMappings, intptr_t nReductionFactors, const int64_t *reductionFactors, intptr_t nNeedReplicationFactors, const int64_t *needReplicationFactors, intptr_t nPermutationFactors, const int64_t *permutationFactors, intptr_t nBlockedPropagationFactors, const int64_t *blockedPropagationFactors, _Bool isCustomRule) { return ((MlirAttribute (*)(MlirContext, intptr_t, const int64_t *, intptr_t, const MlirAttribute *, intptr_t, const MlirAttribute *, intptr_t, const int64_t *, intptr_t, const int64_t *, intptr_t, const int64_t *, intptr_t, const int64_t *, _Bool))f)(ctx, nFactorSizes, factorSizes, nOperandMappings, operandMappings, nResultMappings, resultMappings, nReductionFactors, reductionFactors, nNeedReplicationFactors, needReplicationFactors, nPermutationFactors, permutationFactors, nBlockedPropagationFactors, blockedPropagationFactors, isCustomRule); }
static inline _Bool call_sdyOpShardingRuleAttrGetIsCustom(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline intptr_t call_sdyOpShardingRuleAttrGetFactorSizesSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyOpShardingRuleAttrGetFactorSizesElem(void *f, MlirAttribute attr, intptr_t pos) { return ((int64_t (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyOpShardingRuleAttrGetOperandMappingsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyOpShardingRuleAttrGetOperandMappingsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyOpShardingRuleAttrGetResultMappingsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyOpShardingRuleAttrGetResultMappingsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirAttribute (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyOpShardingRuleAttrGetReductionFactorsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyOpShardingRuleAttrGetReductionFactorsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((int64_t (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyOpShardingRuleAttrGetNeedReplicationFactorsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyOpShardingRuleAttrGetNeedReplicationFactorsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((int64_t (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyOpShardingRuleAttrGetPermutationFactorsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyOpShardingRuleAttrGetPermutationFactorsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((int64_t (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline int64_t call_sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem(void *f, MlirAttribute attr, intptr_t pos) { return ((int64_t (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline _Bool call_sdyAttributeIsAManualAxesAttr(void *f, MlirAttribute attr) { return ((_Bool (*)(MlirAttribute))f)(attr); }
static inline MlirAttribute call_sdyManualAxesAttrGet(void *f, MlirContext ctx, intptr_t nAxes, const MlirAttribute *axes) { return ((MlirAttribute (*)(MlirContext, intptr_t, const MlirAttribute *))f)(ctx, nAxes, axes); }
static inline intptr_t call_sdyManualAxesAttrGetSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline MlirStringRef call_sdyManualAxesAttrGetAxesElem(void *f, MlirAttribute attr, intptr_t pos) { return ((MlirStringRef (*)(MlirAttribute, intptr_t))f)(attr, pos); }
static inline intptr_t call_sdyManualAxesAttrGetAxesSize(void *f, MlirAttribute attr) { return ((intptr_t (*)(MlirAttribute))f)(attr); }
static inline void call_mlirRegisterAllSdyPassesAndPipelines(void *f) { ((void (*)(void))f)(); }
static inline void call_mlirRegisterAllXlaSdyPassesAndPipelines(void *f) { ((void (*)(void))f)(); }
static inline sdy_status_t *call_sdy_query_create(void *f, const sdy_module_t *module, const char *function, sdy_query_t **out_query) { return ((sdy_status_t * (*)(const sdy_module_t *, const char *, sdy_query_t **))f)(module, function, out_query); }
static inline void call_sdy_query_destroy(void *f, sdy_query_t *query) { ((void (*)(sdy_query_t *))f)(query); }
static inline sdy_status_t *call_sdy_query_num_ops(void *f, const sdy_query_t *query, size_t *out_count) { return ((sdy_status_t * (*)(const sdy_query_t *, size_t *))f)(query, out_count); }
static inline sdy_status_t *call_sdy_query_op(void *f, const sdy_query_t *query, size_t index, sdy_query_op_t *out_op) { return ((sdy_status_t * (*)(const sdy_query_t *, size_t, sdy_query_op_t *))f)(query, index, out_op); }
static inline sdy_status_t *call_sdy_query_num_values(void *f, const sdy_query_t *query, size_t *out_count) { return ((sdy_status_t * (*)(const sdy_query_t *, size_t *))f)(query, out_count); }
static inline sdy_status_t *call_sdy_query_value(void *f, const sdy_query_t *query, size_t index, sdy_query_value_t *out_value) { return ((sdy_status_t * (*)(const sdy_query_t *, size_t, sdy_query_value_t *))f)(query, index, out_value); }
static inline sdy_status_t *call_sdy_query_value_sharding(void *f, const sdy_query_t *query, size_t index, sdy_sharding_t **out_sharding) { return ((sdy_status_t * (*)(const sdy_query_t *, size_t, sdy_sharding_t **))f)(query, index, out_sharding); }
static inline sdy_status_t *call_sdy_query_value_origin(void *f, const sdy_query_t *query, size_t value, size_t index, sdy_sharding_origin_t *out_origin) { return ((sdy_status_t * (*)(const sdy_query_t *, size_t, size_t, sdy_sharding_origin_t *))f)(query, value, index, out_origin); }
static inline sdy_status_t *call_sdy_collective_compare(void *f, const sdy_module_t *const *modules, const char *const *names, size_t num_modules, const char *options, char **out_ranking) { return ((sdy_status_t * (*)(const sdy_module_t *const *, const char *const *, size_t, const char *, char **))f)(modules, names, num_modules, options, out_ranking); }
/* clang-format on */

#endif /* SDY_GO_SHIMS_H */
