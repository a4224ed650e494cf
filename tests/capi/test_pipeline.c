/* CMocka suite of pipeline.h: pass pipelines, presets, options and timing. */
#include "capi_fixture.h"
#include "sdy_c/mlir_interop.h"

static void test_pipeline(void **state) {
  fixture_t *f = *state;
  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create(f->ctx, "canonicalize,cse", &pipeline));
  char *text = NULL;
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "builtin.module(canonicalize");
  ASSERT_ERR(sdy_pipeline_timing_report(pipeline, &text),
             SDY_FAILED_PRECONDITION, "no timing report");
  ASSERT_OK(sdy_pipeline_enable_timing(pipeline, 1));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  ASSERT_OK(sdy_pipeline_timing_report(pipeline, &text));
  assert_contains(text, "Execution time report");
  sdy_pipeline_destroy(pipeline);

  ASSERT_OK(
      sdy_pipeline_create(f->ctx, "builtin.module(symbol-dce)", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  size_t count = 0;
  ASSERT_OK(sdy_module_num_functions(f->module, &count));
  assert_int_equal(count, 1); /* @decl is private and unused: removed */
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create(f->ctx, "func.func(cse)", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  sdy_pipeline_destroy(pipeline);

  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "cleanup", &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "symbol-dce");
  ASSERT_OK(sdy_pipeline_enable_timing(pipeline, 0));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "canonicalize", &pipeline));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "inline", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));

  /* Errors. */
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "bogus-pass", &pipeline),
             SDY_PARSE_ERROR,
             "'bogus-pass' does not refer to a registered pass or pass "
             "pipeline");
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "builtin.module(cse", &pipeline),
             SDY_PARSE_ERROR,
             "sdy_pipeline_create: encountered unbalanced parentheses while "
             "parsing pipeline: 'builtin.module(' has no matching ')'");
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "builtin.module(cse),canonicalize",
                                 &pipeline),
             SDY_PARSE_ERROR, "unbalanced parentheses");
  ASSERT_ERR(
      sdy_pipeline_create(f->ctx, "builtin.module(func.func(cse)", &pipeline),
      SDY_PARSE_ERROR, "unbalanced parentheses");
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "builtin.module(cse))", &pipeline),
             SDY_PARSE_ERROR, "unbalanced parentheses");
  {
    sdy_pipeline_t *partition = NULL;
    char *partition_text = NULL;
    ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "partition", &partition));
    ASSERT_OK(sdy_pipeline_print(partition, &partition_text));
    assert_contains(partition_text, "sdy-convert-global-to-local");
    sdy_pipeline_destroy(partition);
  }
  ASSERT_INVALID(sdy_pipeline_create_preset(f->ctx, "fast", &pipeline),
                 "unknown preset 'fast' (known presets: canonicalize, cleanup, "
                 "inline, propagation, partition)");
  ASSERT_INVALID(sdy_pipeline_create_preset(f->ctx, "", &pipeline),
                 "string 'name' is empty");
  ASSERT_INVALID(sdy_pipeline_create_preset(NULL, "cleanup", &pipeline),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_pipeline_create_preset(f->ctx, "cleanup", NULL),
                 "'out_pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_create(f->ctx, NULL, &pipeline),
                 "string 'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_create(NULL, "cse", &pipeline),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_pipeline_create(f->ctx, "cse", NULL),
                 "'out_pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_run(NULL, f->module), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_run(pipeline, NULL), "'module' is NULL");
  ASSERT_INVALID(sdy_pipeline_print(NULL, &text), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_print(pipeline, NULL), "'out_text' is NULL");
  ASSERT_INVALID(sdy_pipeline_enable_timing(NULL, 1), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_timing_report(NULL, &text), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_timing_report(pipeline, NULL),
                 "'out_report' is NULL");
  sdy_context_t *ctx2 = NULL;
  sdy_module_t *module2 = NULL;
  ASSERT_OK(sdy_context_create(&ctx2));
  ASSERT_OK(sdy_module_create_empty(ctx2, &module2));
  ASSERT_INVALID(sdy_pipeline_run(pipeline, module2),
                 "'module' belongs to a different sdy_context_t");
  sdy_module_destroy(module2);
  sdy_context_destroy(ctx2);
  sdy_pipeline_destroy(pipeline);
  sdy_pipeline_destroy(NULL);
  ASSERT_INVALID(sdy_pipeline_run(pipeline, f->module),
                 "not a live sdy_pipeline_t");
}

