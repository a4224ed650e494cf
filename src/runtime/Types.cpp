//===- Types.cpp - kernels of the element-type ops ------------------------===//
//
// bitcast_convert reinterprets the row-major bytes of the operand (the host
// is little-endian, so a narrower result's trailing dimension holds the
// low-order parts first). real, imag and complex take complex numbers apart
// and build them.
//
// Kernels written with `dispatch` only handle the core element types, so the
// interpreter asks checkElementTypes before running an op: complex, sub-byte
// integer and narrow float tensors only go to the ops listed here, whose
// kernels handle them; any other op gets a clear error instead.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/Fft.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"
#include "runtime/OpGroups.h"

#include "ir/check/CheckDialect.h"
#include "ir/chlo/ChloDialect.h"
#include "ir/mhlo/MhloDialect.h"
#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

namespace sdy::runtime {
namespace kernels {

Tensor complexPart(const Tensor &x, bool imag) {
  if (!isComplex(x.type()))
    return imag ? Tensor::zeros(x.type(), x.shape()) : x;
  return dispatchComplex(x.type(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    using R = typename T::value_type;
    Tensor r(x.type() == ElementType::C64 ? ElementType::F32 : ElementType::F64,
             x.shape());
    const T *in = x.data<T>();
    R *out = r.data<R>();
    for (int64_t i = 0, n = x.numElements(); i < n; ++i)
      out[i] = imag ? in[i].imag() : in[i].real();
    return r;
  });
}

Tensor makeComplex(const Tensor &re, const Tensor &im) {
  auto build = [&](auto tag, ElementType type) {
    using R = typename decltype(tag)::type;
    Tensor r(type, re.shape());
    const R *pr = re.data<R>(), *pi = im.data<R>();
    auto *out = r.data<std::complex<R>>();
    for (int64_t i = 0, n = re.numElements(); i < n; ++i)
      out[i] = std::complex<R>(pr[i], pi[i]);
    return r;
  };
  if (re.type() == ElementType::F64)
    return build(TypeTag<double>{}, ElementType::C128);
  return build(TypeTag<float>{}, ElementType::C64);
}

namespace {
using cd = std::complex<double>;

// Calls transform(line) on each line along `axis` of a row-major buffer,
// gathered into a contiguous vector and written back.
template <typename F>
void forEachLine(std::vector<cd> &buf, const Shape &shape, int64_t axis,
                 F transform) {
  int64_t n = shape[axis];
  if (n <= 1)
    return;
  int64_t inner = 1;
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  int64_t outer = static_cast<int64_t>(buf.size()) / (n * inner);
  std::vector<cd> line(n);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      cd *base = buf.data() + o * n * inner + i;
      for (int64_t k = 0; k < n; ++k)
        line[k] = base[k * inner];
      transform(line);
      for (int64_t k = 0; k < n; ++k)
        base[k * inner] = line[k];
    }
}

// In-place naive DFT of every line along `axis` (O(n^2) per line, in
// double; inverse scales by 1/n): the reference the fast transform is
// tested and measured against.
void dftAxis(std::vector<cd> &buf, const Shape &shape, int64_t axis,
             bool inverse) {
  int64_t n = shape[axis];
  double sign = inverse ? 1.0 : -1.0;
  std::vector<cd> twiddle(n), out(n);
  for (int64_t k = 0; k < n; ++k)
    twiddle[k] = std::polar(1.0, sign * 2.0 * M_PI * double(k) / double(n));
  forEachLine(buf, shape, axis, [&](std::vector<cd> &line) {
    for (int64_t k = 0; k < n; ++k) {
      cd acc = 0;
      for (int64_t j = 0; j < n; ++j)
        acc += line[j] * twiddle[(k * j) % n];
      out[k] = inverse ? acc / double(n) : acc;
    }
    line.swap(out);
  });
}

// Radix-2 transform of size n = 2^k in place; `twiddle` holds
// exp(-2 pi i j / n) for j < n / 2 (conjugated for the inverse direction).
void fftPow2(cd *a, int64_t n, const std::vector<cd> &twiddle, bool inverse) {
  for (int64_t i = 1, j = 0; i < n; ++i) {
    int64_t bit = n >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j ^= bit;
    if (i < j)
      std::swap(a[i], a[j]);
  }
  for (int64_t len = 2; len <= n; len <<= 1) {
    int64_t half = len / 2, step = n / len;
    for (int64_t i = 0; i < n; i += len)
      for (int64_t k = 0; k < half; ++k) {
        cd w = twiddle[k * step];
        if (inverse)
          w = std::conj(w);
        cd u = a[i + k], v = a[i + k + half] * w;
        a[i + k] = u + v;
        a[i + k + half] = u - v;
      }
  }
}

std::vector<cd> forwardTwiddles(int64_t n) {
  std::vector<cd> t(n / 2);
  for (int64_t j = 0; j < n / 2; ++j)
    t[j] = std::polar(1.0, -2.0 * M_PI * double(j) / double(n));
  return t;
}

// The DFT of one contiguous line of any length n in O(n log n): radix-2
// when n is a power of two, else Bluestein's chirp-z transform (a
// convolution of power-of-two size m >= 2n - 1). Unscaled in both
// directions.
class LineFft {
public:
  LineFft(int64_t n, bool inverse) : n_(n), inverse_(inverse) {
    if ((n & (n - 1)) == 0) {
      m_ = n;
      twiddle_ = forwardTwiddles(n);
      return;
    }
    m_ = 1;
    while (m_ < 2 * n - 1)
      m_ <<= 1;
    twiddle_ = forwardTwiddles(m_);
    // chirp[k] = exp(sign pi i k^2 / n), with k^2 reduced mod 2n so that the
    // angle stays small and exact.
    double sign = inverse ? 1.0 : -1.0;
    chirp_.resize(n);
    for (int64_t k = 0; k < n; ++k) {
      int64_t k2 = static_cast<int64_t>(
          (static_cast<unsigned __int128>(k) * k) % (2 * n));
      chirp_[k] = std::polar(1.0, sign * M_PI * double(k2) / double(n));
    }
    kernel_.assign(m_, cd(0));
    kernel_[0] = std::conj(chirp_[0]);
    for (int64_t k = 1; k < n; ++k)
      kernel_[k] = kernel_[m_ - k] = std::conj(chirp_[k]);
    fftPow2(kernel_.data(), m_, twiddle_, false);
    work_.resize(m_);
  }

