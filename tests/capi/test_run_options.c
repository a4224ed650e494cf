/* CMocka suite of the run options and the failure modes of runs (ABI 1.1):
 * status codes, sdy_run_options_t validation, cancellation, run and
 * collective timeouts, the release of peers when a device stops,
 * allocation failures, and the checks of global shapes, unpartitioned
 * modules and alignment. Every error path checks the code and the
 * message. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "sdy_c/sdy_c.h"

/*--- helpers
 * -----------------------------------------------------------------*/

#include "status_assert.h"

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static sdy_executable_t *compile_text(sdy_context_t *ctx, const char *text) {
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(ctx, text, "run.mlir", &module));
  sdy_executable_t *exe = NULL;
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe));
  sdy_module_destroy(module);
  return exe;
}

typedef struct {
  sdy_context_t *ctx;
  sdy_backend_t *two;
} fixture_t;

static int setup(void **state) {
  fixture_t *f = calloc(1, sizeof *f);
  ASSERT_OK(sdy_context_create(&f->ctx));
  ASSERT_OK(sdy_backend_create_local(2, &f->two));
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture_t *f = *state;
  sdy_backend_destroy(f->two);
  sdy_context_destroy(f->ctx);
  free(f);
  return 0;
}

/* Device 0 enters an all_reduce over {0, 1}; device 1 runs BRANCH1 (which
 * ends with `stablehlo.return %v : tensor<4xf32>`) and never joins. */
#define DIVERGING_PROGRAM(BRANCH1)                                             \
  "module attributes {mhlo.num_partitions = 2 : i64} {\n"                      \
  "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"                    \
  "  %pid = stablehlo.partition_id : tensor<ui32>\n"                           \
  "  %zero = stablehlo.constant dense<0> : tensor<ui32>\n"                     \
  "  %p = stablehlo.compare EQ, %pid, %zero : (tensor<ui32>, tensor<ui32>) "   \
  "-> tensor<i1>\n"                                                            \
  "  %r = \"stablehlo.if\"(%p) ({\n"                                           \
  "    %s = \"stablehlo.all_reduce\"(%a) <{replica_groups = dense<[[0, 1]]> "  \
  ": tensor<1x2xi64>}> ({\n"                                                   \
  "    ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"                              \
  "      %t = stablehlo.add %x, %y : tensor<f32>\n"                            \
  "      stablehlo.return %t : tensor<f32>\n"                                  \
  "    }) : (tensor<4xf32>) -> tensor<4xf32>\n"                                \
  "    stablehlo.return %s : tensor<4xf32>\n"                                  \
  "  }, {\n" BRANCH1 "  }) : (tensor<i1>) -> tensor<4xf32>\n"                  \
  "  return %r : tensor<4xf32>\n"                                              \
  "}\n"                                                                        \
  "}\n"

/* Device 1 simply returns. */
static const char *kNeverJoins =
    DIVERGING_PROGRAM("    stablehlo.return %a : tensor<4xf32>\n");

/* Device 1 needs a tensor far larger than any machine's memory. */
static const char *kPeerOutOfMemory = DIVERGING_PROGRAM(
    "    %c = stablehlo.constant dense<1.0> : tensor<f32>\n"
    "    %big = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> "
    "tensor<1000000x1000000x1000xf32>\n"
    "    stablehlo.return %a : tensor<4xf32>\n");

/* A loop of 2^40 iterations (never finishes in a test), then an
 * all_reduce. */
static const char *kLongLoop =
    "module attributes {mhlo.num_partitions = 2 : i64} {\n"
    "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %c0 = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %n = stablehlo.constant dense<1099511627776> : tensor<i64>\n"
    "  %w:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i64>, "
    "tensor<4xf32>\n"
    "   cond {\n"
    "    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i64>, "
    "tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %lt : tensor<i1>\n"
    "  } do {\n"
    "    %c1 = stablehlo.constant dense<1> : tensor<i64>\n"
    "    %j = stablehlo.add %i, %c1 : tensor<i64>\n"
    "    stablehlo.return %j, %x : tensor<i64>, tensor<4xf32>\n"
    "  }\n"
    "  %s = \"stablehlo.all_reduce\"(%w#1) <{replica_groups = dense<[[0, 1]]> "
    ": tensor<1x2xi64>}> ({\n"
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
    "    %t = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %t : tensor<f32>\n"
    "  }) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %s : tensor<4xf32>\n"
    "}\n"
    "}\n";

