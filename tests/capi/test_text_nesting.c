/* Deeply nested text is a parse error, not a stack overflow: mesh, sharding
 * and module parsing reject nesting deeper than 1024 brackets (found by
 * tests/fuzz/fuzz_mesh_sharding: a line of ~7000 `[`). Text nested up to the
 * limit still reaches the parser. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdy_c/sdy_c.h"

static int failures;

static void expect_error(sdy_status_t *s, int32_t code, const char *needle,
                         const char *what) {
  const char *msg = sdy_status_message(s);
  if (sdy_status_code(s) != code || !strstr(msg, needle)) {
    fprintf(stderr, "FAIL %s: got %s: %s\n", what,
            sdy_status_code_name(sdy_status_code(s)), msg);
    ++failures;
  }
  sdy_status_destroy(s);
}

static char *repeat(const char *prefix, const char *unit, int n,
                    const char *suffix) {
  size_t len = strlen(prefix) + strlen(unit) * n + strlen(suffix) + 1;
  char *text = malloc(len);
  size_t at = strlen(prefix), unit_len = strlen(unit);
  memcpy(text, prefix, at);
  for (int i = 0; i < n; ++i, at += unit_len) /* linear, unlike strcat */
    memcpy(text + at, unit, unit_len);
  strcpy(text + at, suffix);
  return text;
}

int main(void) {
  sdy_context_t *ctx = NULL;
  if (sdy_context_create(&ctx))
    return 1;
  const char *limit = "nesting deeper than 1024 brackets";
  /* Balanced but deep: the nesting limit. */
  char *open = repeat("", "[", 100000, "");
  char *deep = repeat(open, "]", 100000, "");
  sdy_mesh_t *mesh = NULL;
  expect_error(sdy_mesh_parse(ctx, deep, &mesh), SDY_PARSE_ERROR, limit,
               "mesh");
  sdy_sharding_t *sharding = NULL;
  expect_error(sdy_sharding_parse(ctx, deep, NULL, &sharding), SDY_PARSE_ERROR,
               limit, "sharding");
  free(deep);
  /* Unbalanced and deep: the missing bracket is named first. */
  const char *missing = "unexpected end of text: expected ']'";
  expect_error(sdy_mesh_parse(ctx, open, &mesh), SDY_PARSE_ERROR, missing,
               "unbalanced mesh");
  expect_error(sdy_sharding_parse(ctx, open, NULL, &sharding), SDY_PARSE_ERROR,
               missing, "unbalanced sharding");
  free(open);

  /* The error points at the first bracket over the limit (the `{` is level
   * 1, so the 1024th `[`, at column 1055, is level 1025). */
  char *attr = repeat("func.func @f() attributes {a = ", "[", 1100, "");
  sdy_module_t *module = NULL;
  expect_error(sdy_module_parse(ctx, attr, "deep.mlir", &module),
               SDY_PARSE_ERROR, "deep.mlir:1:1055: error: nesting deeper",
               "module");
  free(attr);

  /* Within the limit, the parser's own diagnostics come back. */
  char *ok = repeat("func.func @f() attributes {a = ", "[", 1000, "");
  expect_error(sdy_module_parse(ctx, ok, "ok.mlir", &module), SDY_PARSE_ERROR,
               "ok.mlir:1:", "module within the limit");
  free(ok);

  /* Brackets in strings and comments do not count. */
  char *quoted =
      repeat("// ", "[", 5000, "\nfunc.func @f() attributes {a = \"");
  char *text = malloc(strlen(quoted) + 10000 + 32);
  strcpy(text, quoted);
  for (int i = 0; i < 5000; ++i)
    strcat(text, "((");
  strcat(text, "\"} {\n  return\n}\n");
  sdy_status_t *s = sdy_module_parse(ctx, text, "quoted.mlir", &module);
  if (s) {
    fprintf(stderr, "FAIL quoted: %s\n", sdy_status_message(s));
    sdy_status_destroy(s);
    ++failures;
  } else {
    sdy_module_destroy(module);
  }
  free(quoted);
  free(text);

  sdy_context_destroy(ctx);
  if (failures)
    return 1;
  printf("text nesting: ok\n");
  return 0;
}
