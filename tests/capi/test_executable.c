/* CMocka suite of executables (executable.h): compile, queries, local and
 * global runs, failures. */
#include "capi_fixture.h"
#include "fake_backend.h"

/* Row-parallel matmul partitioned by hand for 2 devices: A [4, 8] split
 * along its columns, B [8, 3] along its rows; the partial products are
 * summed by an all_reduce. Result 1 returns A's local block (gathered along
 * the columns). */
static const char *kPartitionedMatmul =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<4x4xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{}, {\"x\"}]>},\n"
    "                %b: tensor<4x3xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>},\n"
    "        tensor<4x4xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{}, {\"x\"}]>}) {\n"
    "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
    "(tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>\n"
    "  %1 = \"stablehlo.all_reduce\"(%0) <{replica_groups = dense<[[0, 1]]> : "
    "tensor<1x2xi64>}> ({\n"
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
    "    %s = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %s : tensor<f32>\n"
    "  }) : (tensor<4x3xf32>) -> tensor<4x3xf32>\n"
    "  return %1, %a : tensor<4x3xf32>, tensor<4x4xf32>\n"
    "}\n";

/* The same computation on one device. */
static const char *kGlobalMatmul =
    "func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>)\n"
    "    -> (tensor<4x3xf32>, tensor<4x8xf32>) {\n"
    "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
    "(tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>\n"
    "  return %0, %a : tensor<4x3xf32>, tensor<4x8xf32>\n"
    "}\n";

/* The global program the "partition" preset turns into kPartitionedMatmul. */
static const char *kAnnotatedMatmul =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<4x8xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{}, {\"x\"}]>},\n"
    "                %b: tensor<8x3xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) "
    "{\n"
    "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
    "(tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>\n"
    "  return %0 : tensor<4x3xf32>\n"
    "}\n";

/* Rows split over 2 devices, 3 local rows: a global dimension of 5 leaves
 * device 1 a short shard (padded with zeros). Result 2 sums every local
 * element over both devices (so padding that is not zero shows). */
static const char *kIndivisible =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<3x2xi32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<3x2xi32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>}, tensor<3x2xi32>, tensor<i32>) {\n"
    "  %0 = stablehlo.negate %a : tensor<3x2xi32>\n"
    "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %s = stablehlo.reduce(%a init: %z) applies stablehlo.add across "
    "dimensions = [0, 1] : (tensor<3x2xi32>, tensor<i32>) -> tensor<i32>\n"
    "  %t = \"stablehlo.all_reduce\"(%s) <{replica_groups = dense<[[0, 1]]> : "
    "tensor<1x2xi64>}> ({\n"
    "  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n"
    "    %u = stablehlo.add %x, %y : tensor<i32>\n"
    "    stablehlo.return %u : tensor<i32>\n"
    "  }) : (tensor<i32>) -> tensor<i32>\n"
    "  return %0, %a, %t : tensor<3x2xi32>, tensor<3x2xi32>, tensor<i32>\n"
    "}\n";

static const char *kNegate =
    "func.func @neg(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

static sdy_tensor_t f32_tensor(float *data, int32_t ndim, int64_t *shape) {
  return make_tensor(data, ndim, shape, SDY_DL_FLOAT, 32);
}

static sdy_executable_t *compile_text(fixture_t *f, const char *text,
                                      const char *function) {
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, text, "exe.mlir", &module));
  sdy_executable_t *exe = NULL;
  ASSERT_OK(sdy_executable_compile(module, function, &exe));
  /* The executable owns a copy: the module may go away. */
  sdy_module_destroy(module);
  return exe;
}

/* A in [4, 8] and B in [8, 3] with small integer values (exact sums). */
static void matmul_inputs(float *a, float *b) {
  for (int i = 0; i < 32; ++i)
    a[i] = (float)((i * 7) % 11) - 5.0f;
  for (int i = 0; i < 24; ++i)
    b[i] = (float)((i * 5) % 9) - 4.0f;
}

