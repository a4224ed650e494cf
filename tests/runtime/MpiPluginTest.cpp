//===- MpiPluginTest.cpp - the mpi plugin through its C table -------------===//
//
// A vendor-style conformance and fault test: it dlopens
// libsdy_backend_mpi.so, calls SDY_BACKEND_ENTRY_SYMBOL and drives the
// table only (no sdy runtime). GoogleTest on each rank; the mode argument
// selects the test (GoogleTest's own flags come first).
//
//   sdy-runtime-mpi-plugin-test PLUGIN options
//       (no mpirun) option strings are parsed and bad ones refused.
//   mpirun -n 3 sdy-runtime-mpi-plugin-test PLUGIN semantics
//       reduction semantics backend.h requires (NaN, PRED, f16/bf16,
//       wrap-around), collective_permute on non-targets, every collective.
//   mpirun --enable-recovery -n 3 sdy-runtime-mpi-plugin-test PLUGIN \
//       fault WHEN COLLECTIVE BYTES [OPTIONS]
//       the last rank dies (raise(SIGKILL)); WHEN is
//         before  it dies before the collective;
//         mid     it enters the collective, the others arrive 300 ms later
//                 and it is killed 100 ms into the call (so it is certainly
//                 inside: the call cannot finish without them);
//         stream  all ranks loop on the collective, it is killed while
//                 inside one, mid-transfer for large messages.
//       Survivors must get UNAVAILABLE or TIMEOUT within the timeout plus
//       2 s (a call may instead succeed, with a correct result, when the
//       victim's data had all arrived), their receive buffer untouched,
//       the next call must fail at once, destroy must return within 2 s.
//       Each survivor prints "SURVIVOR <rank> OK" and exits 0; the ctest
//       wrapper (mpi_fault_test.cmake) checks those lines because mpirun's
//       own exit status reflects the killed rank.
//
//===----------------------------------------------------------------------===//
#include "sdy_c/backend.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

// Set by main from the command line: the plugin's entry point and the
// arguments after the mode.
sdy_backend_create_fn create = nullptr;
std::vector<std::string> modeArgs;

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

sdy_backend_create_fn loadPlugin(const char *path) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    std::fprintf(stderr, "cannot load %s: %s\n", path, dlerror());
    std::exit(2);
  }
  auto fn = reinterpret_cast<sdy_backend_create_fn>(
      dlsym(h, SDY_BACKEND_ENTRY_SYMBOL));
  if (!fn) {
    std::fprintf(stderr, "%s lacks %s\n", path, SDY_BACKEND_ENTRY_SYMBOL);
    std::exit(2);
  }
  return fn;
}

sdy_backend_error_t noErr() {
  sdy_backend_error_t e;
  e.code = 0;
  e.message[0] = 0;
  return e;
}

// --- options ----------------------------------------------------------------

TEST(MpiPluginTest, Options) {
  struct Case {
    const char *options, *message;
  } cases[] = {
      {"bogus=1", "unknown option 'bogus'"},
      {"timeout_ms=-5", "timeout_ms must be an integer >= 0, got '-5'"},
      {"timeout_ms=12x", "timeout_ms must be an integer >= 0, got '12x'"},
      {"timeout_ms=", "timeout_ms must be an integer >= 0, got ''"},
      {"liveness=maybe", "liveness must be 'on' or 'off', got 'maybe'"},
      {"timeout_ms", "option 'timeout_ms' is not key=value"},
      {"liveness=on, verbose=1", "unknown option 'verbose'"},
  };
  for (const Case &c : cases) {
    sdy_backend_error_t err = noErr();
    sdy_backend_table_t *t = create(c.options, &err);
    EXPECT_EQ(t, nullptr) << "'" << c.options << "' was accepted";
    EXPECT_EQ(err.code, SDY_BACKEND_ERR_INVALID_ARGUMENT) << c.options;
    EXPECT_NE(std::strstr(err.message, c.message), nullptr)
        << "'" << c.options << "': message '" << err.message << "' lacks '"
        << c.message << "'";
  }
  if (!HasFailure())
    std::printf("options: %zu bad option strings refused\n",
                sizeof cases / sizeof cases[0]);
}

