//===- StablehloBase.td - our StableHLO-compatible dialect --*- tablegen -*-===//
//
// The op subset of the public StableHLO spec that sdy supports
// (docs/execution.md#supported-ops).
// Op names, attributes and syntax follow StableHLO so that modules exported by
// frameworks parse unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_BASE
#define SDY_STABLEHLO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Stablehlo_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::mlir::stablehlo";
  let summary = "The StableHLO op subset supported by sdy.";
  let description = [{
    Our own implementation of the part of the public StableHLO spec that sdy
    shards, partitions and executes. Only statically shaped tensors are
    accepted, of the element types i1, i2, i4, i8, i16, i32, i64, ui2, ui4,
    ui8, ui16, ui32, ui64, the f4/f6/f8 types, f16, bf16, f32, f64,
    complex<f32> and complex<f64>, and the quant dialect's uniform quantized
    types (per-tensor and per-axis) over 2 to 32-bit integer storage.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (AKA boolean or 1-bit integer)">;
def HLO_SInt : AnyTypeOf<[I<2>, I<4>, I8, I16, I32, I64], "signless integer">;
def HLO_UInt : AnyTypeOf<[UI<2>, UI<4>, UI8, UI16, UI32, UI64],
                         "unsigned integer">;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt], "integer">;
def HLO_Float : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3,
                           F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2,
                           F8E5M2FNUZ, F8E8M0FNU, F16, BF16, F32, F64],
                          "floating-point">;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;
// Uniform quantized types (checked in StablehloQuant.cpp).
def HLO_QuantizedInt
    : Type<CPred<"::mlir::stablehlo::isPerTensorQuantized($_self)">,
           "per-tensor integer quantized">;
def HLO_PerAxisQuantizedInt
    : Type<CPred<"::mlir::stablehlo::isPerAxisQuantized($_self)">,
           "per-axis integer quantized">;
def HLO_AnyQuantizedInt : AnyTypeOf<[HLO_QuantizedInt, HLO_PerAxisQuantizedInt]>;
// (Quantized types express floats; the description predates them and the
// diagnostics keep it.)
def HLO_Element : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                             HLO_AnyQuantizedInt],
                            "pred, integer, floating-point or complex">;
// Floats or per-tensor quantized types, for ops that compute on the values.
def HLO_FloatOrQuantized : AnyTypeOf<[HLO_Float, HLO_QuantizedInt],
                                     "floating-point">;

// Static shapes only: the partitioner and the interpreter need sizes.
def HLO_Tensor : StaticShapeTensorOf<[HLO_Element]>;
def HLO_FpTensor : StaticShapeTensorOf<[HLO_Float]>;
def HLO_PredTensor : StaticShapeTensorOf<[HLO_Pred]>;
def HLO_IntTensor : StaticShapeTensorOf<[HLO_Int]>;
def HLO_PredOrIntTensor : StaticShapeTensorOf<[HLO_Pred, HLO_Int]>;
// The names below follow the spec's wording: "quantized" means per-tensor
// quantized unless it says per-axis; constraints without it reject quantized
// types (real, imag, fft and the chlo ops compute on plain values only).
def HLO_PerTensorElement
    : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt],
                "pred, integer, floating-point, complex or per-tensor integer "
                "quantized">;
def HLO_PerTensorTensor : StaticShapeTensorOf<[HLO_PerTensorElement]>;
def HLO_NonQuantizedTensor
    : StaticShapeTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_IntOrFpTensor : StaticShapeTensorOf<[HLO_Int, HLO_Float]>;
def HLO_FpOrQuantizedTensor : StaticShapeTensorOf<[HLO_FloatOrQuantized]>;
def HLO_IntFpOrQuantizedTensor
    : StaticShapeTensorOf<[HLO_Int, HLO_FloatOrQuantized]>;
def HLO_SIntFpOrQuantizedTensor
    : StaticShapeTensorOf<[HLO_SInt, HLO_FloatOrQuantized]>;
def HLO_ComplexTensor : StaticShapeTensorOf<[HLO_Complex]>;
def HLO_FpOrComplexTensor : StaticShapeTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_FpComplexOrQuantizedTensor
    : StaticShapeTensorOf<[HLO_FloatOrQuantized, HLO_Complex]>;
def HLO_IntFpComplexOrQuantizedTensor
    : StaticShapeTensorOf<[HLO_Int, HLO_FloatOrQuantized, HLO_Complex]>;
def HLO_SIntFpComplexOrQuantizedTensor
    : StaticShapeTensorOf<[HLO_SInt, HLO_FloatOrQuantized, HLO_Complex]>;
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;
def HLO_ScalarPredTensor : 0DTensorOf<[HLO_Pred]>;
def HLO_ScalarUI32Tensor : 0DTensorOf<[UI32]>;

// Operand and result types equal, or quantized types of one shape that differ
// only in scales and zero points (StablehloQuantTraits.h).
def HLO_SameBaselineType : NativeOpTrait<"SameBaselineType"> {
  let cppNamespace = "::mlir::stablehlo::QuantTrait";
}
def HLO_QuantizedAddTypes : NativeOpTrait<"QuantizedAddTypes"> {
  let cppNamespace = "::mlir::stablehlo::QuantTrait";
}

//===----------------------------------------------------------------------===//
// Token and tuple types
//===----------------------------------------------------------------------===//

// Orders side-effecting ops; carries no data.
def HLO_Token : TypeDef<Stablehlo_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "token";
}
def HLO_Tuple : NestedTupleOf<[HLO_Tensor, HLO_Token]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple]>;

#endif // SDY_STABLEHLO_BASE
