//===- Convolution.cpp - stablehlo.convolution ----------------------------===//
//
// The operands are brought to a canonical layout (input [batch, spatial...,
// feature], kernel [spatial..., input feature, output feature]) and
// converted to a compute type (f32 for f16/bf16/f32 and the narrow floats,
// f64, c64/c128 for complex, i64 for integers and pred, wrapping). Per group
// and batch element the input windows are copied into a matrix (im2col: one
// row per output position, one column per kernel position and input
// feature; positions that fall into padding or between dilated elements stay
// zero), which is multiplied with the group's slice of the kernel: OpenBLAS
// (Gemm.h) for floats and complex, plain loops otherwise. The product, [batch,
// spatial..., feature], is transposed to the result layout.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/Gemm.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <cstring>
#include <type_traits>

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;

// C[m x n] (leading dimension ldc) = A[m x k] * B[k x n] (leading dimension
// ldb), integers wrapping.
template <typename T>
void gemm(int64_t m, int64_t n, int64_t k, const T *a, const T *b, int64_t ldb,
          T *c, int64_t ldc) {
  if constexpr (std::is_floating_point_v<T> || is_complex_v<T>) {
    runtime::gemm<T>(false, false, m, n, k, a, k, b, ldb, c, ldc);
  } else {
    using U = std::make_unsigned_t<T>;
    for (int64_t i = 0; i < m; ++i) {
      U *row = reinterpret_cast<U *>(c + i * ldc);
      for (int64_t j = 0; j < n; ++j)
        row[j] = 0;
      for (int64_t kk = 0; kk < k; ++kk) {
        U av = static_cast<U>(a[i * k + kk]);
        if (av == 0)
          continue;
        const T *brow = b + kk * ldb;
        for (int64_t j = 0; j < n; ++j)
          row[j] += av * static_cast<U>(brow[j]);
      }
    }
  }
}

struct Window {
  std::vector<int64_t> inSizes, kernelSizes, outSizes;
  std::vector<int64_t> strides, lhsDilation, rhsDilation, lowPad;
  std::vector<bool> reversal;
};

// Multiplies in the compute type T. `in` is [B, S..., C], `kernel` [K..., I,
// O]; the result is [B / batchGroups, O..., O].
template <typename T>
Tensor convolve(const Tensor &in, const Tensor &kernel, const Window &w,
                int64_t featureGroups, int64_t batchGroups, ElementType ct) {
  int64_t n = w.inSizes.size();
  int64_t batch = in.dim(0), features = in.dim(n + 1);
  int64_t kernelIn = kernel.dim(n), kernelOut = kernel.dim(n + 1);
  int64_t outBatch = batch / batchGroups;
  int64_t groups = featureGroups * batchGroups;
  int64_t groupOut = kernelOut / groups;
  int64_t positions = 1, windowSize = 1, inSpatial = 1;
  for (int64_t i = 0; i < n; ++i) {
    positions *= w.outSizes[i];
    windowSize *= w.kernelSizes[i];
    inSpatial *= w.inSizes[i];
  }
  Shape outShape = {outBatch};
  outShape.insert(outShape.end(), w.outSizes.begin(), w.outSizes.end());
  outShape.push_back(kernelOut);
  Tensor out = Tensor::zeros(ct, outShape);
  int64_t cols = windowSize * kernelIn;
  if (out.numElements() == 0 || cols == 0)
    return out;

  // Per (output position, kernel position): the input spatial offset, or -1
  // when the window element falls into padding or a dilation hole.
  std::vector<int64_t> source(positions * windowSize, -1);
  std::vector<int64_t> o(n), k(n);
  for (int64_t p = 0; p < positions; ++p) {
    for (int64_t i = n - 1, rest = p; i >= 0; --i) {
      o[i] = rest % w.outSizes[i];
      rest /= w.outSizes[i];
    }
    for (int64_t q = 0; q < windowSize; ++q) {
      for (int64_t i = n - 1, rest = q; i >= 0; --i) {
        k[i] = rest % w.kernelSizes[i];
        rest /= w.kernelSizes[i];
      }
      int64_t offset = 0;
      bool valid = true;
      for (int64_t i = 0; i < n && valid; ++i) {
        int64_t tap = w.reversal[i] ? w.kernelSizes[i] - 1 - k[i] : k[i];
        int64_t pos =
            o[i] * w.strides[i] + tap * w.rhsDilation[i] - w.lowPad[i];
        int64_t dilatedSize = (w.inSizes[i] - 1) * w.lhsDilation[i] + 1;
        if (pos < 0 || pos >= dilatedSize || pos % w.lhsDilation[i] != 0) {
          valid = false;
          break;
        }
        offset = offset * w.inSizes[i] + pos / w.lhsDilation[i];
      }
      if (valid)
        source[p * windowSize + q] = offset;
    }
  }

  const T *inData = in.data<T>();
  const T *kernelData = kernel.data<T>();
  T *outData = out.data<T>();
  std::vector<T> columns(positions * cols);
  for (int64_t g = 0; g < groups; ++g) {
    int64_t featureOffset = featureGroups > 1 ? g * kernelIn : 0;
    int64_t batchOffset = batchGroups > 1 ? g * outBatch : 0;
    for (int64_t b = 0; b < outBatch; ++b) {
      const T *image =
          inData + (batchOffset + b) * inSpatial * features + featureOffset;
      for (int64_t p = 0; p < positions; ++p)
        for (int64_t q = 0; q < windowSize; ++q) {
          T *dst = columns.data() + p * cols + q * kernelIn;
          int64_t src = source[p * windowSize + q];
          if (src < 0)
            std::memset(dst, 0, kernelIn * sizeof(T));
          else
            std::memcpy(dst, image + src * features, kernelIn * sizeof(T));
        }
      gemm<T>(positions, groupOut, cols, columns.data(),
              kernelData + g * groupOut, kernelOut,
              outData + b * positions * kernelOut + g * groupOut, kernelOut);
    }
  }
  return out;
}