static void test_executable_compile(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f, kPartitionedMatmul, NULL);
  int64_t num_devices = 0;
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 2);
  size_t num_args = 0, num_results = 0;
  ASSERT_OK(sdy_executable_num_args(exe, &num_args));
  ASSERT_OK(sdy_executable_num_results(exe, &num_results));
  assert_int_equal(num_args, 2);
  assert_int_equal(num_results, 2);
  sdy_dtype_t dtype = {0, 0, 0};
  size_t rank = 0;
  int64_t shape[3] = {0, 0, 0};
  ASSERT_OK(sdy_executable_arg_type(exe, 1, &dtype, &rank, shape, 3));
  assert_int_equal(dtype.code, SDY_DL_FLOAT);
  assert_int_equal(dtype.bits, 32);
  assert_int_equal(dtype.lanes, 1);
  assert_int_equal(rank, 2);
  assert_int_equal(shape[0], 4);
  assert_int_equal(shape[1], 3);
  ASSERT_OK(sdy_executable_arg_type(exe, 0, NULL, &rank, NULL, 0));
  assert_int_equal(rank, 2);
  ASSERT_OK(sdy_executable_result_type(exe, 1, &dtype, &rank, shape, 2));
  assert_int_equal(rank, 2);
  assert_int_equal(shape[0], 4);
  assert_int_equal(shape[1], 4);
  ASSERT_OK(sdy_executable_result_type(exe, 0, &dtype, NULL, NULL, 0));
  assert_int_equal(dtype.code, SDY_DL_FLOAT);
  ASSERT_INVALID(sdy_executable_arg_type(exe, 2, &dtype, &rank, shape, 3),
                 "sdy_executable_arg_type: argument index 2 is out of range: "
                 "@main has 2 arguments");
  ASSERT_INVALID(sdy_executable_result_type(exe, 5, &dtype, &rank, shape, 3),
                 "result index 5 is out of range: @main has 2 results");
  ASSERT_INVALID(sdy_executable_arg_type(exe, 0, &dtype, &rank, shape, 1),
                 "capacity 1 is smaller than the rank 2 of argument 0");
  ASSERT_INVALID(sdy_executable_arg_type(exe, 0, NULL, NULL, NULL, 0),
                 "out_dtype, out_rank and out_shape are all NULL");
  ASSERT_INVALID(sdy_executable_result_type(exe, 0, &dtype, &rank, NULL, 2),
                 "'out_shape' is NULL");
  ASSERT_INVALID(sdy_executable_num_devices(exe, NULL),
                 "sdy_executable_num_devices: output pointer "
                 "'out_num_devices' is NULL");
  ASSERT_INVALID(sdy_executable_num_args(exe, NULL),
                 "output pointer 'out_num_args' is NULL");
  ASSERT_INVALID(sdy_executable_num_results(exe, NULL),
                 "output pointer 'out_num_results' is NULL");

  /* Shard counts. */
  int64_t shards[2] = {0, 0};
  ASSERT_OK(sdy_executable_arg_num_shards(exe, 0, shards, 2));
  assert_int_equal(shards[0], 1);
  assert_int_equal(shards[1], 2);
  ASSERT_OK(sdy_executable_arg_num_shards(exe, 1, shards, 2));
  assert_int_equal(shards[0], 2);
  assert_int_equal(shards[1], 1);
  ASSERT_OK(sdy_executable_result_num_shards(exe, 0, shards, 2));
  assert_int_equal(shards[0], 1);
  assert_int_equal(shards[1], 1);
  ASSERT_OK(sdy_executable_result_num_shards(exe, 1, shards, 2));
  assert_int_equal(shards[1], 2);
  ASSERT_INVALID(sdy_executable_arg_num_shards(exe, 0, shards, 1),
                 "sdy_executable_arg_num_shards: capacity 1 is smaller than "
                 "the rank 2 of argument 0");
  ASSERT_INVALID(sdy_executable_result_num_shards(exe, 2, shards, 2),
                 "sdy_executable_result_num_shards: result index 2 is out of "
                 "range: @main has 2 results");
  ASSERT_INVALID(sdy_executable_result_num_shards(exe, 0, NULL, 2),
                 "'out_num_shards' is NULL");

  /* Slices of a global argument. */
  int64_t global[2] = {4, 8}, starts[2], limits[2];
  ASSERT_OK(
      sdy_executable_arg_device_slice(exe, 0, global, 2, 1, starts, limits, 2));
  assert_int_equal(starts[0], 0);
  assert_int_equal(limits[0], 4);
  assert_int_equal(starts[1], 4);
  assert_int_equal(limits[1], 8);
  int64_t bad_global[2] = {4, 10};
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, bad_global, 2, 1,
                                                 starts, limits, 2),
                 "sdy_executable_arg_device_slice: argument 0: global shape "
                 "[4, 10] does not fit the program's local type 4x4xf32: "
                 "dimension 1 of size 10 is split into 2 shards of 5, not 4");
  int64_t bad_rows[2] = {5, 8};
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, bad_rows, 2, 0, starts,
                                                 limits, 2),
                 "dimension 0 is not sharded, so its size must be 4");
  ASSERT_INVALID(
      sdy_executable_arg_device_slice(exe, 0, global, 2, 2, starts, limits, 2),
      "device 2 is out of range: the program runs on 2 devices");
  ASSERT_INVALID(
      sdy_executable_arg_device_slice(exe, 0, global, 1, 0, starts, limits, 2),
      "rank is 1, argument 0 has rank 2");
  ASSERT_INVALID(
      sdy_executable_arg_device_slice(exe, 3, global, 2, 0, starts, limits, 2),
      "argument index 3 is out of range");
  ASSERT_INVALID(
      sdy_executable_arg_device_slice(exe, 0, global, 2, 0, starts, limits, 1),
      "capacity 1 is smaller than the rank 2");
  ASSERT_INVALID(
      sdy_executable_arg_device_slice(exe, 0, global, 2, 0, NULL, limits, 2),
      "'out_starts' is NULL");
  int64_t negative[2] = {-4, 8};
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, negative, 2, 0, starts,
                                                 limits, 2),
                 "negative dimension in global shape [-4, 8]");
  sdy_executable_destroy(exe);
  ASSERT_INVALID(sdy_executable_num_devices(exe, &num_devices),
                 "not a live sdy_executable_t");
  sdy_executable_destroy(exe); /* no-op */
  sdy_executable_destroy(NULL);

  /* Device counts: unpartitioned programs run on one device. */
  exe = compile_text(f, kGlobalMatmul, "main");
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 1);
  sdy_executable_destroy(exe);
  /* A global program still holding sdy ops: one device, shardings ignored. */
  exe = compile_text(
      f,
      "sdy.mesh @mesh = <[\"x\"=4]>\n"
      "func.func @main(%a: tensor<8xf32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<8xf32> {\n"
      "  %0 = sdy.sharding_constraint %a <@mesh, [{}]> : tensor<8xf32>\n"
      "  return %0 : tensor<8xf32>\n"
      "}\n",
      NULL);
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 1);
  sdy_executable_destroy(exe);
  /* mhlo.num_partitions decides. */
  exe = compile_text(f,
                     "module attributes {mhlo.num_partitions = 1 : i64} {\n"
                     "sdy.mesh @mesh = <[\"x\"=4]>\n"
                     "func.func @main(%a: tensor<8xf32> {sdy.sharding = "
                     "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<8xf32> {\n"
                     "  return %a : tensor<8xf32>\n"
                     "}\n"
                     "}\n",
                     NULL);
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 1);
  sdy_executable_destroy(exe);
  /* Without shardings, from the collectives' device ids. */
  exe = compile_text(
      f,
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = \"stablehlo.collective_permute\"(%a) <{source_target_pairs = "
      "dense<[[0, 2], [2, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> "
      "tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n",
      NULL);
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 3);
  sdy_executable_destroy(exe);

  /* Errors. */
  sdy_module_t *module = NULL;
  ASSERT_INVALID(sdy_executable_compile(NULL, NULL, &exe),
                 "sdy_executable_compile: 'module' is NULL");
  ASSERT_INVALID(sdy_executable_compile(f->module, NULL, NULL),
                 "output pointer 'out_executable' is NULL");
  ASSERT_INVALID(sdy_executable_compile(f->module, "", &exe),
                 "string 'function' is empty");
  ASSERT_INVALID(sdy_executable_compile(f->module, "nope", &exe),
                 "sdy_executable_compile: the module has no function @nope");
  ASSERT_INVALID(sdy_executable_compile(f->module, "decl", &exe),
                 "@decl is a declaration without a body");
  ASSERT_OK(sdy_module_parse(f->ctx, kNegate, "neg.mlir", &module));
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe)); /* the only one */
  sdy_executable_destroy(exe);
  sdy_module_destroy(module);
  ASSERT_OK(
      sdy_module_parse(f->ctx,
                       "func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                       "  return %x : tensor<4xf32>\n}\n"
                       "func.func @b(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                       "  return %x : tensor<4xf32>\n}\n",
                       NULL, &module));
  ASSERT_INVALID(sdy_executable_compile(module, NULL, &exe),
                 "the module has no function @main and 2 public functions "
                 "(@a, @b): name the function to run");
  sdy_module_destroy(module);
  ASSERT_OK(
      sdy_module_parse(f->ctx,
                       "func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {\n"
                       "  return %x : tensor<?xf32>\n}\n",
                       NULL, &module));
  ASSERT_ERR(sdy_executable_compile(module, NULL, &exe), SDY_UNIMPLEMENTED,
             "argument 0 has type tensor<?xf32>: only statically shaped "
             "tensors can be run");
  sdy_module_destroy(module);
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @m2 = <[\"x\"=2]>\n"
      "sdy.mesh @m4 = <[\"x\"=4]>\n"
      "func.func @main(%x: tensor<4xf32> {sdy.sharding = "
      "#sdy.sharding<@m2, [{\"x\"}]>}) -> (tensor<4xf32> {sdy.sharding = "
      "#sdy.sharding<@m4, [{\"x\"}]>}) {\n"
      "  return %x : tensor<4xf32>\n}\n",
      NULL, &module));
  ASSERT_INVALID(sdy_executable_compile(module, NULL, &exe),
                 "the shardings use meshes of different device counts: "
                 "argument 0 has 2 devices, result 0 4");
  sdy_module_destroy(module);
  ASSERT_OK(
      sdy_module_parse(f->ctx,
                       "module attributes {mhlo.num_partitions = 8 : i64} {\n"
                       "sdy.mesh @m2 = <[\"x\"=2]>\n"
                       "func.func @main(%x: tensor<4xf32> {sdy.sharding = "
                       "#sdy.sharding<@m2, [{\"x\"}]>}) -> tensor<4xf32> {\n"
                       "  return %x : tensor<4xf32>\n}\n}\n",
                       NULL, &module));
  ASSERT_INVALID(sdy_executable_compile(module, NULL, &exe),
                 "mhlo.num_partitions is 8 but the sharding of argument 0 "
                 "uses a mesh of 2 devices");
  sdy_module_destroy(module);
}

