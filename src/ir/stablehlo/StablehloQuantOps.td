//===- StablehloQuantOps.td - uniform (de)quantization -------*- tablegen -*-===//
//
// uniform_quantize and uniform_dequantize, with the upstream pretty forms.
// Included from StablehloOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_QUANT_OPS
#define SDY_STABLEHLO_QUANT_OPS

def HLO_FpOrAnyQuantizedTensor
    : StaticShapeTensorOf<[HLO_Float, HLO_AnyQuantizedInt]>;
def HLO_AnyQuantizedTensor : StaticShapeTensorOf<[HLO_AnyQuantizedInt]>;

def StableHLO_UniformQuantizeOp : StableHLO_UnaryElementwiseOp<
    "uniform_quantize", HLO_FpOrAnyQuantizedTensor, HLO_AnyQuantizedTensor,
    [SameOperandsAndResultShape]> {
  let summary = "Quantizes a float tensor, or requantizes a quantized one.";
  let description = [{
    Each element is divided by its scale, rounded to nearest even, offset by
    its zero point and clamped to the storage range of the result type.
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformDequantizeOp : StableHLO_UnaryElementwiseOp<
    "uniform_dequantize", HLO_AnyQuantizedTensor, HLO_FpTensor,
    [SameOperandsAndResultShape, InferTypes]> {
  let summary = "Converts a quantized tensor to its expressed float type.";
}

#endif // SDY_STABLEHLO_QUANT_OPS
