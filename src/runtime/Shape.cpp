//===- Shape.cpp - shape kernels ------------------------------------------===//
//
// All data-movement ops reduce to one strided copy over the result (or a
// sub-box of it) with per-dimension source strides: 0 for broadcast,
// negative for reverse, multiplied for strided slices. Rows that are
// contiguous on both sides are copied with memcpy.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <algorithm>

namespace sdy::runtime::kernels {

namespace {
template <typename E>
inline void copyRow(char *d, int64_t ds, const char *s, int64_t ss, int64_t n) {
  E *dp = reinterpret_cast<E *>(d);
  const E *sp = reinterpret_cast<const E *>(s);
  if (ss == 0) {
    E v = *sp;
    for (int64_t i = 0; i < n; ++i)
      dp[i * ds] = v;
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    dp[i * ds] = sp[i * ss];
}
} // namespace

void stridedCopy(void *dstV, const int64_t *ds, const void *srcV,
                 const int64_t *ss, const int64_t *shape, int64_t rank,
                 size_t es) {
  char *dst = static_cast<char *>(dstV);
  const char *src = static_cast<const char *>(srcV);
  if (rank == 0) {
    std::memcpy(dst, src, es);
    return;
  }
  for (int64_t i = 0; i < rank; ++i)
    if (shape[i] == 0)
      return;
  // Merge trailing dims that are contiguous on both sides.
  std::vector<int64_t> sh(shape, shape + rank), d(ds, ds + rank),
      s(ss, ss + rank);
  while (sh.size() >= 2) {
    size_t r = sh.size();
    if (d[r - 2] == d[r - 1] * sh[r - 1] && s[r - 2] == s[r - 1] * sh[r - 1]) {
      sh[r - 2] *= sh[r - 1];
      d[r - 2] = d[r - 1];
      s[r - 2] = s[r - 1];
      sh.pop_back();
      d.pop_back();
      s.pop_back();
    } else {
      break;
    }
  }
  rank = static_cast<int64_t>(sh.size());
  int64_t inner = sh[rank - 1];
  int64_t di = d[rank - 1], si = s[rank - 1];
  bool contiguous = di == 1 && si == 1;
  int64_t outer = 1;
  for (int64_t i = 0; i + 1 < rank; ++i)
    outer *= sh[i];
  std::vector<int64_t> idx(rank > 1 ? rank - 1 : 1, 0);
  int64_t doff = 0, soff = 0;
  for (int64_t o = 0; o < outer; ++o) {
    char *dp = dst + doff * static_cast<int64_t>(es);
    const char *sp = src + soff * static_cast<int64_t>(es);
    if (contiguous) {
      std::memcpy(dp, sp, inner * es);
    } else {
      switch (es) {
      case 1:
        copyRow<uint8_t>(dp, di, sp, si, inner);
        break;
      case 2:
        copyRow<uint16_t>(dp, di, sp, si, inner);
        break;
      case 4:
        copyRow<uint32_t>(dp, di, sp, si, inner);
        break;
      case 8:
        copyRow<uint64_t>(dp, di, sp, si, inner);
        break;
      default:
        for (int64_t i = 0; i < inner; ++i)
          std::memcpy(dp + i * di * es, sp + i * si * es, es);
      }
    }
    for (int64_t k = rank - 2; k >= 0; --k) {
      ++idx[k];
      doff += d[k];
      soff += s[k];
      if (idx[k] < sh[k])
        break;
      doff -= d[k] * sh[k];
      soff -= s[k] * sh[k];
      idx[k] = 0;
    }
  }
}

Tensor splat(const Tensor &value, const Shape &shape) {
  Tensor r(value.type(), shape);
  size_t es = elementSize(value.type());
  int64_t n = r.numElements();
  char *out = static_cast<char *>(r.raw());
  if (n == 0)
    return r;
  std::memcpy(out, value.raw(), es);
  int64_t filled = 1;
  while (filled < n) {
    int64_t c = std::min(filled, n - filled);
    std::memcpy(out + filled * es, out, c * es);
    filled += c;
  }
  return r;
}

Tensor broadcastInDim(const Tensor &x, const Shape &resultShape,
                      const std::vector<int64_t> &dims) {
  if (x.shape() == resultShape)
    return x;
  if (x.numElements() == 1)
    return splat(x, resultShape);
  Tensor r(x.type(), resultShape);
  std::vector<int64_t> src(resultShape.size(), 0);
  auto xs = rowMajorStrides(x.shape());
  for (size_t i = 0; i < dims.size(); ++i)
    if (x.dim(i) != 1)
      src[dims[i]] = xs[i];
  auto rs = rowMajorStrides(resultShape);
  stridedCopy(r.raw(), rs.data(), x.raw(), src.data(), resultShape.data(),
              r.rank(), elementSize(x.type()));
  return r;
}

Tensor reshape(const Tensor &x, const Shape &resultShape) {
  return x.reshaped(resultShape);
}

Tensor transpose(const Tensor &x, const std::vector<int64_t> &perm) {
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i)
    identity &= perm[i] == (int64_t)i;
  if (identity)
    return x;
  Shape rs(perm.size());
  std::vector<int64_t> src(perm.size());
  auto xs = rowMajorStrides(x.shape());
  for (size_t i = 0; i < perm.size(); ++i) {
    rs[i] = x.dim(perm[i]);
    src[i] = xs[perm[i]];
  }
  Tensor r(x.type(), rs);
  size_t es = elementSize(x.type());
  auto dst = rowMajorStrides(rs);
  // 2-D blocked path for the common last-two-dims swap.
  int64_t rank = x.rank();
  if (rank >= 2 && perm[rank - 1] == rank - 2 && perm[rank - 2] == rank - 1 &&
      x.dim(rank - 1) >= 16 && x.dim(rank - 2) >= 16) {
    bool leading = true;
    for (int64_t i = 0; i + 2 < rank; ++i)
      leading &= perm[i] == i;
    if (leading) {
      int64_t rows = x.dim(rank - 2), cols = x.dim(rank - 1);
      int64_t batch = x.numElements() / (rows * cols);
      const char *in = static_cast<const char *>(x.raw());
      char *out = static_cast<char *>(r.raw());
      constexpr int64_t B = 32;
      for (int64_t b = 0; b < batch; ++b) {
        const char *ib = in + b * rows * cols * es;
        char *ob = out + b * rows * cols * es;
        for (int64_t i0 = 0; i0 < rows; i0 += B)
          for (int64_t j0 = 0; j0 < cols; j0 += B) {
            int64_t bi = std::min(B, rows - i0), bj = std::min(B, cols - j0);
            int64_t sh[2] = {bj, bi};
            int64_t dstS[2] = {rows, 1};
            int64_t srcS[2] = {1, cols};
            stridedCopy(ob + (j0 * rows + i0) * es, dstS,
                        ib + (i0 * cols + j0) * es, srcS, sh, 2, es);
          }
      }
      return r;
    }
  }
  stridedCopy(r.raw(), dst.data(), x.raw(), src.data(), rs.data(), r.rank(),
              es);
  return r;
}

Tensor concatenate(const std::vector<Tensor> &xs, int64_t dim) {
  Shape rs = xs[0].shape();
  rs[dim] = 0;
  for (const Tensor &x : xs)
    rs[dim] += x.dim(dim);
  Tensor r(xs[0].type(), rs);
  size_t es = elementSize(r.type());
  auto dst = rowMajorStrides(rs);
  int64_t off = 0;
  for (const Tensor &x : xs) {
    auto src = rowMajorStrides(x.shape());
    stridedCopy(static_cast<char *>(r.raw()) + off * dst[dim] * es, dst.data(),
                x.raw(), src.data(), x.shape().data(), x.rank(), es);
    off += x.dim(dim);
  }
  return r;
}

Tensor slice(const Tensor &x, const std::vector<int64_t> &start,
             const std::vector<int64_t> &limit,
             const std::vector<int64_t> &strides) {
  int64_t rank = x.rank();
  Shape rs(rank);
  auto xs = rowMajorStrides(x.shape());
  std::vector<int64_t> src(rank);
  int64_t off = 0;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t st = strides.empty() ? 1 : strides[i];
    rs[i] = std::max<int64_t>(0, (limit[i] - start[i] + st - 1) / st);
    src[i] = xs[i] * st;
    off += start[i] * xs[i];
  }
  Tensor r(x.type(), rs);
  size_t es = elementSize(x.type());
  auto dst = rowMajorStrides(rs);
  stridedCopy(r.raw(), dst.data(),
              static_cast<const char *>(x.raw()) + off * es, src.data(),
              rs.data(), rank, es);
  return r;
}

