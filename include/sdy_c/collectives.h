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

/* Ranks `num_modules` versions of one program (say, the program under
 * alternative shardings, partitioned or with its collectives still in sdy
 * form, which count as what the partitioner lowers them to) by the estimated
 * communication time per call (the report's total, loop trip counts
 * applied), cheapest first; equal times keep the given order. `names[i]`
 * names `modules[i]` in the ranking (NULL names: "0", "1", ...). As text
 * (one line per version: rank, name, estimated time, collectives, the most
 * bytes a device sends and receives), or with "format=json" an object
 * {"ranking": [{name, index, estimated_seconds, collectives,
 * unknown_trip_counts, max_sent, max_received, report}]} where `report` is
 * the version's sdy_module_collective_report() JSON. `options` as for
 * sdy_module_collective_report(). The ranking is caller-owned
 * (sdy_string_destroy()). SDY_INVALID_ARGUMENT for no modules, a NULL
 * module or name, or a bad option or model file; SDY_FAILED_PRECONDITION
 * when a collective of a module has no byte count (the message says
 * why), a module names groups the runtime refuses, or the modules' public
 * functions differ. The modules are not changed; each is read under its
 * context's lock, one at a time. [nullable: names, options] */
sdy_status_t *sdy_collective_compare(const sdy_module_t *const *modules,
                                     const char *const *names,
                                     size_t num_modules, const char *options,
                                     char **out_ranking);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_COLLECTIVES_H */
