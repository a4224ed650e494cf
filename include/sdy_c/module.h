/*===- sdy_c/module.h - programs: sdy + stablehlo modules ----------------===*
 *
 * A module is an MLIR `builtin.module` holding `sdy.mesh` definitions and
 * `func.func` functions made of stablehlo/sdy ops. Functions are named by
 * their symbol name (without `@`); arguments and results by index.
 *
 * Ownership: `sdy_module_t **` out parameters receive a new module owned by
 * the caller (sdy_module_destroy()); `sdy_sharding_t **` / `sdy_mesh_t **`
 * out parameters new handles owned by the caller; `char **` strings are
 * owned by the caller (sdy_string_destroy()). Shardings and meshes passed in
 * are only read (the module stores its own copy).
 *
 * Failure leaves the module unchanged.
 *
 * Thread safety: a module is used by one thread at a time, and not at the
 * same time as its context is used from another thread.
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_MODULE_H
#define SDY_C_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include "sdy_c/context.h"
#include "sdy_c/mesh.h"
#include "sdy_c/sharding.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* [thread-safety: movable] */
typedef struct sdy_module sdy_module_t;

/* Flags of sdy_module_print (bitwise or). */
enum {
  SDY_PRINT_DEFAULT = 0,
  SDY_PRINT_GENERIC = 1,   /* generic op form `"sdy.reshard"(%0) <{...}>` */
  SDY_PRINT_DEBUG_INFO = 2 /* print locations */
};

/* Parses MLIR text (sdy, stablehlo, func, builtin ops) and verifies it.
 * `source_name` names the buffer in diagnostics (NULL: "<input>").
 * Syntax errors give SDY_PARSE_ERROR, verifier failures (including sdy
 * attributes that break their invariants, e.g. an `sdy.mesh` with a
 * duplicate axis) SDY_VERIFICATION_ERROR; the message holds the diagnostics as
 * `source_name:line:col: error: ...`.
 * [nullable: source_name] */
sdy_status_t *sdy_module_parse(sdy_context_t *context, const char *text,
                               const char *source_name,
                               sdy_module_t **out_module);

/* Creates an empty module. */
sdy_status_t *sdy_module_create_empty(sdy_context_t *context,
                                      sdy_module_t **out_module);

/* A deep copy of `module`. */
sdy_status_t *sdy_module_clone(const sdy_module_t *module,
                               sdy_module_t **out_module);

/* Releases `module`. NULL is a no-op.
 * [nullable: module] */
void sdy_module_destroy(sdy_module_t *module);

/* Runs the verifier (SDY_VERIFICATION_ERROR with diagnostics). */
sdy_status_t *sdy_module_verify(const sdy_module_t *module);

/* Prints the module; `flags` is a combination of SDY_PRINT_* values. */
sdy_status_t *sdy_module_print(const sdy_module_t *module, uint32_t flags,
                               char **out_text);

/* Number of `func.func` ops directly in the module. */
sdy_status_t *sdy_module_num_functions(const sdy_module_t *module,
                                       size_t *out_count);

/* Symbol name of function `index` (in module order), caller-owned. */
sdy_status_t *sdy_module_function_name(const sdy_module_t *module, size_t index,
                                       char **out_name);

/* Number of arguments and results of function `function`. Either out
 * pointer may be NULL, not both.
 * [nullable: out_num_args, out_num_results] */
sdy_status_t *sdy_module_function_signature(const sdy_module_t *module,
                                            const char *function,
                                            size_t *out_num_args,
                                            size_t *out_num_results);

/* Adds `sdy.mesh @name = <mesh>` at the start of the module. If a mesh of
 * that name already exists and is equal, nothing changes; a different mesh
 * or another symbol of that name gives SDY_FAILED_PRECONDITION. */
sdy_status_t *sdy_module_add_mesh(sdy_module_t *module, const char *name,
                                  const sdy_mesh_t *mesh);

/* Number of `sdy.mesh` ops in the module. */
sdy_status_t *sdy_module_num_meshes(const sdy_module_t *module,
                                    size_t *out_count);

/* Name of mesh `index` (module order), caller-owned. */
sdy_status_t *sdy_module_mesh_name(const sdy_module_t *module, size_t index,
                                   char **out_name);

/* The mesh `@name` of the module (SDY_FAILED_PRECONDITION if absent). */
sdy_status_t *sdy_module_get_mesh(const sdy_module_t *module, const char *name,
                                  sdy_mesh_t **out_mesh);

/* The sharding of argument `arg` of `function`, or *out_sharding = NULL if
 * it has none. A sharding that refers to a mesh missing from the module gives
 * SDY_VERIFICATION_ERROR. */
sdy_status_t *sdy_module_get_arg_sharding(const sdy_module_t *module,
                                          const char *function, size_t arg,
                                          sdy_sharding_t **out_sharding);

/* Same for result `result`. */
sdy_status_t *sdy_module_get_result_sharding(const sdy_module_t *module,
                                             const char *function,
                                             size_t result,
                                             sdy_sharding_t **out_sharding);

/* Sets (or with sharding == NULL removes) the `sdy.sharding` of argument
 * `arg`. A sharding that names a mesh requires `sdy.mesh @name` with the
 * same mesh in the module (SDY_FAILED_PRECONDITION otherwise; see
 * sdy_module_add_mesh). A sharding invalid for the argument's type gives
 * SDY_VERIFICATION_ERROR with the dialect verifier's message.
 * [nullable: sharding] */
sdy_status_t *sdy_module_set_arg_sharding(sdy_module_t *module,
                                          const char *function, size_t arg,
                                          const sdy_sharding_t *sharding);

/* Same for result `result`.
 * [nullable: sharding] */
sdy_status_t *sdy_module_set_result_sharding(sdy_module_t *module,
                                             const char *function,
                                             size_t result,
                                             const sdy_sharding_t *sharding);

/* Inserts `sdy.sharding_constraint %argN <sharding>` at the start of
 * `function` and makes every use of argument `arg` use its result instead.
 * Same mesh and validity rules as sdy_module_set_arg_sharding; the function
 * must have a body (SDY_FAILED_PRECONDITION otherwise). */
sdy_status_t *
sdy_module_add_arg_sharding_constraint(sdy_module_t *module,
                                       const char *function, size_t arg,
                                       const sdy_sharding_t *sharding);

/* Inserts `sdy.sharding_constraint` on the value returned as result
 * `result` of `function`, before each `func.return`, and returns the
 * constrained value instead. */
sdy_status_t *
sdy_module_add_result_sharding_constraint(sdy_module_t *module,
                                          const char *function, size_t result,
                                          const sdy_sharding_t *sharding);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_MODULE_H */
