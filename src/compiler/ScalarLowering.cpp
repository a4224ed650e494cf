//===- ScalarLowering.cpp - elementwise ops as scalar arith/math ----------===//
#include "compiler/ScalarLowering.h"
#include "compiler/ComplexLowering.h"

#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

bool isElementwiseUnary(Operation *op) {
  return isa<shlo::AbsOp, shlo::NegOp, shlo::ExpOp, shlo::Expm1Op, shlo::LogOp,
             shlo::Log1pOp, shlo::LogisticOp, shlo::SqrtOp, shlo::RsqrtOp,
             shlo::TanhOp, shlo::SineOp, shlo::CosineOp, shlo::FloorOp,
             shlo::CeilOp, shlo::RoundNearestEvenOp, shlo::NotOp, chlo::ErfOp>(
      op);
}

// The libm function (as a math op) of a chlo op the interpreter computes
// in f64 with libm, or null.
static const char *chloLibmOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, const char *>(op)
      .Case<chlo::TanOp>([](auto) { return "math.tan"; })
      .Case<chlo::AcosOp>([](auto) { return "math.acos"; })
      .Case<chlo::AcoshOp>([](auto) { return "math.acosh"; })
      .Case<chlo::AsinOp>([](auto) { return "math.asin"; })
      .Case<chlo::AsinhOp>([](auto) { return "math.asinh"; })
      .Case<chlo::AtanOp>([](auto) { return "math.atan"; })
      .Case<chlo::AtanhOp>([](auto) { return "math.atanh"; })
      .Case<chlo::CoshOp>([](auto) { return "math.cosh"; })
      .Case<chlo::SinhOp>([](auto) { return "math.sinh"; })
      .Case<chlo::ErfcOp>([](auto) { return "math.erfc"; })
      .Default([](auto) { return nullptr; });
}

const char *specialFunctionSymbol(Operation *op) {
  return llvm::TypeSwitch<Operation *, const char *>(op)
      .Case<chlo::LgammaOp>([](auto) { return "sdy_lgamma"; })
      .Case<chlo::DigammaOp>([](auto) { return "sdy_digamma"; })
      .Case<chlo::ErfInvOp>([](auto) { return "sdy_erf_inv"; })
      .Case<chlo::BesselI1eOp>([](auto) { return "sdy_bessel_i1e"; })
      .Case<chlo::ZetaOp>([](auto) { return "sdy_zeta"; })
      .Case<chlo::PolygammaOp>([](auto) { return "sdy_polygamma"; })
      .Default([](auto) { return nullptr; });
}

bool isExactUnary(Operation *op) {
  return isa<shlo::BitcastConvertOp, shlo::SignOp, shlo::PopulationCountOp,
             shlo::ClzOp, shlo::RoundOp, shlo::IsFiniteOp, shlo::CbrtOp,
             shlo::TanOp, shlo::ReducePrecisionOp, chlo::SquareOp,
             chlo::IsInfOp, chlo::IsPosInfOp, chlo::IsNegInfOp>(op) ||
         chloLibmOp(op);
}

bool isShift(Operation *op) {
  return isa<shlo::ShiftLeftOp, shlo::ShiftRightLogicalOp,
             shlo::ShiftRightArithmeticOp>(op);
}

bool isElementwiseBinary(Operation *op) {
  return isa<shlo::AddOp, shlo::SubtractOp, shlo::MulOp, shlo::DivOp,
             shlo::MaxOp, shlo::MinOp, shlo::PowOp, shlo::RemOp, shlo::Atan2Op,
             shlo::AndOp, shlo::OrOp, shlo::XorOp>(op) ||
         isShift(op);
}

static const char *floatUnaryOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, const char *>(op)
      .Case<shlo::AbsOp>([](auto) { return "math.absf"; })
      .Case<shlo::NegOp>([](auto) { return "arith.negf"; })
      .Case<shlo::ExpOp>([](auto) { return "math.exp"; })
      .Case<shlo::Expm1Op>([](auto) { return "math.expm1"; })
      .Case<shlo::LogOp>([](auto) { return "math.log"; })
      .Case<shlo::Log1pOp>([](auto) { return "math.log1p"; })
      .Case<shlo::SqrtOp>([](auto) { return "math.sqrt"; })
      .Case<shlo::TanhOp>([](auto) { return "math.tanh"; })
      .Case<shlo::SineOp>([](auto) { return "math.sin"; })
      .Case<shlo::CosineOp>([](auto) { return "math.cos"; })
      .Case<shlo::FloorOp>([](auto) { return "math.floor"; })
      .Case<shlo::CeilOp>([](auto) { return "math.ceil"; })
      .Case<shlo::RoundNearestEvenOp>([](auto) { return "math.roundeven"; })
      .Case<chlo::ErfOp>([](auto) { return "math.erf"; })
      .Default([](auto) { return nullptr; });
}

