//===- CompiledCluster.cpp - running a JIT-compiled cluster ---------------===//
//
// A compiled cluster is one op to the interpreter: it reads its inputs'
// buffers and writes fresh output tensors (docs/compiled_execution.md).
//
//===----------------------------------------------------------------------===//
#include "compiler/CompiledFunction.h"
#include "compiler/RuntimeFunctions.h"
#include "runtime/Dispatch.h"
#include "runtime/Interpreter.h"
#include "runtime/ThreadPool.h"

#include "mlir/IR/BuiltinTypes.h"

namespace sdy::runtime {

using namespace mlir;

namespace {

Status specOf(Value v, ElementType &et, Shape &shape) {
  auto rt = dyn_cast<RankedTensorType>(v.getType());
  if (!rt || !rt.hasStaticShape() || !fromMlirType(rt.getElementType(), et))
    return Status::internal("compiled cluster value of an unexpected type");
  shape.assign(rt.getShape().begin(), rt.getShape().end());
  return Status::ok();
}

// The narrow-float conversions the compiled code calls by name (the
// compiler does not link the runtime): a format's bits (0..255) to its
// value, and a value to the bits the interpreter stores, both as f64.
template <ElementType E>
double narrowToF64(double bits) {
  return narrowFloatToFloat(E, static_cast<uint8_t>(bits));
}
template <ElementType E>
double narrowFromF64(double v) {
  return narrowFloatFromDouble(E, v);
}

template <ElementType E>
void registerNarrow(const char *to, const char *from) {
  compiler::registerRuntimeFunction(
      {to, 1, reinterpret_cast<void *>(&narrowToF64<E>)});
  compiler::registerRuntimeFunction(
      {from, 1, reinterpret_cast<void *>(&narrowFromF64<E>)});
}

#define SDY_REGISTER_NARROW(E, NAME)                                           \
  registerNarrow<ElementType::E>("sdy_" NAME "_to_f64", "sdy_" NAME "_from_"   \
                                                                    "f64")

const bool narrowFunctionsRegistered = [] {
  SDY_REGISTER_NARROW(F8E4M3FN, "f8E4M3FN");
  SDY_REGISTER_NARROW(F8E5M2, "f8E5M2");
  SDY_REGISTER_NARROW(F8E4M3FNUZ, "f8E4M3FNUZ");
  SDY_REGISTER_NARROW(F8E5M2FNUZ, "f8E5M2FNUZ");
  SDY_REGISTER_NARROW(F8E4M3B11FNUZ, "f8E4M3B11FNUZ");
  SDY_REGISTER_NARROW(F8E4M3, "f8E4M3");
  SDY_REGISTER_NARROW(F8E3M4, "f8E3M4");
  SDY_REGISTER_NARROW(F8E8M0FNU, "f8E8M0FNU");
  SDY_REGISTER_NARROW(F4E2M1FN, "f4E2M1FN");
  SDY_REGISTER_NARROW(F6E2M3FN, "f6E2M3FN");
  SDY_REGISTER_NARROW(F6E3M2FN, "f6E3M2FN");
  return true;
}();

} // namespace

Status Interpreter::runCluster(const compiler::Cluster &cluster, Env &env) {
  std::vector<Tensor> keep;
  std::vector<void *> buffers;
  keep.reserve(cluster.inputs.size() + cluster.outputs.size());
  for (Value v : cluster.inputs) {
    const Tensor *t = env.lookup(v);
    ElementType et;
    Shape shape;
    SDY_RETURN_IF_ERROR(specOf(v, et, shape));
    if (!t)
      return Status::internal("compiled cluster input used before definition");
    if (!t->valid() || t->type() != et || t->shape() != shape)
      return Status::internal("compiled cluster input is not a tensor<" +
                              shapeString(shape, et) + ">");
    keep.push_back(*t);
    buffers.push_back(const_cast<void *>(t->raw()));
  }
  std::vector<Tensor> outputs;
  for (Value v : cluster.outputs) {
    ElementType et;
    Shape shape;
    SDY_RETURN_IF_ERROR(specOf(v, et, shape));
    SDY_RETURN_IF_ERROR(checkAllocatable(et, shape));
    outputs.emplace_back(et, shape);
    buffers.push_back(outputs.back().raw());
  }
  if (cluster.parts <= 1) {
    std::vector<void *> args;
    args.reserve(buffers.size());
    for (void *&b : buffers)
      args.push_back(&b);
    cluster.kernel(args.data());
  } else {
    // Each block reads and writes its share of the split buffers' bytes.
    std::vector<int64_t> blockBytes(buffers.size(), 0);
    for (size_t i = 0; i < buffers.size(); ++i) {
      bool split = i >= cluster.inputs.size() || cluster.inputSplit[i];
      const Tensor &t = i < cluster.inputs.size()
                            ? keep[i]
                            : outputs[i - cluster.inputs.size()];
      if (split)
        blockBytes[i] = static_cast<int64_t>(t.byteSize()) / cluster.parts;
    }
    parallelFor(cluster.parts, ctx_.kernelThreads, [&](int64_t block) {
      std::vector<void *> mine(buffers.size());
      std::vector<void *> args(buffers.size());
      for (size_t i = 0; i < buffers.size(); ++i) {
        mine[i] = static_cast<char *>(buffers[i]) + block * blockBytes[i];
        args[i] = &mine[i];
      }
      cluster.kernel(args.data());
    });
  }
  for (size_t i = 0; i < outputs.size(); ++i)
    env.values[cluster.outputs[i]] = std::move(outputs[i]);
  return Status::ok();
}

} // namespace sdy::runtime