static void test_pipeline_failure_keeps_module(void **state) {
  fixture_t *f = *state;
  /* A module that fails verification after a sharding is set on a value
   * through the MLIR API: the run reports it and changes nothing. */
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx,
                             "sdy.mesh @m = <[\"x\"=2]>\n"
                             "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> "
                             "{\n  return %a : tensor<4xf32>\n}\n",
                             "k.mlir", &module));
  MlirModule mlir_module;
  ASSERT_OK(sdy_module_get_mlir_module(module, &mlir_module));
  MlirOperation op = mlirModuleGetOperation(mlir_module);
  MlirContext mctx = mlirOperationGetContext(op);
  MlirBlock body = mlirModuleGetBody(mlir_module);
  MlirOperation func =
      mlirOperationGetNextInBlock(mlirBlockGetFirstOperation(body));
  MlirAttribute bad = mlirAttributeParseGet(
      mctx, mlirStringRefCreateFromCString("\"not a sharding\""));
  mlirOperationSetDiscardableAttributeByName(
      func, mlirStringRefCreateFromCString("sdy.sharding"), bad);
  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create(f->ctx, "canonicalize", &pipeline));
  ASSERT_ERR(sdy_pipeline_run(pipeline, module), SDY_VERIFICATION_ERROR,
             "the module does not verify: k.mlir:2:1: error: 'func.func' op "
             "attribute 'sdy.sharding' must be a #sdy.sharding_per_value");
  ASSERT_ERR(sdy_module_verify(module), SDY_VERIFICATION_ERROR,
             "must be a #sdy.sharding_per_value");
  sdy_pipeline_destroy(pipeline);
  sdy_module_destroy(module);
}

/* A dot_general between an argument sharded along "x" and
 * a result sharded along "y". */
static const char *kDotModule =
    "sdy.mesh @mesh_xy = <[\"x\"=2, \"y\"=2]>\n"
    "func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh_xy, [{\"x\"}, {}]>}, %arg1: tensor<8x16xf32>) -> "
    "(tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, "
    "{\"y\"}]>}) {\n"
    "  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] "
    ": (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>\n"
    "  return %0 : tensor<8x16xf32>\n"
    "}\n";

/* An argument sharding and an unannotated result: propagation carries the
 * sharding through the elementwise ops to the function result. */
static const char *kChainModule =
    "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>\n"
    "func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>}) -> tensor<8x16xf32> {\n"
    "  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>\n"
    "  %1 = stablehlo.add %0, %0 : tensor<8x16xf32>\n"
    "  return %1 : tensor<8x16xf32>\n"
    "}\n";

/* Runs `pipeline` (then destroys it) on kChainModule: the result gets the
 * argument's sharding. */
static void assert_chain_propagated(fixture_t *f, sdy_pipeline_t *pipeline) {
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kChainModule, "chain.mlir", &module));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  sdy_sharding_t *result = NULL;
  ASSERT_OK(sdy_module_get_result_sharding(module, "main", 0, &result));
  char *text = NULL;
  ASSERT_OK(sdy_sharding_print(result, &text));
  assert_string(text, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>");
  sdy_sharding_destroy(result);
  sdy_module_destroy(module);
}

static void test_pipeline_propagation_preset(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kChainModule, "chain.mlir", &module));
  sdy_sharding_t *result = NULL;
  ASSERT_OK(sdy_module_get_result_sharding(module, "main", 0, &result));
  assert_null(result); /* no sharding before propagation */

  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "propagation", &pipeline));
  char *text = NULL;
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "propagation-strategy=aggressive");
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_module_get_result_sharding(module, "main", 0, &result));
  assert_non_null(result);
  ASSERT_OK(sdy_sharding_print(result, &text));
  assert_string(text, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>");
  sdy_sharding_destroy(result);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "stablehlo.negate %arg0 {sdy.sharding = "
                        "#sdy.sharding_per_value<[<@mesh, [{\"x\"}, "
                        "{\"y\"}]>]>}");
  ASSERT_OK(sdy_module_verify(module));
  sdy_module_destroy(module);

  /* The seed-001 dot_general: the result is sharded along "x" (from the
   * lhs) and "y" (from the function result). */
  ASSERT_OK(sdy_module_parse(f->ctx, kDotModule, "dot.mlir", &module));
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "propagation", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "stablehlo.dot_general %arg0, %arg1, contracting_dims "
                        "= [1] x [0] {sdy.sharding = "
                        "#sdy.sharding_per_value<[<@mesh_xy, [{\"x\"}, "
                        "{\"y\"}]>]>}");
  sdy_module_destroy(module);
}

