/* CMocka suite of the C ABI's diagnostics: the library never writes to
 * stderr (the whole run has stderr redirected to a file that must stay
 * empty), one status code per kind of error whatever the entry point,
 * truncated text names what is missing, and option errors name the option
 * and why. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <cmocka.h>

#include "sdy_c/dialect.h"
#include "sdy_c/mlir_interop.h"
#include "sdy_c/sdy_c.h"

/* Checks the code and a substring of the message, and that no MLIR internal
 * leaks into it; destroys the status. */
static void expect_error(sdy_status_t *status, int32_t code,
                         const char *substring, const char *what) {
  if (!status)
    fail_msg("%s succeeded, expected %s", what, sdy_status_code_name(code));
  const char *message = sdy_status_message(status);
  if (sdy_status_code(status) != code)
    fail_msg("%s: expected %s, got %s: %s", what, sdy_status_code_name(code),
             sdy_status_code_name(sdy_status_code(status)), message);
  if (!strstr(message, substring))
    fail_msg("%s: message '%s' does not contain '%s'", what, message,
             substring);
  /* MLIR internals and bogus locations never reach the user. */
  if (strstr(message, "pretty dialect name") || strstr(message, ":0:0") ||
      strstr(message, "<Pass-Options-Parser>"))
    fail_msg("%s: message '%s' leaks an MLIR internal", what, message);
  sdy_status_destroy(status);
}