  void run(cd *line) {
    if (m_ == n_) {
      fftPow2(line, n_, twiddle_, inverse_);
      return;
    }
    std::fill(work_.begin(), work_.end(), cd(0));
    for (int64_t k = 0; k < n_; ++k)
      work_[k] = line[k] * chirp_[k];
    fftPow2(work_.data(), m_, twiddle_, false);
    for (int64_t k = 0; k < m_; ++k)
      work_[k] *= kernel_[k];
    fftPow2(work_.data(), m_, twiddle_, true);
    double scale = 1.0 / double(m_);
    for (int64_t k = 0; k < n_; ++k)
      line[k] = work_[k] * scale * chirp_[k];
  }

private:
  int64_t n_, m_ = 0;
  bool inverse_;
  std::vector<cd> twiddle_, chirp_, kernel_, work_;
};

// Like dftAxis, in O(n log n) per line.
void fftAxis(std::vector<cd> &buf, const Shape &shape, int64_t axis,
             bool inverse) {
  int64_t n = shape[axis];
  if (n <= 1)
    return;
  LineFft plan(n, inverse);
  double scale = 1.0 / double(n);
  forEachLine(buf, shape, axis, [&](std::vector<cd> &line) {
    plan.run(line.data());
    if (inverse)
      for (cd &v : line)
        v *= scale;
  });
}

std::vector<cd> toComplexDouble(const Tensor &x) {
  std::vector<cd> buf(x.numElements());
  dispatchAll(x.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T *in = x.data<T>();
    for (size_t i = 0; i < buf.size(); ++i) {
      if constexpr (is_complex_v<T>)
        buf[i] = cd(in[i].real(), in[i].imag());
      else
        buf[i] = cd(static_cast<double>(load(in[i])), 0.0);
    }
  });
  return buf;
}
} // namespace

