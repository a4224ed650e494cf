//===- SdyAttrs.td - sdy attributes -------------------------*- tablegen -*-===//
//
// Every attribute prints in the "stripped" form that appears inside ops (e.g.
// `<@mesh, [{"x"}]>` for a sharding, `{"a", "b"}` for an axis list). As a
// standalone attribute it is written `#sdy.<mnemonic><...>`; see
// SdyDialect.cpp for the dispatch.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_ATTRS
#define SDY_ATTRS

include "ir/sdy/SdyBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class Sdy_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Sdy_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Meshes
//===----------------------------------------------------------------------===//

def Sdy_MeshAxis : Sdy_Attr<"MeshAxis", "mesh_axis"> {
  let summary = "A named axis of a mesh: `\"x\"=4`.";
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$size);
}

def Sdy_Mesh : Sdy_Attr<"Mesh", "mesh"> {
  let summary = "A mesh of axes and an optional device order.";
  let description = [{
    `<["x"=2, "y"=4]>`, `<["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>`,
    `<[], device_ids=[3]>` (maximal), `<[]>` (empty placeholder).
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"MeshAxisAttr">:$axes,
    OptionalArrayRefParameter<"int64_t">:$device_ids);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Product of the axis sizes (1 for an empty or maximal mesh).
    int64_t getTotalSize() const;
    /// True for `<[], device_ids=[id]>`.
    bool isMaximal() const;
    /// True for `<[]>` without device ids.
    bool empty() const;
    /// The size of axis `name`, or nullopt if there is no such axis.
    std::optional<int64_t> getAxisSize(StringRef name) const;
    /// Position of axis `name` in the mesh, or -1.
    int64_t getAxisIndex(StringRef name) const;
    bool hasAxis(StringRef name) const { return getAxisIndex(name) >= 0; }
    /// The device id at linear position `index` (iota when implicit).
    int64_t getDeviceId(int64_t index) const;
    /// Same axes (names and sizes), ignoring the device order.
    bool hasSameAxes(MeshAttr other) const;
  }];
}

//===----------------------------------------------------------------------===//
// Axis references
//===----------------------------------------------------------------------===//

def Sdy_SubAxisInfo : Sdy_Attr<"SubAxisInfo", "sub_axis_info"> {
  let summary = "Pre-size and size of a sub-axis: `(m)k`.";
  let parameters = (ins "int64_t":$pre_size, "int64_t":$size);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The pre-size of the sub-axis right after (minor to) this one.
    int64_t getNextPreSize() const { return getPreSize() * getSize(); }
  }];
}

def Sdy_AxisRef : Sdy_Attr<"AxisRef", "axis_ref"> {
  let summary = "A full axis `\"x\"` or a sub-axis `\"x\":(m)k`.";
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        OptionalParameter<"SubAxisInfoAttr">:$sub_axis_info);
  let builders = [
    AttrBuilder<(ins "StringRef":$name), [{
      return $_get($_ctxt, name, SubAxisInfoAttr());
    }]>,
    AttrBuilder<(ins "StringRef":$name, "int64_t":$preSize, "int64_t":$size), [{
      return $_get($_ctxt, name, SubAxisInfoAttr::get($_ctxt, preSize, size));
    }]>
  ];
  let extraClassDeclaration = [{
    bool isSubAxis() const { return static_cast<bool>(getSubAxisInfo()); }
    /// The size of this axis in `mesh` (sub-axis size, or the full size).
    int64_t getSize(MeshAttr mesh) const;
    /// Pre-size of a sub-axis, 1 for a full axis.
    int64_t getSubAxisPreSize() const;
    /// True if both refer to overlapping parts of the same axis.
    bool overlaps(AxisRefAttr other) const;
    /// True if `other` is the sub-axis right after this one (same axis), so
    /// the two can be written as one.
    bool canMerge(AxisRefAttr other) const;
    /// The merge of this and `other` (requires canMerge); a full axis when the
    /// merge covers all of it in `mesh`.
    AxisRefAttr merge(AxisRefAttr other, MeshAttr mesh) const;
    /// True if this is a prefix of `other` (same axis, same pre-size, smaller
    /// or equal size).
    bool prefixOf(AxisRefAttr other) const;
    /// `"x"` or `"x":(m)k`.
    std::string toString() const;
    /// Mesh order: full axes by position in the mesh, sub-axes of one axis by
    /// pre-size then size.
    static std::function<bool(AxisRefAttr, AxisRefAttr)> getMeshComparator(
        MeshAttr mesh);
  }];
}

def Sdy_AxisRefList : Sdy_Attr<"AxisRefList", "axis_ref_list"> {
  let summary = "A list of axis references: `{\"a\", \"b\":(1)2}`.";
  let parameters = (ins OptionalArrayRefParameter<"AxisRefAttr">:$value);
}