Tensor pad(const Tensor &x, const Tensor &padValue,
           const std::vector<int64_t> &low, const std::vector<int64_t> &high,
           const std::vector<int64_t> &interior) {
  int64_t rank = x.rank();
  Shape rs(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = x.dim(i);
    rs[i] = low[i] + high[i] + d + std::max<int64_t>(0, d - 1) * interior[i];
    rs[i] = std::max<int64_t>(0, rs[i]);
  }
  Tensor r = splat(padValue, rs);
  // Sub-box of operand indices that land inside the result.
  auto xs = rowMajorStrides(x.shape());
  auto rstr = rowMajorStrides(rs);
  Shape box(rank);
  std::vector<int64_t> dst(rank), src(rank);
  int64_t srcOff = 0, dstOff = 0;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t step = interior[i] + 1;
    int64_t first = 0;
    if (low[i] < 0)
      first = (-low[i] + step - 1) / step;
    int64_t last = x.dim(i) - 1; // inclusive
    // position = low + idx*step must be < rs[i]
    if (x.dim(i) > 0) {
      int64_t maxIdx = rs[i] - 1 - low[i];
      maxIdx = maxIdx < 0 ? -1 : maxIdx / step;
      last = std::min(last, maxIdx);
    }
    box[i] = std::max<int64_t>(0, last - first + 1);
    srcOff += first * xs[i];
    dstOff += (low[i] + first * step) * rstr[i];
    src[i] = xs[i];
    dst[i] = rstr[i] * step;
  }
  for (int64_t b : box)
    if (b == 0)
      return r;
  size_t es = elementSize(x.type());
  stridedCopy(static_cast<char *>(r.raw()) + dstOff * es, dst.data(),
              static_cast<const char *>(x.raw()) + srcOff * es, src.data(),
              box.data(), rank, es);
  return r;
}

