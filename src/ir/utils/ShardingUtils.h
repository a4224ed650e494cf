//===- ShardingUtils.h - reading and writing shardings of values -*- C++ -*-===//
//
// Where a value's sharding lives depends on what defines it: the
// `sdy.sharding` per-value attribute of its defining op, the `sdy.sharding`
// argument attribute of a function, an sdy op's own sharding, or a
// data_flow_edge. These helpers hide that for passes.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_UTILS_SHARDINGUTILS_H
#define SDY_IR_UTILS_SHARDINGUTILS_H

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingVerifier.h"

namespace mlir::sdy {

/// A sharding of `rank` open, empty dimensions on `meshOrRef`.
TensorShardingAttr getFullyOpenSharding(MLIRContext *ctx, Attribute meshOrRef,
                                        int64_t rank);

/// A sharding of `rank` closed, empty dimensions on `meshOrRef`.
TensorShardingAttr getFullyClosedSharding(MLIRContext *ctx,
                                          Attribute meshOrRef, int64_t rank);

/// The rank of `type` for sharding purposes (0 for non-shaped types).
int64_t getShardingRank(Type type);

/// Sets the sharding of `value` where it lives: the `sdy.sharding` of its
/// defining op (other results get fully open shardings if they had none),
/// or of a function argument. Returns false if `value` cannot hold a
/// sharding (e.g. a block argument of a non-function region).
bool setSharding(Value value, TensorShardingAttr sharding);

/// Looks up the mesh behind a symbol (or an inlined mesh) from `from`.
MeshAttr lookupMesh(Operation *from, Attribute meshOrRef);

/// Calls `fn` on every sharding attribute held by `op` (per-value, inherent
/// sharding, in/out shardings, function arguments/results) and replaces it
/// with the result when that differs. Returns true if anything changed.
bool transformShardings(Operation *op,
                        llvm::function_ref<TensorShardingAttr(
                            TensorShardingAttr)> fn);

} // namespace mlir::sdy

#endif // SDY_IR_UTILS_SHARDINGUTILS_H
