//===- StablehloDynamicOps.td - shape-operand ops --------*- tablegen -*-===//
//
// The spec's dynamic_* ops and real_dynamic_slice, which take their shapes,
// paddings or slice sizes as tensor operands instead of attributes. sdy
// handles static shapes only, so each result type must be static; the
// operands' values must agree with it. Included from StablehloOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_DYNAMIC_OPS
#define SDY_STABLEHLO_DYNAMIC_OPS

// A 1-D tensor of sizes or indices; upstream also accepts `index` elements.
def HLO_ShapeOperand : StaticShapeTensorOf<[HLO_Int, Index]>;

def StableHLO_DynamicBroadcastInDimOp : StableHLO_Op<
    "dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim to the shape held by `output_dimensions`.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_ShapeOperand:$output_dimensions,
    DenseI64ArrayAttr:$broadcast_dimensions,
    OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
    OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=`
      custom<DenseI64Array>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota of the shape held by `output_shape`.";
  let arguments = (ins
    HLO_ShapeOperand:$output_shape,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape to the shape held by `output_shape`.";
  let arguments = (ins HLO_Tensor:$operand, HLO_ShapeOperand:$output_shape);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "pad with the paddings held by tensor operands.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_Tensor:$padding_value,
    HLO_ShapeOperand:$edge_padding_low,
    HLO_ShapeOperand:$edge_padding_high,
    HLO_ShapeOperand:$interior_padding
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RealDynamicSliceOp : StableHLO_Op<"real_dynamic_slice",
                                                [Pure]> {
  let summary = "slice with bounds and strides held by tensor operands.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_ShapeOperand:$start_indices,
    HLO_ShapeOperand:$limit_indices,
    HLO_ShapeOperand:$strides
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicGatherOp : StableHLO_Op<"dynamic_gather", [Pure]> {
  let summary = "gather with the slice sizes held by `slice_sizes`.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_IntTensor:$start_indices,
    HLO_ShapeOperand:$slice_sizes,
    StableHLO_GatherDimensionNumbers:$dimension_numbers,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted
  );
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution with the padding held by `padding`.";
  let arguments = (ins
    HLO_Tensor:$lhs,
    HLO_Tensor:$rhs,
    HLO_IntTensor:$padding,
    OptionalAttr<DenseI64ArrayAttr>:$window_strides,
    OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
    OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
    OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
    StableHLO_ConvDimensionNumbers:$dimension_numbers,
    ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
    ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
    StableHLO_PrecisionConfigAttr:$precision_config
  );
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

#endif // SDY_STABLEHLO_DYNAMIC_OPS