/* Two devices add their arguments (all_reduce). */
static const char *kSum =
    "module attributes {mhlo.num_partitions = 2 : i64} {\n"
    "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %s = \"stablehlo.all_reduce\"(%a) <{replica_groups = dense<[[0, 1]]> "
    ": tensor<1x2xi64>}> ({\n"
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
    "    %t = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %t : tensor<f32>\n"
    "  }) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %s : tensor<4xf32>\n"
    "}\n"
    "}\n";

/* Per-device buffers of a 2-device run of a tensor<4xf32> -> tensor<4xf32>
 * program. */
typedef struct {
  float in[2][4], out[2][4];
  int64_t shape[1];
  sdy_tensor_t args[2], results[2];
} run_buffers_t;

static void init_buffers(run_buffers_t *b) {
  b->shape[0] = 4;
  for (int d = 0; d < 2; ++d) {
    for (int i = 0; i < 4; ++i) {
      b->in[d][i] = (float)(d * 10 + i);
      b->out[d][i] = -1;
    }
    b->args[d] = make_tensor(b->in[d], 1, b->shape, SDY_DL_FLOAT, 32);
    b->results[d] = make_tensor(b->out[d], 1, b->shape, SDY_DL_FLOAT, 32);
  }
}

static sdy_status_t *run2(const sdy_executable_t *exe,
                          const sdy_backend_t *backend, run_buffers_t *b,
                          const sdy_run_options_t *options) {
  return sdy_executable_run_local_with_options(exe, backend, b->args, 1,
                                               b->results, 1, options);
}

/* run2 must fail with `code` and a message containing `fragment` after
 * `min_seconds` to 5 seconds: a stopped run never waits for the default
 * limits. `what` starts the failure message ("<what> after N s"). */
static void assert_run_stops(const sdy_executable_t *exe,
                             const sdy_backend_t *backend, run_buffers_t *b,
                             const sdy_run_options_t *options, int32_t code,
                             const char *fragment, double min_seconds,
                             const char *what) {
  double t0 = now_seconds();
  ASSERT_ERR(run2(exe, backend, b, options), code, fragment);
  double elapsed = now_seconds() - t0;
  if (elapsed < min_seconds || elapsed > 5.0)
    fail_msg("%s after %.3f s", what, elapsed);
}

/*--- status codes
 * ------------------------------------------------------------*/

static void test_status_codes(void **state) {
  (void)state;
  assert_int_equal(SDY_DEADLINE_EXCEEDED, 7);
  assert_int_equal(SDY_UNAVAILABLE, 8);
  assert_int_equal(SDY_RESOURCE_EXHAUSTED, 9);
  assert_int_equal(SDY_CANCELLED, 10);
  assert_string_equal(sdy_status_code_name(SDY_DEADLINE_EXCEEDED),
                      "SDY_DEADLINE_EXCEEDED");
  assert_string_equal(sdy_status_code_name(SDY_UNAVAILABLE), "SDY_UNAVAILABLE");
  assert_string_equal(sdy_status_code_name(SDY_RESOURCE_EXHAUSTED),
                      "SDY_RESOURCE_EXHAUSTED");
  assert_string_equal(sdy_status_code_name(SDY_CANCELLED), "SDY_CANCELLED");
  assert_string_equal(sdy_status_code_name(11), "SDY_UNKNOWN");
  assert_int_equal(SDY_C_API_VERSION_MINOR, 4);
  assert_int_equal(sdy_version(), 10400);
  assert_int_equal(sdy_version_is_compatible(10100), 1);
}

/*--- options
 * -----------------------------------------------------------------*/

