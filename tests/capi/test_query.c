/* CMocka suite of query.h: the ops, values, shardings and origins of a
 * propagated function, checked against hand-written expectations and
 * against the printed module; every error path. */
#include "capi_fixture.h"
#include "sdy_c/mlir_interop.h"

#include <stdio.h>

/* Ops (source lines in comments) of the program the suite propagates. */
static const char *const kProgram =
    "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>\n"
    "func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>}, %arg1: tensor<16x32xf32> "
    "{sdy.sharding = #sdy.sharding<@mesh, [{}, {\"y\"}]>}, %arg2: "
    "tensor<i32>) -> tensor<8x32xf32> {\n"
    "  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] "
    ": (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>\n"
    "  %c = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %1:2 = stablehlo.while(%i = %c, %v = %0) : tensor<i32>, "
    "tensor<8x32xf32>\n"
    "  cond {\n"
    "    %p = stablehlo.compare LT, %i, %arg2 : (tensor<i32>, tensor<i32>) "
    "-> tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n"
    "  } do {\n"
    "    %n = stablehlo.negate %v : tensor<8x32xf32> loc(\"body_negate\")\n"
    "    stablehlo.return %i, %n : tensor<i32>, tensor<8x32xf32>\n"
    "  }\n"
    "  %2 = sdy.sharding_constraint %1#1 <@mesh, [{\"x\", ?}, {?}]> : "
    "tensor<8x32xf32>\n"
    "  %3 = stablehlo.abs %2 : tensor<8x32xf32>\n"
    "  return %3 : tensor<8x32xf32>\n"
    "}\n";

typedef struct {
  sdy_context_t *ctx;
  sdy_module_t *module;
  sdy_query_t *query;
} query_fixture_t;

static sdy_module_t *propagate(sdy_context_t *ctx, const char *text,
                               const char *options) {
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(ctx, text, "q.mlir", &module));
  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create_preset_with_options(ctx, "propagation", options,
                                                    &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  return module;
}

static int setup_query(void **state) {
  query_fixture_t *f = calloc(1, sizeof *f);
  ASSERT_OK(sdy_context_create(&f->ctx));
  f->module = propagate(f->ctx, kProgram, "debug-sharding-origins=true");
  ASSERT_OK(sdy_query_create(f->module, "main", &f->query));
  *state = f;
  return 0;
}

static int teardown_query(void **state) {
  query_fixture_t *f = *state;
  sdy_query_destroy(f->query);
  sdy_module_destroy(f->module);
  sdy_context_destroy(f->ctx);
  free(f);
  return 0;
}

/* The printed sharding of value `index`, or "-" when it has none. */
static char *sharding_text(const sdy_query_t *query, size_t index) {
  sdy_sharding_t *sharding = (sdy_sharding_t *)0x1;
  ASSERT_OK(sdy_query_value_sharding(query, index, &sharding));
  if (!sharding) {
    char *none = malloc(2);
    strcpy(none, "-");
    return none;
  }
  char *text = NULL;
  ASSERT_OK(sdy_sharding_print(sharding, &text));
  sdy_sharding_destroy(sharding);
  char *copy = malloc(strlen(text) + 1);
  strcpy(copy, text);
  sdy_string_destroy(text);
  return copy;
}

static void assert_sharding(const sdy_query_t *query, size_t index,
                            const char *expected) {
  char *text = sharding_text(query, index);
  if (strcmp(text, expected) != 0)
    fail_msg("value %zu: sharding %s, expected %s", index, text, expected);
  free(text);
}

