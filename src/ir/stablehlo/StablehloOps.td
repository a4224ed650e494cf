//===- StablehloOps.td - StableHLO ops ----------------------*- tablegen -*-===//
//
// The ops sdy supports. Names, operands, attributes and pretty forms follow
// the public StableHLO spec and the upstream printer (what JAX emits), so
// exported modules parse unchanged. Ops that upstream prints generically
// (gather, scatter, if, case, collectives) have no custom format here either.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_OPS
#define SDY_STABLEHLO_OPS

include "ir/stablehlo/StablehloBase.td"
include "ir/stablehlo/StablehloEnums.td"
include "ir/stablehlo/StablehloAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class StableHLO_Op<string mnemonic, list<Trait> traits = []> :
    Op<Stablehlo_Dialect, mnemonic, traits>;

// Infers result types in C++ (TypeInference.cpp); all shape checks of these
// ops live in inferReturnTypes so that builders and the verifier agree.
defvar InferTypes = InferTypeOpAdaptor;

// For ops whose result element type may differ from the operands'
// (accumulation type): only shapes must match the inferred type.
defvar InferShapes = InferTypeOpAdaptorWithIsCompatible;


//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

class StableHLO_UnaryElementwiseOp<string mnemonic, Type operandType,
                                   Type resultType, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat([Pure, Elementwise], traits)> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand),
                                                             type($result))
  }];
}

class StableHLO_SameTypeUnaryOp<string mnemonic, Type type>
    : StableHLO_UnaryElementwiseOp<mnemonic, type, type,
                                   [HLO_SameBaselineType]>;

// Transcendental ops may ask for an accuracy; the interpreter computes the
// libm result whatever is asked, so the attribute is only kept and printed.
class StableHLO_AccuracyUnaryOp<string mnemonic, Type type>
    : StableHLO_SameTypeUnaryOp<mnemonic, type> {
  let arguments = (ins type:$operand,
      DefaultValuedOptionalAttr<StableHLO_ResultAccuracyAttr,
          "::mlir::stablehlo::ResultAccuracyMode::DEFAULT">:$result_accuracy);
}

def StableHLO_AbsOp : StableHLO_UnaryElementwiseOp<"abs",
    HLO_SIntFpComplexOrQuantizedTensor, HLO_SIntFpOrQuantizedTensor,
    [SameOperandsAndResultShape]> {
  let summary = "Elementwise absolute value (the modulus for complex).";
  let hasVerifier = 1;
}
def StableHLO_CbrtOp : StableHLO_AccuracyUnaryOp<"cbrt", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise cubic root.";
}
def StableHLO_CeilOp : StableHLO_SameTypeUnaryOp<"ceil", HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise ceiling.";
}
def StableHLO_ConvertOp : StableHLO_UnaryElementwiseOp<"convert",
    HLO_NonQuantizedTensor, HLO_NonQuantizedTensor, [SameOperandsAndResultShape]> {
  let summary = "Elementwise conversion to another element type.";
  let builders = [
    OpBuilder<(ins "Value":$operand, "Type":$resultElementType)>];
}
def StableHLO_CosineOp : StableHLO_AccuracyUnaryOp<"cosine", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise cosine.";
}
def StableHLO_ExpOp : StableHLO_AccuracyUnaryOp<"exponential", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise exponential.";
}
def StableHLO_Expm1Op : StableHLO_AccuracyUnaryOp<"exponential_minus_one",
                                                  HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise exp(x) - 1.";
}
def StableHLO_FloorOp : StableHLO_SameTypeUnaryOp<"floor", HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise floor.";
}
def StableHLO_IsFiniteOp : StableHLO_Op<"is_finite",
    [Pure, Elementwise, SameOperandsAndResultShape, InferTypes]> {
  let summary = "Elementwise check whether a value is finite.";
  let arguments = (ins HLO_FpTensor:$x);
  let results = (outs HLO_PredTensor:$y);
  let assemblyFormat = [{
    $x attr-dict `:` custom<SameOperandsAndResultType>(type($x), type($y))
  }];
}
def StableHLO_LogOp : StableHLO_AccuracyUnaryOp<"log", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise natural logarithm.";
}
def StableHLO_Log1pOp : StableHLO_AccuracyUnaryOp<"log_plus_one",
                                                  HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise log(1 + x).";
}
def StableHLO_LogisticOp : StableHLO_AccuracyUnaryOp<"logistic",
                                                     HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise logistic (sigmoid).";
}
def StableHLO_NotOp : StableHLO_SameTypeUnaryOp<"not", HLO_PredOrIntTensor> {
  let summary = "Elementwise logical or bitwise not.";
}
def StableHLO_NegOp : StableHLO_SameTypeUnaryOp<"negate", HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise negation.";
}
def StableHLO_RoundNearestEvenOp : StableHLO_SameTypeUnaryOp<
    "round_nearest_even", HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise rounding to the nearest integer, ties to even.";
}
def StableHLO_RsqrtOp : StableHLO_AccuracyUnaryOp<"rsqrt", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise reciprocal square root.";
}
def StableHLO_SignOp : StableHLO_SameTypeUnaryOp<"sign", HLO_SIntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise sign.";
}
def StableHLO_SineOp : StableHLO_AccuracyUnaryOp<"sine", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise sine.";
}
def StableHLO_SqrtOp : StableHLO_AccuracyUnaryOp<"sqrt", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise square root.";
}
def StableHLO_TanOp : StableHLO_AccuracyUnaryOp<"tan", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise tangent.";
}
def StableHLO_TanhOp : StableHLO_AccuracyUnaryOp<"tanh", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise hyperbolic tangent.";
}

