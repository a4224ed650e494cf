//===- ThreadPool.cpp - the process's worker threads for parallel kernels -===//
//
// The workers take helper tasks from one queue. A helper task claims pieces
// of its parallelFor from a shared counter until none is left; the caller
// claims pieces too and waits only for the pieces, not for the helpers, so
// a helper that starts late finds nothing to do and the caller never waits
// for a busy worker. The workers are created on first use and live as long
// as the process (detached: no join at exit can block).
//
//===----------------------------------------------------------------------===//
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace sdy::runtime {
namespace {

int hardwareThreads() {
  static const int hw =
      std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return hw;
}

// The pieces of one parallelFor call; shared with the helpers that may
// start after the call returned.
struct Job {
  std::function<void(int64_t)> body;
  int64_t n = 0;
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> done{0};
  std::mutex mu;
  std::condition_variable finished;

  // Claims and runs pieces until none is left.
  void work() {
    int64_t ran = 0;
    for (int64_t i = next++; i < n; i = next++) {
      body(i);
      ++ran;
    }
    if (ran && done.fetch_add(ran) + ran == n) {
      std::lock_guard<std::mutex> l(mu);
      finished.notify_all();
    }
  }
};

class Pool {
public:
  static Pool &get() {
    // Never destroyed: detached workers may still wait on it at exit.
    static Pool *pool = new Pool(hardwareThreads() - 1);
    return *pool;
  }

  int workers() const { return workers_; }

  void post(std::shared_ptr<Job> job) {
    {
      std::lock_guard<std::mutex> l(mu_);
      queue_.push_back(std::move(job));
    }
    ready_.notify_one();
  }

private:
  explicit Pool(int workers) : workers_(std::max(0, workers)) {
    for (int i = 0; i < workers_; ++i)
      std::thread([this] { loop(); }).detach();
  }

  void loop() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock<std::mutex> l(mu_);
        ready_.wait(l, [&] { return !queue_.empty(); });
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      job->work();
    }
  }

  int workers_;
  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<std::shared_ptr<Job>> queue_;
};

} // namespace

int threadsPerDevice(int64_t localDevices) {
  int64_t per = hardwareThreads() / std::max<int64_t>(1, localDevices);
  return static_cast<int>(std::max<int64_t>(1, per));
}

void parallelFor(int64_t n, int threads,
                 const std::function<void(int64_t)> &body) {
  if (n <= 0)
    return;
  Pool &pool = Pool::get();
  int64_t helpers = std::min<int64_t>(
      {static_cast<int64_t>(threads) - 1, n - 1, pool.workers()});
  if (helpers <= 0) {
    for (int64_t i = 0; i < n; ++i)
      body(i);
    return;
  }
  auto job = std::make_shared<Job>();
  job->body = body;
  job->n = n;
  for (int64_t h = 0; h < helpers; ++h)
    pool.post(job);
  job->work();
  std::unique_lock<std::mutex> l(job->mu);
  job->finished.wait(l, [&] { return job->done.load() == n; });
}

} // namespace sdy::runtime
