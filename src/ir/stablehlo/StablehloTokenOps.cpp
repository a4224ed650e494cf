//===- StablehloTokenOps.cpp - token and tuple ops ------------------------===//
//
// Syntax and verifiers of tuple and get_tuple_element.
//
//===----------------------------------------------------------------------===//
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::stablehlo;

// `stablehlo.tuple %a, %b : tuple<A, B>`: the operand types are the tuple's.
ParseResult TupleOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  Type type;
  if (parser.parseOperandList(operands) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  auto tuple = dyn_cast<TupleType>(type);
  if (!tuple)
    return parser.emitError(typeLoc, "expected a tuple type, got ") << type;
  result.addTypes(tuple);
  return parser.resolveOperands(operands, tuple.getTypes(), typeLoc,
                                result.operands);
}

void TupleOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperands(getVal());
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getType();
}

LogicalResult TupleOp::verify() {
  auto type = cast<TupleType>(getType());
  if (!llvm::equal(type.getTypes(), getVal().getTypes()))
    return emitOpError("result type ")
           << type << " must be a tuple of the operand types";
  return success();
}

LogicalResult GetTupleElementOp::verify() {
  auto tuple = cast<TupleType>(getOperand().getType());
  uint64_t index = getIndex();
  if (index >= tuple.size())
    return emitOpError("index ") << index << " is out of range for a tuple of "
                                 << tuple.size() << " elements";
  if (tuple.getType(index) != getType())
    return emitOpError("result type ")
           << getType() << " must be element " << index << " of the tuple, "
           << tuple.getType(index);
  return success();
}
