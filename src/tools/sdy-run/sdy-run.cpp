//===- sdy-run.cpp - run a module on N devices ----------------------------===//
//
//   sdy-run module.mlir [--devices N] [--backend local|mpi|path.so]
//           [--inputs a.npy b.npy ...] [--seed S] [--entry main]
//           [--output-dir DIR] [--timeout-ms T] [--print N] [--quiet]
//           [--warmup K --repeat N]
//   sdy-run --interpret tests.mlir [--split-input-file]
//
// With --interpret, runs interpreter test files instead (Interpret.h).
//
// Runs the entry function (default @main, or the only public function) on
// every local device of the backend: with `local`, N devices as threads;
// with `mpi`, launched under mpirun, one device per rank. The module is the
// same program on every device (a partitioned module with local types, or
// an unpartitioned one). The entry function, N (unless --devices gives it)
// and the shard layouts are runtime::ShardedExecutable's, as in the C ABI.
// Inputs come from .npy files (one per argument; a file whose shape is the
// argument's is given to every device, one with an extra leading dim of N is
// split so device d gets entry d, the global array of an argument split by
// its sdy.sharding is scattered) or are random (uniform in [-1, 1) for
// floats, [0, 8) for integers) from --seed, different per device.
// Prints each device's results; --output-dir writes result_<device>_<i>.npy.
// With --repeat, the run is a step repeated on the same inputs and the step
// times are printed (StepTiming.h); the last step's results are the ones
// printed and written.
//
// Every argument and input is checked before anything runs: a bad one gives
// a message on stderr and exit code 2; a failure of the run itself exit 1.
//
//===----------------------------------------------------------------------===//
#include "compiler/ExecMode.h"
#include "ir/utils/TextNesting.h"
#include "runtime/Backend.h"
#include "runtime/Dispatch.h"
#include "runtime/Npy.h"
#include "runtime/ShardedExecutable.h"
#include "tools/sdy-run/Interpret.h"
#include "tools/sdy-run/StepTiming.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace sdy::runtime;