static void test_ops_in_program_order(void **state) {
  query_fixture_t *f = *state;
  /* name, parent, region, depth, line (0: no file location), operands,
   * results, regions; propagation turns the constant into sdy.constant and
   * the constraint into sdy.reshard. */
  static const struct {
    const char *name;
    int64_t parent, region, depth, line, column;
    size_t num_operands, num_results, num_regions;
  } expected[] = {
      {"stablehlo.dot_general", -1, 0, 0, 3, 8, 2, 1, 0},
      {"sdy.constant", -1, 0, 0, 4, 8, 0, 1, 0},
      {"stablehlo.while", -1, 0, 0, 5, 10, 2, 2, 2},
      {"stablehlo.compare", 2, 0, 1, 7, 10, 2, 1, 0},
      {"stablehlo.return", 2, 0, 1, 8, 5, 1, 0, 0},
      {"stablehlo.negate", 2, 1, 1, 0, 0, 1, 1, 0},
      {"stablehlo.return", 2, 1, 1, 11, 5, 2, 0, 0},
      {"sdy.reshard", -1, 0, 0, 13, 8, 1, 1, 0},
      {"stablehlo.abs", -1, 0, 0, 14, 8, 1, 1, 0},
      {"func.return", -1, 0, 0, 15, 3, 1, 0, 0},
  };
  size_t count = 0;
  ASSERT_OK(sdy_query_num_ops(f->query, &count));
  assert_int_equal(count, sizeof expected / sizeof expected[0]);
  for (size_t i = 0; i < count; ++i) {
    sdy_query_op_t op;
    ASSERT_OK(sdy_query_op(f->query, i, &op));
    assert_string_equal(op.name, expected[i].name);
    assert_int_equal(op.parent, expected[i].parent);
    assert_int_equal(op.region, expected[i].region);
    assert_int_equal(op.depth, expected[i].depth);
    assert_int_equal(op.line, expected[i].line);
    assert_int_equal(op.column, expected[i].column);
    assert_int_equal(op.num_operands, expected[i].num_operands);
    assert_int_equal(op.num_results, expected[i].num_results);
    assert_int_equal(op.num_regions, expected[i].num_regions);
    if (expected[i].line) {
      char location[64];
      snprintf(location, sizeof location, "q.mlir:%lld:%lld",
               (long long)expected[i].line, (long long)expected[i].column);
      assert_string_equal(op.location, location);
      assert_string_equal(op.file, "q.mlir");
    } else {
      assert_string_equal(op.location, "loc(\"body_negate\")");
      assert_string_equal(op.file, "");
    }
    assert_true(op.num_operands == 0 || op.operands != NULL);
    assert_true(op.num_results == 0 || op.results != NULL);
    assert_string_equal(op.origin_name, i == 7 ? "constraint_0" : "");
  }
}

