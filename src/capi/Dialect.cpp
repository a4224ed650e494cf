//===- Dialect.cpp - Shardy-compatible MLIR-style attribute API -----------===//
//
// The functions of Shardy's C API (shardy/integrations/c/attributes.h) over
// our dialect. Null or wrong-kind attributes give null / 0 instead of a
// crash; invalid parameters give a null attribute. The verifiers' reasons
// are swallowed: the library never prints (the sdy_* functions return them
// in a status).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "sdy_c/dialect.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

template <typename T>
T as(MlirAttribute attr) {
  if (mlirAttributeIsNull(attr))
    return T();
  return dyn_cast<T>(unwrap(attr));
}

bool validPos(intptr_t pos, size_t size) {
  return pos >= 0 && static_cast<size_t>(pos) < size;
}

template <typename T>
bool collect(intptr_t n, const MlirAttribute *attrs, SmallVector<T> &out) {
  if (n < 0 || (n > 0 && !attrs))
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    T attr = as<T>(attrs[i]);
    if (!attr)
      return false;
    out.push_back(attr);
  }
  return true;
}

bool collectInts(intptr_t n, const int64_t *values, SmallVector<int64_t> &out) {
  if (n < 0 || (n > 0 && !values))
    return false;
  out.assign(values, values + n);
  return true;
}

MlirAttribute toC(Attribute attr) { return wrap(attr); }
int64_t toC(int64_t value) { return value; }

/// The length of list `get` of a T attribute; 0 for a null or other
/// attribute.
template <typename T, typename List>
intptr_t listSize(MlirAttribute attr, List (T::*get)() const) {
  T typed = as<T>(attr);
  return typed ? static_cast<intptr_t>((typed.*get)().size()) : 0;
}

/// Element `pos` of list `get` of a T attribute; `none` for a null or other
/// attribute or a position out of range.
template <typename T, typename List, typename R>
R listElem(MlirAttribute attr, intptr_t pos, List (T::*get)() const, R none) {
  T typed = as<T>(attr);
  if (!typed)
    return none;
  List list = (typed.*get)();
  return validPos(pos, list.size()) ? R(toC(list[pos])) : none;
}

/// A context in which the sdy dialect is loaded (attributes of an unloaded
/// dialect cannot be created).
bool validContext(MlirContext ctx) {
  return !mlirContextIsNull(ctx) &&
         unwrap(ctx)->getLoadedDialect<SdyDialect>() != nullptr;
}

auto emitter(MLIRContext *ctx) {
  return [ctx] { return sdycapi::emitUnknownLocError(ctx); };
}

MlirStringRef emptyString() { return mlirStringRefCreate(nullptr, 0); }

} // namespace