/* Compile options (1.3): the compiled path gives the interpreter's results
 * and reports what it compiled; bad options are refused. */
static void test_executable_compile_with_options(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kNegate, "exe.mlir", &module));
  sdy_executable_options_t options;
  memset(&options, 0xff, sizeof options);
  sdy_executable_options_init(&options);
  sdy_executable_options_init(NULL); /* no-op */
  assert_int_equal(options.struct_size, SDY_EXECUTABLE_OPTIONS_SIZE_1_3);
  assert_int_equal(options.exec_mode, SDY_EXEC_MODE_INTERPRET);

  sdy_executable_t *interpreted = NULL, *compiled = NULL;
  ASSERT_OK(sdy_executable_compile_with_options(module, NULL, &options,
                                                &interpreted));
  options.exec_mode = SDY_EXEC_MODE_COMPILE;
  ASSERT_OK(
      sdy_executable_compile_with_options(module, NULL, &options, &compiled));
  char *report = NULL;
  ASSERT_OK(sdy_executable_compile_report(interpreted, &report));
  assert_string_equal(report, "");
  sdy_string_destroy(report);
  ASSERT_OK(sdy_executable_compile_report(compiled, &report));
  assert_non_null(strstr(report, "execution mode: compile"));
  assert_non_null(strstr(report, "1 ops compiled in 1 clusters"));
  sdy_string_destroy(report);

  sdy_backend_t *one = NULL;
  ASSERT_OK(sdy_backend_create_local(1, &one));
  float in[4] = {1.0f, -2.5f, 0.0f, 8.0f};
  float out[2][4];
  int64_t shape[1] = {4};
  sdy_tensor_t arg = f32_tensor(in, 1, shape);
  sdy_executable_t *exes[2] = {interpreted, compiled};
  for (int i = 0; i < 2; ++i) {
    sdy_tensor_t result = f32_tensor(out[i], 1, shape);
    ASSERT_OK(sdy_executable_run_local(exes[i], one, &arg, 1, &result, 1));
  }
  const float expected[4] = {-1.0f, 2.5f, -0.0f, -8.0f};
  assert_memory_equal(out[0], expected, sizeof expected);
  assert_memory_equal(out[1], expected, sizeof expected);

  /* NULL options: the defaults (interpret). */
  sdy_executable_t *plain = NULL;
  ASSERT_OK(sdy_executable_compile_with_options(module, NULL, NULL, &plain));
  sdy_executable_destroy(plain);

  options.exec_mode = 7;
  ASSERT_INVALID(
      sdy_executable_compile_with_options(module, NULL, &options, &plain),
      "sdy_executable_compile_with_options: options->exec_mode is 7: use "
      "SDY_EXEC_MODE_INTERPRET (0), SDY_EXEC_MODE_AUTO (1) or "
      "SDY_EXEC_MODE_COMPILE (2)");
  options.exec_mode = SDY_EXEC_MODE_AUTO;
  options.struct_size = 4;
  ASSERT_INVALID(
      sdy_executable_compile_with_options(module, NULL, &options, &plain),
      "options->struct_size is 4, not the size of an "
      "sdy_executable_options_t (call sdy_executable_options_init() first)");
  struct {
    sdy_executable_options_t v1;
    int64_t future;
  } newer;
  sdy_executable_options_init(&newer.v1);
  newer.v1.struct_size = sizeof newer;
  newer.future = 1;
  ASSERT_ERR(
      sdy_executable_compile_with_options(module, NULL, &newer.v1, &plain),
      SDY_UNIMPLEMENTED, "options set fields of a newer version");
  ASSERT_INVALID(
      sdy_executable_compile_with_options(NULL, NULL, &options, &plain),
      "'module' is NULL");
  ASSERT_INVALID(sdy_executable_compile_report(NULL, &report),
                 "'executable' is NULL");
  ASSERT_INVALID(sdy_executable_compile_report(compiled, NULL),
                 "'out_report' is NULL");

  sdy_backend_destroy(one);
  sdy_executable_destroy(interpreted);
  sdy_executable_destroy(compiled);
  sdy_module_destroy(module);
}