static void test_values_and_shardings(void **state) {
  query_fixture_t *f = *state;
  /* Values: 3 arguments; dot_general; constant; while results, cond block
   * argument, compare, body block arguments, negate; reshard; abs; the
   * function result. */
  static const char *const x_y = "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>";
  static const struct {
    int32_t kind;
    int64_t op, region, block, number;
    const char *type, *sharding;
  } expected[] = {
      {SDY_VALUE_ARGUMENT, -1, -1, -1, 0, "tensor<8x16xf32>",
       "#sdy.sharding<@mesh, [{\"x\"}, {}]>"},
      {SDY_VALUE_ARGUMENT, -1, -1, -1, 1, "tensor<16x32xf32>",
       "#sdy.sharding<@mesh, [{}, {\"y\"}]>"},
      {SDY_VALUE_ARGUMENT, -1, -1, -1, 2, "tensor<i32>", "-"},
      {SDY_VALUE_OP_RESULT, 0, -1, -1, 0, "tensor<8x32xf32>", x_y},
      {SDY_VALUE_OP_RESULT, 1, -1, -1, 0, "tensor<i32>", "-"},
      {SDY_VALUE_OP_RESULT, 2, -1, -1, 0, "tensor<i32>",
       "#sdy.sharding<@mesh, []>"},
      {SDY_VALUE_OP_RESULT, 2, -1, -1, 1, "tensor<8x32xf32>", x_y},
      /* The loop's block arguments see the loop's result shardings. */
      {SDY_VALUE_BLOCK_ARGUMENT, 2, 0, 0, 0, "tensor<i32>",
       "#sdy.sharding<@mesh, []>"},
      {SDY_VALUE_BLOCK_ARGUMENT, 2, 0, 0, 1, "tensor<8x32xf32>", x_y},
      {SDY_VALUE_OP_RESULT, 3, -1, -1, 0, "tensor<i1>", "-"},
      {SDY_VALUE_BLOCK_ARGUMENT, 2, 1, 0, 0, "tensor<i32>",
       "#sdy.sharding<@mesh, []>"},
      {SDY_VALUE_BLOCK_ARGUMENT, 2, 1, 0, 1, "tensor<8x32xf32>", x_y},
      {SDY_VALUE_OP_RESULT, 5, -1, -1, 0, "tensor<8x32xf32>", x_y},
      {SDY_VALUE_OP_RESULT, 7, -1, -1, 0, "tensor<8x32xf32>", x_y},
      {SDY_VALUE_OP_RESULT, 8, -1, -1, 0, "tensor<8x32xf32>", x_y},
      {SDY_VALUE_FUNCTION_RESULT, -1, -1, -1, 0, "tensor<8x32xf32>", x_y},
  };
  size_t count = 0;
  ASSERT_OK(sdy_query_num_values(f->query, &count));
  assert_int_equal(count, sizeof expected / sizeof expected[0]);
  for (size_t i = 0; i < count; ++i) {
    sdy_query_value_t value;
    ASSERT_OK(sdy_query_value(f->query, i, &value));
    assert_int_equal(value.kind, expected[i].kind);
    assert_int_equal(value.op, expected[i].op);
    assert_int_equal(value.region, expected[i].region);
    assert_int_equal(value.block, expected[i].block);
    assert_int_equal(value.number, expected[i].number);
    assert_string_equal(value.type, expected[i].type);
    assert_int_equal(value.has_sharding,
                     strcmp(expected[i].sharding, "-") != 0);
    assert_sharding(f->query, i, expected[i].sharding);
  }
  /* Types: element type and shape. */
  sdy_query_value_t value;
  ASSERT_OK(sdy_query_value(f->query, 1, &value));
  assert_string_equal(value.element_type, "f32");
  assert_int_equal(value.rank, 2);
  assert_int_equal(value.shape[0], 16);
  assert_int_equal(value.shape[1], 32);
  ASSERT_OK(sdy_query_value(f->query, 2, &value));
  assert_string_equal(value.element_type, "i32");
  assert_int_equal(value.rank, 0);
  assert_null(value.shape);
  /* Operands and results are value numbers. */
  sdy_query_op_t op;
  ASSERT_OK(sdy_query_op(f->query, 0, &op));
  assert_int_equal(op.operands[0], 0);
  assert_int_equal(op.operands[1], 1);
  assert_int_equal(op.results[0], 3);
  ASSERT_OK(sdy_query_op(f->query, 5, &op)); /* negate of the body */
  assert_int_equal(op.operands[0], 11);
  assert_int_equal(op.results[0], 12);
  ASSERT_OK(sdy_query_op(f->query, 9, &op)); /* func.return */
  assert_int_equal(op.operands[0], 14);
}

/* Every sharding the query reports appears, in its stripped `<...>` form, on
 * the printed line of the op that defines the value (or the function's
 * signature line for arguments and results). */
static void test_matches_printed_module(void **state) {
  query_fixture_t *f = *state;
  char *text = NULL;
  ASSERT_OK(sdy_module_print(f->module, SDY_PRINT_DEFAULT, &text));
  /* Lines of the printed function: the signature, then one per op in
   * program order (region openers `cond {`, `} do {` and closers skipped). */
  char *lines[64];
  size_t num_lines = 0;
  for (char *line = strtok(text, "\n"); line && num_lines < 64;
       line = strtok(NULL, "\n")) {
    if (strstr(line, "func.func") || strstr(line, "stablehlo.") ||
        strstr(line, "sdy.constant") || strstr(line, "sdy.reshard") ||
        strstr(line, "return "))
      lines[num_lines++] = line;
  }
  size_t num_ops = 0, num_values = 0;
  ASSERT_OK(sdy_query_num_ops(f->query, &num_ops));
  ASSERT_OK(sdy_query_num_values(f->query, &num_values));
  assert_int_equal(num_lines, num_ops + 1);
  for (size_t i = 0; i < num_values; ++i) {
    sdy_query_value_t value;
    ASSERT_OK(sdy_query_value(f->query, i, &value));
    if (value.kind == SDY_VALUE_BLOCK_ARGUMENT)
      continue; /* printed nowhere: the body sees the loop's shardings */
    const char *line =
        value.kind == SDY_VALUE_OP_RESULT ? lines[1 + value.op] : lines[0];
    char *sharding = sharding_text(f->query, i);
    if (value.has_sharding) {
      const char *stripped = sharding + strlen("#sdy.sharding");
      if (!strstr(line, stripped))
        fail_msg("value %zu: %s not on line '%s'", i, stripped, line);
    }
    free(sharding);
    sdy_query_op_t op;
    if (value.kind == SDY_VALUE_OP_RESULT) {
      ASSERT_OK(sdy_query_op(f->query, (size_t)value.op, &op));
      assert_non_null(strstr(line, op.name));
    }
  }
  sdy_string_destroy(text);
}