// --- semantics
// ----------------------------------------------------------------

struct Plugin {
  sdy_backend_table_t *t = nullptr;
  int64_t rank = 0;
  int32_t n = 0;
  std::vector<int64_t> all;

  // False (with a test failure) when the plugin refuses to start.
  bool open(const char *options) {
    sdy_backend_error_t err = noErr();
    t = create(options, &err);
    if (!t) {
      ADD_FAILURE() << "create failed: " << err.message;
      return false;
    }
    int32_t k = 0;
    err = noErr();
    t->device_count(t->user_data, &n, &err);
    t->local_devices(t->user_data, &rank, 1, &k, &err);
    for (int64_t i = 0; i < n; ++i)
      all.push_back(i);
    return true;
  }
  void *ud() const { return t->user_data; }
};

uint16_t f16(float f) { // exact for the small integers used here
  if (f == 0)
    return 0;
  int e;
  float m = std::frexp(f, &e); // f = m * 2^e, m in [0.5, 1)
  uint32_t mant = (uint32_t)((m * 2 - 1) * 1024);
  return (uint16_t)(((e - 1 + 15) << 10) | mant);
}
uint16_t bf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return (uint16_t)(u >> 16);
}

template <typename T>
int32_t allReduce(Plugin &p, const std::vector<T> &in, std::vector<T> &out,
                  int32_t dtype, int32_t op, sdy_backend_error_t &err) {
  out.assign(in.size(), T());
  err = noErr();
  return p.t->all_reduce(p.ud(), p.rank, p.all.data(), p.n, in.data(),
                         out.data(), in.size(), dtype, op, 30000, &err);
}

