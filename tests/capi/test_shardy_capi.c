/* CMocka suite of the Shardy C API names added in SDY_C_1.2 (dialect.h):
 * unreduced axes of TensorShardingAttr, sdyManualAxesAttrGetAxesSize, the
 * pass registration functions, and the ELF version nodes they live under. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"
#include "sdy_c/dialect.h"

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static void ignore_message(MlirStringRef message, void *user_data) {
  (void)message;
  ++*(int *)user_data;
}

static MlirLogicalResult parse_pipeline(MlirContext ctx, const char *text) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  int messages = 0;
  MlirLogicalResult result =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm), str(text),
                            ignore_message, &messages);
  mlirPassManagerDestroy(pm);
  return result;
}

static MlirContext new_context(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__sdy__(), ctx);
  return ctx;
}

/* Runs first: no sdy context has registered the passes yet. */
static void test_register_passes(void **state) {
  (void)state;
  MlirContext ctx = new_context();
  const char *pipeline = "builtin.module(sdy-propagation-pipeline)";
  assert_true(mlirLogicalResultIsFailure(parse_pipeline(ctx, pipeline)));
  mlirRegisterAllSdyPassesAndPipelines();
  mlirRegisterAllSdyPassesAndPipelines(); /* idempotent */
  mlirRegisterAllXlaSdyPassesAndPipelines();
  assert_true(mlirLogicalResultIsSuccess(parse_pipeline(ctx, pipeline)));
  assert_true(mlirLogicalResultIsSuccess(
      parse_pipeline(ctx, "builtin.module(sdy-close-shardings)")));
  mlirContextDestroy(ctx);
}

static void test_unreduced_axes(void **state) {
  (void)state;
  MlirContext ctx = new_context();
  MlirAttribute null_attr = {NULL};
  MlirAttribute x = sdyAxisRefAttrGet(ctx, str("x"), null_attr);
  MlirAttribute y = sdyAxisRefAttrGet(ctx, str("y"), null_attr);
  MlirAttribute dim = sdyDimensionShardingAttrGet(ctx, 1, &x, true, -1);
  MlirAttribute ref = mlirFlatSymbolRefAttrGet(ctx, str("mesh"));
  MlirAttribute sharding =
      sdyTensorShardingAttrGet(ctx, ref, 1, &dim, 0, NULL, 1, &y);
  assert_true(sdyAttributeIsATensorShardingAttr(sharding));
  assert_int_equal(sdyTensorShardingAttrGetUnreducedAxesSize(sharding), 1);
  assert_true(mlirAttributeEqual(
      sdyTensorShardingAttrGetUnreducedAxesElem(sharding, 0), y));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGetUnreducedAxesElem(sharding, 1)));
  assert_int_equal(sdyTensorShardingAttrGetUnreducedAxesSize(null_attr), 0);
  /* Unreduced axes must be axis refs. */
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGet(ctx, ref, 1, &dim, 0, NULL, 1, &ref)));
  mlirContextDestroy(ctx);
}

static void test_manual_axes_size(void **state) {
  (void)state;
  MlirContext ctx = new_context();
  MlirAttribute names[2] = {mlirStringAttrGet(ctx, str("a")),
                            mlirStringAttrGet(ctx, str("b"))};
  MlirAttribute manual = sdyManualAxesAttrGet(ctx, 2, names);
  assert_int_equal(sdyManualAxesAttrGetAxesSize(manual), 2);
  assert_int_equal(sdyManualAxesAttrGetAxesSize(names[0]), 0);
  mlirContextDestroy(ctx);
}

/* The new names live under SDY_C_1.2 only; sdyTensorShardingAttrGet keeps
 * its SDY_C_1.0 node and signature, and takes unreduced axes through it. */
static void test_version_nodes(void **state) {
  (void)state;
  void *v12 = dlvsym(RTLD_DEFAULT, "sdyManualAxesAttrGetAxesSize", "SDY_C_1.2");
  assert_ptr_equal(v12, (void *)&sdyManualAxesAttrGetAxesSize);
  assert_null(
      dlvsym(RTLD_DEFAULT, "sdyManualAxesAttrGetAxesSize", "SDY_C_1.0"));
  assert_non_null(dlvsym(RTLD_DEFAULT, "mlirRegisterAllSdyPassesAndPipelines",
                         "SDY_C_1.2"));
  typedef MlirAttribute (*get_fn)(
      MlirContext, MlirAttribute, intptr_t, const MlirAttribute *, intptr_t,
      const MlirAttribute *, intptr_t, const MlirAttribute *);
  get_fn get =
      (get_fn)dlvsym(RTLD_DEFAULT, "sdyTensorShardingAttrGet", "SDY_C_1.0");
  assert_non_null(get);
  MlirContext ctx = new_context();
  MlirAttribute null_attr = {NULL};
  MlirAttribute y = sdyAxisRefAttrGet(ctx, str("y"), null_attr);
  MlirAttribute ref = mlirFlatSymbolRefAttrGet(ctx, str("mesh"));
  MlirAttribute sharding = get(ctx, ref, 0, NULL, 0, NULL, 1, &y);
  assert_int_equal(sdyTensorShardingAttrGetUnreducedAxesSize(sharding), 1);
  mlirContextDestroy(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_register_passes),
      cmocka_unit_test(test_unreduced_axes),
      cmocka_unit_test(test_manual_axes_size),
      cmocka_unit_test(test_version_nodes),
  };
  return cmocka_run_group_tests_name("sdy_c_shardy_capi", tests, NULL, NULL);
}