static void test_origins(void **state) {
  query_fixture_t *f = *state;
  sdy_query_value_t value;
  sdy_sharding_origin_t origin;
  /* Argument 0: its own sharding is "self" (as the real Shardy). */
  ASSERT_OK(sdy_query_value(f->query, 0, &value));
  assert_int_equal(value.num_origins, 1);
  ASSERT_OK(sdy_query_value_origin(f->query, 0, 0, &origin));
  assert_string_equal(origin.axis, "x");
  assert_string_equal(origin.origin, "self");
  assert_int_equal(origin.kind, SDY_ORIGIN_SELF);
  assert_int_equal(origin.index, -1);
  assert_int_equal(origin.dim, 0);
  assert_int_equal(origin.reserved, 0);
  /* The reshard the constraint became: one dictionary, its own axis "x"
   * is "self", "y" came from argument 1. */
  ASSERT_OK(sdy_query_value(f->query, 13, &value));
  assert_int_equal(value.num_origins, 2);
  ASSERT_OK(sdy_query_value_origin(f->query, 13, 0, &origin));
  assert_string_equal(origin.axis, "x");
  assert_int_equal(origin.kind, SDY_ORIGIN_SELF);
  ASSERT_OK(sdy_query_value_origin(f->query, 13, 1, &origin));
  assert_string_equal(origin.axis, "y");
  assert_string_equal(origin.origin, "input: 1");
  assert_int_equal(origin.index, 1);
  assert_int_equal(origin.dim, 1);
  /* The dot_general: "x" from the constraint, "y" from argument 1. */
  ASSERT_OK(sdy_query_value(f->query, 3, &value));
  assert_int_equal(value.num_origins, 2);
  ASSERT_OK(sdy_query_value_origin(f->query, 3, 0, &origin));
  assert_string_equal(origin.axis, "x");
  assert_string_equal(origin.origin, "constraint_0");
  assert_int_equal(origin.kind, SDY_ORIGIN_CONSTRAINT);
  assert_int_equal(origin.index, 0);
  assert_int_equal(origin.dim, 0);
  ASSERT_OK(sdy_query_value_origin(f->query, 3, 1, &origin));
  assert_string_equal(origin.axis, "y");
  assert_int_equal(origin.kind, SDY_ORIGIN_INPUT);
  assert_int_equal(origin.index, 1);
  assert_int_equal(origin.dim, 1);
  /* The function result. */
  ASSERT_OK(sdy_query_value_origin(f->query, 15, 0, &origin));
  assert_string_equal(origin.origin, "constraint_0");
  /* No origins: the loop (as the real Shardy) and argument 2. */
  ASSERT_OK(sdy_query_value(f->query, 6, &value));
  assert_int_equal(value.num_origins, 0);
  ASSERT_OK(sdy_query_value(f->query, 2, &value));
  assert_int_equal(value.num_origins, 0);
  ASSERT_INVALID(sdy_query_value_origin(f->query, 2, 0, &origin),
                 "sdy_query_value_origin: origin index 0 is out of range: "
                 "value 2 has 0 origins");
}

/* Origin labels of every kind, and a sub-axis name, read from the
 * attributes as written. */
