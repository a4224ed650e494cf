//===- ExecMode.h - how an executable runs its ops --------------*- C++ -*-===//
#ifndef SDY_COMPILER_EXECMODE_H
#define SDY_COMPILER_EXECMODE_H

#include <string>

namespace sdy::compiler {

enum class ExecMode {
  // Every op by the interpreter (the reference).
  Interpret,
  // Fusion clusters compiled; a cluster whose compilation fails is
  // interpreted and the report says why.
  Auto,
  // Fusion clusters compiled; a cluster whose compilation fails is an error.
  Compile
};

// "interpret", "auto", "compile".
const char *execModeName(ExecMode mode);
// False when `name` is none of the above.
bool parseExecMode(const std::string &name, ExecMode &out);

} // namespace sdy::compiler

#endif // SDY_COMPILER_EXECMODE_H