static void test_executable_run_matmul(void **state) {
  fixture_t *f = *state;
  float a[32], b[24];
  matmul_inputs(a, b);
  int64_t a_shape[2] = {4, 8}, b_shape[2] = {8, 3}, c_shape[2] = {3, 0};
  c_shape[0] = 4;
  c_shape[1] = 3;

  /* Reference: the unpartitioned program on one device. */
  sdy_executable_t *ref = compile_text(f, kGlobalMatmul, NULL);
  sdy_backend_t *one = NULL, *two = NULL;
  ASSERT_OK(sdy_backend_create_local(1, &one));
  ASSERT_OK(sdy_backend_create_local(2, &two));
  float expected[12], expected_a[32];
  sdy_tensor_t args[2] = {f32_tensor(a, 2, a_shape), f32_tensor(b, 2, b_shape)};
  sdy_tensor_t results[2] = {f32_tensor(expected, 2, c_shape),
                             f32_tensor(expected_a, 2, a_shape)};
  ASSERT_OK(sdy_executable_run_global(ref, one, args, 2, results, 2));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) {
      float sum = 0;
      for (int k = 0; k < 8; ++k)
        sum += a[i * 8 + k] * b[k * 3 + j];
      assert_true(expected[i * 3 + j] == sum);
    }
  assert_memory_equal(expected_a, a, sizeof a);
  /* run_local on one device is the same run. */
  float local_c[12];
  results[0] = f32_tensor(local_c, 2, c_shape);
  ASSERT_OK(sdy_executable_run_local(ref, one, args, 2, results, 2));
  assert_memory_equal(local_c, expected, sizeof expected);

  /* The partitioned program on 2 devices, with global arrays. */
  sdy_executable_t *exe = compile_text(f, kPartitionedMatmul, NULL);
  float c[12], gathered_a[32];
  memset(c, 0, sizeof c);
  memset(gathered_a, 0, sizeof gathered_a);
  results[0] = f32_tensor(c, 2, c_shape);
  results[1] = f32_tensor(gathered_a, 2, a_shape);
  ASSERT_OK(sdy_executable_run_global(exe, two, args, 2, results, 2));
  assert_memory_equal(c, expected, sizeof expected);
  assert_memory_equal(gathered_a, a, sizeof a);

  /* Strided (column-major) global B gives the same result. */
  float b_col[24];
  for (int k = 0; k < 8; ++k)
    for (int j = 0; j < 3; ++j)
      b_col[j * 8 + k] = b[k * 3 + j];
  int64_t b_strides[2] = {1, 8};
  sdy_tensor_t strided[2] = {args[0], f32_tensor(b_col, 2, b_shape)};
  strided[1].strides = b_strides;
  memset(c, 0, sizeof c);
  ASSERT_OK(sdy_executable_run_global(exe, two, strided, 2, results, 2));
  assert_memory_equal(c, expected, sizeof expected);

  /* Per-device buffers: each device's slices, device-major. */
  float a_loc[2][16], b_loc[2][12], c_loc[2][12], a_out[2][16];
  int64_t la_shape[2] = {4, 4}, lb_shape[2] = {4, 3};
  sdy_tensor_t local_args[4], local_results[4];
  for (int d = 0; d < 2; ++d) {
    int64_t starts[2], limits[2];
    ASSERT_OK(sdy_executable_arg_device_slice(exe, 0, a_shape, 2, d, starts,
                                              limits, 2));
    for (int i = 0; i < 4; ++i)
      for (int k = 0; k < 4; ++k)
        a_loc[d][i * 4 + k] = a[i * 8 + starts[1] + k];
    ASSERT_OK(sdy_executable_arg_device_slice(exe, 1, b_shape, 2, d, starts,
                                              limits, 2));
    assert_int_equal(limits[0] - starts[0], 4);
    memcpy(b_loc[d], b + starts[0] * 3, sizeof b_loc[d]);
    local_args[2 * d] = f32_tensor(a_loc[d], 2, la_shape);
    local_args[2 * d + 1] = f32_tensor(b_loc[d], 2, lb_shape);
    local_results[2 * d] = f32_tensor(c_loc[d], 2, c_shape);
    local_results[2 * d + 1] = f32_tensor(a_out[d], 2, la_shape);
  }
  ASSERT_OK(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2));
  for (int d = 0; d < 2; ++d) {
    assert_memory_equal(c_loc[d], expected, sizeof expected);
    assert_memory_equal(a_out[d], a_loc[d], sizeof a_loc[d]);
  }

  /* Errors of run_local. */
  ASSERT_INVALID(
      sdy_executable_run_local(exe, one, local_args, 2, local_results, 2),
      "sdy_executable_run_local: the program runs on 2 devices, "
      "the backend 'local' has 1");
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 1, local_results, 2),
      "@main takes 2 arguments, num_args is 1");
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 3),
      "@main returns 2 results, num_results is 3");
  ASSERT_INVALID(sdy_executable_run_local(exe, two, NULL, 2, local_results, 2),
                 "'args' is NULL");
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2, NULL, 2),
                 "'results' is NULL");
  ASSERT_INVALID(
      sdy_executable_run_local(NULL, two, local_args, 2, local_results, 2),
      "sdy_executable_run_local: 'executable' is NULL");
  ASSERT_INVALID(
      sdy_executable_run_local(exe, NULL, local_args, 2, local_results, 2),
      "'backend' is NULL");
  sdy_tensor_t saved = local_args[3];
  local_args[3] = f32_tensor(b_loc[1], 2, la_shape);
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "argument 1 of device 1 (args[3]): shape [4, 4] does not "
      "match the program's 4x3xf32");
  local_args[3] = saved;
  local_args[2].dtype.bits = 64;
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "argument 0 of device 1 (args[2]): dtype {code=2, bits=64, "
      "lanes=1} (f64) does not match the program's f32");
  local_args[2].dtype.bits = 32;
  local_args[2].dtype.lanes = 4;
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "unsupported dtype {code=2, bits=32, lanes=4}");
  local_args[2].dtype.lanes = 1;
  local_args[0].ndim = 1;
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "args[0]): ndim is 1, the program expects rank 2");
  local_args[0].ndim = 2;
  local_args[0].shape = NULL;
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "shape is NULL with ndim 2");
  local_args[0].shape = la_shape;
  local_args[0].data = NULL;
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "argument 0 of device 0 (args[0]): data is NULL");
  local_args[0].data = a_loc[0];
  local_args[0].device.device_type = 2; /* kDLCUDA */
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "device_type 2 is not host memory (kDLCPU = 1)");
  local_args[0].device.device_type = 0; /* unset: host */
  local_results[3].data = NULL;
  ASSERT_INVALID(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2),
      "result 1 of device 1 (results[3]): data is NULL");
  local_results[3].data = a_out[1];
  ASSERT_OK(
      sdy_executable_run_local(exe, two, local_args, 2, local_results, 2));

  /* Errors of run_global. */
  ASSERT_INVALID(sdy_executable_run_global(exe, one, args, 2, results, 2),
                 "sdy_executable_run_global: the program runs on 2 devices, "
                 "the backend 'local' has 1");
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 3, results, 2),
                 "@main takes 2 arguments, num_args is 3");
  ASSERT_INVALID(sdy_executable_run_global(exe, two, NULL, 2, results, 2),
                 "'global_args' is NULL");
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, NULL, 2),
                 "'global_results' is NULL");
  ASSERT_INVALID(sdy_executable_run_global(exe, NULL, args, 2, results, 2),
                 "sdy_executable_run_global: 'backend' is NULL");
  int64_t wrong_b[2] = {6, 3};
  args[1].shape = wrong_b;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "global argument 1: global shape [6, 3] does not fit the "
                 "program's local type 4x3xf32: dimension 0 of size 6 is split "
                 "into 2 shards of 3, not 4");
  args[1].shape = b_shape;
  results[0].shape = a_shape;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "global result 0: global shape [4, 8] does not fit the "
                 "program's local type 4x3xf32: dimension 1 is not sharded, so "
                 "its size must be 3");
  results[0].shape = c_shape;
  int64_t huge[2] = {INT64_MAX / 2, 4};
  args[0].shape = huge;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "global argument 0: shape [4611686018427387903, 4] is too "
                 "large");
  args[0].shape = a_shape;
  int64_t neg[2] = {4, -8};
  args[0].shape = neg;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "negative dimension in shape [4, -8]");
  args[0].shape = a_shape;

  sdy_executable_destroy(exe);
  sdy_executable_destroy(ref);
  sdy_backend_destroy(one);
  sdy_backend_destroy(two);
}