static void test_origin_kinds(void **state) {
  query_fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @mesh = <[\"x\"=4, \"y\"=2]>\n"
      "func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, "
      "[{\"x\":(1)2}, {\"y\"}], replicated={\"x\":(2)2}>, sdy.sharding_origins "
      "= {\"x:(1)2\" = \"self\", y = \"group_3\", \"x:(2)2\" = \"output: "
      "12\"}}) -> tensor<8x8xf32> {\n"
      "  %0 = stablehlo.negate %a {sdy.sharding_origins = {y = \"elsewhere\"}}"
      " : tensor<8x8xf32>\n"
      "  return %0 : tensor<8x8xf32>\n"
      "}\n",
      "k.mlir", &module));
  sdy_query_t *query = NULL;
  ASSERT_OK(sdy_query_create(module, "f", &query));
  static const struct {
    const char *axis, *origin;
    int32_t kind;
    int64_t index, dim;
  } expected[] = {{"x:(1)2", "self", SDY_ORIGIN_SELF, -1, 0},
                  {"x:(2)2", "output: 12", SDY_ORIGIN_OUTPUT, 12, -1},
                  {"y", "group_3", SDY_ORIGIN_GROUP, 3, 1}};
  sdy_query_value_t value;
  ASSERT_OK(sdy_query_value(query, 0, &value));
  assert_int_equal(value.num_origins, 3);
  for (size_t i = 0; i < 3; ++i) {
    sdy_sharding_origin_t origin;
    ASSERT_OK(sdy_query_value_origin(query, 0, i, &origin));
    assert_string_equal(origin.axis, expected[i].axis);
    assert_string_equal(origin.origin, expected[i].origin);
    assert_int_equal(origin.kind, expected[i].kind);
    assert_int_equal(origin.index, expected[i].index);
    assert_int_equal(origin.dim, expected[i].dim);
  }
  /* A single-result op with a dictionary (as Shardy writes on constraints);
   * an unknown label; no sharding, so no dimension. */
  sdy_sharding_origin_t origin;
  ASSERT_OK(sdy_query_value_origin(query, 1, 0, &origin));
  assert_string_equal(origin.origin, "elsewhere");
  assert_int_equal(origin.kind, SDY_ORIGIN_OTHER);
  assert_int_equal(origin.index, -1);
  assert_int_equal(origin.dim, -1);
  sdy_query_destroy(query);
  sdy_module_destroy(module);
}

/* A case op, a multi-block function body, a declaration, an inlined mesh,
 * a manual computation's body and the snapshot outliving its module. */
