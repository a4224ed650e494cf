//===- Npy.h - .npy files for tensors ---------------------------*- C++ -*-===//
//
// Reads NumPy .npy files (format 1.0/2.0/3.0, little-endian, C order) and
// writes format 1.0. The reader validates the whole file before allocating.
// NumPy has no bf16: it is written as '<u2' bit patterns and read as bf16
// only from the descr '<V2'.
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