static void test_options_init_and_validation(void **state) {
  fixture_t *f = *state;
  sdy_run_options_t options;
  memset(&options, 0x7f, sizeof options);
  sdy_run_options_init(&options);
  assert_int_equal(options.struct_size, sizeof(sdy_run_options_t));
  assert_int_equal(options.struct_size, SDY_RUN_OPTIONS_SIZE_1_1);
  assert_int_equal(options.timeout_ms, 0);
  assert_int_equal(options.collective_timeout_ms, 60000);
  assert_null((const void *)options.cancel);
  sdy_run_options_init(NULL); /* no-op */

  sdy_executable_t *exe = compile_text(f->ctx, kSum);
  run_buffers_t b;
  init_buffers(&b);
  /* NULL options and initialised options both run with the defaults. */
  ASSERT_OK(run2(exe, f->two, &b, NULL));
  for (int i = 0; i < 4; ++i)
    assert_true(b.out[0][i] == b.in[0][i] + b.in[1][i]);
  ASSERT_OK(run2(exe, f->two, &b, &options));

  sdy_run_options_t bad = options;
  bad.struct_size = 8;
  ASSERT_INVALID(run2(exe, f->two, &b, &bad),
                 "sdy_executable_run_local_with_options: options->struct_size "
                 "is 8, smaller than the 32 bytes of the first version of "
                 "sdy_run_options_t (call sdy_run_options_init() first)");
  bad.struct_size = 0;
  ASSERT_INVALID(run2(exe, f->two, &b, &bad), "options->struct_size is 0");
  bad.struct_size = (size_t)1 << 40;
  ASSERT_INVALID(run2(exe, f->two, &b, &bad),
                 "options->struct_size is 1099511627776, not the size of an "
                 "sdy_run_options_t");
  bad = options;
  bad.timeout_ms = -1;
  ASSERT_INVALID(run2(exe, f->two, &b, &bad),
                 "options->timeout_ms is -1: use 0 for no limit, or a "
                 "positive number of milliseconds");
  bad = options;
  bad.collective_timeout_ms = -5;
  ASSERT_INVALID(run2(exe, f->two, &b, &bad),
                 "options->collective_timeout_ms is -5: use 0 to wait "
                 "forever");

  /* A newer caller's larger struct: zero extra fields are their defaults;
   * a set one is refused. */
  struct {
    sdy_run_options_t v1;
    int64_t future;
  } newer;
  memset(&newer, 0, sizeof newer);
  sdy_run_options_init(&newer.v1);
  newer.v1.struct_size = sizeof newer;
  ASSERT_OK(run2(exe, f->two, &b, &newer.v1));
  newer.future = 3;
  ASSERT_ERR(run2(exe, f->two, &b, &newer.v1), SDY_UNIMPLEMENTED,
             "options set fields of a newer version (byte 32 of 40) that "
             "this library (1.4) does not know");

  /* run_global with options. */
  float global_in[4] = {1, 2, 3, 4}, global_out[4];
  int64_t shape[1] = {4};
  sdy_tensor_t garg = make_tensor(global_in, 1, shape, SDY_DL_FLOAT, 32);
  sdy_tensor_t gres = make_tensor(global_out, 1, shape, SDY_DL_FLOAT, 32);
  ASSERT_OK(sdy_executable_run_global_with_options(exe, f->two, &garg, 1, &gres,
                                                   1, &options));
  for (int i = 0; i < 4; ++i)
    assert_true(global_out[i] == 2 * global_in[i]);
  ASSERT_OK(sdy_executable_run_global_with_options(exe, f->two, &garg, 1, &gres,
                                                   1, NULL));
  ASSERT_INVALID(sdy_executable_run_global_with_options(exe, f->two, &garg, 1,
                                                        &gres, 1, &bad),
                 "sdy_executable_run_global_with_options: "
                 "options->collective_timeout_ms is -5");
  ASSERT_INVALID(sdy_executable_run_global_with_options(NULL, f->two, &garg, 1,
                                                        &gres, 1, NULL),
                 "sdy_executable_run_global_with_options: 'executable' is "
                 "NULL");
  ASSERT_INVALID(run2(exe, NULL, &b, NULL),
                 "sdy_executable_run_local_with_options: 'backend' is NULL");
  sdy_executable_destroy(exe);
}

/*--- cancellation and deadlines
 * ----------------------------------------------*/

typedef struct {
  volatile int32_t *flag;
  int delay_ms;
} canceller_t;