extern "C" {

//===--- MeshAxisAttr ----------------------------------------------------===//

bool sdyAttributeIsAMeshAxisAttr(MlirAttribute attr) {
  return static_cast<bool>(as<MeshAxisAttr>(attr));
}
MlirAttribute sdyMeshAxisAttrGet(MlirContext ctx, MlirStringRef name,
                                 int64_t size) {
  if (!validContext(ctx) || (!name.data && name.length))
    return {nullptr};
  return wrap(MeshAxisAttr::get(unwrap(ctx), unwrap(name), size));
}
MlirStringRef sdyMeshAxisAttrGetName(MlirAttribute attr) {
  auto axis = as<MeshAxisAttr>(attr);
  return axis ? wrap(axis.getName()) : emptyString();
}
int64_t sdyMeshAxisAttrGetSize(MlirAttribute attr) {
  auto axis = as<MeshAxisAttr>(attr);
  return axis ? axis.getSize() : 0;
}

//===--- MeshAttr --------------------------------------------------------===//

bool sdyAttributeIsAMeshAttr(MlirAttribute attr) {
  return static_cast<bool>(as<MeshAttr>(attr));
}
MlirAttribute sdyMeshAttrGet(MlirContext ctx, intptr_t nAxes,
                             const MlirAttribute *axes, intptr_t nDeviceIds,
                             const int64_t *deviceIds) {
  SmallVector<MeshAxisAttr> axisAttrs;
  SmallVector<int64_t> ids;
  if (!validContext(ctx) || !collect(nAxes, axes, axisAttrs) ||
      !collectInts(nDeviceIds, deviceIds, ids))
    return {nullptr};
  sdycapi::DiagnosticCapture quiet(unwrap(ctx));
  if (failed(MeshAttr::verify(emitter(unwrap(ctx)), axisAttrs, ids)))
    return {nullptr};
  return wrap(MeshAttr::get(unwrap(ctx), axisAttrs, ids));
}
int64_t sdyMeshAttrGetDeviceIdsSize(MlirAttribute attr) {
  return listSize(attr, &MeshAttr::getDeviceIds);
}
int64_t sdyMeshAttrGetDeviceIdsElem(MlirAttribute attr, int64_t pos) {
  return listElem(attr, pos, &MeshAttr::getDeviceIds, int64_t(-1));
}
intptr_t sdyMeshAttrGetAxesSize(MlirAttribute attr) {
  return listSize(attr, &MeshAttr::getAxes);
}
MlirAttribute sdyMeshAttrGetAxesElem(MlirAttribute attr, intptr_t pos) {
  return listElem(attr, pos, &MeshAttr::getAxes, MlirAttribute{nullptr});
}

//===--- SubAxisInfoAttr -------------------------------------------------===//

bool sdyAttributeIsASubAxisInfoAttr(MlirAttribute attr) {
  return static_cast<bool>(as<SubAxisInfoAttr>(attr));
}
MlirAttribute sdySubAxisInfoAttrGet(MlirContext ctx, int64_t preSize,
                                    int64_t size) {
  if (!validContext(ctx))
    return {nullptr};
  sdycapi::DiagnosticCapture quiet(unwrap(ctx));
  if (failed(SubAxisInfoAttr::verify(emitter(unwrap(ctx)), preSize, size)))
    return {nullptr};
  return wrap(SubAxisInfoAttr::get(unwrap(ctx), preSize, size));
}
int64_t sdySubAxisInfoAttrGetPreSize(MlirAttribute attr) {
  auto sub = as<SubAxisInfoAttr>(attr);
  return sub ? sub.getPreSize() : 0;
}
int64_t sdySubAxisInfoAttrGetSize(MlirAttribute attr) {
  auto sub = as<SubAxisInfoAttr>(attr);
  return sub ? sub.getSize() : 0;
}

//===--- AxisRefAttr -----------------------------------------------------===//

bool sdyAttributeIsAnAxisRefAttr(MlirAttribute attr) {
  return static_cast<bool>(as<AxisRefAttr>(attr));
}
MlirAttribute sdyAxisRefAttrGet(MlirContext ctx, MlirStringRef name,
                                MlirAttribute subAxisInfo) {
  if (!validContext(ctx) || (!name.data && name.length))
    return {nullptr};
  SubAxisInfoAttr sub;
  if (!mlirAttributeIsNull(subAxisInfo)) {
    sub = as<SubAxisInfoAttr>(subAxisInfo);
    if (!sub)
      return {nullptr};
  }
  return wrap(AxisRefAttr::get(unwrap(ctx), unwrap(name), sub));
}
MlirStringRef sdyAxisRefAttrGetName(MlirAttribute attr) {
  auto axis = as<AxisRefAttr>(attr);
  return axis ? wrap(axis.getName()) : emptyString();
}
MlirAttribute sdyAxisRefAttrGetSubAxisInfo(MlirAttribute attr) {
  auto axis = as<AxisRefAttr>(attr);
  return axis && axis.getSubAxisInfo() ? wrap(axis.getSubAxisInfo())
                                       : MlirAttribute{nullptr};
}

//===--- DimensionShardingAttr -------------------------------------------===//

bool sdyAttributeIsADimensionShardingAttr(MlirAttribute attr) {
  return static_cast<bool>(as<DimensionShardingAttr>(attr));
}
MlirAttribute sdyDimensionShardingAttrGet(MlirContext ctx, intptr_t nAxes,
                                          const MlirAttribute *axes,
                                          bool isClosed, int64_t priority) {
  SmallVector<AxisRefAttr> axisAttrs;
  if (!validContext(ctx) || !collect(nAxes, axes, axisAttrs) || priority < -1)
    return {nullptr};
  std::optional<int64_t> prio;
  if (priority >= 0)
    prio = priority;
  sdycapi::DiagnosticCapture quiet(unwrap(ctx));
  if (failed(DimensionShardingAttr::verify(emitter(unwrap(ctx)), axisAttrs,
                                           isClosed, prio)))
    return {nullptr};
  return wrap(
      DimensionShardingAttr::get(unwrap(ctx), axisAttrs, isClosed, prio));
}
intptr_t sdyDimensionShardingAttrGetAxesSize(MlirAttribute attr) {
  return listSize(attr, &DimensionShardingAttr::getAxes);
}
MlirAttribute sdyDimensionShardingAttrGetAxesElem(MlirAttribute attr,
                                                  intptr_t pos) {
  return listElem(attr, pos, &DimensionShardingAttr::getAxes,
                  MlirAttribute{nullptr});
}
bool sdyDimensionShardingAttrGetIsClosed(MlirAttribute attr) {
  auto dim = as<DimensionShardingAttr>(attr);
  return dim && dim.getIsClosed();
}
int64_t sdyDimensionShardingAttrGetPriority(MlirAttribute attr) {
  auto dim = as<DimensionShardingAttr>(attr);
  return dim ? dim.getPriority().value_or(-1) : -1;
}

//===--- TensorShardingAttr ----------------------------------------------===//

bool sdyAttributeIsATensorShardingAttr(MlirAttribute attr) {
  return static_cast<bool>(as<TensorShardingAttr>(attr));
}
MlirAttribute sdyTensorShardingAttrGet(MlirContext ctx, MlirAttribute meshOrRef,
                                       intptr_t nDimShardings,
                                       const MlirAttribute *dimShardings,
                                       intptr_t nReplicatedAxes,
                                       const MlirAttribute *replicatedAxes,
                                       intptr_t nUnreducedAxes,
                                       const MlirAttribute *unreducedAxes) {
  SmallVector<DimensionShardingAttr> dims;
  SmallVector<AxisRefAttr> replicated, unreduced;
  if (!validContext(ctx) || mlirAttributeIsNull(meshOrRef) ||
      !collect(nDimShardings, dimShardings, dims) ||
      !collect(nReplicatedAxes, replicatedAxes, replicated) ||
      !collect(nUnreducedAxes, unreducedAxes, unreduced))
    return {nullptr};
  Attribute mesh = unwrap(meshOrRef);
  sdycapi::DiagnosticCapture quiet(unwrap(ctx));
  if (failed(TensorShardingAttr::verify(emitter(unwrap(ctx)), mesh, dims,
                                        replicated, unreduced)))
    return {nullptr};
  return wrap(
      TensorShardingAttr::get(unwrap(ctx), mesh, dims, replicated, unreduced));
}
MlirAttribute sdyTensorShardingAttrGetMeshOrRef(MlirAttribute attr) {
  auto sharding = as<TensorShardingAttr>(attr);
  return sharding ? wrap(sharding.getMeshOrRef()) : MlirAttribute{nullptr};
}
intptr_t sdyTensorShardingAttrGetDimShardingsSize(MlirAttribute attr) {
  return listSize(attr, &TensorShardingAttr::getDimShardings);
}
MlirAttribute sdyTensorShardingAttrGetDimShardingsElem(MlirAttribute attr,
                                                       intptr_t pos) {
  return listElem(attr, pos, &TensorShardingAttr::getDimShardings,
                  MlirAttribute{nullptr});
}
intptr_t sdyTensorShardingAttrGetReplicatedAxesSize(MlirAttribute attr) {
  return listSize(attr, &TensorShardingAttr::getReplicatedAxes);
}
MlirAttribute sdyTensorShardingAttrGetReplicatedAxesElem(MlirAttribute attr,
                                                         intptr_t pos) {
  return listElem(attr, pos, &TensorShardingAttr::getReplicatedAxes,
                  MlirAttribute{nullptr});
}
intptr_t sdyTensorShardingAttrGetUnreducedAxesSize(MlirAttribute attr) {
  return listSize(attr, &TensorShardingAttr::getUnreducedAxes);
}
MlirAttribute sdyTensorShardingAttrGetUnreducedAxesElem(MlirAttribute attr,
                                                        intptr_t pos) {
  return listElem(attr, pos, &TensorShardingAttr::getUnreducedAxes,
                  MlirAttribute{nullptr});
}

//===--- TensorShardingPerValueAttr --------------------------------------===//

bool sdyAttributeIsATensorShardingPerValueAttr(MlirAttribute attr) {
  return static_cast<bool>(as<TensorShardingPerValueAttr>(attr));
}
MlirAttribute sdyTensorShardingPerValueAttrGet(MlirContext ctx,
                                               intptr_t nShardings,
                                               const MlirAttribute *shardings) {
  SmallVector<TensorShardingAttr> values;
  if (!validContext(ctx) || !collect(nShardings, shardings, values))
    return {nullptr};
  return wrap(TensorShardingPerValueAttr::get(unwrap(ctx), values));
}
intptr_t sdyTensorShardingPerValueAttrGetShardingsSize(MlirAttribute attr) {
  return listSize(attr, &TensorShardingPerValueAttr::getShardings);
}
MlirAttribute sdyTensorShardingPerValueAttrGetShardingsElem(MlirAttribute attr,
                                                            intptr_t pos) {
  return listElem(attr, pos, &TensorShardingPerValueAttr::getShardings,
                  MlirAttribute{nullptr});
}

//===--- DimMappingAttr / TensorMappingAttr ------------------------------===//

bool sdyAttributeIsADimMappingAttr(MlirAttribute attr) {
  return static_cast<bool>(as<DimMappingAttr>(attr));
}
MlirAttribute sdyDimMappingAttrGet(MlirContext ctx, intptr_t nFactorIndices,
                                   const int64_t *factorIndices) {
  SmallVector<int64_t> indices;
  if (!validContext(ctx) ||
      !collectInts(nFactorIndices, factorIndices, indices))
    return {nullptr};
  return wrap(DimMappingAttr::get(unwrap(ctx), indices));
}
intptr_t sdyDimMappingAttrGetFactorIndicesSize(MlirAttribute attr) {
  return listSize(attr, &DimMappingAttr::getFactorIndices);
}
int64_t sdyDimMappingAttrGetFactorIndicesElem(MlirAttribute attr,
                                              intptr_t pos) {
  return listElem(attr, pos, &DimMappingAttr::getFactorIndices, int64_t(-1));
}

bool sdyAttributeIsATensorMappingAttr(MlirAttribute attr) {
  return static_cast<bool>(as<TensorMappingAttr>(attr));
}
MlirAttribute sdyTensorMappingAttrGet(MlirContext ctx, intptr_t nMappings,
                                      const MlirAttribute *mappings) {
  SmallVector<DimMappingAttr> dims;
  if (!validContext(ctx) || !collect(nMappings, mappings, dims))
    return {nullptr};
  return wrap(TensorMappingAttr::get(unwrap(ctx), dims));
}
intptr_t sdyTensorMappingAttrGetRank(MlirAttribute attr) {
  auto mapping = as<TensorMappingAttr>(attr);
  return mapping ? mapping.getRank() : 0;
}
intptr_t sdyTensorMappingAttrGetDimMappingsSize(MlirAttribute attr) {
  return listSize(attr, &TensorMappingAttr::getDimMappings);
}
MlirAttribute sdyTensorMappingAttrGetDimMappingsElem(MlirAttribute attr,
                                                     intptr_t pos) {
  return listElem(attr, pos, &TensorMappingAttr::getDimMappings,
                  MlirAttribute{nullptr});
}

//===--- OpShardingRuleAttr ----------------------------------------------===//

bool sdyAttributeIsAOpShardingRuleAttr(MlirAttribute attr) {
  return static_cast<bool>(as<OpShardingRuleAttr>(attr));
}
MlirAttribute sdyOpShardingRuleAttrGet(
    MlirContext ctx, intptr_t nFactorSizes, const int64_t *factorSizes,
    intptr_t nOperandMappings, const MlirAttribute *operandMappings,
    intptr_t nResultMappings, const MlirAttribute *resultMappings,
    intptr_t nReductionFactors, const int64_t *reductionFactors,
    intptr_t nNeedReplicationFactors, const int64_t *needReplicationFactors,
    intptr_t nPermutationFactors, const int64_t *permutationFactors,
    intptr_t nBlockedPropagationFactors,
    const int64_t *blockedPropagationFactors, bool isCustomRule) {
  SmallVector<int64_t> sizes, reduction, needReplication, permutation, blocked;
  SmallVector<TensorMappingAttr> operands, results;
  if (!validContext(ctx) || !collectInts(nFactorSizes, factorSizes, sizes) ||
      !collect(nOperandMappings, operandMappings, operands) ||
      !collect(nResultMappings, resultMappings, results) ||
      !collectInts(nReductionFactors, reductionFactors, reduction) ||
      !collectInts(nNeedReplicationFactors, needReplicationFactors,
                   needReplication) ||
      !collectInts(nPermutationFactors, permutationFactors, permutation) ||
      !collectInts(nBlockedPropagationFactors, blockedPropagationFactors,
                   blocked))
    return {nullptr};
  sdycapi::DiagnosticCapture quiet(unwrap(ctx));
  if (failed(OpShardingRuleAttr::verify(emitter(unwrap(ctx)), sizes, operands,
                                        results, reduction, needReplication,
                                        permutation, blocked, isCustomRule)))
    return {nullptr};
  return wrap(OpShardingRuleAttr::get(unwrap(ctx), sizes, operands, results,
                                      reduction, needReplication, permutation,
                                      blocked, isCustomRule));
}
bool sdyOpShardingRuleAttrGetIsCustom(MlirAttribute attr) {
  auto rule = as<OpShardingRuleAttr>(attr);
  return rule && rule.isCustom();
}

#define SDY_RULE_INT_LIST(Name, Getter)                                        \
  intptr_t sdyOpShardingRuleAttrGet##Name##Size(MlirAttribute attr) {          \
    return listSize(attr, &OpShardingRuleAttr::Getter);                        \
  }                                                                            \
  int64_t sdyOpShardingRuleAttrGet##Name##Elem(MlirAttribute attr,             \
                                               intptr_t pos) {                 \
    return listElem(attr, pos, &OpShardingRuleAttr::Getter, int64_t(-1));      \
  }
