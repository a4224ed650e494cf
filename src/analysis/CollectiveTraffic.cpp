//===- CollectiveTraffic.cpp - bytes a backend call moves -----------------===//
//
// all_gather, all_to_all and reduce_scatter exchange one chunk with every
// other member on both backends. all_reduce is a reduce-scatter of the
// elements in one part per member followed by an all-gather of the reduced
// parts; the parts differ: the local backend cuts ceil(count / n) elements
// rounded up to 64 bytes, the mpi backend balanced parts. The mpi backend
// sends small buffers (<= kMpiSmallAllReduceBytes) whole to every member.
//
//===----------------------------------------------------------------------===//
#include "analysis/CollectiveTraffic.h"

#include <algorithm>

namespace sdy::analysis {

const char *commBackendName(CommBackend backend) {
  return backend == CommBackend::Local ? "local" : "mpi";
}

std::optional<CommBackend> parseCommBackend(const std::string &name) {
  if (name == "local")
    return CommBackend::Local;
  if (name == "mpi")
    return CommBackend::Mpi;
  return std::nullopt;
}

const char *backendCallKindName(BackendCallKind kind) {
  switch (kind) {
  case BackendCallKind::AllReduce:
    return "all_reduce";
  case BackendCallKind::AllGather:
    return "all_gather";
  case BackendCallKind::AllToAll:
    return "all_to_all";
  case BackendCallKind::ReduceScatter:
    return "reduce_scatter";
  case BackendCallKind::CollectivePermute:
    return "collective_permute";
  }
  return "?";
}

std::optional<BackendCallKind> parseBackendCallKind(const std::string &name) {
  for (int k = 0; k < kNumBackendCallKinds; ++k)
    if (name == backendCallKindName(static_cast<BackendCallKind>(k)))
      return static_cast<BackendCallKind>(k);
  return std::nullopt;
}

namespace {

// Elements of part `j` of `count` elements cut in `n` parts, as `backend`
// cuts them for all_reduce.
uint64_t allReducePart(CommBackend backend, uint64_t count, uint64_t n,
                       uint64_t elementBytes, uint64_t j) {
  if (backend == CommBackend::Mpi) {
    uint64_t base = count / n, extra = count % n;
    return base + (j < extra ? 1 : 0);
  }
  uint64_t align =
      std::max<uint64_t>(1, 64 / std::max<uint64_t>(1, elementBytes));
  uint64_t chunk = (count + n - 1) / n;
  chunk = (chunk + align - 1) / align * align;
  uint64_t begin = std::min(count, j * chunk);
  uint64_t end = std::min(count, begin + chunk);
  return end - begin;
}

} // namespace

Traffic trafficOf(const BackendCall &call, CommBackend backend,
                  int64_t device) {
  Traffic t;
  if (call.kind == BackendCallKind::CollectivePermute) {
    for (size_t i = 0; i + 1 < call.group.size(); i += 2) {
      int64_t source = call.group[i], target = call.group[i + 1];
      if (source == target)
        continue;
      if (source == device)
        t.sent += call.size;
      if (target == device)
        t.received += call.size;
    }
    return t;
  }
  auto it = std::find(call.group.begin(), call.group.end(), device);
  if (it == call.group.end() || call.group.size() < 2)
    return t;
  uint64_t n = call.group.size();
  uint64_t me = it - call.group.begin();
  switch (call.kind) {
  case BackendCallKind::AllGather:
  case BackendCallKind::AllToAll:
    t.sent = t.received = (n - 1) * call.size;
    return t;
  case BackendCallKind::ReduceScatter:
    t.sent = t.received = (n - 1) * call.size * call.elementBytes;
    return t;
  case BackendCallKind::AllReduce: {
    uint64_t bytes = call.size * call.elementBytes;
    if (backend == CommBackend::Mpi && bytes <= kMpiSmallAllReduceBytes) {
      t.sent = t.received = (n - 1) * bytes;
      return t;
    }
    // Reduce-scatter: the other parts of my buffer go to their owners and
    // my part of every other buffer comes to me; all-gather: my reduced
    // part goes to every other member and theirs come to me.
    uint64_t mine =
        allReducePart(backend, call.size, n, call.elementBytes, me) *
        call.elementBytes;
    t.sent = t.received = (bytes - mine) + (n - 1) * mine;
    return t;
  }
  case BackendCallKind::CollectivePermute:
    break;
  }
  return t;
}

Traffic bufferBytesOf(const BackendCall &call, int64_t device) {
  Traffic t;
  if (call.kind == BackendCallKind::CollectivePermute) {
    for (size_t i = 0; i + 1 < call.group.size(); i += 2) {
      if (call.group[i] == device)
        t.sent = call.size;
      if (call.group[i + 1] == device)
        t.received = call.size;
    }
    return t;
  }
  if (std::find(call.group.begin(), call.group.end(), device) ==
      call.group.end())
    return t;
  uint64_t n = call.group.size();
  uint64_t bytes = call.size * call.elementBytes;
  switch (call.kind) {
  case BackendCallKind::AllGather:
    t.sent = bytes;
    t.received = n * bytes;
    break;
  case BackendCallKind::AllToAll:
    t.sent = t.received = n * bytes;
    break;
  case BackendCallKind::AllReduce:
    t.sent = t.received = bytes;
    break;
  case BackendCallKind::ReduceScatter:
    t.sent = n * bytes;
    t.received = bytes;
    break;
  case BackendCallKind::CollectivePermute:
    break;
  }
  return t;
}

} // namespace sdy::analysis