TEST(MpiPluginTest, Semantics) {
  Plugin p;
  ASSERT_TRUE(p.open("timeout_ms=30000"));
  const int64_t r = p.rank;
  const int32_t n = p.n;
  sdy_backend_error_t err;
  // Small (one exchange) and large (reduce-scatter + all-gather) paths.
  for (size_t count : {size_t(16), size_t(1) << 16}) {
    const float nan = std::nanf("");
    // NaN on one member only, at elements 0 and count-1: max/min are NaN.
    std::vector<float> in(count), out;
    for (size_t i = 0; i < count; ++i)
      in[i] = float(r + 1) * (i % 2 ? -1 : 1);
    if (r == 1)
      in[0] = in[count - 1] = nan;
    for (int32_t op : {SDY_BACKEND_REDUCE_MAX, SDY_BACKEND_REDUCE_MIN}) {
      EXPECT_EQ(allReduce(p, in, out, SDY_BACKEND_DTYPE_F32, op, err), 0)
          << err.message;
      EXPECT_TRUE(std::isnan(out[0]) && std::isnan(out[count - 1]))
          << "count " << count << " op " << op << ": NaN not propagated ("
          << out[0] << ", " << out[count - 1] << ")";
      float want = op == SDY_BACKEND_REDUCE_MAX ? float(n) : -float(n);
      EXPECT_EQ(out[1], op == SDY_BACKEND_REDUCE_MAX ? -1.0f : -float(n))
          << "count " << count << " op " << op;
      EXPECT_EQ(out[2], op == SDY_BACKEND_REDUCE_MAX ? want : 1.0f)
          << "count " << count << " op " << op;
    }
    // PRED: bit r of i says whether member r holds true; 2 reads as true.
    std::vector<uint8_t> pin(count), pout;
    for (size_t i = 0; i < count; ++i)
      pin[i] = (uint8_t)(((i % 8) >> r) & 1 ? (r == 0 ? 2 : 1) : 0);
    for (int32_t op : {SDY_BACKEND_REDUCE_SUM, SDY_BACKEND_REDUCE_MAX,
                       SDY_BACKEND_REDUCE_PROD, SDY_BACKEND_REDUCE_MIN}) {
      EXPECT_EQ(allReduce(p, pin, pout, SDY_BACKEND_DTYPE_PRED, op, err), 0)
          << err.message;
      bool isOr = op == SDY_BACKEND_REDUCE_SUM || op == SDY_BACKEND_REDUCE_MAX;
      for (size_t i = 0; i < count; ++i) {
        unsigned bits = (unsigned)(i % 8) & ((1u << n) - 1);
        uint8_t want = isOr ? bits != 0 : bits == (1u << n) - 1;
        if (pout[i] != want) {
          ADD_FAILURE() << "pred op " << op << " element " << i << ": "
                        << int(pout[i]) << ", want " << int(want);
          break;
        }
      }
    }
    // f16 / bf16: rounded after every pairwise step, in group order:
    // (2048 + 1) rounds to 2048 (tie to even), + 1 again gives 2048; one
    // rounding at the end would give 2050. bf16: 256 + 1 + 1 = 256.
    std::vector<uint16_t> hin(count, f16(1)), hout;
    if (r == 0)
      hin.assign(count, f16(2048));
    EXPECT_EQ(allReduce(p, hin, hout, SDY_BACKEND_DTYPE_F16,
                        SDY_BACKEND_REDUCE_SUM, err),
              0)
        << err.message;
    uint16_t wantH = n == 3 ? f16(2048) : hout[0];
    EXPECT_EQ(hout[0], wantH) << "f16 sum";
    EXPECT_EQ(hout[count - 1], wantH) << "f16 sum";
    std::vector<uint16_t> bin(count, bf16(1)), bout;
    if (r == 0)
      bin.assign(count, bf16(256));
    EXPECT_EQ(allReduce(p, bin, bout, SDY_BACKEND_DTYPE_BF16,
                        SDY_BACKEND_REDUCE_SUM, err),
              0)
        << err.message;
    uint16_t wantB = n == 3 ? bf16(256) : bout[0];
    EXPECT_EQ(bout[0], wantB) << "bf16 sum";
    EXPECT_EQ(bout[count - 1], wantB) << "bf16 sum";
    // Integers wrap: 100 * n as i8.
    std::vector<int8_t> iin(count, 100), iout;
    EXPECT_EQ(allReduce(p, iin, iout, SDY_BACKEND_DTYPE_I8,
                        SDY_BACKEND_REDUCE_SUM, err),
              0)
        << err.message;
    EXPECT_EQ(iout[count - 1], (int8_t)(uint8_t)(100 * n)) << "i8 sum";
    // In place.
    std::vector<double> d(count, double(r + 1));
    err = noErr();
    EXPECT_EQ(p.t->all_reduce(p.ud(), r, p.all.data(), n, d.data(), d.data(),
                              count, SDY_BACKEND_DTYPE_F64,
                              SDY_BACKEND_REDUCE_SUM, 30000, &err),
              0)
        << err.message;
    EXPECT_EQ(d[count - 1], n * (n + 1) / 2.0) << "in-place f64 sum";
  }
  // reduce_scatter with max and a NaN on member 0 in chunk 1.
  {
    size_t count = 1000;
    std::vector<float> in(count * n, float(r)), out(count, -7);
    if (r == 0)
      in[count + 5] = std::nanf("");
    err = noErr();
    EXPECT_EQ(p.t->reduce_scatter(p.ud(), r, p.all.data(), n, in.data(),
                                  out.data(), count, SDY_BACKEND_DTYPE_F32,
                                  SDY_BACKEND_REDUCE_MAX, 30000, &err),
              0)
        << err.message;
    EXPECT_EQ(out[0], float(n - 1)) << "reduce_scatter";
    EXPECT_EQ(std::isnan(out[5]), r == 1) << "reduce_scatter NaN: " << out[5];
  }
  // all_gather and all_to_all.
  {
    size_t bytes = 3000;
    std::vector<uint8_t> in(bytes, uint8_t(r + 1)), out(bytes * n);
    err = noErr();
    EXPECT_EQ(p.t->all_gather(p.ud(), r, p.all.data(), n, in.data(), out.data(),
                              bytes, 30000, &err),
              0)
        << err.message;
    for (int32_t j = 0; j < n; ++j) {
      EXPECT_EQ(out[j * bytes], j + 1) << "all_gather chunk " << j;
      EXPECT_EQ(out[j * bytes + bytes - 1], j + 1) << "all_gather chunk " << j;
    }
    std::vector<uint8_t> a(bytes * n), b(bytes * n);
    for (int32_t j = 0; j < n; ++j)
      std::memset(&a[j * bytes], int(10 * r + j), bytes);
    err = noErr();
    EXPECT_EQ(p.t->all_to_all(p.ud(), r, p.all.data(), n, a.data(), b.data(),
                              bytes, 30000, &err),
              0)
        << err.message;
    for (int32_t j = 0; j < n; ++j)
      EXPECT_EQ(b[j * bytes], 10 * j + r) << "all_to_all chunk " << j;
  }
  // collective_permute: 0 -> 1 only. Device 0 is a source only and device 2
  // is not named: recv stays untouched on both.
  {
    int64_t pairs[] = {0, 1};
    std::vector<int32_t> in(100, int32_t(r + 1)), out(100, -1);
    err = noErr();
    EXPECT_EQ(p.t->collective_permute(p.ud(), r, pairs, 1, in.data(),
                                      out.data(), 400, 30000, &err),
              0)
        << err.message;
    EXPECT_EQ(out[99], r == 1 ? 1 : -1) << "permute: device " << r;
    int64_t bad[] = {0, 1, 0, 2};
    err = noErr();
    EXPECT_EQ(p.t->collective_permute(p.ud(), r, bad, 2, in.data(), out.data(),
                                      400, 30000, &err),
              SDY_BACKEND_ERR_INVALID_ARGUMENT)
        << err.message;
    EXPECT_NE(std::strstr(err.message, "device 0 is the source of two pairs"),
              nullptr)
        << err.message;
  }
  // Bad arguments are refused without communicating.
  {
    int64_t dup[] = {0, 0};
    float x = 0;
    err = noErr();
    EXPECT_EQ(p.t->all_reduce(p.ud(), r, dup, 2, &x, &x, 1,
                              SDY_BACKEND_DTYPE_F32, SDY_BACKEND_REDUCE_SUM,
                              1000, &err),
              SDY_BACKEND_ERR_INVALID_ARGUMENT)
        << err.message;
    EXPECT_NE(std::strstr(err.message, "repeated"), nullptr) << err.message;
    err = noErr();
    EXPECT_EQ(p.t->all_reduce(p.ud(), r, p.all.data(), n, &x, &x, 1, 99,
                              SDY_BACKEND_REDUCE_SUM, 1000, &err),
              SDY_BACKEND_ERR_UNSUPPORTED)
        << err.message;
    EXPECT_NE(std::strstr(err.message, "unknown dtype 99"), nullptr)
        << err.message;
    err = noErr();
    EXPECT_EQ(p.t->barrier(p.ud(), r + 1, p.all.data(), n, 1000, &err),
              SDY_BACKEND_ERR_INVALID_ARGUMENT)
        << err.message;
    EXPECT_NE(std::strstr(err.message, "not driven by this process"), nullptr)
        << err.message;
  }
  err = noErr();
  EXPECT_EQ(p.t->barrier(p.ud(), r, p.all.data(), n, 30000, &err), 0)
      << err.message;
  p.t->destroy(p.ud());
  if (!HasFailure() && r == 0)
    std::printf("semantics passed on %d ranks\n", n);
}