def Sdy_ListOfAxisRefLists : Sdy_Attr<"ListOfAxisRefLists",
                                      "list_of_axis_ref_lists"> {
  let summary = "One axis list per tensor dimension: `[{\"a\"}, {}]`.";
  let parameters = (ins OptionalArrayRefParameter<"AxisRefListAttr">:$value);
}

def Sdy_ManualAxes : Sdy_Attr<"ManualAxes", "manual_axes"> {
  let summary = "Axes along which a manual_computation is manual.";
  let parameters = (ins OptionalArrayRefParameter<"StringAttr">:$value);
  let extraClassDeclaration = [{
    bool contains(StringRef axis) const;
    size_t size() const { return getValue().size(); }
  }];
}

//===----------------------------------------------------------------------===//
// Shardings
//===----------------------------------------------------------------------===//

def Sdy_DimensionSharding : Sdy_Attr<"DimensionSharding", "dimension_sharding"> {
  let summary = "Axes sharding one dimension, open/closed, priority.";
  let description = [{
    `{"x", "y"}` (closed), `{"x", ?}` (open), `{?}`, `{"x"}p1` (priority 1).
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"AxisRefAttr">:$axes,
    "bool":$is_closed,
    OptionalParameter<"std::optional<int64_t>">:$priority);
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "ArrayRef<AxisRefAttr>":$axes, "bool":$isClosed), [{
      return $_get($_ctxt, axes, isClosed, std::nullopt);
    }]>
  ];
  let extraClassDeclaration = [{
    bool isOpen() const { return !getIsClosed(); }
    bool emptyAxes() const { return getAxes().empty(); }
    bool isClosedEmpty() const { return getIsClosed() && emptyAxes(); }
    /// Product of the axis sizes in `mesh`.
    int64_t getShardedSize(MeshAttr mesh) const;
    /// The priority or 0 (the highest) when absent.
    int64_t getPriorityOrDefault() const { return getPriority().value_or(0); }
  }];
}

def Sdy_TensorSharding : Sdy_Attr<"TensorSharding", "sharding"> {
  let summary = "The sharding of a tensor: `<@mesh, [{\"x\"}, {}], replicated={\"y\"}, unreduced={\"z\"}>`.";
  let description = [{
    Unreduced axes hold partial results: the value is the sum (or other
    reduction) over the devices along those axes, as after a matmul whose
    contracting dimension is sharded, until an `sdy.all_reduce` completes it.
  }];
  let parameters = (ins
    "Attribute":$mesh_or_ref,
    OptionalArrayRefParameter<"DimensionShardingAttr">:$dim_shardings,
    OptionalArrayRefParameter<"AxisRefAttr">:$replicated_axes,
    OptionalArrayRefParameter<"AxisRefAttr">:$unreduced_axes);
  let genVerifyDecl = 1;
  // The builders without unreduced axes keep older callers source-compatible.
  let builders = [
    AttrBuilder<(ins "Attribute":$meshOrRef,
                     "ArrayRef<DimensionShardingAttr>":$dimShardings,
                     "ArrayRef<AxisRefAttr>":$replicatedAxes), [{
      return $_get($_ctxt, meshOrRef, dimShardings, replicatedAxes,
                   ArrayRef<AxisRefAttr>());
    }]>,
    AttrBuilder<(ins "StringRef":$meshName,
                     "ArrayRef<DimensionShardingAttr>":$dimShardings,
                     "ArrayRef<AxisRefAttr>":$replicatedAxes,
                     CArg<"ArrayRef<AxisRefAttr>", "{}">:$unreducedAxes), [{
      return $_get($_ctxt, FlatSymbolRefAttr::get($_ctxt, meshName),
                   dimShardings, replicatedAxes, unreducedAxes);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getDimShardings().size(); }
    /// The referenced mesh's symbol name, or empty for an inlined mesh.
    StringRef getMeshName() const;
    /// The inlined mesh, or null when the mesh is referenced by symbol.
    MeshAttr getInlinedMesh() const;
    /// The mesh: inlined, or looked up from `op`'s enclosing symbol tables.
    /// Null if the symbol does not resolve to an `sdy.mesh`.
    MeshAttr getMesh(Operation *op) const;
    /// True if any dimension is open.
    bool hasOpenDims() const;
    bool hasUnreducedAxes() const { return !getUnreducedAxes().empty(); }
    /// True if every dimension is closed and unsharded and nothing is
    /// explicitly replicated or unreduced.
    bool isFullyReplicated() const;
    /// Local (per-device) shape of a tensor of `globalShape`: ceil(d/n).
    SmallVector<int64_t> getLocalShape(ArrayRef<int64_t> globalShape,
                                       MeshAttr mesh) const;
  }];
}

def Sdy_TensorShardingPerValue : Sdy_Attr<"TensorShardingPerValue",
                                          "sharding_per_value"> {
  let summary = "One sharding per operand/result: `<[<@m, [{\"x\"}]>]>`.";
  let parameters = (ins OptionalArrayRefParameter<"TensorShardingAttr">:$shardings);
}

