/* CMocka suite of module.h: every function, success and error paths. */
#include "capi_fixture.h"

static void test_module_parse_print(void **state) {
  fixture_t *f = *state;
  char *text = NULL;
  ASSERT_OK(sdy_module_print(f->module, SDY_PRINT_DEFAULT, &text));
  assert_contains(text, "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>");
  ASSERT_OK(sdy_module_print(f->module, SDY_PRINT_GENERIC, &text));
  assert_contains(text, "\"stablehlo.add\"");
  ASSERT_OK(sdy_module_print(f->module, SDY_PRINT_DEBUG_INFO, &text));
  assert_contains(text, "loc(");
  ASSERT_OK(sdy_module_verify(f->module));

  sdy_module_t *module = (sdy_module_t *)0x1;
  ASSERT_ERR(
      sdy_module_parse(f->ctx,
                       "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                       "  %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
                       "  return %0 : tensor<4xf32>\n}\n",
                       "bad.mlir", &module),
      SDY_PARSE_ERROR,
      "sdy_module_parse: bad.mlir:2:26: error: use of undeclared SSA "
      "value name");
  assert_ptr_equal(module, (sdy_module_t *)0x1);
  ASSERT_ERR(sdy_module_parse(f->ctx, "func.func @f(", NULL, &module),
             SDY_PARSE_ERROR, "<input>:1:");
  ASSERT_ERR(
      sdy_module_parse(f->ctx,
                       "sdy.mesh @m = <[\"x\"=2]>\n"
                       "func.func @f(%a: tensor<4xf32> {sdy.sharding = "
                       "#sdy.sharding<@m, [{\"y\"}]>}) -> tensor<4xf32> {\n"
                       "  return %a : tensor<4xf32>\n}\n",
                       "v.mlir", &module),
      SDY_VERIFICATION_ERROR,
      "v.mlir:2:1: error: 'func.func' op sharding of argument 0: "
      "dimension 0: unknown axis \"y\" (the mesh has axes \"x\")");
  ASSERT_INVALID(sdy_module_parse(f->ctx, NULL, NULL, &module),
                 "string 'text' is NULL");
  ASSERT_INVALID(sdy_module_parse(f->ctx, "module {}", "\xff", &module),
                 "'source_name' is not valid UTF-8");
  ASSERT_INVALID(sdy_module_parse(NULL, "module {}", NULL, &module),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_module_parse(f->ctx, "module {}", NULL, NULL),
                 "'out_module' is NULL");
  ASSERT_INVALID(sdy_module_print(f->module, 8, &text), "unknown flags 8");
  ASSERT_INVALID(sdy_module_print(f->module, 0, NULL), "'out_text' is NULL");
  ASSERT_INVALID(sdy_module_print(NULL, 0, &text), "'module' is NULL");
  ASSERT_INVALID(sdy_module_verify(NULL),
                 "sdy_module_verify: 'module' is NULL");
  sdy_module_destroy(NULL);
}

/* An i1 hex constant of one byte per element (as frameworks print it) in
 * the generic form parses to the same values as its packed bits; a size of
 * neither form is a parse error. */
static void test_module_parse_bool_hex(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "func.func @f() -> (tensor<4xi1>, tensor<4xi1>) {\n"
      "  %0 = \"stablehlo.constant\"() {value = dense<\"0x01000101\"> : "
      "tensor<4xi1>} : () -> tensor<4xi1>\n"
      "  %1 = \"stablehlo.constant\"() {value = dense<\"0x0D\"> : "
      "tensor<4xi1>} : () -> tensor<4xi1>\n"
      "  return %0, %1 : tensor<4xi1>, tensor<4xi1>\n}\n",
      NULL, &module));
  char *text = NULL;
  ASSERT_OK(sdy_module_print(module, SDY_PRINT_DEFAULT, &text));
  assert_contains(text, "%c = stablehlo.constant dense<[true, false, true, "
                        "true]> : tensor<4xi1>\n    %c_0 = stablehlo.constant "
                        "dense<[true, false, true, true]> : tensor<4xi1>");
  sdy_module_destroy(module);
  module = (sdy_module_t *)0x1;
  ASSERT_ERR(
      sdy_module_parse(f->ctx,
                       "func.func @f() -> tensor<4xi1> {\n"
                       "  %0 = \"stablehlo.constant\"() {value = "
                       "dense<\"0x010001\"> : tensor<4xi1>} : () -> "
                       "tensor<4xi1>\n"
                       "  return %0 : tensor<4xi1>\n}\n",
                       "hex.mlir", &module),
      SDY_PARSE_ERROR,
      "sdy_module_parse: hex.mlir:2:40: error: elements hex data size is "
      "invalid for provided type: 'tensor<4xi1>'");
  assert_ptr_equal(module, (sdy_module_t *)0x1);
}

