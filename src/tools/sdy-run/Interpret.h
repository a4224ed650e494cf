//===- Interpret.h - sdy-run --interpret ------------------------*- C++ -*-===//
#ifndef SDY_TOOLS_SDY_RUN_INTERPRET_H
#define SDY_TOOLS_SDY_RUN_INTERPRET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>

struct InterpretOptions {
  std::string path;
  bool splitInputFile = false;
  int64_t timeoutMs = 60000; // per-collective timeout of run_parallel
  int64_t printLimit = 16;
  bool quiet = false;
  // Where interpreter.probe writes (empty: a temporary directory).
  std::string probeDir;
};

// Runs the test functions of every chunk of the file; returns the exit
// status (0: every check passed; 1: a function failed; 2: a chunk cannot be
// read or parsed).
int runInterpret(const InterpretOptions &options);

// Parses `buffer` in `context` and replaces its dynamic_* ops by their
// static twins; on failure returns null with the diagnostics
// (file:line:col: ...) in `diags`, without trailing newlines, and sets
// `parsed` when the text parsed but the replacement failed.
mlir::OwningOpRef<mlir::ModuleOp>
parseModuleBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                  mlir::MLIRContext &context, std::string &diags,
                  bool *parsed = nullptr);

#endif // SDY_TOOLS_SDY_RUN_INTERPRET_H