//===----------------------------------------------------------------------===//
// Sharding rules
//===----------------------------------------------------------------------===//

def Sdy_DimMapping : Sdy_Attr<"DimMapping", "dim_mapping"> {
  let summary = "Factors of one dimension, major to minor (`ij`, or `*`).";
  let parameters = (ins OptionalArrayRefParameter<"int64_t">:$factor_indices);
}

def Sdy_TensorMapping : Sdy_Attr<"TensorMapping", "tensor_mapping"> {
  let summary = "Factor mapping of every dimension of a tensor: `[i, jk]`.";
  let parameters = (ins OptionalArrayRefParameter<"DimMappingAttr">:$dim_mappings);
  let extraClassDeclaration = [{
    int64_t getRank() const { return getDimMappings().size(); }
    /// True if some dimension maps to `factorIndex`.
    bool containsFactor(int64_t factorIndex) const;
  }];
}

def Sdy_OpShardingRule : Sdy_Attr<"OpShardingRule", "op_sharding_rule"> {
  let summary = "How an op may be sharded, in terms of factors.";
  let description = [{
    `<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>`
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$factor_sizes,
    OptionalArrayRefParameter<"TensorMappingAttr">:$operand_mappings,
    OptionalArrayRefParameter<"TensorMappingAttr">:$result_mappings,
    OptionalArrayRefParameter<"int64_t">:$reduction_factors,
    OptionalArrayRefParameter<"int64_t">:$need_replication_factors,
    OptionalArrayRefParameter<"int64_t">:$permutation_factors,
    OptionalArrayRefParameter<"int64_t">:$blocked_propagation_factors,
    "bool":$is_custom_rule);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getNumFactors() const { return getFactorSizes().size(); }
    int64_t getNumOperands() const { return getOperandMappings().size(); }
    int64_t getNumResults() const { return getResultMappings().size(); }
    bool isCustom() const { return getIsCustomRule(); }
    bool isReductionFactor(int64_t factor) const;
    bool isNeedReplicationFactor(int64_t factor) const;
    bool isPermutationFactor(int64_t factor) const;
    bool isBlockedPropagationFactor(int64_t factor) const;
    /// A factor that is none of reduction, need_replication, permutation.
    bool isPassThroughFactor(int64_t factor) const;
    /// The factor name used in the textual form: i…z, then z_1, z_2, ….
    static std::string getFactorName(int64_t factorIndex);
  }];
}

//===----------------------------------------------------------------------===//
// Collective parameters
//===----------------------------------------------------------------------===//

def Sdy_AllToAllParam : Sdy_Attr<"AllToAllParam", "all_to_all_param"> {
  let summary = "Axes moved from one dimension to another: `{\"b\"}: 0->2`.";
  let parameters = (ins OptionalArrayRefParameter<"AxisRefAttr">:$axes,
                        "int64_t":$src_dim, "int64_t":$tgt_dim);
}

def Sdy_AlltoAllParamList : Sdy_Attr<"AlltoAllParamList",
                                     "all_to_all_param_list"> {
  let summary = "The parameters of an all_to_all.";
  let parameters = (ins OptionalArrayRefParameter<"AllToAllParamAttr">:$value);
}

//===----------------------------------------------------------------------===//
// Propagation debug records
//===----------------------------------------------------------------------===//

def Sdy_EdgeValueRef : Sdy_Attr<"EdgeValueRef", "edge_value_ref"> {
  let summary = "An operand or result of an op: `operand-0`, `result-1`.";
  let parameters = (ins "bool":$is_result, "int64_t":$index);
}

def Sdy_AxisToPropagationDetails
    : Sdy_Attr<"AxisToPropagationDetails", "axis_to_propagation_details"> {
  let summary = "One axis moved along an op: `\"x\" = operand-0 -> [result-0]`.";
  let parameters = (ins "AxisRefAttr":$axis_name, "EdgeValueRefAttr":$source,
                        ArrayRefParameter<"EdgeValueRefAttr">:$targets);
}

def Sdy_PropagationOneStep
    : Sdy_Attr<"PropagationOneStep", "propagation_one_step"> {
  let summary = "What one propagation step moved: `{step-0 = [...]}`.";
  let parameters = (ins "int64_t":$step_index,
      ArrayRefParameter<"AxisToPropagationDetailsAttr">:$axis_entries);
}

def Sdy_PropagationEdges : Sdy_Attr<"PropagationEdges", "propagation_edges"> {
  let summary = "The real Shardy's record of the axes propagated along an op "
                "(`debug-propagation-edge-sharding`); sdy parses, prints and "
                "verifies it but does not write it.";
  let parameters = (ins
      OptionalArrayRefParameter<"PropagationOneStepAttr">:$value);
}

#endif // SDY_ATTRS
