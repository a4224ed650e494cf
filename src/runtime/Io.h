//===- Io.h - channels, feeds and probes of the interpreter -----*- C++ -*-===//
//
// IoState is what the devices of one interpreter.run_parallel share: the
// send/recv channels (a FIFO of sent value lists per channel handle), the
// infeed functions (run in order, one per executed infeed) and the values
// written by outfeed. ProbeStore records the values of interpreter.probe
// ops as .npy files for check.expect_serialized_eq.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_IO_H
#define SDY_RUNTIME_IO_H

#include "runtime/Status.h"
#include "runtime/Tensor.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace sdy::runtime {

class RunControl;
struct DeviceContext;

class IoState {
public:
  // `infeed`: the func.func ops that feed the infeed ops, in order.
  explicit IoState(std::vector<mlir::Operation *> infeed = {})
      : infeed_(std::move(infeed)) {}

  // Queues `values` on `channel`; does not wait for the receiver.
  void send(int64_t channel, std::vector<Tensor> values);
  // Takes the oldest value list sent on `channel`, waiting up to
  // `timeoutMs` (<= 0: forever) and stopping when `control` says so.
  Status recv(int64_t channel, int64_t timeoutMs, const RunControl *control,
              std::vector<Tensor> &values);
  // The next infeed function, or null when all have been used.
  mlir::Operation *nextInfeed();
  void outfeed(std::vector<Tensor> values);
  std::vector<std::vector<Tensor>> outfeedValues() const;

private:
  mutable std::mutex mu_;
  std::condition_variable sent_;
  std::map<int64_t, std::deque<std::vector<Tensor>>> channels_;
  std::vector<mlir::Operation *> infeed_;
  size_t nextInfeed_ = 0;
  std::vector<std::vector<Tensor>> outfeed_;
};

class ProbeStore {
public:
  // `dir`: where the files go; empty: a temporary directory, made on the
  // first probe and removed with the store.
  explicit ProbeStore(std::string dir) : dir_(std::move(dir)) {}
  ~ProbeStore();
  ProbeStore(const ProbeStore &) = delete;
  ProbeStore &operator=(const ProbeStore &) = delete;

  // Writes `value` as the next iteration of probe `id` (a .npy file and a
  // line `id,type,file` of index.csv).
  Status record(const std::string &id, const Tensor &value);
  // The value of iteration `iter` of probe `id`.
  Status load(const std::string &id, uint32_t iter, Tensor &out);

private:
  std::mutex mu_;
  std::string dir_;
  bool temporary_ = false;
  int64_t files_ = 0;
  std::map<std::string, std::vector<std::string>> paths_;
};

// The probes of `ctx`; Unsupported naming `opName` when the run records
// none (only sdy-run --interpret does).
Status probesOf(const DeviceContext &ctx, const std::string &opName,
                ProbeStore *&probes);

} // namespace sdy::runtime

#endif // SDY_RUNTIME_IO_H