// --- faults -----------------------------------------------------------------

constexpr int64_t kTimeoutMs = 3000;

struct Fault {
  std::string when, what;
  size_t bytes = 0;
  Plugin p;
  std::vector<char> send, recv;
  int64_t pairs[6];
};

// Fills recv with 0x5a, the mark of "not written".
void markRecv(Fault &f) { std::memset(f.recv.data(), 0x5a, f.recv.size()); }

// One call of the collective under test.
int32_t callOnce(Fault &f, sdy_backend_error_t &err) {
  Plugin &p = f.p;
  err = noErr();
  const int64_t *g = p.all.data();
  if (f.what == "all_reduce")
    return p.t->all_reduce(p.ud(), p.rank, g, p.n, f.send.data(), f.recv.data(),
                           f.bytes / 4, SDY_BACKEND_DTYPE_F32,
                           SDY_BACKEND_REDUCE_SUM, kTimeoutMs, &err);
  if (f.what == "reduce_scatter")
    return p.t->reduce_scatter(
        p.ud(), p.rank, g, p.n, f.send.data(), f.recv.data(), f.bytes / 4 / p.n,
        SDY_BACKEND_DTYPE_F32, SDY_BACKEND_REDUCE_SUM, kTimeoutMs, &err);
  if (f.what == "all_gather")
    return p.t->all_gather(p.ud(), p.rank, g, p.n, f.send.data(), f.recv.data(),
                           f.bytes / p.n, kTimeoutMs, &err);
  if (f.what == "all_to_all")
    return p.t->all_to_all(p.ud(), p.rank, g, p.n, f.send.data(), f.recv.data(),
                           f.bytes / p.n, kTimeoutMs, &err);
  if (f.what == "collective_permute")
    return p.t->collective_permute(p.ud(), p.rank, f.pairs, p.n, f.send.data(),
                                   f.recv.data(), f.bytes, kTimeoutMs, &err);
  return p.t->barrier(p.ud(), p.rank, g, p.n, kTimeoutMs, &err);
}