#define EXPECT_ERR(expr, code, substring)                                      \
  expect_error((expr), (code), (substring), #expr)

typedef struct {
  sdy_context_t *ctx;
  sdy_mesh_t *mesh; /* ["x"=2, "y"=4] */
} fixture_t;

/* stderr is a file during the run (see main); each test checks that it did
 * not grow while the test ran. */
static off_t stderr_size(void) {
  fflush(stderr);
  return lseek(STDERR_FILENO, 0, SEEK_END);
}

static off_t stderr_before;

static int setup(void **state) {
  stderr_before = stderr_size();
  fixture_t *f = calloc(1, sizeof(fixture_t));
  if (!f || sdy_context_create(&f->ctx) ||
      sdy_mesh_parse(f->ctx, "<[\"x\"=2, \"y\"=4]>", &f->mesh))
    return -1;
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture_t *f = *state;
  sdy_mesh_destroy(f->mesh);
  sdy_context_destroy(f->ctx);
  free(f);
  off_t after = stderr_size();
  if (after != stderr_before) {
    printf("FAILED: the library wrote %lld bytes to stderr during this test\n",
           (long long)(after - stderr_before));
    return -1;
  }
  return 0;
}

/*--- one code for one kind of error ----------------------------------------*/

static void test_invalid_mesh_same_code_everywhere(void **state) {
  fixture_t *f = *state;
  sdy_mesh_t *mesh = NULL;
  sdy_sharding_t *sharding = NULL;
  sdy_module_t *module = NULL;
  const char *dup_names[] = {"a", "a"};
  const int64_t sizes[] = {2, 2};
  const char *msg = "duplicate mesh axis name \"a\"";

  /* Well-formed but invalid: SDY_VERIFICATION_ERROR at every entry point. */
  EXPECT_ERR(sdy_mesh_create(f->ctx, dup_names, sizes, 2, NULL, 0, &mesh),
             SDY_VERIFICATION_ERROR, msg);
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\"a\"=2, \"a\"=2]>", &mesh),
             SDY_VERIFICATION_ERROR, msg);
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "#sdy.mesh<[\"a\"=2, \"a\"=2]>", &mesh),
             SDY_VERIFICATION_ERROR, msg);
  EXPECT_ERR(sdy_sharding_parse(f->ctx, "<mesh<[\"a\"=2, \"a\"=2]>, [{}]>",
                                NULL, &sharding),
             SDY_VERIFICATION_ERROR, msg);
  EXPECT_ERR(sdy_module_parse(f->ctx, "sdy.mesh @m = <[\"a\"=2, \"a\"=2]>",
                              "m.mlir", &module),
             SDY_VERIFICATION_ERROR, msg);

  const int64_t zero[] = {0};
  EXPECT_ERR(sdy_mesh_create(f->ctx, dup_names, zero, 1, NULL, 0, &mesh),
             SDY_VERIFICATION_ERROR, "mesh axis \"a\" has size 0");
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\"a\"=0]>", &mesh),
             SDY_VERIFICATION_ERROR, "mesh axis \"a\" has size 0");
  EXPECT_ERR(
      sdy_sharding_parse(f->ctx, "<mesh<[\"a\"=0]>, []>", NULL, &sharding),
      SDY_VERIFICATION_ERROR, "mesh axis \"a\" has size 0");
  EXPECT_ERR(
      sdy_module_parse(f->ctx, "sdy.mesh @m = <[\"a\"=0]>", NULL, &module),
      SDY_VERIFICATION_ERROR, "mesh axis \"a\" has size 0");

  /* An invalid sharding: the same at creation and parsing. */
  sdy_axis_ref_t z = {"z", 0, 0};
  sdy_dim_sharding_t dim = {&z, 1, -1, 1, 0};
  EXPECT_ERR(
      sdy_sharding_create(f->ctx, f->mesh, "mesh", &dim, 1, NULL, 0, &sharding),
      SDY_VERIFICATION_ERROR, "unknown axis \"z\"");
  EXPECT_ERR(
      sdy_sharding_parse(f->ctx, "<@mesh, [{\"z\"}]>", f->mesh, &sharding),
      SDY_VERIFICATION_ERROR, "unknown axis \"z\"");

  /* Malformed text: SDY_PARSE_ERROR. */
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\"a\"=two]>", &mesh), SDY_PARSE_ERROR,
             "<mesh>:1:");
  EXPECT_ERR(
      sdy_sharding_parse(f->ctx, "<mesh<[\"a\"=two]>, []>", NULL, &sharding),
      SDY_PARSE_ERROR, "<sharding>:1:");
  EXPECT_ERR(
      sdy_module_parse(f->ctx, "sdy.mesh @m = <[\"a\"=two]>", NULL, &module),
      SDY_PARSE_ERROR, "<input>:1:");

  /* Bad C arguments: SDY_INVALID_ARGUMENT. */
  EXPECT_ERR(sdy_mesh_create(f->ctx, NULL, sizes, 2, NULL, 0, &mesh),
             SDY_INVALID_ARGUMENT, "array 'axis_names' is NULL");
  EXPECT_ERR(sdy_mesh_parse(f->ctx, NULL, &mesh), SDY_INVALID_ARGUMENT,
             "string 'text' is NULL");
  sdy_dim_sharding_t bad_closed = {NULL, 0, -1, 2, 0};
  EXPECT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_closed, 1, NULL,
                                 0, &sharding),
             SDY_INVALID_ARGUMENT, "dims[0].is_closed must be 0 or 1, got 2");
}

/*--- truncated text --------------------------------------------------------*/

/* Every proper prefix of `text` fails with SDY_PARSE_ERROR, never with
 * MLIR's "unbalanced ... in pretty dialect name". */
static void check_prefixes(fixture_t *f, const char *text, int is_mesh) {
  size_t n = strlen(text);
  char *buffer = malloc(n + 1);
  assert_non_null(buffer);
  for (size_t i = 0; i < n; ++i) {
    memcpy(buffer, text, i);
    buffer[i] = '\0';
    if (i > 0 && strspn(buffer, " ") == i)
      continue;
    sdy_mesh_t *mesh = NULL;
    sdy_sharding_t *sharding = NULL;
    sdy_status_t *status =
        is_mesh ? sdy_mesh_parse(f->ctx, buffer, &mesh)
                : sdy_sharding_parse(f->ctx, buffer, f->mesh, &sharding);
    char what[256];
    snprintf(what, sizeof(what), "prefix %zu '%s'", i, buffer);
    expect_error(status, SDY_PARSE_ERROR,
                 is_mesh ? "<mesh>:" : "<sharding>:", what);
  }
  free(buffer);
}

