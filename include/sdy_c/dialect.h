/*===- sdy_c/dialect.h - Shardy-compatible MLIR-style C API --------------===*
 *
 * The dialect handle and attribute functions of Shardy's C API
 * (shardy/integrations/c), for code written against it. They follow MLIR C
 * API conventions (MlirAttribute values, bool, intptr_t) rather than the
 * sdy_* conventions, and are not part of the stability promise of
 * version.h. Robustness beyond MLIR's: a null attribute or one of the wrong
 * kind gives a null attribute / 0 / false / empty string instead of a
 * crash, and an invalid attribute request (bad sizes, a context in which
 * the sdy dialect is not loaded) returns a null attribute. Nothing is
 * printed and the context's diagnostic handlers are not called: to learn why
 * a mesh or sharding is invalid, build it with the sdy_* functions of
 * mesh.h / sharding.h, which return the reason in a status.
 *
 * Thread safety: as for MLIR attributes (immutable; creation uses the
 * context, one thread at a time unless MLIR multithreading is enabled).
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_DIALECT_H
#define SDY_C_DIALECT_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The sdy dialect; use with mlirDialectHandleRegisterDialect /
 * mlirDialectHandleLoadDialect. */
MlirDialectHandle mlirGetDialectHandle__sdy__(void);

/* Our StableHLO-compatible dialect (ops `stablehlo.*`). */
MlirDialectHandle mlirGetDialectHandle__stablehlo__(void);

/*--- MeshAxisAttr: "x"=4 ---------------------------------------------------*/
bool sdyAttributeIsAMeshAxisAttr(MlirAttribute attr);
MlirAttribute sdyMeshAxisAttrGet(MlirContext ctx, MlirStringRef name,
                                 int64_t size);
MlirStringRef sdyMeshAxisAttrGetName(MlirAttribute attr);
int64_t sdyMeshAxisAttrGetSize(MlirAttribute attr);

/*--- MeshAttr
 * ----------------------------------------------------------------*/
bool sdyAttributeIsAMeshAttr(MlirAttribute attr);
MlirAttribute sdyMeshAttrGet(MlirContext ctx, intptr_t nAxes,
                             const MlirAttribute *axes, intptr_t nDeviceIds,
                             const int64_t *deviceIds);
int64_t sdyMeshAttrGetDeviceIdsSize(MlirAttribute attr);
int64_t sdyMeshAttrGetDeviceIdsElem(MlirAttribute attr, int64_t pos);
intptr_t sdyMeshAttrGetAxesSize(MlirAttribute attr);
MlirAttribute sdyMeshAttrGetAxesElem(MlirAttribute attr, intptr_t pos);

/*--- SubAxisInfoAttr: (m)k
 * ---------------------------------------------------*/
bool sdyAttributeIsASubAxisInfoAttr(MlirAttribute attr);
MlirAttribute sdySubAxisInfoAttrGet(MlirContext ctx, int64_t preSize,
                                    int64_t size);
int64_t sdySubAxisInfoAttrGetPreSize(MlirAttribute attr);
int64_t sdySubAxisInfoAttrGetSize(MlirAttribute attr);

/*--- AxisRefAttr: "x" or "x":(m)k (subAxisInfo may be a null attribute)
 * ------*/
bool sdyAttributeIsAnAxisRefAttr(MlirAttribute attr);
MlirAttribute sdyAxisRefAttrGet(MlirContext ctx, MlirStringRef name,
                                MlirAttribute subAxisInfo);
MlirStringRef sdyAxisRefAttrGetName(MlirAttribute attr);
MlirAttribute sdyAxisRefAttrGetSubAxisInfo(MlirAttribute attr);

/*--- DimensionShardingAttr (priority -1: none)
 * -------------------------------*/
bool sdyAttributeIsADimensionShardingAttr(MlirAttribute attr);
MlirAttribute sdyDimensionShardingAttrGet(MlirContext ctx, intptr_t nAxes,
                                          const MlirAttribute *axes,
                                          bool isClosed, int64_t priority);
intptr_t sdyDimensionShardingAttrGetAxesSize(MlirAttribute attr);
MlirAttribute sdyDimensionShardingAttrGetAxesElem(MlirAttribute attr,
                                                  intptr_t pos);
bool sdyDimensionShardingAttrGetIsClosed(MlirAttribute attr);
int64_t sdyDimensionShardingAttrGetPriority(MlirAttribute attr);

/*--- TensorShardingAttr ------------------------------------------------------
 * meshOrRef: a FlatSymbolRefAttr or a MeshAttr. Unreduced axes (AxisRefAttrs)
 * mark partial values that an all_reduce completes. */
bool sdyAttributeIsATensorShardingAttr(MlirAttribute attr);
MlirAttribute sdyTensorShardingAttrGet(MlirContext ctx, MlirAttribute meshOrRef,
                                       intptr_t nDimShardings,
                                       const MlirAttribute *dimShardings,
                                       intptr_t nReplicatedAxes,
                                       const MlirAttribute *replicatedAxes,
                                       intptr_t nUnreducedAxes,
                                       const MlirAttribute *unreducedAxes);
MlirAttribute sdyTensorShardingAttrGetMeshOrRef(MlirAttribute attr);
intptr_t sdyTensorShardingAttrGetDimShardingsSize(MlirAttribute attr);
MlirAttribute sdyTensorShardingAttrGetDimShardingsElem(MlirAttribute attr,
                                                       intptr_t pos);
intptr_t sdyTensorShardingAttrGetReplicatedAxesSize(MlirAttribute attr);
MlirAttribute sdyTensorShardingAttrGetReplicatedAxesElem(MlirAttribute attr,
                                                         intptr_t pos);
