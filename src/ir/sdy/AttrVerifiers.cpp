//===- AttrVerifiers.cpp - context-free invariants of sdy attributes ------===//
//
// What can be checked from an attribute alone. Checks that need the mesh
// behind a symbol or the tensor type live in ShardingVerifier.cpp.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sdy;

using EmitFn = llvm::function_ref<InFlightDiagnostic()>;

LogicalResult MeshAttr::verify(EmitFn emitError, ArrayRef<MeshAxisAttr> axes,
                               ArrayRef<int64_t> deviceIds) {
  llvm::StringSet<> names;
  int64_t total = 1;
  for (MeshAxisAttr axis : axes) {
    if (axis.getName().empty())
      return emitError() << "mesh axis names must not be empty";
    if (!names.insert(axis.getName()).second)
      return emitError() << "duplicate mesh axis name \"" << axis.getName()
                         << "\"";
    if (axis.getSize() < 1)
      return emitError() << "mesh axis \"" << axis.getName() << "\" has size "
                         << axis.getSize() << ", axis sizes must be at least 1";
    if (total > (int64_t(1) << 40) / axis.getSize())
      return emitError() << "mesh has too many devices (product of axis "
                            "sizes exceeds 2^40)";
    total *= axis.getSize();
  }
  for (auto [index, id] : llvm::enumerate(deviceIds))
    if (id < 0)
      return emitError() << "device id " << id << " at position " << index
                         << " is negative, device ids must be non-negative";
  if (axes.empty()) {
    if (deviceIds.size() > 1)
      return emitError() << "a mesh with no axes has at most one device id "
                            "(a maximal mesh), got "
                         << deviceIds.size();
    return success();
  }
  if (deviceIds.empty())
    return success();
  if (static_cast<int64_t>(deviceIds.size()) != total)
    return emitError() << "mesh has " << deviceIds.size()
                       << " device ids but the product of its axis sizes is "
                       << total;
  SmallVector<int64_t> sorted(deviceIds);
  llvm::sort(sorted);
  for (auto [index, id] : llvm::enumerate(sorted))
    if (id != static_cast<int64_t>(index))
      return emitError() << "device ids must be a permutation of iota(" << total
                         << "), got duplicate or out-of-range id " << id;
  if (llvm::equal(sorted, deviceIds))
    return emitError() << "device ids must not be iota(" << total
                       << "): omit device_ids for the default device order";
  return success();
}

LogicalResult SubAxisInfoAttr::verify(EmitFn emitError, int64_t preSize,
                                      int64_t size) {
  if (preSize < 1)
    return emitError() << "sub-axis pre-size must be at least 1, got "
                       << preSize;
  if (size <= 1)
    return emitError() << "sub-axis size must be greater than 1, got " << size;
  int64_t span;
  if (llvm::MulOverflow(preSize, size, span))
    return emitError() << "sub-axis (" << preSize << ")" << size
                       << " is too large: pre-size times size overflows";
  return success();
}

LogicalResult DimensionShardingAttr::verify(EmitFn emitError,
                                            ArrayRef<AxisRefAttr> axes,
                                            bool isClosed,
                                            std::optional<int64_t> priority) {
  if (!priority)
    return success();
  if (*priority < 0)
    return emitError() << "dimension sharding priority must be non-negative, "
                          "got p"
                       << *priority;
  if (isClosed && axes.empty())
    return emitError() << "a closed empty dimension sharding {} cannot have a "
                          "priority (p"
                       << *priority << ")";
  return success();
}

LogicalResult
TensorShardingAttr::verify(EmitFn emitError, Attribute meshOrRef,
                           ArrayRef<DimensionShardingAttr> dimShardings,
                           ArrayRef<AxisRefAttr> replicatedAxes,
                           ArrayRef<AxisRefAttr> unreducedAxes) {
  if (!isa<FlatSymbolRefAttr, MeshAttr>(meshOrRef))
    return emitError() << "a sharding's mesh must be a mesh symbol (@name) "
                          "or an inlined mesh, got "
                       << meshOrRef;
  return success();
}

