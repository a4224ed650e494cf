//===- StablehloWindowOps.td - windowed, sort and map ops ---*- tablegen -*-===//
//
// reduce_window, select_and_scatter, sort and map. Upstream prints all four
// generically (regions in parentheses, attributes as properties), so they
// have no custom format here either.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_WINDOW_OPS
#define SDY_STABLEHLO_WINDOW_OPS

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "Reduces each window of `inputs` with `body`.";
  let description = [{
    The inputs are padded with the init values (`padding`, and
    `base_dilations - 1` between elements); each result element reduces the
    window at `index * window_strides`, `window_dilations` apart.
  }];
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    Variadic<HLO_Tensor>:$init_values,
    DenseI64ArrayAttr:$window_dimensions,
    OptionalAttr<DenseI64ArrayAttr>:$window_strides,
    OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
    OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
    OptionalAttr<I64ElementsAttr>:$padding
  );
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter", [
    RecursiveMemoryEffects]> {
  let summary = "Scatters `source` to the element `select` picks per window.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_Tensor:$source,
    HLO_Tensor:$init_value,
    OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
    OptionalAttr<DenseI64ArrayAttr>:$window_strides,
    OptionalAttr<I64ElementsAttr>:$padding
  );
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort", [RecursiveMemoryEffects]> {
  let summary = "Sorts `inputs` together along `dimension` by `comparator`.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable
  );
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    // `dimension` in [0, rank) (it may be given from the back).
    int64_t getNormalizedDimension();
  }];
}

def StableHLO_MapOp : StableHLO_Op<"map", [RecursiveMemoryEffects]> {
  let summary = "Applies `computation` to the elements of `inputs`.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    DenseI64ArrayAttr:$dimensions
  );
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

#endif // SDY_STABLEHLO_WINDOW_OPS