static void test_regions_and_lifetime(void **state) {
  query_fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
      "func.func @c(%i: tensor<i32>, %a: tensor<4xf32> {sdy.sharding = "
      "#sdy.sharding<mesh<[\"z\"=2]>, [{\"z\"}]>}) -> tensor<4xf32> {\n"
      "  %0 = \"stablehlo.case\"(%i) ({\n"
      "    stablehlo.return %a : tensor<4xf32>\n"
      "  }, {\n"
      "    %1 = stablehlo.negate %a : tensor<4xf32>\n"
      "    stablehlo.return %1 : tensor<4xf32>\n"
      "  }) : (tensor<i32>) -> tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n"
      "func.func @m(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
      "  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, "
      "[{\"x\", \"y\"}]>] out_shardings=[<@mesh, [{\"x\", \"y\"}]>] "
      "manual_axes={\"x\"} (%b: tensor<4xf32>) {\n"
      "    sdy.return %b : tensor<4xf32>\n"
      "  } : (tensor<8xf32>) -> tensor<8xf32>\n"
      "  return %0 : tensor<8xf32>\n"
      "}\n"
      "func.func @cfg(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  cf.br ^bb1(%a : tensor<4xf32>)\n"
      "^bb1(%b: tensor<4xf32>):\n"
      "  return %b : tensor<4xf32>\n"
      "}\n"
      "func.func private @decl(tensor<2xf32>) -> tensor<2xf32>\n",
      "r.mlir", &module));
  sdy_query_t *query = NULL;
  ASSERT_OK(sdy_query_create(module, "c", &query));
  size_t count = 0;
  ASSERT_OK(sdy_query_num_ops(query, &count));
  assert_int_equal(count, 5); /* case, return, negate, return, func.return */
  sdy_query_op_t op;
  ASSERT_OK(sdy_query_op(query, 2, &op));
  assert_string_equal(op.name, "stablehlo.negate");
  assert_int_equal(op.parent, 0);
  assert_int_equal(op.region, 1);
  assert_int_equal(op.depth, 1);
  assert_int_equal(op.operands[0], 1); /* the argument %a */
  assert_sharding(query, 1, "#sdy.sharding<mesh<[\"z\"=2]>, [{\"z\"}]>");
  sdy_query_t *m = NULL, *cfg = NULL, *decl = NULL;
  ASSERT_OK(sdy_query_create(module, "m", &m));
  ASSERT_OK(sdy_query_create(module, "cfg", &cfg));
  ASSERT_OK(sdy_query_create(module, "decl", &decl));
  /* The manual computation's body sees its in_sharding without "x". */
  sdy_query_value_t value;
  ASSERT_OK(sdy_query_value(m, 2, &value));
  assert_int_equal(value.kind, SDY_VALUE_BLOCK_ARGUMENT);
  assert_string_equal(value.type, "tensor<4xf32>");
  assert_sharding(m, 1, "#sdy.sharding<@mesh, [{\"x\", \"y\"}]>");
  assert_sharding(m, 2, "#sdy.sharding<@mesh, [{\"y\"}]>");
  /* The second block of @cfg: its argument belongs to no op. */
  ASSERT_OK(sdy_query_value(cfg, 1, &value));
  assert_int_equal(value.kind, SDY_VALUE_BLOCK_ARGUMENT);
  assert_int_equal(value.op, -1);
  assert_int_equal(value.region, 0);
  assert_int_equal(value.block, 1);
  ASSERT_OK(sdy_query_op(cfg, 1, &op));
  assert_string_equal(op.name, "func.return");
  assert_int_equal(op.operands[0], 1);
  /* A declaration: no ops, an argument and a result. */
  ASSERT_OK(sdy_query_num_ops(decl, &count));
  assert_int_equal(count, 0);
  ASSERT_OK(sdy_query_num_values(decl, &count));
  assert_int_equal(count, 2);
  ASSERT_OK(sdy_query_value(decl, 1, &value));
  assert_int_equal(value.kind, SDY_VALUE_FUNCTION_RESULT);
  assert_int_equal(value.shape[0], 2);
  /* The query keeps its copy after the module is gone. */
  sdy_module_destroy(module);
  ASSERT_OK(sdy_query_op(query, 2, &op));
  assert_string_equal(op.name, "stablehlo.negate");
  assert_sharding(query, 1, "#sdy.sharding<mesh<[\"z\"=2]>, [{\"z\"}]>");
  sdy_query_destroy(query);
  sdy_query_destroy(m);
  sdy_query_destroy(cfg);
  sdy_query_destroy(decl);
}

/* Name and call-site locations (as JAX writes them) report the file
 * location they wrap; a fused location its first one. */
static void test_locations(void **state) {
  query_fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.negate %a : tensor<4xf32> loc(\"jit(f)/neg\"("
      "\"f.py\":7:9))\n"
      "  %1 = stablehlo.abs %0 : tensor<4xf32> loc(callsite(\"g.py\":3:1 at "
      "\"h.py\":5:2))\n"
      "  %2 = stablehlo.tanh %1 : tensor<4xf32> loc(fused[\"a.py\":1:2, "
      "\"b.py\":3:4])\n"
      "  return %2 : tensor<4xf32> loc(unknown)\n"
      "}\n",
      "l.mlir", &module));
  sdy_query_t *query = NULL;
  ASSERT_OK(sdy_query_create(module, "f", &query));
  static const struct {
    const char *location, *file;
    int64_t line, column;
  } expected[] = {
      {"loc(\"jit(f)/neg\"(\"f.py\":7:9))", "f.py", 7, 9},
      {"loc(callsite(\"g.py\":3:1 at \"h.py\":5:2))", "g.py", 3, 1},
      {"loc(fused[\"a.py\":1:2, \"b.py\":3:4])", "a.py", 1, 2},
      {"loc(unknown)", "", 0, 0},
  };
  for (size_t i = 0; i < 4; ++i) {
    sdy_query_op_t op;
    ASSERT_OK(sdy_query_op(query, i, &op));
    assert_string_equal(op.location, expected[i].location);
    assert_string_equal(op.file, expected[i].file);
    assert_int_equal(op.line, expected[i].line);
    assert_int_equal(op.column, expected[i].column);
  }
  sdy_query_destroy(query);
  sdy_module_destroy(module);
}