static void *cancel_later(void *arg) {
  canceller_t *c = arg;
  struct timespec ts = {c->delay_ms / 1000, (c->delay_ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
  __atomic_store_n(c->flag, 1, __ATOMIC_SEQ_CST);
  return NULL;
}

static void test_cancel(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f->ctx, kLongLoop);
  run_buffers_t b;
  init_buffers(&b);
  volatile int32_t flag = 1;
  sdy_run_options_t options;
  sdy_run_options_init(&options);
  options.cancel = &flag;
  /* Already set: the run stops before its first op. */
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_CANCELLED,
             "sdy_executable_run_local_with_options: running @main failed: "
             "device ");
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_CANCELLED,
             "the run was cancelled");
  /* Set by another thread while both devices loop. */
  flag = 0;
  canceller_t c = {&flag, 100};
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, cancel_later, &c), 0);
  double t0 = now_seconds();
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_CANCELLED,
             "the run was cancelled");
  double elapsed = now_seconds() - t0;
  pthread_join(thread, NULL);
  if (elapsed > 5.0)
    fail_msg("cancelling took %.2f s", elapsed);
  sdy_executable_destroy(exe);

  /* Device 0 waits forever (collective timeout 0) for device 1, which has
   * returned: the cancel flag still stops the run. */
  exe = compile_text(f->ctx, kNeverJoins);
  flag = 0;
  options.collective_timeout_ms = 0;
  assert_int_equal(pthread_create(&thread, NULL, cancel_later, &c), 0);
  t0 = now_seconds();
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_CANCELLED,
             "'stablehlo.all_reduce' at");
  elapsed = now_seconds() - t0;
  pthread_join(thread, NULL);
  if (elapsed > 5.0)
    fail_msg("cancelling a waiting collective took %.2f s", elapsed);
  sdy_executable_destroy(exe);

  /* A cancel flag that is never set changes nothing. */
  exe = compile_text(f->ctx, kSum);
  flag = 0;
  options.collective_timeout_ms = 60000;
  ASSERT_OK(run2(exe, f->two, &b, &options));
  for (int i = 0; i < 4; ++i)
    assert_true(b.out[1][i] == b.in[0][i] + b.in[1][i]);
  sdy_executable_destroy(exe);
}

static void test_run_timeout(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f->ctx, kLongLoop);
  run_buffers_t b;
  init_buffers(&b);
  sdy_run_options_t options;
  sdy_run_options_init(&options);
  options.timeout_ms = 150;
  assert_run_stops(exe, f->two, &b, &options, SDY_DEADLINE_EXCEEDED,
                   "run timeout of 150 ms exceeded", 0.14,
                   "a 150 ms run timeout ended the run");
  /* The message names the device and the op. */
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_DEADLINE_EXCEEDED,
             ": device ");
  sdy_executable_destroy(exe);

  /* Device 0 waits in a collective that device 1 never joins; the run
   * timeout (150 ms) is tighter than the collective timeout (60 s). */
  exe = compile_text(f->ctx, kNeverJoins);
  assert_run_stops(exe, f->two, &b, &options, SDY_DEADLINE_EXCEEDED,
                   "device 0: 'stablehlo.if' at", 0,
                   "a 150 ms run timeout in a collective took");
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_DEADLINE_EXCEEDED,
             "run timeout of 150 ms exceeded in a collective");
  sdy_executable_destroy(exe);
}

static void test_collective_timeout(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f->ctx, kNeverJoins);
  run_buffers_t b;
  init_buffers(&b);
  sdy_run_options_t options;
  sdy_run_options_init(&options);
  options.collective_timeout_ms = 200;
  assert_run_stops(exe, f->two, &b, &options, SDY_DEADLINE_EXCEEDED,
                   "'stablehlo.all_reduce' at", 0.19,
                   "a 200 ms collective timeout ended the run");
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_DEADLINE_EXCEEDED,
             "collective timeout of 200 ms exceeded");
  /* The same backend runs again normally after the timeouts. */
  sdy_executable_t *sum = compile_text(f->ctx, kSum);
  ASSERT_OK(run2(sum, f->two, &b, NULL));
  for (int i = 0; i < 4; ++i)
    assert_true(b.out[0][i] == b.in[0][i] + b.in[1][i]);
  sdy_executable_destroy(sum);
  sdy_executable_destroy(exe);
}

