//===- StablehloMiscOps.td - bit, rounding and shape-query ops -*- tablegen -*-===//
//
// Integer shifts and bit counts, rounding ops and get_dimension_size, with
// the upstream pretty forms.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_MISC_OPS
#define SDY_STABLEHLO_MISC_OPS

def StableHLO_ShiftLeftOp : StableHLO_BinaryElementwiseOp<"shift_left",
                                                          HLO_IntTensor> {
  let summary = "Elementwise left shift; shifts of width or more give 0.";
}
def StableHLO_ShiftRightLogicalOp : StableHLO_BinaryElementwiseOp<
    "shift_right_logical", HLO_IntTensor> {
  let summary = "Elementwise logical right shift; width or more gives 0.";
}
def StableHLO_ShiftRightArithmeticOp : StableHLO_BinaryElementwiseOp<
    "shift_right_arithmetic", HLO_IntTensor> {
  let summary = "Elementwise arithmetic right shift; width or more gives "
                "the sign fill.";
}
def StableHLO_PopulationCountOp : StableHLO_SameTypeUnaryOp<"popcnt",
                                                            HLO_IntTensor> {
  let summary = "Elementwise count of set bits.";
}
def StableHLO_ClzOp : StableHLO_SameTypeUnaryOp<"count_leading_zeros",
                                                HLO_IntTensor> {
  let summary = "Elementwise count of leading zero bits.";
}
def StableHLO_RoundOp : StableHLO_SameTypeUnaryOp<"round_nearest_afz",
                                                  HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise rounding to the nearest integer, ties away "
                "from zero.";
}

def StableHLO_ReducePrecisionOp : StableHLO_Op<"reduce_precision",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "Rounds to a float format of fewer exponent/mantissa bits.";
  let description = [{
    `stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>` rounds
    each element to nearest even with `mantissa_bits` bits, then gives
    +-inf on overflow and +-0 on underflow of `exponent_bits` bits, as XLA.
  }];
  let arguments = (ins
    HLO_FpTensor:$operand,
    ConfinedAttr<I32Attr, [IntPositive]>:$exponent_bits,
    ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits
  );
  let results = (outs HLO_FpTensor:$output);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_GetDimensionSizeOp : StableHLO_Op<"get_dimension_size",
    [Pure]> {
  let summary = "The size of one dimension of `operand`, as tensor<i32>.";
  let arguments = (ins
    HLO_Tensor:$operand,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension
  );
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // SDY_STABLEHLO_MISC_OPS