static void test_pipeline_create_preset_with_options(void **state) {
  fixture_t *f = *state;
  sdy_pipeline_t *pipeline = NULL;
  char *text = NULL;
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "propagation",
      "propagation-strategy=basic conservative-propagation=true", &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "sdy-user-priority-propagate{conservative-propagation="
                        "true debug-propagation-edge-sharding=false "
                        "debug-sharding-origins=false keep-sharding-rules="
                        "false module-dump-directory= propagation-strategy="
                        "basic report-sharding-conflicts=false "
                        "run-op-priority-propagation=true}");
  assert_chain_propagated(f, pipeline);

  /* Any whitespace separates options. */
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "propagation",
      "\tpropagation-strategy=basic\n  conservative-propagation=1 ",
      &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text,
                  "{conservative-propagation=true "
                  "debug-propagation-edge-sharding=false "
                  "debug-sharding-origins=false keep-sharding-rules=false "
                  "module-dump-directory= propagation-strategy=basic "
                  "report-sharding-conflicts=false "
                  "run-op-priority-propagation=true}");
  sdy_pipeline_destroy(pipeline);

  /* keep-sharding-rules keeps the rules on the ops. */
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "propagation", "keep-sharding-rules=true", &pipeline));
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kDotModule, "dot.mlir", &module));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], "
                        "[k, j])->([i, j])");
  sdy_module_destroy(module);

  /* NULL and "" options are the defaults; so is whitespace. */
  char *defaults = NULL;
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "propagation", &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &defaults));
  sdy_pipeline_destroy(pipeline);
  const char *empty_options[] = {NULL, "", "  "};
  for (size_t i = 0; i < 3; ++i) {
    ASSERT_OK(sdy_pipeline_create_preset_with_options(
        f->ctx, "propagation", empty_options[i], &pipeline));
    ASSERT_OK(sdy_pipeline_print(pipeline, &text));
    assert_string(text, defaults);
    sdy_pipeline_destroy(pipeline);
  }
  sdy_string_destroy(defaults);
  ASSERT_OK(sdy_pipeline_create_preset_with_options(f->ctx, "cleanup", NULL,
                                                    &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "symbol-dce");
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(
      sdy_pipeline_create_preset_with_options(f->ctx, "inline", "", &pipeline));
  sdy_pipeline_destroy(pipeline);

  /* Errors. */
  ASSERT_ERR(sdy_pipeline_create_preset_with_options(f->ctx, "propagation",
                                                     "bogus=1", &pipeline),
             SDY_PARSE_ERROR,
             "sdy_pipeline_create_preset_with_options: invalid options for "
             "preset 'propagation': pipeline option 'bogus' is not an option "
             "of sdy-propagation-pipeline (its options: keep-sharding-rules, "
             "conservative-propagation, debug-sharding-origins, "
             "propagation-strategy)");
  ASSERT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "propagation",
                 "propagation-strategy=basic conservative-propagation=maybe",
                 &pipeline),
             SDY_PARSE_ERROR,
             "invalid options for preset 'propagation': pipeline option "
             "'conservative-propagation' of sdy-propagation-pipeline: 'maybe' "
             "is not a boolean (true, false, 1 or 0)");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(
                     f->ctx, "cleanup", "max-iterations=1", &pipeline),
                 "preset 'cleanup' takes no options, got 'max-iterations=1'");
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "partition", "skip-propagation=true drop-sharding-and-mesh=true",
      &pipeline));
  {
    char *text = NULL;
    ASSERT_OK(sdy_pipeline_print(pipeline, &text));
    assert_non_null(text);
    assert_null(strstr(text, "sdy-lift-inlined-meshes"));
    assert_non_null(strstr(text, "sdy-drop-sharding-and-mesh"));
    sdy_string_destroy(text);
  }
  sdy_pipeline_destroy(pipeline);
  pipeline = NULL;
  ASSERT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "partition", "skip-propagation=perhaps", &pipeline),
             SDY_PARSE_ERROR,
             "invalid options for preset 'partition': pipeline option "
             "'skip-propagation' of sdy-partition-pipeline: 'perhaps' is not "
             "a boolean (true, false, 1 or 0)");
  ASSERT_INVALID(
      sdy_pipeline_create_preset_with_options(f->ctx, "fast", NULL, &pipeline),
      "unknown preset 'fast' (known presets: canonicalize, cleanup, "
      "inline, propagation, partition)");
  ASSERT_INVALID(
      sdy_pipeline_create_preset_with_options(f->ctx, "", NULL, &pipeline),
      "string 'name' is empty");
  ASSERT_INVALID(
      sdy_pipeline_create_preset_with_options(f->ctx, NULL, NULL, &pipeline),
      "string 'name' is NULL");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(f->ctx, "propagation",
                                                         "\xff", &pipeline),
                 "string 'options' is not valid UTF-8");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(NULL, "propagation",
                                                         NULL, &pipeline),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(f->ctx, "propagation",
                                                         NULL, NULL),
                 "'out_pipeline' is NULL");

  /* An unknown strategy is refused when the pipeline is created. */
  ASSERT_ERR(
      sdy_pipeline_create_preset_with_options(
          f->ctx, "propagation", "propagation-strategy=fancy", &pipeline),
      SDY_PARSE_ERROR,
      "pipeline option 'propagation-strategy' of "
      "sdy-propagation-pipeline: 'fancy' is not one of basic, "
      "aggressive, basic-then-aggressive");
  (void)module;
}

