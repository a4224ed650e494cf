//===- TestUtil.h - helpers for the runtime tests ---------------*- C++ -*-===//
#ifndef SDY_TESTS_RUNTIME_TESTUTIL_H
#define SDY_TESTS_RUNTIME_TESTUTIL_H

#include "runtime/Dispatch.h"
#include "runtime/Executable.h"
#include "runtime/Kernels.h"
#include "runtime/Tensor.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace sdy::runtime::test {

// A tensor of type `t` from doubles (converted like stablehlo.convert).
inline Tensor make(ElementType t, Shape shape, const std::vector<double> &v) {
  Tensor f(ElementType::F64, shape);
  EXPECT_EQ((int64_t)v.size(), f.numElements());
  for (size_t i = 0; i < v.size(); ++i)
    f.data<double>()[i] = v[i];
  return kernels::convert(f, t);
}
inline Tensor f32(Shape shape, const std::vector<double> &v) {
  return make(ElementType::F32, std::move(shape), v);
}
inline Tensor i32(Shape shape, const std::vector<double> &v) {
  return make(ElementType::I32, std::move(shape), v);
}

inline std::vector<double> values(const Tensor &t) {
  std::vector<double> r;
  for (int64_t i = 0; i < t.numElements(); ++i)
    r.push_back(t.getDouble(i));
  return r;
}

// Checks type, shape and values (tolerance relative to the type).
inline void expectTensor(const Tensor &t, ElementType type, Shape shape,
                         const std::vector<double> &v, double tol = -1) {
  ASSERT_TRUE(t.valid());
  EXPECT_EQ(t.type(), type) << elementTypeName(t.type());
  ASSERT_EQ(t.shape(), shape);
  if (tol < 0)
    tol = type == ElementType::BF16  ? 1e-2
          : type == ElementType::F16 ? 2e-3
          : type == ElementType::F32 ? 1e-5
          : type == ElementType::F64 ? 1e-12
                                     : 0;
  ASSERT_EQ((int64_t)v.size(), t.numElements());
  for (size_t i = 0; i < v.size(); ++i) {
    double got = t.getDouble(i);
    if (std::isnan(v[i])) {
      EXPECT_TRUE(std::isnan(got)) << "element " << i;
    } else {
      EXPECT_NEAR(got, v[i], tol * std::max(1.0, std::fabs(v[i])))
          << "element " << i << " of " << t.toString();
    }
  }
}

inline std::unique_ptr<Executable> compile(const std::string &text) {
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromText(text, ExecutableOptions(), exe);
  EXPECT_TRUE(s.isOk()) << s.message();
  return exe;
}

// Runs `text` on one device and returns its results.
inline std::vector<Tensor> run1(const std::string &text,
                                const std::vector<Tensor> &inputs = {}) {
  auto exe = compile(text);
  std::vector<Tensor> out;
  if (!exe)
    return out;
  Status s = exe->runSingle(inputs, out);
  EXPECT_TRUE(s.isOk()) << s.message();
  return out;
}

// Runs `text` on n local devices with per-device inputs.
inline std::vector<std::vector<Tensor>>
runN(const std::string &text, int n,
     const std::vector<std::vector<Tensor>> &inputs, Status *status = nullptr,
     int64_t timeoutMs = 20000) {
  std::unique_ptr<Executable> exe;
  ExecutableOptions o;
  o.timeoutMs = timeoutMs;
  Status s = Executable::fromText(text, o, exe);
  EXPECT_TRUE(s.isOk()) << s.message();
  std::vector<std::vector<Tensor>> out;
  if (!exe)
    return out;
  s = exe->runLocal(n, inputs, out);
  if (status)
    *status = s;
  else
    EXPECT_TRUE(s.isOk()) << s.message();
  return out;
}

inline std::string replaceAll(std::string s, const std::string &from,
                              const std::string &to) {
  size_t p = 0;
  while ((p = s.find(from, p)) != std::string::npos) {
    s.replace(p, from.size(), to);
    p += to.size();
  }
  return s;
}

inline const std::vector<ElementType> &allTypes() {
  static const std::vector<ElementType> t = {
      ElementType::Pred, ElementType::I8,  ElementType::I16,  ElementType::I32,
      ElementType::I64,  ElementType::U8,  ElementType::U16,  ElementType::U32,
      ElementType::U64,  ElementType::F16, ElementType::BF16, ElementType::F32,
      ElementType::F64};
  return t;
}
inline const std::vector<ElementType> &numericTypes() {
  static const std::vector<ElementType> t = {
      ElementType::I8,  ElementType::I16,  ElementType::I32, ElementType::I64,
      ElementType::U8,  ElementType::U16,  ElementType::U32, ElementType::U64,
      ElementType::F16, ElementType::BF16, ElementType::F32, ElementType::F64};
  return t;
}
inline const std::vector<ElementType> &floatTypes() {
  static const std::vector<ElementType> t = {
      ElementType::F16, ElementType::BF16, ElementType::F32, ElementType::F64};
  return t;
}

} // namespace sdy::runtime::test

#endif
