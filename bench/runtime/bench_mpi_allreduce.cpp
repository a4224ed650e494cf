//===- bench_mpi_allreduce.cpp - mpi backend vs bare MPI_Allreduce --------===//
//
//   mpirun -n N bench-runtime-mpi-allreduce [max_bytes=67108864]
//
// For f32 sizes 1 KiB..max_bytes (x4) times, in the same run, a loop of bare
// MPI_Allreduce calls and a loop of the same all_reduce through the sdy
// device-backend ABI (the mpi plugin, via runtime::Backend), and prints
// the overhead (t_sdy / t_mpi - 1). Rank 0 prints.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace sdy::runtime;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); // the plugin sees MPI initialised and reuses it
  size_t maxBytes =
      argc > 1 ? std::strtoull(argv[1], nullptr, 10) : (size_t(64) << 20);
  std::unique_ptr<Backend> b;
  if (Status s = Backend::create("mpi", 0, b); !s.isOk()) {
    std::fprintf(stderr, "%s\n", s.message().c_str());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::vector<int64_t> group;
  for (int i = 0; i < size; ++i)
    group.push_back(i);
  if (rank == 0)
    std::printf("%-12s %14s %14s %10s\n", "bytes", "MPI us", "sdy us",
                "overhead");
  for (size_t bytes = 1024; bytes <= maxBytes; bytes *= 4) {
    size_t n = bytes / 4;
    std::vector<float> send(n, 1.0f), recv(n);
    int iters = int(std::clamp<size_t>((size_t(256) << 20) / bytes, 5, 2000));
    double tMpi = 1e30, tSdy = 1e30;
    for (int round = 0; round < 3; ++round) {
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      for (int i = 0; i < iters; ++i)
        MPI_Allreduce(send.data(), recv.data(), int(n), MPI_FLOAT, MPI_SUM,
                      MPI_COMM_WORLD);
      double t = (MPI_Wtime() - t0) / iters;
      MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      tMpi = std::min(tMpi, t);
      MPI_Barrier(MPI_COMM_WORLD);
      t0 = MPI_Wtime();
      for (int i = 0; i < iters; ++i)
        (void)b->allReduce(rank, group, send.data(), recv.data(), n,
                           ElementType::F32, CollectiveReduce::Sum, 60000);
      t = (MPI_Wtime() - t0) / iters;
      MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      tSdy = std::min(tSdy, t);
    }
    if (rank == 0)
      std::printf("%-12zu %14.2f %14.2f %9.1f%%\n", bytes, tMpi * 1e6,
                  tSdy * 1e6, (tSdy / tMpi - 1) * 100);
  }
  b.reset();
  MPI_Finalize();
  return 0;
}
