//===- Passes.td - sdy passes -------------------------------*- tablegen -*-===//
//
// Pass names and options are part of the tool interface (docs/tools.md):
// they are Shardy's.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PASSES
#define SDY_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Import (docs/propagation.md#the-pipeline)
//===----------------------------------------------------------------------===//

def LiftInlinedMeshesPass : Pass<"sdy-lift-inlined-meshes", "ModuleOp"> {
  let summary = "Lifts inlined meshes in shardings to sdy.mesh symbols.";
  let description = [{
    Replaces every inlined mesh in a sharding with a reference to an existing
    or new `sdy.mesh` so that no two `sdy.mesh` ops hold the same mesh
    (existing duplicates are merged). New meshes are named
    `maximal_mesh_{device-id}` for a maximal mesh, otherwise the first free
    name of `mesh`, `mesh_0`, `mesh_1`, ...
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def InlineMeshesPass : Pass<"sdy-inline-meshes", "ModuleOp"> {
  let summary = "Inlines meshes into shardings and removes unused sdy.mesh ops.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def RemoveSizeOneAxesPass : Pass<"sdy-remove-size-one-axes", "ModuleOp"> {
  let summary = "Removes axes of size one from shardings and manual computations.";
  let description = [{
    Size-one axes shard nothing but can cause propagation conflicts. They are
    removed from every sharding and from the manual axes of manual
    computations; the meshes keep them.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ManualAxesCleanupPass : Pass<"sdy-manual-axes-cleanup", "ModuleOp"> {
  let summary = "Makes the manual axes of manual computations explicit.";
  let description = [{
    Adds every manual axis that an in/out sharding does not mention to its
    replicated axes, and sorts the manual axes in mesh order. Fails on a
    manual computation with no inputs or outputs but a non-empty body.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ShardingGroupImportPass : Pass<"sdy-sharding-group-import", "ModuleOp"> {
  let summary = "Merges and validates sharding groups.";
  let description = [{
    Groups that share a value are merged (transitively); the surviving groups
    get the canonical ids 0..N-1 in order of first appearance. A group with a
    value defined inside a manual computation's body must have all its
    values in that same block.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ApplyShardingConstraintsPass
    : Pass<"sdy-apply-sharding-constraints"> {
  let summary = "Applies constraints that dictate the sharding of their input.";
  let options = [
    Option<"debugPropagationEdgeSharding", "debug-propagation-edge-sharding",
           "bool", /*default=*/"false",
           "Not supported by sdy (true is an error).">,
    Option<"debugShardingOrigins", "debug-sharding-origins", "bool",
           /*default=*/"false",
           "Not supported by sdy (true is an error); the propagation passes' "
           "option of that name records origins.">,
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def AddDataFlowEdgesPass : Pass<"sdy-add-data-flow-edges"> {
  let summary = "Inserts sdy.data_flow_edge for every data-flow edge owner.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ConstantOrScalarSplitterPass
    : Pass<"sdy-constant-or-scalar-splitter"> {
  let summary = "Gives every constant sub-computation and scalar broadcast a single use.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ImportFuncCallsPass : Pass<"sdy-import-func-calls", "ModuleOp"> {
  let summary = "Turns func.call ops into sdy.named_computation ops.";
  let description = [{
    Each call becomes an `sdy.named_computation` named after the callee,
    named after the callee's `sdy.original_func_name` (or the callee),
    holding a copy of the callee's body, the callee's argument shardings as
    in shardings and the call's own `sdy.sharding` as out shardings; the
    call's other attributes stay. Callees left without calls are erased,
    public ones too (as in Shardy) unless `keep-public-callees`.
  }];
  let options = [
    Option<"addDataFlowEdgesOnNamedComputations",
           "add-data-flow-edges-on-named-computations", "bool",
           /*default=*/"false", "Not supported by sdy (true is an error).">,
    Option<"keepPublicCallees", "keep-public-callees", "bool",
           /*default=*/"false",
           "sdy's own: keep public callees (what -sdy-partition-pipeline "
           "does, which keeps every public function).">,
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

// The propagation passes share their options with the pipelines and are
// declared in C++ (propagation/PropagationPasses.h).

//===----------------------------------------------------------------------===//
// Export cleanup
//===----------------------------------------------------------------------===//

def ConstantOrScalarMergerPass
    : Pass<"sdy-constant-or-scalar-merger", "func::FuncOp"> {
  let summary = "Merges identical constant sub-computations and scalar broadcasts (same sharding) that the splitter copied.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def RemoveSubAxesInInputOutputShardingsPass
    : Pass<"sdy-remove-sub-axes-in-input-output-shardings", "ModuleOp"> {
  let summary = "Drops sub-axes (and the axes after them) from the open dimensions of @main's argument and result shardings (every function's without @main).";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def SinkDataFlowEdgesPass : Pass<"sdy-sink-data-flow-edges", "func::FuncOp"> {
  let summary = "Moves the shardings of sdy.data_flow_edge ops to their owners.";
  let options = [
    Option<"sinkDebugPropagationEdgeSharding",
           "sink-debug-propagation-edge-sharding", "bool", /*default=*/"false",
           "Not supported by sdy (true is an error).">,
    Option<"sinkDebugShardingOrigins", "sink-debug-sharding-origins", "bool",
           /*default=*/"false", "Not supported by sdy (true is an error).">,
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def RemoveShardingGroupsPass : Pass<"sdy-remove-sharding-groups"> {
  let summary = "Removes sdy.sharding_group ops.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ShardingConstraintToReshardPass
    : Pass<"sdy-sharding-constraint-to-reshard", "func::FuncOp"> {
  let summary = "Turns sdy.sharding_constraint ops into sdy.reshard ops.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def CloseShardingsPass : Pass<"sdy-close-shardings", "ModuleOp"> {
  let summary = "Closes every open dimension and drops priorities.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def DropShardingRulesPass : Pass<"sdy-drop-sharding-rules", "func::FuncOp"> {
  let summary = "Drops sdy.sharding_rule attributes except custom ones.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ExplicitGatherScatterBatchingPass
    : Pass<"sdy-explicit-gather-scatter-batching", "func::FuncOp"> {
  let summary = "Turns an iota concatenated to gather/scatter indices into batching dimensions.";
  let description = [{
    A gather or scatter without batching dimensions whose indices are a
    `stablehlo.concatenate` along the index vector dimension, one of whose
    size-1 pieces is an iota over dimension 0 (directly, or through a
    broadcast_in_dim or reshape keeping dimension 0) that indexes operand
    dimension 0 (a collapsed or inserted window dimension of the same size),
    gets that dimension pair as `operand_batching_dims = [0]` /
    `start_indices_batching_dims = [0]` (`input_batching_dims` /
    `scatter_indices_batching_dims` for scatter) and loses the iota from its
    indices. The result is the same; propagation can then keep the batch
    sharded instead of replicating an indexed dimension.
  }];
}

def UpdateNonDivisibleInputOutputShardingsPass
    : Pass<"sdy-update-non-divisible-input-output-shardings", "ModuleOp"> {
  let summary = "Makes function argument and result shardings divide their dimensions evenly.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def SaveModulePass : Pass<"sdy-save-module", "ModuleOp"> {
  let summary = "Accepted in pipelines for compatibility; writes nothing.";
  let description = [{
    The real Shardy saves the module here when its propagation was given a
    dump directory; sdy has no such option, so the pass leaves the module
    as it is.
  }];
}

def ResolvePermutationFactorsPass
    : Pass<"sdy-resolve-permutation-factors", "ModuleOp"> {
  let summary = "Unshards the permuted dimensions of slice, pad, reverse and window ops.";
  let description = [{
    A dimension that an op permutes (the sliced and padded dimensions of
    slice and pad, the reversed ones of reverse, the windowed ones of
    reduce_window, ...: the permutation factors of its sharding rule)
    cannot be computed from local shards. Their axes are dropped from the
    op's operand and result shardings: operands get an `sdy.reshard` to
    the new sharding, results keep their original sharding through an
    `sdy.reshard` after the op. With `enable-halo-exchange` (the default),
    a reverse whose operand and result agree on its reversed dimensions
    keeps them sharded instead: its operand is resharded onto a copy of
    the mesh (`@<mesh>_reversed`) whose device order reverses the axes
    of the reversed dimensions, so that each device already holds the
    shard it computes.
  }];
  let options = [
    Option<"enableHaloExchange", "enable-halo-exchange", "bool",
           /*default=*/"true",
           "Keep reversed dimensions sharded by reordering devices.">,
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def PropagateShardingFromFuncToCallPass
    : Pass<"sdy-propagate-sharding-from-func-to-call", "ModuleOp"> {
  let summary = "Gives every func.call without shardings its callee's result shardings.";
  let description = [{
    Results the callee leaves unsharded get fully open shardings on the
    mesh of its first sharded result; a call whose callee has no sharded
    result, or that has its own `sdy.sharding`, is left as it is.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def RemovePropagationDebugInfoPass
    : Pass<"sdy-remove-propagation-debug-info", "ModuleOp"> {
  let summary = "Removes the debug attributes propagation records.";
  let description = [{
    Drops `sdy.sharding_origins`, `sdy.propagation_edges` and their
    `sdy.result_*` / `sdy.block_arg_*` forms from every op, function
    argument and result; other attributes stay.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

#endif // SDY_TRANSFORMS_PASSES
