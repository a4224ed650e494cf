//===- BitcastLowering.cpp - bitcast_convert between element widths ------===//
#include "compiler/BitcastLowering.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "llvm/Support/SwapByteOrder.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

std::string whyBitcastInvalid(shlo::BitcastConvertOp op) {
  Type from = elementOf(op.getOperand()), to = elementOf(op.getResult());
  if (isPred(from) || isPred(to))
    return "pred form is not compiled";
  unsigned wi = from.getIntOrFloatBitWidth(), wo = to.getIntOrFloatBitWidth();
  llvm::SmallVector<int64_t> narrowSide(shapeOf(op.getResult())),
      wideSide(shapeOf(op.getOperand()));
  if (wi < wo)
    std::swap(narrowSide, wideSide);
  if (wi != wo)
    wideSide.push_back(std::max(wi, wo) / std::min(wi, wo));
  if (narrowSide != wideSide)
    return "bitcast shapes inconsistent with its element widths";
  return "";
}

void emitWidthBitcast(Emitter &e, shlo::BitcastConvertOp op) {
  Value x = op.getOperand(), result = op.getResult();
  Type inEt = elementOf(x), outEt = elementOf(result);
  unsigned wi = inEt.getIntOrFloatBitWidth(),
           wo = outEt.getIntOrFloatBitWidth();
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  unsigned rank = shape.size();
  MLIRContext *ctx = op->getContext();
  std::string inInt = "i" + std::to_string(wi),
              outInt = "i" + std::to_string(wo);
  auto toBits = [&](std::string &body, const std::string &v, Type t,
                    const std::string &intText) {
    return isa<FloatType>(t) ? e.scalar(body, "arith.bitcast", v,
                                        elementText(t) + " to " + intText)
                             : v;
  };
  auto fromBits = [&](std::string &body, const std::string &v, Type t,
                      const std::string &intText) {
    return isa<FloatType>(t) ? e.scalar(body, "arith.bitcast", v,
                                        intText + " to " + elementText(t))
                             : v;
  };
  bool little = llvm::sys::IsLittleEndianHost;
  std::vector<std::string> parallel(rank, "parallel");
  std::vector<std::string> ins, maps;
  std::vector<InType> inTypes;
  if (wi < wo) {
    // Narrow to wide: the result's element i reads x[i, 0 .. ratio - 1].
    unsigned ratio = wo / wi;
    std::vector<std::string> dims;
    for (unsigned d = 0; d < rank; ++d)
      dims.push_back("d" + std::to_string(d));
    for (unsigned j = 0; j < ratio; ++j) {
      std::vector<std::string> exprs = dims;
      exprs.push_back(std::to_string(j));
      ins.push_back(e.valueName(x));
      inTypes.push_back(e.inTypeOf(x));
      maps.push_back(mapText(rank, exprs));
    }
    Type wide = IntegerType::get(ctx, wo);
    e.bind(result,
           e.generic(
               ins, inTypes, maps, shape, outEt, identityMap(rank), parallel,
               [&](std::string &body, const std::vector<std::string> &a) {
                 std::string acc;
                 for (unsigned j = 0; j < ratio; ++j) {
                   std::string bits = toBits(body, a[j], inEt, inInt);
                   std::string z = e.scalar(body, "arith.extui", bits,
                                            inInt + " to " + outInt);
                   unsigned at = (little ? j : ratio - 1 - j) * wi;
                   if (at) {
                     std::string c = e.constant(body, std::to_string(at), wide);
                     z = e.scalar(body, "arith.shli", z + ", " + c, outInt);
                   }
                   acc = acc.empty() ? z
                                     : e.scalar(body, "arith.ori",
                                                acc + ", " + z, outInt);
                 }
                 return fromBits(body, acc, outEt, outInt);
               }));
    return;
  }
  // Wide to narrow: the result's element [i, j] is part j of x[i].
  unsigned ratio = wi / wo;
  std::vector<std::string> dims;
  for (unsigned d = 0; d + 1 < rank; ++d)
    dims.push_back("d" + std::to_string(d));
  Type wide = IntegerType::get(ctx, wi);
  e.bind(result,
         e.generic(
             {e.valueName(x)}, {e.inTypeOf(x)}, {mapText(rank, dims)}, shape,
             outEt, identityMap(rank), parallel,
             [&](std::string &body, const std::vector<std::string> &a) {
               std::string bits = toBits(body, a[0], inEt, inInt);
               std::string j =
                   e.scalar(body, "linalg.index " + std::to_string(rank - 1),
                            "", "index");
               std::string part =
                   e.scalar(body, "arith.index_cast", j, "index to " + inInt);
               if (!little) {
                 std::string last =
                     e.constant(body, std::to_string(ratio - 1), wide);
                 part = e.scalar(body, "arith.subi", last + ", " + part, inInt);
               }
               std::string w = e.constant(body, std::to_string(wo), wide);
               std::string at =
                   e.scalar(body, "arith.muli", part + ", " + w, inInt);
               std::string shifted =
                   e.scalar(body, "arith.shrui", bits + ", " + at, inInt);
               std::string low = e.scalar(body, "arith.trunci", shifted,
                                          inInt + " to " + outInt);
               return fromBits(body, low, outEt, outInt);
             }));
}
} // namespace sdy::compiler
