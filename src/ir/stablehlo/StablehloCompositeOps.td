//===- StablehloCompositeOps.td - stablehlo.composite ------*- tablegen -*-===//
//
// A named op whose meaning is the `decomposition` function.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_COMPOSITE_OPS
#define SDY_STABLEHLO_COMPOSITE_OPS

def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A named computation, run as its `decomposition` function.";
  let description = [{
    `stablehlo.composite "my.op" %x {composite_attributes = {k = 1 : i32},
    decomposition = @my_op, version = 1 : i32} : (tensor<4xf32>) ->
    tensor<4xf32>`; the decomposition takes the inputs' types and returns
    the results' types.
  }];
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    StrAttr:$name,
    DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
    FlatSymbolRefAttr:$decomposition,
    DefaultValuedOptionalAttr<I32Attr, "0">:$version
  );
  let results = (outs Variadic<HLO_Tensor>);
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
  }];
}

#endif // SDY_STABLEHLO_COMPOSITE_OPS
