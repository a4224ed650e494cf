//===- ShardingUtils.h - reading, writing and editing shardings -*- C++ -*-===//
//
// Where a value's sharding lives depends on what defines it: the
// `sdy.sharding` per-value attribute of its defining op, the `sdy.sharding`
// argument attribute of a function, an sdy op's own sharding, or a
// data_flow_edge. These helpers hide that for passes, look up the mesh of a
// sharding, and build edited copies of shardings.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_SDY_SHARDINGUTILS_H
#define SDY_IR_SDY_SHARDINGUTILS_H

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::sdy {

/// A sharding of `rank` open, empty dimensions on `meshOrRef`.
TensorShardingAttr getFullyOpenSharding(MLIRContext *ctx, Attribute meshOrRef,
                                        int64_t rank);

/// A sharding of `rank` closed, empty dimensions on `meshOrRef`.
TensorShardingAttr getFullyClosedSharding(MLIRContext *ctx, Attribute meshOrRef,
                                          int64_t rank);

/// The rank of `type` for sharding purposes (0 for non-shaped types).
int64_t getShardingRank(Type type);

/// The sharding of `value` if it has one: the `sdy.sharding` of its defining
/// op (or the op's own sharding for sdy ops that carry one), the
/// `sdy.sharding` argument attribute of a function argument, or for a body
/// argument of a region op the sharding the body sees (a manual
/// computation's in_sharding without its manual axes, a named computation's
/// in_sharding, a while loop's result sharding).
TensorShardingAttr getSharding(Value value);

/// Sets the sharding of `value` where it lives: the `sdy.sharding` of its
/// defining op (other results get fully open shardings if they had none),
/// or of a function argument. Returns false if `value` cannot hold a
/// sharding (e.g. a block argument of a non-function region).
bool setSharding(Value value, TensorShardingAttr sharding);

/// The mesh of `meshOrRef`: the mesh itself if inlined, otherwise the
/// `sdy.mesh` symbol it names as seen from `from`. Null if there is no such
/// mesh (or `from` is null for a symbol). The one mesh lookup; see
/// lookupMeshOrError() for the variant that explains a failure.
MeshAttr lookupMesh(Operation *from, Attribute meshOrRef);

/// `sharding` without the axes for which `keep` is false, in dimensions and
/// replicated axes. Open/closed flags and priorities stay, but a closed
/// dimension left empty loses its priority (`{}` cannot carry one). Null for
/// a null sharding.
TensorShardingAttr filterAxes(TensorShardingAttr sharding,
                              llvm::function_ref<bool(AxisRefAttr)> keep);

/// `sharding` without the axes (and sub-axes) of the mesh axes named in
/// `axisNames`, e.g. a manual computation's sharding as its body sees it.
TensorShardingAttr removeAxes(TensorShardingAttr sharding,
                              ArrayRef<StringAttr> axisNames);

/// `sharding` with every dimension closed and without priorities; the
/// replicated axes stay. Null for a null sharding.
TensorShardingAttr closeDimensions(TensorShardingAttr sharding);

/// Calls `fn` on every sharding attribute held by `op` (per-value, inherent
/// sharding, in/out shardings, function arguments/results) and replaces it
/// with the result when that differs. Returns true if anything changed.
bool transformShardings(
    Operation *op,
    llvm::function_ref<TensorShardingAttr(TensorShardingAttr)> fn);

} // namespace mlir::sdy

#endif // SDY_IR_SDY_SHARDINGUTILS_H
