/*===- sdy_c/version.h - versioning of the sdy C ABI ---------------------===*
 *
 * Compatibility rule
 * ------------------
 * The ABI version is MAJOR.MINOR.PATCH, encoded as the integer
 * MAJOR * 10000 + MINOR * 100 + PATCH (SDY_C_API_VERSION for the headers a
 * program was compiled with, sdy_version() for the library it runs against).
 *
 *  - MAJOR changes only on an incompatible change (a removed function, a
 *    changed signature or struct layout, a changed meaning). The shared
 *    library's SONAME is libsdy_c.so.<MAJOR>, so a program never loads a
 *    library of another major version.
 *  - MINOR grows when functions, enum values or status codes are added. A
 *    program compiled against headers of minor N runs against any library of
 *    the same major and minor >= N.
 *  - PATCH changes for fixes without any interface change.
 *
 * Every exported function carries the ELF symbol version of the release
 * that added it (SDY_C_1.0, SDY_C_1.1, ...), so a program linked against a
 * newer minor version fails to load against an older library with a clear
 * "version `SDY_C_1.1' not found" from the dynamic loader, instead of
 * failing later on a missing symbol.
 *
 * History: 1.0.0 first version; 1.1.0 added the status codes
 * SDY_DEADLINE_EXCEEDED, SDY_UNAVAILABLE, SDY_RESOURCE_EXHAUSTED and
 * SDY_CANCELLED, run options (sdy_run_options_t) and the global shapes of
 * arguments and results (sdy_executable_arg_global_shape) in executable.h;
 * 1.2.0 added the element types complex, sub-byte integer and f4/f6/f8
 * (SDY_DL_COMPLEX, SDY_DL_FLOAT8_*, ... in executable.h and
 * SDY_BACKEND_DTYPE_C64 ... in backend.h), and Shardy's C API names
 * sdyManualAxesAttrGetAxesSize, mlirRegisterAllSdyPassesAndPipelines and
 * mlirRegisterAllXlaSdyPassesAndPipelines in dialect.h (node SDY_C_1.2);
 * 1.3.0 added the query API (query.h), pictures of shardings
 * (visualize.h), the communication report (collectives.h) and executable
 * options with the compiled execution path (sdy_executable_options_t,
 * sdy_executable_compile_with_options, sdy_executable_compile_report in
 * executable.h) (node SDY_C_1.3);
 * 1.4.0 added sdy_collective_compare in collectives.h, which ranks
 * partitioned versions of one program by estimated communication time
 * (node SDY_C_1.4).
 *
 * A program that wants to check at run time calls
 * sdy_version_is_compatible(SDY_C_API_VERSION).
 *
 * Thread safety: every function here may be called from any thread.
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_VERSION_H
#define SDY_C_VERSION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SDY_C_API_VERSION_MAJOR 1
#define SDY_C_API_VERSION_MINOR 4
#define SDY_C_API_VERSION_PATCH 0
/* The version of these headers: MAJOR * 10000 + MINOR * 100 + PATCH. */
#define SDY_C_API_VERSION                                                      \
  (SDY_C_API_VERSION_MAJOR * 10000 + SDY_C_API_VERSION_MINOR * 100 +           \
   SDY_C_API_VERSION_PATCH)

/* The version of the loaded library, encoded like SDY_C_API_VERSION. */
uint32_t sdy_version(void);

/* The version of the loaded library as "MAJOR.MINOR.PATCH" (static storage,
 * never freed). */
const char *sdy_version_string(void);

/* 1 if a program compiled against headers of version `header_version`
 * (normally SDY_C_API_VERSION) may use the loaded library: same major and
 * library minor >= header minor. 0 otherwise. */
int32_t sdy_version_is_compatible(uint32_t header_version);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_VERSION_H */
