/*===- sdy_c/context.h - the context that owns IR objects ----------------===*
 *
 * A context owns the MLIR context in which meshes, shardings, modules and
 * pipelines live, with the dialects the library knows (builtin, func, sdy,
 * stablehlo) loaded. Objects created from different contexts cannot be mixed
 * (SDY_INVALID_ARGUMENT).
 *
 * Ownership: sdy_context_create() returns a context the caller owns;
 * sdy_context_destroy() releases the caller's reference. Objects created from
 * the context keep the underlying state alive, so destroying the context
 * before its meshes, shardings, modules or pipelines is safe (they remain
 * usable until destroyed); the handle itself must not be used afterwards.
 *
 * Thread safety: a context (and the modules and pipelines created from it) is
 * used by one thread at a time. Calls are also serialized internally by a
 * per-context lock, so that meshes and shardings (which are immutable) may be
 * shared and used from several threads concurrently.
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_CONTEXT_H
#define SDY_C_CONTEXT_H

#include <stdint.h>

#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* [thread-safety: movable] */
typedef struct sdy_context sdy_context_t;

/* Creates a context with MLIR multithreading disabled. On success *out_context
 * receives a new context owned by the caller. */
sdy_status_t *sdy_context_create(sdy_context_t **out_context);

/* Releases the caller's reference to `context`. NULL is a no-op; a handle
 * that is not a live context is ignored.
 * [nullable: context] */
void sdy_context_destroy(sdy_context_t *context);

/* Enables (enable != 0) or disables MLIR's internal multithreading (used by
 * pass pipelines). Disabled by default. */
sdy_status_t *sdy_context_set_multithreading(sdy_context_t *context,
                                             int32_t enable);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_CONTEXT_H */
