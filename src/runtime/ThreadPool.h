//===- ThreadPool.h - the process's worker threads for parallel kernels --===//
//
// One pool of worker threads per process, shared by every executable and
// every local device. A caller splits its work into independent pieces and
// runs them on itself plus up to `threads - 1` workers; the local backend
// gives each device max(1, hardware threads / local devices) threads, so
// that concurrent devices together use the cores once.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_THREADPOOL_H
#define SDY_RUNTIME_THREADPOOL_H

#include <cstdint>
#include <functional>

namespace sdy::runtime {

// The threads one device uses for its kernels when `localDevices` devices
// run at once on this host: max(1, hardware threads / localDevices).
int threadsPerDevice(int64_t localDevices);

// Runs body(i) for every i in [0, n), on the calling thread and up to
// `threads - 1` pool workers, and returns when all are done. Pieces may run
// in any order and concurrently; `body` must not throw. threads <= 1 or
// n <= 1 runs everything on the caller.
void parallelFor(int64_t n, int threads,
                 const std::function<void(int64_t)> &body);

} // namespace sdy::runtime

#endif // SDY_RUNTIME_THREADPOOL_H