// Checks a successful call's result (every element is known).
bool resultOk(const Fault &f) {
  const Plugin &p = f.p;
  auto floats = [&](size_t k) {
    float v;
    std::memcpy(&v, f.recv.data() + 4 * k, 4);
    return v;
  };
  if (f.what == "all_reduce" || f.what == "reduce_scatter") {
    size_t n = f.what == "all_reduce" ? f.bytes / 4 : f.bytes / 4 / p.n;
    return floats(0) == p.n * (p.n + 1) / 2.0f && floats(n - 1) == floats(0);
  }
  if (f.what == "all_gather" || f.what == "all_to_all") {
    size_t chunk = f.bytes / p.n;
    for (int j = 0; j < p.n; ++j)
      if (f.recv[j * chunk] != char(j + 1) ||
          f.recv[j * chunk + chunk - 1] != char(j + 1))
        return false;
    return true;
  }
  if (f.what == "collective_permute")
    return f.recv[0] == char((p.rank + p.n - 1) % p.n + 1);
  return true;
}

bool recvUntouched(const Fault &f) {
  for (char c : f.recv)
    if (c != 0x5a)
      return false;
  return true;
}

// Arguments: WHEN COLLECTIVE BYTES [OPTIONS] (checked by main).
TEST(MpiPluginTest, Fault) {
  Fault f;
  f.when = modeArgs[0];
  f.what = modeArgs[1];
  f.bytes = std::strtoull(modeArgs[2].c_str(), nullptr, 10);
  ASSERT_TRUE(f.p.open(modeArgs.size() > 3 ? modeArgs[3].c_str() : nullptr));
  Plugin &p = f.p;
  const int64_t r = p.rank, victim = p.n - 1;
  size_t recvBytes = f.what == "reduce_scatter" ? f.bytes / p.n
                     : f.what == "barrier"      ? 1
                                                : f.bytes;
  f.send.assign(std::max<size_t>(f.bytes, 1), 0);
  f.recv.assign(std::max<size_t>(recvBytes, 1), 0);
  for (size_t k = 0; k + 4 <= f.bytes; k += 4) { // floats r + 1
    float v = float(r + 1);
    std::memcpy(&f.send[k], &v, 4);
  }
  if (f.what == "all_gather" || f.what == "all_to_all" ||
      f.what == "collective_permute")
    std::memset(f.send.data(), int(r + 1), f.bytes);
  for (int i = 0; i < p.n; ++i) { // ring i -> i+1
    f.pairs[2 * i] = i;
    f.pairs[2 * i + 1] = (i + 1) % p.n;
  }
  sdy_backend_error_t err = noErr();
  // Everybody is up and connected before the fault.
  ASSERT_TRUE(p.t->barrier(p.ud(), r, p.all.data(), p.n, 30000, &err) == 0 &&
              callOnce(f, err) == 0 && resultOk(f))
      << "rank " << r << ": warm-up failed: " << err.message;
  const int kMidIter = 3;
  std::atomic<int> iter{0}, inside{0};
  if (r == victim) {
    if (f.when == "before") {
      std::fprintf(stderr, "VICTIM rank %lld dies before the %s\n",
                   (long long)r, f.what.c_str());
      raise(SIGKILL);
    }
    std::thread([&] {
      if (f.when == "mid") {
        while (iter.load() < kMidIter || !inside.load())
          usleep(100);
        usleep(100 * 1000);
      } else { // stream: die while inside a call, after a few calls
        auto t0 = Clock::now();
        while (msSince(t0) < 150 || !inside.load())
          sched_yield();
      }
      std::fprintf(stderr,
                   "VICTIM rank %lld dies inside %s #%d (%zu bytes): %s\n",
                   (long long)r, f.what.c_str(), iter.load(), f.bytes,
                   inside.load() ? "inside" : "between calls");
      raise(SIGKILL);
    }).detach();
    for (int i = 1;; ++i) {
      iter = i;
      inside = 1;
      callOnce(f, err);
      inside = 0;
    }
  }
  if (f.when == "before")
    usleep(300 * 1000);
  // Survivors: call until the failure.
  int32_t code = 0;
  double ms = 0;
  int i = 1;
  for (; i < 100000; ++i) {
    if (f.when == "mid" && i == kMidIter)
      usleep(300 * 1000);
    markRecv(f);
    auto t0 = Clock::now();
    code = callOnce(f, err);
    ms = msSince(t0);
    if (code != 0)
      break;
    EXPECT_TRUE(resultOk(f))
        << "call #" << i << " succeeded with a wrong result";
  }
  EXPECT_TRUE(code == SDY_BACKEND_ERR_UNAVAILABLE ||
              code == SDY_BACKEND_ERR_TIMEOUT)
      << "call #" << i << ": code " << code << ": " << err.message;
  EXPECT_NE(err.message[0], 0) << "no message";
  EXPECT_LT(ms, kTimeoutMs + 2000) << "call #" << i;
  EXPECT_TRUE(recvUntouched(f)) << "recv written by the failed call";
  std::string first = err.message;
  // The backend is unusable now: the next call fails at once.
  markRecv(f);
  auto t1 = Clock::now();
  int32_t code2 = callOnce(f, err);
  double ms2 = msSince(t1);
  EXPECT_EQ(code2, SDY_BACKEND_ERR_UNAVAILABLE) << "next call: " << err.message;
  EXPECT_NE(std::strstr(err.message, "unusable after an earlier failure"),
            nullptr)
      << "next call: " << err.message;
  EXPECT_LT(ms2, 100) << "next call";
  auto t2 = Clock::now();
  p.t->destroy(p.ud());
  double ms3 = msSince(t2);
  EXPECT_LT(ms3, 2000) << "destroy";
  usleep(200 * 1000); // abandoned requests never write caller memory
  EXPECT_TRUE(recvUntouched(f))
      << "recv written after the failed call returned";
  std::printf("SURVIVOR %lld %s: %s %s %zu bytes: call #%d failed with %s "
              "after %.0f ms (%s); next call %.1f ms; destroy %.0f ms\n",
              (long long)r, HasFailure() ? "FAIL" : "OK", f.when.c_str(),
              f.what.c_str(), f.bytes, i,
              code == SDY_BACKEND_ERR_UNAVAILABLE ? "UNAVAILABLE" : "TIMEOUT",
              ms, first.c_str(), ms2, ms3);
  std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s PLUGIN options|semantics|fault ...\n",
                 argv[0]);
    return 2;
  }
  std::string mode = argv[2];
  if (mode != "options" && mode != "semantics" && mode != "fault") {
    std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
    return 2;
  }
  if (mode == "fault" && argc < 6) {
    std::fprintf(stderr,
                 "usage: PLUGIN fault WHEN COLLECTIVE BYTES [OPTIONS]\n");
    return 2;
  }
  create = loadPlugin(argv[1]);
  modeArgs.assign(argv + 3, argv + argc);
  // The mode is the test: options, semantics and fault need different jobs.
  std::string test = mode == "options"     ? "Options"
                     : mode == "semantics" ? "Semantics"
                                           : "Fault";
  GTEST_FLAG_SET(filter, "MpiPluginTest." + test);
  return RUN_ALL_TESTS();
}