Status convolutionKernel(OpCall &c) {
  auto op = mlir::cast<shlo::ConvolutionOp>(c.op);
  shlo::ConvDimensionNumbersAttr dims = op.getDimensionNumbers();
  const Tensor &lhs = c.in[0], &rhs = c.in[1];
  int64_t n = dims.getInputSpatialDimensions().size();

  Window w;
  w.strides = toVector(op.getWindowStridesOrDefault());
  w.lhsDilation = toVector(op.getLhsDilationOrDefault());
  w.rhsDilation = toVector(op.getRhsDilationOrDefault());
  auto padding = op.getPaddingOrDefault();
  auto reversal = op.getWindowReversalOrDefault();
  if (static_cast<int64_t>(w.strides.size()) != n ||
      static_cast<int64_t>(w.lhsDilation.size()) != n ||
      static_cast<int64_t>(w.rhsDilation.size()) != n ||
      static_cast<int64_t>(padding.size()) != n ||
      static_cast<int64_t>(reversal.size()) != n)
    return Status::invalid("convolution: window attributes do not have one "
                           "entry per spatial dimension");
  w.reversal.assign(reversal.begin(), reversal.end());
  std::vector<int64_t> inPerm = {dims.getInputBatchDimension()};
  std::vector<int64_t> kernelPerm;
  for (int64_t i = 0; i < n; ++i) {
    int64_t inDim = dims.getInputSpatialDimensions()[i];
    int64_t kernelDim = dims.getKernelSpatialDimensions()[i];
    int64_t outDim = dims.getOutputSpatialDimensions()[i];
    inPerm.push_back(inDim);
    kernelPerm.push_back(kernelDim);
    w.inSizes.push_back(lhs.dim(inDim));
    w.kernelSizes.push_back(rhs.dim(kernelDim));
    w.outSizes.push_back(c.resultShape[outDim]);
    w.lowPad.push_back(padding[i].first);
  }
  inPerm.push_back(dims.getInputFeatureDimension());
  kernelPerm.push_back(dims.getKernelInputFeatureDimension());
  kernelPerm.push_back(dims.getKernelOutputFeatureDimension());

  auto any = [&](auto pred) {
    return pred(c.resultType) || pred(lhs.type()) || pred(rhs.type());
  };
  auto isF64 = [](ElementType t) { return t == ElementType::F64; };
  auto isC128 = [](ElementType t) { return t == ElementType::C128; };
  ElementType ct;
  if (any(isComplex))
    ct = any(isC128) ? ElementType::C128 : ElementType::C64;
  else if (any(isFloat) || any(isNarrowFloat))
    ct = any(isF64) ? ElementType::F64 : ElementType::F32;
  else
    ct = ElementType::I64;
  Tensor in = kernels::convert(kernels::transpose(lhs, inPerm), ct);
  Tensor kernel = kernels::convert(kernels::transpose(rhs, kernelPerm), ct);
  int64_t featureGroups = op.getFeatureGroupCount();
  int64_t batchGroups = op.getBatchGroupCount();
  Tensor canonical;
  if (ct == ElementType::F32)
    canonical = convolve<float>(in, kernel, w, featureGroups, batchGroups, ct);
  else if (ct == ElementType::F64)
    canonical = convolve<double>(in, kernel, w, featureGroups, batchGroups, ct);
  else if (ct == ElementType::C64)
    canonical = convolve<c64_t>(in, kernel, w, featureGroups, batchGroups, ct);
  else if (ct == ElementType::C128)
    canonical = convolve<c128_t>(in, kernel, w, featureGroups, batchGroups, ct);
  else
    canonical =
        convolve<int64_t>(in, kernel, w, featureGroups, batchGroups, ct);

  // canonical is [batch, spatial..., feature]; result dimension d takes
  // canonical dimension perm[d].
  std::vector<int64_t> outPerm(n + 2);
  outPerm[dims.getOutputBatchDimension()] = 0;
  for (int64_t i = 0; i < n; ++i)
    outPerm[dims.getOutputSpatialDimensions()[i]] = i + 1;
  outPerm[dims.getOutputFeatureDimension()] = n + 1;
  c.out.push_back(
      kernels::convert(kernels::transpose(canonical, outPerm), c.resultType));
  return Status::ok();
}

} // namespace

void registerConvolutionKernels(KernelTable &table) {
  table.add<shlo::ConvolutionOp>(convolutionKernel);
}

} // namespace sdy::runtime
