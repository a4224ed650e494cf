//===- LoweringTypes.cpp - the types the compiled path lowers -------------===//
#include "compiler/LoweringTypes.h"
#include "compiler/RuntimeFunctions.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>

#include <unistd.h>

namespace sdy::compiler {

using namespace mlir;

namespace {

uint64_t physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return UINT64_MAX;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(size);
}

} // namespace

bool isLowerableElementType(Type t) {
  if (t.isF16() || t.isBF16() || t.isF32() || t.isF64())
    return true;
  // A narrow format when the runtime registered its conversions.
  if (isNarrowFormat(t))
    return findRuntimeFunction("sdy_" + printed(t) + "_to_f64").has_value();
  auto i = dyn_cast<IntegerType>(t);
  if (!i || i.isSigned())
    return false;
  unsigned w = i.getWidth();
  return (w == 1 && i.isSignless()) || w == 8 || w == 16 || w == 32 || w == 64;
}

bool isUnsignedInt(Type t) { return t.isUnsignedInteger(); }

bool isNarrowFormat(Type t) {
  return isa<FloatType>(t) && t.getIntOrFloatBitWidth() <= 8;
}

bool isNarrowFloat(Type t) {
  return t.isF16() || t.isBF16() || isNarrowFormat(t);
}
Type computeType(Type t) {
  return isNarrowFloat(t) ? Float32Type::get(t.getContext()) : t;
}

bool isLowerableTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && rt.hasStaticShape() && !rt.getEncoding() &&
         isLowerableElementType(rt.getElementType());
}

bool isLowerableComplexTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  auto ct = rt ? dyn_cast<ComplexType>(rt.getElementType()) : nullptr;
  return ct && rt.hasStaticShape() && !rt.getEncoding() &&
         (ct.getElementType().isF32() || ct.getElementType().isF64());
}

std::string printed(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

Type elementOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

bool isPred(Type t) { return t.isSignlessInteger(1); }

bool fitsInMemory(RankedTensorType t) {
  Type et = t.getElementType();
  if (auto c = dyn_cast<ComplexType>(et))
    et = c.getElementType();
  if (auto q = dyn_cast<quant::QuantizedType>(et))
    et = q.getStorageType();
  uint64_t bytes = (et.getIntOrFloatBitWidth() + 7) / 8;
  if (isa<ComplexType>(t.getElementType()))
    bytes *= 2;
  for (int64_t d : t.getShape()) {
    if (d < 0)
      return false;
    if (d != 0 && bytes > UINT64_MAX / static_cast<uint64_t>(d))
      return false;
    bytes *= static_cast<uint64_t>(d);
  }
  static const uint64_t limit = physicalMemoryBytes();
  return bytes <= limit;
}
} // namespace sdy::compiler
