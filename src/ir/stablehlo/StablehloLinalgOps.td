//===- StablehloLinalgOps.td - linear algebra, RNG, batch norm -*- tablegen -*-===//
//
// cholesky, triangular_solve, rng, rng_bit_generator and the batch_norm ops,
// with their enums. Pretty forms follow the upstream printer: cholesky, rng
// and rng_bit_generator have one; the others print generically.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_LINALG_OPS
#define SDY_STABLEHLO_LINALG_OPS

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def StableHLO_Transpose : I32EnumAttr<"Transpose",
    "Whether triangular_solve transposes its matrix.", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>,
      I32EnumAttrCase<"NO_TRANSPOSE", 1>,
      I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
def StableHLO_TransposeAttr : EnumAttr<Stablehlo_Dialect, StableHLO_Transpose,
                                       "transpose">;

def StableHLO_RngDistribution : I32EnumAttr<"RngDistribution",
    "The distribution of stablehlo.rng.", [
      I32EnumAttrCase<"UNIFORM", 1>,
      I32EnumAttrCase<"NORMAL", 2>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
def StableHLO_RngDistributionAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_RngDistribution, "rng_distribution">;

def StableHLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm",
    "The bit generator of stablehlo.rng_bit_generator.", [
      I32EnumAttrCase<"DEFAULT", 0>,
      I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
def StableHLO_RngAlgorithmAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_RngAlgorithm, "rng_algorithm">;

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

def StableHLO_CholeskyOp : StableHLO_Op<"cholesky",
    [Pure, SameOperandsAndResultType]> {
  let summary = "Cholesky decomposition of a batch of matrices.";
  let arguments = (ins
    HLO_FpOrComplexTensor:$a,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$lower
  );
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict `:`
      custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve",
    [Pure, SameOperandsAndResultElementType, InferTypes]> {
  let summary = "Solves systems with a triangular matrix.";
  let arguments = (ins
    HLO_FpOrComplexTensor:$a,
    HLO_FpOrComplexTensor:$b,
    BoolAttr:$left_side,
    BoolAttr:$lower,
    BoolAttr:$unit_diagonal,
    StableHLO_TransposeAttr:$transpose_a
  );
  let results = (outs HLO_FpOrComplexTensor:$result);
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

// Not Pure: two calls give different numbers.
def StableHLO_RngOp : StableHLO_Op<"rng"> {
  let summary = "Random numbers of a distribution.";
  let arguments = (ins
    0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$a,
    0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$b,
    StaticShapeTensorOf<[HLO_Int]>:$shape,
    StableHLO_RngDistributionAttr:$rng_distribution
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=`
      custom<RngDistribution>($rng_distribution) attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator",
    [Pure, DeclareOpInterfaceMethods<OpAsmOpInterface,
                                     ["getAsmResultNames"]>]> {
  let summary = "Random bits and the next generator state.";
  let arguments = (ins
    StableHLO_RngAlgorithmAttr:$rng_algorithm,
    StaticShapeTensorOf<[HLO_Int]>:$initial_state
  );
  let results = (outs
    StaticShapeTensorOf<[HLO_Int]>:$output_state,
    StaticShapeTensorOf<[HLO_Int, HLO_Float]>:$output
  );
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` custom<RngAlgorithm>($rng_algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Batch normalization
//===----------------------------------------------------------------------===//

class StableHLO_BatchNormOp<string mnemonic, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat([Pure, InferTypes], traits)>;

def StableHLO_BatchNormTrainingOp : StableHLO_BatchNormOp<"batch_norm_training",
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Normalizes with the batch statistics, which it returns.";
  let arguments = (ins
    HLO_FpTensor:$operand,
    HLO_FpTensor:$scale,
    HLO_FpTensor:$offset,
    F32Attr:$epsilon,
    I64Attr:$feature_index
  );
  let results = (outs HLO_FpTensor:$output, HLO_FpTensor:$batch_mean,
                      HLO_FpTensor:$batch_var);
}

def StableHLO_BatchNormInferenceOp
    : StableHLO_BatchNormOp<"batch_norm_inference"> {
  let summary = "Normalizes with a given mean and variance.";
  let arguments = (ins
    HLO_FpTensor:$operand,
    HLO_FpTensor:$scale,
    HLO_FpTensor:$offset,
    HLO_FpTensor:$mean,
    HLO_FpTensor:$variance,
    F32Attr:$epsilon,
    I64Attr:$feature_index
  );
  let results = (outs HLO_FpTensor:$result);
}

def StableHLO_BatchNormGradOp : StableHLO_BatchNormOp<"batch_norm_grad",
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Gradients of batch_norm_training.";
  let arguments = (ins
    HLO_FpTensor:$operand,
    HLO_FpTensor:$scale,
    HLO_FpTensor:$mean,
    HLO_FpTensor:$variance,
    HLO_FpTensor:$grad_output,
    F32Attr:$epsilon,
    I64Attr:$feature_index
  );
  let results = (outs HLO_FpTensor:$grad_operand, HLO_FpTensor:$grad_scale,
                      HLO_FpTensor:$grad_offset);
}

#endif // SDY_STABLEHLO_LINALG_OPS
