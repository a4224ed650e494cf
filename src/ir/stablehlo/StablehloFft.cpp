//===- StablehloFft.cpp - fft verifier and syntax -------------------------===//
//
// The transformed dimensions are the trailing size(fft_length) ones. Real
// transforms keep fft_length[-1] / 2 + 1 complex elements in the last one.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloComplex.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::stablehlo;

ParseResult mlir::stablehlo::parseFftTypeKeyword(OpAsmParser &parser,
                                                 FftTypeAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  std::string keyword;
  if (parser.parseKeywordOrString(&keyword))
    return failure();
  auto value = symbolizeFftType(keyword);
  if (!value)
    return parser.emitError(loc) << "unknown fft type '" << keyword << "'";
  attr = FftTypeAttr::get(parser.getContext(), *value);
  return success();
}

void mlir::stablehlo::printFftTypeKeyword(OpAsmPrinter &p, Operation *,
                                          FftTypeAttr attr) {
  p << stringifyFftType(attr.getValue());
}

LogicalResult FftOp::verify() {
  auto inType = cast<RankedTensorType>(getOperand().getType());
  auto outType = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> length = getFftLength();
  int64_t l = static_cast<int64_t>(length.size());
  if (l < 1 || l > 3)
    return emitOpError("fft_length must have 1 to 3 elements, got ") << l;
  for (int64_t n : length)
    if (n < 0)
      return emitOpError("fft_length must be non-negative, got ")
             << detail::formatDims(length);
  if (inType.getRank() < l)
    return emitOpError("operand rank ")
           << inType.getRank() << " must be at least size(fft_length) " << l;
  if (inType.getRank() != outType.getRank())
    return emitOpError("operand and result ranks must be equal");

  FftType type = getFftType();
  bool realIn = type == FftType::RFFT, realOut = type == FftType::IRFFT;
  Type inElem = inType.getElementType(), outElem = outType.getElementType();
  auto inComplex = dyn_cast<ComplexType>(inElem);
  auto outComplex = dyn_cast<ComplexType>(outElem);
  if (realIn ? !(inElem.isF32() || inElem.isF64()) : !inComplex)
    return emitOpError("operand of ")
           << stringifyFftType(type) << " must be "
           << (realIn ? "f32 or f64" : "complex") << ", got " << inElem;
  if (realOut ? !(outElem.isF32() || outElem.isF64()) : !outComplex)
    return emitOpError("result of ")
           << stringifyFftType(type) << " must be "
           << (realOut ? "f32 or f64" : "complex") << ", got " << outElem;
  Type inPart = inComplex ? inComplex.getElementType() : inElem;
  Type outPart = outComplex ? outComplex.getElementType() : outElem;
  if (inPart != outPart)
    return emitOpError("operand and result must have the same precision");

  // Shapes: batch dims equal; the transformed dims as fft_length, with the
  // complex side of a real transform halved.
  ArrayRef<int64_t> inShape = inType.getShape(), outShape = outType.getShape();
  int64_t rank = inType.getRank();
  for (int64_t d = 0; d < rank - l; ++d)
    if (inShape[d] != outShape[d])
      return emitOpError("dimension ")
             << d << " of the operand and result must be equal";
  SmallVector<int64_t> expectIn(length), expectOut(length);
  int64_t half = length.back() / 2 + 1;
  if (realIn)
    expectOut.back() = half;
  if (realOut)
    expectIn.back() = half;
  if (inShape.take_back(l) != ArrayRef<int64_t>(expectIn))
    return emitOpError("the trailing dimensions of the operand must be ")
           << detail::formatDims(expectIn) << ", got "
           << detail::formatDims(inShape.take_back(l));
  if (outShape.take_back(l) != ArrayRef<int64_t>(expectOut))
    return emitOpError("the trailing dimensions of the result must be ")
           << detail::formatDims(expectOut) << ", got "
           << detail::formatDims(outShape.take_back(l));
  return success();
}
