/*===- sdy_c/mlir_interop.h - bridge to MLIR's C API ---------------------===*
 *
 * For programs that also drive MLIR through its C API (mlir-c/IR.h), whose
 * functions are exported by libsdy_c.so as well (one copy of MLIR). Needs the
 * MLIR C headers on the include path (pkg-config --cflags sdy_c adds them).
 *
 * Thread safety: as for the handles involved (context.h, module.h).
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_MLIR_INTEROP_H
#define SDY_C_MLIR_INTEROP_H

#include "mlir-c/IR.h"
#include "sdy_c/context.h"
#include "sdy_c/module.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The MlirContext behind `context` (borrowed: owned by the sdy context;
 * never pass it to mlirContextDestroy).
 * [borrowed: out_context] */
sdy_status_t *sdy_context_get_mlir_context(sdy_context_t *context,
                                           MlirContext *out_context);

/* The MlirModule behind `module` (borrowed: it stays owned by `module`; do
 * not destroy it, do not use it after sdy_module_destroy).
 * [borrowed: out_module] */
sdy_status_t *sdy_module_get_mlir_module(sdy_module_t *module,
                                         MlirModule *out_module);

/* Wraps `mlir_module`, which must belong to the MlirContext of `context`
 * (SDY_INVALID_ARGUMENT otherwise). On success ownership moves to the new
 * sdy_module_t: release it with sdy_module_destroy, never
 * mlirModuleDestroy. On failure the caller keeps ownership.
 * [consumed: mlir_module] */
sdy_status_t *sdy_module_wrap_mlir_module(sdy_context_t *context,
                                          MlirModule mlir_module,
                                          sdy_module_t **out_module);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_MLIR_INTEROP_H */
