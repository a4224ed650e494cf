//===- Checks.cpp - the check ops of interpreter tests --------------------===//
//
// check.expect_* (and the same checks written as custom calls to
// @check.expect_* by framework-generated tests) compare a computed tensor
// with an expected one; a failed check stops the function with a Mismatch
// status naming the first differing element and both tensors, abridged.
//
// Equality (expect_eq): integers and booleans bit for bit; floats by value
// (+0 equals -0) and any NaN equals any NaN; complex numbers part by part. Near
// equality (expect_almost_eq): floats whose difference is at most the
// tolerance, absolutely or relative to the larger magnitude; NaN only equals
// NaN and an infinity only itself; other types exactly. expect_close: the
// distance in units in the last place (ULPs) of the actual type, after rounding
// the expected values to it, lies in [min, max]; NaN is 0 ULPs from NaN.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/Io.h"
#include "runtime/KernelTable.h"

#include "ir/check/CheckDialect.h"
#include "ir/stablehlo/StablehloDialect.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace sdy::runtime {
namespace {

using namespace mlir;

enum class Compare { Equal, AlmostEqual };

constexpr int64_t kShown = 16;

std::string indexString(const Shape &shape, int64_t flat) {
  std::vector<int64_t> index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] > 0) {
      index[d] = flat % shape[d];
      flat /= shape[d];
    }
  }
  std::string s = "[";
  for (size_t i = 0; i < index.size(); ++i)
    s += (i ? ", " : "") + std::to_string(index[i]);
  return s + "]";
}

std::string floatString(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.9g", v);
  return buf;
}

std::string elementString(const Tensor &t, int64_t i) {
  return dispatchAll(t.type(), [&](auto tag) -> std::string {
    using T = typename decltype(tag)::type;
    T raw = t.data<T>()[i];
    if constexpr (is_complex_v<T>) {
      return "(" + floatString(raw.real()) + ", " + floatString(raw.imag()) +
             ")";
    } else {
      auto v = load(raw);
      if constexpr (is_pred_v<T>)
        return v ? "true" : "false";
      else if constexpr (is_float_v<T> || is_nfloat_v<T>)
        return floatString(static_cast<double>(v));
      else
        return std::to_string(v);
    }
  });
}

Status mismatch(const char *check, const Tensor &actual, const Tensor &expected,
                int64_t at, const std::string &why) {
  return Status(StatusCode::Mismatch,
                std::string(check) + " failed: element " +
                    indexString(actual.shape(), at) + ": expected " +
                    elementString(expected, at) + ", got " +
                    elementString(actual, at) + why +
                    "\n  expected: " + expected.toString(kShown) +
                    "\n  actual:   " + actual.toString(kShown));
}

Status sameType(const char *check, const Tensor &actual,
                const Tensor &expected) {
  if (actual.type() == expected.type() && actual.shape() == expected.shape())
    return Status::ok();
  return Status(StatusCode::Mismatch,
                std::string(check) + " failed: expected a tensor<" +
                    shapeString(expected.shape(), expected.type()) +
                    ">, got tensor<" +
                    shapeString(actual.shape(), actual.type()) + ">");
}

// Whether floats x and y differ under `how`.
bool floatsDiffer(double x, double y, Compare how, double tolerance) {
  if (std::isnan(x) || std::isnan(y))
    return !(std::isnan(x) && std::isnan(y));
  if (x == y)
    return false;
  if (how == Compare::Equal || std::isinf(x) || std::isinf(y))
    return true;
  double diff = std::fabs(x - y);
  double scale = std::max(std::fabs(x), std::fabs(y));
  return !(diff <= tolerance || diff <= tolerance * scale);
}

