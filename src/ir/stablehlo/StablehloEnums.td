//===- StablehloEnums.td - StableHLO enums ------------------*- tablegen -*-===//
//
// Enums as in the StableHLO spec. Enum attributes print as
// `#stablehlo<comparison_direction LT>` in the generic form and as the bare
// keyword inside the pretty op forms.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_ENUMS
#define SDY_STABLEHLO_ENUMS

include "ir/stablehlo/StablehloBase.td"
include "mlir/IR/EnumAttr.td"

def StableHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "Which comparison operation to perform.", [
      I32EnumAttrCase<"EQ", 0>,
      I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>,
      I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>,
      I32EnumAttrCase<"LT", 5>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
def StableHLO_ComparisonDirectionAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_ComparisonDirection, "comparison_direction">;

def StableHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "Which comparison type to use.", [
      I32EnumAttrCase<"NOTYPE", 0>,
      I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>,
      I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
def StableHLO_ComparisonTypeAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : I32EnumAttr<"Precision",
    "The precision of a contraction on an accelerator.", [
      I32EnumAttrCase<"DEFAULT", 0>,
      I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
def StableHLO_PrecisionAttr : EnumAttr<Stablehlo_Dialect, StableHLO_Precision,
                                       "precision">;

def StableHLO_PrecisionConfigAttr : OptionalAttr<TypedArrayAttrBase<
    StableHLO_PrecisionAttr, "precision config attribute">>;

// Stored as a plain i32 IntegerAttr, as upstream (`api_version = 2 : i32`).
def StableHLO_CustomCallApiVersionAttr : I32EnumAttr<"CustomCallApiVersion",
    "Custom call API version", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>
    ]> {
  let cppNamespace = "::mlir::stablehlo";
}

def StableHLO_ResultAccuracyMode : I32EnumAttr<"ResultAccuracyMode",
    "How accurate a transcendental op must be.", [
      I32EnumAttrCase<"DEFAULT", 0>,
      I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo";
}
// `#stablehlo.result_accuracy_mode<DEFAULT>`, as upstream.
def StableHLO_ResultAccuracyModeAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // SDY_STABLEHLO_ENUMS