static void test_module_create_clone(void **state) {
  fixture_t *f = *state;
  sdy_module_t *empty = NULL, *copy = NULL;
  ASSERT_OK(sdy_module_create_empty(f->ctx, &empty));
  size_t count = 7;
  ASSERT_OK(sdy_module_num_functions(empty, &count));
  assert_int_equal(count, 0);
  ASSERT_OK(sdy_module_clone(f->module, &copy));
  ASSERT_OK(sdy_module_num_functions(copy, &count));
  assert_int_equal(count, 2);
  sdy_module_destroy(copy);
  sdy_module_destroy(empty);
  ASSERT_INVALID(sdy_module_create_empty(NULL, &empty), "'context' is NULL");
  ASSERT_INVALID(sdy_module_create_empty(f->ctx, NULL), "'out_module' is NULL");
  ASSERT_INVALID(sdy_module_clone(NULL, &copy), "'module' is NULL");
  ASSERT_INVALID(sdy_module_clone(f->module, NULL), "'out_module' is NULL");
  ASSERT_INVALID(sdy_module_clone(empty, &copy), "not a live sdy_module_t");
}

static void test_module_functions(void **state) {
  fixture_t *f = *state;
  size_t count = 0;
  ASSERT_OK(sdy_module_num_functions(f->module, &count));
  assert_int_equal(count, 2);
  char *name = NULL;
  ASSERT_OK(sdy_module_function_name(f->module, 0, &name));
  assert_string(name, "main");
  ASSERT_OK(sdy_module_function_name(f->module, 1, &name));
  assert_string(name, "decl");
  size_t args = 0, results = 0;
  ASSERT_OK(sdy_module_function_signature(f->module, "main", &args, &results));
  assert_int_equal(args, 2);
  assert_int_equal(results, 1);
  ASSERT_OK(sdy_module_function_signature(f->module, "decl", &args, NULL));
  assert_int_equal(args, 1);

  ASSERT_INVALID(sdy_module_num_functions(NULL, &count), "'module' is NULL");
  ASSERT_INVALID(sdy_module_num_functions(f->module, NULL),
                 "'out_count' is NULL");
  ASSERT_INVALID(
      sdy_module_function_name(f->module, 2, &name),
      "function index 2 is out of range: the module has 2 functions");
  ASSERT_INVALID(sdy_module_function_name(f->module, 0, NULL),
                 "'out_name' is NULL");
  ASSERT_INVALID(sdy_module_function_name(NULL, 0, &name), "'module' is NULL");
  ASSERT_INVALID(sdy_module_function_signature(f->module, "nope", &args, NULL),
                 "the module has no function @nope");
  ASSERT_INVALID(sdy_module_function_signature(f->module, NULL, &args, NULL),
                 "string 'function' is NULL");
  ASSERT_INVALID(sdy_module_function_signature(f->module, "main", NULL, NULL),
                 "both 'out_num_args' and 'out_num_results' are NULL");
  ASSERT_INVALID(sdy_module_function_signature(NULL, "main", &args, NULL),
                 "'module' is NULL");
}

