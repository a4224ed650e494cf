//===- bench_collectives.cpp - local-backend bus bandwidth vs memcpy ------===//
//
//   bench-runtime-collectives [devices=4] [max_bytes=268435456]
//
// For each size from 1 KiB to max_bytes (x4 steps) measures all_reduce (f32
// sum), all_gather and all_to_all on the local backend with `devices`
// threads, and reports NCCL-style bus bandwidth:
//   all_reduce: busbw = bytes / t * 2 (n-1) / n
//   all_gather, all_to_all: busbw = total bytes / t * (n-1) / n
// next to the memcpy bandwidth of one thread copying `bytes` on this machine
// (same run), and the ratio busbw / memcpy. Every figure is the best of
// 3 rounds (buffers allocated and touched once, outside the timing).
//
// Note the bound for all_gather / all_to_all: each member must write the
// whole `bytes` result (its own chunk included, which the NCCL busbw factor
// (n-1)/n does not count), so with n members copying concurrently at one
// thread's memcpy speed the ratio tops out at (n-1)/n = 0.5 for n = 2;
// all_reduce moves 2 (n-1)/n * bytes per member and can reach ~1.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

using namespace sdy::runtime;
using Clock = std::chrono::steady_clock;

static double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

static int itersFor(size_t bytes) {
  size_t target = size_t(1) << 30; // ~1 GiB moved per measurement
  return int(std::clamp<size_t>(target / std::max<size_t>(bytes, 1), 3, 2000));
}

constexpr int kRounds = 3;

static double memcpyBandwidth(size_t bytes) {
  std::vector<char> a(bytes, 1), b(bytes, 2);
  int iters = itersFor(bytes);
  std::memcpy(b.data(), a.data(), bytes);
  double best = 0;
  for (int round = 0; round < kRounds; ++round) {
    auto t0 = Clock::now();
    for (int i = 0; i < iters; ++i) {
      std::memcpy(b.data(), a.data(), bytes);
      a[i % bytes] = b[(i * 7) % bytes]; // keep the copies alive
    }
    best = std::max(best, double(bytes) * iters / seconds(t0, Clock::now()));
  }
  return best;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 4;
  size_t maxBytes =
      argc > 2 ? std::strtoull(argv[2], nullptr, 10) : (size_t(256) << 20);
  std::unique_ptr<Backend> b;
  if (Status s = Backend::create("local", n, b); !s.isOk()) {
    std::fprintf(stderr, "%s\n", s.message().c_str());
    return 1;
  }
  std::vector<int64_t> group;
  for (int i = 0; i < n; ++i)
    group.push_back(i);
  std::printf("# local backend, %d devices (threads), hw threads %u\n", n,
              std::thread::hardware_concurrency());
  std::printf("%-12s %-11s %12s %12s %8s\n", "bytes", "op", "busbw GB/s",
              "memcpy GB/s", "ratio");
  for (size_t bytes = 1024; bytes <= maxBytes; bytes *= 4) {
    double mc = memcpyBandwidth(bytes);
    for (int op = 0; op < 3; ++op) {
      // all_reduce: bytes per device; all_gather: bytes total result;
      // all_to_all: bytes per device in and out.
      size_t per = op == 1 ? bytes / n : bytes;
      std::vector<std::vector<char>> send(n, std::vector<char>(per, 1)),
          recv(n, std::vector<char>(op == 1 ? bytes : per, 0));
      int iters = itersFor(bytes);
      std::vector<std::vector<double>> times(kRounds, std::vector<double>(n));
      std::vector<std::thread> ts;
      for (int d = 0; d < n; ++d)
        ts.emplace_back([&, d] {
          auto run = [&] {
            if (op == 0)
              (void)b->allReduce(d, group, send[d].data(), recv[d].data(),
                                 per / 4, ElementType::F32,
                                 CollectiveReduce::Sum, 60000);
            else if (op == 1)
              (void)b->allGather(d, group, send[d].data(), recv[d].data(), per,
                                 60000);
            else
              (void)b->allToAll(d, group, send[d].data(), recv[d].data(),
                                per / n, 60000);
          };
          run();
          for (int round = 0; round < kRounds; ++round) {
            (void)b->barrier(d, group, 60000);
            auto t0 = Clock::now();
            for (int i = 0; i < iters; ++i)
              run();
            times[round][d] = seconds(t0, Clock::now()) / iters;
          }
        });
      for (auto &t : ts)
        t.join();
      double t = 1e30;
      for (auto &r : times)
        t = std::min(t, *std::max_element(r.begin(), r.end()));
      double factor = op == 0 ? 2.0 * (n - 1) / n : double(n - 1) / n;
      double busbw = double(bytes) / t * factor;
      const char *names[] = {"all_reduce", "all_gather", "all_to_all"};
      std::printf("%-12zu %-11s %12.2f %12.2f %8.2f\n", bytes, names[op],
                  busbw / 1e9, mc / 1e9, busbw / mc);
      std::fflush(stdout);
    }
  }
  return 0;
}