// The first element where `actual` and `expected` differ, or -1. Complex
// numbers compare part by part as floats do.
int64_t firstDifference(const Tensor &actual, const Tensor &expected,
                        Compare how, double tolerance) {
  return dispatchAll(actual.type(), [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    const T *a = actual.data<T>();
    const T *e = expected.data<T>();
    for (int64_t i = 0; i < actual.numElements(); ++i) {
      if constexpr (is_complex_v<T>) {
        if (floatsDiffer(a[i].real(), e[i].real(), how, tolerance) ||
            floatsDiffer(a[i].imag(), e[i].imag(), how, tolerance))
          return i;
      } else if constexpr (is_float_v<T> || is_nfloat_v<T>) {
        if (floatsDiffer(load(a[i]), load(e[i]), how, tolerance))
          return i;
      } else if (load(a[i]) != load(e[i])) {
        return i;
      }
    }
    return -1;
  });
}

Status expectEqual(const char *check, const Tensor &actual,
                   const Tensor &expected, Compare how, double tolerance) {
  SDY_RETURN_IF_ERROR(sameType(check, actual, expected));
  int64_t at = firstDifference(actual, expected, how, tolerance);
  if (at < 0)
    return Status::ok();
  std::string why;
  if (how == Compare::AlmostEqual &&
      (isFloat(actual.type()) || isNarrowFloat(actual.type()) ||
       isComplex(actual.type())))
    why = " (tolerance " + std::to_string(tolerance) + ")";
  return mismatch(check, actual, expected, at, why);
}

// The bits of a float as an integer ordered like the floats.
template <typename Bits>
int64_t orderedBits(Bits bits) {
  constexpr Bits sign = Bits(1) << (sizeof(Bits) * 8 - 1);
  if (bits & sign)
    return -static_cast<int64_t>(bits & ~sign);
  return static_cast<int64_t>(bits);
}

template <typename T>
int64_t orderedOf(T v) {
  if constexpr (std::is_same_v<T, float>) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return orderedBits(b);
  } else if constexpr (std::is_same_v<T, double>) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return orderedBits(b);
  } else {
    return orderedBits(v.bits);
  }
}

// ULP distances saturate here (f64 distances may exceed int64).
constexpr uint64_t kFar = std::numeric_limits<uint64_t>::max();

uint64_t ulpDistance(int64_t a, int64_t b) {
  // Both are within (-2^63, 2^63): the difference fits in uint64.
  return a >= b ? static_cast<uint64_t>(a) - static_cast<uint64_t>(b)
                : static_cast<uint64_t>(b) - static_cast<uint64_t>(a);
}

Status expectClose(const Tensor &actual, const Tensor &expectedIn,
                   uint64_t minUlps, uint64_t maxUlps) {
  const char *check = "check.expect_close";
  if (!isFloat(actual.type()) || !isFloat(expectedIn.type()))
    return Status::unsupported(std::string(check) +
                               " compares floating-point tensors only");
  Tensor expected = expectedIn.type() == actual.type()
                        ? expectedIn
                        : kernels::convert(expectedIn, actual.type());
  SDY_RETURN_IF_ERROR(sameType(check, actual, expected));
  int64_t at = -1;
  uint64_t ulps = 0;
  dispatch(actual.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_v<T>) {
      const T *a = actual.data<T>();
      const T *e = expected.data<T>();
      for (int64_t i = 0; i < actual.numElements(); ++i) {
        double x = load(a[i]), y = load(e[i]);
        uint64_t d;
        if (std::isnan(x) || std::isnan(y))
          d = std::isnan(x) && std::isnan(y) ? 0 : kFar;
        else
          d = x == y ? 0 : ulpDistance(orderedOf(a[i]), orderedOf(e[i]));
        if (d < minUlps || d > maxUlps) {
          at = i;
          ulps = d;
          return;
        }
      }
    }
  });
  if (at < 0)
    return Status::ok();
  std::string dist = ulps == kFar ? std::string("NaN against a number")
                                  : std::to_string(ulps) + " ULPs";
  return mismatch(check, actual, expected, at,
                  " (" + dist + ", allowed " + std::to_string(minUlps) + ".." +
                      std::to_string(maxUlps) + ")");
}

Status constantOf(Attribute value, Tensor &out) {
  Status s = tensorFromAttr(value, out);
  if (!s.isOk())
    return s.withContext("the expected constant");
  return s;
}

