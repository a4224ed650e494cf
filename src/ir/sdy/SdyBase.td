//===- SdyBase.td - the sdy dialect -------------------------*- tablegen -*-===//
//
// Shardy (sdy): an axis-based representation of tensor shardings over named
// meshes, and the ops that attach them to a program (docs/sharding-model.md,
// docs/attaching-shardings.md).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_BASE
#define SDY_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::mlir::sdy";
  let summary = "Axis-based tensor shardings over named device meshes.";
  // Attributes are parsed by hand (SdyDialect.cpp): each prints its stripped
  // form, wrapped in `<>` when standalone.
  let useDefaultAttributePrinterParser = 0;
  // `sdy.sharding` on func arguments/results and ops, `sdy.sharding_rule` on
  // ops: verified here because they are discardable attributes.
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The name of the discardable attribute that holds shardings.
    static constexpr StringLiteral kShardingAttr = "sdy.sharding";
    /// The name of the discardable attribute that holds a user sharding rule.
    static constexpr StringLiteral kShardingRuleAttr = "sdy.sharding_rule";

    Attribute parseAttribute(DialectAsmParser &parser,
                             Type type) const override;
    void printAttribute(Attribute attr,
                        DialectAsmPrinter &printer) const override;
  }];
}

#endif // SDY_BASE