const char *binaryOpFor(Operation *op, Type et) {
  bool f = isa<FloatType>(et);
  bool pred = isPred(et);
  bool u = isUnsignedInt(et);
  return llvm::TypeSwitch<Operation *, const char *>(op)
      .Case<shlo::AddOp>([&](auto) {
        return f ? "arith.addf" : pred ? "arith.ori" : "arith.addi";
      })
      .Case<shlo::SubtractOp>(
          [&](auto) { return f ? "arith.subf" : "arith.subi"; })
      .Case<shlo::MulOp>([&](auto) {
        return f ? "arith.mulf" : pred ? "arith.andi" : "arith.muli";
      })
      .Case<shlo::DivOp>([&](auto) { return "arith.divf"; })
      .Case<shlo::MaxOp>([&](auto) {
        return f      ? "arith.maximumf"
               : pred ? "arith.ori"
               : u    ? "arith.maxui"
                      : "arith.maxsi";
      })
      .Case<shlo::MinOp>([&](auto) {
        return f      ? "arith.minimumf"
               : pred ? "arith.andi"
               : u    ? "arith.minui"
                      : "arith.minsi";
      })
      .Case<shlo::PowOp>([&](auto) { return "math.powf"; })
      .Case<shlo::RemOp>([&](auto) { return "arith.remf"; })
      .Case<shlo::Atan2Op>([&](auto) { return "math.atan2"; })
      .Case<shlo::AndOp>([&](auto) { return "arith.andi"; })
      .Case<shlo::OrOp>([&](auto) { return "arith.ori"; })
      .Case<shlo::XorOp>([&](auto) { return "arith.xori"; })
      .Default([](auto) { return nullptr; });
}

static const char *comparePredicate(shlo::ComparisonDirection d, Type et) {
  bool f = isa<FloatType>(et);
  bool u = isPred(et) || isUnsignedInt(et);
  switch (d) {
  case shlo::ComparisonDirection::EQ:
    return f ? "oeq" : "eq";
  case shlo::ComparisonDirection::NE:
    return f ? "une" : "ne";
  case shlo::ComparisonDirection::GE:
    return f ? "oge" : u ? "uge" : "sge";
  case shlo::ComparisonDirection::GT:
    return f ? "ogt" : u ? "ugt" : "sgt";
  case shlo::ComparisonDirection::LE:
    return f ? "ole" : u ? "ule" : "sle";
  case shlo::ComparisonDirection::LT:
    return f ? "olt" : u ? "ult" : "slt";
  }
  return "eq";
}

// A narrow format's bits (i8) as its f32 value, by the runtime's function.
static std::string widenFormat(Emitter &e, std::string &body,
                               const std::string &x, Type t) {
  std::string bits = e.scalar(body, "arith.extui", x, "i8 to i32");
  std::string d = e.scalar(body, "arith.uitofp", bits, "i32 to f64");
  std::string v =
      e.scalar(body, "func.call @sdy_" + printed(t) + "_to_f64(" + d + ")", "",
               "(f64) -> f64");
  return e.scalar(body, "arith.truncf", v, "f64 to f32");
}

// An f64 value rounded to a narrow format's bits (i8) by the runtime's
// function, as the interpreter stores it.
static std::string narrowFormat(Emitter &e, std::string &body,
                                const std::string &x64, Type t) {
  std::string v =
      e.scalar(body, "func.call @sdy_" + printed(t) + "_from_f64(" + x64 + ")",
               "", "(f64) -> f64");
  std::string bits = e.scalar(body, "arith.fptoui", v, "f64 to i32");
  return e.scalar(body, "arith.trunci", bits, "i32 to i8");
}

std::string widen(Emitter &e, std::string &body, const std::string &x, Type t) {
  if (isNarrowFormat(t))
    return widenFormat(e, body, x, t);
  if (t.isF16())
    return e.scalar(body, "arith.extf", x, "f16 to f32");
  Type i32 = IntegerType::get(t.getContext(), 32);
  std::string bits = e.scalar(body, "arith.bitcast", x, "bf16 to i16");
  std::string wide = e.scalar(body, "arith.extui", bits, "i16 to i32");
  std::string sixteen = e.constant(body, "16", i32);
  std::string high = e.scalar(body, "arith.shli", wide + ", " + sixteen, "i32");
  return e.scalar(body, "arith.bitcast", high, "i32 to f32");
}

