//===- ChloBroadcastOps.td - broadcasting CHLO ops ----------*- tablegen -*-===//
//
// The chlo.broadcast_* family (binary elementwise ops whose operands are
// broadcast to a common shape first, by `broadcast_dimensions` or numpy's
// trailing alignment), chlo.broadcast_select and chlo.constant_like. Names,
// attributes and pretty forms follow the upstream printer.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CHLO_BROADCAST_OPS
#define SDY_CHLO_BROADCAST_OPS

include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"

def CHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "Which comparison operation to perform.", [
      I32EnumAttrCase<"EQ", 0>,
      I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>,
      I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>,
      I32EnumAttrCase<"LT", 5>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::chlo";
}
def CHLO_ComparisonDirectionAttr : EnumAttr<Chlo_Dialect,
    CHLO_ComparisonDirection, "comparison_direction">;

def CHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "Which comparison type to use.", [
      I32EnumAttrCase<"NOTYPE", 0>,
      I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>,
      I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::chlo";
}
def CHLO_ComparisonTypeAttr : EnumAttr<Chlo_Dialect,
    CHLO_ComparisonType, "comparison_type">;

// Marks the broadcasting ops: the verifier, the sharding rule and the kernel
// treat them all alike.
def CHLO_Broadcasting : NativeOpTrait<"Broadcasting"> {
  let cppNamespace = "::mlir::chlo::OpTrait";
}

class CHLO_BroadcastBinaryOp<string mnemonic, Type type,
                             Type resultType = type, list<Trait> traits = []>
    : CHLO_Op<mnemonic, !listconcat([Pure, CHLO_Broadcasting], traits)> {
  let arguments = (ins type:$lhs, type:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def CHLO_BroadcastAddOp : CHLO_BroadcastBinaryOp<"broadcast_add", HLO_Tensor> {
  let summary = "Broadcasting addition.";
}
def CHLO_BroadcastSubOp
    : CHLO_BroadcastBinaryOp<"broadcast_subtract", HLO_Tensor> {
  let summary = "Broadcasting subtraction.";
}
def CHLO_BroadcastMulOp
    : CHLO_BroadcastBinaryOp<"broadcast_multiply", HLO_Tensor> {
  let summary = "Broadcasting multiplication.";
}
def CHLO_BroadcastDivOp
    : CHLO_BroadcastBinaryOp<"broadcast_divide", HLO_Tensor> {
  let summary = "Broadcasting division.";
}
def CHLO_BroadcastRemOp
    : CHLO_BroadcastBinaryOp<"broadcast_remainder", HLO_Tensor> {
  let summary = "Broadcasting remainder.";
}
def CHLO_BroadcastMaxOp
    : CHLO_BroadcastBinaryOp<"broadcast_maximum", HLO_Tensor> {
  let summary = "Broadcasting maximum.";
}
def CHLO_BroadcastMinOp
    : CHLO_BroadcastBinaryOp<"broadcast_minimum", HLO_Tensor> {
  let summary = "Broadcasting minimum.";
}
def CHLO_BroadcastPowOp
    : CHLO_BroadcastBinaryOp<"broadcast_power", HLO_Tensor> {
  let summary = "Broadcasting power.";
}
def CHLO_BroadcastAtan2Op
    : CHLO_BroadcastBinaryOp<"broadcast_atan2", HLO_Tensor> {
  let summary = "Broadcasting atan2.";
}
def CHLO_BroadcastAndOp
    : CHLO_BroadcastBinaryOp<"broadcast_and", HLO_PredOrIntTensor> {
  let summary = "Broadcasting logical or bitwise and.";
}
def CHLO_BroadcastOrOp
    : CHLO_BroadcastBinaryOp<"broadcast_or", HLO_PredOrIntTensor> {
  let summary = "Broadcasting logical or bitwise or.";
}
def CHLO_BroadcastXorOp
    : CHLO_BroadcastBinaryOp<"broadcast_xor", HLO_PredOrIntTensor> {
  let summary = "Broadcasting logical or bitwise xor.";
}
def CHLO_BroadcastShiftLeftOp
    : CHLO_BroadcastBinaryOp<"broadcast_shift_left", HLO_IntTensor> {
  let summary = "Broadcasting shift left.";
}
def CHLO_BroadcastShiftRightArithmeticOp
    : CHLO_BroadcastBinaryOp<"broadcast_shift_right_arithmetic",
                             HLO_IntTensor> {
  let summary = "Broadcasting arithmetic shift right.";
}
def CHLO_BroadcastShiftRightLogicalOp
    : CHLO_BroadcastBinaryOp<"broadcast_shift_right_logical", HLO_IntTensor> {
  let summary = "Broadcasting logical shift right.";
}
def CHLO_BroadcastComplexOp
    : CHLO_BroadcastBinaryOp<"broadcast_complex", HLO_FpTensor,
                             HLO_ComplexTensor> {
  let summary = "Broadcasting construction of complex numbers.";
}
def CHLO_BroadcastNextAfterOp
    : CHLO_BroadcastBinaryOp<"broadcast_next_after", HLO_FpTensor> {
  let summary = "Broadcasting next_after.";
}
def CHLO_BroadcastPolygammaOp
    : CHLO_BroadcastBinaryOp<"broadcast_polygamma", HLO_FpTensor> {
  let summary = "Broadcasting polygamma.";
}
def CHLO_BroadcastZetaOp
    : CHLO_BroadcastBinaryOp<"broadcast_zeta", HLO_FpTensor> {
  let summary = "Broadcasting Hurwitz zeta.";
}

def CHLO_BroadcastCompareOp
    : CHLO_Op<"broadcast_compare", [Pure, CHLO_Broadcasting]> {
  let summary = "Broadcasting comparison.";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions,
                       CHLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<CHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def CHLO_BroadcastSelectOp
    : CHLO_Op<"broadcast_select", [Pure, CHLO_Broadcasting]> {
  let summary = "Broadcasting select.";
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
                       HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def CHLO_ConstantLikeOp : CHLO_Op<"constant_like", [Pure]> {
  let summary = "A splat of `value` with the operand's shape.";
  let arguments = (ins HLO_Tensor:$operand, TypedAttrInterface:$value);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

#endif // SDY_CHLO_BROADCAST_OPS
