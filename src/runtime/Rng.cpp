//===- Rng.cpp - rng_bit_generator and rng kernels ------------------------===//
//
// rng_bit_generator computes THREE_FRY and PHILOX bit for bit as XLA does
// (DEFAULT is PHILOX, as on XLA's CPU backend): the same counters, the same
// placement of the generated words in the output and the same next state.
// rng draws from a process-wide generator: its numbers are only
// distributed as asked.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"
#include "runtime/NarrowFloats.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <array>
#include <atomic>
#include <cmath>
#include <random>

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;

uint32_t lo32(uint64_t v) { return static_cast<uint32_t>(v); }
uint32_t hi32(uint64_t v) { return static_cast<uint32_t>(v >> 32); }
uint64_t join(uint32_t lo, uint32_t hi) {
  return (static_cast<uint64_t>(hi) << 32) | lo;
}

// Threefry-2x32 with 20 rounds of `counter` under `key`.
std::array<uint32_t, 2> threefry2x32(uint64_t key, uint64_t counter) {
  static const int rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  uint32_t ks[3] = {lo32(key), hi32(key), 0x1BD11BDA};
  ks[2] ^= ks[0] ^ ks[1];
  uint32_t x[2] = {lo32(counter) + ks[0], hi32(counter) + ks[1]};
  auto rounds = [&](int first) {
    for (int r = first; r < first + 4; ++r) {
      x[0] += x[1];
      x[1] = (x[1] << rotations[r]) | (x[1] >> (32 - rotations[r]));
      x[1] ^= x[0];
    }
  };
  for (uint32_t i = 1; i <= 5; ++i) {
    rounds(i % 2 == 1 ? 0 : 4);
    x[0] += ks[i % 3];
    x[1] += ks[(i + 1) % 3] + i;
  }
  return {x[0], x[1]};
}

// Philox-4x32 with 10 rounds of the 128-bit counter (lo, hi) under `key`.
std::array<uint32_t, 4> philox4x32(uint64_t key, uint64_t lo, uint64_t hi) {
  uint32_t k[2] = {lo32(key), hi32(key)};
  uint32_t x[4] = {lo32(lo), hi32(lo), lo32(hi), hi32(hi)};
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = static_cast<uint64_t>(x[0]) * 0xD2511F53u;
    uint64_t p1 = static_cast<uint64_t>(x[2]) * 0xCD9E8D57u;
    uint32_t next[4] = {hi32(p1) ^ x[1] ^ k[0], lo32(p1),
                        hi32(p0) ^ x[3] ^ k[1], lo32(p0)};
    std::copy(next, next + 4, x);
    k[0] += 0x9E3779B9u;
    k[1] += 0xBB67AE85u;
  }
  return {x[0], x[1], x[2], x[3]};
}

// Words of `bits` (32 or 64) for `shape`, with the state updated in place.
std::vector<uint64_t> threefryBits(std::vector<uint64_t> &state,
                                   const Shape &shape, int bits) {
  uint64_t key = state[0], counter = state[1];
  int64_t n = numElements(shape);
  std::vector<uint64_t> out(n);
  if (bits == 64) {
    // One block per element: the counter plus its row-major index.
    for (int64_t i = 0; i < n; ++i) {
      auto y = threefry2x32(key, counter + static_cast<uint64_t>(i));
      out[i] = join(y[0], y[1]);
    }
    state[1] = counter + static_cast<uint64_t>(n);
    return out;
  }
  // 32 bits: one block per pair of elements along the first even dimension
  // (else the largest one); its two words go to positions 2j and 2j+1 there.
  int64_t rank = static_cast<int64_t>(shape.size());
  if (rank == 0) {
    out[0] = threefry2x32(key, counter)[0];
    state[1] = counter + 1;
    return out;
  }
  int64_t split = -1;
  for (int64_t d = 0; d < rank && split < 0; ++d)
    if (shape[d] % 2 == 0)
      split = d;
  if (split < 0)
    for (int64_t d = 0; d < rank; ++d)
      if (split < 0 || shape[d] > shape[split])
        split = d;
  int64_t outer = 1, inner = 1, size = shape[split], half = (size + 1) / 2;
  for (int64_t d = 0; d < split; ++d)
    outer *= shape[d];
  for (int64_t d = split + 1; d < rank; ++d)
    inner *= shape[d];
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < half; ++j)
      for (int64_t i = 0; i < inner; ++i) {
        uint64_t block = static_cast<uint64_t>((o * half + j) * inner + i);
        auto y = threefry2x32(key, counter + block);
        for (int64_t t = 0; t < 2 && 2 * j + t < size; ++t)
          out[(o * size + 2 * j + t) * inner + i] = y[t];
      }
  state[1] = counter + static_cast<uint64_t>(outer * half * inner);
  return out;
}