std::string narrow(Emitter &e, std::string &body, const std::string &x,
                   Type t) {
  if (isNarrowFormat(t))
    return narrowFormat(e, body, e.scalar(body, "arith.extf", x, "f32 to f64"),
                        t);
  Type i32 = IntegerType::get(t.getContext(), 32);
  std::string tt = elementText(t);
  std::string bits = e.scalar(body, "arith.bitcast", x, "f32 to i32");
  std::string nan = e.scalar(body, "arith.cmpf uno,", x + ", " + x, "f32");
  std::string sixteen = e.constant(body, "16", i32);
  std::string high =
      e.scalar(body, "arith.shrui", bits + ", " + sixteen, "i32");
  std::string rounded, quiet;
  if (t.isF16()) {
    rounded = e.scalar(body, "arith.truncf", x, "f32 to f16");
    std::string signMask = e.constant(body, "32768", i32);
    std::string sign =
        e.scalar(body, "arith.andi", high + ", " + signMask, "i32");
    std::string qnan = e.constant(body, "32256", i32); // 0x7e00
    quiet = e.scalar(body, "arith.ori", sign + ", " + qnan, "i32");
  } else {
    std::string quietBit = e.constant(body, "64", i32);
    quiet = e.scalar(body, "arith.ori", high + ", " + quietBit, "i32");
    std::string one = e.constant(body, "1", i32);
    std::string lsb = e.scalar(body, "arith.andi", high + ", " + one, "i32");
    std::string half = e.constant(body, "32767", i32);
    std::string up = e.scalar(body, "arith.addi", bits + ", " + half, "i32");
    std::string even = e.scalar(body, "arith.addi", up + ", " + lsb, "i32");
    std::string top =
        e.scalar(body, "arith.shrui", even + ", " + sixteen, "i32");
    std::string top16 = e.scalar(body, "arith.trunci", top, "i32 to i16");
    rounded = e.scalar(body, "arith.bitcast", top16, "i16 to bf16");
  }
  std::string quiet16 = e.scalar(body, "arith.trunci", quiet, "i32 to i16");
  std::string quietF = e.scalar(body, "arith.bitcast", quiet16, "i16 to " + tt);
  return e.scalar(body, "arith.select", nan + ", " + quietF + ", " + rounded,
                  tt);
}

std::string f64Bits(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(bits, 18);
  return s;
}

// The smallest and largest integer of `t` (unsigned ones by their bits).
static std::string intMinText(Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  return isUnsignedInt(t) ? "0" : "-" + std::to_string(uint64_t(1) << (w - 1));
}
static std::string intMaxText(Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  return isUnsignedInt(t) ? "-1" : std::to_string((uint64_t(1) << (w - 1)) - 1);
}

// Float to integer as the interpreter converts: truncated in f64, saturated
// at the integer's range, NaN gives 0. The value handed to fptosi/fptoui is
// always in range (out-of-range inputs would be poison).
static std::string floatToInt(Emitter &e, std::string &body,
                              const std::string &x, Type from, Type to) {
  std::string ft = elementText(from), tt = elementText(to);
  if (isPred(to)) {
    std::string zero = e.constant(body, "0.0", from);
    return e.scalar(body, "arith.cmpf une,", x + ", " + zero, ft);
  }
  std::string d =
      from.isF64() ? x : e.scalar(body, "arith.extf", x, ft + " to f64");
  std::string t = e.scalar(body, "math.trunc", d, "f64");
  unsigned w = to.getIntOrFloatBitWidth();
  bool u = isUnsignedInt(to);
  double lo = u ? 0.0 : -std::ldexp(1.0, w - 1);
  double hi = u ? std::ldexp(1.0, w) - 1 : std::ldexp(1.0, w - 1) - 1;
  auto f64 = FloatType(Float64Type::get(from.getContext()));
  std::string loC = e.constant(body, f64Bits(lo), f64);
  std::string hiC = e.constant(body, f64Bits(hi), f64);
  std::string zeroF = e.constant(body, "0.0", f64);
  std::string below = e.scalar(body, "arith.cmpf ole,", t + ", " + loC, "f64");
  std::string above = e.scalar(body, "arith.cmpf oge,", t + ", " + hiC, "f64");
  std::string nan = e.scalar(body, "arith.cmpf uno,", t + ", " + t, "f64");
  std::string out = e.scalar(body, "arith.ori", below + ", " + above, "i1");
  std::string bad = e.scalar(body, "arith.ori", out + ", " + nan, "i1");
  std::string safe =
      e.scalar(body, "arith.select", bad + ", " + zeroF + ", " + t, "f64");
  std::string q =
      e.scalar(body, u ? "arith.fptoui" : "arith.fptosi", safe, "f64 to " + tt);
  std::string minC = e.constant(body, intMinText(to), to);
  std::string maxC = e.constant(body, intMaxText(to), to);
  std::string zeroI = e.constant(body, "0", to);
  std::string r1 =
      e.scalar(body, "arith.select", below + ", " + minC + ", " + q, tt);
  std::string r2 =
      e.scalar(body, "arith.select", above + ", " + maxC + ", " + r1, tt);
  return e.scalar(body, "arith.select", nan + ", " + zeroI + ", " + r2, tt);
}

