//===- CountingBackend.h - a backend that counts what it moves --*- C++ -*-===//
//
// A backend table that forwards every call to another backend (local or
// mpi) and records, per device, each collective call with the bytes the
// device sends and receives in it. The counts are written here from the
// loops of the wrapped backends' own code (LocalBackend.cpp, MpiBackend.c),
// independently of the analysis library whose report they check.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_TESTS_ANALYSIS_COUNTINGBACKEND_H
#define SDY_TESTS_ANALYSIS_COUNTINGBACKEND_H

#include "sdy_c/backend.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sdy::test {

struct CountedCall {
  std::string kind; // the table function, e.g. "all_reduce"
  uint64_t size;    // its size argument (bytes or elements)
  uint64_t sent, received;
  // The bytes of the send and receive buffers the runtime handed over.
  uint64_t sendBuffer, recvBuffer;
};

class CountingBackend {
public:
  // `inner` stays owned by the caller; `isMpi` selects whose algorithms
  // the counts follow.
  CountingBackend(const sdy_backend_table_t *inner, bool isMpi,
                  int32_t numDevices);
  sdy_backend_table_t *table() { return &table_; }
  const sdy_backend_table_t *inner() const { return inner_; }
  // calls()[d]: device d's calls in order.
  const std::vector<std::vector<CountedCall>> &calls() const { return calls_; }

private:
  void record(int64_t device, const char *kind, uint64_t size, uint64_t sent,
              uint64_t received, uint64_t sendBuffer, uint64_t recvBuffer);
  static CountingBackend *self(void *ud) {
    return static_cast<CountingBackend *>(ud);
  }
  static int32_t allReduce(void *, int64_t, const int64_t *, int32_t,
                           const void *, void *, size_t, int32_t, int32_t,
                           int64_t, sdy_backend_error_t *);
  static int32_t allGather(void *, int64_t, const int64_t *, int32_t,
                           const void *, void *, size_t, int64_t,
                           sdy_backend_error_t *);
  static int32_t allToAll(void *, int64_t, const int64_t *, int32_t,
                          const void *, void *, size_t, int64_t,
                          sdy_backend_error_t *);
  static int32_t reduceScatter(void *, int64_t, const int64_t *, int32_t,
                               const void *, void *, size_t, int32_t, int32_t,
                               int64_t, sdy_backend_error_t *);
  static int32_t permute(void *, int64_t, const int64_t *, int32_t,
                         const void *, void *, size_t, int64_t,
                         sdy_backend_error_t *);

  sdy_backend_table_t table_;
  const sdy_backend_table_t *inner_;
  bool isMpi_;
  std::vector<std::vector<CountedCall>> calls_;
};

} // namespace sdy::test

#endif // SDY_TESTS_ANALYSIS_COUNTINGBACKEND_H
