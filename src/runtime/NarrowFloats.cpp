//===- NarrowFloats.cpp - narrow-float operands through f32 ---------------===//
#include "runtime/NarrowFloats.h"

#include "runtime/Kernels.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace sdy::runtime {

bool hasNarrowFloat(const OpCall &c) {
  return isNarrowFloat(c.resultType) || llvm::any_of(c.in, [](const Tensor &t) {
           return isNarrowFloat(t.type());
         });
}

Status runNarrowFloatsInF32(OpCall &c, Kernel kernel) {
  std::vector<Tensor> in;
  in.reserve(c.in.size());
  for (const Tensor &t : c.in)
    in.push_back(isNarrowFloat(t.type()) ? kernels::convert(t, ElementType::F32)
                                         : t);
  std::vector<Tensor> out;
  OpCall wide{c.interp,
              c.op,
              c.env,
              in,
              out,
              isNarrowFloat(c.resultType) ? ElementType::F32 : c.resultType,
              c.resultShape};
  SDY_RETURN_IF_ERROR(kernel(wide));
  for (auto [i, t] : llvm::enumerate(out)) {
    ElementType type;
    auto shaped =
        i < c.op->getNumResults()
            ? mlir::dyn_cast<mlir::ShapedType>(c.op->getResult(i).getType())
            : mlir::ShapedType();
    if (shaped && fromMlirType(shaped.getElementType(), type) &&
        isNarrowFloat(type) && t.type() != type)
      c.out.push_back(kernels::convert(t, type));
    else
      c.out.push_back(std::move(t));
  }
  return Status::ok();
}

} // namespace sdy::runtime