static void test_every_prefix_is_a_parse_error(void **state) {
  fixture_t *f = *state;
  check_prefixes(f, "<[\"x\"=2, \"y\"=4]>", 1);
  check_prefixes(f,
                 "#sdy.mesh<[\"x\"=2, \"y\"=4], device_ids=[7, 6, 5, 4, 3, "
                 "2, 1, 0]>",
                 1);
  check_prefixes(f, "<[], device_ids=[3]>", 1);
  check_prefixes(f,
                 "<@mesh, [{\"x\", ?}p1, {\"y\":(1)2}], "
                 "replicated={\"y\":(2)2}>",
                 0);
  check_prefixes(f, "#sdy.sharding<mesh<[\"x\"=2, \"y\"=4]>, [{\"x\"}, {}]>",
                 0);
}

static void test_truncation_names_what_is_missing(void **state) {
  fixture_t *f = *state;
  sdy_mesh_t *mesh = NULL;
  sdy_sharding_t *sharding = NULL;
  EXPECT_ERR(sdy_sharding_parse(f->ctx, "<@mesh, [{\"x\"}", f->mesh, &sharding),
             SDY_PARSE_ERROR,
             "sdy_sharding_parse: <sharding>:1:15: error: unexpected end of "
             "text: expected ']' to close the dimension shardings opened at "
             "column 9");
  EXPECT_ERR(
      sdy_sharding_parse(f->ctx, "<@mesh, [{}, {\"x\"", f->mesh, &sharding),
      SDY_PARSE_ERROR,
      "expected '}' to close the axes of dimension 1 opened at column "
      "14");
  EXPECT_ERR(sdy_sharding_parse(f->ctx, "<@mesh, [], replicated={\"x\"",
                                f->mesh, &sharding),
             SDY_PARSE_ERROR,
             "expected '}' to close the replicated axes opened at column 24");
  EXPECT_ERR(
      sdy_sharding_parse(f->ctx, "<@mesh, [{\"y\":(1", f->mesh, &sharding),
      SDY_PARSE_ERROR, "expected ')' to close the sub-axis");
  EXPECT_ERR(sdy_sharding_parse(f->ctx, "<mesh<[\"x\"=2]", NULL, &sharding),
             SDY_PARSE_ERROR,
             "expected '>' to close the inlined mesh opened at column 6");
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\"x\"=2", &mesh), SDY_PARSE_ERROR,
             "sdy_mesh_parse: <mesh>:1:8: error: unexpected end of text: "
             "expected ']' to close the mesh axes opened at column 2");
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\"x\"=2], device_ids=[0, 1", &mesh),
             SDY_PARSE_ERROR,
             "expected ']' to close the device ids opened at column 22");
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\"x", &mesh), SDY_PARSE_ERROR,
             "unexpected end of text: expected '\"' to close the string "
             "opened at column 3");
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\"x\"=2}>", &mesh), SDY_PARSE_ERROR,
             "<mesh>:1:8: error: expected ']' to close the mesh axes opened "
             "at column 2, got '}'");
  EXPECT_ERR(sdy_mesh_parse(f->ctx, "<[\n\"x\"=2", &mesh), SDY_PARSE_ERROR,
             "<mesh>:2:6: error: unexpected end of text: expected ']' to "
             "close the mesh axes opened at column 2");
}

/*--- pipeline options ------------------------------------------------------*/