std::string convertScalar(Emitter &e, std::string &body, const std::string &x,
                          Type from, Type to) {
  if (from == to)
    return x;
  if (isa<ComplexType>(from) || isa<ComplexType>(to))
    return convertComplex(e, body, x, from, to);
  Type f32 = Float32Type::get(from.getContext());
  if (isNarrowFloat(from))
    return convertScalar(e, body, widen(e, body, x, from), f32, to);
  // To a narrow format from the value in f64 (as the interpreter converts:
  // from double, not through f32).
  if (isNarrowFormat(to))
    return narrowFormat(
        e, body,
        convertScalar(e, body, x, from, Float64Type::get(to.getContext())), to);
  if (isNarrowFloat(to))
    return narrow(e, body, convertScalar(e, body, x, from, f32), to);
  std::string ft = elementText(from), tt = elementText(to);
  bool zeroExtended = isPred(from) || isUnsignedInt(from);
  if (isa<FloatType>(from) && isa<FloatType>(to))
    return e.scalar(body,
                    from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
                        ? "arith.extf"
                        : "arith.truncf",
                    x, ft + " to " + tt);
  if (isa<FloatType>(from))
    return floatToInt(e, body, x, from, to);
  if (isa<FloatType>(to))
    return e.scalar(body, zeroExtended ? "arith.uitofp" : "arith.sitofp", x,
                    ft + " to " + tt);
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (isPred(to)) {
    std::string zero = e.constant(body, "0", from);
    return e.scalar(body, "arith.cmpi ne,", x + ", " + zero, ft);
  }
  if (fw == tw)
    return x;
  if (tw > fw)
    return e.scalar(body, zeroExtended ? "arith.extui" : "arith.extsi", x,
                    ft + " to " + tt);
  return e.scalar(body, "arith.trunci", x, ft + " to " + tt);
}

// Integer division and remainder as the interpreter computes them, never a
// hardware trap: x / 0 is all ones and x % 0 is x; INT_MIN / -1 is INT_MIN
// and INT_MIN % -1 is 0. The divisor is replaced by 1 in those cases (which
// gives INT_MIN and 0 already).
static std::string intDivRem(Emitter &e, std::string &body, bool rem,
                             const std::string &a, const std::string &b,
                             Type et) {
  std::string t = elementText(et);
  bool u = isUnsignedInt(et);
  std::string zero = e.constant(body, "0", et);
  std::string one = e.constant(body, "1", et);
  std::string byZero = e.scalar(body, "arith.cmpi eq,", b + ", " + zero, t);
  std::string guard = byZero;
  if (!u) {
    std::string minusOne = e.constant(body, "-1", et);
    std::string minC = e.constant(body, intMinText(et), et);
    std::string isMin = e.scalar(body, "arith.cmpi eq,", a + ", " + minC, t);
    std::string isM1 = e.scalar(body, "arith.cmpi eq,", b + ", " + minusOne, t);
    std::string ovf = e.scalar(body, "arith.andi", isMin + ", " + isM1, "i1");
    guard = e.scalar(body, "arith.ori", byZero + ", " + ovf, "i1");
  }
  std::string safe =
      e.scalar(body, "arith.select", guard + ", " + one + ", " + b, t);
  const char *opName = rem ? (u ? "arith.remui" : "arith.remsi")
                           : (u ? "arith.divui" : "arith.divsi");
  std::string q = e.scalar(body, opName, a + ", " + safe, t);
  std::string byZeroResult = rem ? a : e.constant(body, "-1", et);
  return e.scalar(body, "arith.select", byZero + ", " + byZeroResult + ", " + q,
                  t);
}

