//===- Status.cpp - statuses, handle registry, argument checks ------------===//

#include "Internal.h"
#include "ir/utils/TextNesting.h"

#include <cstdlib>
#include <cstring>
#include <unordered_map>

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/raw_ostream.h"

using namespace sdycapi;

namespace {
struct Registry {
  std::mutex mutex;
  std::unordered_map<const void *, HandleKind> live;
};
Registry &registry() {
  // Leaked on purpose: handles may be destroyed during static destruction.
  static Registry *instance = new Registry;
  return *instance;
}
} // namespace

void sdycapi::registerHandle(const void *handle, HandleKind kind) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.live[handle] = kind;
}

bool sdycapi::unregisterHandle(const void *handle, HandleKind kind) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.live.find(handle);
  if (it == r.live.end() || it->second != kind)
    return false;
  r.live.erase(it);
  return true;
}

bool sdycapi::isLiveHandle(const void *handle, HandleKind kind) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.live.find(handle);
  return it != r.live.end() && it->second == kind;
}

sdy_status_t *sdycapi::makeStatus(int32_t code, std::string message) {
  auto *status = new sdy_status;
  status->code = code;
  status->message = std::move(message);
  registerHandle(status, HandleKind::Status);
  return status;
}

sdy_status_t *sdycapi::invalidArgument(const char *fn,
                                         const std::string &message) {
  return makeStatus(SDY_INVALID_ARGUMENT, std::string(fn) + ": " + message);
}

namespace {
const char *kindName(HandleKind kind) {
  switch (kind) {
  case HandleKind::Status:
    return "sdy_status_t";
  case HandleKind::Context:
    return "sdy_context_t";
  case HandleKind::Mesh:
    return "sdy_mesh_t";
  case HandleKind::Sharding:
    return "sdy_sharding_t";
  case HandleKind::Module:
    return "sdy_module_t";
  case HandleKind::Pipeline:
    return "sdy_pipeline_t";
  case HandleKind::Backend:
    return "sdy_backend_t";
  case HandleKind::Executable:
    return "sdy_executable_t";
  }
  return "handle";
}
} // namespace

sdy_status_t *sdycapi::checkHandle(const char *fn, const char *param,
                                     const void *handle, HandleKind kind) {
  if (!handle)
    return invalidArgument(fn, std::string("'") + param + "' is NULL");
  if (!isLiveHandle(handle, kind))
    return invalidArgument(fn, std::string("'") + param + "' is not a live " +
                                   kindName(kind) +
                                   " (foreign or already destroyed handle)");
  return nullptr;
}

sdy_status_t *sdycapi::checkOut(const char *fn, const char *param,
                                  const void *out) {
  if (!out)
    return invalidArgument(fn, std::string("output pointer '") + param +
                                   "' is NULL");
  return nullptr;
}

sdy_status_t *sdycapi::checkString(const char *fn, const char *param,
                                     const char *text, bool allowEmpty) {
  if (!text)
    return invalidArgument(fn, std::string("string '") + param + "' is NULL");
  size_t length = std::strlen(text);
  if (!allowEmpty && length == 0)
    return invalidArgument(fn, std::string("string '") + param +
                                   "' is empty");
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(text);
  if (!llvm::isLegalUTF8String(&begin, begin + length))
    return invalidArgument(
        fn, std::string("string '") + param + "' is not valid UTF-8 (byte " +
                std::to_string(reinterpret_cast<const char *>(begin) - text) +
                ")");
  return nullptr;
}

sdy_status_t *sdycapi::checkArray(const char *fn, const char *param,
                                    const void *array, size_t count) {
  if (!array && count != 0)
    return invalidArgument(fn, std::string("array '") + param +
                                   "' is NULL but its count is " +
                                   std::to_string(count));
  return nullptr;
}

sdy_status_t *sdycapi::checkSameContext(const char *fn, const char *param,
                                          const ContextRef &a,
                                          const ContextRef &b) {
  if (a != b)
    return invalidArgument(fn, std::string("'") + param +
                                   "' belongs to a different sdy_context_t");
  return nullptr;
}