static void test_pipeline_option_errors(void **state) {
  fixture_t *f = *state;
  sdy_pipeline_t *pipeline = NULL;
  EXPECT_ERR(
      sdy_pipeline_create_preset_with_options(
          f->ctx, "propagation", "debug-sharding-origins=maybe", &pipeline),
      SDY_PARSE_ERROR,
      "invalid options for preset 'propagation': pipeline option "
      "'debug-sharding-origins' of sdy-propagation-pipeline: 'maybe' "
      "is not a boolean (true, false, 1 or 0)");
  EXPECT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "propagation", "propagation-strategy=fast", &pipeline),
             SDY_PARSE_ERROR,
             "pipeline option 'propagation-strategy' of "
             "sdy-propagation-pipeline: 'fast' is not one of basic, "
             "aggressive, basic-then-aggressive");
  EXPECT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "partition", "skip-propagation=yes", &pipeline),
             SDY_PARSE_ERROR,
             "'skip-propagation' of sdy-partition-pipeline: 'yes' is not a "
             "boolean");
  EXPECT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "partition", "zero-padding=1", &pipeline),
             SDY_PARSE_ERROR,
             "pipeline option 'zero-padding' is not an option of "
             "sdy-partition-pipeline (its options: keep-sharding-rules, "
             "conservative-propagation, debug-sharding-origins, "
             "propagation-strategy, skip-propagation, drop-sharding-and-mesh)");
  EXPECT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "propagation", "propagation-strategy", &pipeline),
             SDY_PARSE_ERROR,
             "pipeline option 'propagation-strategy' of "
             "sdy-propagation-pipeline needs a value");

  /* Textual pipelines: the same checks for every pass{options}. */
  EXPECT_ERR(sdy_pipeline_create(
                 f->ctx,
                 "sdy-propagation-pipeline{debug-sharding-origins=maybe}",
                 &pipeline),
             SDY_PARSE_ERROR,
             "sdy_pipeline_create: pipeline option 'debug-sharding-origins' "
             "of sdy-propagation-pipeline: 'maybe' is not a boolean");
  EXPECT_ERR(sdy_pipeline_create(f->ctx,
                                 "builtin.module(sdy-propagation-pipeline{"
                                 "propagation-strategy=fast})",
                                 &pipeline),
             SDY_PARSE_ERROR, "'fast' is not one of basic, aggressive");
  EXPECT_ERR(sdy_pipeline_create(
                 f->ctx, "sdy-user-priority-propagate{propagation-strategy=x}",
                 &pipeline),
             SDY_PARSE_ERROR,
             "'propagation-strategy' of sdy-user-priority-propagate: 'x' is "
             "not one of basic, aggressive, basic-then-aggressive");
  EXPECT_ERR(sdy_pipeline_create(
                 f->ctx, "canonicalize{test-convergence=sometimes}", &pipeline),
             SDY_PARSE_ERROR,
             "'test-convergence' of canonicalize: 'sometimes' is not a "
             "boolean");
  EXPECT_ERR(sdy_pipeline_create(f->ctx, "canonicalize{max-iterations=1.5}",
                                 &pipeline),
             SDY_PARSE_ERROR,
             "'max-iterations' of canonicalize: '1.5' is not a 64-bit integer");
  EXPECT_ERR(sdy_pipeline_create(f->ctx, "canonicalize{region-simplify=bogus}",
                                 &pipeline),
             SDY_PARSE_ERROR,
             "'region-simplify' of canonicalize: 'bogus' is not one of "
             "disabled, normal, aggressive");
  EXPECT_ERR(
      sdy_pipeline_create(f->ctx, "inline{max-iterations=-1}", &pipeline),
      SDY_PARSE_ERROR,
      "'max-iterations' of inline: '-1' is not an integer in [0, "
      "4294967295]");
  EXPECT_ERR(sdy_pipeline_create(
                 f->ctx, "inline{inlining-threshold=99999999999}", &pipeline),
             SDY_PARSE_ERROR, "is not an integer in [0, 4294967295]");
  EXPECT_ERR(sdy_pipeline_create(
                 f->ctx, "canonicalize{max-num-rewrites=9999999999999999999}",
                 &pipeline),
             SDY_PARSE_ERROR, "is not a 64-bit integer");
  EXPECT_ERR(
      sdy_pipeline_create(f->ctx, "func.func(cse{aggressive=1})", &pipeline),
      SDY_PARSE_ERROR,
      "pipeline option 'aggressive' is not an option of cse (it takes "
      "none)");
  EXPECT_ERR(
      sdy_pipeline_create(f->ctx, "canonicalize{max-iterations=3", &pipeline),
      SDY_PARSE_ERROR, "the options of 'canonicalize' have no closing '}'");

  /* Valid options still work. */
  sdy_status_t *ok = sdy_pipeline_create(
      f->ctx,
      "canonicalize{max-iterations=3 test-convergence=false},"
      "sdy-propagation-pipeline{propagation-strategy=basic "
      "debug-sharding-origins}",
      &pipeline);
  if (ok)
    fail_msg("valid pipeline refused: %s", sdy_status_message(ok));
  sdy_pipeline_destroy(pipeline);
}