intptr_t sdyTensorShardingAttrGetUnreducedAxesSize(MlirAttribute attr);
MlirAttribute sdyTensorShardingAttrGetUnreducedAxesElem(MlirAttribute attr,
                                                        intptr_t pos);

/*--- TensorShardingPerValueAttr
 * ----------------------------------------------*/
bool sdyAttributeIsATensorShardingPerValueAttr(MlirAttribute attr);
MlirAttribute sdyTensorShardingPerValueAttrGet(MlirContext ctx,
                                               intptr_t nShardings,
                                               const MlirAttribute *shardings);
intptr_t sdyTensorShardingPerValueAttrGetShardingsSize(MlirAttribute attr);
MlirAttribute sdyTensorShardingPerValueAttrGetShardingsElem(MlirAttribute attr,
                                                            intptr_t pos);

/*--- DimMappingAttr / TensorMappingAttr
 * --------------------------------------*/
bool sdyAttributeIsADimMappingAttr(MlirAttribute attr);
MlirAttribute sdyDimMappingAttrGet(MlirContext ctx, intptr_t nFactorIndices,
                                   const int64_t *factorIndices);
intptr_t sdyDimMappingAttrGetFactorIndicesSize(MlirAttribute attr);
int64_t sdyDimMappingAttrGetFactorIndicesElem(MlirAttribute attr, intptr_t pos);

bool sdyAttributeIsATensorMappingAttr(MlirAttribute attr);
MlirAttribute sdyTensorMappingAttrGet(MlirContext ctx, intptr_t nMappings,
                                      const MlirAttribute *mappings);
intptr_t sdyTensorMappingAttrGetRank(MlirAttribute attr);
intptr_t sdyTensorMappingAttrGetDimMappingsSize(MlirAttribute attr);
MlirAttribute sdyTensorMappingAttrGetDimMappingsElem(MlirAttribute attr,
                                                     intptr_t pos);

/*--- OpShardingRuleAttr
 * ------------------------------------------------------*/
bool sdyAttributeIsAOpShardingRuleAttr(MlirAttribute attr);
MlirAttribute sdyOpShardingRuleAttrGet(
    MlirContext ctx, intptr_t nFactorSizes, const int64_t *factorSizes,
    intptr_t nOperandMappings, const MlirAttribute *operandMappings,
    intptr_t nResultMappings, const MlirAttribute *resultMappings,
    intptr_t nReductionFactors, const int64_t *reductionFactors,
    intptr_t nNeedReplicationFactors, const int64_t *needReplicationFactors,
    intptr_t nPermutationFactors, const int64_t *permutationFactors,
    intptr_t nBlockedPropagationFactors,
    const int64_t *blockedPropagationFactors, bool isCustomRule);
bool sdyOpShardingRuleAttrGetIsCustom(MlirAttribute attr);
intptr_t sdyOpShardingRuleAttrGetFactorSizesSize(MlirAttribute attr);
int64_t sdyOpShardingRuleAttrGetFactorSizesElem(MlirAttribute attr,
                                                intptr_t pos);
intptr_t sdyOpShardingRuleAttrGetOperandMappingsSize(MlirAttribute attr);
MlirAttribute sdyOpShardingRuleAttrGetOperandMappingsElem(MlirAttribute attr,
                                                          intptr_t pos);
intptr_t sdyOpShardingRuleAttrGetResultMappingsSize(MlirAttribute attr);
MlirAttribute sdyOpShardingRuleAttrGetResultMappingsElem(MlirAttribute attr,
                                                         intptr_t pos);
intptr_t sdyOpShardingRuleAttrGetReductionFactorsSize(MlirAttribute attr);
int64_t sdyOpShardingRuleAttrGetReductionFactorsElem(MlirAttribute attr,
                                                     intptr_t pos);
intptr_t sdyOpShardingRuleAttrGetNeedReplicationFactorsSize(MlirAttribute attr);
int64_t sdyOpShardingRuleAttrGetNeedReplicationFactorsElem(MlirAttribute attr,
                                                           intptr_t pos);
intptr_t sdyOpShardingRuleAttrGetPermutationFactorsSize(MlirAttribute attr);
int64_t sdyOpShardingRuleAttrGetPermutationFactorsElem(MlirAttribute attr,
                                                       intptr_t pos);
intptr_t
sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize(MlirAttribute attr);
int64_t
sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem(MlirAttribute attr,
                                                      intptr_t pos);

/*--- ManualAxesAttr (axes: StringAttrs)
 * --------------------------------------*/
bool sdyAttributeIsAManualAxesAttr(MlirAttribute attr);
MlirAttribute sdyManualAxesAttrGet(MlirContext ctx, intptr_t nAxes,
                                   const MlirAttribute *axes);
/* Shardy's name of the axis count (since SDY_C_1.2); same as
 * sdyManualAxesAttrGetSize. */
intptr_t sdyManualAxesAttrGetAxesSize(MlirAttribute attr);
intptr_t sdyManualAxesAttrGetSize(MlirAttribute attr);
MlirStringRef sdyManualAxesAttrGetAxesElem(MlirAttribute attr, intptr_t pos);

/*--- Passes (since SDY_C_1.2) -------------------------------------------------
 * Registers every sdy pass and pipeline (Shardy's names, e.g.
 * sdy-propagation-pipeline) in MLIR's global registry, so that
 * mlirParsePassPipeline / mlirOpPassManagerAddPipeline find them.
 * Idempotent. The Xla variant exists for code written against XLA's Shardy
 * integration: sdy has no XLA-specific passes, so it registers the same
 * set. */
void mlirRegisterAllSdyPassesAndPipelines(void);
void mlirRegisterAllXlaSdyPassesAndPipelines(void);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_DIALECT_H */