static void test_executable_run_indivisible(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f, kIndivisible, NULL);
  sdy_backend_t *two = NULL;
  ASSERT_OK(sdy_backend_create_local(2, &two));
  for (int rows = 5; rows <= 6; ++rows) {
    int32_t in[12], neg[12], first[6], total = -1;
    memset(neg, 0x55, sizeof neg);
    int32_t expected_total = 0;
    for (int i = 0; i < rows * 2; ++i) {
      in[i] = i + 1;
      expected_total += i + 1;
    }
    int64_t shape[2] = {rows, 2}, first_shape[2] = {3, 2};
    sdy_tensor_t args[1] = {make_tensor(in, 2, shape, SDY_DL_INT, 32)};
    sdy_tensor_t results[3] = {
        make_tensor(neg, 2, shape, SDY_DL_INT, 32),
        make_tensor(first, 2, first_shape, SDY_DL_INT, 32),
        make_tensor(&total, 0, NULL, SDY_DL_INT, 32)};
    ASSERT_OK(sdy_executable_run_global(exe, two, args, 1, results, 3));
    for (int i = 0; i < rows * 2; ++i)
      assert_int_equal(neg[i], -in[i]);
    assert_int_equal(neg[rows * 2 < 12 ? rows * 2 : 11],
                     rows * 2 < 12 ? 0x55555555 : -in[11]);
    /* The replicated result 1 comes from device 0: its rows [0, 3). */
    assert_memory_equal(first, in, sizeof first);
    /* Device 1's padding rows are zeros. */
    assert_int_equal(total, expected_total);
    int64_t starts[2], limits[2];
    ASSERT_OK(sdy_executable_arg_device_slice(exe, 0, shape, 2, 1, starts,
                                              limits, 2));
    assert_int_equal(starts[0], 3);
    assert_int_equal(limits[0], rows);
  }
  /* 4 rows: ceil(4 / 2) = 2 is not the local 3. */
  int32_t in[8] = {0}, out[8], first[6], total;
  int64_t shape[2] = {4, 2}, first_shape[2] = {3, 2};
  sdy_tensor_t args[1] = {make_tensor(in, 2, shape, SDY_DL_INT, 32)};
  sdy_tensor_t results[3] = {make_tensor(out, 2, shape, SDY_DL_INT, 32),
                             make_tensor(first, 2, first_shape, SDY_DL_INT, 32),
                             make_tensor(&total, 0, NULL, SDY_DL_INT, 32)};
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 1, results, 3),
                 "dimension 0 of size 4 is split into 2 shards of 2, not 3");
  /* Unsigned ints are not signed ints. */
  args[0].dtype.code = SDY_DL_UINT;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 1, results, 3),
                 "dtype {code=1, bits=32, lanes=1} (ui32) does not match the "
                 "program's i32");
  sdy_executable_destroy(exe);
  sdy_backend_destroy(two);
}

