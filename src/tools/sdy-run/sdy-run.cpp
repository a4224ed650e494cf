//===- sdy-run.cpp - run a module on N devices ----------------------------===//
//
//   sdy-run module.mlir [--devices N] [--backend local|mpi|path.so]
//           [--inputs a.npy b.npy ...] [--seed S] [--entry main]
//           [--output-dir DIR] [--timeout-ms T] [--print N] [--quiet]
//
// Runs the entry function (default @main) on every local device of the
// backend: with `local`, N devices as threads; with `mpi`, launched under
// mpirun, one device per rank. The module is the same program on every
// device (a partitioned module with local types, or an unpartitioned one).
// Inputs come from .npy files (one per argument; a file whose shape is the
// argument's is given to every device, one with an extra leading dim of N is
// split so device d gets entry d) or are random (uniform in [-1, 1) for
// floats, [0, 8) for integers) from --seed, different per device.
// Prints each device's results; --output-dir writes result_<device>_<i>.npy.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Dispatch.h"
#include "runtime/Executable.h"
#include "runtime/Npy.h"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace sdy::runtime;

static int usage() {
  std::fprintf(stderr,
               "usage: sdy-run module.mlir [--devices N] [--backend "
               "local|mpi|path.so] [--inputs f.npy ...] [--seed S] [--entry "
               "NAME] [--output-dir DIR] [--timeout-ms T] [--print N] "
               "[--quiet]\n");
  return 2;
}

static Tensor randomTensor(const TensorSpec &spec, std::mt19937_64 &rng) {
  Tensor t(spec.type, spec.shape);
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_int_distribution<int> small(0, 7);
  dispatch(spec.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    T *p = t.data<T>();
    for (int64_t i = 0; i < t.numElements(); ++i) {
      if constexpr (is_pred_v<T>) p[i] = store<T>(small(rng) & 1);
      else if constexpr (std::is_floating_point_v<C>)
        p[i] = store<T>(static_cast<C>(real(rng)));
      else p[i] = store<T>(static_cast<C>(small(rng)));
    }
  });
  return t;
}

static double checksum(const Tensor &t) {
  double s = 0;
  for (int64_t i = 0; i < t.numElements(); ++i) s += t.getDouble(i);
  return s;
}

int main(int argc, char **argv) {
  std::string path, backendName = "local", entry = "main", outDir;
  std::vector<std::string> inputFiles;
  int32_t devices = 0;
  uint64_t seed = 0;
  int64_t timeoutMs = 60000, printLimit = 16;
  bool quiet = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "sdy-run: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--devices" || a == "-n") devices = std::atoi(next().c_str());
    else if (a == "--backend") backendName = next();
    else if (a == "--seed") seed = std::strtoull(next().c_str(), nullptr, 10);
    else if (a == "--entry") entry = next();
    else if (a == "--output-dir") outDir = next();
    else if (a == "--timeout-ms") timeoutMs = std::atoll(next().c_str());
    else if (a == "--print") printLimit = std::atoll(next().c_str());
    else if (a == "--quiet") quiet = true;
    else if (a == "--inputs") {
      while (i + 1 < argc && argv[i + 1][0] != '-') inputFiles.push_back(argv[++i]);
    } else if (a == "-h" || a == "--help") return usage(), 0;
    else if (!a.empty() && a[0] == '-' && a != "-") {
      std::fprintf(stderr, "sdy-run: unknown option %s\n", a.c_str());
      return usage();
    } else if (path.empty()) path = a;
    else return usage();
  }
  if (path.empty()) return usage();

  ExecutableOptions opts;
  opts.entry = entry;
  opts.timeoutMs = timeoutMs;
  std::unique_ptr<Executable> exe;
  if (Status s = Executable::fromFile(path, opts, exe); !s.isOk()) {
    std::fprintf(stderr, "sdy-run: %s\n", s.message().c_str());
    return 1;
  }
  if (devices <= 0)
    devices = exe->numPartitionsHint() > 0 ? exe->numPartitionsHint() : 1;

  std::unique_ptr<Backend> backend;
  if (Status s = Backend::create(backendName, devices, backend); !s.isOk()) {
    std::fprintf(stderr, "sdy-run: %s\n", s.message().c_str());
    return 1;
  }
  int32_t total = 0;
  std::vector<int64_t> local;
  if (Status s = backend->deviceCount(total); !s.isOk()) {
    std::fprintf(stderr, "sdy-run: %s\n", s.message().c_str());
    return 1;
  }
  (void)backend->localDevices(local);

  const auto &specs = exe->argumentSpecs();
  std::vector<Tensor> files;
  if (!inputFiles.empty() && inputFiles.size() != specs.size()) {
    std::fprintf(stderr, "sdy-run: @%s takes %zu arguments, got %zu files\n",
                 entry.c_str(), specs.size(), inputFiles.size());
    return 1;
  }
  for (const std::string &f : inputFiles) {
    Tensor t;
    if (Status s = readNpy(f, t); !s.isOk()) {
      std::fprintf(stderr, "sdy-run: %s\n", s.message().c_str());
      return 1;
    }
    files.push_back(t);
  }
  std::vector<std::vector<Tensor>> inputs(local.size());
  for (size_t d = 0; d < local.size(); ++d) {
    std::mt19937_64 rng(seed * 1000003ull + static_cast<uint64_t>(local[d]));
    for (size_t i = 0; i < specs.size(); ++i) {
      if (files.empty()) {
        inputs[d].push_back(randomTensor(specs[i], rng));
        continue;
      }
      Tensor t = files[i];
      if (t.type() != specs[i].type) {
        std::fprintf(stderr, "sdy-run: %s has type %s, argument %zu needs %s\n",
                     inputFiles[i].c_str(), elementTypeName(t.type()), i,
                     elementTypeName(specs[i].type));
        return 1;
      }
      if (t.shape() == specs[i].shape) {
        inputs[d].push_back(t);
        continue;
      }
      Shape stacked = specs[i].shape;
      stacked.insert(stacked.begin(), total);
      if (t.shape() != stacked) {
        std::fprintf(stderr,
                     "sdy-run: %s has shape %s, argument %zu needs %s (or a "
                     "leading dim of %d)\n",
                     inputFiles[i].c_str(),
                     shapeString(t.shape(), t.type()).c_str(), i,
                     shapeString(specs[i].shape, specs[i].type).c_str(), total);
        return 1;
      }
      size_t per = t.byteSize() / total;
      inputs[d].push_back(Tensor::fromData(
          t.type(), specs[i].shape,
          static_cast<const char *>(t.raw()) + per * local[d]));
    }
  }

  std::vector<std::vector<Tensor>> outputs;
  if (Status s = exe->run(*backend, inputs, outputs); !s.isOk()) {
    std::fprintf(stderr, "sdy-run: error: %s\n", s.message().c_str());
    return 1;
  }
  for (size_t d = 0; d < local.size(); ++d) {
    for (size_t i = 0; i < outputs[d].size(); ++i) {
      const Tensor &t = outputs[d][i];
      if (!quiet)
        std::printf("device %lld result %zu: %s sum=%.6g\n",
                    (long long)local[d], i, t.toString(printLimit).c_str(),
                    checksum(t));
      if (!outDir.empty()) {
        std::string f = outDir + "/result_" + std::to_string(local[d]) + "_" +
                        std::to_string(i) + ".npy";
        if (Status s = writeNpy(f, t); !s.isOk()) {
          std::fprintf(stderr, "sdy-run: %s\n", s.message().c_str());
          return 1;
        }
      }
    }
  }
  std::fflush(stdout);
  return 0;
}