static void test_module_meshes(void **state) {
  fixture_t *f = *state;
  size_t count = 0;
  ASSERT_OK(sdy_module_num_meshes(f->module, &count));
  assert_int_equal(count, 1);
  char *name = NULL;
  ASSERT_OK(sdy_module_mesh_name(f->module, 0, &name));
  assert_string(name, "mesh");
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_module_get_mesh(f->module, "mesh", &mesh));
  int32_t equal = 0;
  ASSERT_OK(sdy_mesh_equal(mesh, f->mesh, &equal));
  assert_int_equal(equal, 1);
  sdy_mesh_destroy(mesh);

  /* Adding: idempotent for an equal mesh, new names appended. */
  ASSERT_OK(sdy_module_add_mesh(f->module, "mesh", f->mesh));
  sdy_mesh_t *other = NULL;
  ASSERT_OK(sdy_mesh_parse(f->ctx, "<[\"a\"=8]>", &other));
  ASSERT_OK(sdy_module_add_mesh(f->module, "flat", other));
  ASSERT_OK(sdy_module_num_meshes(f->module, &count));
  assert_int_equal(count, 2);
  ASSERT_OK(sdy_module_verify(f->module));
  ASSERT_ERR(sdy_module_add_mesh(f->module, "mesh", other),
             SDY_FAILED_PRECONDITION,
             "the module already has a symbol @mesh with a different mesh");
  ASSERT_ERR(sdy_module_add_mesh(f->module, "main", other),
             SDY_FAILED_PRECONDITION,
             "the module already has a symbol @main ('func.func')");
  ASSERT_ERR(sdy_module_get_mesh(f->module, "nope", &mesh),
             SDY_FAILED_PRECONDITION, "the module has no sdy.mesh @nope");
  ASSERT_INVALID(sdy_module_add_mesh(f->module, "", other),
                 "string 'name' is empty");
  ASSERT_INVALID(sdy_module_add_mesh(f->module, "m2", NULL), "'mesh' is NULL");
  ASSERT_INVALID(sdy_module_add_mesh(NULL, "m2", other), "'module' is NULL");
  ASSERT_INVALID(sdy_module_num_meshes(NULL, &count), "'module' is NULL");
  ASSERT_INVALID(sdy_module_num_meshes(f->module, NULL), "'out_count' is NULL");
  ASSERT_INVALID(sdy_module_mesh_name(f->module, 5, &name),
                 "mesh index 5 is out of range: the module has 2 meshes");
  ASSERT_INVALID(sdy_module_mesh_name(f->module, 0, NULL),
                 "'out_name' is NULL");
  ASSERT_INVALID(sdy_module_mesh_name(NULL, 0, &name), "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_mesh(f->module, NULL, &mesh),
                 "string 'name' is NULL");
  ASSERT_INVALID(sdy_module_get_mesh(f->module, "mesh", NULL),
                 "'out_mesh' is NULL");
  ASSERT_INVALID(sdy_module_get_mesh(NULL, "mesh", &mesh), "'module' is NULL");
  sdy_context_t *ctx2 = NULL;
  sdy_mesh_t *foreign = NULL;
  ASSERT_OK(sdy_context_create(&ctx2));
  ASSERT_OK(sdy_mesh_parse(ctx2, "<[\"a\"=2]>", &foreign));
  ASSERT_INVALID(sdy_module_add_mesh(f->module, "m3", foreign),
                 "'mesh' belongs to a different sdy_context_t");
  sdy_mesh_destroy(foreign);
  sdy_context_destroy(ctx2);
  sdy_mesh_destroy(other);
}

