//===- Tensor.cpp - host tensors ------------------------------------------===//
#include "runtime/Tensor.h"
#include "runtime/BufferPool.h"
#include "runtime/Dispatch.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/APFloat.h"

#include <array>
#include <mutex>

#include <cmath>
#include <cstdio>
#include <new>
#include <sstream>
#include <unistd.h>

namespace sdy::runtime {

void unreachableType(const char *where) {
  std::fprintf(stderr, "sdy runtime: bad element type in %s\n", where);
  std::abort();
}

size_t elementSize(ElementType t) {
  switch (t) {
  case ElementType::Pred:
  case ElementType::I8:
  case ElementType::U8:
    return 1;
  case ElementType::I16:
  case ElementType::U16:
  case ElementType::F16:
  case ElementType::BF16:
    return 2;
  case ElementType::I32:
  case ElementType::U32:
  case ElementType::F32:
    return 4;
  case ElementType::I64:
  case ElementType::U64:
  case ElementType::F64:
  case ElementType::C64:
    return 8;
  case ElementType::C128:
    return 16;
  default: // sub-byte integers and narrow floats: one per byte
    return 1;
  }
}

static const char *kNames[] = {
    "i1",     "i8",         "i16",        "i32",           "i64",
    "ui8",    "ui16",       "ui32",       "ui64",          "f16",
    "bf16",   "f32",        "f64",        "complex<f32>",  "complex<f64>",
    "i2",     "i4",         "ui2",        "ui4",           "f8E4M3FN",
    "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E4M3",
    "f8E3M4", "f8E8M0FNU",  "f4E2M1FN",   "f6E2M3FN",      "f6E3M2FN"};
static_assert(sizeof(kNames) / sizeof(*kNames) == kNumElementTypes);

const char *elementTypeName(ElementType t) {
  int i = static_cast<int>(t);
  return i >= 0 && i < kNumElementTypes ? kNames[i] : "unknown";
}

bool parseElementType(const std::string &name, ElementType &out) {
  for (int i = 0; i < kNumElementTypes; ++i)
    if (name == kNames[i]) {
      out = static_cast<ElementType>(i);
      return true;
    }
  if (name == "pred" || name == "bool") {
    out = ElementType::Pred;
    return true;
  }
  return false;
}

bool isFloat(ElementType t) {
  return t == ElementType::F16 || t == ElementType::BF16 ||
         t == ElementType::F32 || t == ElementType::F64;
}
bool isSignedInt(ElementType t) {
  return t == ElementType::I8 || t == ElementType::I16 ||
         t == ElementType::I32 || t == ElementType::I64;
}
bool isUnsignedInt(ElementType t) {
  return t == ElementType::U8 || t == ElementType::U16 ||
         t == ElementType::U32 || t == ElementType::U64;
}
bool isComplex(ElementType t) {
  return t == ElementType::C64 || t == ElementType::C128;
}
bool isSubByteInt(ElementType t) {
  return t == ElementType::I2 || t == ElementType::I4 || t == ElementType::U2 ||
         t == ElementType::U4;
}
bool isNarrowFloat(ElementType t) {
  return static_cast<int>(t) >= static_cast<int>(ElementType::F8E4M3FN) &&
         static_cast<int>(t) < kNumElementTypes;
}

// --- narrow floats ----------------------------------------------------------

namespace {
const llvm::fltSemantics &narrowSemantics(ElementType t) {
  using A = llvm::APFloat;
  switch (t) {
  case ElementType::F8E4M3FN:
    return A::Float8E4M3FN();
  case ElementType::F8E5M2:
    return A::Float8E5M2();
  case ElementType::F8E4M3FNUZ:
    return A::Float8E4M3FNUZ();
  case ElementType::F8E5M2FNUZ:
    return A::Float8E5M2FNUZ();
  case ElementType::F8E4M3B11FNUZ:
    return A::Float8E4M3B11FNUZ();
  case ElementType::F8E4M3:
    return A::Float8E4M3();
  case ElementType::F8E3M4:
    return A::Float8E3M4();
  case ElementType::F8E8M0FNU:
    return A::Float8E8M0FNU();
  case ElementType::F4E2M1FN:
    return A::Float4E2M1FN();
  case ElementType::F6E2M3FN:
    return A::Float6E2M3FN();
  default:
    return A::Float6E3M2FN();
  }
}

constexpr int kNumNarrowFloats =
    kNumElementTypes - static_cast<int>(ElementType::F8E4M3FN);

// All 256 encodings of each narrow float, decoded once.
const std::array<float, 256> &decodeTable(ElementType t) {
  static std::array<std::array<float, 256>, kNumNarrowFloats> tables;
  static std::once_flag once;
  std::call_once(once, [] {
    for (int k = 0; k < kNumNarrowFloats; ++k) {
      auto type =
          static_cast<ElementType>(static_cast<int>(ElementType::F8E4M3FN) + k);
      const llvm::fltSemantics &sem = narrowSemantics(type);
      unsigned bits = llvm::APFloat::getSizeInBits(sem);
      for (unsigned v = 0; v < 256; ++v) {
        if (v >> bits) { // not an encoding of the format
          tables[k][v] = 0.0f;
          continue;
        }
        llvm::APFloat f(sem, llvm::APInt(bits, v));
        bool losesInfo = false;
        f.convert(llvm::APFloat::IEEEsingle(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
        tables[k][v] = f.convertToFloat();
      }
    }
  });
  return tables[static_cast<int>(t) - static_cast<int>(ElementType::F8E4M3FN)];
}
} // namespace

float narrowFloatToFloat(ElementType t, uint8_t bits) {
  return decodeTable(t)[bits];
}

uint8_t narrowFloatFromDouble(ElementType t, double v) {
  const llvm::fltSemantics &sem = narrowSemantics(t);
  llvm::APFloat f(v);
  // Formats without NaN and infinity (f4, f6): NaN gives +0 and infinity
  // the largest finite value of its sign (as XLA), where APFloat leaves
  // them undefined.
  if (!llvm::APFloat::semanticsHasNaN(sem)) {
    if (f.isNaN())
      return 0;
    if (f.isInfinity())
      f = llvm::APFloat::getLargest(sem, f.isNegative());
  }
  bool losesInfo = false;
  f.convert(sem, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return static_cast<uint8_t>(f.bitcastToAPInt().getZExtValue());
}

bool fromMlirType(mlir::Type type, ElementType &out) {
  // Quantized tensors are held as their storage integers.
  if (auto q = mlir::dyn_cast<mlir::quant::QuantizedType>(type))
    type = q.getStorageType();
  if (auto c = mlir::dyn_cast<mlir::ComplexType>(type)) {
    if (c.getElementType().isF32())
      out = ElementType::C64;
    else if (c.getElementType().isF64())
      out = ElementType::C128;
    else
      return false;
    return true;
  }
  if (mlir::isa<mlir::Float8E4M3FNType>(type))
    out = ElementType::F8E4M3FN;
  else if (mlir::isa<mlir::Float8E5M2Type>(type))
    out = ElementType::F8E5M2;
  else if (mlir::isa<mlir::Float8E4M3FNUZType>(type))
    out = ElementType::F8E4M3FNUZ;
  else if (mlir::isa<mlir::Float8E5M2FNUZType>(type))
    out = ElementType::F8E5M2FNUZ;
  else if (mlir::isa<mlir::Float8E4M3B11FNUZType>(type))
    out = ElementType::F8E4M3B11FNUZ;
  else if (mlir::isa<mlir::Float8E4M3Type>(type))
    out = ElementType::F8E4M3;
  else if (mlir::isa<mlir::Float8E3M4Type>(type))
    out = ElementType::F8E3M4;
  else if (mlir::isa<mlir::Float8E8M0FNUType>(type))
    out = ElementType::F8E8M0FNU;
  else if (mlir::isa<mlir::Float4E2M1FNType>(type))
    out = ElementType::F4E2M1FN;
  else if (mlir::isa<mlir::Float6E2M3FNType>(type))
    out = ElementType::F6E2M3FN;
  else if (mlir::isa<mlir::Float6E3M2FNType>(type))
    out = ElementType::F6E3M2FN;
  else if (type.isF32())
    out = ElementType::F32;
  else if (type.isF64())
    out = ElementType::F64;
  else if (type.isF16())
    out = ElementType::F16;
  else if (type.isBF16())
    out = ElementType::BF16;
  else if (auto it = mlir::dyn_cast<mlir::IntegerType>(type)) {
    unsigned w = it.getWidth();
    bool u = it.isUnsigned();
    if (w == 1)
      out = ElementType::Pred;
    else if (w == 2)
      out = u ? ElementType::U2 : ElementType::I2;
    else if (w == 4)
      out = u ? ElementType::U4 : ElementType::I4;
    else if (w == 8)
      out = u ? ElementType::U8 : ElementType::I8;
    else if (w == 16)
      out = u ? ElementType::U16 : ElementType::I16;
    else if (w == 32)
      out = u ? ElementType::U32 : ElementType::I32;
    else if (w == 64)
      out = u ? ElementType::U64 : ElementType::I64;
    else
      return false;
  } else
    return false;
  return true;
}

mlir::Type toMlirType(mlir::MLIRContext *ctx, ElementType t) {
  mlir::Builder b(ctx);
  using S = mlir::IntegerType::SignednessSemantics;
  switch (t) {
  case ElementType::Pred:
    return b.getI1Type();
  case ElementType::I8:
    return b.getI8Type();
  case ElementType::I16:
    return b.getI16Type();
  case ElementType::I32:
    return b.getI32Type();
  case ElementType::I64:
    return b.getI64Type();
  case ElementType::U8:
    return mlir::IntegerType::get(ctx, 8, S::Unsigned);
  case ElementType::U16:
    return mlir::IntegerType::get(ctx, 16, S::Unsigned);
  case ElementType::U32:
    return mlir::IntegerType::get(ctx, 32, S::Unsigned);
  case ElementType::U64:
    return mlir::IntegerType::get(ctx, 64, S::Unsigned);
  case ElementType::F16:
    return b.getF16Type();
  case ElementType::BF16:
    return b.getBF16Type();
  case ElementType::F32:
    return b.getF32Type();
  case ElementType::F64:
    return b.getF64Type();
  case ElementType::C64:
    return mlir::ComplexType::get(b.getF32Type());
  case ElementType::C128:
    return mlir::ComplexType::get(b.getF64Type());
  case ElementType::I2:
    return b.getIntegerType(2);
  case ElementType::I4:
    return b.getIntegerType(4);
  case ElementType::U2:
    return mlir::IntegerType::get(ctx, 2, S::Unsigned);
  case ElementType::U4:
    return mlir::IntegerType::get(ctx, 4, S::Unsigned);
  case ElementType::F8E4M3FN:
    return b.getType<mlir::Float8E4M3FNType>();
  case ElementType::F8E5M2:
    return b.getType<mlir::Float8E5M2Type>();
  case ElementType::F8E4M3FNUZ:
    return b.getType<mlir::Float8E4M3FNUZType>();
  case ElementType::F8E5M2FNUZ:
    return b.getType<mlir::Float8E5M2FNUZType>();
  case ElementType::F8E4M3B11FNUZ:
    return b.getType<mlir::Float8E4M3B11FNUZType>();
  case ElementType::F8E4M3:
    return b.getType<mlir::Float8E4M3Type>();
  case ElementType::F8E3M4:
    return b.getType<mlir::Float8E3M4Type>();
  case ElementType::F8E8M0FNU:
    return b.getType<mlir::Float8E8M0FNUType>();
  case ElementType::F4E2M1FN:
    return b.getType<mlir::Float4E2M1FNType>();
  case ElementType::F6E2M3FN:
    return b.getType<mlir::Float6E2M3FNType>();
  case ElementType::F6E3M2FN:
    return b.getType<mlir::Float6E3M2FNType>();
  }
  return {};
}

int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::vector<int64_t> rowMajorStrides(const Shape &shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    s[i] = s[i + 1] * shape[i + 1];
  return s;
}

std::string shapeString(const Shape &shape, ElementType t) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + elementTypeName(t);
}

uint64_t physicalMemoryBytes() {
  static const uint64_t bytes = [] {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
      return uint64_t(1) << 46;
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page);
  }();
  return bytes;
}

bool byteSizeOf(ElementType type, const Shape &shape, uint64_t &bytes) {
  uint64_t n = elementSize(type);
  for (int64_t d : shape) {
    if (d < 0)
      return false;
    if (__builtin_mul_overflow(n, static_cast<uint64_t>(d), &n))
      return false;
  }
  bytes = n;
  return true;
}

Status checkAllocatable(ElementType type, const Shape &shape) {
  uint64_t bytes = 0;
  if (!byteSizeOf(type, shape, bytes))
    return Status::outOfMemory("tensor<" + shapeString(shape, type) +
                               "> has more bytes than can be addressed");
  if (bytes > physicalMemoryBytes())
    return Status::outOfMemory(
        "tensor<" + shapeString(shape, type) + "> needs " +
        std::to_string(bytes) + " bytes, more than this machine's " +
        std::to_string(physicalMemoryBytes()) + " bytes of memory");
  return Status::ok();
}

// Sizes beyond physical memory are refused before calling the allocator:
// with overcommit they would "succeed" and fault later, and sanitizer
// allocators abort on them.
Storage::Storage(size_t bytes) : size_(bytes) {
  if (bytes > physicalMemoryBytes() || bytes > SIZE_MAX - 63)
    throw std::bad_alloc();
  size_t rounded = (bytes + 63) / 64 * 64;
  if (rounded == 0)
    rounded = 64;
  capacity_ = rounded;
  pool_ = BufferPoolScope::current();
  data_ = pool_ ? pool_->take(rounded) : std::aligned_alloc(64, rounded);
  if (!data_)
    throw std::bad_alloc();
}
Storage::~Storage() {
  if (pool_)
    pool_->give(data_, capacity_);
  else
    std::free(data_);
}

Tensor::Tensor(ElementType type, Shape shape)
    : type_(type), shape_(std::move(shape)) {
  uint64_t bytes = 0;
  if (!byteSizeOf(type_, shape_, bytes))
    throw std::bad_alloc();
  numElements_ = runtime::numElements(shape_);
  storage_ = InPlaceScope::takeLoan(bytes);
  if (!storage_)
    storage_ = std::make_shared<Storage>(bytes);
}

Tensor Tensor::zeros(ElementType type, Shape shape) {
  Tensor t(type, std::move(shape));
  std::memset(t.raw(), 0, t.byteSize());
  return t;
}

Tensor Tensor::fromData(ElementType type, Shape shape, const void *data) {
  Tensor t(type, std::move(shape));
  if (t.byteSize())
    std::memcpy(t.raw(), data, t.byteSize());
  return t;
}

Tensor Tensor::reshaped(Shape shape) const {
  Tensor t = *this;
  t.shape_ = std::move(shape);
  return t;
}

Tensor Tensor::clone() const { return fromData(type_, shape_, raw()); }

// Complex elements give their real part.
double Tensor::getDouble(int64_t i) const {
  return dispatchAll(type_, [&](auto tag) -> double {
    using T = typename decltype(tag)::type;
    if constexpr (is_complex_v<T>)
      return static_cast<double>(data<T>()[i].real());
    else
      return static_cast<double>(load(data<T>()[i]));
  });
}

int64_t Tensor::getInt(int64_t i) const {
  return dispatchAll(type_, [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    if constexpr (is_complex_v<T>)
      return static_cast<int64_t>(data<T>()[i].real());
    else
      return static_cast<int64_t>(load(data<T>()[i]));
  });
}

double Tensor::getImag(int64_t i) const {
  if (type_ == ElementType::C64)
    return data<c64_t>()[i].imag();
  if (type_ == ElementType::C128)
    return data<c128_t>()[i].imag();
  return 0.0;
}

std::string Tensor::toString(int64_t limit) const {
  std::ostringstream os;
  os << "tensor<" << shapeString(shape_, type_) << "> [";
  int64_t n = std::min(numElements_, limit);
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      os << ", ";
    if (isComplex(type_))
      os << "(" << getDouble(i) << "," << getImag(i) << ")";
    else if (isFloat(type_) || isNarrowFloat(type_))
      os << getDouble(i);
    else if (type_ == ElementType::U64)
      os << static_cast<uint64_t>(getInt(i));
    else if (type_ == ElementType::Pred)
      os << (getInt(i) ? "true" : "false");
    else
      os << getInt(i);
  }
  if (n < numElements_)
    os << ", ...";
  os << "]";
  return os.str();
}

bool Tensor::bitEqual(const Tensor &o) const {
  return type_ == o.type_ && shape_ == o.shape_ &&
         std::memcmp(raw(), o.raw(), byteSize()) == 0;
}

// --- half precision -------------------------------------------------------

float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else { // subnormal
      float f = std::ldexp(static_cast<float>(mant), -24);
      return (h & 0x8000u) ? -f : f;
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) // inf or nan
    return static_cast<uint16_t>(sign | 0x7c00u |
                                 (absx > 0x7f800000u ? 0x200u : 0));
  if (absx >= 0x477ff000u) // rounds to >= 65520 -> inf
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (absx < 0x38800000u) { // subnormal or zero in half
    // value = absx as float; half subnormal unit = 2^-24
    float a;
    std::memcpy(&a, &absx, 4);
    float scaled = a * 16777216.0f; // 2^24
    uint32_t m = static_cast<uint32_t>(std::nearbyint(scaled));
    return static_cast<uint16_t>(sign | m);
  }
  uint32_t exp = ((absx >> 23) - 112);
  uint32_t mant = absx & 0x7fffffu;
  uint32_t h = (exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
    ++h;
  return static_cast<uint16_t>(sign | h);
}

float bf16ToFloat(uint16_t h) {
  uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u) // nan
    return static_cast<uint16_t>((x >> 16) | 0x40u);
  uint32_t lsb = (x >> 16) & 1u;
  x += 0x7fffu + lsb;
  return static_cast<uint16_t>(x >> 16);
}

} // namespace sdy::runtime
