//===- StablehloComplex.cpp - real, imag, complex and abs -----------------===//
//
// Verifiers and the syntax of `complex`, which upstream prints with the
// result type only when the operands are tensors of its parts.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloComplex.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::stablehlo;

namespace {
// The element type of a complex element type, or `t` itself.
Type partType(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType();
  return t;
}

Type elementType(Value v) {
  return cast<ShapedType>(v.getType()).getElementType();
}

// Operands of real/imag/abs: the result element type is the operand's part
// type.
LogicalResult verifyPartResult(Operation *op) {
  Type in = elementType(op->getOperand(0));
  Type out = elementType(op->getResult(0));
  if (partType(in) != out)
    return op->emitOpError("result element type must be ")
           << partType(in) << ", got " << out;
  return success();
}
} // namespace

LogicalResult RealOp::verify() { return verifyPartResult(*this); }
LogicalResult ImagOp::verify() { return verifyPartResult(*this); }
LogicalResult AbsOp::verify() { return verifyPartResult(*this); }

LogicalResult ComplexOp::verify() {
  Type part = elementType(getLhs());
  Type expected = ComplexType::get(part);
  if (elementType(getResult()) != expected)
    return emitOpError("result element type must be ")
           << expected << ", got " << elementType(getResult());
  return success();
}

ParseResult mlir::stablehlo::parseComplexOpType(OpAsmParser &parser, Type &lhs,
                                                Type &rhs, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 2 || fn.getNumResults() != 1)
      return parser.emitError(loc, "expected (lhs, rhs) -> result types");
    lhs = fn.getInput(0);
    rhs = fn.getInput(1);
    result = fn.getResult(0);
    return success();
  }
  auto shaped = dyn_cast<RankedTensorType>(type);
  auto complex =
      shaped ? dyn_cast<ComplexType>(shaped.getElementType()) : ComplexType();
  if (!complex)
    return parser.emitError(loc, "expected a tensor of complex type, got ")
           << type;
  lhs = rhs = shaped.clone(complex.getElementType());
  result = type;
  return success();
}

void mlir::stablehlo::printComplexOpType(OpAsmPrinter &p, Operation *op,
                                         Type lhs, Type rhs, Type result) {
  auto shaped = dyn_cast<RankedTensorType>(result);
  auto complex =
      shaped ? dyn_cast<ComplexType>(shaped.getElementType()) : ComplexType();
  if (complex && lhs == rhs && lhs == shaped.clone(complex.getElementType())) {
    p.printType(result);
    return;
  }
  p.printFunctionalType(op);
}
