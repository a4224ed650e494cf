//===- bench_comm_calibrate.cpp - measure a backend's alpha and beta ------===//
//
//   bench-comm-calibrate --backend local|mpi [--devices N] [--out FILE]
//                        [--max-bytes B] [--machine TEXT]
//
// Measures each backend call (all_reduce f32 sum, all_gather, all_to_all,
// reduce_scatter f32 sum, collective_permute as a ring shift) on groups of
// 2, 4, ... N devices (the first ones; the others idle) and payloads from
// 256 B to --max-bytes (x4 steps), and fits the model of
// analysis/CommModel.h by least squares: time = alpha + beta * bytes, with
// bytes the busiest device's sent/received bytes (CollectiveTraffic.h).
// A point is the fastest of 5 rounds of back-to-back calls (after a
// warm-up), timed on the group's first device. Prints the points and writes
// the model file (standard output without --out).
//
// local: N devices as threads (default 4). mpi: run under mpirun, one
// device per rank; rank 0 prints and writes.
//
//===----------------------------------------------------------------------===//
#include "analysis/CommModel.h"
#include "runtime/Backend.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace sdy::runtime;
using namespace sdy::analysis;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kRounds = 5;

struct Point {
  BackendCallKind kind;
  int groupSize;
  uint64_t payload, busiest;
  double seconds;
};

int itersFor(uint64_t bytes) {
  return static_cast<int>(std::clamp<uint64_t>(
      (uint64_t(64) << 20) / std::max<uint64_t>(bytes, 1), 5, 500));
}

// One call of `kind` by `device` on `group` with a payload of `payload`
// bytes per device (f32 for the reductions).
Status callOnce(const Backend &b, BackendCallKind kind, int64_t device,
                const std::vector<int64_t> &group, uint64_t payload,
                std::vector<char> &send, std::vector<char> &recv) {
  size_t n = group.size();
  switch (kind) {
  case BackendCallKind::AllReduce:
    return b.allReduce(device, group, send.data(), recv.data(), payload / 4,
                       ElementType::F32, CollectiveReduce::Sum, 60000);
  case BackendCallKind::AllGather:
    return b.allGather(device, group, send.data(), recv.data(), payload / n,
                       60000);
  case BackendCallKind::AllToAll:
    return b.allToAll(device, group, send.data(), recv.data(), payload / n,
                      60000);
  case BackendCallKind::ReduceScatter:
    return b.reduceScatter(device, group, send.data(), recv.data(),
                           payload / 4 / n, ElementType::F32,
                           CollectiveReduce::Sum, 60000);
  case BackendCallKind::CollectivePermute: {
    std::vector<int64_t> pairs;
    for (size_t i = 0; i < n; ++i) {
      pairs.push_back(group[i]);
      pairs.push_back(group[(i + 1) % n]);
    }
    return b.collectivePermute(device, pairs, send.data(), recv.data(), payload,
                               60000);
  }
  }
  return Status::invalid("unknown kind");
}

// The backend call the runtime would describe for this measurement.
BackendCall describe(BackendCallKind kind, const std::vector<int64_t> &group,
                     uint64_t payload) {
  uint64_t n = group.size();
  BackendCall c{kind, group, payload, 1};
  switch (kind) {
  case BackendCallKind::AllReduce:
    c.size = payload / 4;
    c.elementBytes = 4;
    break;
  case BackendCallKind::AllGather:
  case BackendCallKind::AllToAll:
    c.size = payload / n;
    break;
  case BackendCallKind::ReduceScatter:
    c.size = payload / 4 / n;
    c.elementBytes = 4;
    break;
  case BackendCallKind::CollectivePermute:
    c.group.clear();
    for (uint64_t i = 0; i < n; ++i) {
      c.group.push_back(group[i]);
      c.group.push_back(group[(i + 1) % n]);
    }
    break;
  }
  return c;
}

// Fits time = alpha + beta * bytes (both >= 0) by least squares of the
// relative error (weights 1 / time^2), so that the small calls, which fix
// alpha, count as much as the large ones, which fix beta.
CallCost fit(const std::vector<Point> &points) {
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const Point &p : points) {
    double x = static_cast<double>(p.busiest), y = p.seconds;
    double w = 1 / (y * y);
    n += w;
    sx += w * x;
    sy += w * y;
    sxx += w * x * x;
    sxy += w * x * y;
  }
  CallCost c;
  if (n == 0)
    return c;
  double det = n * sxx - sx * sx;
  if (det > 0) {
    c.beta = std::max(0.0, (n * sxy - sx * sy) / det);
    c.alpha = std::max(0.0, (sy - c.beta * sx) / n);
  } else {
    c.alpha = sy / n;
  }
  return c;
}

