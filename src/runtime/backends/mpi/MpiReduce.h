/*===- MpiReduce.h - element-wise reductions of the mpi plugin --*- C -*-===*
 *
 * The plugin reduces on the host itself instead of using MPI_Op: MPI_MAX and
 * MPI_MIN on floats do not reliably propagate NaN, and MPI has no f16/bf16.
 * The semantics are those backend.h requires of every backend.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SDY_MPI_REDUCE_H
#define SDY_MPI_REDUCE_H

#include <stddef.h>
#include <stdint.h>

/* Size in bytes of an element of `dtype`, or 0 for an unknown dtype. */
size_t sdy_mpi_dtype_size(int32_t dtype);

/* acc[i] = acc[i] (op) in[i] for i < count. `acc` is the earlier operand:
 * when both are NaN, acc's NaN is kept. dtype and op must be valid. */
void sdy_mpi_reduce(int32_t dtype, int32_t op, void *acc, const void *in,
                    size_t count);

#endif /* SDY_MPI_REDUCE_H */