static void test_module_shardings(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *got = (sdy_sharding_t *)0x1;
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 0, &got));
  assert_null(got);
  ASSERT_OK(sdy_module_get_result_sharding(f->module, "main", 0, &got));
  assert_null(got);

  sdy_sharding_t *sharding = parse_sharding(f, "<@mesh, [{\"x\"}, {\"y\"}]>");
  ASSERT_OK(sdy_module_set_arg_sharding(f->module, "main", 1, sharding));
  ASSERT_OK(sdy_module_set_result_sharding(f->module, "main", 0, sharding));
  ASSERT_OK(sdy_module_verify(f->module));
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 1, &got));
  int32_t equal = 0;
  ASSERT_OK(sdy_sharding_equal(got, sharding, &equal));
  assert_int_equal(equal, 1);
  sdy_sharding_destroy(got);
  ASSERT_OK(sdy_module_get_result_sharding(f->module, "main", 0, &got));
  ASSERT_OK(sdy_sharding_equal(got, sharding, &equal));
  assert_int_equal(equal, 1);
  sdy_sharding_destroy(got);
  char *text = NULL;
  ASSERT_OK(sdy_module_print(f->module, 0, &text));
  assert_contains(text, "%arg1: tensor<8x8xf32> {sdy.sharding = "
                        "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>}");

  /* Remove again. */
  ASSERT_OK(sdy_module_set_arg_sharding(f->module, "main", 1, NULL));
  ASSERT_OK(sdy_module_set_result_sharding(f->module, "main", 0, NULL));
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 1, &got));
  assert_null(got);

  /* Errors leave the module unchanged. */
  sdy_sharding_t *rank1 = parse_sharding(f, "<@mesh, [{\"x\"}]>");
  ASSERT_ERR(sdy_module_set_arg_sharding(f->module, "main", 0, rank1),
             SDY_VERIFICATION_ERROR,
             "main.mlir:2:1: error: 'func.func' op sharding of argument 0: "
             "sharding has 1 dimension shardings but the tensor "
             "'tensor<8x8xf32>' has rank 2");
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 0, &got));
  assert_null(got);
  sdy_mesh_t *other_mesh = NULL;
  sdy_sharding_t *elsewhere = NULL;
  ASSERT_OK(sdy_mesh_parse(f->ctx, "<[\"x\"=2, \"y\"=4]>", &other_mesh));
  ASSERT_OK(sdy_sharding_parse(f->ctx, "<@other, [{\"x\"}, {}]>", other_mesh,
                               &elsewhere));
  ASSERT_ERR(sdy_module_set_arg_sharding(f->module, "main", 0, elsewhere),
             SDY_FAILED_PRECONDITION,
             "the module has no sdy.mesh @other (add it with "
             "sdy_module_add_mesh)");
  sdy_sharding_destroy(elsewhere);
  ASSERT_OK(sdy_sharding_parse(f->ctx, "<@main, [{\"x\"}, {}]>", other_mesh,
                               &elsewhere));
  ASSERT_ERR(sdy_module_set_arg_sharding(f->module, "main", 0, elsewhere),
             SDY_FAILED_PRECONDITION, "symbol @main is a 'func.func'");
  sdy_sharding_destroy(elsewhere);
  sdy_mesh_destroy(other_mesh);
  ASSERT_OK(sdy_mesh_parse(f->ctx, "<[\"x\"=4, \"y\"=2]>", &other_mesh));
  ASSERT_OK(sdy_sharding_parse(f->ctx, "<@mesh, [{\"x\"}, {}]>", other_mesh,
                               &elsewhere));
  ASSERT_ERR(sdy_module_set_result_sharding(f->module, "main", 0, elsewhere),
             SDY_FAILED_PRECONDITION,
             "sdy.mesh @mesh of the module is #sdy.mesh<[\"x\"=2, \"y\"=4]> "
             "but the sharding's mesh is");
  sdy_sharding_destroy(elsewhere);
  sdy_mesh_destroy(other_mesh);

  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "main", 2, sharding),
                 "argument index 2 is out of range: @main has 2 arguments");
  ASSERT_INVALID(sdy_module_set_result_sharding(f->module, "main", 1, sharding),
                 "result index 1 is out of range: @main has 1 results");
  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "nope", 0, sharding),
                 "the module has no function @nope");
  ASSERT_INVALID(sdy_module_set_arg_sharding(NULL, "main", 0, sharding),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "main", 0,
                                             (sdy_sharding_t *)f->mesh),
                 "'sharding' is not a live sdy_sharding_t");
  ASSERT_INVALID(sdy_module_set_result_sharding(NULL, "main", 0, sharding),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_arg_sharding(f->module, "main", 9, &got),
                 "argument index 9 is out of range");
  ASSERT_INVALID(sdy_module_get_arg_sharding(f->module, "main", 0, NULL),
                 "'out_sharding' is NULL");
  ASSERT_INVALID(sdy_module_get_arg_sharding(NULL, "main", 0, &got),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_result_sharding(f->module, NULL, 0, &got),
                 "string 'function' is NULL");
  ASSERT_INVALID(sdy_module_get_result_sharding(f->module, "main", 3, &got),
                 "result index 3 is out of range");
  ASSERT_INVALID(sdy_module_get_result_sharding(NULL, "main", 0, &got),
                 "'module' is NULL");
  /* A sharding of another context. */
  sdy_context_t *ctx2 = NULL;
  sdy_mesh_t *mesh2 = NULL;
  sdy_sharding_t *sharding2 = NULL;
  ASSERT_OK(sdy_context_create(&ctx2));
  ASSERT_OK(sdy_mesh_parse(ctx2, "<[\"x\"=2, \"y\"=4]>", &mesh2));
  ASSERT_OK(sdy_sharding_parse(ctx2, "<@mesh, [{}, {}]>", mesh2, &sharding2));
  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "main", 0, sharding2),
                 "'sharding' belongs to a different sdy_context_t");
  sdy_sharding_destroy(sharding2);
  sdy_mesh_destroy(mesh2);
  sdy_context_destroy(ctx2);
  sdy_sharding_destroy(rank1);
  sdy_sharding_destroy(sharding);
}

