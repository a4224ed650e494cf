//===- Internal.h - shared plumbing of the C ABI ----------------*- C++ -*-===//
//
// Handle structs, statuses and diagnostic capture. Everything here is
// internal to libsdy_c.so. Handle validity is Handle.h's business, argument
// checks ArgCheck.h's.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CAPI_INTERNAL_H
#define SDY_CAPI_INTERNAL_H

#include "ArgCheck.h"
#include "Handle.h"

#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

#include "ir/sdy/SdyDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "sdy_c/sdy_c.h"
#include "llvm/ADT/StringRef.h"

namespace sdycapi {

/// State shared by a context and everything created from it.
struct ContextImpl {
  ContextImpl();
  ~ContextImpl();
  std::recursive_mutex mutex;
  mlir::MLIRContext context;
  /// Module ops owned by live sdy_module_t handles (guards double wrapping).
  std::unordered_set<mlir::Operation *> ownedModules;
};
using ContextRef = std::shared_ptr<ContextImpl>;

} // namespace sdycapi

struct sdy_status : sdycapi::Handle<sdycapi::HandleKind::Status> {
  int32_t code;
  std::string message;
};

struct sdy_context : sdycapi::Handle<sdycapi::HandleKind::Context> {
  sdycapi::ContextRef impl;
};

struct sdy_mesh : sdycapi::Handle<sdycapi::HandleKind::Mesh> {
  sdycapi::ContextRef ctx;
  mlir::sdy::MeshAttr attr;
  std::vector<std::string> axisNames; // NUL-terminated copies
};

struct sdy_sharding : sdycapi::Handle<sdycapi::HandleKind::Sharding> {
  sdycapi::ContextRef ctx;
  mlir::sdy::TensorShardingAttr attr;
  mlir::sdy::MeshAttr mesh;
  std::string meshName; // empty for an inlined mesh
  std::vector<std::vector<std::string>> dimAxisNames;
  std::vector<std::string> replicatedNames;
};

struct sdy_module : sdycapi::Handle<sdycapi::HandleKind::Module> {
  sdycapi::ContextRef ctx;
  mutable mlir::OwningOpRef<mlir::ModuleOp> module;
  /// Gives the module op up (and its entry in the context's ownedModules).
  ~sdy_module();
};

struct sdy_pipeline : sdycapi::Handle<sdycapi::HandleKind::Pipeline> {
  sdycapi::ContextRef ctx;
  mlir::OpPassManager passes{"builtin.module"}; // parsed once, at creation
  std::string text;                             // anchored textual form
  bool timing = false;
  bool hasReport = false;
  std::string timingReport;
};

namespace sdycapi {

sdy_status_t *makeStatus(int32_t code, std::string message);

/// Runs `body`, turning C++ exceptions into SDY_INTERNAL.
template <typename Fn>
sdy_status_t *guarded(const char *fn, Fn &&body) {
  try {
    return body();
  } catch (const std::exception &e) {
    return makeStatus(SDY_INTERNAL, std::string(fn) + ": " + e.what());
  } catch (...) {
    return makeStatus(SDY_INTERNAL, std::string(fn) + ": unknown exception");
  }
}

/// The whole body of a query `fn(handle, out)`: checks both arguments, then
/// stores `get(*handle)` in `*out`.
template <typename H, typename T, typename Get>
sdy_status_t *query(const char *fn, const H *handle, const char *param, T *out,
                    const char *outParam, Get &&get) {
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn).handle(handle, param).out(out, outParam))
      return s;
    *out = get(*handle);
    return nullptr;
  });
}

/// The whole body of `fn(a, b, out_equal)` for meshes and shardings:
/// `same(*a, *b)` within one context, else their `print`ed forms compared
/// (each printed under its context's lock).
template <typename H, typename Same, typename Print>
sdy_status_t *equalHandles(const char *fn, const H *a, const H *b,
                           int32_t *out_equal, Same &&same, Print &&print) {
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn).handle(a, "a").handle(b, "b").out(
            out_equal, "out_equal"))
      return s;
    if (a->ctx == b->ctx) {
      *out_equal = same(*a, *b);
      return nullptr;
    }
    auto text = [&](const H &handle) {
      std::lock_guard<std::recursive_mutex> lock(handle.ctx->mutex);
      return print(handle);
    };
    *out_equal = text(*a) == text(*b);
    return nullptr;
  });
}

/// `fn: message` with code SDY_INVALID_ARGUMENT.
sdy_status_t *invalidArgument(const char *fn, const std::string &message);

/// A heap copy of `text` for `char **` outputs (free with sdy_string_destroy).
char *copyString(llvm::StringRef text);

