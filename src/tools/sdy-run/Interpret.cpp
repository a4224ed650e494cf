//===- Interpret.cpp - sdy-run --interpret --------------------------------===//
//
// Runs interpreter test files (what `stablehlo-translate --interpret`
// runs): each chunk of the file (split at `// -----` lines with
// --split-input-file) is a module; its @main, or when it has none each
// function without arguments, runs on one device, and the check ops in it
// (check dialect, or custom calls to @check.*) decide pass or fail.
// `interpreter.run_parallel` runs multi-device programs from there.
//
//===----------------------------------------------------------------------===//
#include "tools/sdy-run/Interpret.h"

#include "ir/stablehlo/StablehloDynamicOps.h"
#include "ir/utils/BoolHexConstants.h"
#include "ir/utils/TextNesting.h"
#include "runtime/Executable.h"
#include "runtime/Interpreter.h"
#include "runtime/Io.h"
#include "runtime/Tuples.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <new>
#include <vector>

using namespace sdy::runtime;

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitInput = 2;

struct Chunk {
  int64_t firstLine; // 1-based line of the file where the chunk starts
  std::string text;
};

bool isSplitMarker(llvm::StringRef line) {
  line = line.trim();
  return line.consume_front("//") && line.trim() == "-----";
}

std::vector<Chunk> splitChunks(llvm::StringRef text, bool split) {
  std::vector<Chunk> chunks;
  chunks.push_back({1, ""});
  int64_t lineNo = 0;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    ++lineNo;
    bool last = rest.empty() && !text.ends_with("\n");
    if (split && isSplitMarker(line)) {
      chunks.push_back({lineNo + 1, ""});
    } else {
      chunks.back().text += line.str();
      if (!last)
        chunks.back().text += "\n";
    }
    text = rest;
  }
  return chunks;
}

// The functions the chunk tests: @main, else every defined function
// without arguments, in order.
std::vector<mlir::func::FuncOp> testFunctions(mlir::ModuleOp module) {
  std::vector<mlir::func::FuncOp> all;
  for (auto f : module.getOps<mlir::func::FuncOp>()) {
    if (f.isExternal())
      continue;
    if (f.getSymName() == "main")
      return {f};
    if (f.getNumArguments() == 0)
      all.push_back(f);
  }
  return all;
}

// Runs one function on one device; its check ops report through the status.
Status runFunction(mlir::func::FuncOp func, const InterpretOptions &o,
                   std::vector<Tensor> &results) {
  if (func.getNumArguments() != 0)
    return Status::invalid("@main takes arguments; interpreter tests take "
                           "none");
  DeviceContext ctx;
  ctx.timeoutMs = o.timeoutMs;
  // Each function numbers its probes' iterations from 0.
  ProbeStore probes(o.probeDir);
  ctx.probes = &probes;
  try {
    Interpreter interp(ctx);
    return interp.run(func, {}, results);
  } catch (const std::bad_alloc &) {
    return Status::outOfMemory("out of memory");
  }
}

} // namespace

mlir::OwningOpRef<mlir::ModuleOp>
parseModuleBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                  mlir::MLIRContext &context, std::string &diags,
                  bool *parsed) {
  if (auto packed = mlir::sdy::packBoolHexConstants(buffer->getBuffer()))
    buffer = llvm::MemoryBuffer::getMemBufferCopy(
        *packed, buffer->getBufferIdentifier());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  llvm::raw_string_ostream os(diags);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  // The interpreter runs static ops; dynamic_* ops become their static twins.
  if (module &&
      failed(mlir::stablehlo::replaceDynamicOpsWithStaticOps(*module))) {
    module = nullptr;
    if (parsed)
      *parsed = true;
  }
  os.flush();
  while (!diags.empty() && diags.back() == '\n')
    diags.pop_back();
  return module;
}

int runInterpret(const InterpretOptions &o) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(o.path);
  if (!buffer) {
    std::fprintf(stderr, "sdy-run: error: cannot read '%s': %s\n",
                 o.path.c_str(), buffer.getError().message().c_str());
    return kExitInput;
  }
  std::vector<Chunk> chunks =
      splitChunks((*buffer)->getBuffer(), o.splitInputFile);
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  registerRuntimeDialects(context);
  int exitCode = 0;
  int64_t passed = 0, failed = 0;
  for (size_t c = 0; c < chunks.size(); ++c) {
    const Chunk &chunk = chunks[c];
    std::string where = chunks.size() > 1
                            ? "chunk " + std::to_string(c + 1) + " (line " +
                                  std::to_string(chunk.firstLine) + ")"
                            : std::string("the module");
    // Leading newlines keep the diagnostics' line numbers the file's.
    std::string text(chunk.firstLine - 1, '\n');
    text += chunk.text;
    if (auto at = mlir::sdy::findExcessiveNesting(text)) {
      std::fprintf(stderr,
                   "sdy-run: error: cannot parse %s:\n%s:%lld:%lld: error: "
                   "nesting deeper than %d brackets\n",
                   where.c_str(), o.path.c_str(), (long long)at->first,
                   (long long)at->second, (int)mlir::sdy::kMaxTextNesting);
      exitCode = std::max(exitCode, kExitInput);
      continue;
    }
    std::string diags;
    bool parsed = false;
    mlir::OwningOpRef<mlir::ModuleOp> module =
        parseModuleBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, o.path),
                          context, diags, &parsed);
    if (!module) {
      std::fprintf(stderr, "sdy-run: error: cannot %s %s:\n%s\n",
                   parsed ? "run" : "parse", where.c_str(), diags.c_str());
      exitCode = std::max(exitCode, kExitInput);
      continue;
    }
    std::vector<mlir::func::FuncOp> funcs = testFunctions(*module);
    if (funcs.empty() && !o.quiet)
      std::printf("%s: no function to run\n", where.c_str());
    for (mlir::func::FuncOp func : funcs) {
      std::string name = "@" + func.getSymName().str();
      std::vector<Tensor> results;
      Status s = runFunction(func, o, results);
      if (!s.isOk()) {
        ++failed;
        std::printf("FAIL %s\n", name.c_str());
        std::fprintf(stderr, "sdy-run: error: %s in %s failed: %s\n",
                     name.c_str(), where.c_str(), s.message().c_str());
        exitCode = std::max(exitCode, kExitFailed);
        continue;
      }
      ++passed;
      if (o.quiet)
        continue;
      std::printf("PASS %s\n", name.c_str());
      for (size_t i = 0; i < results.size(); ++i)
        std::printf("  result %zu: %s\n", i,
                    valueString(results[i], o.printLimit).c_str());
    }
  }
  if (!o.quiet || exitCode != 0)
    std::printf("%lld passed, %lld failed\n", (long long)passed,
                (long long)failed);
  std::fflush(stdout);
  return exitCode;
}