class StableHLO_BinaryElementwiseOp<string mnemonic, Type type,
                                    list<Trait> traits = [],
                                    Trait types = HLO_SameBaselineType>
    : StableHLO_Op<mnemonic, !listconcat([Pure, Elementwise, types], traits)> {
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  // The result takes the lhs type, as SameOperandsAndResultType would give.
  let builders = [
    OpBuilder<(ins "Value":$lhs, "Value":$rhs), [{
      build($_builder, $_state, lhs.getType(), lhs, rhs);
    }]>];
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs),
                                            type($result))
  }];
}

def StableHLO_AddOp : StableHLO_BinaryElementwiseOp<"add", HLO_Tensor,
    [Commutative], HLO_QuantizedAddTypes> {
  let summary = "Elementwise addition (logical or for pred).";
}
def StableHLO_Atan2Op : StableHLO_BinaryElementwiseOp<"atan2", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise atan2.";
}
def StableHLO_DivOp : StableHLO_BinaryElementwiseOp<"divide",
                                                    HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise division.";
}
def StableHLO_MaxOp : StableHLO_BinaryElementwiseOp<"maximum", HLO_PerTensorTensor,
                                                    [Commutative]> {
  let summary = "Elementwise maximum.";
}
def StableHLO_MinOp : StableHLO_BinaryElementwiseOp<"minimum", HLO_PerTensorTensor,
                                                    [Commutative]> {
  let summary = "Elementwise minimum.";
}
def StableHLO_MulOp : StableHLO_BinaryElementwiseOp<"multiply", HLO_PerTensorTensor,
                                                    [Commutative]> {
  let summary = "Elementwise multiplication (logical and for pred).";
}
def StableHLO_PowOp : StableHLO_BinaryElementwiseOp<"power",
                                                    HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise exponentiation.";
}
def StableHLO_RemOp : StableHLO_BinaryElementwiseOp<"remainder",
                                                    HLO_IntFpOrQuantizedTensor> {
  let summary = "Elementwise remainder (sign of the dividend).";
}
def StableHLO_SubtractOp : StableHLO_BinaryElementwiseOp<"subtract",
                                                         HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise subtraction.";
}
def StableHLO_AndOp : StableHLO_BinaryElementwiseOp<"and",
    HLO_PredOrIntTensor, [Commutative]> {
  let summary = "Elementwise logical or bitwise and.";
}
def StableHLO_OrOp : StableHLO_BinaryElementwiseOp<"or",
    HLO_PredOrIntTensor, [Commutative]> {
  let summary = "Elementwise logical or bitwise or.";
}
def StableHLO_XorOp : StableHLO_BinaryElementwiseOp<"xor",
    HLO_PredOrIntTensor, [Commutative]> {
  let summary = "Elementwise logical or bitwise xor.";
}

