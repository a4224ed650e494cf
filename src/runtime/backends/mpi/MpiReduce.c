/*===- MpiReduce.c - element-wise reductions of the mpi plugin -----------===*
 *
 * Integers wrap (two's complement) for sum and product; PRED is 0 or 1 in,
 * 0 or 1 out (any non-zero byte reads as true): sum and max are logical or,
 * prod and min logical and. Float max/min return NaN when either operand is
 * NaN (StableHLO maximum/minimum). f16 and bf16 are widened to f32, combined,
 * and rounded back to nearest-even after every pairwise step, as the local
 * backend and the interpreter do.
 *
 *===----------------------------------------------------------------------===*/
#include "MpiReduce.h"

#include "sdy_c/backend.h"

#include <math.h>
#include <string.h>

size_t sdy_mpi_dtype_size(int32_t dtype) {
  switch (dtype) {
  case SDY_BACKEND_DTYPE_PRED:
  case SDY_BACKEND_DTYPE_I8:
  case SDY_BACKEND_DTYPE_U8:
    return 1;
  case SDY_BACKEND_DTYPE_I16:
  case SDY_BACKEND_DTYPE_U16:
  case SDY_BACKEND_DTYPE_F16:
  case SDY_BACKEND_DTYPE_BF16:
    return 2;
  case SDY_BACKEND_DTYPE_I32:
  case SDY_BACKEND_DTYPE_U32:
  case SDY_BACKEND_DTYPE_F32:
    return 4;
  case SDY_BACKEND_DTYPE_I64:
  case SDY_BACKEND_DTYPE_U64:
  case SDY_BACKEND_DTYPE_F64:
    return 8;
  default:
    return 0;
  }
}

/* --- f16 / bf16 <-> f32, round to nearest even ---------------------------- */

static float bits_to_float(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static uint32_t float_to_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  if (exp == 0x1f) /* inf / nan (keep the payload, quiet) */
    return bits_to_float(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) { /* zero / subnormal: mant * 2^-24 is exact in f32 */
    float v = (float)mant * 5.9604644775390625e-8f;
    return sign ? -v : v;
  }
  return bits_to_float(sign | ((exp + 112) << 23) | (mant << 13));
}

static uint16_t float_to_half(float f) {
  uint32_t x = float_to_bits(f);
  uint32_t sign = (x >> 16) & 0x8000u, absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) /* inf, or nan kept quiet */
    return (uint16_t)(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0));
  if (absx >= 0x477ff000u) /* rounds to >= 65520: inf */
    return (uint16_t)(sign | 0x7c00u);
  if (absx < 0x38800000u) { /* half subnormal or zero: units of 2^-24 */
    float scaled = bits_to_float(absx) * 16777216.0f;
    return (uint16_t)(sign | (uint32_t)nearbyintf(scaled));
  }
  uint32_t h = (((absx >> 23) - 112) << 10) | ((absx & 0x7fffffu) >> 13);
  uint32_t rest = absx & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
    ++h;
  return (uint16_t)(sign | h);
}

static float bf16_to_float(uint16_t h) {
  return bits_to_float((uint32_t)h << 16);
}

static uint16_t float_to_bf16(float f) {
  uint32_t x = float_to_bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) /* nan: keep it quiet */
    return (uint16_t)((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}

/* --- kernels ----------------------------------------------------------------
 */

/* Float combiners: NaN in either operand gives NaN (acc's first). */
#define FMAX(a, b) (isnan(a) ? (a) : isnan(b) ? (b) : ((a) > (b) ? (a) : (b)))
#define FMIN(a, b) (isnan(a) ? (a) : isnan(b) ? (b) : ((a) < (b) ? (a) : (b)))

#define FLOAT_KERNELS(T)                                                       \
  static void T##_sum(T *a, const T *b, size_t n) {                            \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = a[i] + b[i];                                                      \
  }                                                                            \
  static void T##_prod(T *a, const T *b, size_t n) {                           \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = a[i] * b[i];                                                      \
  }                                                                            \
  static void T##_max(T *a, const T *b, size_t n) {                            \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = FMAX(a[i], b[i]);                                                 \
  }                                                                            \
  static void T##_min(T *a, const T *b, size_t n) {                            \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = FMIN(a[i], b[i]);                                                 \
  }
FLOAT_KERNELS(float)
FLOAT_KERNELS(double)

