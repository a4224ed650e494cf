//===- Tuples.cpp - tokens and tuples -------------------------------------===//
//
// after_all and create_token make tokens; tuple and get_tuple_element build
// and take apart tuples. Tokens only order side effects, which the
// interpreter already runs in program order, so they carry nothing.
//
//===----------------------------------------------------------------------===//
#include "runtime/Tuples.h"
#include "runtime/KernelTable.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

namespace sdy::runtime {

using namespace mlir;
namespace shlo = mlir::stablehlo;

bool isTokenOrTupleType(Type type) {
  return isa<shlo::TokenType, TupleType>(type);
}

namespace {

std::string typeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

std::string valueTypeString(const Tensor &value) {
  if (value.isToken())
    return "!stablehlo.token";
  if (value.isTuple()) {
    std::string s = "tuple<";
    for (size_t i = 0; i < value.elements().size(); ++i)
      s += (i ? ", " : "") + valueTypeString(value.elements()[i]);
    return s + ">";
  }
  if (!value.valid())
    return "an invalid value";
  return "tensor<" + shapeString(value.shape(), value.type()) + ">";
}

bool matches(Type type, const Tensor &value) {
  if (isa<shlo::TokenType>(type))
    return value.isToken();
  if (auto tuple = dyn_cast<TupleType>(type)) {
    if (!value.isTuple() || value.elements().size() != tuple.size())
      return false;
    for (size_t i = 0; i < tuple.size(); ++i)
      if (!matches(tuple.getType(i), value.elements()[i]))
        return false;
    return true;
  }
  auto ranked = dyn_cast<RankedTensorType>(type);
  ElementType et;
  if (!ranked || !ranked.hasStaticShape() || value.isToken() ||
      value.isTuple() || !value.valid() ||
      !fromMlirType(ranked.getElementType(), et))
    return false;
  return et == value.type() && llvm::equal(ranked.getShape(), value.shape());
}

} // namespace

Status checkValueOfType(Type type, const Tensor &value,
                        const std::string &what) {
  if (matches(type, value))
    return Status::ok();
  return Status::invalid(what + " must be " + typeString(type) + ", got " +
                         valueTypeString(value));
}

std::string valueString(const Tensor &value, int64_t limit) {
  if (value.isToken())
    return "token";
  if (value.isTuple()) {
    std::string s = "tuple(";
    for (size_t i = 0; i < value.elements().size(); ++i)
      s += (i ? ", " : "") + valueString(value.elements()[i], limit);
    return s + ")";
  }
  return value.toString(limit);
}

namespace {

Status tokenKernel(OpCall &c) {
  c.out.push_back(Tensor::token());
  return Status::ok();
}

Status tupleKernel(OpCall &c) {
  c.out.push_back(Tensor::tuple(c.in));
  return Status::ok();
}

Status getTupleElementKernel(OpCall &c) {
  uint64_t index = cast<shlo::GetTupleElementOp>(c.op).getIndex();
  const Tensor &tuple = c.in[0];
  if (!tuple.isTuple() || index >= tuple.elements().size())
    return Status::internal("get_tuple_element of a value that is not a "
                            "tuple of more than " +
                            std::to_string(index) + " elements");
  c.out.push_back(tuple.elements()[index]);
  return Status::ok();
}

} // namespace

void registerTuplesKernels(KernelTable &table) {
  table.add<shlo::AfterAllOp, shlo::CreateTokenOp>(tokenKernel);
  table.add<shlo::TupleOp>(tupleKernel);
  table.add<shlo::GetTupleElementOp>(getTupleElementKernel);
}

} // namespace sdy::runtime