static void test_module_constraints(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *sharding = parse_sharding(f, "<@mesh, [{\"x\", ?}, {?}]>");
  ASSERT_OK(
      sdy_module_add_arg_sharding_constraint(f->module, "main", 0, sharding));
  ASSERT_OK(sdy_module_add_result_sharding_constraint(f->module, "main", 0,
                                                      sharding));
  ASSERT_OK(sdy_module_verify(f->module));
  char *text = NULL;
  ASSERT_OK(sdy_module_print(f->module, 0, &text));
  assert_contains(text,
                  "%0 = sdy.sharding_constraint %arg0 <@mesh, [{\"x\", ?}, "
                  "{?}]> : tensor<8x8xf32>\n"
                  "    %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>");
  ASSERT_OK(sdy_module_print(f->module, 0, &text));
  assert_contains(text, "%3 = sdy.sharding_constraint %2 <@mesh, [{\"x\", ?}, "
                        "{?}]> : tensor<8x8xf32>\n"
                        "    return %3 : tensor<8x8xf32>");
  ASSERT_ERR(
      sdy_module_add_arg_sharding_constraint(f->module, "decl", 0, sharding),
      SDY_FAILED_PRECONDITION, "@decl is a declaration without a body");
  sdy_sharding_t *bad = parse_sharding(f, "<@mesh, [{\"x\"}]>");
  ASSERT_ERR(
      sdy_module_add_result_sharding_constraint(f->module, "main", 0, bad),
      SDY_VERIFICATION_ERROR,
      "'func.func' op sharding constraint on result 0: sharding has 1 "
      "dimension shardings");
  ASSERT_INVALID(
      sdy_module_add_arg_sharding_constraint(f->module, "main", 0, NULL),
      "'sharding' is NULL");
  ASSERT_INVALID(
      sdy_module_add_arg_sharding_constraint(f->module, "main", 5, sharding),
      "argument index 5 is out of range");
  ASSERT_INVALID(
      sdy_module_add_arg_sharding_constraint(NULL, "main", 0, sharding),
      "'module' is NULL");
  ASSERT_INVALID(
      sdy_module_add_result_sharding_constraint(f->module, "x", 0, sharding),
      "the module has no function @x");
  ASSERT_INVALID(
      sdy_module_add_result_sharding_constraint(NULL, "main", 0, sharding),
      "'module' is NULL");
  sdy_sharding_destroy(bad);
  sdy_sharding_destroy(sharding);
}

/* An all_reduce of 10 x f32 over 4 devices. */
static const char *const kAllReduceModule =
    "module attributes {mhlo.num_partitions = 4 : i32} {\n"
    "func.func @main(%a: tensor<10xf32>) -> tensor<10xf32> {\n"
    "  %0 = \"stablehlo.all_reduce\"(%a) <{channel_handle = "
    "#stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = "
    "dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({\n"
    "  ^bb0(%p: tensor<f32>, %q: tensor<f32>):\n"
    "    %t = stablehlo.add %p, %q : tensor<f32>\n"
    "    stablehlo.return %t : tensor<f32>\n"
    "  }) : (tensor<10xf32>) -> tensor<10xf32>\n"
    "  return %0 : tensor<10xf32>\n}\n}\n";

