//===- Status.cpp - statuses, strings and diagnostics ---------------------===//

#include "Internal.h"
#include "ir/utils/TextNesting.h"

#include <cstdlib>
#include <cstring>

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

using namespace sdycapi;

sdy_status_t *sdycapi::makeStatus(int32_t code, std::string message) {
  auto *status = new sdy_status;
  status->code = code;
  status->message = std::move(message);
  return status;
}

sdy_status_t *sdycapi::invalidArgument(const char *fn,
                                       const std::string &message) {
  return makeStatus(SDY_INVALID_ARGUMENT, std::string(fn) + ": " + message);
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
  formatOne(os, diag.getLocation(), diag.getSeverity(), diag.str(), bufferName,
            displayName, columnShift);
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
    mlir::emitError(
        mlir::FileLineColLoc::get(context, displayName, at->first, at->second))
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

void sdy_status_destroy(sdy_status_t *status) { destroyHandle(status); }

void sdy_string_destroy(char *string) { std::free(string); }

} // extern "C"
