//===- Status.h - error values of the runtime -------------------*- C++ -*-===//
//
// Errors are values: a code (sdy_backend_code_t numbering for 0..7, then
// runtime-only codes) and a message. No exceptions cross the runtime's API,
// no thread-local state, so a C layer can map them 1:1.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_STATUS_H
#define SDY_RUNTIME_STATUS_H

#include <string>

namespace sdy::runtime {

enum class StatusCode : int {
  Ok = 0,
  InvalidArgument = 1,
  Unsupported = 2,
  OutOfMemory = 3,
  Timeout = 4,
  Mismatch = 5,
  Internal = 6,
  Unavailable = 7, // a peer died or cannot be reached
  // Runtime-only codes (never returned by a backend).
  Cancelled = 100,        // the caller's cancel flag was set
  DeadlineExceeded = 101, // the run's own time limit passed
  PeerStopped = 102,      // released because another device of the run
                          // stopped first (never the root cause)
};

class Status {
public:
  Status() = default;
  Status(StatusCode code, std::string message)
      : code_(code), message_(std::move(message)) {}
  static Status ok() { return Status(); }
  static Status invalid(std::string m) {
    return Status(StatusCode::InvalidArgument, std::move(m));
  }
  static Status unsupported(std::string m) {
    return Status(StatusCode::Unsupported, std::move(m));
  }
  static Status internal(std::string m) {
    return Status(StatusCode::Internal, std::move(m));
  }
  static Status outOfMemory(std::string m) {
    return Status(StatusCode::OutOfMemory, std::move(m));
  }
  bool isOk() const { return code_ == StatusCode::Ok; }
  explicit operator bool() const { return !isOk(); } // true on error
  StatusCode code() const { return code_; }
  const std::string &message() const { return message_; }
  // Prefixes the message with context ("in op at loc: ...").
  Status withContext(const std::string &ctx) const {
    if (isOk())
      return *this;
    return Status(code_, ctx + ": " + message_);
  }

private:
  StatusCode code_ = StatusCode::Ok;
  std::string message_;
};

#define SDY_RETURN_IF_ERROR(expr)                                              \
  do {                                                                         \
    ::sdy::runtime::Status _s = (expr);                                        \
    if (!_s.isOk())                                                            \
      return _s;                                                               \
  } while (0)

} // namespace sdy::runtime

#endif // SDY_RUNTIME_STATUS_H
