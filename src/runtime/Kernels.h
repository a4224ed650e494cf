//===- Kernels.h - the interpreter's kernels --------------------*- C++ -*-===//
//
// One function per op (or op family), each looping over whole buffers with
// the element type dispatched once outside the loop. Inputs are assumed
// valid (the IR verifier checked shapes and types); results are new tensors.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_KERNELS_H
#define SDY_RUNTIME_KERNELS_H

#include "runtime/Tensor.h"

#include <functional>
#include <optional>
#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace sdy::runtime::kernels {

// --- Elementwise (Elementwise.cpp) -----------------------------------------
enum class UnaryOp {
  Abs,
  Cbrt,
  Ceil,
  Cosine,
  Exp,
  Expm1,
  Floor,
  Log,
  Log1p,
  Logistic,
  Negate,
  Not,
  RoundNearestEven,
  Rsqrt,
  Sign,
  Sine,
  Sqrt,
  Tan,
  Tanh
};
enum class BinaryOp {
  Add,
  Atan2,
  Divide,
  Maximum,
  Minimum,
  Multiply,
  Power,
  Remainder,
  Subtract,
  And,
  Or,
  Xor
};
enum class CompareDir { EQ, NE, GE, GT, LE, LT };
enum class CompareKind { Default, Float, TotalOrder, Signed, Unsigned };

// a (dir) b.
template <typename C>
inline bool cmp(CompareDir d, C a, C b) {
  switch (d) {
  case CompareDir::EQ:
    return a == b;
  case CompareDir::NE:
    return a != b;
  case CompareDir::GE:
    return a >= b;
  case CompareDir::GT:
    return a > b;
  case CompareDir::LE:
    return a <= b;
  case CompareDir::LT:
    return a < b;
  }
  return false;
}

// Complex numbers compare lexicographically on (real, imag), each part with
// the direction's own comparison (so NaN parts compare as floats do).
template <typename K>
inline bool complexCompare(CompareDir d, K ar, K ai, K br, K bi) {
  switch (d) {
  case CompareDir::EQ:
    return ar == br && ai == bi;
  case CompareDir::NE:
    return !(ar == br && ai == bi);
  case CompareDir::LT:
  case CompareDir::LE:
    return ar < br || (ar == br && cmp(d, ai, bi));
  case CompareDir::GT:
  case CompareDir::GE:
    return ar > br || (ar == br && cmp(d, ai, bi));
  }
  return false;
}

// Whether unary/binary handle `op` on `t` (every op but those complex
// numbers lack). abs of complex gives the modulus in the part type.
bool supportsUnary(UnaryOp op, ElementType t);
bool supportsBinary(BinaryOp op, ElementType t);
Tensor unary(UnaryOp op, const Tensor &x);
Tensor binary(BinaryOp op, const Tensor &a, const Tensor &b);
// Complex operands compare lexicographically (complexCompare).
Tensor compare(CompareDir dir, const Tensor &a, const Tensor &b,
               CompareKind kind = CompareKind::Default);
// The direction and kind of a stablehlo.compare op.
CompareDir compareOf(mlir::Operation *compareOp, CompareKind &kind);
Tensor isFinite(const Tensor &x);
Tensor convert(const Tensor &x, ElementType to);
// min/max may be rank-0 (broadcast) or of x's shape.
Tensor clamp(const Tensor &min, const Tensor &x, const Tensor &max);
// pred may be rank-0.
Tensor select(const Tensor &pred, const Tensor &onTrue, const Tensor &onFalse);

// --- Element types (Types.cpp) ---------------------------------------------
// The real or imaginary part of complex `x` (x itself, or zeros, for floats).
Tensor complexPart(const Tensor &x, bool imag);
// Complex numbers from real and imaginary parts of the same type and shape.
Tensor makeComplex(const Tensor &re, const Tensor &im);
enum class FftKind { FFT, IFFT, RFFT, IRFFT };
// The transform over the trailing `numDims` dimensions (the IR verifier
// checked the shapes against fft_length).
Tensor fft(const Tensor &x, FftKind kind, int64_t numDims,
           const Shape &resultShape, ElementType resultType);

// --- Shape (Shape.cpp) -----------------------------------------------------
Tensor broadcastInDim(const Tensor &x, const Shape &resultShape,
                      const std::vector<int64_t> &dims);
