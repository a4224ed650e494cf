//===- StablehloHexConstant.cpp - hex dense constants ---------------------===//
//
// Frameworks print large constants as `dense<"0x...">` with one byte per
// element for i1 too, where MLIR's builtin parser expects i1 bits packed
// eight to a byte. The pretty form of stablehlo.constant accepts both.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloComplex.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace mlir;

ParseResult mlir::stablehlo::parseConstantValue(OpAsmParser &parser,
                                                ElementsAttr &value,
                                                NamedAttrList &attrs) {
  SMLoc loc = parser.getCurrentLocation();
  // Only the hex form of `dense` is handled here; everything else goes to
  // the builtin attribute parser.
  const char *text = loc.getPointer();
  static constexpr char kHexPrefix[] = "dense<\"0x";
  if (!text || std::strncmp(text, kHexPrefix, sizeof(kHexPrefix) - 1) != 0)
    return parser.parseAttribute(value, Type(), "value", attrs);

  std::string hex;
  Type type;
  if (parser.parseKeyword("dense") || parser.parseLess() ||
      parser.parseString(&hex) || parser.parseGreater() ||
      parser.parseColonType(type))
    return failure();
  auto shaped = dyn_cast<RankedTensorType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return parser.emitError(loc, "hex elements need a static tensor type, got ")
           << type;
  std::string bytes;
  if (!llvm::tryGetFromHex(StringRef(hex).drop_front(2), bytes))
    return parser.emitError(loc, "invalid hex data in dense elements");
  int64_t n = shaped.getNumElements();
  DenseElementsAttr attr;
  if (shaped.getElementType().isInteger(1) && n > 1 &&
      static_cast<int64_t>(bytes.size()) == n) {
    // One byte per element.
    SmallVector<bool> values;
    values.reserve(n);
    for (char c : bytes)
      values.push_back(c != 0);
    attr = DenseElementsAttr::get(shaped, values);
  } else {
    ArrayRef<char> raw(bytes.data(), bytes.size());
    bool splat = false;
    if (!DenseElementsAttr::isValidRawBuffer(shaped, raw, splat))
      return parser.emitError(loc,
                              "elements hex data size is invalid for type ")
             << type;
    attr = DenseElementsAttr::getFromRawBuffer(shaped, raw);
  }
  value = cast<ElementsAttr>(attr);
  attrs.append("value", attr);
  return success();
}
