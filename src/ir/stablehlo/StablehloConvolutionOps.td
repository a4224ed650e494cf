//===- StablehloConvolutionOps.td - convolution -------------*- tablegen -*-===//
//
// stablehlo.convolution and its dimension numbers. Included at the end of
// StablehloOps.td, so the base classes and attributes there are in scope.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_CONVOLUTION_OPS
#define SDY_STABLEHLO_CONVOLUTION_OPS

def StableHLO_ConvDimensionNumbers : StableHLO_Attr<"ConvDimensionNumbers",
                                                    "conv"> {
  let summary = "Dimension numbers of a convolution.";
  let description = [{
    Printed compactly as `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0,
    1, f]>` (one letter or spatial index per dimension of the input, kernel
    and output); `#stablehlo.conv<raw input_batch_dimension = 0, ...>` names
    every field.
  }];
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    StableHLO_Dims:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    StableHLO_Dims:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    StableHLO_Dims:$outputSpatialDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure]> {
  let summary = "Windowed dot products of `lhs` with the kernel `rhs`.";
  let description = [{
    Each result element is the dot product of a window of `lhs` (after lhs
    dilation and padding) with the kernel `rhs` (after rhs dilation and
    reversal), over the input features of one feature group; batch groups
    split the batch instead. Window attributes that are absent take their
    defaults (stride 1, no padding, no dilation, no reversal).
  }];
  let arguments = (ins
    HLO_Tensor:$lhs,
    HLO_Tensor:$rhs,
    OptionalAttr<DenseI64ArrayAttr>:$window_strides,
    OptionalAttr<I64ElementsAttr>:$padding,
    OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
    OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
    OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
    StableHLO_ConvDimensionNumbers:$dimension_numbers,
    ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
    ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
    StableHLO_PrecisionConfigAttr:$precision_config
  );
  let results = (outs HLO_Tensor);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    // The window attributes with their defaults filled in, one entry per
    // spatial dimension (padding as low/high pairs); empty if an attribute
    // has the wrong size.
    SmallVector<int64_t> getWindowStridesOrDefault();
    SmallVector<std::pair<int64_t, int64_t>> getPaddingOrDefault();
    SmallVector<int64_t> getLhsDilationOrDefault();
    SmallVector<int64_t> getRhsDilationOrDefault();
    SmallVector<bool> getWindowReversalOrDefault();
  }];
}

#endif // SDY_STABLEHLO_CONVOLUTION_OPS