/*--- a failing device releases its peers
 * -------------------------------------*/

static void test_peer_failure_releases_waiters(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f->ctx, kPeerOutOfMemory);
  run_buffers_t b;
  init_buffers(&b);
  sdy_run_options_t options;
  sdy_run_options_init(&options);
  options.collective_timeout_ms = 0; /* device 0 would wait forever */
  /* The root cause (device 1's allocation) is reported, not device 0's
   * release. */
  assert_run_stops(exe, f->two, &b, &options, SDY_RESOURCE_EXHAUSTED,
                   "'stablehlo.broadcast_in_dim' at", 0,
                   "device 0 was released");
  ASSERT_ERR(run2(exe, f->two, &b, &options), SDY_RESOURCE_EXHAUSTED,
             "tensor<1000000x1000000x1000xf32> needs 4000000000000000 "
             "bytes, more than this machine's");
  /* The default options behave the same (no 60 s wait). */
  double t0 = now_seconds();
  ASSERT_ERR(sdy_executable_run_local(exe, f->two, b.args, 1, b.results, 1),
             SDY_RESOURCE_EXHAUSTED, "failed: device 1: 'stablehlo.if' at");
  double elapsed = now_seconds() - t0;
  if (elapsed > 5.0)
    fail_msg("device 0 was released after %.3f s", elapsed);
  sdy_executable_destroy(exe);
}

/*--- global shapes, unpartitioned modules, alignment
 * -------------------------*/

