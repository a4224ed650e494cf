//===- Io.cpp - send, recv, infeed, outfeed and interpreter.probe ---------===//
//
// As in StableHLO's reference interpreter, send and recv pair by channel
// handle between the devices of an interpreter.run_parallel grid (whatever
// the channel type), infeed runs the grid's next infeed function and
// outfeed keeps its values with the grid (nothing reads them). Outside
// run_parallel these ops are refused. Their tokens carry nothing.
//
//===----------------------------------------------------------------------===//
#include "runtime/Io.h"
#include "runtime/KernelTable.h"
#include "runtime/Npy.h"
#include "runtime/Tuples.h"

#include "ir/interpreter/InterpreterDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace sdy::runtime {

using namespace mlir;
namespace shlo = mlir::stablehlo;

void IoState::send(int64_t channel, std::vector<Tensor> values) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    channels_[channel].push_back(std::move(values));
  }
  sent_.notify_all();
}

Status IoState::recv(int64_t channel, int64_t timeoutMs,
                     const RunControl *control, std::vector<Tensor> &values) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    auto &queue = channels_[channel];
    if (!queue.empty()) {
      values = std::move(queue.front());
      queue.pop_front();
      return Status::ok();
    }
    // Wake up now and then to notice a stopped run.
    if (control)
      SDY_RETURN_IF_ERROR(control->check());
    if (timeoutMs > 0 &&
        Clock::now() - start >= std::chrono::milliseconds(timeoutMs))
      return Status(StatusCode::Timeout,
                    "nothing was sent on channel " + std::to_string(channel));
    sent_.wait_for(lock, std::chrono::milliseconds(5));
  }
}

Operation *IoState::nextInfeed() {
  std::lock_guard<std::mutex> lock(mu_);
  if (nextInfeed_ >= infeed_.size())
    return nullptr;
  return infeed_[nextInfeed_++];
}

void IoState::outfeed(std::vector<Tensor> values) {
  std::lock_guard<std::mutex> lock(mu_);
  outfeed_.push_back(std::move(values));
}

std::vector<std::vector<Tensor>> IoState::outfeedValues() const {
  std::lock_guard<std::mutex> lock(mu_);
  return outfeed_;
}

ProbeStore::~ProbeStore() {
  if (temporary_) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
}

Status ProbeStore::record(const std::string &id, const Tensor &value) {
  std::lock_guard<std::mutex> lock(mu_);
  if (dir_.empty()) {
    std::error_code ec;
    std::string base = std::filesystem::temp_directory_path(ec).string();
    std::string tmpl = (ec ? std::string("/tmp") : base) + "/sdy-probes-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data()))
      return Status::invalid("cannot make a temporary probe directory");
    dir_ = buf.data();
    temporary_ = true;
  }
  // The id may hold any character: the file is named by a counter.
  std::string name = "probe" + std::to_string(files_++) + ".npy";
  std::string path = dir_ + "/" + name;
  Status s = writeNpy(path, value);
  if (!s.isOk())
    return s.withContext("interpreter.probe '" + id + "'");
  std::ofstream index(dir_ + "/index.csv", std::ios::app);
  index << id << ",tensor<" << shapeString(value.shape(), value.type()) << ">,"
        << name << "\n";
  if (!index)
    return Status::invalid("cannot write " + dir_ + "/index.csv");
  paths_[id].push_back(path);
  return Status::ok();
}

Status ProbeStore::load(const std::string &id, uint32_t iter, Tensor &out) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = paths_.find(id);
  size_t count = it == paths_.end() ? 0 : it->second.size();
  if (iter >= count)
    return Status(StatusCode::Mismatch, "probe '" + id + "' recorded " +
                                            std::to_string(count) +
                                            " values, so it has no iteration " +
                                            std::to_string(iter));
  return readNpy(it->second[iter], out);
}

