//===- CollectiveTraffic.h - bytes a backend call moves ---------*- C++ -*-===//
//
// The unit of communication is one call through the device-backend table
// (sdy_c/backend.h): the runtime executes every StableHLO collective as zero
// or more such calls per device. For a call, the bytes a device *sends* are
// the bytes of its buffers that end up in (or are read into) another
// device's buffers, and the bytes it *receives* are the bytes that reach its
// buffers from other devices; a device's copies to itself count as nothing.
// The numbers follow the algorithms of the built-in backends exactly, so a
// backend that counts its own transfers finds the same values.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_ANALYSIS_COLLECTIVETRAFFIC_H
#define SDY_ANALYSIS_COLLECTIVETRAFFIC_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdy::analysis {

// The built-in backends whose algorithms the byte counts follow.
enum class CommBackend { Local, Mpi };
const char *commBackendName(CommBackend backend);
std::optional<CommBackend> parseCommBackend(const std::string &name);

// The collective functions of the backend table.
enum class BackendCallKind {
  AllReduce,
  AllGather,
  AllToAll,
  ReduceScatter,
  CollectivePermute
};
constexpr int kNumBackendCallKinds = 5;
const char *backendCallKindName(BackendCallKind kind);
std::optional<BackendCallKind> parseBackendCallKind(const std::string &name);

// One call of the backend table, as one device issues it.
struct BackendCall {
  BackendCallKind kind = BackendCallKind::AllGather;
  // The group (or, for collective_permute, the flattened (source, target)
  // pairs) the call names.
  std::vector<int64_t> group;
  // all_gather: bytes per member; all_to_all: chunk bytes; all_reduce:
  // elements; reduce_scatter: elements per chunk; collective_permute: bytes.
  uint64_t size = 0;
  // Bytes per element of all_reduce and reduce_scatter (else 1).
  uint64_t elementBytes = 1;
};

struct Traffic {
  uint64_t sent = 0;
  uint64_t received = 0;
  Traffic &operator+=(const Traffic &o) {
    sent += o.sent;
    received += o.received;
    return *this;
  }
};

// The mpi backend switches all_reduce algorithms above this many bytes.
constexpr uint64_t kMpiSmallAllReduceBytes = 65536;

// What `device` sends and receives in `call` on `backend`. A device outside
// the call's group (or pairs) moves nothing.
Traffic trafficOf(const BackendCall &call, CommBackend backend, int64_t device);

// The bytes of the buffers `device` hands to the backend in `call`: `sent`
// counts its send buffer, `received` its receive buffer (all_gather: b and
// n b; all_to_all: n c both; all_reduce: the whole buffer both;
// reduce_scatter: n chunks and one; collective_permute: b for a source and
// b for a target). Zero for a device outside the call.
Traffic bufferBytesOf(const BackendCall &call, int64_t device);

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_COLLECTIVETRAFFIC_H
