//===- Registration.h - the dialects of an sdy module -----------*- C++ -*-===//

#ifndef SDY_IR_REGISTRATION_H
#define SDY_IR_REGISTRATION_H

namespace mlir {
class DialectRegistry;
namespace sdy {

/// Adds the dialects an sdy module may contain (func, sdy and stablehlo) and
/// the StableHLO models of the data-flow op interface.
/// Every context of the tools, the C ABI and the runtime is built from it.
void registerAllDialects(DialectRegistry &registry);

} // namespace sdy
} // namespace mlir

#endif // SDY_IR_REGISTRATION_H
