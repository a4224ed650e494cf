/*===- sdy_c/collectives.h - communication report of a module ------------===*
 *
 * The collectives of a module and what they cost: per collective its kind,
 * mesh axes, device groups, the bytes every device sends and receives when
 * the runtime executes it once (as the local or mpi backend moves them),
 * and the time a latency/bandwidth model of the backend estimates; totals
 * per function. The same report as `sdy-opt -sdy-collective-report`
 * (docs/communication_report.md).
 *
 * Thread safety: as for the module (sdy_c/module.h).
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_COLLECTIVES_H
#define SDY_C_COLLECTIVES_H

#include "sdy_c/module.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The communication report of `module` as text, or as JSON with
 * "format=json" (one object per collective: kind, function, location,
 * axes, groups, operand_types, counted, sent[device], received[device],
 * estimated_seconds, backend_calls; and totals per function). `options`
 * holds space-separated key=value pairs: format=text|json,
 * backend=local|mpi, model=PATH (a model file of bench-comm-calibrate),
 * num-devices=N (default: the devices sdy-run would use); NULL or "" for
 * the defaults. The report is caller-owned (sdy_string_destroy()).
 * SDY_INVALID_ARGUMENT for a bad option or model file, SDY_FAILED_PRECONDITION
 * when the module names groups the runtime refuses. The module is not
 * changed.
 * [nullable: options] */
sdy_status_t *sdy_module_collective_report(const sdy_module_t *module,
                                           const char *options,
                                           char **out_report);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_COLLECTIVES_H */
