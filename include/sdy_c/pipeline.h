/*===- sdy_c/pipeline.h - pass pipelines ---------------------------------===*
 *
 * A pipeline is a list of MLIR passes run on a module. It is created from a
 * textual pass pipeline using any pass registered in the library
 * (`canonicalize,cse`, `builtin.module(symbol-dce)`, `func.func(cse)`), or
 * from a named preset:
 *
 *   "canonicalize"  canonicalize
 *   "cleanup"       canonicalize,cse,symbol-dce
 *   "inline"        inline,symbol-dce
 *   "propagation"   sdy-propagation-pipeline (import, user-priority sharding
 *                   propagation, export cleanup); options:
 *                     propagation-strategy=basic|aggressive|
 *                                          basic-then-aggressive
 *                                                    (default aggressive)
 *                     conservative-propagation=true|false (default false)
 *                     keep-sharding-rules=true|false      (default false)
 *                     debug-sharding-origins=true|false   (default false)
 *   "partition"     sdy-partition-pipeline (propagation unless skipped,
 *                   explicit reshards, reshards to collectives, padding for
 *                   divisibility, global to local: the per-device program,
 *                   see executable.h); options: those of "propagation" and
 *                     skip-propagation=true|false     (default false)
 *                     drop-sharding-and-mesh=true|false (default false)
 *
 * Every sdy pass and pipeline can also be named in a textual pipeline, e.g.
 * `builtin.module(sdy-propagation-pipeline{propagation-strategy=basic})` or
 * `sdy-lift-inlined-meshes`.
 *
 * A pipeline not anchored on an op (`canonicalize,cse`) runs on the
 * module (`builtin.module(canonicalize,cse)`).
 *
 * Running verifies the module before and after every pass. The passes run
 * on a copy, which replaces the module only on success: a failed run leaves
 * the module unchanged and returns the diagnostics.
 *
 * Ownership: sdy_pipeline_create*() return a pipeline owned by the caller
 * (sdy_pipeline_destroy()).
 *
 * Thread safety: a pipeline is used by one thread at a time, with its
 * context's rules (see context.h).
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_PIPELINE_H
#define SDY_C_PIPELINE_H

#include <stdint.h>

#include "sdy_c/context.h"
#include "sdy_c/module.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* [thread-safety: movable] */
typedef struct sdy_pipeline sdy_pipeline_t;

/* Parses a textual pass pipeline. Unknown passes or bad syntax give
 * SDY_PARSE_ERROR with MLIR's message; the options of each `pass{...}` are
 * checked first (unknown options, booleans, integers, propagation-strategy)
 * and a bad one gives SDY_PARSE_ERROR naming the option and why. */
sdy_status_t *sdy_pipeline_create(sdy_context_t *context, const char *pipeline,
                                  sdy_pipeline_t **out_pipeline);

/* Creates a preset pipeline by name (see above). Unknown names give
 * SDY_INVALID_ARGUMENT. */
sdy_status_t *sdy_pipeline_create_preset(sdy_context_t *context,
                                         const char *name,
                                         sdy_pipeline_t **out_pipeline);

/* Creates a preset pipeline by name with options: `options` is
 * a space-separated list of `key=value` in MLIR pass-option syntax, e.g.
 * "propagation-strategy=basic conservative-propagation=true"; NULL or ""
 * means the defaults (same as sdy_pipeline_create_preset()). Unknown names,
 * and options given to a preset that takes none, give SDY_INVALID_ARGUMENT;
 * unknown options and malformed values (a boolean that is not
 * true/false/1/0, a propagation-strategy that is not one of the listed
 * strategies) SDY_PARSE_ERROR, with a message that names the option and
 * why, e.g. "pipeline option 'propagation-strategy' of
 * sdy-propagation-pipeline: 'fast' is not one of basic, aggressive,
 * basic-then-aggressive".
 * [nullable: options] */
sdy_status_t *
sdy_pipeline_create_preset_with_options(sdy_context_t *context,
                                        const char *name, const char *options,
                                        sdy_pipeline_t **out_pipeline);

/* Releases `pipeline`. NULL is a no-op.
 * [nullable: pipeline] */
void sdy_pipeline_destroy(sdy_pipeline_t *pipeline);

/* The textual pipeline, fully anchored (caller-owned). */
sdy_status_t *sdy_pipeline_print(const sdy_pipeline_t *pipeline,
                                 char **out_text);

/* Enables (enable != 0) or disables per-pass timing for later runs. */
sdy_status_t *sdy_pipeline_enable_timing(sdy_pipeline_t *pipeline,
                                         int32_t enable);

/* Runs the pipeline on `module` (same context). A module that does not
 * verify gives SDY_VERIFICATION_ERROR; a pass failure
 * SDY_FAILED_PRECONDITION; the message holds the diagnostics. */
sdy_status_t *sdy_pipeline_run(sdy_pipeline_t *pipeline, sdy_module_t *module);

/* The timing report of the last successful run with timing enabled, as
 * text (caller-owned). SDY_FAILED_PRECONDITION if there is none. */
sdy_status_t *sdy_pipeline_timing_report(const sdy_pipeline_t *pipeline,
                                         char **out_report);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_PIPELINE_H */
