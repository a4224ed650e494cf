//===- Contraction.cpp - dot and dot_general ------------------------------===//
//
// dot_general is brought to a batched matrix product [B,M,K] x [B,K,N].
// A float or complex operand is read in place when its batch, free and
// contracting dimensions each form one evenly strided dimension (BLAS takes
// a leading dimension, a Trans flag and a stride between the matrices of
// the batch); only other layouts are transposed first. Integer operands are
// transposed unless they are [B,M,K] / [B,K,M] (rhs [B,K,N] / [B,N,K]).
// Operands are converted to a compute type (f32 for f16/bf16 and the narrow
// floats, f64, c64/c128 for complex, i64 for integers and pred, wrapping):
// the float and complex ones go to OpenBLAS (s/d/c/zgemm, Gemm.h), the integers
// to plain loops; the product is converted once to the result type.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/Gemm.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/stablehlo/StablehloDialect.h"

namespace sdy::runtime::kernels {

namespace {

bool isIdentity(const std::vector<int64_t> &p) {
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i] != static_cast<int64_t>(i))
      return false;
  return true;
}

std::vector<int64_t> concat(std::initializer_list<std::vector<int64_t>> ls) {
  std::vector<int64_t> r;
  for (auto &l : ls)
    r.insert(r.end(), l.begin(), l.end());
  return r;
}

// Batched row-major GEMM in any arithmetic type: C[b] = op(A[b]) * op(B[b]).
template <typename C>
void gemmLoops(int64_t batch, int64_t m, int64_t n, int64_t k, const C *a,
               bool ta, const C *b, bool tb, C *c) {
  std::vector<C> bt;
  for (int64_t bi = 0; bi < batch; ++bi) {
    const C *A = a + bi * m * k;
    const C *B = b + bi * k * n;
    C *Cm = c + bi * m * n;
    if (tb) { // make B row-major KxN
      bt.resize(k * n);
      for (int64_t j = 0; j < n; ++j)
        for (int64_t kk = 0; kk < k; ++kk)
          bt[kk * n + j] = B[j * k + kk];
      B = bt.data();
    }
    for (int64_t i = 0; i < m * n; ++i)
      Cm[i] = C(0);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t kk = 0; kk < k; ++kk) {
        C av = ta ? A[kk * m + i] : A[i * k + kk];
        if constexpr (std::is_integral_v<C>) {
          using U = std::make_unsigned_t<C>;
          for (int64_t j = 0; j < n; ++j)
            Cm[i * n + j] = static_cast<C>(static_cast<U>(Cm[i * n + j]) +
                                           static_cast<U>(av) *
                                               static_cast<U>(B[kk * n + j]));
        } else {
          for (int64_t j = 0; j < n; ++j)
            Cm[i * n + j] += av * B[kk * n + j];
        }
      }
  }
}

// `t` in the order `perm`: itself when that is its layout, or when
// `permT` is (then `trans`), else transposed.
Tensor packed(const Tensor &t, const std::vector<int64_t> &perm,
              const std::vector<int64_t> &permT, bool &trans) {
  trans = false;
  if (isIdentity(perm))
    return t;
  if (isIdentity(permT)) {
    trans = true;
    return t;
  }
  return transpose(t, perm);
}

// How BLAS reads one operand in place: matrix i of the batch starts at
// i * batchStride and is row-major [rows x cols] with leading dimension
// `ld`, or [cols x rows] when `trans`.
struct MatrixView {
  bool ok = false;
  bool trans = false;
  int64_t ld = 0;
  int64_t batchStride = 0;
};

// The extent and stride of the dimensions `group` of a row-major `shape`
// read as one dimension (in the group's order); false when they are not
// evenly strided in that order. Size-1 dimensions are skipped; an empty
// group has extent 1 and stride 0.
bool collapse(const Shape &shape, const std::vector<int64_t> &strides,
              const std::vector<int64_t> &group, int64_t &extent,
              int64_t &stride) {
  extent = 1;
  stride = 0;
  int64_t next = -1; // the stride the next outer dimension must have
  for (auto it = group.rbegin(); it != group.rend(); ++it) {
    int64_t d = *it;
    if (shape[d] == 1)
      continue;
    if (next < 0)
      stride = strides[d];
    else if (strides[d] != next)
      return false;
    next = strides[d] * shape[d];
    extent *= shape[d];
  }
  return true;
}

