//===- count_collectives.cpp - run a module and count its transfers -------===//
//
//   sdy-count-collectives MODULE N OUT_DIR [--backend local|mpi]
//
// Runs the partitioned MODULE on N devices (zero inputs) through a
// CountingBackend wrapped around the local backend (or, under mpirun, the
// mpi backend) and writes OUT_DIR/device<d>.json for every local device d:
// the list of its backend calls as [kind, size, sent, received, send
// buffer bytes, receive buffer bytes].
//
//===----------------------------------------------------------------------===//
#include "CountingBackend.h"

#include "runtime/Backend.h"
#include "runtime/ShardedExecutable.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

using namespace sdy::runtime;

static int failWith(const std::string &message) {
  std::fprintf(stderr, "sdy-count-collectives: %s\n", message.c_str());
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 4 && !(argc == 6 && std::string(argv[4]) == "--backend"))
    return failWith("usage: sdy-count-collectives MODULE N OUT_DIR "
                    "[--backend local|mpi]");
  std::string backendName = argc == 6 ? argv[5] : "local";
  int numDevices = std::atoi(argv[2]);
  if (numDevices < 1)
    return failWith("N must be positive");
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  registerRuntimeDialects(context);
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return failWith(std::string("cannot parse ") + argv[1]);
  ShardedExecutableOptions options;
  options.numDevices = numDevices;
  std::unique_ptr<ShardedExecutable> exe;
  if (Status s = ShardedExecutable::fromModule(*module, options, exe);
      !s.isOk())
    return failWith(s.message());
  std::unique_ptr<Backend> inner;
  if (Status s = Backend::create(backendName, numDevices, inner); !s.isOk())
    return failWith(s.message());
  sdy::test::CountingBackend counting(&inner->table(), backendName == "mpi",
                                      numDevices);
  std::unique_ptr<Backend> backend;
  if (Status s = Backend::wrap(counting.table(), /*owned=*/false, backend);
      !s.isOk())
    return failWith(s.message());
  std::vector<int64_t> local;
  if (Status s = exe->localDevices(*backend, local); !s.isOk())
    return failWith(s.message());
  std::vector<std::vector<Tensor>> inputs(local.size()), outputs;
  for (auto &in : inputs)
    for (const ValueLayout &arg : exe->args())
      in.push_back(Tensor::zeros(arg.spec.type, arg.spec.shape));
  if (Status s = exe->executable().run(*backend, inputs, outputs); !s.isOk())
    return failWith(s.message());
  for (int64_t d : local) {
    std::ofstream out(std::string(argv[3]) + "/device" + std::to_string(d) +
                      ".json");
    out << "[";
    const auto &calls = counting.calls()[d];
    for (size_t i = 0; i < calls.size(); ++i)
      out << (i ? ",\n " : "") << "[\"" << calls[i].kind << "\", "
          << calls[i].size << ", " << calls[i].sent << ", " << calls[i].received
          << ", " << calls[i].sendBuffer << ", " << calls[i].recvBuffer << "]";
    out << "]\n";
    if (!out)
      return failWith("cannot write the counts of device " + std::to_string(d));
  }
  return 0;
}
