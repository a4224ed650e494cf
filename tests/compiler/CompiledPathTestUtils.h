//===- CompiledPathTestUtils.h - running programs in both modes -*- C++ -*-===//
//
// Helpers of the compiled-path tests: an executable of a program text in a
// given mode, a single-device run, and a run in both modes that checks the
// compiled results equal the interpreted ones bit for bit.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_TESTS_COMPILER_COMPILEDPATHTESTUTILS_H
#define SDY_TESTS_COMPILER_COMPILEDPATHTESTUTILS_H

#include "compiler/CompiledFunction.h"
#include "runtime/Executable.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace sdy::runtime {

inline std::unique_ptr<Executable> make(const std::string &text,
                                        compiler::ExecMode mode) {
  ExecutableOptions opts;
  opts.execMode = mode;
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromText(text, opts, exe);
  EXPECT_TRUE(s.isOk()) << s.message();
  return exe;
}

inline std::vector<Tensor> run(const Executable &exe,
                               const std::vector<Tensor> &in) {
  std::vector<Tensor> out;
  Status s = exe.runSingle(in, out);
  EXPECT_TRUE(s.isOk()) << s.message();
  return out;
}

// Runs `text` in both modes and returns the compiled results, after
// checking that compiled == interpreted exactly.
inline std::vector<Tensor> runBothExact(const std::string &text,
                                        const std::vector<Tensor> &in) {
  auto interpreted = make(text, compiler::ExecMode::Interpret);
  auto compiled = make(text, compiler::ExecMode::Compile);
  std::vector<Tensor> a = run(*interpreted, in);
  std::vector<Tensor> b = run(*compiled, in);
  EXPECT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    EXPECT_TRUE(a[i].bitEqual(b[i]))
        << "result " << i << ": " << a[i].toString() << " vs "
        << b[i].toString();
  const std::string &report = compiled->compileReport();
  EXPECT_NE(report.find(": compiled"), std::string::npos) << report;
  EXPECT_EQ(report.find("interpreted"), std::string::npos) << report;
  return b;
}

template <typename T>
inline std::vector<T> values(const Tensor &t) {
  return std::vector<T>(t.data<T>(), t.data<T>() + t.numElements());
}

} // namespace sdy::runtime

#endif // SDY_TESTS_COMPILER_COMPILEDPATHTESTUTILS_H
