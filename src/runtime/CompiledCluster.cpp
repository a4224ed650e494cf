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

const bool narrowFunctionsRegistered = [] {
  registerNarrow<ElementType::F8E4M3FN>("sdy_f8E4M3FN_to_f64",
                                        "sdy_f8E4M3FN_from_f64");
  registerNarrow<ElementType::F8E5M2>("sdy_f8E5M2_to_f64",
                                      "sdy_f8E5M2_from_f64");
  registerNarrow<ElementType::F8E4M3FNUZ>("sdy_f8E4M3FNUZ_to_f64",
                                          "sdy_f8E4M3FNUZ_from_f64");
  registerNarrow<ElementType::F8E5M2FNUZ>("sdy_f8E5M2FNUZ_to_f64",
                                          "sdy_f8E5M2FNUZ_from_f64");
  registerNarrow<ElementType::F8E4M3B11FNUZ>("sdy_f8E4M3B11FNUZ_to_f64",
                                             "sdy_f8E4M3B11FNUZ_from_f64");
  registerNarrow<ElementType::F8E4M3>("sdy_f8E4M3_to_f64",
                                      "sdy_f8E4M3_from_f64");
  registerNarrow<ElementType::F8E3M4>("sdy_f8E3M4_to_f64",
                                      "sdy_f8E3M4_from_f64");
  registerNarrow<ElementType::F8E8M0FNU>("sdy_f8E8M0FNU_to_f64",
                                         "sdy_f8E8M0FNU_from_f64");
  registerNarrow<ElementType::F4E2M1FN>("sdy_f4E2M1FN_to_f64",
                                        "sdy_f4E2M1FN_from_f64");
  registerNarrow<ElementType::F6E2M3FN>("sdy_f6E2M3FN_to_f64",
                                        "sdy_f6E2M3FN_from_f64");
  registerNarrow<ElementType::F6E3M2FN>("sdy_f6E3M2FN_to_f64",
                                        "sdy_f6E3M2FN_from_f64");
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
