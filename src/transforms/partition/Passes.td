//===- Passes.td - sdy partitioner passes -------------------*- tablegen -*-===//
//
// The SPMD partitioner (docs/partitioning.md). Pass names are part of the
// tool interface.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PARTITION_PASSES
#define SDY_TRANSFORMS_PARTITION_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Steps 1-2: explicit reshards and reshard-to-collectives.
//===----------------------------------------------------------------------===//

def InsertExplicitReshardsPass
    : Pass<"sdy-insert-explicit-reshards", "func::FuncOp"> {
  let summary = "Makes every op's operand and result shardings consistent.";
  let description = [{
    For every op with a sharding rule, chooses one sharding per factor
    (keeping the operands/results that already agree, otherwise preferring
    the larger tensors' shardings), inserts `sdy.reshard` on operands whose
    sharding differs and after results whose sharding differs, gathers
    need-replication factors, and inserts `sdy.all_reduce` after ops whose
    reduction factors are sharded (e.g. a dot with a sharded contracting
    dimension). Data-flow ops (while, case, optimization_barrier,
    named_computation) and manual computations get reshards on their
    operands where the shardings of the edge differ; the body of a manual
    computation is already local along its manual axes, so only its free
    axes are considered there. Returned values get a reshard when their
    sharding differs from the function result's `sdy.sharding`.

    With `enable-full-version=false` (what propagation's export runs) only
    stablehlo.concatenate ops whose operands and result disagree are made
    consistent, as the real Shardy does outside its full version.
  }];
  let options = [
    Option<"enableFullVersion", "enable-full-version", "bool",
           /*default=*/"false",
           "Make every op consistent (default false, as the real Shardy: "
           "only concatenates).">,
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ReshardToCollectivesPass
    : Pass<"sdy-reshard-to-collectives", "func::FuncOp"> {
  let summary = "Replaces sdy.reshard with sdy collectives.";
  let description = [{
    Replaces every `sdy.reshard` by a sequence of `sdy.all_slice`,
    `sdy.all_gather`, `sdy.all_to_all` and `sdy.collective_permute` that
    turns the operand's sharding into the reshard's sharding (see
    ReshardPlanner.h): one collective for a pure slice, a pure gather, axes
    moving between dimensions (one all_to_all) and reorders/swaps of equally
    sized axes (one collective_permute); two otherwise (plus one
    collective_permute when the meshes differ in device order). A reshard
    between identical layouts is removed, unless `keep-redundant-reshards`
    is set (as in Shardy).
  }];
  let options = [
    Option<"keepRedundantReshards", "keep-redundant-reshards", "bool",
           /*default=*/"false",
           "Keep reshards between identical layouts instead of removing them.">
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

//===----------------------------------------------------------------------===//
// Collective canonicalization, steps 3-4 and cleanup.
//===----------------------------------------------------------------------===//

def CanonicalizeCollectivesPass
    : Pass<"sdy-canonicalize-collectives", "func::FuncOp"> {
  let summary = "Folds pairs of sdy collectives.";
  let description = [{
    `all_slice(all_gather(x))` and `all_gather(all_slice(x))` over the same
    axes fold to `x`; `all_slice(all_reduce(x))` whose slicing axes are the
    reduction axes (and the all_reduce has no other use) becomes
    `sdy.reduce_scatter`; collectives that do nothing are removed.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def PadForDivisibilityPass : Pass<"sdy-pad-for-divisibility", "ModuleOp"> {
  let summary = "Keeps the padding of indivisible shardings out of results.";
  let description = [{
    A dimension of size d sharded n ways with d % n != 0 is held as ceil(d/n)
    rows on every device; the rows past d on the last shards are
    padding. The padded layout itself comes from the local types and the
    padding-aware lowering of collectives in -sdy-convert-global-to-local.
    This pass inserts, in the global program, the masks that keep padding
    from leaking: before a `stablehlo.reduce` over such a dimension the
    input is `select(iota < d, x, init)`, before a `dot`/`dot_general`
    contracting such a dimension both operands are `select(iota < d, x, 0)`,
    and values returned with such a dimension get their padding zeroed. The
    masks are identities on the global program; once iotas are lowered to
    local iota + shard offset they select exactly the real rows.
  }];
  let options = [
    Option<"zeroPaddingAtReturn", "zero-padding-at-return", "bool",
           /*default=*/"true",
           "Zero the padding of returned values with indivisible shardings">
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect",
                           "mlir::stablehlo::StablehloDialect"];
}

def ConvertGlobalToLocalPass
    : Pass<"sdy-convert-global-to-local", "ModuleOp"> {
  let summary = "Turns the global program into the per-device program.";
  let description = [{
    Every tensor type becomes its local type (ceil(d/n) per dimension);
    sdy collectives become StableHLO collectives with explicit replica
    groups of device ids and channel handles; all_slice becomes a
    dynamic_slice whose offsets come from `stablehlo.partition_id` through a
    constant lookup table; constants and iotas produce their local part;
    manual computations are inlined. `stablehlo.partition_id` is
    the device id (the ids of the meshes are 0..N-1): the device at mesh
    coordinates c is `device_ids[linearize(c)]` (iota when implicit).
    Meshes and shardings stay as documentation attributes.

    The options are the real Shardy's, with its defaults: an all_gather
    over several dimensions is one `stablehlo.all_gather` over all their
    axes (the result reshaped and transposed into place) unless
    `per-dim-all-gather`; a reduce_scatter over several dimensions is an
    all_reduce and a slice unless `combine-multi-dimension-reduce-scatter`
    (then one `stablehlo.reduce_scatter` of the operand transposed so the
    scattered parts lead). `enable-rgv3` (replica groups as mesh axes) is
    refused. Named computations are kept, with local types, as the real
    Shardy keeps them, unless `keep-named-computations=false` (then they are
    inlined, as manual computations always are).
  }];
  let options = [
    Option<"perDimAllGather", "per-dim-all-gather", "bool",
           /*default=*/"false",
           "One all_gather per dimension instead of one over all of them">,
    Option<"combineMultiDimensionReduceScatter",
           "combine-multi-dimension-reduce-scatter", "bool",
           /*default=*/"false",
           "One reduce_scatter over several dimensions instead of an "
           "all_reduce and a slice">,
    Option<"enableRgv3", "enable-rgv3", "bool", /*default=*/"false",
           "Replica groups as mesh axes (not supported)">,
    Option<"keepNamedComputations", "keep-named-computations", "bool",
           /*default=*/"true",
           "Keep sdy.named_computation ops with local types (as the real "
           "Shardy does) instead of inlining them">
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect",
                           "mlir::stablehlo::StablehloDialect"];
}

def DropShardingAndMeshPass
    : Pass<"sdy-drop-sharding-and-mesh", "ModuleOp"> {
  let summary = "Removes sdy.mesh ops and every sdy attribute.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

#endif // SDY_TRANSFORMS_PARTITION_PASSES