static void test_executable_run_wrapped_and_failures(void **state) {
  fixture_t *f = *state;
  /* A one-device program on an in-process table. */
  fake_backend_t fake = {1, 1};
  sdy_backend_table_t table = fake_table(&fake);
  sdy_backend_t *backend = NULL;
  ASSERT_OK(sdy_backend_wrap(&table, &backend));
  sdy_executable_t *exe = compile_text(f, kNegate, "neg");
  float in[4] = {1, -2, 3, -4}, out[4] = {0};
  int64_t shape[1] = {4};
  sdy_tensor_t arg = f32_tensor(in, 1, shape);
  sdy_tensor_t result = f32_tensor(out, 1, shape);
  ASSERT_OK(sdy_executable_run_global(exe, backend, &arg, 1, &result, 1));
  for (int i = 0; i < 4; ++i)
    assert_true(out[i] == -in[i]);
  /* Strided result (every other element of a buffer of 8). */
  float wide[8];
  memset(wide, 0, sizeof wide);
  int64_t stride[1] = {2};
  sdy_tensor_t strided = f32_tensor(wide, 1, shape);
  strided.strides = stride;
  ASSERT_OK(sdy_executable_run_local(exe, backend, &arg, 1, &strided, 1));
  for (int i = 0; i < 4; ++i) {
    assert_true(wide[2 * i] == -in[i]);
    assert_true(wide[2 * i + 1] == 0);
  }
  /* byte_offset. */
  float shifted[5] = {9, 1, -2, 3, -4};
  sdy_tensor_t offset_arg = f32_tensor(shifted, 1, shape);
  offset_arg.byte_offset = sizeof(float);
  ASSERT_OK(
      sdy_executable_run_global(exe, backend, &offset_arg, 1, &result, 1));
  for (int i = 0; i < 4; ++i)
    assert_true(out[i] == -in[i]);
  sdy_executable_destroy(exe);
  sdy_backend_destroy(backend);

  /* Two devices, one of them driven here (like mpi): global runs refuse,
   * local runs give this process's device its arguments. */
  fake_backend_t half = {2, 1};
  sdy_backend_table_t half_table = fake_table(&half);
  ASSERT_OK(sdy_backend_wrap(&half_table, &backend));
  exe = compile_text(f,
                     "module attributes {mhlo.num_partitions = 2 : i64} {\n"
                     "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                     "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
                     "  return %0 : tensor<4xf32>\n"
                     "}\n"
                     "}\n",
                     NULL);
  ASSERT_ERR(sdy_executable_run_global(exe, backend, &arg, 1, &result, 1),
             SDY_FAILED_PRECONDITION,
             "global runs need every device in this process; backend 'fake' "
             "drives 1 of 2 devices here (use sdy_executable_run_local)");
  memset(out, 0, sizeof out);
  ASSERT_OK(sdy_executable_run_local(exe, backend, &arg, 1, &result, 1));
  for (int i = 0; i < 4; ++i)
    assert_true(out[i] == -in[i]);
  sdy_executable_destroy(exe);

  /* A collective on a backend without collectives fails cleanly. */
  exe = compile_text(f, kPartitionedMatmul, NULL);
  float a[32], b[24], c[12], a_out[32];
  matmul_inputs(a, b);
  int64_t a_shape[2] = {4, 8}, b_shape[2] = {8, 3}, c_shape[2] = {4, 3};
  half.local = 2;
  sdy_tensor_t args[2] = {f32_tensor(a, 2, a_shape), f32_tensor(b, 2, b_shape)};
  sdy_tensor_t results[2] = {f32_tensor(c, 2, c_shape),
                             f32_tensor(a_out, 2, a_shape)};
  ASSERT_ERR(sdy_executable_run_global(exe, backend, args, 2, results, 2),
             SDY_UNIMPLEMENTED,
             "sdy_executable_run_global: running @main failed: device");
  sdy_executable_destroy(exe);
  sdy_backend_destroy(backend);
}

