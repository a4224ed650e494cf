//===- Emitter.cpp - the MLIR text of a cluster function ------------------===//
#include "compiler/Emitter.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

std::string elementText(Type t) {
  // A quantized element by its storage integer, as the runtime holds it.
  if (auto q = dyn_cast<quant::QuantizedType>(t))
    return elementText(q.getStorageType());
  if (isNarrowFormat(t))
    return "i8";
  if (isUnsignedInt(t))
    return "i" + std::to_string(t.getIntOrFloatBitWidth());
  return printed(t);
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s;
}

std::string tensorText(ArrayRef<int64_t> shape, Type et) {
  return "tensor<" + shapeText(shape) + elementText(et) + ">";
}

std::string memrefText(ArrayRef<int64_t> shape, Type et) {
  return "memref<" + shapeText(shape) + elementText(et) + ">";
}

std::string dimsText(unsigned rank) {
  std::string s = "(";
  for (unsigned i = 0; i < rank; ++i)
    s += (i ? ", d" : "d") + std::to_string(i);
  return s + ")";
}

// affine_map<(d0, ..) -> (exprs)>.
std::string mapText(unsigned rank, ArrayRef<std::string> exprs) {
  std::string s = "affine_map<" + dimsText(rank) + " -> (";
  for (size_t i = 0; i < exprs.size(); ++i)
    s += (i ? ", " : "") + exprs[i];
  return s + ")>";
}

std::string identityMap(unsigned rank) {
  std::vector<std::string> e;
  for (unsigned i = 0; i < rank; ++i)
    e.push_back("d" + std::to_string(i));
  return mapText(rank, e);
}

// "[a, b, c]".
std::string listText(const std::vector<std::string> &items) {
  std::string s = "[";
  for (size_t i = 0; i < items.size(); ++i)
    s += (i ? ", " : "") + items[i];
  return s + "]";
}
std::string listText(ArrayRef<int64_t> items) {
  std::vector<std::string> s;
  for (int64_t i : items)
    s.push_back(std::to_string(i));
  return listText(s);
}

// One linalg.generic: `ins` with their types and maps, an output of
// `outType` (init: a fresh tensor.empty unless `init` is given), the
// iterators, and the scalar body.
std::string Emitter::generic(const std::vector<std::string> &ins,
                             const std::vector<InType> &inTypes,
                             const std::vector<std::string> &inMaps,
                             ArrayRef<int64_t> outShape, Type outEt,
                             const std::string &outMap,
                             const std::vector<std::string> &iterators,
                             const ScalarFn &fn, std::string init) {
  std::string outType = tensorText(outShape, outEt);
  if (init.empty()) {
    init = fresh();
    line(init + " = tensor.empty() : " + outType);
  }
  std::string result = fresh();
  std::string maps;
  for (const std::string &m : inMaps)
    maps += m + ", ";
  maps += outMap;
  std::string iters;
  for (size_t i = 0; i < iterators.size(); ++i)
    iters += std::string(i ? ", " : "") + "\"" + iterators[i] + "\"";
  std::string insText, insTypes, bbArgs;
  std::vector<std::string> args;
  for (size_t i = 0; i < ins.size(); ++i) {
    insText += (i ? ", " : "") + ins[i];
    insTypes += std::string(i ? ", " : "") + inTypes[i].tensor;
    std::string a = fresh();
    args.push_back(a);
    bbArgs += a + ": " + elementText(inTypes[i].element) + ", ";
  }
  std::string acc = fresh();
  args.push_back(acc);
  bbArgs += acc + ": " + elementText(outEt);
  std::string head = result + " = linalg.generic {indexing_maps = [" + maps +
                     "], iterator_types = [" + iters + "]}";
  if (!ins.empty())
    head += " ins(" + insText + " : " + insTypes + ")";
  head += " outs(" + init + " : " + outType + ") {";
  line(head);
  line("^bb0(" + bbArgs + "):");
  std::string body;
  std::string value = fn(body, args);
  text_ += body;
  line("  linalg.yield " + value + " : " + elementText(outEt));
  line("} -> " + outType);
  return result;
}

// The SSA name of `v` (a folded constant is emitted on first use).
std::string Emitter::valueName(Value v) {
  auto it = names_.find(v);
  if (it != names_.end())
    return it->second;
  auto c = cast<shlo::ConstantOp>(v.getDefiningOp());
  Attribute value = c.getValue();
  // A row-split constant is a splat (RowSplit.cpp): the block's splat.
  auto dense = cast<DenseElementsAttr>(value);
  if (dense.isSplat() && shapeOf(v) != compiler::shapeOf(v))
    value = dense.resizeSplat(RankedTensorType::get(shapeOf(v), elementOf(v)));
  if (isUnsignedInt(elementOf(v)))
    value = cast<DenseElementsAttr>(value).bitcast(
        IntegerType::get(v.getContext(), elementOf(v).getIntOrFloatBitWidth()));
  // A narrow format by its bits, zero-extended to a byte.
  if (isNarrowFormat(elementOf(v)))
    value = cast<DenseElementsAttr>(value).mapValues(
        IntegerType::get(v.getContext(), 8),
        [](const APFloat &f) { return f.bitcastToAPInt().zext(8); });
  std::string attr;
  llvm::raw_string_ostream os(attr);
  value.print(os);
  std::string name = fresh();
  line(name + " = arith.constant " + attr);
  names_[v] = name;
  return name;
}
} // namespace sdy::compiler
