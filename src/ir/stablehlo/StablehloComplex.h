//===- StablehloComplex.h - syntax of complex and fft -----------*- C++ -*-===//
#ifndef SDY_IR_STABLEHLO_STABLEHLOCOMPLEX_H
#define SDY_IR_STABLEHLO_STABLEHLOCOMPLEX_H

#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/OpImplementation.h"

namespace mlir::stablehlo {

// The result type alone when both operands are tensors of its part type,
// else the functional type `(lhs, rhs) -> result`.
ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result);
void printComplexOpType(OpAsmPrinter &p, Operation *op, Type lhs, Type rhs,
                        Type result);

// The `value` of the pretty stablehlo.constant: any elements attribute,
// with `dense<"0x...">` of i1 also taken as one byte per element
// (StablehloHexConstant.cpp).
ParseResult parseConstantValue(OpAsmParser &parser, ElementsAttr &value,
                               NamedAttrList &attrs);

// The bare keyword FFT, IFFT, RFFT or IRFFT (StablehloFft.cpp).
ParseResult parseFftTypeKeyword(OpAsmParser &parser, FftTypeAttr &attr);
void printFftTypeKeyword(OpAsmPrinter &p, Operation *op, FftTypeAttr attr);

} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_STABLEHLOCOMPLEX_H