static void test_executable_partition_preset(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kAnnotatedMatmul, "global.mlir", &module));
  partition_module(f->ctx, module);
  sdy_executable_t *global = NULL;
  char *text = NULL;
  ASSERT_OK(sdy_module_print(module, SDY_PRINT_DEFAULT, &text));
  if (!strstr(text, "stablehlo.all_reduce"))
    fail_msg("partitioned module has no all_reduce:\n%s", text);
  sdy_string_destroy(text);
  ASSERT_OK(sdy_executable_compile(module, NULL, &global));
  int64_t num_devices = 0;
  ASSERT_OK(sdy_executable_num_devices(global, &num_devices));
  assert_int_equal(num_devices, 2);

  float a[32], b[24], c[12], expected[12];
  matmul_inputs(a, b);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) {
      float sum = 0;
      for (int k = 0; k < 8; ++k)
        sum += a[i * 8 + k] * b[k * 3 + j];
      expected[i * 3 + j] = sum;
    }
  int64_t a_shape[2] = {4, 8}, b_shape[2] = {8, 3}, c_shape[2] = {4, 3};
  sdy_tensor_t args[2] = {f32_tensor(a, 2, a_shape), f32_tensor(b, 2, b_shape)};
  sdy_tensor_t result = f32_tensor(c, 2, c_shape);
  sdy_backend_t *two = NULL;
  ASSERT_OK(sdy_backend_create_local(2, &two));
  ASSERT_OK(sdy_executable_run_global(global, two, args, 2, &result, 1));
  assert_memory_equal(c, expected, sizeof expected);
  sdy_executable_destroy(global);
  sdy_backend_destroy(two);
  sdy_module_destroy(module);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_executable_compile, setup, teardown),
      cmocka_unit_test_setup_teardown(test_executable_compile_with_options,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_executable_run_matmul, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_executable_run_indivisible, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_executable_run_wrapped_and_failures,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_executable_partition_preset, setup,
                                      teardown),
  };
  return cmocka_run_group_tests_name("sdy_c_executable", tests, NULL, NULL);
}