/* sdy_module_collective_report (collectives.h): the all_reduce of 10 x f32
 * over 4 devices moves 3 x 40 B on device 0 (which owns the whole 64-byte
 * aligned part on the local backend) and 40 B on the others. */
static void test_module_collective_report(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kAllReduceModule, "r.mlir", &module));
  char *report = NULL;
  ASSERT_OK(sdy_module_collective_report(module, NULL, &report));
  assert_contains(report, "per device sent/received: 0:120/120 1:40/40 "
                          "2:40/40 3:40/40");
  ASSERT_OK(sdy_module_collective_report(module, "", &report));
  assert_contains(report, "collective report: 4 device(s), backend local");
  ASSERT_OK(
      sdy_module_collective_report(module, "format=json backend=mpi", &report));
  assert_contains(report, "\"sent\": [\n        120,\n        120,");
  report = (char *)0x1;
  ASSERT_INVALID(
      sdy_module_collective_report(module, "backend=nccl", &report),
      "sdy_module_collective_report: unknown backend 'nccl' (local or mpi)");
  ASSERT_INVALID(sdy_module_collective_report(module, "speed=3", &report),
                 "unknown option 'speed' (format, backend, model, "
                 "num-devices)");
  ASSERT_INVALID(sdy_module_collective_report(module, "num-devices", &report),
                 "option 'num-devices' is not key=value");
  ASSERT_INVALID(sdy_module_collective_report(module, "num-devices=x", &report),
                 "num-devices: 'x' is not an integer");
  assert_ptr_equal(report, (char *)0x1);
  ASSERT_ERR(sdy_module_collective_report(module, "num-devices=8", &report),
             SDY_FAILED_PRECONDITION, "device 4 is in no replica group");
  ASSERT_INVALID(sdy_module_collective_report(NULL, NULL, &report),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_collective_report(module, NULL, NULL),
                 "'out_report' is NULL");
  sdy_module_destroy(module);
}

/* `text` contains `expected` (`text` is kept). */
static void assert_has(const char *text, const char *expected) {
  assert_non_null(text);
  if (!strstr(text, expected))
    fail_msg("'%s' does not contain '%s'", text, expected);
}

/* sdy_collective_compare (collectives.h): "ar" all-reduces 10 x f32 over
 * 4 devices, "none" moves nothing, so "none" ranks first; versions of other
 * programs and collectives without a byte count are refused, naming the
 * version. */