char *sdycapi::copyString(llvm::StringRef text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (!copy)
    throw std::bad_alloc();
  std::memcpy(copy, text.data(), text.size());
  copy[text.size()] = '\0';
  return copy;
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

namespace {
void formatOne(llvm::raw_ostream &os, mlir::Location loc,
               mlir::DiagnosticSeverity severity, llvm::StringRef message,
               llvm::StringRef bufferName, llvm::StringRef displayName,
               unsigned columnShift) {
  const char *kind = "error";
  switch (severity) {
  case mlir::DiagnosticSeverity::Note:
    kind = "note";
    break;
  case mlir::DiagnosticSeverity::Warning:
    kind = "warning";
    break;
  case mlir::DiagnosticSeverity::Remark:
    kind = "remark";
    break;
  case mlir::DiagnosticSeverity::Error:
    break;
  }
  if (auto fileLoc = loc->findInstanceOf<mlir::FileLineColLoc>()) {
    llvm::StringRef file = fileLoc.getFilename().getValue();
    unsigned column = fileLoc.getColumn();
    if (!bufferName.empty() && file == bufferName) {
      file = displayName;
      column = column > columnShift ? column - columnShift : 1;
    }
    os << file << ":" << fileLoc.getLine() << ":" << column << ": " << kind
       << ": " << message;
    return;
  }
  if (severity != mlir::DiagnosticSeverity::Error)
    os << kind << ": ";
  os << message;
}
} // namespace

std::string sdycapi::formatDiagnostic(mlir::Diagnostic &diag,
                                      llvm::StringRef bufferName,
                                      llvm::StringRef displayName,
                                      unsigned columnShift) {
  std::string text;
  llvm::raw_string_ostream os(text);
  formatOne(os, diag.getLocation(), diag.getSeverity(), diag.str(),
            bufferName, displayName, columnShift);
  for (mlir::Diagnostic &note : diag.getNotes()) {
    os << "\n";
    formatOne(os, note.getLocation(), note.getSeverity(), note.str(),
              bufferName, displayName, columnShift);
  }
  return text;
}

void sdycapi::DiagnosticCapture::renameBuffer(std::string bufferName,
                                              std::string displayName,
                                              unsigned columnShift) {
  this->bufferName = std::move(bufferName);
  this->displayName = std::move(displayName);
  this->columnShift = columnShift;
}

mlir::Attribute sdycapi::parseAttributeText(mlir::MLIRContext *context,
                                            const char *text,
                                            llvm::StringRef prefix,
                                            llvm::StringRef displayName,
                                            DiagnosticCapture &diags) {
  int added = 0;
  std::string source = withPrefix(text, prefix, &added);
  diags.renameBuffer(source, displayName.str(), added > 0 ? added : 0);
  if (source.empty()) {
    // MLIR locates errors in an empty buffer at `-:1:0`; report them at the
    // start of the text like any other syntax error.
    mlir::emitError(mlir::FileLineColLoc::get(context, displayName, 1, 1))
        << "expected attribute value";
    return {};
  }
  if (auto at = mlir::sdy::findExcessiveNesting(text)) {
    mlir::emitError(mlir::FileLineColLoc::get(context, displayName, at->first,
                                              at->second))
        << "nesting deeper than " << mlir::sdy::kMaxTextNesting << " brackets";
    return {};
  }
  return mlir::parseAttribute(source, context);
}

sdycapi::DiagnosticCapture::DiagnosticCapture(mlir::MLIRContext *context)
    : context(context) {
  id = context->getDiagEngine().registerHandler([this](mlir::Diagnostic &diag) {
    if (!text.empty())
      text += "\n";
    text += formatDiagnostic(diag, bufferName, displayName, columnShift);
    return mlir::success();
  });
}

sdycapi::DiagnosticCapture::~DiagnosticCapture() {
  context->getDiagEngine().eraseHandler(id);
}

std::string sdycapi::DiagnosticCapture::take(llvm::StringRef fallback) const {
  return text.empty() ? fallback.str() : text;
}

mlir::InFlightDiagnostic
sdycapi::emitUnknownLocError(mlir::MLIRContext *context) {
  return mlir::emitError(mlir::UnknownLoc::get(context));
}

std::string sdycapi::printAttribute(mlir::Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

//===----------------------------------------------------------------------===//
// Public functions
//===----------------------------------------------------------------------===//

extern "C" {

int32_t sdy_status_code(const sdy_status_t *status) {
  if (!status)
    return SDY_OK;
  if (!isLiveHandle(status, HandleKind::Status))
    return SDY_INVALID_ARGUMENT;
  return status->code;
}

const char *sdy_status_message(const sdy_status_t *status) {
  if (!status)
    return "";
  if (!isLiveHandle(status, HandleKind::Status))
    return "sdy_status_message: not a live sdy_status_t (foreign or already "
           "destroyed)";
  return status->message.c_str();
}

const char *sdy_status_code_name(int32_t code) {
  switch (code) {
  case SDY_OK:
    return "SDY_OK";
  case SDY_INVALID_ARGUMENT:
    return "SDY_INVALID_ARGUMENT";
  case SDY_PARSE_ERROR:
    return "SDY_PARSE_ERROR";
  case SDY_VERIFICATION_ERROR:
    return "SDY_VERIFICATION_ERROR";
  case SDY_FAILED_PRECONDITION:
    return "SDY_FAILED_PRECONDITION";
  case SDY_UNIMPLEMENTED:
    return "SDY_UNIMPLEMENTED";
  case SDY_INTERNAL:
    return "SDY_INTERNAL";
  case SDY_DEADLINE_EXCEEDED:
    return "SDY_DEADLINE_EXCEEDED";
  case SDY_UNAVAILABLE:
    return "SDY_UNAVAILABLE";
  case SDY_RESOURCE_EXHAUSTED:
    return "SDY_RESOURCE_EXHAUSTED";
  case SDY_CANCELLED:
    return "SDY_CANCELLED";
  default:
    return "SDY_UNKNOWN";
  }
}

void sdy_status_destroy(sdy_status_t *status) {
  if (!status || !unregisterHandle(status, HandleKind::Status))
    return;
  delete status;
}

void sdy_string_destroy(char *string) { std::free(string); }

} // extern "C"
