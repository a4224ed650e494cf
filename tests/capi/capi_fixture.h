/* Shared by the CMocka suites of the C ABI (one per public header): string
 * assertions, and a fixture with a context, a mesh ["x"=2, "y"=4] and a
 * parsed module. Helpers are static inline so that each suite compiles
 * without warnings about the ones it does not use. */
#ifndef SDY_TESTS_CAPI_CAPI_FIXTURE_H
#define SDY_TESTS_CAPI_CAPI_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sdy_c/sdy_c.h"

#include "status_assert.h"

/* `text` (a string returned by the ABI) equals `expected`; it is released. */
static inline void assert_string(char *text, const char *expected) {
  assert_non_null(text);
  assert_string_equal(text, expected);
  sdy_string_destroy(text);
}

/* `text` contains `expected`; it is released. */
static inline void assert_contains(char *text, const char *expected) {
  assert_non_null(text);
  if (!strstr(text, expected))
    fail_msg("'%s' does not contain '%s'", text, expected);
  sdy_string_destroy(text);
}

static const char *const kAxisNames[] = {"x", "y"};
static const int64_t kAxisSizes[] = {2, 4};

static const char *const kModule =
    "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>\n"
    "func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> "
    "tensor<8x8xf32> {\n"
    "  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>\n"
    "  %1 = stablehlo.add %0, %0 : tensor<8x8xf32>\n"
    "  return %1 : tensor<8x8xf32>\n"
    "}\n"
    "func.func private @decl(tensor<4xf32>) -> tensor<4xf32>\n";

typedef struct {
  sdy_context_t *ctx;
  sdy_mesh_t *mesh; /* ["x"=2, "y"=4] */
  sdy_module_t *module;
} fixture_t;

static inline int setup(void **state) {
  fixture_t *f = calloc(1, sizeof *f);
  ASSERT_OK(sdy_context_create(&f->ctx));
  ASSERT_OK(
      sdy_mesh_create(f->ctx, kAxisNames, kAxisSizes, 2, NULL, 0, &f->mesh));
  ASSERT_OK(sdy_module_parse(f->ctx, kModule, "main.mlir", &f->module));
  *state = f;
  return 0;
}

static inline int teardown(void **state) {
  fixture_t *f = *state;
  sdy_module_destroy(f->module);
  sdy_mesh_destroy(f->mesh);
  sdy_context_destroy(f->ctx);
  free(f);
  return 0;
}

static inline sdy_sharding_t *parse_sharding(fixture_t *f, const char *text) {
  sdy_sharding_t *sharding = NULL;
  ASSERT_OK(sdy_sharding_parse(f->ctx, text, f->mesh, &sharding));
  return sharding;
}

#endif /* SDY_TESTS_CAPI_CAPI_FIXTURE_H */