std::vector<uint64_t> philoxBits(std::vector<uint64_t> &state,
                                 const Shape &shape, int bits) {
  uint64_t key = state[0], lo = state[1];
  // With a 2-word state XLA reads the key word again as the counter's high
  // word (and keeps only the low word in the next state).
  uint64_t hi = state.size() > 2 ? state[2] : key;
  int64_t n = numElements(shape);
  int64_t words = bits == 64 ? 2 * n : n;
  int64_t blocks = (words + 3) / 4;
  std::vector<uint64_t> out(n);
  for (int64_t b = 0; b < blocks; ++b) {
    uint64_t blo = lo + static_cast<uint64_t>(b);
    auto y = philox4x32(key, blo, hi + (blo < lo ? 1 : 0));
    if (bits == 64) {
      for (int64_t t = 0; t < 2 && 2 * b + t < n; ++t)
        out[2 * b + t] = join(y[2 * t], y[2 * t + 1]);
    } else {
      for (int64_t t = 0; t < 4 && 4 * b + t < n; ++t)
        out[4 * b + t] = y[t];
    }
  }
  uint64_t newLo = lo + static_cast<uint64_t>(blocks);
  state[1] = newLo;
  if (state.size() > 2)
    state[2] = hi + (newLo < lo ? 1 : 0);
  return out;
}

Status rngBitGeneratorKernel(OpCall &c) {
  auto op = mlir::cast<shlo::RngBitGeneratorOp>(c.op);
  const Tensor &stateIn = c.in[0];
  if (elementSize(stateIn.type()) != 8)
    return Status::unsupported(
        "rng_bit_generator: only a 64-bit initial_state is supported, got " +
        std::string(elementTypeName(stateIn.type())));
  auto outputType =
      mlir::cast<mlir::RankedTensorType>(op.getOutput().getType());
  ElementType et;
  if (!fromMlirType(outputType.getElementType(), et))
    return Status::unsupported("rng_bit_generator: unsupported output type");
  Shape shape(outputType.getShape().begin(), outputType.getShape().end());
  size_t width = elementSize(et);
  // XLA has no f6 rng_bit_generator to match.
  if (et == ElementType::Pred || isComplex(et) || et == ElementType::F6E2M3FN ||
      et == ElementType::F6E3M2FN)
    return Status::unsupported(
        std::string("rng_bit_generator: output element type ") +
        elementTypeName(et) + " is not supported");
  std::vector<uint64_t> state(stateIn.numElements());
  std::memcpy(state.data(), stateIn.raw(), state.size() * 8);
  // 16-bit and narrower outputs are the low bits of the 32-bit ones (the
  // sub-byte types keep the low bits of their byte).
  int bits = width == 8 ? 64 : 32;
  std::vector<uint64_t> words =
      op.getRngAlgorithm() == shlo::RngAlgorithm::THREE_FRY
          ? threefryBits(state, shape, bits)
          : philoxBits(state, shape, bits);
  Tensor stateOut(stateIn.type(), stateIn.shape());
  std::memcpy(stateOut.raw(), state.data(), state.size() * 8);
  Tensor out(et, shape);
  char *dst = static_cast<char *>(out.raw());
  int narrowBits = et == ElementType::I2 || et == ElementType::U2 ? 2
                   : et == ElementType::I4 || et == ElementType::U4 ||
                           et == ElementType::F4E2M1FN
                       ? 4
                       : 8;
  for (size_t i = 0; i < words.size(); ++i) {
    uint32_t w32 = static_cast<uint32_t>(words[i]);
    uint16_t w16 = static_cast<uint16_t>(words[i]);
    uint8_t w8 = static_cast<uint8_t>(words[i] & ((1u << narrowBits) - 1));
    if (width == 8)
      std::memcpy(dst + i * 8, &words[i], 8);
    else if (width == 4)
      std::memcpy(dst + i * 4, &w32, 4);
    else if (width == 2)
      std::memcpy(dst + i * 2, &w16, 2);
    else
      std::memcpy(dst + i, &w8, 1);
  }
  c.out.push_back(std::move(stateOut));
  c.out.push_back(std::move(out));
  return Status::ok();
}