namespace {
/// Checks one list of special factors: in range, sorted, unique.
LogicalResult verifyFactorList(EmitFn emitError, StringRef kind,
                               ArrayRef<int64_t> factors, int64_t numFactors) {
  for (auto [index, factor] : llvm::enumerate(factors)) {
    if (factor < 0 || factor >= numFactors)
      return emitError() << kind << " factor index " << factor
                         << " is out of range [0, " << numFactors << ")";
    if (index > 0 && factors[index - 1] >= factor)
      return emitError() << kind << " factors must be sorted and unique, got '"
                         << OpShardingRuleAttr::getFactorName(
                                factors[index - 1])
                         << "' before '"
                         << OpShardingRuleAttr::getFactorName(factor) << "'";
  }
  return success();
}

LogicalResult verifyTensorMappings(EmitFn emitError, StringRef kind,
                                   ArrayRef<TensorMappingAttr> mappings,
                                   ArrayRef<int64_t> factorSizes,
                                   SmallVectorImpl<bool> &used) {
  int64_t numFactors = factorSizes.size();
  for (auto [tensorIndex, mapping] : llvm::enumerate(mappings)) {
    llvm::SmallSet<int64_t, 8> seen;
    for (auto [dim, dimMapping] : llvm::enumerate(mapping.getDimMappings())) {
      ArrayRef<int64_t> factors = dimMapping.getFactorIndices();
      for (int64_t factor : factors) {
        if (factor < 0 || factor >= numFactors)
          return emitError() << kind << " " << tensorIndex << " dimension "
                             << dim << ": factor index " << factor
                             << " is out of range [0, " << numFactors << ")";
        if (!seen.insert(factor).second)
          return emitError() << kind << " " << tensorIndex << " uses factor '"
                             << OpShardingRuleAttr::getFactorName(factor)
                             << "' more than once";
        if (factors.size() > 1 && factorSizes[factor] == 1)
          return emitError()
                 << kind << " " << tensorIndex << " dimension " << dim
                 << ": factor '" << OpShardingRuleAttr::getFactorName(factor)
                 << "' of size 1 cannot be part of a compound dimension";
        used[factor] = true;
      }
    }
  }
  return success();
}
} // namespace

LogicalResult
OpShardingRuleAttr::verify(EmitFn emitError, ArrayRef<int64_t> factorSizes,
                           ArrayRef<TensorMappingAttr> operandMappings,
                           ArrayRef<TensorMappingAttr> resultMappings,
                           ArrayRef<int64_t> reductionFactors,
                           ArrayRef<int64_t> needReplicationFactors,
                           ArrayRef<int64_t> permutationFactors,
                           ArrayRef<int64_t> blockedPropagationFactors,
                           bool isCustomRule) {
  if (operandMappings.empty() && resultMappings.empty())
    return emitError() << "a sharding rule needs at least one operand or "
                          "result mapping";
  int64_t numFactors = factorSizes.size();
  for (auto [index, size] : llvm::enumerate(factorSizes))
    if (size < 0)
      return emitError() << "factor '" << getFactorName(index)
                         << "' has negative size " << size;
  SmallVector<bool> used(numFactors, false);
  if (failed(verifyTensorMappings(emitError, "operand", operandMappings,
                                  factorSizes, used)) ||
      failed(verifyTensorMappings(emitError, "result", resultMappings,
                                  factorSizes, used)))
    return failure();
  for (auto [factor, isUsed] : llvm::enumerate(used))
    if (!isUsed)
      return emitError() << "factor '" << getFactorName(factor)
                         << "' is not used by any operand or result";

  if (failed(verifyFactorList(emitError, "reduction", reductionFactors,
                              numFactors)) ||
      failed(verifyFactorList(emitError, "need_replication",
                              needReplicationFactors, numFactors)) ||
      failed(verifyFactorList(emitError, "permutation", permutationFactors,
                              numFactors)) ||
      failed(verifyFactorList(emitError, "blocked_propagation",
                              blockedPropagationFactors, numFactors)))
    return failure();

  // A factor has at most one kind; blocked_propagation is orthogonal.
  std::pair<StringRef, ArrayRef<int64_t>> kinds[] = {
      {"reduction", reductionFactors},
      {"need_replication", needReplicationFactors},
      {"permutation", permutationFactors}};
  for (size_t i = 0; i < 3; ++i)
    for (size_t j = i + 1; j < 3; ++j)
      for (int64_t factor : kinds[i].second)
        if (llvm::is_contained(kinds[j].second, factor))
          return emitError()
                 << "factor '" << getFactorName(factor) << "' is both "
                 << kinds[i].first << " and " << kinds[j].first;

  for (int64_t factor : reductionFactors)
    for (auto [index, mapping] : llvm::enumerate(resultMappings))
      if (mapping.containsFactor(factor))
        return emitError() << "reduction factor '" << getFactorName(factor)
                           << "' must not appear in a result, but result "
                           << index << " uses it";
  return success();
}
