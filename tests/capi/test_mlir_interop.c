/* CMocka suite of mlir_interop.h: MLIR handles of contexts and modules. */
#include "capi_fixture.h"
#include "sdy_c/mlir_interop.h"

static void test_mlir_interop(void **state) {
  fixture_t *f = *state;
  MlirContext mctx = {NULL};
  ASSERT_OK(sdy_context_get_mlir_context(f->ctx, &mctx));
  assert_non_null(mctx.ptr);
  MlirModule mlir_module = {NULL};
  ASSERT_OK(sdy_module_get_mlir_module(f->module, &mlir_module));
  assert_true(mlirContextEqual(
      mctx, mlirOperationGetContext(mlirModuleGetOperation(mlir_module))));

  /* Build a module through MLIR's C API and wrap it. */
  MlirModule parsed = mlirModuleCreateParse(
      mctx, mlirStringRefCreateFromCString(
                "func.func @g(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                "  return %a : tensor<2xf32>\n}\n"));
  assert_false(mlirModuleIsNull(parsed));
  sdy_module_t *wrapped = NULL;
  ASSERT_OK(sdy_module_wrap_mlir_module(f->ctx, parsed, &wrapped));
  char *name = NULL;
  ASSERT_OK(sdy_module_function_name(wrapped, 0, &name));
  assert_string(name, "g");
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, parsed, &wrapped),
                 "'mlir_module' is already owned by an sdy_module_t");
  sdy_module_destroy(wrapped);

  /* A module of another MLIR context is rejected; the caller keeps it. */
  MlirContext foreign_ctx = mlirContextCreate();
  MlirModule foreign =
      mlirModuleCreateEmpty(mlirLocationUnknownGet(foreign_ctx));
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, foreign, &wrapped),
                 "'mlir_module' belongs to another MlirContext than 'context'");
  mlirModuleDestroy(foreign);
  mlirContextDestroy(foreign_ctx);
  MlirModule null_module = {NULL};
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, null_module, &wrapped),
                 "'mlir_module' is a null MlirModule");
  ASSERT_INVALID(sdy_module_wrap_mlir_module(NULL, parsed, &wrapped),
                 "'context' is NULL");
  MlirModule empty = mlirModuleCreateEmpty(mlirLocationUnknownGet(mctx));
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, empty, NULL),
                 "'out_module' is NULL");
  mlirModuleDestroy(empty);
  ASSERT_INVALID(sdy_context_get_mlir_context(NULL, &mctx),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_context_get_mlir_context(f->ctx, NULL),
                 "'out_context' is NULL");
  ASSERT_INVALID(sdy_module_get_mlir_module(NULL, &mlir_module),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_mlir_module(f->module, NULL),
                 "'out_module' is NULL");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_mlir_interop, setup, teardown),
  };
  return cmocka_run_group_tests_name("sdy_c_mlir_interop", tests, NULL, NULL);
}
