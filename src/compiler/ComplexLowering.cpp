//===- ComplexLowering.cpp - complex numbers as pairs of parts ------------===//
#include "compiler/ComplexLowering.h"
#include "compiler/DataMovementLowering.h"
#include "compiler/ScalarLowering.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

namespace {

Type partOf(Type t) { return cast<ComplexType>(t).getElementType(); }

// The parts of complex scalar `x` of type `t`.
std::pair<std::string, std::string> parts(Emitter &e, std::string &body,
                                          const std::string &x, Type t) {
  std::string ct = elementText(t);
  return {e.scalar(body, "complex.re", x, ct),
          e.scalar(body, "complex.im", x, ct)};
}

std::string create(Emitter &e, std::string &body, const std::string &re,
                   const std::string &im, Type t) {
  return e.scalar(body, "complex.create", re + ", " + im, elementText(t));
}

// A call of the runtime function `name` on the parts `args` (of part type
// `r`), in f64, rounded back to `r`.
std::string callPart(Emitter &e, std::string &body, const std::string &name,
                     const std::vector<std::string> &args, Type r) {
  std::string rt = elementText(r);
  std::vector<std::string> wide, types;
  for (const std::string &x : args) {
    wide.push_back(r.isF64() ? x
                             : e.scalar(body, "arith.extf", x, rt + " to f64"));
    types.push_back("f64");
  }
  std::string v =
      e.scalar(body, "func.call @" + name + "(" + llvm::join(wide, ", ") + ")",
               "", "(" + llvm::join(types, ", ") + ") -> f64");
  return r.isF64() ? v : e.scalar(body, "arith.truncf", v, "f64 to " + rt);
}

// "sdy_c64_<op>" or "sdy_c128_<op>".
std::string functionName(Type complex, const std::string &op) {
  return std::string("sdy_") + (partOf(complex).isF64() ? "c128_" : "c64_") +
         op;
}

// The lexicographic comparison of (ar, ai) and (br, bi) of part type `r`,
// as the interpreter compares complex numbers.
std::string compareParts(Emitter &e, std::string &body,
                         shlo::ComparisonDirection d, const std::string &ar,
                         const std::string &ai, const std::string &br,
                         const std::string &bi, Type r) {
  std::string rt = elementText(r);
  auto cmp = [&](const char *p, const std::string &x, const std::string &y) {
    return e.scalar(body, std::string("arith.cmpf ") + p + ",", x + ", " + y,
                    rt);
  };
  std::string realEq = cmp("oeq", ar, br);
  std::string bothEq =
      e.scalar(body, "arith.andi", realEq + ", " + cmp("oeq", ai, bi), "i1");
  using D = shlo::ComparisonDirection;
  switch (d) {
  case D::EQ:
    return bothEq;
  case D::NE: // !(re == re' && im == im'), NaN parts included
    return e.scalar(body, "arith.ori",
                    cmp("une", ar, br) + ", " + cmp("une", ai, bi), "i1");
  default:
    break;
  }
  const char *strict = d == D::LT || d == D::LE ? "olt" : "ogt";
  const char *imag = d == D::LT   ? "olt"
                     : d == D::LE ? "ole"
                     : d == D::GT ? "ogt"
                                  : "oge";
  std::string tie =
      e.scalar(body, "arith.andi", realEq + ", " + cmp(imag, ai, bi), "i1");
  return e.scalar(body, "arith.ori", cmp(strict, ar, br) + ", " + tie, "i1");
}

} // namespace

bool usesComplex(Operation *op) {
  auto complexTensor = [](Type t) {
    auto rt = dyn_cast<RankedTensorType>(t);
    return rt && isa<ComplexType>(rt.getElementType());
  };
  return llvm::any_of(op->getOperandTypes(), complexTensor) ||
         llvm::any_of(op->getResultTypes(), complexTensor);
}

bool hasComplexForm(Operation *op) {
  return (isDataMovement(op) && !isa<shlo::IotaOp>(op)) ||
         isa<shlo::SelectOp, shlo::OptimizationBarrierOp, shlo::RealOp,
             shlo::ImagOp, shlo::ComplexOp, shlo::AddOp, shlo::SubtractOp,
             shlo::NegOp, shlo::MulOp, shlo::DivOp, shlo::AbsOp, shlo::ExpOp,
             shlo::LogOp, shlo::SqrtOp, shlo::ConvertOp, shlo::CompareOp,
             shlo::ReduceOp, shlo::ReduceWindowOp, shlo::MapOp>(op);
}

