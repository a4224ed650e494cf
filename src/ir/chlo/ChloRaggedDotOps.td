//===- ChloRaggedDotOps.td - chlo.ragged_dot ----------------*- tablegen -*-===//
//
// chlo.ragged_dot as JAX prints it (generic form, upstream attribute
// syntax), for statically shaped operands and a rank-1 group_sizes.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CHLO_RAGGED_DOT_OPS
#define SDY_CHLO_RAGGED_DOT_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def CHLO_Precision : I32EnumAttr<"Precision",
    "Precision of an operand of a dot.", [
      I32EnumAttrCase<"DEFAULT", 0>,
      I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::chlo";
}
def CHLO_PrecisionAttr : EnumAttr<Chlo_Dialect, CHLO_Precision, "precision">;

def CHLO_RaggedDotDimensionNumbers
    : AttrDef<Chlo_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "The dimensions of a ragged dot.";
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$lhs_batching_dimensions,
    OptionalArrayRefParameter<"int64_t">:$rhs_batching_dimensions,
    OptionalArrayRefParameter<"int64_t">:$lhs_contracting_dimensions,
    OptionalArrayRefParameter<"int64_t">:$rhs_contracting_dimensions,
    OptionalArrayRefParameter<"int64_t">:$lhs_ragged_dimensions,
    OptionalArrayRefParameter<"int64_t">:$rhs_group_dimensions
  );
  let description = [{
    `#chlo.ragged_dot<lhs_contracting_dimensions = [1], ...>`: fields in any
    order, empty lists left out when printed (as upstream prints them).
  }];
  let hasCustomAssemblyFormat = 1;
}

def CHLO_RaggedDotOp : CHLO_Op<"ragged_dot", [Pure]> {
  let summary = "A dot whose lhs is split into groups along one dimension.";
  let description = [{
    `group_sizes` (rank 1, g entries) splits the lhs ragged dimension into g
    consecutive groups. With a ragged non-contracting dimension, group i is
    multiplied by slice i of the rhs group dimension (rows past the last
    group are zero); with a ragged contracting dimension, the result has a
    leading dimension of size g and entry i contracts only group i; with a
    ragged batch dimension, it is a plain dot.
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       HLO_IntTensor:$group_sizes,
                       CHLO_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
                       OptionalAttr<TypedArrayAttrBase<CHLO_PrecisionAttr,
                           "precision config">>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

#endif // SDY_CHLO_RAGGED_DOT_OPS