// The in-place view of an operand whose `rows` and `cols` dimension groups
// form the matrices of the product (lhs: free x contracting, rhs:
// contracting x free), or !ok.
MatrixView matrixView(const Shape &shape, const std::vector<int64_t> &batch,
                      const std::vector<int64_t> &rows,
                      const std::vector<int64_t> &cols) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  MatrixView v;
  int64_t b, bs, r, rs, c, cs;
  if (!collapse(shape, strides, batch, b, bs) ||
      !collapse(shape, strides, rows, r, rs) ||
      !collapse(shape, strides, cols, c, cs))
    return v;
  v.batchStride = bs;
  if (c == 1 || cs == 1) {
    v.ld = r == 1 ? c : rs;
    v.ok = v.ld >= c;
  } else if (r == 1 || rs == 1) {
    v.trans = true;
    v.ld = cs;
    v.ok = v.ld >= r;
  }
  return v;
}

// BLAS gemms of the B matrices of L and R (their views) into row-major
// [B,M,N] on up to `threads` threads.
template <typename T>
void blasBatched(int64_t B, int64_t M, int64_t N, int64_t K, const Tensor &L,
                 const MatrixView &lv, const Tensor &R, const MatrixView &rv,
                 Tensor &out, int threads) {
  gemmBatched<T>(B, lv.trans, rv.trans, M, N, K, L.data<T>(), lv.ld,
                 lv.batchStride, R.data<T>(), rv.ld, rv.batchStride,
                 out.data<T>(), N, M * N, threads);
}

} // namespace

void gemmF32(int64_t m, int64_t n, int64_t k, const float *a, const float *b,
             float *c) {
  sgemm(false, false, m, n, k, a, k, b, n, c, n);
}

