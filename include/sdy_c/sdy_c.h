/*===- sdy_c/sdy_c.h - the stable C ABI of sdy ---------------------------===*
 *
 * Umbrella header: includes every stable `sdy_*` header. Plain C99.
 *
 * Conventions
 *  - Every fallible function returns `sdy_status_t *`: NULL on success, an
 *    error the caller must destroy otherwise (status.h). NULL, foreign or
 *    destroyed handles, wrong-sized arrays and invalid strings give
 *    SDY_INVALID_ARGUMENT.
 *  - Strings passed in are NUL-terminated UTF-8. Strings returned through
 *    `char **` belong to the caller (sdy_string_destroy()); strings returned
 *    through `const char **` are borrowed from the object they come from.
 *  - Booleans are int32_t (0 / 1). Sizes and indices are size_t; tensor
 *    dimensions, device ids and axis sizes are int64_t.
 *  - Handles are created by *_create / *_parse / getters with `**out`
 *    parameters and released with the matching *_destroy, which ignores
 *    NULL and anything that is not a live handle of its kind.
 *  - Handle validity is checked exactly, without dereferencing: an address
 *    that held a handle never holds another one, so a destroyed handle is
 *    refused (SDY_INVALID_ARGUMENT, "'mesh' is not a live sdy_mesh_t
 *    (foreign or already destroyed handle)") for the life of the process,
 *    however many handles are created after it; so are handles of another
 *    kind and pointers the library never returned. Not detected: a handle
 *    destroyed by one thread while another thread is inside a call with it.
 *    The cost: each handle ever created keeps 16 to 128 bytes of address
 *    space; the memory behind it is given back once every handle on its
 *    page is destroyed (about 0.3 bytes of memory per destroyed handle when
 *    they are short-lived, at most the 128 bytes while a live handle of the
 *    same kind shares the page).
 *
 * The MLIR interoperability functions (mlir_interop.h) and the
 * Shardy-compatible MLIR-style attribute API (dialect.h) need the MLIR C
 * headers (mlir-c/) and are not included here; include them explicitly.
 * They follow MLIR's conventions and are not covered by the stability
 * promise of version.h.
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_SDY_C_H
#define SDY_C_SDY_C_H

#include "sdy_c/backend.h"
#include "sdy_c/collectives.h"
#include "sdy_c/context.h"
#include "sdy_c/executable.h"
#include "sdy_c/mesh.h"
#include "sdy_c/module.h"
#include "sdy_c/pipeline.h"
#include "sdy_c/query.h"
#include "sdy_c/sharding.h"
#include "sdy_c/status.h"
#include "sdy_c/version.h"
#include "sdy_c/visualize.h"

#endif /* SDY_C_SDY_C_H */