// Shifts as StableHLO defines them: the amount read as unsigned; an amount
// of the bit width or more gives 0, or the sign fill for the arithmetic
// right shift. The amount handed to arith is always below the width (a
// larger one would be poison).
static std::string shift(Emitter &e, std::string &body, Operation *op,
                         const std::string &a, const std::string &s, Type et) {
  std::string t = elementText(et);
  unsigned w = et.getIntOrFloatBitWidth();
  std::string width = e.constant(body, std::to_string(w), et);
  std::string big = e.scalar(body, "arith.cmpi uge,", s + ", " + width, t);
  if (isa<shlo::ShiftRightArithmeticOp>(op)) {
    std::string last = e.constant(body, std::to_string(w - 1), et);
    std::string safe =
        e.scalar(body, "arith.select", big + ", " + last + ", " + s, t);
    return e.scalar(body, "arith.shrsi", a + ", " + safe, t);
  }
  std::string zero = e.constant(body, "0", et);
  std::string safe =
      e.scalar(body, "arith.select", big + ", " + zero + ", " + s, t);
  std::string r =
      e.scalar(body, isa<shlo::ShiftLeftOp>(op) ? "arith.shli" : "arith.shrui",
               a + ", " + safe, t);
  return e.scalar(body, "arith.select", big + ", " + zero + ", " + r, t);
}

// The exact unary ops on scalar `x` of compute type `et`.
static std::string exactUnaryScalar(Emitter &e, Operation *op,
                                    std::string &body, const std::string &x,
                                    Type et, Type outEt) {
  std::string t = elementText(et);
  if (isa<shlo::BitcastConvertOp>(op)) {
    std::string to = elementText(outEt);
    // Signless and unsigned integers share their kernel type.
    if (to == t)
      return x;
    return e.scalar(body, "arith.bitcast", x, t + " to " + to);
  }
  if (isa<shlo::PopulationCountOp>(op))
    return e.scalar(body, "math.ctpop", x, t);
  if (isa<shlo::ClzOp>(op))
    return e.scalar(body, "math.ctlz", x, t);
  if (isa<shlo::RoundOp>(op))
    return e.scalar(body, "math.round", x, t);
  if (isa<shlo::CbrtOp>(op))
    return e.scalar(body, "math.cbrt", x, t);
  if (isa<shlo::TanOp>(op))
    return e.scalar(body, "math.tan", x, t);
  if (const char *libm = chloLibmOp(op)) {
    // As the interpreter: libm's function in f64, rounded once to the type.
    if (et.isF64())
      return e.scalar(body, libm, x, t);
    std::string wide = e.scalar(body, "arith.extf", x, t + " to f64");
    std::string r = e.scalar(body, libm, wide, "f64");
    return e.scalar(body, "arith.truncf", r, "f64 to " + t);
  }
  if (isa<chlo::SquareOp>(op))
    return e.scalar(body, "arith.mulf", x + ", " + x, t);
  if (isa<chlo::IsInfOp, chlo::IsPosInfOp, chlo::IsNegInfOp>(op)) {
    // x == +inf, x == -inf, or |x| == +inf (NaN is neither).
    bool negative = isa<chlo::IsNegInfOp>(op);
    std::string inf = e.constant(
        body,
        et.isF64() ? (negative ? "0xFFF0000000000000" : "0x7FF0000000000000")
                   : (negative ? "0xFF800000" : "0x7F800000"),
        et);
    std::string v =
        isa<chlo::IsInfOp>(op) ? e.scalar(body, "math.absf", x, t) : x;
    return e.scalar(body, "arith.cmpf oeq,", v + ", " + inf, t);
  }
  if (isa<shlo::IsFiniteOp>(op)) {
    // |x| < inf is false for infinities and NaN.
    std::string inf =
        e.constant(body, et.isF64() ? "0x7FF0000000000000" : "0x7F800000", et);
    std::string abs = e.scalar(body, "math.absf", x, t);
    return e.scalar(body, "arith.cmpf olt,", abs + ", " + inf, t);
  }
  // sign (of signed integers and floats): -1, 0 or 1; a float zero keeps its
  // sign and NaN stays NaN.
  if (isa<FloatType>(et)) {
    std::string zero = e.constant(body, "0.0", et);
    std::string one = e.constant(body, "1.0", et);
    std::string isSigned =
        e.scalar(body, "arith.cmpf one,", x + ", " + zero, t);
    std::string unit = e.scalar(body, "math.copysign", one + ", " + x, t);
    return e.scalar(body, "arith.select", isSigned + ", " + unit + ", " + x, t);
  }
  std::string zero = e.constant(body, "0", et);
  std::string positive = e.scalar(body, "arith.cmpi sgt,", x + ", " + zero, t);
  std::string up = e.scalar(body, "arith.extui", positive, "i1 to " + t);
  std::string negative = e.scalar(body, "arith.cmpi slt,", x + ", " + zero, t);
  std::string down = e.scalar(body, "arith.extui", negative, "i1 to " + t);
  return e.scalar(body, "arith.subi", up + ", " + down, t);
}

