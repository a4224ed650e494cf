//===- StablehloComplexOps.td - real, imag, complex ----------*- tablegen -*-===//
//
// The ops that take complex numbers apart and build them. Included from
// StablehloOps.td.
//
//===----------------------------------------------------------------------===//

class StableHLO_ComplexPartOp<string mnemonic>
    : StableHLO_UnaryElementwiseOp<mnemonic, HLO_FpOrComplexTensor,
                                   HLO_FpTensor,
                                   [SameOperandsAndResultShape]> {
  let hasVerifier = 1;
}

def StableHLO_RealOp : StableHLO_ComplexPartOp<"real"> {
  let summary = "Elementwise real part (the operand itself for floats).";
}
def StableHLO_ImagOp : StableHLO_ComplexPartOp<"imag"> {
  let summary = "Elementwise imaginary part (zero for floats).";
}

def StableHLO_ComplexOp : StableHLO_Op<"complex",
    [Pure, Elementwise, SameOperandsAndResultShape, SameOperandsElementType]> {
  let summary = "Elementwise complex number from real and imaginary parts.";
  let arguments = (ins HLO_FpTensor:$lhs, HLO_FpTensor:$rhs);
  let results = (outs HLO_ComplexTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs),
                                                 type($result))
  }];
  let hasVerifier = 1;
}
