//===- StablehloBitcastOps.td - bitcast_convert --------------*- tablegen -*-===//
//
// Reinterprets the bits of each element as another element type. Included
// from StablehloOps.td.
//
//===----------------------------------------------------------------------===//

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "Reinterprets the bits of each element as another type.";
  let description = [{
    Same bit width: same shape. A narrower result type adds a trailing
    dimension of size `operand bits / result bits`; a wider one removes the
    operand's trailing dimension, whose size must be `result bits / operand
    bits`.
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}