/// Checks `shape` (`rank` sizes >= 0) and validates `sharding` (checked
/// handle, context locked) for it: SDY_INVALID_ARGUMENT or
/// SDY_VERIFICATION_ERROR with the verifier's message.
sdy_status_t *validateShardingForShape(const char *fn,
                                       const sdy_sharding_t *sharding,
                                       const int64_t *shape, size_t rank);

/// Captures the diagnostics emitted in the context while alive.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext *context);
  ~DiagnosticCapture();
  /// The captured diagnostics, one per line; `fallback` if none.
  std::string take(llvm::StringRef fallback = "") const;
  bool empty() const { return text.empty(); }
  /// Diagnostics located in buffer `bufferName` (the text given to
  /// mlir::parseAttribute) are reported in `displayName`, with columns
  /// shifted left by `columnShift` (a prefix the library added).
  void renameBuffer(std::string bufferName, std::string displayName,
                    unsigned columnShift);

private:
  mlir::MLIRContext *context;
  std::string bufferName, displayName;
  unsigned columnShift = 0;
  mlir::DiagnosticEngine::HandlerID id;
  std::string text;
};

/// Watches the errors emitted in the context while alive, without handling
/// them (construct it after a DiagnosticCapture, which then records them):
/// tells a verifier's rejection of well-formed text (SDY_VERIFICATION_ERROR)
/// from a syntax error (SDY_PARSE_ERROR).
class VerifierErrorWatch {
public:
  explicit VerifierErrorWatch(mlir::MLIRContext *context) : context(context) {
    id = context->getDiagEngine().registerHandler([this](mlir::Diagnostic &d) {
      if (d.getSeverity() == mlir::DiagnosticSeverity::Error) {
        ++errors;
        verifierErrors += mlir::sdy::isVerifierDiagnostic(d) ? 1 : 0;
      }
      return mlir::failure(); // let the capture record it
    });
  }
  ~VerifierErrorWatch() { context->getDiagEngine().eraseHandler(id); }
  /// The status code for a failed parse: SDY_VERIFICATION_ERROR when every
  /// error came from a verifier, SDY_PARSE_ERROR otherwise.
  int32_t parseFailureCode() const {
    return errors > 0 && errors == verifierErrors ? SDY_VERIFICATION_ERROR
                                                  : SDY_PARSE_ERROR;
  }

private:
  mlir::MLIRContext *context;
  mlir::DiagnosticEngine::HandlerID id;
  int errors = 0, verifierErrors = 0;
};

/// Formats one diagnostic (and its notes): `file:line:col: error: message`,
/// or just the message for diagnostics without a file location.
std::string formatDiagnostic(mlir::Diagnostic &diag,
                             llvm::StringRef bufferName = "",
                             llvm::StringRef displayName = "",
                             unsigned columnShift = 0);

/// Emits an error at an unknown location (for checks run under a capture).
mlir::InFlightDiagnostic emitUnknownLocError(mlir::MLIRContext *context);

/// Creates a mesh/sharding handle from attributes.
sdy_mesh_t *newMesh(const ContextRef &ctx, mlir::sdy::MeshAttr attr);
sdy_sharding_t *newSharding(const ContextRef &ctx,
                            mlir::sdy::TensorShardingAttr attr,
                            mlir::sdy::MeshAttr mesh);

/// `text` with leading whitespace removed and `prefix` prepended when it is
/// in the stripped `<...>` form; *added is the number of characters added
/// before the first character of the text (negative when removed).
std::string withPrefix(const char *text, llvm::StringRef prefix,
                       int *added = nullptr);

/// Checks the brackets and strings of mesh/sharding text (`kind` is "mesh"
/// or "sharding"): MLIR's lexer rejects unbalanced text with an internal
/// message ("unbalanced '[' character in pretty dialect name"). Returns ""
/// when balanced, else `displayName:line:col: error: unexpected end of text:
/// expected ']' to close the dimension shardings opened at column 6`.
std::string checkBrackets(llvm::StringRef text, llvm::StringRef kind,
                          llvm::StringRef displayName);

/// Parses an attribute from `text` (prepending `prefix` to a stripped form),
/// reporting syntax errors into `diags` against `displayName`.
mlir::Attribute parseAttributeText(mlir::MLIRContext *context, const char *text,
                                   llvm::StringRef prefix,
                                   llvm::StringRef displayName,
                                   DiagnosticCapture &diags);

/// Prints an attribute in its `#sdy...` form.
std::string printAttribute(mlir::Attribute attr);

} // namespace sdycapi

#endif // SDY_CAPI_INTERNAL_H