// reduce_precision of `x` (of float type `t`, on its own bits, f16 and bf16
// included) as the interpreter computes it, after XLA: the mantissa rounded
// to nearest even, then +-inf on exponent overflow and +-0 on underflow; a
// NaN stays itself (the infinity of all ones when no mantissa bit is kept).
static std::string reducePrecisionScalar(Emitter &e, std::string &body,
                                         const std::string &x, Type t,
                                         int64_t exponentBits,
                                         int64_t mantissaBits) {
  auto ft = cast<FloatType>(t);
  unsigned width = ft.getWidth();
  int64_t srcMantissa = ft.getFPMantissaWidth() - 1;
  int64_t srcExponent = width - 1 - srcMantissa;
  Type it = IntegerType::get(t.getContext(), width);
  std::string its = elementText(it);
  auto c = [&](uint64_t v) {
    // Two's complement in the width (arith reads the literal as signed).
    int64_t s = width == 64
                    ? static_cast<int64_t>(v)
                    : static_cast<int64_t>(v << (64 - width)) >> (64 - width);
    return e.constant(body, std::to_string(s), it);
  };
  auto op = [&](const char *name, const std::string &a, const std::string &b) {
    return e.scalar(body, name, a + ", " + b, its);
  };
  std::string in =
      e.scalar(body, "arith.bitcast", x, elementText(t) + " to " + its);
  std::string bits = in;
  if (mantissaBits < srcMantissa) {
    int64_t drop = srcMantissa - mantissaBits;
    uint64_t lastBit = uint64_t(1) << drop;
    std::string odd =
        op("arith.shrui", op("arith.andi", bits, c(lastBit)), c(drop));
    std::string bias = op("arith.addi", odd, c((lastBit >> 1) - 1));
    bits = op("arith.andi", op("arith.addi", bits, bias), c(~(lastBit - 1)));
  }
  uint64_t exponentAll = ((uint64_t(1) << srcExponent) - 1) << srcMantissa;
  if (exponentBits < srcExponent) {
    uint64_t bias = (uint64_t(1) << (srcExponent - 1)) - 1;
    uint64_t reducedBias = (uint64_t(1) << (exponentBits - 1)) - 1;
    std::string exponent = op("arith.andi", bits, c(exponentAll));
    std::string sign = op("arith.andi", bits, c(uint64_t(1) << (width - 1)));
    std::string over =
        e.scalar(body, "arith.cmpi ugt,",
                 exponent + ", " + c((bias + reducedBias) << srcMantissa), its);
    std::string under =
        e.scalar(body, "arith.cmpi ule,",
                 exponent + ", " + c((bias - reducedBias) << srcMantissa), its);
    std::string inf = op("arith.ori", sign, c(exponentAll));
    bits =
        e.scalar(body, "arith.select", under + ", " + sign + ", " + bits, its);
    bits = e.scalar(body, "arith.select", over + ", " + inf + ", " + bits, its);
  }
  uint64_t mantissaMask = (uint64_t(1) << srcMantissa) - 1;
  std::string allOnes = e.scalar(
      body, "arith.cmpi eq,",
      op("arith.andi", in, c(exponentAll)) + ", " + c(exponentAll), its);
  std::string payload =
      e.scalar(body, "arith.cmpi ne,",
               op("arith.andi", in, c(mantissaMask)) + ", " + c(0), its);
  std::string nan =
      e.scalar(body, "arith.andi", allOnes + ", " + payload, "i1");
  bits = e.scalar(
      body, "arith.select",
      nan + ", " + (mantissaBits > 0 ? in : c(exponentAll)) + ", " + bits, its);
  return e.scalar(body, "arith.bitcast", bits, its + " to " + elementText(t));
}