std::string whyComplexFormInvalid(Operation *op) {
  if (auto cmp = dyn_cast<shlo::CompareOp>(op))
    if (cmp.getCompareType() &&
        *cmp.getCompareType() == shlo::ComparisonType::TOTALORDER)
      return "TOTALORDER comparison is not compiled";
  return "";
}

std::string complexScalar(Emitter &e, Operation *op, std::string &body,
                          const std::vector<std::string> &a) {
  Type in = elementOf(op->getOperand(0));
  Type out = elementOf(op->getResult(0));
  if (isa<shlo::ComplexOp>(op))
    return create(e, body, a[0], a[1], out);
  if (isa<shlo::RealOp, shlo::ImagOp>(op)) {
    bool real = isa<shlo::RealOp>(op);
    if (isa<ComplexType>(in))
      return e.scalar(body, real ? "complex.re" : "complex.im", a[0],
                      elementText(in));
    // Of a real number: itself, or zero.
    return real ? a[0] : e.constant(body, "0.0", computeType(in));
  }
  if (!isa<ComplexType>(in) ||
      isa<shlo::SelectOp, shlo::ConvertOp, shlo::OptimizationBarrierOp>(op) ||
      isDataMovement(op))
    return "";
  Type r = partOf(in);
  std::string rt = elementText(r);
  auto [ar, ai] = parts(e, body, a[0], in);
  if (auto cmp = dyn_cast<shlo::CompareOp>(op)) {
    auto [br, bi] = parts(e, body, a[1], in);
    return compareParts(e, body, cmp.getComparisonDirection(), ar, ai, br, bi,
                        r);
  }
  if (isa<shlo::AddOp, shlo::SubtractOp>(op)) {
    auto [br, bi] = parts(e, body, a[1], in);
    const char *name = isa<shlo::AddOp>(op) ? "arith.addf" : "arith.subf";
    return create(e, body, e.scalar(body, name, ar + ", " + br, rt),
                  e.scalar(body, name, ai + ", " + bi, rt), in);
  }
  if (isa<shlo::NegOp>(op))
    return create(e, body, e.scalar(body, "arith.negf", ar, rt),
                  e.scalar(body, "arith.negf", ai, rt), in);
  if (isa<shlo::AbsOp>(op))
    return callPart(e, body, functionName(in, "abs"), {ar, ai}, r);
  std::string fn = llvm::TypeSwitch<Operation *, std::string>(op)
                       .Case<shlo::MulOp>([](auto) { return "mul"; })
                       .Case<shlo::DivOp>([](auto) { return "div"; })
                       .Case<shlo::ExpOp>([](auto) { return "exp"; })
                       .Case<shlo::LogOp>([](auto) { return "log"; })
                       .Case<shlo::SqrtOp>([](auto) { return "sqrt"; })
                       .Default([](auto) { return ""; });
  if (fn.empty())
    return "";
  std::vector<std::string> args = {ar, ai};
  if (op->getNumOperands() == 2) {
    auto [br, bi] = parts(e, body, a[1], in);
    args.push_back(br);
    args.push_back(bi);
  }
  return create(e, body,
                callPart(e, body, functionName(in, fn + "_re"), args, r),
                callPart(e, body, functionName(in, fn + "_im"), args, r), in);
}

std::string convertComplex(Emitter &e, std::string &body, const std::string &x,
                           Type from, Type to) {
  if (!isa<ComplexType>(from)) {
    Type r = partOf(to);
    std::string re = convertScalar(e, body, x, from, r);
    return create(e, body, re, e.constant(body, "0.0", r), to);
  }
  auto [re, im] = parts(e, body, x, from);
  Type r = partOf(from);
  if (isa<ComplexType>(to))
    return create(e, body, convertScalar(e, body, re, r, partOf(to)),
                  convertScalar(e, body, im, r, partOf(to)), to);
  if (isPred(to)) {
    std::string rt = elementText(r);
    std::string zero = e.constant(body, "0.0", r);
    std::string nzRe = e.scalar(body, "arith.cmpf une,", re + ", " + zero, rt);
    std::string nzIm = e.scalar(body, "arith.cmpf une,", im + ", " + zero, rt);
    return e.scalar(body, "arith.ori", nzRe + ", " + nzIm, "i1");
  }
  return convertScalar(e, body, re, r, to);
}

} // namespace sdy::compiler