/* Rows split over 2 devices, 5 global rows (3 local, padded). */
static const char *kAnnotatedIndivisible =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<5x2xi32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<5x2xi32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>}) {\n"
    "  %0 = stablehlo.negate %a : tensor<5x2xi32>\n"
    "  return %0 : tensor<5x2xi32>\n"
    "}\n";

static void test_global_shape_is_exact(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kAnnotatedIndivisible, "g.mlir", &module));
  partition_module(f->ctx, module);
  char *text = NULL;
  ASSERT_OK(sdy_module_print(module, SDY_PRINT_DEFAULT, &text));
  if (!strstr(text, "sdy.global_type = (tensor<5x2xi32>) -> tensor<5x2xi32>"))
    fail_msg("the partitioned module does not record its global type:\n%s",
             text);
  sdy_string_destroy(text);
  sdy_executable_t *exe = NULL;
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe));
  sdy_module_destroy(module);

  int32_t in[12], out[12];
  for (int i = 0; i < 12; ++i)
    in[i] = i + 1;
  int64_t shape[2] = {5, 2};
  sdy_tensor_t arg = make_tensor(in, 2, shape, SDY_DL_INT, 32);
  sdy_tensor_t result = make_tensor(out, 2, shape, SDY_DL_INT, 32);
  ASSERT_OK(sdy_executable_run_global(exe, f->two, &arg, 1, &result, 1));
  for (int i = 0; i < 10; ++i)
    assert_int_equal(out[i], -in[i]);
  /* 6 rows also split into 2 shards of 3, but the program's argument has 5:
   * the 6th row would be ignored silently. */
  int64_t six[2] = {6, 2};
  arg.shape = six;
  ASSERT_INVALID(sdy_executable_run_global(exe, f->two, &arg, 1, &result, 1),
                 "sdy_executable_run_global: global argument 0: global shape "
                 "[6, 2] does not match the program's global type 5x2xi32 "
                 "(local type 3x2xi32)");
  arg.shape = shape;
  result.shape = six;
  ASSERT_INVALID(sdy_executable_run_global(exe, f->two, &arg, 1, &result, 1),
                 "global result 0: global shape [6, 2] does not match the "
                 "program's global type 5x2xi32");
  /* The exact global shapes are queryable. */
  int64_t global[2] = {0, 0};
  int32_t exact = -1;
  ASSERT_OK(sdy_executable_arg_global_shape(exe, 0, global, 2, &exact));
  assert_int_equal(global[0], 5);
  assert_int_equal(global[1], 2);
  assert_int_equal(exact, 1);
  global[0] = 0;
  ASSERT_OK(sdy_executable_result_global_shape(exe, 0, global, 2, NULL));
  assert_int_equal(global[0], 5);
  ASSERT_INVALID(sdy_executable_arg_global_shape(exe, 1, global, 2, &exact),
                 "sdy_executable_arg_global_shape: argument index 1 is out of "
                 "range: @main has 1 arguments");
  ASSERT_INVALID(sdy_executable_result_global_shape(exe, 0, global, 1, &exact),
                 "sdy_executable_result_global_shape: capacity 1 is smaller "
                 "than the rank 2 of result 0");
  ASSERT_INVALID(sdy_executable_result_global_shape(exe, 0, NULL, 2, &exact),
                 "'out_shape' is NULL");
  ASSERT_INVALID(sdy_executable_arg_global_shape(NULL, 0, global, 2, &exact),
                 "'executable' is NULL");
  int64_t starts[2], limits[2];
  ASSERT_INVALID(
      sdy_executable_arg_device_slice(exe, 0, six, 2, 1, starts, limits, 2),
      "sdy_executable_arg_device_slice: argument 0: global shape "
      "[6, 2] does not match the program's global type 5x2xi32");
  ASSERT_OK(
      sdy_executable_arg_device_slice(exe, 0, shape, 2, 1, starts, limits, 2));
  assert_int_equal(starts[0], 3);
  assert_int_equal(limits[0], 5);
  sdy_executable_destroy(exe);

  /* Partitioned by hand (no sdy.global_type): the padded shape, not exact;
   * an argument that is not split is exact. */
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @mesh = <[\"x\"=2]>\n"
      "func.func @main(%a: tensor<3x2xi32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}, {}]>}, %b: tensor<2xi32>) -> "
      "tensor<3x2xi32> {\n"
      "  %0 = \"stablehlo.all_reduce\"(%a) <{replica_groups = dense<[[0, 1]]> "
      ": tensor<1x2xi64>}> ({\n"
      "  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n"
      "    %t = stablehlo.add %x, %y : tensor<i32>\n"
      "    stablehlo.return %t : tensor<i32>\n"
      "  }) : (tensor<3x2xi32>) -> tensor<3x2xi32>\n"
      "  return %0 : tensor<3x2xi32>\n"
      "}\n",
      "hand.mlir", &module));
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe));
  sdy_module_destroy(module);
  ASSERT_OK(sdy_executable_arg_global_shape(exe, 0, global, 2, &exact));
  assert_int_equal(global[0], 6);
  assert_int_equal(global[1], 2);
  assert_int_equal(exact, 0);
  ASSERT_OK(sdy_executable_arg_global_shape(exe, 1, global, 1, &exact));
  assert_int_equal(global[0], 2);
  assert_int_equal(exact, 1);
  sdy_executable_destroy(exe);

  /* A global type that does not fit the local one is refused at compile. */
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @mesh = <[\"x\"=2]>\n"
      "func.func @main(%a: tensor<3x2xi32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}, {}]>}) -> tensor<3x2xi32> attributes "
      "{sdy.global_type = (tensor<8x2xi32>) -> tensor<3x2xi32>} {\n"
      "  return %a : tensor<3x2xi32>\n"
      "}\n",
      "bad.mlir", &module));
  ASSERT_INVALID(sdy_executable_compile(module, NULL, &exe),
                 "sdy_executable_compile: the sdy.global_type of @main: "
                 "argument 0 of global type 8x2xi32 does not fit its local "
                 "type 3x2xi32 split into 2 shards along dimension 0");
  sdy_module_destroy(module);
}