namespace {

constexpr int kExitRunFailed = 1;
constexpr int kExitUsage = 2;
// The local backend runs 1..4096 devices (sdy_backend_create_local).
constexpr int64_t kMaxLocalDevices = 4096;
// Bounds of --warmup and --repeat (every step time is kept).
constexpr int64_t kMaxSteps = 1000000;

const char kUsage[] =
    "usage: sdy-run MODULE.mlir [options]\n"
    "       sdy-run --interpret TESTS.mlir [--split-input-file] [--quiet]\n"
    "\n"
    "Runs the entry function of MODULE (\"-\" reads stdin) on every local\n"
    "device of a backend and prints each device's results.\n"
    "\n"
    "options (each at most once; VALUE may also be given as --opt=VALUE):\n"
    "  --devices N, -n N   devices of the local backend, 1..4096 (default:\n"
    "                      the module's device count, as the library finds\n"
    "                      it: mhlo.num_partitions, the shardings' mesh, the\n"
    "                      collectives' device ids, else 1)\n"
    "  --backend B         local (default), mpi, or the path of a backend\n"
    "                      plugin (.so)\n"
    "  --inputs F.npy ...  one .npy file per argument of the entry function;\n"
    "                      the argument's shape, a leading dim of the\n"
    "                      device count (device d gets entry d), or the\n"
    "                      global array of an argument split by its\n"
    "                      sdy.sharding\n"
    "  --seed S            seed of the random inputs, 0..2^64-1 (default 0)\n"
    "  --entry NAME        the function to run (default main, or the only\n"
    "                      public function)\n"
    "  --output-dir DIR    write result_<device>_<i>.npy into DIR (existing)\n"
    "  --timeout-ms T      per-collective timeout in ms, 0 waits forever\n"
    "                      (default 60000)\n"
    "  --print N           print at most N elements per result (default 16)\n"
    "  --quiet             print nothing on success (but the step times)\n"
    "  --repeat N          time N steps, 1..1000000: run the entry N times\n"
    "                      on the same inputs and print 'step I\n"
    "                      time_ms=T' per step, then 'steady-state\n"
    "                      warmup=K repeat=N min_ms=T median_ms=T'; the\n"
    "                      results are the last step's\n"
    "  --warmup K          with --repeat: first run the entry K times\n"
    "                      untimed, 0..1000000 (default 1)\n"
    "  --interpret         run interpreter tests instead: in each module,\n"
    "                      @main, or else every function without\n"
    "                      arguments, on one device; the check ops\n"
    "                      (check.expect_eq, ..., custom_call @check.*)\n"
    "                      pass or fail it; prints PASS/FAIL per function\n"
    "                      and a summary. Only --split-input-file,\n"
    "                      --timeout-ms, --print, --quiet and\n"
    "                      --probe-output-dir apply\n"
    "  --split-input-file, -split-input-file\n"
    "                      with --interpret: each part of the file between\n"
    "                      '// -----' lines is a module of its own\n"
    "  --probe-output-dir DIR\n"
    "                      with --interpret: where interpreter.probe writes\n"
    "                      its values (.npy files and index.csv; default: a\n"
    "                      temporary directory, removed afterwards)\n"
    "  --exec-mode M       auto (default; the environment variable\n"
    "                      SDY_EXEC_MODE sets it when this is absent) or\n"
    "                      compile: run fusion clusters as JIT-compiled\n"
    "                      kernels (docs/compiled_execution.md); interpret:\n"
    "                      run every op in the interpreter\n"
    "  --exec-report       print what was compiled and what was interpreted\n"
    "  -h, --help          print this help\n"
    "\n"
    "exit status: 0 on success; 1 when the program fails while running\n"
    "(a collective timeout, a backend error, an output that cannot be\n"
    "written); 2 for a usage or input error (a bad option or value, a module\n"
    "that cannot be read or parsed, a missing entry function, a bad .npy).\n"
    "With --interpret: 0 when every check passes; 1 when a function fails\n"
    "(a check, an op that cannot run); 2 when a module cannot be parsed.\n";

/// Reports a usage or input error and returns kExitUsage.
int usageError(const std::string &message) {
  std::fprintf(stderr, "sdy-run: error: %s\n", message.c_str());
  std::fprintf(stderr, "run 'sdy-run --help' for usage\n");
  return kExitUsage;
}

int inputError(const std::string &message) {
  std::fprintf(stderr, "sdy-run: error: %s\n", message.c_str());
  return kExitUsage;
}

int runError(const std::string &message) {
  std::fprintf(stderr, "sdy-run: error: %s\n", message.c_str());
  return kExitRunFailed;
}

/// Parses a non-negative decimal integer that fits in 64 bits: digits only
/// (no sign, spaces, hex or fraction).
std::optional<uint64_t> parseUnsigned(const std::string &text) {
  if (text.empty() || text.size() > 20)
    return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return std::nullopt;
    unsigned d = c - '0';
    if (value > (std::numeric_limits<uint64_t>::max() - d) / 10)
      return std::nullopt;
    value = value * 10 + d;
  }
  return value;
}

/// Parses a decimal integer in [min, max] (an optional leading '-' and
/// digits); on failure sets `error` naming `option` and the range.
bool parseInteger(const std::string &option, const std::string &text,
                  int64_t min, int64_t max, int64_t &out, std::string &error) {
  std::string range = "an integer in [" + std::to_string(min) + ", " +
                      std::to_string(max) + "]";
  bool negative = !text.empty() && text[0] == '-';
  std::optional<uint64_t> magnitude =
      parseUnsigned(negative ? text.substr(1) : text);
  if (!magnitude) {
    bool digits = !text.empty() &&
                  text.find_first_not_of("-0123456789") == std::string::npos;
    error = option + " expects " + range + ", got '" + text + "'" +
            (digits ? " (out of range)" : "");
    return false;
  }
  // Compare in the unsigned/negative domain so that no value overflows.
  bool inRange;
  int64_t value = 0;
  if (negative) {
    inRange = min < 0 && *magnitude <= uint64_t(-(min + 1)) + 1;
    if (inRange)
      value = static_cast<int64_t>(0 - *magnitude);
  } else {
    inRange = max >= 0 && *magnitude <= static_cast<uint64_t>(max);
    if (inRange)
      value = static_cast<int64_t>(*magnitude);
  }
  if (!inRange || value < min) {
    error = option + " expects " + range + ", got " + text;
    return false;
  }
  out = value;
  return true;
}

