//===- StablehloMiscOps.cpp - bit, rounding and shape-query ops -----------===//
//
// Syntax and verifiers of the ops in StablehloMiscOps.td.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "ir/stablehlo/StablehloSyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::stablehlo;

//===----------------------------------------------------------------------===//
// ReducePrecisionOp
//===----------------------------------------------------------------------===//

// `%x, format = e5m10 attr-dict : type`.
ParseResult ReducePrecisionOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  OpAsmParser::UnresolvedOperand operand;
  Type type;
  if (parser.parseOperand(operand) || parser.parseComma() ||
      parser.parseKeyword("format") || parser.parseEqual())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  StringRef format;
  if (parser.parseKeyword(&format))
    return failure();
  // e<digits>m<digits>
  size_t m = format.find('m');
  int32_t exponentBits = 0, mantissaBits = 0;
  if (!format.consume_front("e") || m == StringRef::npos ||
      format.take_front(m - 1).getAsInteger(10, exponentBits) ||
      format.drop_front(m).getAsInteger(10, mantissaBits))
    return parser.emitError(loc)
           << "expected exponent mantissa in format e#m#, saw " << format;
  Builder &b = parser.getBuilder();
  result.addAttribute(getExponentBitsAttrName(result.name),
                      b.getI32IntegerAttr(exponentBits));
  result.addAttribute(getMantissaBitsAttrName(result.name),
                      b.getI32IntegerAttr(mantissaBits));
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperand(operand, type, result.operands))
    return failure();
  result.addTypes(type);
  return success();
}

void ReducePrecisionOp::print(OpAsmPrinter &p) {
  p << ' ' << getOperand() << ", format = e" << getExponentBits() << 'm'
    << getMantissaBits();
  p.printOptionalAttrDict((*this)->getAttrs(), {getExponentBitsAttrName(),
                                                getMantissaBitsAttrName()});
  p << " : " << getType();
}

//===----------------------------------------------------------------------===//
// GetDimensionSizeOp
//===----------------------------------------------------------------------===//

LogicalResult GetDimensionSizeOp::verify() {
  int64_t rank = getOperand().getType().getRank();
  int64_t dim = getDimension();
  if (dim >= rank)
    return emitOpError() << "requires dimension attribute in range [0, " << rank
                         << "); found (" << dim << ")";
  return success();
}