static void test_pipeline_sdy_passes(void **state) {
  fixture_t *f = *state;
  sdy_pipeline_t *pipeline = NULL;
  char *text = NULL;
  /* The registered pipeline with options, in a textual pipeline. */
  ASSERT_OK(sdy_pipeline_create(
      f->ctx,
      "builtin.module(sdy-propagation-pipeline{propagation-strategy="
      "basic})",
      &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "propagation-strategy=basic "
                        "report-sharding-conflicts=false "
                        "run-op-priority-propagation=true}");
  assert_chain_propagated(f, pipeline);

  /* A single sdy pass: inlined meshes are lifted to sdy.mesh symbols. */
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "func.func @main(%arg0: tensor<8xf32> {sdy.sharding = "
      "#sdy.sharding<mesh<[\"x\"=2]>, [{\"x\"}]>}) -> tensor<8xf32> {\n"
      "  return %arg0 : tensor<8xf32>\n}\n",
      "inlined.mlir", &module));
  ASSERT_OK(sdy_pipeline_create(
      f->ctx, "builtin.module(sdy-lift-inlined-meshes)", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  size_t count = 0;
  ASSERT_OK(sdy_module_num_meshes(module, &count));
  assert_int_equal(count, 1);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "sdy.mesh @mesh = <[\"x\"=2]>");
  sdy_module_destroy(module);

  /* Unanchored sdy passes and the sharding-rule pass (nested on func). */
  ASSERT_OK(sdy_pipeline_create(f->ctx,
                                "sdy-lift-inlined-meshes,"
                                "sdy-basic-propagate",
                                &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "builtin.module(sdy-lift-inlined-meshes,"
                        "sdy-basic-propagate");
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create(f->ctx,
                                "func.func(sdy-populate-op-sharding-"
                                "rules)",
                                &pipeline));
  ASSERT_OK(sdy_module_parse(f->ctx, kDotModule, "dot.mlir", &module));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "sdy.sharding_rule = #sdy.op_sharding_rule");
  sdy_module_destroy(module);
  sdy_pipeline_destroy(pipeline);
  ASSERT_ERR(
      sdy_pipeline_create(f->ctx, "sdy-populate-op-sharding-rules", &pipeline),
      SDY_PARSE_ERROR, "did you intend to nest?");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_pipeline, setup, teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_failure_keeps_module, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_propagation_preset, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_create_preset_with_options,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_sdy_passes, setup,
                                      teardown),
  };
  return cmocka_run_group_tests_name("sdy_c_pipeline", tests, NULL, NULL);
}
