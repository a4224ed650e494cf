//===- Passes.td - sharding-rule passes ---------------------*- tablegen -*-===//

#ifndef SDY_RULES_PASSES
#define SDY_RULES_PASSES

include "mlir/Pass/PassBase.td"

def PopulateOpShardingRulesPass : Pass<"sdy-populate-op-sharding-rules",
                                       "func::FuncOp"> {
  let summary = "Attaches the registry's sharding rule to every op that has one.";
  let description = [{
    Sets `sdy.sharding_rule` on every op in the function (nested regions
    included) that has a registry rule and no rule yet; a
    user-written rule is never replaced. An unknown `stablehlo.custom_call`
    without a user rule gets a remark. Mirrors Shardy's pass of the same name,
    used to test the rules.
  }];
  let options = [
    Option<"conservativePropagation", "conservative-propagation", "bool",
           /*default=*/"false",
           "Build rules that never need sub-axes (e.g. a reshape that splits "
           "or merges dimensions gets no compound factors).">
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

#endif // SDY_RULES_PASSES