Status probesOf(const DeviceContext &ctx, const std::string &opName,
                ProbeStore *&probes) {
  probes = ctx.probes;
  if (probes)
    return Status::ok();
  return Status::unsupported(opName + " needs the probes that sdy-run "
                                      "--interpret records");
}

namespace {

Status notInRunParallel(Operation *op) {
  return Status::unsupported(op->getName().getStringRef().str() +
                             " only runs inside interpreter.run_parallel");
}

// The tensor results of recv or infeed (all but the last, the token).
Status checkReceived(Operation *op, const std::vector<Tensor> &values,
                     const std::string &from) {
  if (values.size() + 1 != op->getNumResults())
    return Status::invalid(
        from + " gave " + std::to_string(values.size()) + " values for the " +
        std::to_string(op->getNumResults() - 1) + " tensors of the op");
  for (size_t i = 0; i < values.size(); ++i)
    SDY_RETURN_IF_ERROR(
        checkValueOfType(op->getResult(i).getType(), values[i],
                         "value " + std::to_string(i) + " of " + from));
  return Status::ok();
}

Status sendKernel(OpCall &c) {
  auto op = cast<shlo::SendOp>(c.op);
  IoState *io = c.interp.context().io;
  if (!io)
    return notInRunParallel(c.op);
  std::vector<Tensor> values(c.in.begin(), c.in.end() - 1);
  io->send(op.getChannelHandle().getHandle(), std::move(values));
  c.out.push_back(Tensor::token());
  return Status::ok();
}

Status recvKernel(OpCall &c) {
  auto op = cast<shlo::RecvOp>(c.op);
  IoState *io = c.interp.context().io;
  if (!io)
    return notInRunParallel(c.op);
  int64_t channel = op.getChannelHandle().getHandle();
  SDY_RETURN_IF_ERROR(c.interp.runCollective([&] {
    const DeviceContext &ctx = c.interp.context();
    return io->recv(channel, ctx.timeoutMs, ctx.control, c.out);
  }));
  SDY_RETURN_IF_ERROR(checkReceived(
      c.op, c.out, "the send on channel " + std::to_string(channel)));
  c.out.push_back(Tensor::token());
  return Status::ok();
}

Status infeedKernel(OpCall &c) {
  IoState *io = c.interp.context().io;
  if (!io)
    return notInRunParallel(c.op);
  auto func = dyn_cast_or_null<func::FuncOp>(io->nextInfeed());
  if (!func)
    return Status::invalid("the infeed of interpreter.run_parallel has no "
                           "function left");
  SDY_RETURN_IF_ERROR(c.interp.run(func, {}, c.out));
  SDY_RETURN_IF_ERROR(checkReceived(
      c.op, c.out, "infeed function @" + func.getSymName().str()));
  c.out.push_back(Tensor::token());
  return Status::ok();
}

Status outfeedKernel(OpCall &c) {
  IoState *io = c.interp.context().io;
  if (!io)
    return notInRunParallel(c.op);
  io->outfeed(std::vector<Tensor>(c.in.begin(), c.in.end() - 1));
  c.out.push_back(Tensor::token());
  return Status::ok();
}

Status probeKernel(OpCall &c) {
  auto op = cast<interpreter::ProbeOp>(c.op);
  ProbeStore *probes;
  SDY_RETURN_IF_ERROR(
      probesOf(c.interp.context(), "interpreter.probe", probes));
  SDY_RETURN_IF_ERROR(probes->record(op.getProbeId().str(), c.in[0]));
  c.out.push_back(c.in[0]);
  return Status::ok();
}

} // namespace

void registerIoKernels(KernelTable &table) {
  table.add<shlo::SendOp>(sendKernel);
  table.add<shlo::RecvOp>(recvKernel);
  table.add<shlo::InfeedOp>(infeedKernel);
  table.add<shlo::OutfeedOp>(outfeedKernel);
  table.add<interpreter::ProbeOp>(probeKernel);
}

} // namespace sdy::runtime