namespace {
Tensor transform(const Tensor &x, FftKind kind, int64_t numDims,
                 const Shape &resultShape, ElementType resultType, bool naive) {
  int64_t rank = x.rank(), first = rank - numDims;
  std::vector<cd> buf = toComplexDouble(x);
  Shape shape = x.shape();
  bool inverse = kind == FftKind::IFFT || kind == FftKind::IRFFT;
  // IRFFT: the leading transformed dims first, the halved last one below.
  int64_t last = kind == FftKind::IRFFT ? rank - 1 : rank;
  for (int64_t d = first; d < last; ++d)
    (naive ? dftAxis : fftAxis)(buf, shape, d, inverse);

  Tensor r(resultType, resultShape);
  int64_t outLast = resultShape.empty() ? 1 : resultShape.back();
  int64_t inLast = shape.empty() ? 1 : shape.back();
  int64_t lines = inLast ? static_cast<int64_t>(buf.size()) / inLast : 0;
  auto write = [&](auto tag, auto value) {
    using T = typename decltype(tag)::type;
    T *out = r.data<T>();
    for (int64_t l = 0; l < lines; ++l)
      for (int64_t k = 0; k < outLast; ++k)
        out[l * outLast + k] = static_cast<T>(value(l, k));
  };
  if (kind == FftKind::IRFFT) {
    // Hermitian extension of each last-dim line, inverse DFT, real part.
    int64_t n = outLast;
    std::vector<cd> full(static_cast<size_t>(lines) * n);
    for (int64_t l = 0; l < lines; ++l)
      for (int64_t k = 0; k < n; ++k) {
        const cd *line = buf.data() + l * inLast;
        full[l * n + k] = k < inLast ? line[k] : std::conj(line[n - k]);
      }
    (naive ? dftAxis : fftAxis)(full, {lines, n}, 1, /*inverse=*/true);
    auto value = [&](int64_t l, int64_t t) { return full[l * n + t].real(); };
    if (resultType == ElementType::F64)
      write(TypeTag<double>{}, value);
    else
      write(TypeTag<float>{}, value);
    return r;
  }
  // FFT, IFFT and RFFT (whose last dim keeps the first n / 2 + 1 elements).
  auto value = [&](int64_t l, int64_t k) { return buf[l * inLast + k]; };
  if (resultType == ElementType::C128)
    write(TypeTag<c128_t>{}, value);
  else
    write(TypeTag<c64_t>{}, [&](int64_t l, int64_t k) {
      cd v = value(l, k);
      return c64_t(static_cast<float>(v.real()), static_cast<float>(v.imag()));
    });
  return r;
}
} // namespace

Tensor fft(const Tensor &x, FftKind kind, int64_t numDims,
           const Shape &resultShape, ElementType resultType) {
  return transform(x, kind, numDims, resultShape, resultType, false);
}

Tensor fftNaive(const Tensor &x, FftKind kind, int64_t numDims,
                const Shape &resultShape, ElementType resultType) {
  return transform(x, kind, numDims, resultShape, resultType, true);
}

} // namespace kernels