// chlo.next_after of `x` towards `y` (of float type `t`, f16 and bf16 on
// their own bits) as the interpreter computes it: compared in their compute
// type, the neighbour taken on the bit patterns; NaN gives the quiet NaN,
// x == y gives y and 0 gives the smallest subnormal of y's sign.
static std::string nextAfterScalar(Emitter &e, std::string &body,
                                   const std::string &x, const std::string &y,
                                   Type t) {
  unsigned width = t.getIntOrFloatBitWidth();
  Type it = IntegerType::get(t.getContext(), width);
  std::string its = elementText(it), ts = elementText(t);
  Type ct = computeType(t);
  std::string cts = elementText(ct);
  std::string fx = isNarrowFloat(t) ? widen(e, body, x, t) : x;
  std::string fy = isNarrowFloat(t) ? widen(e, body, y, t) : y;
  std::string bx = e.scalar(body, "arith.bitcast", x, ts + " to " + its);
  std::string by = e.scalar(body, "arith.bitcast", y, ts + " to " + its);
  auto c = [&](int64_t v) { return e.constant(body, std::to_string(v), it); };
  // The sign bit, as the signed literal of the width.
  int64_t signBit = width == 64 ? std::numeric_limits<int64_t>::min()
                                : -(int64_t(1) << (width - 1));
  std::string zero = e.constant(body, "0.0", ct);
  std::string sign = e.scalar(body, "arith.andi", by + ", " + c(signBit), its);
  std::string one = c(1);
  std::string tiny = e.scalar(body, "arith.ori", sign + ", " + one, its);
  std::string up = e.scalar(body, "arith.addi", bx + ", " + one, its);
  std::string down = e.scalar(body, "arith.subi", bx + ", " + one, its);
  std::string lt = e.scalar(body, "arith.cmpf olt,", fx + ", " + fy, cts);
  std::string pos = e.scalar(body, "arith.cmpf ogt,", fx + ", " + zero, cts);
  std::string away = e.scalar(body, "arith.cmpi eq,", lt + ", " + pos, "i1");
  std::string r =
      e.scalar(body, "arith.select", away + ", " + up + ", " + down, its);
  std::string isZero = e.scalar(body, "arith.cmpf oeq,", fx + ", " + zero, cts);
  r = e.scalar(body, "arith.select", isZero + ", " + tiny + ", " + r, its);
  std::string eq = e.scalar(body, "arith.cmpf oeq,", fx + ", " + fy, cts);
  r = e.scalar(body, "arith.select", eq + ", " + by + ", " + r, its);
  // The quiet NaN of the type: 0x7FF8000000000000, 0x7FC00000, 0x7E00
  // (f16), 0x7FC0 (bf16).
  int64_t qnan = t.isF64()   ? int64_t(0x7FF8000000000000)
                 : t.isF32() ? int64_t(0x7FC00000)
                 : t.isF16() ? int64_t(0x7E00)
                             : int64_t(0x7FC0);
  std::string nan = e.scalar(body, "arith.cmpf uno,", fx + ", " + fy, cts);
  r = e.scalar(body, "arith.select", nan + ", " + c(qnan) + ", " + r, its);
  return e.scalar(body, "arith.bitcast", r, its + " to " + ts);
}

