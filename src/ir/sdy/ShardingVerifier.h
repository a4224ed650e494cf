//===- ShardingVerifier.h - context-dependent sharding checks ---*- C++ -*-===//
//
// Checks that need the mesh (resolved from a symbol) or the tensor type: used
// by op verifiers, by the dialect for discardable `sdy.sharding` attributes,
// and by the C API to validate a sharding against a shape.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_SDY_SHARDINGVERIFIER_H
#define SDY_IR_SDY_SHARDINGVERIFIER_H

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::sdy {

/// Returns a diagnostic that already names the value being checked, e.g.
/// "'func.func' op sharding of argument 0: "; the check appends the reason.
using EmitErrorFn = llvm::function_ref<InFlightDiagnostic()>;

/// Verifies `axes` (one dimension's axes, a replicated list, collective axes)
/// against `mesh`: axes exist, sub-axes are valid for the axis size, no
/// overlap, adjacent mergeable sub-axes are merged. `what` names the list in
/// messages ("dimension 0", "replicated axes").
LogicalResult verifyAxisRefList(ArrayRef<AxisRefAttr> axes, MeshAttr mesh,
                                StringRef what, EmitErrorFn emitError);

/// Verifies `sharding` against `mesh` and a value of `type`: rank, axes,
/// overlap across dimensions, replicated-axis order, size-0 dimensions.
LogicalResult verifyTensorShardingWithMesh(TensorShardingAttr sharding,
                                           MeshAttr mesh, Type type,
                                           EmitErrorFn emitError);

/// Resolves the mesh of `sharding` from `op` (inlined, or an `sdy.mesh` symbol
/// visible from `op`) and verifies it with verifyTensorShardingWithMesh. Inside
/// a manual_computation, also rejects the manual axes of enclosing ones.
LogicalResult verifyTensorSharding(TensorShardingAttr sharding, Type type,
                                   Operation *op, EmitErrorFn emitError);

/// The mesh of `sharding` as seen from `op` (lookupMesh()); if there is
/// none, emits why (unknown symbol, or a symbol that is not a mesh).
MeshAttr lookupMeshOrError(TensorShardingAttr sharding, Operation *op,
                           EmitErrorFn emitError);

/// Verifies one sharding per type in `types` (`kind` is "result"/"operand").
LogicalResult verifyShardingPerValue(TensorShardingPerValueAttr shardings,
                                     TypeRange types, Operation *op,
                                     StringRef kind);

/// Verifies a user `sdy.sharding_rule` against the op's operands and results.
LogicalResult verifyShardingRuleForOp(OpShardingRuleAttr rule, Operation *op);

} // namespace mlir::sdy

#endif // SDY_IR_SDY_SHARDINGVERIFIER_H