Tensor reshape(const Tensor &x, const Shape &resultShape);
// Result dim i is operand dim perm[i].
Tensor transpose(const Tensor &x, const std::vector<int64_t> &perm);
Tensor concatenate(const std::vector<Tensor> &xs, int64_t dim);
Tensor slice(const Tensor &x, const std::vector<int64_t> &start,
             const std::vector<int64_t> &limit,
             const std::vector<int64_t> &strides);
Tensor pad(const Tensor &x, const Tensor &padValue,
           const std::vector<int64_t> &low, const std::vector<int64_t> &high,
           const std::vector<int64_t> &interior);
Tensor reverse(const Tensor &x, const std::vector<int64_t> &dims);
Tensor iota(ElementType t, const Shape &shape, int64_t dim);
// Start indices are clamped to [0, dim - size] as in the spec.
Tensor dynamicSlice(const Tensor &x, std::vector<int64_t> starts,
                    const std::vector<int64_t> &sizes);
Tensor dynamicUpdateSlice(const Tensor &x, const Tensor &update,
                          std::vector<int64_t> starts);
// A tensor of `shape` filled with the scalar `value` (rank-0 or 1 element).
Tensor splat(const Tensor &value, const Shape &shape);

// Generic strided copy of `shape` elements of `elemSize` bytes.
void stridedCopy(void *dst, const int64_t *dstStrides, const void *src,
                 const int64_t *srcStrides, const int64_t *shape, int64_t rank,
                 size_t elemSize);

// --- Contraction (Contraction.cpp) -----------------------------------------
struct DotDims {
  std::vector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
};
// The float and complex products run on up to `threads` threads (Gemm.h;
// <= 0: gemmThreads()).
Tensor dotGeneral(const Tensor &lhs, const Tensor &rhs, const DotDims &dims,
                  ElementType resultType, int threads = 0);
// stablehlo.dot on rank 1/2 operands.
Tensor dot(const Tensor &lhs, const Tensor &rhs, ElementType resultType,
           int threads = 0);
// Row-major C[b] = A[b] * B[b] with A: MxK, B: KxN, f32/f64 via BLAS.
// Exposed for the benchmark.
void gemmF32(int64_t m, int64_t n, int64_t k, const float *a, const float *b,
             float *c);

// --- Reduction (Reduction.cpp) ---------------------------------------------
enum class ReduceKind { Add, Mul, Max, Min, And, Or };
// Reduces x over `dims` with a known binary op, starting from `init`.
Tensor reduce(const Tensor &x, const Tensor &init,
              const std::vector<int64_t> &dims, ReduceKind kind);
// Combine two tensors of the same shape elementwise with a known op.
Tensor combine(ReduceKind kind, const Tensor &a, const Tensor &b);
// Generic reduce with a callback body over N inputs. `body` gets the N
// accumulators then the N elements (rank-0 tensors) and returns N values.
using ScalarBody =
    std::function<bool(const std::vector<Tensor> &args,
                       std::vector<Tensor> &results, std::string &error)>;
bool reduceGeneric(const std::vector<Tensor> &xs,
                   const std::vector<Tensor> &inits,
                   const std::vector<int64_t> &dims, const ScalarBody &body,
                   std::vector<Tensor> &results, std::string &error);

// Scalar element access helpers used by generic region evaluation.
Tensor scalarAt(const Tensor &x, int64_t linearIndex);
void storeScalar(Tensor &dst, int64_t linearIndex, const Tensor &scalar);

// --- Gather/scatter (GatherScatter.cpp) ------------------------------------
struct GatherDims {
  std::vector<int64_t> offsetDims, collapsedSliceDims, operandBatchingDims,
      startIndicesBatchingDims, startIndexMap;
  int64_t indexVectorDim = 0;
};
Tensor gather(const Tensor &operand, const Tensor &indices,
              const GatherDims &dims, const std::vector<int64_t> &sliceSizes,
              const Shape &resultShape);
struct ScatterDims {
  std::vector<int64_t> updateWindowDims, insertedWindowDims, inputBatchingDims,
      scatterIndicesBatchingDims, scatterDimsToOperandDims;
  int64_t indexVectorDim = 0;
};
// `kind` = nullopt means the generic body; `replace` means return update.
bool scatter(std::vector<Tensor> inputs, const Tensor &indices,
             const std::vector<Tensor> &updates, const ScatterDims &dims,
             std::optional<ReduceKind> kind, bool replace,
             const ScalarBody &body, std::vector<Tensor> &results,
             std::string &error);

} // namespace sdy::runtime::kernels

#endif // SDY_RUNTIME_KERNELS_H