/* Integers: sum/prod in the unsigned type U so overflow wraps. */
#define INT_KERNELS(T, U)                                                      \
  static void T##_sum(T *a, const T *b, size_t n) {                            \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = (T)((U)a[i] + (U)b[i]);                                           \
  }                                                                            \
  static void T##_prod(T *a, const T *b, size_t n) {                           \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = (T)((U)a[i] * (U)b[i]);                                           \
  }                                                                            \
  static void T##_max(T *a, const T *b, size_t n) {                            \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = a[i] > b[i] ? a[i] : b[i];                                        \
  }                                                                            \
  static void T##_min(T *a, const T *b, size_t n) {                            \
    for (size_t i = 0; i < n; ++i)                                             \
      a[i] = a[i] < b[i] ? a[i] : b[i];                                        \
  }
/* uint32_t for the narrow types: promotion to int would make the product of
 * two large uint16_t values signed overflow. */
INT_KERNELS(int8_t, uint32_t)
INT_KERNELS(int16_t, uint32_t)
INT_KERNELS(int32_t, uint32_t)
INT_KERNELS(int64_t, uint64_t)
INT_KERNELS(uint8_t, uint32_t)
INT_KERNELS(uint16_t, uint32_t)
INT_KERNELS(uint32_t, uint32_t)
INT_KERNELS(uint64_t, uint64_t)

static void pred_reduce(int32_t op, uint8_t *a, const uint8_t *b, size_t n) {
  int is_or = op == SDY_BACKEND_REDUCE_SUM || op == SDY_BACKEND_REDUCE_MAX;
  for (size_t i = 0; i < n; ++i)
    a[i] = is_or ? (uint8_t)(a[i] != 0 || b[i] != 0)
                 : (uint8_t)(a[i] != 0 && b[i] != 0);
}

static float combine_f(int32_t op, float a, float b) {
  switch (op) {
  case SDY_BACKEND_REDUCE_SUM:
    return a + b;
  case SDY_BACKEND_REDUCE_PROD:
    return a * b;
  case SDY_BACKEND_REDUCE_MAX:
    return FMAX(a, b);
  default:
    return FMIN(a, b);
  }
}

static void half_reduce(int32_t op, int bf16, uint16_t *a, const uint16_t *b,
                        size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (bf16)
      a[i] = float_to_bf16(
          combine_f(op, bf16_to_float(a[i]), bf16_to_float(b[i])));
    else
      a[i] = float_to_half(
          combine_f(op, half_to_float(a[i]), half_to_float(b[i])));
  }
}

#define DISPATCH_OP(T)                                                         \
  switch (op) {                                                                \
  case SDY_BACKEND_REDUCE_SUM:                                                 \
    T##_sum((T *)acc, (const T *)in, count);                                   \
    return;                                                                    \
  case SDY_BACKEND_REDUCE_PROD:                                                \
    T##_prod((T *)acc, (const T *)in, count);                                  \
    return;                                                                    \
  case SDY_BACKEND_REDUCE_MAX:                                                 \
    T##_max((T *)acc, (const T *)in, count);                                   \
    return;                                                                    \
  default:                                                                     \
    T##_min((T *)acc, (const T *)in, count);                                   \
    return;                                                                    \
  }

void sdy_mpi_reduce(int32_t dtype, int32_t op, void *acc, const void *in,
                    size_t count) {
  switch (dtype) {
  case SDY_BACKEND_DTYPE_PRED:
    pred_reduce(op, (uint8_t *)acc, (const uint8_t *)in, count);
    return;
  case SDY_BACKEND_DTYPE_I8:
    DISPATCH_OP(int8_t)
  case SDY_BACKEND_DTYPE_I16:
    DISPATCH_OP(int16_t)
  case SDY_BACKEND_DTYPE_I32:
    DISPATCH_OP(int32_t)
  case SDY_BACKEND_DTYPE_I64:
    DISPATCH_OP(int64_t)
  case SDY_BACKEND_DTYPE_U8:
    DISPATCH_OP(uint8_t)
  case SDY_BACKEND_DTYPE_U16:
    DISPATCH_OP(uint16_t)
  case SDY_BACKEND_DTYPE_U32:
    DISPATCH_OP(uint32_t)
  case SDY_BACKEND_DTYPE_U64:
    DISPATCH_OP(uint64_t)
  case SDY_BACKEND_DTYPE_F16:
    half_reduce(op, 0, (uint16_t *)acc, (const uint16_t *)in, count);
    return;
  case SDY_BACKEND_DTYPE_BF16:
    half_reduce(op, 1, (uint16_t *)acc, (const uint16_t *)in, count);
    return;
  case SDY_BACKEND_DTYPE_F32:
    DISPATCH_OP(float)
  case SDY_BACKEND_DTYPE_F64:
    DISPATCH_OP(double)
  default:
    return;
  }
}
