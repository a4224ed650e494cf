//===- Tensor.h - host tensors of the runtime -------------------*- C++ -*-===//
//
// A Tensor is a statically shaped, row-major, immutable-by-convention host
// array of a supported element type (docs/execution.md#tensors). Storage is
// shared (reshape and identity transposes do not copy); kernels always
// produce new tensors, whose buffer may be one an operand lent them
// (InPlaceScope, BufferPool.h).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_TENSOR_H
#define SDY_RUNTIME_TENSOR_H

#include "runtime/Status.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Type;
class MLIRContext;
} // namespace mlir

namespace sdy::runtime {

class BufferPool;
class InPlaceScope;

// Values match sdy_backend_dtype_t.
enum class ElementType : int32_t {
  Pred = 0,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F16,
  BF16,
  F32,
  F64,
  // Complex numbers, stored as (real, imaginary) pairs.
  C64,
  C128,
  // Sub-byte integers, one per byte, wrapped to their width.
  I2,
  I4,
  U2,
  U4,
  // Narrow floats, one per byte (the low bits), computed in float. Their
  // conversions round to nearest even with the overflow and NaN rules of
  // each format.
  F8E4M3FN,
  F8E5M2,
  F8E4M3FNUZ,
  F8E5M2FNUZ,
  F8E4M3B11FNUZ,
  F8E4M3,
  F8E3M4,
  F8E8M0FNU,
  F4E2M1FN,
  F6E2M3FN,
  F6E3M2FN
};
inline constexpr int kNumElementTypes =
    static_cast<int>(ElementType::F6E3M2FN) + 1;

size_t elementSize(ElementType t);
const char *elementTypeName(ElementType t); // "f32", "i1", "ui8", ...
bool isFloat(ElementType t);
bool isSignedInt(ElementType t);
bool isUnsignedInt(ElementType t);
inline bool isInteger(ElementType t) {
  return isSignedInt(t) || isUnsignedInt(t);
}
bool isComplex(ElementType t);
// i2, i4, ui2, ui4 (isSignedInt/isUnsignedInt do not include them).
bool isSubByteInt(ElementType t);
// The f8, f6 and f4 types (isFloat does not include them).
bool isNarrowFloat(ElementType t);
// The types every kernel handles (`dispatch` of Dispatch.h): pred, the 8 to
// 64-bit integers, f16, bf16, f32, f64.
inline bool isCoreType(ElementType t) {
  return static_cast<int>(t) <= static_cast<int>(ElementType::F64);
}
// Parses the names printed by elementTypeName; false when unknown.
bool parseElementType(const std::string &name, ElementType &out);
// From an MLIR element type; false when not one of ours.
bool fromMlirType(mlir::Type type, ElementType &out);
mlir::Type toMlirType(mlir::MLIRContext *ctx, ElementType t);

using Shape = std::vector<int64_t>;
int64_t numElements(const Shape &shape);
std::vector<int64_t> rowMajorStrides(const Shape &shape);
std::string shapeString(const Shape &shape, ElementType t); // "4x8xf32"

// The machine's physical memory in bytes (the largest tensor allocated).
uint64_t physicalMemoryBytes();
// sizeof(element) * prod(shape); false on a negative size or an overflow.
bool byteSizeOf(ElementType type, const Shape &shape, uint64_t &bytes);
// OutOfMemory when a tensor of this type cannot be allocated (its size
// overflows or exceeds physical memory), with a message naming the type.
Status checkAllocatable(ElementType type, const Shape &shape);

// Host storage, 64-byte aligned. Throws std::bad_alloc when the memory cannot
// be had (the only exception of the runtime: the interpreter and
// Executable turn it into an OutOfMemory status at the op that allocates).
// Taken from the thread's BufferPool when it has one (BufferPoolScope), and
// given back to it when the storage goes away.
class Storage {
public:
  explicit Storage(size_t bytes);
  ~Storage();
  Storage(const Storage &) = delete;
  Storage &operator=(const Storage &) = delete;
  void *data() { return data_; }
  size_t size() const { return size_; }

private:
  void *data_;
  size_t size_;
  size_t capacity_;
  std::shared_ptr<BufferPool> pool_;
};

class Tensor {
public:
  Tensor() = default;
  // Uninitialised contents. Throws std::bad_alloc (see Storage).
  Tensor(ElementType type, Shape shape);
  static Tensor zeros(ElementType type, Shape shape);
  // Copies `bytes` from `data` (must equal byteSize()).
  static Tensor fromData(ElementType type, Shape shape, const void *data);
  template <typename T>
  static Tensor fromVector(ElementType type, Shape shape,
                           const std::vector<T> &values) {
    Tensor t(type, std::move(shape));
    std::memcpy(t.raw(), values.data(), t.byteSize());
    return t;
  }