namespace {
namespace shlo = mlir::stablehlo;

Status fftKernel(OpCall &c) {
  auto op = mlir::cast<shlo::FftOp>(c.op);
  kernels::FftKind kind = kernels::FftKind::FFT;
  switch (op.getFftType()) {
  case shlo::FftType::FFT:
    kind = kernels::FftKind::FFT;
    break;
  case shlo::FftType::IFFT:
    kind = kernels::FftKind::IFFT;
    break;
  case shlo::FftType::RFFT:
    kind = kernels::FftKind::RFFT;
    break;
  case shlo::FftType::IRFFT:
    kind = kernels::FftKind::IRFFT;
    break;
  }
  c.out.push_back(kernels::fft(c.in[0], kind, op.getFftLength().size(),
                               c.resultShape, c.resultType));
  return Status::ok();
}

Status bitcastConvertKernel(OpCall &c) {
  const Tensor &x = c.in[0];
  ElementType from = x.type(), to = c.resultType;
  // pred is one byte per element here but one bit in the IR; the sub-byte
  // types likewise.
  if (from != to && (from == ElementType::Pred || to == ElementType::Pred ||
                     isSubByteInt(from) || isSubByteInt(to) ||
                     (isNarrowFloat(from) && elementSize(to) != 1) ||
                     (isNarrowFloat(to) && elementSize(from) != 1)))
    return Status::unsupported(
        std::string("bitcast_convert from ") + elementTypeName(from) + " to " +
        elementTypeName(to) + " is not supported (sub-byte element types)");
  uint64_t bytes = 0;
  if (!byteSizeOf(to, c.resultShape, bytes) || bytes != x.byteSize())
    return Status::internal("bitcast_convert changes the byte size");
  c.out.push_back(Tensor::fromData(to, c.resultShape, x.raw()));
  return Status::ok();
}

Status complexPartKernel(OpCall &c, bool imag) {
  if (isComplex(c.in[0].type()) || c.in[0].type() == ElementType::F32 ||
      c.in[0].type() == ElementType::F64) {
    c.out.push_back(kernels::complexPart(c.in[0], imag));
    return Status::ok();
  }
  // Other floats: the operand itself, or zeros.
  c.out.push_back(imag ? Tensor::zeros(c.in[0].type(), c.in[0].shape())
                       : c.in[0]);
  return Status::ok();
}
Status realKernel(OpCall &c) { return complexPartKernel(c, false); }
Status imagKernel(OpCall &c) { return complexPartKernel(c, true); }

Status complexKernel(OpCall &c) {
  const Tensor &re = c.in[0], &im = c.in[1];
  if (re.shape() != im.shape())
    return Status::internal("complex: operand shapes differ");
  c.out.push_back(kernels::makeComplex(re, im));
  return Status::ok();
}

// The ops whose kernels handle every element type: they move elements
// (by byte size), convert them, or are the elementwise kernels of
// Elementwise.cpp (which check the op/type pairs complex numbers lack).
const llvm::DenseSet<mlir::TypeID> &allTypeOps() {
  static const llvm::DenseSet<mlir::TypeID> ops = [] {
    llvm::DenseSet<mlir::TypeID> s;
    auto add = [&](auto... ids) { (s.insert(ids), ...); };
    using mlir::TypeID;
    add(TypeID::get<shlo::ConstantOp>(), TypeID::get<mlir::sdy::ConstantOp>(),
        TypeID::get<shlo::ConvertOp>(), TypeID::get<shlo::BitcastConvertOp>(),
        TypeID::get<shlo::RealOp>(), TypeID::get<shlo::ImagOp>(),
        TypeID::get<shlo::ComplexOp>(), TypeID::get<shlo::FftOp>());
    // Contractions and reductions.
    add(TypeID::get<shlo::DotOp>(), TypeID::get<shlo::DotGeneralOp>(),
        TypeID::get<shlo::ReduceOp>(), TypeID::get<shlo::AllReduceOp>(),
        TypeID::get<shlo::ReduceScatterOp>());
    add(TypeID::get<mlir::chlo::RaggedDotOp>()); // dot_general per group
    // Elementwise.
    addArithmeticOps(s);
    add(TypeID::get<shlo::NotOp>(), TypeID::get<shlo::AndOp>(),
        TypeID::get<shlo::OrOp>(), TypeID::get<shlo::XorOp>(),
        TypeID::get<shlo::IsFiniteOp>(), TypeID::get<shlo::SelectOp>());
    // Windows, sorting, scatter and convolution.
    add(TypeID::get<shlo::IotaOp>(), TypeID::get<shlo::SortOp>(),
        TypeID::get<shlo::MapOp>(), TypeID::get<shlo::ScatterOp>(),
        TypeID::get<shlo::ReduceWindowOp>(),
        TypeID::get<shlo::SelectAndScatterOp>(),
        TypeID::get<shlo::ConvolutionOp>(),
        TypeID::get<shlo::CollectiveBroadcastOp>(),
        TypeID::get<shlo::RngBitGeneratorOp>());
    // Linear algebra on complex numbers (the narrow floats go through f32,
    // the verifiers refuse the rest).
    add(TypeID::get<shlo::CholeskyOp>(),
        TypeID::get<shlo::TriangularSolveOp>());
    // The chlo kernels refuse the element types they lack themselves.
    add(TypeID::get<mlir::chlo::AcosOp>(), TypeID::get<mlir::chlo::AcoshOp>(),
        TypeID::get<mlir::chlo::AsinOp>(), TypeID::get<mlir::chlo::AsinhOp>(),
        TypeID::get<mlir::chlo::AtanOp>(), TypeID::get<mlir::chlo::AtanhOp>(),
        TypeID::get<mlir::chlo::BesselI1eOp>(),
        TypeID::get<mlir::chlo::ConjOp>(), TypeID::get<mlir::chlo::CoshOp>(),
        TypeID::get<mlir::chlo::DigammaOp>(), TypeID::get<mlir::chlo::ErfOp>(),
        TypeID::get<mlir::chlo::ErfcOp>(), TypeID::get<mlir::chlo::ErfInvOp>(),
        TypeID::get<mlir::chlo::LgammaOp>(), TypeID::get<mlir::chlo::SinhOp>(),
        TypeID::get<mlir::chlo::SquareOp>(), TypeID::get<mlir::chlo::TanOp>(),
        TypeID::get<mlir::chlo::IsInfOp>(),
        TypeID::get<mlir::chlo::IsNegInfOp>(),
        TypeID::get<mlir::chlo::IsPosInfOp>(),
        TypeID::get<mlir::chlo::MulhiOp>(),
        TypeID::get<mlir::chlo::NextAfterOp>(),
        TypeID::get<mlir::chlo::PolygammaOp>(),
        TypeID::get<mlir::chlo::ZetaOp>(), TypeID::get<mlir::chlo::TopKOp>(),
        TypeID::get<mlir::mhlo::TopKOp>());
    // The equality checks of interpreter tests.
    add(TypeID::get<mlir::check::ExpectEqOp>(),
        TypeID::get<mlir::check::ExpectEqConstOp>(),
        TypeID::get<mlir::check::ExpectAlmostEqOp>(),
        TypeID::get<mlir::check::ExpectAlmostEqConstOp>(),
        TypeID::get<mlir::check::ExpectCloseOp>(),
        TypeID::get<shlo::GetDimensionSizeOp>());
    // Bit and rounding ops (sub-byte integers, narrow floats).
    add(TypeID::get<shlo::ShiftLeftOp>(),
        TypeID::get<shlo::ShiftRightLogicalOp>(),
        TypeID::get<shlo::ShiftRightArithmeticOp>(),
        TypeID::get<shlo::PopulationCountOp>(), TypeID::get<shlo::ClzOp>(),
        TypeID::get<shlo::RoundOp>());
    // Data movement and control flow.
    addDataMovementOps(s);
    return s;
  }();
  return ops;
}

// Custom calls that only annotate shardings move their operand unchanged;
// the check custom calls compare any element type; the LAPACK calls refuse
// the types they lack themselves (they take complex numbers).
bool isAnnotationCustomCall(mlir::Operation *op) {
  auto call = llvm::dyn_cast<shlo::CustomCallOp>(op);
  if (!call)
    return false;
  llvm::StringRef t = call.getCallTargetName();
  return t == "Sharding" || t == "SPMDFullToShardShape" ||
         t == "SPMDShardToFullShape" || t == "xla.sdy.FuncResultSharding" ||
         t.starts_with("check.") || lookupLapackCustomCall(t) != nullptr;
}

// The first element type of `types` outside the core set, if any.
std::optional<mlir::Type> firstExtended(mlir::TypeRange types) {
  for (mlir::Type t : types) {
    auto shaped = llvm::dyn_cast<mlir::ShapedType>(t);
    ElementType et;
    // Quantized types are checked by runKernel (Quant.cpp).
    if (shaped &&
        mlir::isa<mlir::quant::QuantizedType>(shaped.getElementType()))
      continue;
    if (shaped && fromMlirType(shaped.getElementType(), et) && !isCoreType(et))
      return shaped.getElementType();
  }
  return std::nullopt;
}

// Ops that take the narrow floats through f32 (NarrowFloats.h) when those
// are the only types outside the core set.
bool runsNarrowFloatsInF32(mlir::Operation *op) {
  if (!llvm::isa<shlo::ReducePrecisionOp, shlo::RngOp, shlo::CholeskyOp,
                 shlo::TriangularSolveOp, shlo::BatchNormInferenceOp,
                 shlo::BatchNormTrainingOp, shlo::BatchNormGradOp>(op))
    return false;
  auto coreOrNarrow = [](mlir::Type type) {
    auto shaped = llvm::dyn_cast<mlir::ShapedType>(type);
    ElementType et;
    return !shaped || !fromMlirType(shaped.getElementType(), et) ||
           isCoreType(et) || isNarrowFloat(et);
  };
  return llvm::all_of(op->getOperandTypes(), coreOrNarrow) &&
         llvm::all_of(op->getResultTypes(), coreOrNarrow);
}

} // namespace

Status checkElementTypes(mlir::Operation *op) {
  std::optional<mlir::Type> t = firstExtended(op->getOperandTypes());
  if (!t)
    t = firstExtended(op->getResultTypes());
  if (t && runsNarrowFloatsInF32(op))
    return Status::ok();
  // The broadcasting chlo ops run the kernels of the elementwise ops above.
  if (!t || allTypeOps().contains(op->getName().getTypeID()) ||
      isAnnotationCustomCall(op) ||
      op->hasTrait<mlir::chlo::OpTrait::Broadcasting>() ||
      llvm::isa<mlir::chlo::ConstantLikeOp>(op))
    return Status::ok();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "element type " << *t << " is not supported by '" << op->getName()
     << "' in the runtime";
  return Status::unsupported(s);
}

void registerTypesKernels(KernelTable &table) {
  table.add<shlo::BitcastConvertOp>(bitcastConvertKernel);
  table.add<shlo::RealOp>(realKernel);
  table.add<shlo::ImagOp>(imagKernel);
  table.add<shlo::ComplexOp>(complexKernel);
  table.add<shlo::FftOp>(fftKernel);
}

} // namespace sdy::runtime