struct Options {
  std::string path;
  std::string backendName = "local";
  std::string entry = "main";
  bool entryGiven = false;
  std::string outDir;
  std::vector<std::string> inputFiles;
  int64_t devices = 0; // 0: from the module
  uint64_t seed = 0;
  int64_t timeoutMs = 60000;
  int64_t printLimit = 16;
  bool quiet = false;
  int64_t warmup = 1;
  int64_t repeat = 0; // 0: one untimed run
  bool help = false;
  bool interpret = false;
  bool splitInputFile = false;
  std::string probeDir;
  std::string execMode;
  bool execModeGiven = false;
  bool execReport = false;
};

/// Parses the command line; returns false (with `error`) on a usage error.
bool parseArgs(int argc, char **argv, Options &o, std::string &error) {
  std::vector<std::string> seen;
  auto once = [&](const std::string &name) {
    for (const std::string &s : seen)
      if (s == name) {
        error = name + " is given more than once";
        return false;
      }
    seen.push_back(name);
    return true;
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.size() < 2 || arg[0] != '-') {
      if (!o.path.empty()) {
        error = "unexpected argument '" + arg + "' (the module is '" + o.path +
                "'; input files go after --inputs)";
        return false;
      }
      if (arg.empty()) {
        error = "the module path is empty";
        return false;
      }
      o.path = arg;
      continue;
    }
    std::string name = arg;
    std::optional<std::string> inlineValue;
    if (arg.rfind("--", 0) == 0) {
      size_t eq = arg.find('=');
      if (eq != std::string::npos) {
        name = arg.substr(0, eq);
        inlineValue = arg.substr(eq + 1);
      }
    }
    if (name == "-n")
      name = "--devices";
    if (name == "-h")
      name = "--help";
    if (name == "-split-input-file")
      name = "--split-input-file";
    static const char *const kKnown[] = {"--devices",
                                         "--backend",
                                         "--seed",
                                         "--entry",
                                         "--output-dir",
                                         "--timeout-ms",
                                         "--print",
                                         "--quiet",
                                         "--inputs",
                                         "--help",
                                         "--interpret",
                                         "--split-input-file",
                                         "--probe-output-dir",
                                         "--warmup",
                                         "--repeat",
                                         "--exec-mode",
                                         "--exec-report"};
    bool known = false;
    for (const char *k : kKnown)
      known |= name == k;
    if (!known) {
      error = "unknown option '" + arg + "'";
      return false;
    }
    if (!once(name))
      return false;
    if (name == "--exec-report") {
      if (inlineValue) {
        error = name + " takes no value, got '" + arg + "'";
        return false;
      }
      o.execReport = true;
      continue;
    }
    if (name == "--help" || name == "--quiet" || name == "--interpret" ||
        name == "--split-input-file") {
      if (inlineValue) {
        error = name + " takes no value, got '" + arg + "'";
        return false;
      }
      (name == "--help"        ? o.help
       : name == "--quiet"     ? o.quiet
       : name == "--interpret" ? o.interpret
                               : o.splitInputFile) = true;
      continue;
    }
    if (name == "--inputs") {
      if (inlineValue)
        o.inputFiles.push_back(*inlineValue);
      while (i + 1 < argc && !(argv[i + 1][0] == '-' && argv[i + 1][1] != 0))
        o.inputFiles.push_back(argv[++i]);
      if (o.inputFiles.empty()) {
        error = "--inputs needs at least one .npy file";
        return false;
      }
      for (const std::string &f : o.inputFiles)
        if (f.empty()) {
          error = "--inputs: an input file name is empty";
          return false;
        }
      continue;
    }
    std::string value;
    if (inlineValue) {
      value = *inlineValue;
    } else {
      if (i + 1 >= argc) {
        error = name + " needs a value";
        return false;
      }
      value = argv[++i];
    }
    int64_t number = 0;
    if (name == "--devices") {
      if (!parseInteger(name, value, 1, kMaxLocalDevices, o.devices, error))
        return false;
    } else if (name == "--seed") {
      std::optional<uint64_t> seed = parseUnsigned(value);
      if (!seed) {
        error =
            "--seed expects an integer in [0, 18446744073709551615], got '" +
            value + "'";
        return false;
      }
      o.seed = *seed;
    } else if (name == "--timeout-ms") {
      if (!parseInteger(name, value, 0, std::numeric_limits<int64_t>::max(),
                        o.timeoutMs, error))
        return false;
    } else if (name == "--print") {
      if (!parseInteger(name, value, 0, std::numeric_limits<int64_t>::max(),
                        number, error))
        return false;
      o.printLimit = number;
    } else if (name == "--warmup") {
      if (!parseInteger(name, value, 0, kMaxSteps, o.warmup, error))
        return false;
    } else if (name == "--repeat") {
      if (!parseInteger(name, value, 1, kMaxSteps, o.repeat, error))
        return false;
    } else if (value.empty()) {
      error = name + " needs a non-empty value";
      return false;
    } else if (name == "--backend") {
      o.backendName = value;
    } else if (name == "--entry") {
      o.entry = value;
      o.entryGiven = true;
    } else if (name == "--output-dir") {
      o.outDir = value;
    } else if (name == "--exec-mode") {
      o.execMode = value;
      o.execModeGiven = true;
    } else if (name == "--probe-output-dir") {
      o.probeDir = value;
    }
  }
  if (o.help)
    return true;
  if (o.path.empty()) {
    error = "no module given";
    return false;
  }
  if (o.splitInputFile && !o.interpret) {
    error = "--split-input-file needs --interpret";
    return false;
  }
  if (!o.probeDir.empty() && !o.interpret) {
    error = "--probe-output-dir needs --interpret";
    return false;
  }
  for (const std::string &given : seen)
    if (given == "--warmup" && o.repeat == 0) {
      error = "--warmup needs --repeat (the number of timed steps)";
      return false;
    }
  if (o.interpret) {
    for (const char *k :
         {"--devices", "--backend", "--seed", "--entry", "--output-dir",
          "--inputs", "--warmup", "--repeat", "--exec-mode", "--exec-report"})
      for (const std::string &given : seen)
        if (given == k) {
          error = given + " cannot be used with --interpret";
          return false;
        }
  }
  return true;
}

