//===- SdyEnums.td - sdy enums ------------------------------*- tablegen -*-===//
#ifndef SDY_ENUMS
#define SDY_ENUMS

include "mlir/IR/EnumAttr.td"

// Printed as a bare keyword: `allowed_direction=FORWARD`.
def Sdy_PropagationDirection : I32EnumAttr<"PropagationDirection",
    "propagation direction enum", [
      I32EnumAttrCase<"NONE", 0>,
      I32EnumAttrCase<"FORWARD", 1>,
      I32EnumAttrCase<"BACKWARD", 2>,
      I32EnumAttrCase<"BOTH", 3>]> {
  let cppNamespace = "::mlir::sdy";
}

// Reduction applied by sdy.all_reduce / sdy.reduce_scatter: sum (also when
// absent), max, min or prod.
def Sdy_ReductionKind : I32EnumAttr<"ReductionKind", "reduction kind", [
      I32EnumAttrCase<"SUM", 0, "sum">,
      I32EnumAttrCase<"MAX", 1, "max">,
      I32EnumAttrCase<"MIN", 2, "min">,
      I32EnumAttrCase<"PROD", 3, "prod">]> {
  let cppNamespace = "::mlir::sdy";
}

#endif // SDY_ENUMS