/*--- dialect.h getters are quiet -------------------------------------------*/

static void test_dialect_getters_are_quiet(void **state) {
  fixture_t *f = *state;
  MlirContext ctx = {NULL};
  sdy_status_t *s = sdy_context_get_mlir_context(f->ctx, &ctx);
  assert_null(s);
  MlirAttribute axis =
      sdyMeshAxisAttrGet(ctx, mlirStringRefCreateFromCString("a"), 2);
  MlirAttribute axes[] = {axis, axis};
  /* Each of these used to print `error: ...` on stderr. */
  assert_true(mlirAttributeIsNull(sdyMeshAttrGet(ctx, 2, axes, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdySubAxisInfoAttrGet(ctx, 0, 3)));
  MlirAttribute ref = sdyAxisRefAttrGet(
      ctx, mlirStringRefCreateFromCString("a"), (MlirAttribute){NULL});
  (void)ref;
  /* A closed empty dimension sharding cannot have a priority. */
  assert_true(
      mlirAttributeIsNull(sdyDimensionShardingAttrGet(ctx, 0, NULL, true, 2)));
  MlirAttribute mesh = sdyMeshAttrGet(ctx, 1, axes, 0, NULL);
  assert_false(mlirAttributeIsNull(mesh));
  assert_false(mlirAttributeIsNull(mesh));
  int64_t bad_size = 0;
  assert_true(mlirAttributeIsNull(
      sdyOpShardingRuleAttrGet(ctx, 1, &bad_size, 0, NULL, 0, NULL, 0, NULL, 0,
                               NULL, 0, NULL, 0, NULL, false)));
}

/*--- the same limits as sdy-run --------------------------------------------*/

static void test_device_counts_and_function_names(void **state) {
  fixture_t *f = *state;
  sdy_backend_t *backend = NULL;
  const int32_t bad[] = {0, -1, 4097, INT32_MAX};
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i)
    EXPECT_ERR(sdy_backend_create_local(bad[i], &backend), SDY_INVALID_ARGUMENT,
               "num_devices must be in [1, 4096], got");
  sdy_module_t *module = NULL;
  sdy_status_t *s =
      sdy_module_parse(f->ctx,
                       "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                       "  return %a : tensor<2xf32>\n}\n",
                       NULL, &module);
  if (s)
    fail_msg("%s", sdy_status_message(s));
  sdy_executable_t *exe = NULL;
  EXPECT_ERR(sdy_executable_compile(module, "nope", &exe), SDY_INVALID_ARGUMENT,
             "the module has no function @nope (public functions: @main)");
  EXPECT_ERR(sdy_executable_compile(module, "", &exe), SDY_INVALID_ARGUMENT,
             "string 'function' is empty");
  sdy_module_destroy(module);
}

/* Runs the suite with stderr redirected to a file: the library never
 * prints, so no test may make it grow (checked in teardown). */
int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_invalid_mesh_same_code_everywhere,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_every_prefix_is_a_parse_error, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_truncation_names_what_is_missing,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_option_errors, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_dialect_getters_are_quiet, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_device_counts_and_function_names,
                                      setup, teardown),
  };
  FILE *capture = tmpfile();
  if (!capture)
    return 2;
  fflush(stderr);
  int saved = dup(STDERR_FILENO);
  if (saved < 0 || dup2(fileno(capture), STDERR_FILENO) < 0)
    return 2;
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);

  /* CMocka writes its summary and failures on stderr: show them. */
  char text[4096];
  size_t n;
  rewind(capture);
  while ((n = fread(text, 1, sizeof(text), capture)) > 0)
    fwrite(text, 1, n, stdout);
  fclose(capture);
  return failed;
}
