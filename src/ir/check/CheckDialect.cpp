//===- CheckDialect.cpp - the check dialect of interpreter tests ----------===//
#include "ir/check/CheckDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::check;

#include "ir/check/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ir/check/CheckOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "ir/check/CheckOps.cpp.inc"

//===----------------------------------------------------------------------===//
// expect_close
//===----------------------------------------------------------------------===//

// `%a, %b, max_ulp_difference = N (, min_ulp_difference = M)? attr-dict
//  : type (, type)?`; both ULP bounds may be omitted (then the defaults), and
// a single type stands for both operands.
ParseResult ExpectCloseOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand actual, expected;
  if (parser.parseOperand(actual) || parser.parseComma() ||
      parser.parseOperand(expected))
    return failure();
  Builder &b = parser.getBuilder();
  Type ui64 = b.getIntegerType(64, /*isSigned=*/false);
  for (StringRef name : {"max_ulp_difference", "min_ulp_difference"}) {
    if (failed(parser.parseOptionalComma()))
      break;
    uint64_t value = 0;
    if (parser.parseKeyword(name) || parser.parseEqual() ||
        parser.parseInteger(value))
      return failure();
    result.addAttribute(name, b.getIntegerAttr(ui64, value));
  }
  Type actualType, expectedType;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(actualType))
    return failure();
  expectedType = actualType;
  if (succeeded(parser.parseOptionalComma()) && parser.parseType(expectedType))
    return failure();
  return parser.resolveOperands({actual, expected}, {actualType, expectedType},
                                parser.getCurrentLocation(), result.operands);
}

void ExpectCloseOp::print(OpAsmPrinter &p) {
  p << " " << getActual() << ", " << getExpected()
    << ", max_ulp_difference = " << getMaxUlpDifference();
  if (getMinUlpDifference() != 0)
    p << ", min_ulp_difference = " << getMinUlpDifference();
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"max_ulp_difference", "min_ulp_difference"});
  p << " : " << getActual().getType();
  if (getExpected().getType() != getActual().getType())
    p << ", " << getExpected().getType();
}

LogicalResult ExpectCloseOp::verify() {
  auto isFloatTensor = [](Type t) {
    return isa<FloatType>(cast<RankedTensorType>(t).getElementType());
  };
  if (!isFloatTensor(getActual().getType()) ||
      !isFloatTensor(getExpected().getType()))
    return emitOpError("compares floating-point tensors only");
  if (getMinUlpDifference() > getMaxUlpDifference())
    return emitOpError("min_ulp_difference (")
           << getMinUlpDifference() << ") exceeds max_ulp_difference ("
           << getMaxUlpDifference() << ")";
  return success();
}