int usage(const char *why) {
  std::fprintf(stderr,
               "bench-comm-calibrate: %s\nusage: bench-comm-calibrate "
               "--backend local|mpi [--devices N] [--out FILE] "
               "[--max-bytes B] [--machine TEXT]\n",
               why);
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  std::string backendName = "local", out, machine;
  int devices = 4;
  uint64_t maxBytes = uint64_t(4) << 20;
  std::string command = "bench-comm-calibrate";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    command += " " + a;
    if (i + 1 >= argc)
      return usage(("missing value after " + a).c_str());
    std::string v = argv[++i];
    command += " " + v;
    if (a == "--backend")
      backendName = v;
    else if (a == "--devices")
      devices = std::atoi(v.c_str());
    else if (a == "--out")
      out = v;
    else if (a == "--max-bytes")
      maxBytes = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--machine")
      machine = v;
    else
      return usage(("unknown option " + a).c_str());
  }
  auto backendKind = parseCommBackend(backendName);
  if (!backendKind)
    return usage("--backend must be local or mpi");
  if (devices < 2 || maxBytes < 1024)
    return usage("need --devices >= 2 and --max-bytes >= 1024");
  std::unique_ptr<Backend> b;
  if (Status s = Backend::create(backendName, devices, b); !s.isOk())
    return usage(s.message().c_str());
  int32_t total = 0;
  std::vector<int64_t> local;
  if (!b->deviceCount(total).isOk() || !b->localDevices(local).isOk())
    return usage("the backend reports no devices");
  devices = total;
  bool printer = std::find(local.begin(), local.end(), 0) != local.end();

  std::vector<Point> points;
  for (int g = 2; g <= devices; g *= 2) {
    std::vector<int64_t> group;
    for (int i = 0; i < g; ++i)
      group.push_back(i);
    for (int k = 0; k < kNumBackendCallKinds; ++k) {
      auto kind = static_cast<BackendCallKind>(k);
      for (uint64_t payload = 256 * g; payload <= maxBytes; payload *= 4) {
        int iters = itersFor(payload);
        double bestSeconds = 1e30;
        Status failed;
        auto device = [&](int64_t d) {
          if (d >= g)
            return;
          std::vector<char> send(payload, 1), recv(payload, 0);
          for (int round = 0; round <= kRounds; ++round) {
            auto t0 = Clock::now();
            for (int i = 0; i < iters; ++i)
              if (Status s = callOnce(*b, kind, d, group, payload, send, recv);
                  !s.isOk()) {
                failed = s;
                return;
              }
            double t =
                std::chrono::duration<double>(Clock::now() - t0).count() /
                iters;
            if (d == 0 && round > 0) // round 0 warms up
              bestSeconds = std::min(bestSeconds, t);
          }
        };
        std::vector<std::thread> threads;
        for (int64_t d : local)
          threads.emplace_back(device, d);
        for (std::thread &t : threads)
          t.join();
        if (!failed.isOk()) {
          std::fprintf(stderr, "bench-comm-calibrate: %s\n",
                       failed.message().c_str());
          return 1;
        }
        BackendCall call = describe(kind, group, payload);
        uint64_t busiest = 0;
        for (int64_t d = 0; d < g; ++d) {
          Traffic t = trafficOf(call, *backendKind, d);
          busiest = std::max({busiest, t.sent, t.received});
        }
        points.push_back({kind, g, payload, busiest, bestSeconds});
      }
    }
  }
  if (!printer)
    return 0;
  CommModel model;
  model.backend = *backendKind;
  model.machine = machine.empty() ? "unnamed" : machine;
  model.command = command;
  std::printf("# %-18s %5s %10s %10s %12s\n", "kind", "group", "payload",
              "busiest", "seconds");
  for (const Point &p : points)
    std::printf("# %-18s %5d %10llu %10llu %12.3e\n",
                backendCallKindName(p.kind), p.groupSize,
                (unsigned long long)p.payload, (unsigned long long)p.busiest,
                p.seconds);
  for (int k = 0; k < kNumBackendCallKinds; ++k) {
    std::vector<Point> mine;
    for (const Point &p : points)
      if (static_cast<int>(p.kind) == k)
        mine.push_back(p);
    model.costs[k] = fit(mine);
  }
  std::string text = formatCommModel(model);
  if (out.empty()) {
    std::printf("%s", text.c_str());
    return 0;
  }
  std::ofstream file(out);
  file << "# Measured by bench-comm-calibrate (bench/comm/README.md).\n"
       << text;
  if (!file)
    return usage(("cannot write " + out).c_str());
  std::printf("wrote %s\n%s", out.c_str(), text.c_str());
  return 0;
}