SDY_RULE_INT_LIST(FactorSizes, getFactorSizes)
SDY_RULE_INT_LIST(ReductionFactors, getReductionFactors)
SDY_RULE_INT_LIST(NeedReplicationFactors, getNeedReplicationFactors)
SDY_RULE_INT_LIST(PermutationFactors, getPermutationFactors)
SDY_RULE_INT_LIST(BlockedPropagationFactors, getBlockedPropagationFactors)
#undef SDY_RULE_INT_LIST

#define SDY_RULE_ATTR_LIST(Name, Getter)                                       \
  intptr_t sdyOpShardingRuleAttrGet##Name##Size(MlirAttribute attr) {          \
    return listSize(attr, &OpShardingRuleAttr::Getter);                        \
  }                                                                            \
  MlirAttribute sdyOpShardingRuleAttrGet##Name##Elem(MlirAttribute attr,       \
                                                     intptr_t pos) {           \
    return listElem(attr, pos, &OpShardingRuleAttr::Getter,                    \
                    MlirAttribute{nullptr});                                   \
  }
SDY_RULE_ATTR_LIST(OperandMappings, getOperandMappings)
SDY_RULE_ATTR_LIST(ResultMappings, getResultMappings)
#undef SDY_RULE_ATTR_LIST

//===--- ManualAxesAttr --------------------------------------------------===//

bool sdyAttributeIsAManualAxesAttr(MlirAttribute attr) {
  return static_cast<bool>(as<ManualAxesAttr>(attr));
}
MlirAttribute sdyManualAxesAttrGet(MlirContext ctx, intptr_t nAxes,
                                   const MlirAttribute *axes) {
  SmallVector<StringAttr> names;
  if (!validContext(ctx) || !collect(nAxes, axes, names))
    return {nullptr};
  return wrap(ManualAxesAttr::get(unwrap(ctx), names));
}
intptr_t sdyManualAxesAttrGetSize(MlirAttribute attr) {
  auto manual = as<ManualAxesAttr>(attr);
  return manual ? manual.size() : 0;
}
intptr_t sdyManualAxesAttrGetAxesSize(MlirAttribute attr) {
  return sdyManualAxesAttrGetSize(attr);
}
MlirStringRef sdyManualAxesAttrGetAxesElem(MlirAttribute attr, intptr_t pos) {
  auto manual = as<ManualAxesAttr>(attr);
  return manual && validPos(pos, manual.size())
             ? wrap(manual.getValue()[pos].getValue())
             : emptyString();
}

} // extern "C"
