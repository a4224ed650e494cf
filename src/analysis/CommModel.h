//===- CommModel.h - latency/bandwidth model of a backend -------*- C++ -*-===//
//
// The estimated time of one backend call of kind k is
//
//   alpha_k + beta_k * max over devices of max(sent, received)
//
// (seconds; bytes as CollectiveTraffic.h counts them): a start-up cost per
// call, then the busiest device's link at the measured bandwidth. Each
// backend has its own alpha and beta per kind, measured by
// bench-comm-calibrate on that backend and stored in a model file:
//
//   # comments and blank lines are ignored
//   sdy-comm-model 1
//   backend local
//   machine <free text>
//   command <free text>
//   all_reduce <alpha seconds> <beta seconds per byte>
//   all_gather ...   (one line per kind of backend call, all five needed)
//
//===----------------------------------------------------------------------===//
#ifndef SDY_ANALYSIS_COMMMODEL_H
#define SDY_ANALYSIS_COMMMODEL_H

#include "analysis/CollectiveTraffic.h"

#include <array>
#include <string>

namespace sdy::analysis {

struct CallCost {
  double alpha = 0; // seconds per call
  double beta = 0;  // seconds per byte
};

struct CommModel {
  CommBackend backend = CommBackend::Local;
  std::string machine, command;
  std::array<CallCost, kNumBackendCallKinds> costs;

  const CallCost &cost(BackendCallKind kind) const {
    return costs[static_cast<int>(kind)];
  }
  // Seconds for one call whose busiest device moves `maxBytes`.
  double estimate(BackendCallKind kind, uint64_t maxBytes) const {
    return cost(kind).alpha + cost(kind).beta * static_cast<double>(maxBytes);
  }
};

// Parses a model file's text; `error` names the line of a mistake.
bool parseCommModel(const std::string &text, CommModel &out,
                    std::string &error);
// Reads and parses `path`.
bool loadCommModel(const std::string &path, CommModel &out, std::string &error);
// The model file text of `model`.
std::string formatCommModel(const CommModel &model);
// The committed default for `backend` (bench/comm/models/).
CommModel defaultCommModel(CommBackend backend);

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_COMMMODEL_H
