/* CMocka suite of dialect.h (Shardy-compatible): dialect handles and
 * attribute builders and accessors. */
#include "capi_fixture.h"
#include "mlir-c/BuiltinAttributes.h"
#include "sdy_c/dialect.h"
#include "sdy_c/mlir_interop.h"

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static void test_dialect_handle(void **state) {
  (void)state;
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle sdy = mlirGetDialectHandle__sdy__();
  MlirDialectHandle hlo = mlirGetDialectHandle__stablehlo__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(sdy);
  assert_int_equal(ns.length, 3);
  assert_memory_equal(ns.data, "sdy", 3);
  ns = mlirDialectHandleGetNamespace(hlo);
  assert_memory_equal(ns.data, "stablehlo", 9);
  /* Not loaded yet: attribute builders refuse instead of crashing. */
  assert_true(mlirAttributeIsNull(sdyMeshAxisAttrGet(ctx, str("x"), 2)));
  mlirDialectHandleLoadDialect(sdy, ctx);
  mlirDialectHandleLoadDialect(hlo, ctx);
  assert_false(mlirAttributeIsNull(sdyMeshAxisAttrGet(ctx, str("x"), 2)));
  mlirContextDestroy(ctx);
}

static void test_dialect_attributes(void **state) {
  fixture_t *f = *state;
  MlirContext ctx;
  ASSERT_OK(sdy_context_get_mlir_context(f->ctx, &ctx));
  MlirAttribute null_attr = {NULL};

  /* Mesh axes and meshes. */
  MlirAttribute axes[2] = {sdyMeshAxisAttrGet(ctx, str("x"), 2),
                           sdyMeshAxisAttrGet(ctx, str("y"), 4)};
  assert_true(sdyAttributeIsAMeshAxisAttr(axes[0]));
  assert_false(sdyAttributeIsAMeshAxisAttr(null_attr));
  assert_int_equal(sdyMeshAxisAttrGetSize(axes[1]), 4);
  assert_int_equal(sdyMeshAxisAttrGetName(axes[1]).length, 1);
  assert_int_equal(sdyMeshAxisAttrGetName(null_attr).length, 0);
  assert_int_equal(sdyMeshAxisAttrGetSize(null_attr), 0);
  const int64_t ids[] = {7, 6, 5, 4, 3, 2, 1, 0};
  MlirAttribute mesh = sdyMeshAttrGet(ctx, 2, axes, 8, ids);
  assert_true(sdyAttributeIsAMeshAttr(mesh));
  assert_int_equal(sdyMeshAttrGetDeviceIdsSize(mesh), 8);
  assert_int_equal(sdyMeshAttrGetDeviceIdsElem(mesh, 1), 6);
  assert_int_equal(sdyMeshAttrGetDeviceIdsElem(mesh, 8), -1);
  assert_int_equal(sdyMeshAttrGetAxesSize(mesh), 2);
  assert_true(mlirAttributeEqual(sdyMeshAttrGetAxesElem(mesh, 1), axes[1]));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGetAxesElem(mesh, 2)));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGet(ctx, 2, axes, 3, ids)));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGet(ctx, 2, NULL, 0, NULL)));
  assert_false(sdyAttributeIsAMeshAttr(axes[0]));
  assert_int_equal(sdyMeshAttrGetAxesSize(axes[0]), 0);
  assert_int_equal(sdyMeshAttrGetDeviceIdsSize(null_attr), 0);

  /* Sub-axes and axis refs. */
  MlirAttribute sub = sdySubAxisInfoAttrGet(ctx, 1, 2);
  assert_true(sdyAttributeIsASubAxisInfoAttr(sub));
  assert_int_equal(sdySubAxisInfoAttrGetPreSize(sub), 1);
  assert_int_equal(sdySubAxisInfoAttrGetSize(sub), 2);
  assert_true(mlirAttributeIsNull(sdySubAxisInfoAttrGet(ctx, 0, 2)));
  assert_int_equal(sdySubAxisInfoAttrGetSize(null_attr), 0);
  assert_int_equal(sdySubAxisInfoAttrGetPreSize(null_attr), 0);
  MlirAttribute x = sdyAxisRefAttrGet(ctx, str("x"), null_attr);
  MlirAttribute y_sub = sdyAxisRefAttrGet(ctx, str("y"), sub);
  assert_true(sdyAttributeIsAnAxisRefAttr(x));
  assert_true(mlirAttributeIsNull(sdyAxisRefAttrGetSubAxisInfo(x)));
  assert_true(mlirAttributeEqual(sdyAxisRefAttrGetSubAxisInfo(y_sub), sub));
  assert_int_equal(sdyAxisRefAttrGetName(y_sub).length, 1);
  assert_int_equal(sdyAxisRefAttrGetName(null_attr).length, 0);
  assert_true(mlirAttributeIsNull(sdyAxisRefAttrGet(ctx, str("y"), x)));

  /* Dimension and tensor shardings. */
  MlirAttribute dim0 = sdyDimensionShardingAttrGet(ctx, 1, &x, true, -1);
  MlirAttribute dim1 = sdyDimensionShardingAttrGet(ctx, 1, &y_sub, false, 2);
  assert_true(sdyAttributeIsADimensionShardingAttr(dim0));
  assert_int_equal(sdyDimensionShardingAttrGetAxesSize(dim0), 1);
  assert_true(
      mlirAttributeEqual(sdyDimensionShardingAttrGetAxesElem(dim0, 0), x));
  assert_true(
      mlirAttributeIsNull(sdyDimensionShardingAttrGetAxesElem(dim0, 1)));
  assert_true(sdyDimensionShardingAttrGetIsClosed(dim0));
  assert_false(sdyDimensionShardingAttrGetIsClosed(dim1));
  assert_int_equal(sdyDimensionShardingAttrGetPriority(dim0), -1);
  assert_int_equal(sdyDimensionShardingAttrGetPriority(dim1), 2);
  assert_true(mlirAttributeIsNull(
      sdyDimensionShardingAttrGet(ctx, 0, NULL, true, 1))); /* {}p1 */
  MlirAttribute dims[2] = {dim0, dim1};
  MlirAttribute ref = mlirFlatSymbolRefAttrGet(ctx, str("mesh"));
  MlirAttribute sharding =
      sdyTensorShardingAttrGet(ctx, ref, 2, dims, 0, NULL, 0, NULL);
  assert_true(sdyAttributeIsATensorShardingAttr(sharding));
  assert_true(
      mlirAttributeEqual(sdyTensorShardingAttrGetMeshOrRef(sharding), ref));
  assert_int_equal(sdyTensorShardingAttrGetDimShardingsSize(sharding), 2);
  assert_true(mlirAttributeEqual(
      sdyTensorShardingAttrGetDimShardingsElem(sharding, 1), dim1));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGetDimShardingsElem(sharding, 2)));
  assert_int_equal(sdyTensorShardingAttrGetReplicatedAxesSize(sharding), 0);
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGetReplicatedAxesElem(sharding, 0)));
  assert_int_equal(sdyTensorShardingAttrGetUnreducedAxesSize(sharding), 0);
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGetUnreducedAxesElem(sharding, 0)));
  MlirAttribute with_replicated =
      sdyTensorShardingAttrGet(ctx, mesh, 1, dims, 1, &y_sub, 0, NULL);
  assert_int_equal(sdyTensorShardingAttrGetReplicatedAxesSize(with_replicated),
                   1);
  assert_true(mlirAttributeEqual(
      sdyTensorShardingAttrGetReplicatedAxesElem(with_replicated, 0), y_sub));
  /* Unreduced axes must be axis refs. */
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGet(ctx, ref, 2, dims, 0, NULL, 1, &sub)));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGet(ctx, x, 2, dims, 0, NULL, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyTensorShardingAttrGetMeshOrRef(x)));

  MlirAttribute per_value = sdyTensorShardingPerValueAttrGet(ctx, 1, &sharding);
  assert_true(sdyAttributeIsATensorShardingPerValueAttr(per_value));
  assert_int_equal(sdyTensorShardingPerValueAttrGetShardingsSize(per_value), 1);
  assert_true(mlirAttributeEqual(
      sdyTensorShardingPerValueAttrGetShardingsElem(per_value, 0), sharding));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingPerValueAttrGetShardingsElem(per_value, 1)));
  assert_true(
      mlirAttributeIsNull(sdyTensorShardingPerValueAttrGet(ctx, 1, &x)));

  /* Sharding rules: ([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}
   */
  const int64_t i_idx[] = {0}, j_idx[] = {1}, k_idx[] = {2};
  MlirAttribute di = sdyDimMappingAttrGet(ctx, 1, i_idx);
  MlirAttribute dj = sdyDimMappingAttrGet(ctx, 1, j_idx);
  MlirAttribute dk = sdyDimMappingAttrGet(ctx, 1, k_idx);
  assert_true(sdyAttributeIsADimMappingAttr(di));
  assert_int_equal(sdyDimMappingAttrGetFactorIndicesSize(dk), 1);
  assert_int_equal(sdyDimMappingAttrGetFactorIndicesElem(dk, 0), 2);
  assert_int_equal(sdyDimMappingAttrGetFactorIndicesElem(dk, 1), -1);
  MlirAttribute lhs_dims[] = {di, dk}, rhs_dims[] = {dk, dj},
                out_dims[] = {di, dj};
  MlirAttribute lhs = sdyTensorMappingAttrGet(ctx, 2, lhs_dims);
  MlirAttribute rhs = sdyTensorMappingAttrGet(ctx, 2, rhs_dims);
  MlirAttribute out = sdyTensorMappingAttrGet(ctx, 2, out_dims);
  assert_true(sdyAttributeIsATensorMappingAttr(lhs));
  assert_int_equal(sdyTensorMappingAttrGetRank(lhs), 2);
  assert_int_equal(sdyTensorMappingAttrGetDimMappingsSize(lhs), 2);
  assert_true(
      mlirAttributeEqual(sdyTensorMappingAttrGetDimMappingsElem(lhs, 1), dk));
  assert_true(
      mlirAttributeIsNull(sdyTensorMappingAttrGetDimMappingsElem(lhs, 2)));
  MlirAttribute operands[] = {lhs, rhs};
  const int64_t factor_sizes[] = {8, 16, 8};
  const int64_t reduction[] = {2};
  MlirAttribute rule =
      sdyOpShardingRuleAttrGet(ctx, 3, factor_sizes, 2, operands, 1, &out, 1,
                               reduction, 0, NULL, 0, NULL, 0, NULL, false);
  assert_true(sdyAttributeIsAOpShardingRuleAttr(rule));
  assert_false(sdyOpShardingRuleAttrGetIsCustom(rule));
  assert_int_equal(sdyOpShardingRuleAttrGetFactorSizesSize(rule), 3);
  assert_int_equal(sdyOpShardingRuleAttrGetFactorSizesElem(rule, 1), 16);
  assert_int_equal(sdyOpShardingRuleAttrGetFactorSizesElem(rule, 3), -1);
  assert_int_equal(sdyOpShardingRuleAttrGetOperandMappingsSize(rule), 2);
  assert_true(mlirAttributeEqual(
      sdyOpShardingRuleAttrGetOperandMappingsElem(rule, 1), rhs));
  assert_true(mlirAttributeIsNull(
      sdyOpShardingRuleAttrGetOperandMappingsElem(rule, 2)));
  assert_int_equal(sdyOpShardingRuleAttrGetResultMappingsSize(rule), 1);
  assert_true(mlirAttributeEqual(
      sdyOpShardingRuleAttrGetResultMappingsElem(rule, 0), out));
  assert_int_equal(sdyOpShardingRuleAttrGetReductionFactorsSize(rule), 1);
  assert_int_equal(sdyOpShardingRuleAttrGetReductionFactorsElem(rule, 0), 2);
  assert_int_equal(sdyOpShardingRuleAttrGetNeedReplicationFactorsSize(rule), 0);
  assert_int_equal(sdyOpShardingRuleAttrGetNeedReplicationFactorsElem(rule, 0),
                   -1);
  assert_int_equal(sdyOpShardingRuleAttrGetPermutationFactorsSize(rule), 0);
  assert_int_equal(sdyOpShardingRuleAttrGetPermutationFactorsElem(rule, 0), -1);
  assert_int_equal(sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize(rule),
                   0);
  assert_int_equal(
      sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem(rule, 0), -1);
  const int64_t bad_reduction[] = {5};
  assert_true(mlirAttributeIsNull(sdyOpShardingRuleAttrGet(
      ctx, 3, factor_sizes, 2, operands, 1, &out, 1, bad_reduction, 0, NULL, 0,
      NULL, 0, NULL, false)));
  assert_false(sdyOpShardingRuleAttrGetIsCustom(null_attr));

  /* Manual axes. */
  MlirAttribute names[] = {mlirStringAttrGet(ctx, str("x")),
                           mlirStringAttrGet(ctx, str("y"))};
  MlirAttribute manual = sdyManualAxesAttrGet(ctx, 2, names);
  assert_true(sdyAttributeIsAManualAxesAttr(manual));
  assert_int_equal(sdyManualAxesAttrGetSize(manual), 2);
  MlirStringRef second = sdyManualAxesAttrGetAxesElem(manual, 1);
  assert_int_equal(second.length, 1);
  assert_memory_equal(second.data, "y", 1);
  assert_int_equal(sdyManualAxesAttrGetAxesElem(manual, 2).length, 0);
  assert_true(mlirAttributeIsNull(sdyManualAxesAttrGet(ctx, 1, &x)));
  assert_int_equal(sdyManualAxesAttrGetSize(null_attr), 0);

  /* Null contexts. */
  MlirContext null_ctx = {NULL};
  assert_true(mlirAttributeIsNull(sdyMeshAxisAttrGet(null_ctx, str("x"), 2)));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGet(null_ctx, 0, NULL, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdySubAxisInfoAttrGet(null_ctx, 1, 2)));
  assert_true(
      mlirAttributeIsNull(sdyAxisRefAttrGet(null_ctx, str("x"), null_attr)));
  assert_true(mlirAttributeIsNull(
      sdyDimensionShardingAttrGet(null_ctx, 0, NULL, false, -1)));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGet(null_ctx, ref, 0, NULL, 0, NULL, 0, NULL)));
  assert_true(
      mlirAttributeIsNull(sdyTensorShardingPerValueAttrGet(null_ctx, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyDimMappingAttrGet(null_ctx, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyTensorMappingAttrGet(null_ctx, 0, NULL)));
  assert_true(mlirAttributeIsNull(
      sdyOpShardingRuleAttrGet(null_ctx, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0,
                               NULL, 0, NULL, 0, NULL, false)));
  assert_true(mlirAttributeIsNull(sdyManualAxesAttrGet(null_ctx, 0, NULL)));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dialect_handle),
      cmocka_unit_test_setup_teardown(test_dialect_attributes, setup, teardown),
  };
  return cmocka_run_group_tests_name("sdy_c_dialect", tests, NULL, NULL);
}
