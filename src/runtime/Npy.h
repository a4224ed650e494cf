//===- Npy.h - .npy files for tensors ---------------------------*- C++ -*-===//
//
// Reads NumPy .npy files (format 1.0/2.0/3.0, little-endian, C order) and
// writes format 1.0. The reader validates the whole file first.
// bf16 is written with the descr '<V2' plus a "bfloat16" hint is not
// standard, so it is stored as '<u2' bit patterns and read back only when the
// caller asks for bf16.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_NPY_H
#define SDY_RUNTIME_NPY_H

#include "runtime/Status.h"
#include "runtime/Tensor.h"

#include <string>

namespace sdy::runtime {

Status readNpy(const std::string &path, Tensor &out);
Status writeNpy(const std::string &path, const Tensor &t);

} // namespace sdy::runtime

#endif // SDY_RUNTIME_NPY_H