Tensor randomTensor(const TensorSpec &spec, std::mt19937_64 &rng) {
  Tensor t(spec.type, spec.shape);
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_int_distribution<int> small(0, 7);
  dispatchAll(spec.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    T *p = t.data<T>();
    for (int64_t i = 0; i < t.numElements(); ++i) {
      if constexpr (is_complex_v<T>) {
        double re = real(rng);
        p[i] = T(re, real(rng));
      } else if constexpr (is_pred_v<T>)
        p[i] = store<T>(small(rng) & 1);
      else if constexpr (std::is_floating_point_v<C>)
        p[i] = store<T>(static_cast<C>(real(rng)));
      else
        p[i] = store<T>(static_cast<C>(small(rng)));
    }
  });
  return t;
}

double checksum(const Tensor &t) {
  double s = 0;
  for (int64_t i = 0; i < t.numElements(); ++i)
    s += t.getDouble(i);
  return s;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  std::string error;
  if (!parseArgs(argc, argv, o, error))
    return usageError(error);
  if (o.help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (o.interpret)
    return runInterpret({o.path, o.splitInputFile, o.timeoutMs, o.printLimit,
                         o.quiet, o.probeDir});
  if (!o.outDir.empty()) {
    struct stat st;
    if (stat(o.outDir.c_str(), &st) != 0)
      return inputError("--output-dir '" + o.outDir +
                        "': " + std::strerror(errno));
    if (!S_ISDIR(st.st_mode))
      return inputError("--output-dir '" + o.outDir + "' is not a directory");
  }

  // Parse the module here (not in Executable::fromFile) to report parse
  // errors with the path.
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(o.path);
  if (!buffer)
    return inputError("cannot read module '" + o.path +
                      "': " + buffer.getError().message());
  if (auto at = mlir::sdy::findExcessiveNesting((*buffer)->getBuffer()))
    return inputError("cannot parse module '" + o.path + "':\n" + o.path + ":" +
                      std::to_string(at->first) + ":" +
                      std::to_string(at->second) +
                      ": error: nesting deeper than " +
                      std::to_string(mlir::sdy::kMaxTextNesting) + " brackets");
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  registerRuntimeDialects(context);
  std::string diags;
  bool parsed = false;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      parseModuleBuffer(std::move(*buffer), context, diags, &parsed);
  if (!module)
    return inputError(std::string(parsed ? "cannot run" : "cannot parse") +
                      " module '" + o.path + "':\n" + diags);
  ShardedExecutableOptions opts;
  if (o.entryGiven)
    opts.entry = o.entry;
  opts.numDevices = o.devices;
  opts.executable.timeoutMs = o.timeoutMs;
  const char *envMode = std::getenv("SDY_EXEC_MODE");
  std::string mode = o.execModeGiven ? o.execMode : envMode ? envMode : "auto";
  if (!sdy::compiler::parseExecMode(mode, opts.executable.execMode))
    return usageError(
        std::string(o.execModeGiven ? "--exec-mode" : "SDY_EXEC_MODE") +
        " expects interpret, auto or compile, got '" + mode + "'");
  std::unique_ptr<ShardedExecutable> exe;
  if (Status s = ShardedExecutable::fromModule(*module, opts, exe); !s.isOk())
    return inputError("'" + o.path + "': " + s.message());
  if (o.execReport)
    std::printf("%s", exe->executable().compileReport().c_str());
  int64_t devices = exe->numDevices();
  if (devices > kMaxLocalDevices)
    return inputError("'" + o.path + "' runs on " + std::to_string(devices) +
                      " devices, more than the 4096 devices of the local "
                      "backend; give --devices");

  std::unique_ptr<Backend> backend;
  if (Status s = Backend::create(o.backendName, static_cast<int32_t>(devices),
                                 backend);
      !s.isOk())
    return inputError("--backend " + o.backendName + ": " + s.message());
  int32_t total = 0;
  std::vector<int64_t> local;
  if (Status s = backend->deviceCount(total); !s.isOk())
    return runError(s.message());
  if (Status s = backend->localDevices(local); !s.isOk())
    return runError(s.message());
  for (int64_t id : local)
    if (id < 0 || id >= total)
      return runError("the backend reports local device " + std::to_string(id) +
                      " outside [0, " + std::to_string(total) + ")");

  const std::vector<ValueLayout> &layouts = exe->args();
  std::string entryName = "@" + exe->function();
  if (!o.inputFiles.empty() && o.inputFiles.size() != layouts.size())
    return inputError(entryName + " takes " + std::to_string(layouts.size()) +
                      " argument(s), got " +
                      std::to_string(o.inputFiles.size()) +
                      " file(s) after --inputs");
  // How each file is given to the devices.
  enum class Split { Whole, Stacked, Global };
  std::vector<Tensor> files;
  std::vector<Split> splits;
  for (size_t i = 0; i < o.inputFiles.size(); ++i) {
    const std::string &f = o.inputFiles[i];
    const TensorSpec &spec = layouts[i].spec;
    Tensor t;
    if (Status s = readNpy(f, t); !s.isOk())
      return inputError(s.message());
    // Types numpy lacks are written as their bytes (|u1).
    if (t.type() == ElementType::U8 && t.type() != spec.type &&
        (isSubByteInt(spec.type) || isNarrowFloat(spec.type)))
      t = Tensor::fromData(spec.type, t.shape(), t.raw());
    if (t.type() != spec.type)
      return inputError("'" + f + "' has element type " +
                        elementTypeName(t.type()) + " but argument " +
                        std::to_string(i) + " of " + entryName + " is " +
                        shapeString(spec.shape, spec.type));
    Shape stacked = spec.shape;
    stacked.insert(stacked.begin(), total);
    // A global array is split by the argument's sdy.sharding when the
    // backend runs the program's devices.
    bool global = layouts[i].sharded() && total == devices &&
                  t.rank() == static_cast<int64_t>(spec.shape.size()) &&
                  layouts[i].checkGlobalShape("", t.shape()).isOk();
    if (t.shape() != spec.shape && t.shape() != stacked && !global)
      return inputError(
          "'" + f + "' has shape " + shapeString(t.shape(), t.type()) +
          " but argument " + std::to_string(i) + " of " + entryName + " is " +
          shapeString(spec.shape, spec.type) + " (or give " +
          shapeString(stacked, t.type()) + ", one slice per device" +
          (layouts[i].sharded() ? ", or the global array" : "") + ")");
    files.push_back(t);
    splits.push_back(t.shape() == spec.shape ? Split::Whole
                     : t.shape() == stacked  ? Split::Stacked
                                             : Split::Global);
  }

  std::vector<std::vector<Tensor>> inputs(local.size());
  for (size_t d = 0; d < local.size(); ++d) {
    std::mt19937_64 rng(o.seed * 1000003ull + static_cast<uint64_t>(local[d]));
    for (size_t i = 0; i < layouts.size(); ++i) {
      const TensorSpec &spec = layouts[i].spec;
      if (files.empty()) {
        inputs[d].push_back(randomTensor(spec, rng));
        continue;
      }
      const Tensor &t = files[i];
      switch (splits[i]) {
      case Split::Whole:
        inputs[d].push_back(t);
        break;
      case Split::Stacked:
        inputs[d].push_back(
            Tensor::fromData(t.type(), spec.shape,
                             static_cast<const char *>(t.raw()) +
                                 t.byteSize() / total * local[d]));
        break;
      case Split::Global: {
        HostArray array{t.type(),
                        const_cast<char *>(static_cast<const char *>(t.raw())),
                        t.shape(), rowMajorStrides(t.shape())};
        inputs[d].push_back(layouts[i].shardOf(array, local[d]));
        break;
      }
      }
    }
  }

  std::vector<std::vector<Tensor>> outputs;
  Status status = Status::ok();
  auto step = [&] {
    status = exe->executable().run(*backend, inputs, outputs);
    return status.isOk();
  };
  std::vector<double> stepSeconds;
  if (o.repeat == 0)
    step();
  else
    timeSteps(o.warmup, o.repeat, step, stepSeconds);
  if (!status.isOk())
    return runError(status.message());
  for (size_t d = 0; d < local.size(); ++d) {
    for (size_t i = 0; i < outputs[d].size(); ++i) {
      const Tensor &t = outputs[d][i];
      if (!o.quiet)
        std::printf("device %lld result %zu: %s sum=%.6g\n",
                    (long long)local[d], i, t.toString(o.printLimit).c_str(),
                    checksum(t));
      if (!o.outDir.empty()) {
        std::string f = o.outDir + "/result_" + std::to_string(local[d]) + "_" +
                        std::to_string(i) + ".npy";
        if (Status s = writeNpy(f, t); !s.isOk())
          return runError(s.message());
      }
    }
  }
  if (o.repeat > 0)
    printStepTimes(stdout, o.warmup, stepSeconds);
  std::fflush(stdout);
  return 0;
}
