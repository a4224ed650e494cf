//===- StablehloLinalgSyntax.h - rng keyword syntax -------------*- C++ -*-===//
//
// The bare enum keywords of rng (`distribution = UNIFORM`) and
// rng_bit_generator (`algorithm = PHILOX`).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_STABLEHLO_STABLEHLOLINALGSYNTAX_H
#define SDY_IR_STABLEHLO_STABLEHLOLINALGSYNTAX_H

#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/OpImplementation.h"

namespace mlir::stablehlo {

ParseResult parseRngDistribution(OpAsmParser &parser,
                                 RngDistributionAttr &attr);
void printRngDistribution(OpAsmPrinter &p, Operation *op,
                          RngDistributionAttr attr);
ParseResult parseRngAlgorithm(OpAsmParser &parser, RngAlgorithmAttr &attr);
void printRngAlgorithm(OpAsmPrinter &p, Operation *op, RngAlgorithmAttr attr);

} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_STABLEHLOLINALGSYNTAX_H
