//===- StablehloTokenOps.td - token and tuple ops -----------*- tablegen -*-===//
//
// Tokens order side-effecting ops; tuples group values. Both follow the
// upstream pretty forms.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_TOKEN_OPS
#define SDY_STABLEHLO_TOKEN_OPS

def StableHLO_AfterAllOp : StableHLO_Op<"after_all", [Pure]> {
  let summary = "A token that follows all of `inputs`.";
  let arguments = (ins Variadic<HLO_Token>:$inputs);
  let results = (outs HLO_Token:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
}

def StableHLO_CreateTokenOp : StableHLO_Op<"create_token", [Pure]> {
  let summary = "A new token (the same as an after_all of no token).";
  let results = (outs HLO_Token:$output);
  let assemblyFormat = "attr-dict `:` type($output)";
}

def StableHLO_TupleOp : StableHLO_Op<"tuple", [Pure]> {
  let summary = "A tuple of `val`.";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$val);
  let results = (outs HLO_Tuple:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [Pure]> {
  let summary = "Element `index` of a tuple.";
  let arguments = (ins
    HLO_Tuple:$operand,
    ConfinedAttr<I32Attr, [IntNonNegative]>:$index
  );
  let results = (outs HLO_TensorOrTokenOrTuple:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // SDY_STABLEHLO_TOKEN_OPS