Status expectEqKernel(OpCall &c) {
  return expectEqual("check.expect_eq", c.in[0], c.in[1], Compare::Equal, 0);
}

Status expectEqConstKernel(OpCall &c) {
  Tensor expected;
  SDY_RETURN_IF_ERROR(
      constantOf(cast<check::ExpectEqConstOp>(c.op).getValue(), expected));
  return expectEqual("check.expect_eq_const", c.in[0], expected, Compare::Equal,
                     0);
}

Status expectAlmostEqKernel(OpCall &c) {
  auto op = cast<check::ExpectAlmostEqOp>(c.op);
  return expectEqual("check.expect_almost_eq", c.in[0], c.in[1],
                     Compare::AlmostEqual, op.getTolerance().convertToDouble());
}

Status expectAlmostEqConstKernel(OpCall &c) {
  auto op = cast<check::ExpectAlmostEqConstOp>(c.op);
  Tensor expected;
  SDY_RETURN_IF_ERROR(constantOf(op.getValue(), expected));
  return expectEqual("check.expect_almost_eq_const", c.in[0], expected,
                     Compare::AlmostEqual, op.getTolerance().convertToDouble());
}

Status expectCloseKernel(OpCall &c) {
  auto op = cast<check::ExpectCloseOp>(c.op);
  return expectClose(c.in[0], c.in[1], op.getMinUlpDifference(),
                     op.getMaxUlpDifference());
}

// Equality (as expect_eq) with iteration `iter` of a probe.
Status expectSerializedEqKernel(OpCall &c) {
  auto op = cast<check::ExpectSerializedEqOp>(c.op);
  ProbeStore *probes;
  SDY_RETURN_IF_ERROR(
      probesOf(c.interp.context(), "check.expect_serialized_eq", probes));
  Tensor recorded;
  Status s = probes->load(op.getProbeId().str(), op.getIteration(), recorded);
  if (!s.isOk())
    return Status(s.code(),
                  "check.expect_serialized_eq failed: " + s.message());
  return expectEqual("check.expect_serialized_eq", recorded, c.in[0],
                     Compare::Equal, 0);
}

} // namespace

Status runCheckCustomCall(OpCall &c) {
  auto op = cast<stablehlo::CustomCallOp>(c.op);
  std::string target = op.getCallTargetName().str();
  if (c.in.size() != 2)
    return Status::invalid("custom_call @" + target +
                           " takes the actual and the expected tensor, got " +
                           std::to_string(c.in.size()) + " operands");
  Status s;
  if (target == "check.expect_eq" || target == "check.eq")
    s = expectEqual(target.c_str(), c.in[0], c.in[1], Compare::Equal, 0);
  else if (target == "check.expect_almost_eq")
    s = expectEqual(target.c_str(), c.in[0], c.in[1], Compare::AlmostEqual,
                    1e-4);
  else if (target == "check.expect_close")
    s = expectClose(c.in[0], c.in[1], 0, 1);
  else
    return Status::unsupported("custom_call target '" + target +
                               "' is not a known check");
  SDY_RETURN_IF_ERROR(s);
  // The forms that return the verdict get `true`.
  for (Type t : op->getResultTypes()) {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt || !rt.getElementType().isInteger(1) || rt.getNumElements() != 1)
      return Status::invalid("custom_call @" + target +
                             " may only return a boolean");
    Tensor r(ElementType::Pred,
             Shape(rt.getShape().begin(), rt.getShape().end()));
    *r.data<uint8_t>() = 1;
    c.out.push_back(r);
  }
  return Status::ok();
}

void registerCheckKernels(KernelTable &table) {
  table.add<check::ExpectEqOp>(expectEqKernel);
  table.add<check::ExpectEqConstOp>(expectEqConstKernel);
  table.add<check::ExpectAlmostEqOp>(expectAlmostEqKernel);
  table.add<check::ExpectAlmostEqConstOp>(expectAlmostEqConstKernel);
  table.add<check::ExpectCloseOp>(expectCloseKernel);
  table.add<check::ExpectSerializedEqOp>(expectSerializedEqKernel);
}

} // namespace sdy::runtime