  // The interpreter's other values: a token holds nothing; a tuple holds its
  // elements (tensors, tokens or tuples). Neither has storage.
  static Tensor token() {
    Tensor t;
    t.kind_ = Kind::Token;
    return t;
  }
  static Tensor tuple(std::vector<Tensor> elements) {
    Tensor t;
    t.kind_ = Kind::Tuple;
    t.elements_ =
        std::make_shared<const std::vector<Tensor>>(std::move(elements));
    return t;
  }
  bool isToken() const { return kind_ == Kind::Token; }
  bool isTuple() const { return kind_ == Kind::Tuple; }
  // A tuple's elements; empty for anything else.
  const std::vector<Tensor> &elements() const {
    static const std::vector<Tensor> none;
    return elements_ ? *elements_ : none;
  }

  bool valid() const { return storage_ != nullptr || kind_ != Kind::Array; }
  ElementType type() const { return type_; }
  const Shape &shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t dim(int64_t i) const { return shape_[i]; }
  int64_t numElements() const { return numElements_; }
  size_t byteSize() const { return numElements_ * elementSize(type_); }

  const void *raw() const {
    return static_cast<const char *>(storage_->data()) + offset_;
  }
  // Writing is only legal while the tensor is freshly created by a kernel.
  void *raw() { return static_cast<char *>(storage_->data()) + offset_; }
  template <typename T>
  const T *data() const {
    return static_cast<const T *>(raw());
  }
  template <typename T>
  T *data() {
    return static_cast<T *>(raw());
  }

  // Same storage, new shape with the same element count.
  Tensor reshaped(Shape shape) const;
  // Deep copy.
  Tensor clone() const;
  // Element i as double / int64 (for printing and tests).
  // (Complex elements give their real part.)
  double getDouble(int64_t i) const;
  int64_t getInt(int64_t i) const;
  // The imaginary part of a complex element; 0 for other types.
  double getImag(int64_t i) const;
  // "tensor<2x2xf32> [1, 2, 3, 4]" (at most `limit` elements shown).
  std::string toString(int64_t limit = 64) const;
  // Exact equality of type, shape and bytes.
  bool bitEqual(const Tensor &other) const;
  // Whether this array is the only holder of its whole storage (no other
  // tensor, reshape or copy shares it): only then may a kernel overwrite it.
  bool holdsStorageAlone() const {
    return kind_ == Kind::Array && storage_ && storage_.use_count() == 1 &&
           offset_ == 0 && storage_->size() == byteSize();
  }

private:
  friend class InPlaceScope;
  ElementType type_ = ElementType::F32;
  Shape shape_;
  int64_t numElements_ = 0;
  std::shared_ptr<Storage> storage_;
  size_t offset_ = 0;
  enum class Kind : uint8_t { Array, Token, Tuple };
  Kind kind_ = Kind::Array;
  std::shared_ptr<const std::vector<Tensor>> elements_;
};

// Half precision conversions (round to nearest even).
float halfToFloat(uint16_t h);
uint16_t floatToHalf(float f);
float bf16ToFloat(uint16_t h);
uint16_t floatToBf16(float f);

// Element storage types.
struct f16_t {
  uint16_t bits;
};
struct bf16_t {
  uint16_t bits;
};

} // namespace sdy::runtime

#endif // SDY_RUNTIME_TENSOR_H
