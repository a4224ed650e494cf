/*===- sdy_c/status.h - errors as values ---------------------------------===*
 *
 * Every fallible function of the sdy C ABI returns an `sdy_status_t *`:
 * NULL means success; otherwise the caller owns the returned status and must
 * release it with sdy_status_destroy(). A status carries a code (below) and a
 * human-readable message. Messages that come from MLIR carry the diagnostics
 * with their locations, one per line, as `file:line:col: error: text`
 * (followed by `file:line:col: note: text` lines for attached notes).
 *
 * When a function fails, its out-parameters are left untouched and the
 * objects it was given are unchanged.
 *
 * Thread safety: a status is a plain immutable value; it may be read from any
 * thread and destroyed from any thread (once).
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_STATUS_H
#define SDY_C_STATUS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque error object.
 * [thread-safety: shared] */
typedef struct sdy_status sdy_status_t;

/* Status codes (values of sdy_status_code()). New codes may be added in a
 * minor version; treat unknown codes like SDY_INTERNAL. */
enum {
  SDY_OK = 0,                  /* only reported for a NULL status */
  SDY_INVALID_ARGUMENT = 1,    /* NULL/foreign/destroyed handle, bad count,
                                  bad index, invalid string or value */
  SDY_PARSE_ERROR = 2,         /* text could not be parsed */
  SDY_VERIFICATION_ERROR = 3,  /* well-formed but fails the dialect's rules */
  SDY_FAILED_PRECONDITION = 4, /* the object is not in a state that allows
                                  the call (e.g. a missing mesh symbol, a
                                  pass that failed) */
  SDY_UNIMPLEMENTED = 5,       /* valid request that is not supported yet */
  SDY_INTERNAL = 6,            /* a bug or an unexpected failure */
  /* Since 1.1: */
  SDY_DEADLINE_EXCEEDED = 7,  /* a run or a collective did not finish in
                                 time (e.g. a peer never joined) */
  SDY_UNAVAILABLE = 8,        /* a peer device or process died or cannot
                                 be reached */
  SDY_RESOURCE_EXHAUSTED = 9, /* out of memory, or a size beyond what can
                                 be allocated */
  SDY_CANCELLED = 10          /* the caller cancelled the run */
};

/* The code of `status`; SDY_OK for NULL.
 * [nullable: status] */
int32_t sdy_status_code(const sdy_status_t *status);

/* The message of `status` (UTF-8, NUL-terminated). Borrowed: valid until the
 * status is destroyed. "" for NULL.
 * [nullable: status] */
const char *sdy_status_message(const sdy_status_t *status);

/* The name of a status code, e.g. "SDY_PARSE_ERROR" (static storage);
 * "SDY_UNKNOWN" for a value that is not a code. */
const char *sdy_status_code_name(int32_t code);

/* Releases `status`. NULL is a no-op.
 * [nullable: status] */
void sdy_status_destroy(sdy_status_t *status);

/* Releases a string returned by the library through a `char **out_...`
 * parameter. NULL is a no-op.
 * [nullable: string] */
void sdy_string_destroy(char *string);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_STATUS_H */
