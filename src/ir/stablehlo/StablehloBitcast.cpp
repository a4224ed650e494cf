//===- StablehloBitcast.cpp - bitcast_convert verifier --------------------===//
//
// Shapes follow the element bit widths: equal widths keep the shape, a
// narrower result appends a dimension, a wider one drops the operand's last.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::stablehlo;

namespace {
// Bits of one element; complex counts both parts. 0 when unknown.
unsigned bitWidth(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * bitWidth(c.getElementType());
  t = getStorageElementType(t);
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  return 0;
}
} // namespace

LogicalResult BitcastConvertOp::verify() {
  auto inType = cast<RankedTensorType>(getOperand().getType());
  auto outType = cast<RankedTensorType>(getResult().getType());
  Type inElem = inType.getElementType(), outElem = outType.getElementType();
  if (isa<ComplexType>(inElem) != isa<ComplexType>(outElem))
    return emitOpError("cannot bitcast between complex and non-complex "
                       "element types (")
           << inElem << " to " << outElem << ")";
  unsigned inBits = bitWidth(inElem), outBits = bitWidth(outElem);
  if (inBits == 0 || outBits == 0)
    return emitOpError("element types must have a bit width");
  ArrayRef<int64_t> inShape = inType.getShape(), outShape = outType.getShape();
  if (inBits == outBits) {
    if (inShape != outShape)
      return emitOpError("operand and result shapes must match for element "
                         "types of the same width");
    return success();
  }
  // The wider side has one dimension fewer; the narrower side's last
  // dimension holds the ratio of the widths.
  bool narrowing = outBits < inBits;
  ArrayRef<int64_t> wide = narrowing ? inShape : outShape;
  ArrayRef<int64_t> narrow = narrowing ? outShape : inShape;
  unsigned wideBits = narrowing ? inBits : outBits;
  unsigned narrowBits = narrowing ? outBits : inBits;
  StringRef narrowName = narrowing ? "result" : "operand";
  if (wideBits % narrowBits != 0)
    return emitOpError("element bit widths ")
           << inBits << " and " << outBits << " must divide one another";
  if (narrow.size() != wide.size() + 1)
    return emitOpError("the ")
           << narrowName << " (narrower elements) must have rank "
           << wide.size() + 1 << ", got " << narrow.size();
  if (narrow.drop_back() != wide)
    return emitOpError("the leading dimensions of the ")
           << narrowName << " must equal the other shape";
  int64_t ratio = wideBits / narrowBits;
  if (narrow.back() != ratio)
    return emitOpError("the last dimension of the ")
           << narrowName << " must be " << ratio << ", got " << narrow.back();
  return success();
}