/* After partitioning: the per-device program (local types: 8x32 over
 * x=2, y=4 is 4x8 per device), still carrying the shardings. */
static void test_after_partitioning(void **state) {
  query_fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kProgram, "q.mlir", &module));
  partition_module(f->ctx, module);
  sdy_query_t *query = NULL;
  ASSERT_OK(sdy_query_create(module, "main", &query));
  sdy_query_value_t value;
  ASSERT_OK(sdy_query_value(query, 0, &value));
  assert_string_equal(value.type, "tensor<4x16xf32>");
  assert_sharding(query, 0, "#sdy.sharding<@mesh, [{\"x\"}, {}]>");
  sdy_query_op_t op;
  ASSERT_OK(sdy_query_op(query, 0, &op));
  assert_string_equal(op.name, "stablehlo.dot_general");
  ASSERT_OK(sdy_query_value(query, op.results[0], &value));
  assert_string_equal(value.type, "tensor<4x8xf32>");
  assert_int_equal(value.shape[0], 4);
  assert_int_equal(value.shape[1], 8);
  assert_sharding(query, op.results[0],
                  "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>");
  sdy_query_destroy(query);
  sdy_module_destroy(module);
}

/* A mesh removed from the module (through the MLIR C API) after the query
 * was taken: the snapshot kept it; a new query cannot give the sharding a
 * mesh. */
static void test_missing_mesh(void **state) {
  query_fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx,
                             "sdy.mesh @gone = <[\"x\"=2]>\n"
                             "func.func @f(%a: tensor<4xf32> {sdy.sharding = "
                             "#sdy.sharding<@gone, [{}]>}) -> tensor<4xf32> "
                             "{\n  return %a : tensor<4xf32>\n}\n",
                             NULL, &module));
  sdy_query_t *before = NULL, *after = NULL;
  ASSERT_OK(sdy_query_create(module, "f", &before));
  MlirModule mlir_module;
  ASSERT_OK(sdy_module_get_mlir_module(module, &mlir_module));
  MlirOperation mesh =
      mlirBlockGetFirstOperation(mlirModuleGetBody(mlir_module));
  mlirOperationDestroy(mesh);
  ASSERT_OK(sdy_query_create(module, "f", &after));
  assert_sharding(before, 0, "#sdy.sharding<@gone, [{}]>");
  sdy_query_value_t value;
  ASSERT_OK(sdy_query_value(after, 0, &value));
  assert_int_equal(value.has_sharding, 1);
  sdy_sharding_t *sharding = (sdy_sharding_t *)0x1;
  ASSERT_ERR(sdy_query_value_sharding(after, 0, &sharding),
             SDY_VERIFICATION_ERROR,
             "sdy_query_value_sharding: the sharding #sdy.sharding<@gone, "
             "[{}]> of value 0 refers to a mesh the module lacks");
  assert_ptr_equal(sharding, (sdy_sharding_t *)0x1);
  sdy_query_destroy(before);
  sdy_query_destroy(after);
  sdy_module_destroy(module);
}

