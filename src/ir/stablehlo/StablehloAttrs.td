//===- StablehloAttrs.td - StableHLO attributes -------------*- tablegen -*-===//
//
// Structured attributes of the StableHLO spec: dimension numbers of dot,
// gather and scatter, channel handles, dot algorithms and output/operand
// aliases of custom calls.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_ATTRS
#define SDY_STABLEHLO_ATTRS

include "ir/stablehlo/StablehloBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class StableHLO_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Stablehlo_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def StableHLO_Dims : ArrayRefParameter<"int64_t", "dimensions">;

def StableHLO_DotDimensionNumbers : StableHLO_Attr<"DotDimensionNumbers",
                                                   "dot"> {
  let summary = "Dimension numbers of a dot_general.";
  let description = [{
    `#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions =
    [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>`;
    empty lists are left out when printed.
  }];
  let parameters = (ins
    StableHLO_Dims:$lhsBatchingDimensions,
    StableHLO_Dims:$rhsBatchingDimensions,
    StableHLO_Dims:$lhsContractingDimensions,
    StableHLO_Dims:$rhsContractingDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_GatherDimensionNumbers : StableHLO_Attr<
    "GatherDimensionNumbers", "gather"> {
  let summary = "Dimension numbers of a gather.";
  let parameters = (ins
    StableHLO_Dims:$offsetDims,
    StableHLO_Dims:$collapsedSliceDims,
    StableHLO_Dims:$operandBatchingDims,
    StableHLO_Dims:$startIndicesBatchingDims,
    StableHLO_Dims:$startIndexMap,
    "int64_t":$indexVectorDim
  );
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ScatterDimensionNumbers : StableHLO_Attr<
    "ScatterDimensionNumbers", "scatter"> {
  let summary = "Dimension numbers of a scatter.";
  let parameters = (ins
    StableHLO_Dims:$updateWindowDims,
    StableHLO_Dims:$insertedWindowDims,
    StableHLO_Dims:$inputBatchingDims,
    StableHLO_Dims:$scatterIndicesBatchingDims,
    StableHLO_Dims:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim
  );
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ChannelHandle : StableHLO_Attr<"ChannelHandle",
                                             "channel_handle"> {
  let summary = "A channel id and type of a collective.";
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_DotAlgorithm : StableHLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "The algorithm constraints of a dot_general.";
  let parameters = (ins
    "Type":$lhs_precision_type,
    "Type":$rhs_precision_type,
    "Type":$accumulation_type,
    "int64_t":$lhs_component_count,
    "int64_t":$rhs_component_count,
    "int64_t":$num_primitive_operations,
    "bool":$allow_imprecise_accumulation
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def StableHLO_OutputOperandAlias : StableHLO_Attr<"OutputOperandAlias",
                                                  "output_operand_alias"> {
  let summary = "Which operand of a custom_call an output aliases.";
  let parameters = (ins
    StableHLO_Dims:$outputTupleIndices,
    "int64_t":$operandIndex,
    StableHLO_Dims:$operandTupleIndices
  );
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ResultAccuracyAttr : StableHLO_Attr<"ResultAccuracy",
                                                  "result_accuracy"> {
  let summary = "The accuracy a transcendental op is asked for.";
  let description = [{
    `#stablehlo.result_accuracy<atol = 1.0e-05, rtol = 0.0, ulps = 2, mode =
    #stablehlo.result_accuracy_mode<TOLERANCE>>`; zero tolerances are left
    out when printed.
  }];
  let parameters = (ins APFloatParameter<"absolute tolerance">:$atol,
                        APFloatParameter<"relative tolerance">:$rtol,
                        "int64_t":$ulps, "ResultAccuracyModeAttr":$mode);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  // The default of the ops' `result_accuracy`: elided when printed pretty.
  let constBuilderCall = [{
    ::mlir::stablehlo::ResultAccuracyAttr::get($_builder.getContext(),
        ::llvm::APFloat(0.0), ::llvm::APFloat(0.0), 0, ::mlir::stablehlo::ResultAccuracyModeAttr::get(
            $_builder.getContext(), $0))
  }];
}

#endif // SDY_STABLEHLO_ATTRS