// Each execution gets its own stream, reproducible from run to run.
std::mt19937_64 nextEngine() {
  static std::atomic<uint64_t> calls{0};
  return std::mt19937_64(0x5DEECE66Dull + 0x9E3779B97F4A7C15ull * calls++);
}

Status rngKernel(OpCall &c);

// Narrow floats: drawn in f32 and rounded; a uniform value that rounds up to
// b becomes a, as for f16.
Status narrowRngKernel(OpCall &c) {
  auto op = mlir::cast<shlo::RngOp>(c.op);
  SDY_RETURN_IF_ERROR(runNarrowFloatsInF32(c, rngKernel));
  if (op.getRngDistribution() == shlo::RngDistribution::NORMAL ||
      !isNarrowFloat(c.resultType))
    return Status::ok();
  Tensor bounds = kernels::convert(
      kernels::concatenate(
          {kernels::reshape(c.in[0], {1}), kernels::reshape(c.in[1], {1})}, 0),
      ElementType::F32);
  float a = bounds.data<float>()[0], b = bounds.data<float>()[1];
  Tensor &out = c.out.front();
  Tensor values = kernels::convert(out, ElementType::F32);
  auto *bits = static_cast<uint8_t *>(out.raw());
  uint8_t aBits = *static_cast<const uint8_t *>(
      kernels::convert(bounds, c.resultType).raw());
  for (int64_t i = 0, n = out.numElements(); i < n; ++i)
    if (b > a && values.data<float>()[i] >= b)
      bits[i] = aBits;
  return Status::ok();
}

Status rngKernel(OpCall &c) {
  auto op = mlir::cast<shlo::RngOp>(c.op);
  if (hasNarrowFloat(c))
    return narrowRngKernel(c);
  bool normal = op.getRngDistribution() == shlo::RngDistribution::NORMAL;
  std::mt19937_64 engine = nextEngine();
  Tensor out(c.resultType, c.resultShape);
  int64_t n = out.numElements();
  return dispatch(c.resultType, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    C a = load(c.in[0].data<T>()[0]), b = load(c.in[1].data<T>()[0]);
    T *dst = out.data<T>();
    if constexpr (is_float_v<T>) {
      using D = std::conditional_t<std::is_same_v<T, double>, double, float>;
      if (normal) {
        std::normal_distribution<D> dist(a, b);
        for (int64_t i = 0; i < n; ++i)
          dst[i] = store<T>(static_cast<C>(dist(engine)));
      } else {
        // [a, b); a value that rounds up to b (f16, bf16) becomes a.
        std::uniform_real_distribution<D> dist(0, 1);
        for (int64_t i = 0; i < n; ++i) {
          T v = store<T>(static_cast<C>(a + (b - a) * dist(engine)));
          dst[i] = b > a && load(v) >= b ? store<T>(a) : v;
        }
      }
    } else {
      // Integers and pred: uniform in [a, b), or a when that is empty.
      int64_t lo = static_cast<int64_t>(a), hi = static_cast<int64_t>(b);
      for (int64_t i = 0; i < n; ++i) {
        int64_t v = lo;
        if (hi > lo)
          v = lo +
              static_cast<int64_t>(engine() % static_cast<uint64_t>(hi - lo));
        dst[i] = store<T>(static_cast<C>(v));
      }
    }
    c.out.push_back(std::move(out));
    return Status::ok();
  });
}

} // namespace

void registerRngKernels(KernelTable &table) {
  table.add<shlo::RngBitGeneratorOp>(rngBitGeneratorKernel);
  table.add<shlo::RngOp>(rngKernel);
}

} // namespace sdy::runtime
