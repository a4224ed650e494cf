/*===- MpiLiveness.h - is a peer rank's process still alive? ----*- C -*-===*
 *
 * Open MPI 4.1 has no ULFM: a dead peer surfaces neither as an error from
 * MPI_Test (vader, tcp) nor as a PMIx event (mpirun fails to deliver it).
 * The plugin therefore watches the processes of peers that run on the same
 * machine itself, through /proc: each rank publishes a `sdy_mpi_identity`
 * at creation, and a peer whose process is gone, a zombie, or a new process
 * with the same pid is dead. Peers on other machines cannot be watched; a
 * collective with a dead remote peer ends with the timeout instead.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SDY_MPI_LIVENESS_H
#define SDY_MPI_LIVENESS_H

#include <stdint.h>

typedef struct sdy_mpi_identity {
  uint64_t machine; /* hash of boot id + pid namespace; 0: not watchable */
  int64_t pid;
  uint64_t start_time; /* /proc/<pid>/stat field 22, guards pid reuse */
} sdy_mpi_identity;

/* The identity of the calling process (machine = 0 when /proc is unusable). */
sdy_mpi_identity sdy_mpi_identity_self(void);

/* 1 when `peer` is watchable from `self` (same machine and pid namespace). */
int sdy_mpi_watchable(const sdy_mpi_identity *self,
                      const sdy_mpi_identity *peer);

/* 0 when `peer`'s process is known dead, 1 otherwise (alive, or not
 * watchable). */
int sdy_mpi_alive(const sdy_mpi_identity *self, const sdy_mpi_identity *peer);

#endif /* SDY_MPI_LIVENESS_H */