#define MODULE_HEAD "module attributes {mhlo.num_partitions = 4 : i32} {\n"
static void test_collective_compare(void **state) {
  fixture_t *f = *state;
  sdy_module_t *ar = NULL, *none = NULL, *other = NULL, *sdy_form = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kAllReduceModule, "ar.mlir", &ar));
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      MODULE_HEAD "func.func @main(%a: tensor<10xf32>) -> tensor<10xf32> {\n"
                  "  return %a : tensor<10xf32>\n}\n}\n",
      "none.mlir", &none));
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      MODULE_HEAD "func.func @other(%a: tensor<10xf32>) -> tensor<10xf32> {\n"
                  "  return %a : tensor<10xf32>\n}\n}\n",
      "other.mlir", &other));
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
      "func.func @main(%a: tensor<16xf32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<16xf32> {\n"
      "  %b = sdy.all_gather [{\"x\"}] %a out_sharding=<@mesh, [{}]> : "
      "tensor<16xf32>\n"
      "  return %b : tensor<16xf32>\n}\n",
      "sdy.mlir", &sdy_form));
  const sdy_module_t *both[] = {ar, none};
  const char *names[] = {"ar", "none"};
  char *ranking = NULL;
  ASSERT_OK(sdy_collective_compare(both, names, 2, NULL, &ranking));
  assert_has(ranking, "sharding comparison: 2 version(s), 4 device(s), "
                      "backend local, cheapest first");
  assert_has(ranking, "#1 none: estimated 0.00 us, 0 collective(s), max "
                      "sent 0 B, max received 0 B\n#2 ar: estimated ");
  assert_has(ranking, "1 collective(s), max sent 120 B, max received "
                      "120 B\n");
  sdy_string_destroy(ranking);
  ASSERT_OK(sdy_collective_compare(both, NULL, 2, "format=json", &ranking));
  assert_has(ranking, "\"index\": 1,");
  assert_true(strstr(ranking, "\"name\": \"1\"") <
              strstr(ranking, "\"name\": \"0\""));
  assert_has(ranking, "\"max_sent\": 120,");
  sdy_string_destroy(ranking);
  /* One version alone, and two equal ones keep their order. */
  const sdy_module_t *twice[] = {none, none};
  const char *twice_names[] = {"first", "second"};
  ASSERT_OK(sdy_collective_compare(twice, twice_names, 2, "", &ranking));
  assert_has(ranking, "#1 first: estimated 0.00 us");
  assert_has(ranking, "#2 second: estimated 0.00 us");
  sdy_string_destroy(ranking);

  ranking = (char *)0x1;
  ASSERT_INVALID(sdy_collective_compare(both, names, 0, NULL, &ranking),
                 "sdy_collective_compare: num_modules is 0: nothing to "
                 "compare");
  ASSERT_INVALID(sdy_collective_compare(NULL, names, 2, NULL, &ranking),
                 "array 'modules' is NULL but its count is 2");
  const sdy_module_t *hole[] = {ar, NULL};
  ASSERT_INVALID(sdy_collective_compare(hole, names, 2, NULL, &ranking),
                 "'modules[1]' is NULL");
  const char *hole_names[] = {"ar", NULL};
  ASSERT_INVALID(sdy_collective_compare(both, hole_names, 2, NULL, &ranking),
                 "string 'names[1]' is NULL");
  ASSERT_INVALID(
      sdy_collective_compare(both, names, 2, "backend=nccl", &ranking),
      "sdy_collective_compare: unknown backend 'nccl' (local or "
      "mpi)");
  ASSERT_INVALID(sdy_collective_compare(both, names, 2, "speed=3", &ranking),
                 "unknown option 'speed'");
  ASSERT_INVALID(sdy_collective_compare(both, names, 2, NULL, NULL),
                 "output pointer 'out_ranking' is NULL");
  ASSERT_ERR(sdy_collective_compare(both, names, 2, "num-devices=8", &ranking),
             SDY_FAILED_PRECONDITION, "sdy_collective_compare: version 'ar': ");
  ASSERT_ERR(sdy_collective_compare(both, names, 2, "num-devices=8", &ranking),
             SDY_FAILED_PRECONDITION, "device 4 is in no replica group");
  const sdy_module_t *mixed[] = {none, other};
  const char *mixed_names[] = {"none", "other"};
  ASSERT_ERR(sdy_collective_compare(mixed, mixed_names, 2, NULL, &ranking),
             SDY_FAILED_PRECONDITION,
             "version 'other' has the public functions @other, version "
             "'none' has @main: only versions of the same program can be "
             "compared");
  /* A version not yet lowered counts as the partitioner lowers it: 8
   * local f32 gathered from the other device of "x" (32 B); with more
   * devices than its mesh, the lowered all_gather has no byte count. */
  const sdy_module_t *early[] = {sdy_form, none};
  const char *early_names[] = {"early", "none"};
  ASSERT_OK(sdy_collective_compare(early, early_names, 2, NULL, &ranking));
  assert_has(ranking, "#1 none: estimated 0.00 us");
  assert_has(ranking, "#2 early: estimated ");
  assert_has(ranking, "1 collective(s), max sent 32 B, max received 32 B");
  sdy_string_destroy(ranking);
  ranking = (char *)0x1;
  ASSERT_ERR(
      sdy_collective_compare(early, early_names, 1, "num-devices=8", &ranking),
      SDY_FAILED_PRECONDITION,
      "version 'early': sdy.all_gather at sdy.mlir:3:8 has no byte count "
      "(cannot lower it as the partitioner does: ");
  assert_ptr_equal(ranking, (char *)0x1);
  sdy_module_destroy(ar);
  sdy_module_destroy(none);
  sdy_module_destroy(other);
  sdy_module_destroy(sdy_form);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_module_parse_print, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_parse_bool_hex, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_module_create_clone, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_module_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_meshes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_shardings, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_constraints, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_collective_report, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_collective_compare, setup, teardown),
  };
  return cmocka_run_group_tests_name("sdy_c_module", tests, NULL, NULL);
}
