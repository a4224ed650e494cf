//===- StablehloFftOps.td - fft ------------------------------*- tablegen -*-===//
//
// Fourier transforms over the trailing 1 to 3 dimensions. Included from
// StablehloOps.td.
//
//===----------------------------------------------------------------------===//

include "mlir/IR/EnumAttr.td"

def StableHLO_FftType : I32EnumAttr<"FftType",
    "Which Fourier transform to compute.", [
      I32EnumAttrCase<"FFT", 0>,
      I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>,
      I32EnumAttrCase<"IRFFT", 3>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
def StableHLO_FftTypeAttr : EnumAttr<Stablehlo_Dialect, StableHLO_FftType,
                                     "fft_type">;

def StableHLO_FftOp : StableHLO_Op<"fft", [Pure]> {
  let summary = "Forward and inverse Fourier transforms.";
  let description = [{
    FFT/IFFT map complex to complex of the same shape; RFFT maps real to
    complex, keeping `fft_length[-1] / 2 + 1` elements of the last dimension;
    IRFFT inverts it. The trailing `size(fft_length)` dimensions are
    transformed.
  }];
  let arguments = (ins
    HLO_FpOrComplexTensor:$operand,
    StableHLO_FftTypeAttr:$fft_type,
    DenseI64ArrayAttr:$fft_length
  );
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` custom<FftTypeKeyword>($fft_type) `,`
      `length` `=` custom<DenseI64Array>($fft_length)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}
