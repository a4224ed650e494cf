//===- StablehloDataFlow.h - DataFlowOpInterface for StableHLO --*- C++ -*-===//
//
// The data-flow edges of stablehlo.while, case, if and optimization_barrier,
// as external models of sdy's DataFlowOpInterface: the StableHLO dialect
// does not depend on sdy's propagation, so a context that propagates
// shardings attaches them with the registration below.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_STABLEHLO_STABLEHLODATAFLOW_H
#define SDY_IR_STABLEHLO_STABLEHLODATAFLOW_H

namespace mlir {
class DialectRegistry;
namespace stablehlo {

/// Attaches the DataFlowOpInterface models to the StableHLO ops once the
/// dialect is loaded. Every registry holding the StableHLO dialect must get
/// it (debug builds report a use of the interface without it).
void registerDataFlowOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace stablehlo
} // namespace mlir

#endif // SDY_IR_STABLEHLO_STABLEHLODATAFLOW_H