// The scalar result of elementwise `op` (iota included) on the scalars `a`,
// read in the op's compute types.
static std::string elementwiseScalar(Emitter &e, Operation *op,
                                     std::string &body,
                                     const std::vector<std::string> &a) {
  Type outEt = elementOf(op->getResult(0));
  if (auto iota = dyn_cast<shlo::IotaOp>(op)) {
    std::string i = e.scalar(
        body, "linalg.index " + std::to_string(iota.getIotaDimension()), "",
        "index");
    std::string i64 = e.scalar(body, "arith.index_cast", i, "index to i64");
    return convertScalar(e, body, i64, IntegerType::get(op->getContext(), 64),
                         outEt);
  }
  if (std::string r = complexScalar(e, op, body, a); !r.empty())
    return r;
  Type et = computeType(elementOf(op->getOperand(0)));
  std::string ets = elementText(et);
  if (isa<shlo::BroadcastInDimOp, shlo::TransposeOp, shlo::ReverseOp>(op))
    return a[0];
  if (isShift(op))
    return shift(e, body, op, a[0], a[1], et);
  if (isa<shlo::DivOp, shlo::RemOp>(op) && !isa<FloatType>(et))
    return intDivRem(e, body, isa<shlo::RemOp>(op), a[0], a[1], et);
  if (auto cmp = dyn_cast<shlo::CompareOp>(op)) {
    const char *p = comparePredicate(cmp.getComparisonDirection(), et);
    return e.scalar(
        body,
        std::string(isa<FloatType>(et) ? "arith.cmpf " : "arith.cmpi ") + p +
            ",",
        a[0] + ", " + a[1], ets);
  }
  if (isa<shlo::SelectOp>(op))
    return e.scalar(body, "arith.select", a[0] + ", " + a[1] + ", " + a[2],
                    elementText(outEt));
  if (isa<shlo::ClampOp>(op)) {
    Type xt = computeType(elementOf(op->getOperand(1)));
    bool f = isa<FloatType>(xt), u = isUnsignedInt(xt) || isPred(xt);
    std::string t = elementText(xt);
    std::string lo = e.scalar(body,
                              f   ? "arith.maximumf"
                              : u ? "arith.maxui"
                                  : "arith.maxsi",
                              a[1] + ", " + a[0], t);
    return e.scalar(body,
                    f   ? "arith.minimumf"
                    : u ? "arith.minui"
                        : "arith.minsi",
                    lo + ", " + a[2], t);
  }
  if (isa<shlo::ConvertOp>(op))
    return convertScalar(e, body, a[0], elementOf(op->getOperand(0)), outEt);
  if (isa<shlo::BitcastConvertOp>(op))
    return exactUnaryScalar(e, op, body, a[0], elementOf(op->getOperand(0)),
                            outEt);
  if (isa<chlo::NextAfterOp>(op))
    return nextAfterScalar(e, body, a[0], a[1], elementOf(op->getOperand(0)));
  if (auto rp = dyn_cast<shlo::ReducePrecisionOp>(op))
    return reducePrecisionScalar(e, body, a[0], elementOf(rp.getOperand()),
                                 rp.getExponentBits(), rp.getMantissaBits());
  if (isExactUnary(op))
    return exactUnaryScalar(e, op, body, a[0], et, outEt);
  if (const char *fn = specialFunctionSymbol(op)) {
    // As the interpreter: the runtime's function in f64, rounded once to
    // the type.
    // `a` holds the generic's output element after the operands.
    std::vector<std::string> wide;
    for (unsigned i = 0; i < op->getNumOperands(); ++i)
      wide.push_back(et.isF64()
                         ? a[i]
                         : e.scalar(body, "arith.extf", a[i], ets + " to f64"));
    std::string types(wide.size() == 1 ? "f64" : "f64, f64");
    std::string r = e.scalar(body,
                             "func.call @" + std::string(fn) + "(" +
                                 llvm::join(wide, ", ") + ")",
                             "", "(" + types + ") -> f64");
    return et.isF64() ? r : e.scalar(body, "arith.truncf", r, "f64 to " + ets);
  }
  if (isa<shlo::RsqrtOp>(op)) {
    std::string root = e.scalar(body, "math.sqrt", a[0], ets);
    std::string one = e.constant(body, "1.0", et);
    return e.scalar(body, "arith.divf", one + ", " + root, ets);
  }
  if (isa<shlo::LogisticOp>(op)) {
    std::string n = e.scalar(body, "arith.negf", a[0], ets);
    std::string x = e.scalar(body, "math.exp", n, ets);
    std::string one = e.constant(body, "1.0", et);
    std::string d = e.scalar(body, "arith.addf", one + ", " + x, ets);
    return e.scalar(body, "arith.divf", one + ", " + d, ets);
  }
  if (isElementwiseUnary(op)) {
    if (isa<shlo::NotOp>(op)) {
      std::string ones = e.constant(body, "-1", et);
      return e.scalar(body, "arith.xori", a[0] + ", " + ones, ets);
    }
    if (!isa<FloatType>(et)) {
      if (isa<shlo::AbsOp>(op))
        return e.scalar(body, "math.absi", a[0], ets);
      std::string zero = e.constant(body, "0", et);
      return e.scalar(body, "arith.subi", zero + ", " + a[0], ets);
    }
    return e.scalar(body, floatUnaryOp(op), a[0], ets);
  }
  return e.scalar(body, binaryOpFor(op, et), a[0] + ", " + a[1], ets);
}

std::string computedScalar(Emitter &e, Operation *op, std::string &body,
                           const std::vector<std::string> &a) {
  bool widened =
      !isa<shlo::ConvertOp, shlo::BitcastConvertOp, shlo::ReducePrecisionOp,
           chlo::NextAfterOp, shlo::SelectOp, shlo::BroadcastInDimOp,
           shlo::TransposeOp, shlo::ReverseOp, shlo::IotaOp>(op) &&
      llvm::any_of(op->getOperands(),
                   [](Value v) { return isNarrowFloat(elementOf(v)); });
  if (!widened)
    return elementwiseScalar(e, op, body, a);
  std::vector<std::string> wide = a;
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (isNarrowFloat(elementOf(v)))
      wide[i] = widen(e, body, a[i], elementOf(v));
  std::string r = elementwiseScalar(e, op, body, wide);
  Type outEt = elementOf(op->getResult(0));
  return isNarrowFloat(outEt) ? narrow(e, body, r, outEt) : r;
}
} // namespace sdy::compiler
