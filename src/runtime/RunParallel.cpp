//===- RunParallel.cpp - interpreter.run_parallel -------------------------===//
//
// Runs programs[r][p] as device r * P + p of a fresh local backend (one
// thread each) whose process grid is R replicas x P partitions, so that
// replica_id, partition_id and the collectives' replica_groups mean what
// StableHLO says. When a device fails, the others are released from their
// collectives, and the failure (not the peers' "stopped") is reported.
// The devices share one IoState: send/recv channels, the `infeed` functions
// and the outfeed.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Io.h"
#include "runtime/KernelTable.h"

#include "ir/interpreter/InterpreterDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include <new>
#include <thread>

namespace sdy::runtime {
namespace {

using namespace mlir;

Status runProgram(const DeviceContext &ctx, func::FuncOp func,
                  const std::vector<Tensor> &args,
                  std::vector<Tensor> &results) {
  try {
    Interpreter interp(ctx);
    return interp.run(func, args, results);
  } catch (const std::bad_alloc &) {
    return Status::outOfMemory("out of memory");
  }
}

bool releasedByPeer(const Status &s) {
  return s.code() == StatusCode::PeerStopped ||
         s.code() == StatusCode::Unavailable;
}

Status runParallelKernel(OpCall &c) {
  auto op = cast<interpreter::RunParallelOp>(c.op);
  interpreter::ProgramGrid grid;
  if (failed(interpreter::getProgramGrid(op, grid)))
    return Status::invalid("interpreter.run_parallel: bad programs");
  const int64_t n = grid.numReplicas * grid.numPartitions;
  if (n > 4096)
    return Status::invalid("interpreter.run_parallel: more than 4096 "
                           "programs");
  std::vector<func::FuncOp> funcs;
  std::vector<std::vector<Tensor>> args(n), results(n);
  size_t next = 0;
  for (int64_t d = 0; d < n; ++d) {
    auto func = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, StringAttr::get(op.getContext(), grid.names[d]));
    if (!func || func.isExternal())
      return Status::invalid("interpreter.run_parallel: program @" +
                             grid.names[d].str() +
                             " is not a defined function");
    size_t count = func.getNumArguments();
    if (next + count > c.in.size())
      return Status::invalid("interpreter.run_parallel: too few inputs");
    args[d].assign(c.in.begin() + next, c.in.begin() + next + count);
    next += count;
    funcs.push_back(func);
  }
  if (next != c.in.size())
    return Status::invalid("interpreter.run_parallel: too many inputs");

  std::vector<Operation *> infeed;
  if (std::optional<ArrayAttr> names = op.getInfeed())
    for (Attribute name : *names) {
      auto ref = dyn_cast<FlatSymbolRefAttr>(name);
      auto func = ref ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
                            op, ref.getAttr())
                      : func::FuncOp();
      if (!func)
        return Status::invalid("interpreter.run_parallel: bad infeed");
      infeed.push_back(func);
    }
  IoState io(std::move(infeed));

  std::unique_ptr<Backend> backend;
  SDY_RETURN_IF_ERROR(
      Backend::create("local", static_cast<int32_t>(n), backend));
  RunControl control(0, nullptr, backend.get());
  std::vector<Status> statuses(n);
  auto work = [&](int64_t d) {
    DeviceContext ctx;
    ctx.deviceId = d;
    ctx.numDevices = n;
    ctx.numReplicas = grid.numReplicas;
    ctx.numPartitions = grid.numPartitions;
    ctx.backend = backend.get();
    ctx.timeoutMs = c.interp.context().timeoutMs;
    ctx.control = &control;
    ctx.io = &io;
    ctx.probes = c.interp.context().probes;
    statuses[d] = runProgram(ctx, funcs[d], args[d], results[d]);
    if (!statuses[d].isOk())
      control.stop();
  };
  if (n == 1) {
    work(0);
  } else {
    std::vector<std::thread> threads;
    for (int64_t d = 0; d < n; ++d)
      threads.emplace_back(work, d);
    for (std::thread &t : threads)
      t.join();
  }
  const Status *failed = nullptr;
  int64_t failedAt = 0;
  for (int64_t d = 0; d < n; ++d)
    if (!statuses[d].isOk() && (!failed || (releasedByPeer(*failed) &&
                                            !releasedByPeer(statuses[d])))) {
      failed = &statuses[d];
      failedAt = d;
    }
  if (failed)
    return failed->withContext(
        "program @" + grid.names[failedAt].str() + " of replica " +
        std::to_string(failedAt / grid.numPartitions) + ", partition " +
        std::to_string(failedAt % grid.numPartitions));
  for (std::vector<Tensor> &r : results)
    c.out.insert(c.out.end(), r.begin(), r.end());
  return Status::ok();
}

} // namespace

void registerRunParallelKernels(KernelTable &table) {
  table.add<interpreter::RunParallelOp>(runParallelKernel);
}

} // namespace sdy::runtime