/* An annotated global program on a 2-device mesh, not partitioned. */
static const char *kAnnotatedNegate =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<4x2xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>}) -> tensor<4x2xf32> {\n"
    "  %0 = stablehlo.negate %a : tensor<4x2xf32>\n"
    "  return %0 : tensor<4x2xf32>\n"
    "}\n";

static void test_unpartitioned_module_is_refused(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  sdy_executable_t *exe = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kAnnotatedNegate, "u.mlir", &module));
  ASSERT_ERR(sdy_executable_compile(module, NULL, &exe),
             SDY_FAILED_PRECONDITION,
             "sdy_executable_compile: the module is not partitioned: the "
             "sdy.sharding of argument 0 of @main splits it over a mesh of 2 "
             "devices, but the module has no collectives and no "
             "sdy.global_type from the partitioner; run the \"partition\" "
             "preset first, or set mhlo.num_partitions = 1 to run the global "
             "program on one device (or = 2 if it is already partitioned by "
             "hand)");
  assert_null(exe);
  /* What the message suggests works: partitioning ... */
  partition_module(f->ctx, module);
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe));
  int64_t n = 0;
  ASSERT_OK(sdy_executable_num_devices(exe, &n));
  assert_int_equal(n, 2);
  float in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
  int64_t shape[2] = {4, 2};
  sdy_tensor_t arg = make_tensor(in, 2, shape, SDY_DL_FLOAT, 32);
  sdy_tensor_t result = make_tensor(out, 2, shape, SDY_DL_FLOAT, 32);
  ASSERT_OK(sdy_executable_run_global(exe, f->two, &arg, 1, &result, 1));
  for (int i = 0; i < 8; ++i)
    assert_true(out[i] == -in[i]);
  sdy_executable_destroy(exe);
  sdy_module_destroy(module);
  /* ... and so does mhlo.num_partitions = 1 (the global program, one
   * device). */
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "module attributes {mhlo.num_partitions = 1 : i64} {\n"
      "sdy.mesh @mesh = <[\"x\"=2]>\n"
      "func.func @main(%a: tensor<4x2xf32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}, {}]>}) -> tensor<4x2xf32> {\n"
      "  %0 = stablehlo.negate %a : tensor<4x2xf32>\n"
      "  return %0 : tensor<4x2xf32>\n"
      "}\n"
      "}\n",
      "one.mlir", &module));
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe));
  ASSERT_OK(sdy_executable_num_devices(exe, &n));
  assert_int_equal(n, 1);
  sdy_backend_t *one = NULL;
  ASSERT_OK(sdy_backend_create_local(1, &one));
  ASSERT_OK(sdy_executable_run_global(exe, one, &arg, 1, &result, 1));
  for (int i = 0; i < 8; ++i)
    assert_true(out[i] == -in[i]);
  /* One device: the global shape is exact too. */
  int64_t five[2] = {5, 2};
  arg.shape = five;
  ASSERT_INVALID(sdy_executable_run_global(exe, one, &arg, 1, &result, 1),
                 "global argument 0: global shape [5, 2] does not match the "
                 "program's global type 4x2xf32");
  sdy_backend_destroy(one);
  sdy_executable_destroy(exe);
  sdy_module_destroy(module);
}

static void test_misaligned_data(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f->ctx, kSum);
  run_buffers_t b;
  init_buffers(&b);
  float storage[6] = {0};
  b.args[1].data = storage;
  b.args[1].byte_offset = 2;
  ASSERT_INVALID(run2(exe, f->two, &b, NULL),
                 "sdy_executable_run_local_with_options: argument 0 of device "
                 "1 (args[1]): data + byte_offset (byte_offset 2) is not "
                 "aligned to 4 bytes, the size of f32 elements");
  b.args[1].byte_offset = 0;
  b.args[1].data = (char *)storage + 1;
  ASSERT_INVALID(run2(exe, f->two, &b, NULL),
                 "(byte_offset 0) is not aligned to 4 bytes");
  /* An aligned offset is fine. */
  b.args[1].data = storage;
  b.args[1].byte_offset = 8;
  ASSERT_OK(run2(exe, f->two, &b, NULL));
  init_buffers(&b);
  b.results[0].byte_offset = 1;
  ASSERT_INVALID(sdy_executable_run_local(exe, f->two, b.args, 1, b.results, 1),
                 "result 0 of device 0 (results[0]): data + byte_offset "
                 "(byte_offset 1) is not aligned to 4 bytes");
  sdy_executable_destroy(exe);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_status_codes),
      cmocka_unit_test_setup_teardown(test_options_init_and_validation, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_cancel, setup, teardown),
      cmocka_unit_test_setup_teardown(test_run_timeout, setup, teardown),
      cmocka_unit_test_setup_teardown(test_collective_timeout, setup, teardown),
      cmocka_unit_test_setup_teardown(test_peer_failure_releases_waiters, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_global_shape_is_exact, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_unpartitioned_module_is_refused,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_misaligned_data, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