def StableHLO_ClampOp : StableHLO_Op<"clamp", [Pure, InferTypes]> {
  let summary = "Clamps `operand` into [`min`, `max`].";
  let description = [{
    `min` and `max` are either rank-0 or of the shape of `operand`.
  }];
  let arguments = (ins HLO_PerTensorTensor:$min, HLO_PerTensorTensor:$operand,
                       HLO_PerTensorTensor:$max);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict
      `:` custom<SameOperandsAndResultType>(type($min), type($operand),
                                            type($max), type($result))
  }];
}

def StableHLO_CompareOp : StableHLO_Op<"compare",
    [Pure, Elementwise, SameOperandsAndResultShape, InferTypes]> {
  let summary = "Elementwise comparison, producing i1.";
  let arguments = (ins
    HLO_PerTensorTensor:$lhs,
    HLO_PerTensorTensor:$rhs,
    StableHLO_ComparisonDirectionAttr:$comparison_direction,
    OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type
  );
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($comparison_direction) `,` $lhs `,` $rhs
      (`,` custom<EnumKeyword>($compare_type)^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let builders = [
    OpBuilder<(ins "Value":$lhs, "Value":$rhs,
                   "ComparisonDirection":$comparison_direction,
                   CArg<"std::optional<ComparisonType>",
                        "std::nullopt">:$compare_type)>];
}

def StableHLO_SelectOp : StableHLO_Op<"select", [Pure, InferTypes]> {
  let summary = "Picks `on_true` where `pred` holds, else `on_false`.";
  let arguments = (ins
    HLO_PredTensor:$pred,
    HLO_Tensor:$on_true,
    HLO_Tensor:$on_false
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false),
                           type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "Broadcasts `operand` into the result shape.";
  let description = [{
    Operand dimension `i` becomes result dimension
    `broadcast_dimensions[i]`; its size is 1 or the result's.
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "Reshapes `operand` (row-major) to the result shape.";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [Pure, InferTypes]> {
  let summary = "Permutes the dimensions of `operand`.";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`.
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($permutation)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate",
    [Pure, SameOperandsAndResultElementType, InferTypes]> {
  let summary = "Concatenates `inputs` along `dimension`.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_SliceOp : StableHLO_Op<"slice",
    [Pure, SameOperandsAndResultElementType, InferTypes]> {
  let summary = "Extracts a strided static slice of `operand`.";
  let arguments = (ins
    HLO_Tensor:$operand,
    DenseI64ArrayAttr:$start_indices,
    DenseI64ArrayAttr:$limit_indices,
    DenseI64ArrayAttr:$strides
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_PadOp : StableHLO_Op<"pad",
    [Pure, SameOperandsAndResultElementType, InferTypes]> {
  let summary = "Pads `operand` at the edges and between elements.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_Tensor:$padding_value,
    DenseI64ArrayAttr:$edge_padding_low,
    DenseI64ArrayAttr:$edge_padding_high,
    DenseI64ArrayAttr:$interior_padding
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,`
      `low` `=` custom<DenseI64Array>($edge_padding_low) `,`
      `high` `=` custom<DenseI64Array>($edge_padding_high) `,`
      `interior` `=` custom<DenseI64Array>($interior_padding)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse",
    [Pure, SameOperandsAndResultType]> {
  let summary = "Reverses `operand` along `dimensions`.";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($dimensions)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand),
                                                      type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "Fills the result with 0, 1, 2, ... along `iota_dimension`.";
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_IntFpComplexOrQuantizedTensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def StableHLO_ConstantOp : StableHLO_Op<"constant",
    [ConstantLike, Pure, InferShapes,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A constant tensor.";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice",
    [Pure, InferTypes]> {
  let summary = "Extracts a slice of `slice_sizes` at runtime offsets.";
  let arguments = (ins
    HLO_Tensor:$operand,
    Variadic<HLO_ScalarIntTensor>:$start_indices,
    DenseI64ArrayAttr:$slice_sizes
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` custom<DenseI64Array>($slice_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DynamicUpdateSliceOp : StableHLO_Op<"dynamic_update_slice",
    [Pure, InferTypes]> {
  let summary = "Writes `update` into `operand` at runtime offsets.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_Tensor:$update,
    Variadic<HLO_ScalarIntTensor>:$start_indices
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Contractions and reductions
//===----------------------------------------------------------------------===//

def StableHLO_DotOp : StableHLO_Op<"dot", [Pure, InferShapes]> {
  let summary = "Vector/matrix product of rank-1 or rank-2 operands.";
  let arguments = (ins
    HLO_Tensor:$lhs,
    HLO_Tensor:$rhs,
    StableHLO_PrecisionConfigAttr:$precision_config
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
}

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure, InferShapes]> {
  let summary = "General dot product with batching and contracting dims.";
  let description = [{
    The result dimensions are the batch dimensions, then the free dimensions
    of `lhs`, then the free dimensions of `rhs`, each in operand order.
  }];
  let arguments = (ins
    HLO_Tensor:$lhs,
    HLO_Tensor:$rhs,
    StableHLO_DotDimensionNumbers:$dot_dimension_numbers,
    StableHLO_PrecisionConfigAttr:$precision_config,
    OptionalAttr<StableHLO_DotAlgorithm>:$algorithm
  );
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers) ``
      custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ReduceOp : StableHLO_Op<"reduce", [
    RecursiveMemoryEffects, SameVariadicOperandSize, InferTypes]> {
  let summary = "Reduces `inputs` along `dimensions` with `body`.";
  let description = [{
    The body takes the N accumulators then the N elements (all rank-0) and
    returns the N new accumulators.
  }];
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    Variadic<HLO_Tensor>:$init_values,
    DenseI64ArrayAttr:$dimensions
  );
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    // Creates the op with an empty body; the caller fills it.
    OpBuilder<(ins "ValueRange":$inputs, "ValueRange":$init_values,
                   "ArrayRef<int64_t>":$dimensions)>,
    OpBuilder<(ins "TypeRange":$resultTypes, "ValueRange":$inputs,
                   "ValueRange":$init_values,
                   "ArrayRef<int64_t>":$dimensions)>];
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def StableHLO_GatherOp : StableHLO_Op<"gather", [Pure]> {
  let summary = "Gathers slices of `operand` at offsets from `start_indices`.";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_IntTensor:$start_indices,
    StableHLO_GatherDimensionNumbers:$dimension_numbers,
    DenseI64ArrayAttr:$slice_sizes,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted
  );
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "Scatters `updates` into `inputs` with `update_computation`.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    HLO_IntTensor:$scatter_indices,
    Variadic<HLO_Tensor>:$updates,
    StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices
  );
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def StableHLO_WhileOp : StableHLO_Op<"while", [
    RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
                              ["getAsmBlockArgumentNames"]>]> {
  let summary = "Runs `body` while `cond` returns true.";
  let arguments = (ins Variadic<AnyTypeOf<[HLO_Tensor, HLO_Token]>>:$operand);
  let results = (outs Variadic<AnyTypeOf<[HLO_Tensor, HLO_Token]>>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "Runs branch `index` (the last one when out of range).";
  let arguments = (ins HLO_ScalarIntTensor:$index);
  let results = (outs Variadic<AnyTypeOf<[HLO_Tensor, HLO_Token]>>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasRegionVerifier = 1;
  // Upstream prints this op generically; we print it generically too but
  // also accept `stablehlo.case(%i) ({...}) : (...) -> ...`.
  let extraClassDeclaration = [{
    static ::mlir::ParseResult parse(::mlir::OpAsmParser &parser,
                                     ::mlir::OperationState &result);
  }];
}

def StableHLO_IfOp : StableHLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "Runs `true_branch` if `pred`, else `false_branch`.";
  let arguments = (ins HLO_ScalarPredTensor:$pred);
  let results = (outs Variadic<AnyTypeOf<[HLO_Tensor, HLO_Token]>>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    static ::mlir::ParseResult parse(::mlir::OpAsmParser &parser,
                                     ::mlir::OperationState &result);
  }];
}

def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier",
    [Pure, InferTypes]> {
  let summary = "Blocks optimizations across it; returns its operands.";
  let arguments = (ins Variadic<AnyTypeOf<[HLO_Tensor, HLO_Token]>>:$operand);
  let results = (outs Variadic<AnyTypeOf<[HLO_Tensor, HLO_Token]>>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:`
               custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?
  }];
}

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, ReturnLike, Terminator]> {
  let summary = "Returns values from a region of a stablehlo op.";
  let arguments = (ins Variadic<AnyTypeOf<[HLO_Tensor, HLO_Token]>>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Misc
//===----------------------------------------------------------------------===//

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call"> {
  let summary = "Calls an implementation-defined target.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    StrAttr:$call_target_name,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
    OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
    DefaultValuedOptionalAttr<StableHLO_CustomCallApiVersionAttr,
        "::mlir::stablehlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:
        $api_version,
    DefaultValuedOptionalAttr<TypedArrayAttrBase<FlatSymbolRefAttr,
        "flat symbol ref array attribute">, "{}">:$called_computations,
    OptionalAttr<TypedArrayAttrBase<ElementsAttr, "layouts">>:$operand_layouts,
    OptionalAttr<TypedArrayAttrBase<ElementsAttr, "layouts">>:$result_layouts,
    DefaultValuedOptionalAttr<TypedArrayAttrBase<StableHLO_OutputOperandAlias,
        "output operand aliases">, "{}">:$output_operand_aliases
  );
  let results = (outs Variadic<HLO_Tensor>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [Pure, InferTypes]> {
  let summary = "The id of the partition running this program.";
  let results = (outs HLO_ScalarUI32Tensor);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [Pure, InferTypes]> {
  let summary = "The id of the replica running this program.";
  let results = (outs HLO_ScalarUI32Tensor);
  let assemblyFormat = "attr-dict `:` type(results)";
}

//===----------------------------------------------------------------------===//
// Collectives (what the partitioner emits). Upstream prints them generically.
//===----------------------------------------------------------------------===//

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather"> {
  let summary = "Concatenates the operands of a process group along a dim.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$operands,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$all_gather_dim,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
    UnitAttr:$use_global_device_ids
  );
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_AllReduceOp : StableHLO_Op<"all_reduce"> {
  let summary = "Reduces the operands across a process group.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$operands,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
    UnitAttr:$use_global_device_ids
  );
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_Op<"all_to_all"> {
  let summary = "Splits, exchanges and concatenates across a process group.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$operands,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$split_dimension,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$concat_dimension,
    ConfinedAttr<I64Attr, [IntPositive]>:$split_count,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle
  );
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp : StableHLO_Op<"collective_permute",
                                                 [SameOperandsAndResultType]> {
  let summary = "Sends the operand from each source to its target.";
  let arguments = (ins
    HLO_Tensor:$operand,
    I64ElementsAttr:$source_target_pairs,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle
  );
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter",
                                             [SameOperandsAndResultElementType]> {
  let summary = "Reduces across a process group and scatters along a dim.";
  let arguments = (ins
    HLO_Tensor:$operand,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$scatter_dimension,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
    UnitAttr:$use_global_device_ids
  );
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

include "ir/stablehlo/StablehloConvolutionOps.td"
include "ir/stablehlo/StablehloLinalgOps.td"
include "ir/stablehlo/StablehloWindowOps.td"
include "ir/stablehlo/StablehloCollectiveBroadcastOps.td"
include "ir/stablehlo/StablehloBitcastOps.td"
include "ir/stablehlo/StablehloComplexOps.td"
include "ir/stablehlo/StablehloFftOps.td"
include "ir/stablehlo/StablehloMiscOps.td"
include "ir/stablehlo/StablehloCompositeOps.td"
include "ir/stablehlo/StablehloTokenOps.td"
include "ir/stablehlo/StablehloIoOps.td"
include "ir/stablehlo/StablehloQuantOps.td"
include "ir/stablehlo/StablehloDynamicOps.td"

#endif // SDY_STABLEHLO_OPS
