//===- SdyOps.td - sdy ops ----------------------------------*- tablegen -*-===//
//
// The sdy ops in their exact Shardy syntax (docs/attaching-shardings.md).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_OPS
#define SDY_OPS

include "ir/sdy/SdyBase.td"
include "ir/sdy/SdyAttrs.td"
include "ir/sdy/SdyEnums.td"
include "ir/interfaces/DataFlowOpInterface.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Sdy_Op<string mnemonic, list<Trait> traits = []> :
    Op<Sdy_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Meshes and sharding annotations
//===----------------------------------------------------------------------===//

def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol, HasParent<"ModuleOp">]> {
  let summary = "A named mesh: `sdy.mesh @name = <[\"x\"=2]>`.";
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_Mesh:$mesh);
  let assemblyFormat = "$sym_name `=` $mesh attr-dict";
  let hasVerifier = 1;
}

def Sdy_ShardingConstraintOp : Sdy_Op<"sharding_constraint",
    [SameOperandsAndResultType]> {
  let summary = "Constrains a value (or its uses) to a sharding.";
  let arguments = (ins AnyType:$input, Sdy_TensorSharding:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ReshardOp : Sdy_Op<"reshard",
    [Pure, SameOperandsAndResultType]> {
  let summary = "Reshards a tensor to a different sharding.";
  let arguments = (ins AnyType:$input, Sdy_TensorSharding:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Sdy_ShardingGroupOp : Sdy_Op<"sharding_group"> {
  let summary = "Puts a value in a group whose members share one sharding.";
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$group_id);
  let assemblyFormat = "$input `group_id` `` `=` `` $group_id attr-dict `:` type($input)";
}

def Sdy_PropagationBarrierOp : Sdy_Op<"propagation_barrier",
    [Pure, SameOperandsAndResultType]> {
  let summary = "Identity that lets shardings through in one direction only.";
  let arguments = (ins AnyRankedTensor:$input,
                       Sdy_PropagationDirection:$allowed_direction);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `allowed_direction` `` `=` `` $allowed_direction attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

def Sdy_DataFlowEdgeOp : Sdy_Op<"data_flow_edge",
    [SameOperandsAndResultType]> {
  let summary = "Holds the sharding of all targets of a data-flow edge.";
  let arguments = (ins AnyType:$input,
                       OptionalAttr<Sdy_TensorSharding>:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $input (`sharding` `` `=` `` $sharding^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Sdy_FuncDataFlowEdgeOp : Sdy_Op<"func_data_flow_edge",
    [SameOperandsAndResultType]> {
  let summary = "Holds the sharding of a function argument or a call result.";
  let description = [{
    The one use of a block argument of a function or of a result of a
    `func.call`, so that propagation across function boundaries has a value
    to refine; its sharding, when it has one, is the `sdy.sharding`
    per-value attribute. `-sdy-add-func-data-flow-edges` inserts it and
    `-sdy-sink-func-data-flow-edges` moves its sharding back to the owner.
  }];
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ConstantOp : Sdy_Op<"constant",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A constant that is never folded or CSE'd.";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyStaticShapeTensor:$output);
  let assemblyFormat = "attr-dict $value";
}

def Sdy_ReturnOp : Sdy_Op<"return", [Pure, Terminator]> {
  let summary = "Terminates the regions of sdy ops.";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ValueRange()); }]>];
}

//===----------------------------------------------------------------------===//
// Region ops
//===----------------------------------------------------------------------===//

def Sdy_ManualComputationOp : Sdy_Op<"manual_computation",
    [RecursiveMemoryEffects, SingleBlockImplicitTerminator<"ReturnOp">,
     IsolatedFromAbove,
     DeclareOpInterfaceMethods<Sdy_DataFlowOpInterface, ["getEdgeOwners"]>]> {
  let summary = "A region partitioned by hand along the manual axes.";
  let arguments = (ins Variadic<AnyRankedTensor>:$tensors,
                       Sdy_TensorShardingPerValue:$in_shardings,
                       Sdy_TensorShardingPerValue:$out_shardings,
                       Sdy_ManualAxes:$manual_axes);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(`operands`)`
    `in_shardings` `` `=` `` custom<StrippedTensorShardingPerValueAttr>($in_shardings)
    `out_shardings` `` `=` `` custom<StrippedTensorShardingPerValueAttr>($out_shardings)
    `manual_axes` `` `=` `` $manual_axes
    custom<SingleBlockRegionNoBlockId>($body)
    attr-dict
    `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Sdy_NamedComputationOp : Sdy_Op<"named_computation",
    [RecursiveMemoryEffects, SingleBlockImplicitTerminator<"ReturnOp">,
     IsolatedFromAbove,
     DeclareOpInterfaceMethods<Sdy_DataFlowOpInterface, ["getEdgeOwners"]>]> {
  let summary = "A named group of ops; propagation sees through it.";
  let arguments = (ins StrAttr:$name, Variadic<AnyType>:$operands,
                       OptionalAttr<Sdy_TensorShardingPerValue>:$in_shardings,
                       OptionalAttr<Sdy_TensorShardingPerValue>:$out_shardings);
  let results = (outs Variadic<AnyType>);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `<`$name`>` `` `(` $operands `)`
    (`in_shardings` `` `=` `` custom<StrippedTensorShardingPerValueAttr>($in_shardings)^)?
    (`out_shardings` `` `=` `` custom<StrippedTensorShardingPerValueAttr>($out_shardings)^)?
    custom<SingleBlockRegionNoBlockId>($body)
    attr-dict
    `:` functional-type($operands, results)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

class Sdy_CollectiveOp<string mnemonic, list<Trait> traits = []> :
    Sdy_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Sdy_AllGatherOp : Sdy_CollectiveOp<"all_gather"> {
  let summary = "Gathers the shards of a tensor along axes.";
  let arguments = (ins AnyRankedTensor:$tensor,
                       Sdy_ListOfAxisRefLists:$gathering_axes,
                       Sdy_TensorSharding:$out_sharding);
  let assemblyFormat = [{
    $gathering_axes $tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)
  }];
}

def Sdy_AllSliceOp : Sdy_CollectiveOp<"all_slice"> {
  let summary = "Slices a tensor along axes (each device keeps its slice).";
  let arguments = (ins AnyRankedTensor:$tensor,
                       Sdy_ListOfAxisRefLists:$slicing_axes,
                       Sdy_TensorSharding:$out_sharding);
  let assemblyFormat = [{
    $slicing_axes $tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)
  }];
}

def Sdy_AllToAllOp : Sdy_CollectiveOp<"all_to_all"> {
  let summary = "Moves axes from one dimension to another.";
  let arguments = (ins AnyRankedTensor:$tensor,
                       Sdy_AlltoAllParamList:$params,
                       Sdy_TensorSharding:$out_sharding);
  let assemblyFormat = [{
    $params $tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)
  }];
}

def Sdy_CollectivePermuteOp : Sdy_CollectiveOp<"collective_permute"> {
  let summary = "Reorders or swaps sharding axes, keeping the local shape.";
  let arguments = (ins AnyRankedTensor:$tensor,
                       Sdy_TensorSharding:$out_sharding);
  let assemblyFormat = [{
    $tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)
  }];
}

def Sdy_AllReduceOp : Sdy_CollectiveOp<"all_reduce"> {
  let summary = "Reduces partial values over the devices along axes.";
  let arguments = (ins AnyRankedTensor:$tensor,
                       OptionalAttr<Sdy_ReductionKind>:$reduction_kind,
                       Sdy_AxisRefList:$reduction_axes,
                       Sdy_TensorSharding:$out_sharding);
  let assemblyFormat = [{
    ($reduction_kind^)? $reduction_axes $tensor `out_sharding` `` `=` `` $out_sharding
    attr-dict `:` type($result)
  }];
}

def Sdy_ReduceScatterOp : Sdy_CollectiveOp<"reduce_scatter"> {
  let summary = "Reduces partial values and slices the result along axes.";
  let arguments = (ins AnyRankedTensor:$tensor,
                       OptionalAttr<Sdy_ReductionKind>:$reduction_kind,
                       Sdy_ListOfAxisRefLists:$reduce_scatter_axes,
                       Sdy_TensorSharding:$out_sharding);
  let assemblyFormat = [{
    ($reduction_kind^)? $reduce_scatter_axes $tensor `out_sharding` `` `=` `` $out_sharding
    attr-dict `:` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Unreduced conversions
//===----------------------------------------------------------------------===//

def Sdy_ShardedToUnreducedOp : Sdy_Op<"sharded_to_unreduced",
                                      [SameOperandsAndResultType]> {
  let summary = "Moves sharding axes (suffixes per dimension) to the unreduced axes.";
  let description = [{
    Removes the given suffix of each dimension's axes and adds them to the
    unreduced axes: the value becomes a partial one over the moved axes
    (each device keeps its slice in place, zero elsewhere), so an all_reduce
    restores it.
  }];
  let arguments = (ins AnyRankedTensor:$tensor,
                       Sdy_ListOfAxisRefLists:$axes,
                       Sdy_TensorSharding:$out_sharding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $axes $tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Sdy_ReplicatedToUnreducedOp : Sdy_Op<"replicated_to_unreduced",
                                         [SameOperandsAndResultType]> {
  let summary = "Marks replicated axes as unreduced.";
  let description = [{
    Adds replicated axes to the unreduced axes: one device along them keeps
    the value, the others hold zero, so an all_reduce restores it.
  }];
  let arguments = (ins AnyRankedTensor:$tensor,
                       Sdy_AxisRefList:$axes,
                       Sdy_TensorSharding:$out_sharding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $axes $tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

#endif // SDY_OPS