Tensor dotGeneral(const Tensor &lhs, const Tensor &rhs, const DotDims &dims,
                  ElementType resultType, int threads) {
  auto freeDims = [](int64_t rank, const std::vector<int64_t> &batch,
                     const std::vector<int64_t> &contract) {
    std::vector<int64_t> f;
    for (int64_t i = 0; i < rank; ++i)
      if (std::find(batch.begin(), batch.end(), i) == batch.end() &&
          std::find(contract.begin(), contract.end(), i) == contract.end())
        f.push_back(i);
    return f;
  };
  auto lf = freeDims(lhs.rank(), dims.lhsBatch, dims.lhsContract);
  auto rf = freeDims(rhs.rank(), dims.rhsBatch, dims.rhsContract);
  int64_t B = 1, M = 1, N = 1, K = 1;
  Shape resultShape;
  for (int64_t d : dims.lhsBatch) {
    B *= lhs.dim(d);
    resultShape.push_back(lhs.dim(d));
  }
  for (int64_t d : lf) {
    M *= lhs.dim(d);
    resultShape.push_back(lhs.dim(d));
  }
  for (int64_t d : rf) {
    N *= rhs.dim(d);
    resultShape.push_back(rhs.dim(d));
  }
  for (int64_t d : dims.lhsContract)
    K *= lhs.dim(d);

  // Narrow floats and f16/bf16 accumulate in f32 and round once to the
  // result type; sub-byte integers in i64, wrapping when converted back.
  auto isAnyFloat = [](ElementType t) {
    return isFloat(t) || isNarrowFloat(t);
  };
  ElementType ct;
  if (isComplex(resultType) || isComplex(lhs.type()) || isComplex(rhs.type())) {
    ct = (resultType == ElementType::C128 || lhs.type() == ElementType::C128 ||
          rhs.type() == ElementType::C128)
             ? ElementType::C128
             : ElementType::C64;
  } else if (isAnyFloat(resultType) || isAnyFloat(lhs.type()) ||
             isAnyFloat(rhs.type())) {
    ct = (resultType == ElementType::F64 || lhs.type() == ElementType::F64 ||
          rhs.type() == ElementType::F64)
             ? ElementType::F64
             : ElementType::F32;
  } else {
    ct = ElementType::I64;
  }
  Tensor out(ct, resultShape);
  if (M == 0 || N == 0 || K == 0) {
    std::memset(out.raw(), 0, out.byteSize());
    return convert(out, resultType);
  }

  if (ct != ElementType::I64) {
    // BLAS reads each operand in place when its dimension groups are
    // strided matrices (e.g. the heads of [seq, heads, dim] attention
    // operands); otherwise it is transposed to [B,M,K] / [B,K,N] first.
    MatrixView lv =
        matrixView(lhs.shape(), dims.lhsBatch, lf, dims.lhsContract);
    Tensor L = lhs;
    if (!lv.ok) {
      L = transpose(lhs, concat({dims.lhsBatch, lf, dims.lhsContract}));
      lv = {true, false, K, M * K};
    }
    MatrixView rv =
        matrixView(rhs.shape(), dims.rhsBatch, dims.rhsContract, rf);
    Tensor R = rhs;
    if (!rv.ok) {
      R = transpose(rhs, concat({dims.rhsBatch, dims.rhsContract, rf}));
      rv = {true, false, N, K * N};
    }
    L = convert(L, ct);
    R = convert(R, ct);
    if (ct == ElementType::F32)
      blasBatched<float>(B, M, N, K, L, lv, R, rv, out, threads);
    else if (ct == ElementType::F64)
      blasBatched<double>(B, M, N, K, L, lv, R, rv, out, threads);
    else if (ct == ElementType::C64)
      blasBatched<c64_t>(B, M, N, K, L, lv, R, rv, out, threads);
    else
      blasBatched<c128_t>(B, M, N, K, L, lv, R, rv, out, threads);
    return convert(out, resultType);
  }

  // Integers: lhs [B,M,K] (no trans) or [B,K,M] (trans), rhs likewise.
  bool ta = false, tb = false;
  Tensor L = packed(lhs, concat({dims.lhsBatch, lf, dims.lhsContract}),
                    concat({dims.lhsBatch, dims.lhsContract, lf}), ta);
  Tensor R = packed(rhs, concat({dims.rhsBatch, dims.rhsContract, rf}),
                    concat({dims.rhsBatch, rf, dims.rhsContract}), tb);
  L = convert(L, ct);
  R = convert(R, ct);
  gemmLoops<int64_t>(B, M, N, K, L.data<int64_t>(), ta, R.data<int64_t>(), tb,
                     out.data<int64_t>());
  return convert(out, resultType);
}

Tensor dot(const Tensor &lhs, const Tensor &rhs, ElementType resultType,
           int threads) {
  DotDims d;
  d.lhsContract = {lhs.rank() - 1};
  d.rhsContract = {0};
  return dotGeneral(lhs, rhs, d, resultType, threads);
}

} // namespace sdy::runtime::kernels

//===----------------------------------------------------------------------===//
// Op kernels
//===----------------------------------------------------------------------===//

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;
using mlir::cast;

Status dotKernel(OpCall &c) {
  c.out.push_back(kernels::dot(c.in[0], c.in[1], c.resultType,
                               c.interp.context().kernelThreads));
  return Status::ok();
}

Status dotGeneralKernel(OpCall &c) {
  auto dn = cast<shlo::DotGeneralOp>(c.op).getDotDimensionNumbers();
  kernels::DotDims dims{toVector(dn.getLhsBatchingDimensions()),
                        toVector(dn.getRhsBatchingDimensions()),
                        toVector(dn.getLhsContractingDimensions()),
                        toVector(dn.getRhsContractingDimensions())};
  c.out.push_back(kernels::dotGeneral(c.in[0], c.in[1], dims, c.resultType,
                                      c.interp.context().kernelThreads));
  return Status::ok();
}

} // namespace

void registerContractionKernels(KernelTable &table) {
  table.add<shlo::DotOp>(dotKernel);
  table.add<shlo::DotGeneralOp>(dotGeneralKernel);
}

} // namespace sdy::runtime
