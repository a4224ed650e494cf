/* Regression tests through the C ABI: programs with dead values (JAX leaves
 * unused constants in gradient programs) must go through the propagation
 * and partition presets, compile and run. An unused stablehlo.constant once
 * made -sdy-constant-or-scalar-splitter crash the host process. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sdy_c/sdy_c.h"

#include "status_assert.h"

/* The five-line reproducer: an unused constant beside the live op. */
static const char *kDeadConstant =
    "func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {\n"
    "  %cst = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %0 = stablehlo.negate %arg0 : tensor<8xf32>\n"
    "  return %0 : tensor<8xf32>\n"
    "}\n";

/* A sharded program with a dead constant sub-computation, a dead scalar
 * broadcast and a dead constant inside a while body. */
static const char *kDeadSharded =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%arg0: tensor<8xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<8xf32> {\n"
    "  %c = stablehlo.constant dense<1.0> : tensor<f32>\n"
    "  %i = stablehlo.iota dim = 0 : tensor<8xf32>\n"
    "  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> "
    "tensor<8xf32>\n"
    "  %d = stablehlo.add %i, %b : tensor<8xf32>\n"
    "  %c0 = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %w:2 = stablehlo.while(%it = %c0, %x = %arg0) : tensor<i32>, "
    "tensor<8xf32>\n"
    "   cond {\n"
    "    %dead = stablehlo.constant dense<5> : tensor<i32>\n"
    "    %n = stablehlo.constant dense<2> : tensor<i32>\n"
    "    %p = stablehlo.compare LT, %it, %n : (tensor<i32>, tensor<i32>) -> "
    "tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n"
    "  } do {\n"
    "    %dead = stablehlo.constant dense<1.0> : tensor<f32>\n"
    "    %one = stablehlo.constant dense<1> : tensor<i32>\n"
    "    %n = stablehlo.add %it, %one : tensor<i32>\n"
    "    %y = stablehlo.add %x, %x : tensor<8xf32>\n"
    "    stablehlo.return %n, %y : tensor<i32>, tensor<8xf32>\n"
    "  }\n"
    "  %0 = stablehlo.negate %w#1 : tensor<8xf32>\n"
    "  return %0 : tensor<8xf32>\n"
    "}\n";

/* Parses `text`, runs the propagation preset on one copy and the partition
 * preset on another, compiles the partitioned module and runs it globally on
 * `devices` local devices: out[i] = expected_scale * -in[i]. */
static void check_program(const char *text, int32_t devices,
                          float expected_scale) {
  sdy_context_t *ctx = NULL;
  ASSERT_OK(sdy_context_create(&ctx));
  sdy_module_t *module = NULL, *copy = NULL;
  ASSERT_OK(sdy_module_parse(ctx, text, "dead_values.mlir", &module));
  ASSERT_OK(sdy_module_clone(module, &copy));

  sdy_pipeline_t *propagation = NULL, *partition = NULL;
  ASSERT_OK(sdy_pipeline_create_preset(ctx, "propagation", &propagation));
  ASSERT_OK(sdy_pipeline_run(propagation, copy));
  ASSERT_OK(sdy_pipeline_create_preset(ctx, "partition", &partition));
  ASSERT_OK(sdy_pipeline_run(partition, module));

  sdy_executable_t *exe = NULL;
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe));
  sdy_backend_t *backend = NULL;
  ASSERT_OK(sdy_backend_create_local(devices, &backend));

  float in[8], out[8];
  for (int i = 0; i < 8; ++i) {
    in[i] = (float)i + 0.5f;
    out[i] = 0.0f;
  }
  int64_t shape[1] = {8};
  sdy_tensor_t arg = {
      in, {SDY_DL_CPU, 0}, 1, {SDY_DL_FLOAT, 32, 1}, shape, NULL, 0};
  sdy_tensor_t res = {
      out, {SDY_DL_CPU, 0}, 1, {SDY_DL_FLOAT, 32, 1}, shape, NULL, 0};
  ASSERT_OK(sdy_executable_run_global(exe, backend, &arg, 1, &res, 1));
  for (int i = 0; i < 8; ++i)
    assert_float_equal(out[i], -expected_scale * in[i], 0.0f);

  sdy_backend_destroy(backend);
  sdy_executable_destroy(exe);
  sdy_pipeline_destroy(partition);
  sdy_pipeline_destroy(propagation);
  sdy_module_destroy(copy);
  sdy_module_destroy(module);
  sdy_context_destroy(ctx);
}

static void test_dead_constant(void **state) {
  (void)state;
  check_program(kDeadConstant, 1, 1.0f);
}

static void test_dead_values_sharded(void **state) {
  (void)state;
  /* The while loop doubles twice. */
  check_program(kDeadSharded, 2, 4.0f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dead_constant),
      cmocka_unit_test(test_dead_values_sharded),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