static void test_errors(void **state) {
  query_fixture_t *f = *state;
  sdy_query_t *query = (sdy_query_t *)0x1;
  ASSERT_INVALID(sdy_query_create(NULL, "main", &query),
                 "sdy_query_create: 'module' is NULL");
  ASSERT_INVALID(sdy_query_create(f->module, NULL, &query),
                 "sdy_query_create: string 'function' is NULL");
  ASSERT_INVALID(sdy_query_create(f->module, "", &query),
                 "sdy_query_create: string 'function' is empty");
  ASSERT_INVALID(sdy_query_create(f->module, "nope", &query),
                 "sdy_query_create: the module has no function @nope");
  ASSERT_INVALID(sdy_query_create(f->module, "mesh", &query),
                 "sdy_query_create: the module has no function @mesh");
  ASSERT_INVALID(sdy_query_create(f->module, "main", NULL),
                 "sdy_query_create: output pointer 'out_query' is NULL");
  assert_ptr_equal(query, (sdy_query_t *)0x1);
  ASSERT_INVALID(sdy_query_create((sdy_module_t *)f->query, "main", &query),
                 "'module' is not a live sdy_module_t");

  size_t count = 0;
  ASSERT_INVALID(sdy_query_num_ops(NULL, &count),
                 "sdy_query_num_ops: 'query' is NULL");
  ASSERT_INVALID(sdy_query_num_ops(f->query, NULL),
                 "sdy_query_num_ops: output pointer 'out_count' is NULL");
  ASSERT_INVALID(sdy_query_num_values(NULL, &count),
                 "sdy_query_num_values: 'query' is NULL");
  ASSERT_INVALID(sdy_query_num_values(f->query, NULL),
                 "sdy_query_num_values: output pointer 'out_count' is NULL");
  ASSERT_INVALID(sdy_query_num_values((sdy_query_t *)f->module, &count),
                 "'query' is not a live sdy_query_t");

  sdy_query_op_t op;
  memset(&op, 0x5a, sizeof op);
  ASSERT_INVALID(sdy_query_op(f->query, 10, &op),
                 "sdy_query_op: op index 10 is out of range: the query has "
                 "10 ops");
  assert_int_equal(op.line, 0x5a5a5a5a5a5a5a5a);
  ASSERT_INVALID(sdy_query_op(f->query, 0, NULL),
                 "sdy_query_op: output pointer 'out_op' is NULL");
  ASSERT_INVALID(sdy_query_op(NULL, 0, &op), "sdy_query_op: 'query' is NULL");

  sdy_query_value_t value;
  ASSERT_INVALID(sdy_query_value(f->query, 16, &value),
                 "sdy_query_value: value index 16 is out of range: the query "
                 "has 16 values");
  ASSERT_INVALID(sdy_query_value(f->query, 0, NULL),
                 "sdy_query_value: output pointer 'out_value' is NULL");
  ASSERT_INVALID(sdy_query_value(NULL, 0, &value),
                 "sdy_query_value: 'query' is NULL");

  sdy_sharding_t *sharding = NULL;
  ASSERT_INVALID(sdy_query_value_sharding(f->query, (size_t)-1, &sharding),
                 "sdy_query_value_sharding: value index 18446744073709551615 "
                 "is out of range");
  ASSERT_INVALID(
      sdy_query_value_sharding(f->query, 0, NULL),
      "sdy_query_value_sharding: output pointer 'out_sharding' is NULL");
  ASSERT_INVALID(sdy_query_value_sharding(NULL, 0, &sharding),
                 "sdy_query_value_sharding: 'query' is NULL");

  sdy_sharding_origin_t origin;
  ASSERT_INVALID(sdy_query_value_origin(f->query, 16, 0, &origin),
                 "sdy_query_value_origin: value index 16 is out of range");
  ASSERT_INVALID(sdy_query_value_origin(f->query, 3, 2, &origin),
                 "sdy_query_value_origin: origin index 2 is out of range: "
                 "value 3 has 2 origins");
  ASSERT_INVALID(sdy_query_value_origin(f->query, 0, 0, NULL),
                 "sdy_query_value_origin: output pointer 'out_origin' is NULL");
  ASSERT_INVALID(sdy_query_value_origin(NULL, 0, 0, &origin),
                 "sdy_query_value_origin: 'query' is NULL");

  /* A destroyed query stays refused; destroying it again is a no-op. */
  sdy_query_t *gone = NULL;
  ASSERT_OK(sdy_query_create(f->module, "main", &gone));
  sdy_query_destroy(gone);
  ASSERT_INVALID(sdy_query_num_ops(gone, &count),
                 "'query' is not a live sdy_query_t (foreign or already "
                 "destroyed handle)");
  sdy_query_destroy(gone);
  sdy_query_destroy(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ops_in_program_order),
      cmocka_unit_test(test_values_and_shardings),
      cmocka_unit_test(test_matches_printed_module),
      cmocka_unit_test(test_origins),
      cmocka_unit_test(test_origin_kinds),
      cmocka_unit_test(test_regions_and_lifetime),
      cmocka_unit_test(test_locations),
      cmocka_unit_test(test_after_partitioning),
      cmocka_unit_test(test_missing_mesh),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, setup_query, teardown_query);
}
