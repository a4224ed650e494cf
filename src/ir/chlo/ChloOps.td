//===- ChloOps.td - the CHLO ops that frameworks emit -------*- tablegen -*-===//
//
// The static-shape subset of CHLO (the "client" ops of StableHLO) that JAX
// emits: special functions, inverse and hyperbolic trigonometry, top_k.
// Names, operands, attributes and pretty forms follow the upstream printer so
// that exported modules parse unchanged. Complex element types are not
// supported (as in our stablehlo dialect); scan is not provided.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CHLO_OPS
#define SDY_CHLO_OPS

include "ir/stablehlo/StablehloBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::mlir::chlo";
  let summary = "The CHLO ops supported by sdy.";
  let description = [{
    Client ops that frameworks emit next to StableHLO: special functions and
    top_k, on statically shaped tensors.
  }];
  let useDefaultAttributePrinterParser = 1;
}

class CHLO_Op<string mnemonic, list<Trait> traits = []> :
    Op<Chlo_Dialect, mnemonic, traits>;

// Upstream's check, with upstream's message: operands and results of the
// same type. Listed before Elementwise, whose shape check (also upstream's,
// used alone by is_inf and friends) would report first otherwise.
def CHLO_CompatibleOperandsAndResultType
    : NativeOpTrait<"CompatibleOperandsAndResultType"> {
  let cppNamespace = "::mlir::chlo::OpTrait";
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

class CHLO_UnaryOp<string mnemonic, Type type>
    : CHLO_Op<mnemonic, [Pure, CHLO_CompatibleOperandsAndResultType,
                         Elementwise, InferTypeOpAdaptor]> {
  let arguments = (ins type:$operand);
  let results = (outs type:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
}

class CHLO_BinaryOp<string mnemonic, Type type>
    : CHLO_Op<mnemonic, [Pure, CHLO_CompatibleOperandsAndResultType,
                         Elementwise, InferTypeOpAdaptor]> {
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

class CHLO_PredicateOp<string mnemonic>
    : CHLO_Op<mnemonic, [Pure, Elementwise, InferTypeOpAdaptor]> {
  let arguments = (ins HLO_FpTensor:$operand);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
}

def CHLO_AcosOp : CHLO_UnaryOp<"acos", HLO_FpOrComplexTensor> {
  let summary = "Elementwise arc cosine.";
}
def CHLO_AcoshOp : CHLO_UnaryOp<"acosh", HLO_FpOrComplexTensor> {
  let summary = "Elementwise inverse hyperbolic cosine.";
}
def CHLO_AsinOp : CHLO_UnaryOp<"asin", HLO_FpOrComplexTensor> {
  let summary = "Elementwise arc sine.";
}
def CHLO_AsinhOp : CHLO_UnaryOp<"asinh", HLO_FpOrComplexTensor> {
  let summary = "Elementwise inverse hyperbolic sine.";
}
def CHLO_AtanOp : CHLO_UnaryOp<"atan", HLO_FpOrComplexTensor> {
  let summary = "Elementwise arc tangent.";
}
def CHLO_AtanhOp : CHLO_UnaryOp<"atanh", HLO_FpOrComplexTensor> {
  let summary = "Elementwise inverse hyperbolic tangent.";
}
def CHLO_BesselI1eOp : CHLO_UnaryOp<"bessel_i1e", HLO_FpOrComplexTensor> {
  let summary = "Elementwise exponentially scaled modified Bessel function "
                "of order 1.";
}
def CHLO_ConjOp : CHLO_UnaryOp<"conj", HLO_FpOrComplexTensor> {
  let summary = "Elementwise complex conjugate (the identity on reals).";
}
def CHLO_CoshOp : CHLO_UnaryOp<"cosh", HLO_FpOrComplexTensor> {
  let summary = "Elementwise hyperbolic cosine.";
}
def CHLO_DigammaOp : CHLO_UnaryOp<"digamma", HLO_FpTensor> {
  let summary = "Elementwise digamma function.";
}
def CHLO_ErfOp : CHLO_UnaryOp<"erf", HLO_FpTensor> {
  let summary = "Elementwise error function.";
}
def CHLO_ErfcOp : CHLO_UnaryOp<"erfc", HLO_FpTensor> {
  let summary = "Elementwise complementary error function.";
}
def CHLO_ErfInvOp : CHLO_UnaryOp<"erf_inv", HLO_FpTensor> {
  let summary = "Elementwise inverse error function.";
}
def CHLO_LgammaOp : CHLO_UnaryOp<"lgamma", HLO_FpTensor> {
  let summary = "Elementwise log of the absolute value of the gamma function.";
}
def CHLO_SinhOp : CHLO_UnaryOp<"sinh", HLO_FpOrComplexTensor> {
  let summary = "Elementwise hyperbolic sine.";
}
def CHLO_SquareOp : CHLO_UnaryOp<"square", HLO_FpOrComplexTensor> {
  let summary = "Elementwise square.";
}
def CHLO_TanOp : CHLO_UnaryOp<"tan", HLO_FpOrComplexTensor> {
  let summary = "Elementwise tangent.";
}

def CHLO_IsInfOp : CHLO_PredicateOp<"is_inf"> {
  let summary = "Elementwise check for an infinity.";
}
def CHLO_IsNegInfOp : CHLO_PredicateOp<"is_neg_inf"> {
  let summary = "Elementwise check for negative infinity.";
}
def CHLO_IsPosInfOp : CHLO_PredicateOp<"is_pos_inf"> {
  let summary = "Elementwise check for positive infinity.";
}

def CHLO_MulhiOp : CHLO_BinaryOp<"mulhi", HLO_IntTensor> {
  let summary = "Elementwise high half of the double-width product.";
}
def CHLO_NextAfterOp : CHLO_BinaryOp<"next_after", HLO_FpTensor> {
  let summary = "Elementwise next representable value of lhs towards rhs.";
}
def CHLO_PolygammaOp : CHLO_BinaryOp<"polygamma", HLO_FpTensor> {
  let summary = "Elementwise polygamma function (order lhs, at rhs).";
}
def CHLO_ZetaOp : CHLO_BinaryOp<"zeta", HLO_FpTensor> {
  let summary = "Elementwise Hurwitz zeta function (lhs = s, rhs = q).";
}

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

def CHLO_TopKOp : CHLO_Op<"top_k", [Pure, InferTypeOpAdaptor,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "The k largest elements along the last dimension.";
  let description = [{
    `values` holds the k largest elements of each slice along the last
    dimension in descending order (ties: lower index first); `indices` their
    positions, as i32.
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$k);
  let results = (outs HLO_Tensor:$values,
                      StaticShapeTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
      type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
}

include "ir/chlo/ChloBroadcastOps.td"
include "ir/chlo/ChloRaggedDotOps.td"

#endif // SDY_CHLO_OPS