Tensor reverse(const Tensor &x, const std::vector<int64_t> &dims) {
  auto src = rowMajorStrides(x.shape());
  int64_t off = 0;
  for (int64_t d : dims) {
    off += (x.dim(d) - 1) * src[d];
    src[d] = -src[d];
  }
  Tensor r(x.type(), x.shape());
  if (r.numElements() == 0)
    return r;
  size_t es = elementSize(x.type());
  auto dst = rowMajorStrides(x.shape());
  stridedCopy(r.raw(), dst.data(),
              static_cast<const char *>(x.raw()) + off * es, src.data(),
              x.shape().data(), x.rank(), es);
  return r;
}

Tensor iota(ElementType t, const Shape &shape, int64_t dim) {
  Tensor r(t, shape);
  auto strides = rowMajorStrides(shape);
  int64_t stride = strides[dim], size = shape[dim];
  dispatchAll(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    T *out = r.data<T>();
    for (int64_t i = 0, n = r.numElements(); i < n; ++i) {
      int64_t v = (i / stride) % size;
      if constexpr (is_complex_v<T>)
        out[i] = T(static_cast<typename T::value_type>(v));
      else
        out[i] = store<T>(static_cast<C>(v));
    }
  });
  return r;
}

Tensor dynamicSlice(const Tensor &x, std::vector<int64_t> starts,
                    const std::vector<int64_t> &sizes) {
  std::vector<int64_t> limit(starts.size()), strides(starts.size(), 1);
  for (size_t i = 0; i < starts.size(); ++i) {
    starts[i] = std::clamp<int64_t>(starts[i], 0, x.dim(i) - sizes[i]);
    limit[i] = starts[i] + sizes[i];
  }
  return slice(x, starts, limit, strides);
}

Tensor dynamicUpdateSlice(const Tensor &x, const Tensor &update,
                          std::vector<int64_t> starts) {
  Tensor r = x.clone();
  auto rs = rowMajorStrides(x.shape());
  auto us = rowMajorStrides(update.shape());
  int64_t off = 0;
  for (size_t i = 0; i < starts.size(); ++i) {
    starts[i] = std::clamp<int64_t>(starts[i], 0, x.dim(i) - update.dim(i));
    off += starts[i] * rs[i];
  }
  if (update.numElements() == 0)
    return r;
  size_t es = elementSize(x.type());
  stridedCopy(static_cast<char *>(r.raw()) + off * es, rs.data(), update.raw(),
              us.data(), update.shape().data(), update.rank(), es);
  return r;
}

} // namespace sdy::runtime::kernels

//===----------------------------------------------------------------------===//
// Op kernels
//===----------------------------------------------------------------------===//

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;
using mlir::cast;

Status broadcastInDimKernel(OpCall &c) {
  auto op = cast<shlo::BroadcastInDimOp>(c.op);
  c.out.push_back(kernels::broadcastInDim(
      c.in[0], c.resultShape, toVector(op.getBroadcastDimensions())));
  return Status::ok();
}

Status reshapeKernel(OpCall &c) {
  c.out.push_back(kernels::reshape(c.in[0], c.resultShape));
  return Status::ok();
}

Status transposeKernel(OpCall &c) {
  auto op = cast<shlo::TransposeOp>(c.op);
  c.out.push_back(kernels::transpose(c.in[0], toVector(op.getPermutation())));
  return Status::ok();
}

Status concatenateKernel(OpCall &c) {
  auto op = cast<shlo::ConcatenateOp>(c.op);
  c.out.push_back(kernels::concatenate(c.in, op.getDimension()));
  return Status::ok();
}

Status sliceKernel(OpCall &c) {
  auto op = cast<shlo::SliceOp>(c.op);
  c.out.push_back(kernels::slice(c.in[0], toVector(op.getStartIndices()),
                                 toVector(op.getLimitIndices()),
                                 toVector(op.getStrides())));
  return Status::ok();
}

Status padKernel(OpCall &c) {
  auto op = cast<shlo::PadOp>(c.op);
  c.out.push_back(kernels::pad(
      c.in[0], c.in[1], toVector(op.getEdgePaddingLow()),
      toVector(op.getEdgePaddingHigh()), toVector(op.getInteriorPadding())));
  return Status::ok();
}

Status reverseKernel(OpCall &c) {
  auto op = cast<shlo::ReverseOp>(c.op);
  c.out.push_back(kernels::reverse(c.in[0], toVector(op.getDimensions())));
  return Status::ok();
}

Status iotaKernel(OpCall &c) {
  auto op = cast<shlo::IotaOp>(c.op);
  c.out.push_back(
      kernels::iota(c.resultType, c.resultShape, op.getIotaDimension()));
  return Status::ok();
}

Status dynamicSliceKernel(OpCall &c) {
  auto op = cast<shlo::DynamicSliceOp>(c.op);
  c.out.push_back(kernels::dynamicSlice(c.in[0], c.indicesFrom(1),
                                        toVector(op.getSliceSizes())));
  return Status::ok();
}

Status dynamicUpdateSliceKernel(OpCall &c) {
  c.out.push_back(
      kernels::dynamicUpdateSlice(c.in[0], c.in[1], c.indicesFrom(2)));
  return Status::ok();
}

} // namespace

void registerShapeKernels(KernelTable &table) {
  table.add<shlo::BroadcastInDimOp>(broadcastInDimKernel);
  table.add<shlo::ReshapeOp>(reshapeKernel);
  table.add<shlo::TransposeOp>(transposeKernel);
  table.add<shlo::ConcatenateOp>(concatenateKernel);
  table.add<shlo::SliceOp>(sliceKernel);
  table.add<shlo::PadOp>(padKernel);
  table.add<shlo::ReverseOp>(reverseKernel);
  table.add<shlo::IotaOp>(iotaKernel);
  table.add<shlo::DynamicSliceOp>(dynamicSliceKernel);
  table.add<shlo::DynamicUpdateSliceOp>(dynamicUpdateSliceKernel);
}

} // namespace sdy::runtime
