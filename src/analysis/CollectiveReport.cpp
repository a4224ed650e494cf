//===- CollectiveReport.cpp - communication report of a module ------------===//

#include "analysis/CollectiveReport.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace sdy::analysis {
namespace {

// The most devices a report covers (the local backend's limit).
constexpr int64_t kMaxDevices = 4096;

std::string groupsText(const std::vector<std::vector<int64_t>> &groups,
                       bool pairs) {
  std::string s = "[";
  for (size_t g = 0; g < groups.size(); ++g) {
    s += g ? ", " : "";
    s += pairs ? "(" : "[";
    for (size_t i = 0; i < groups[g].size(); ++i)
      s += (i ? (pairs ? "->" : ",") : "") + std::to_string(groups[g][i]);
    s += pairs ? ")" : "]";
  }
  return s + "]";
}

std::string trafficText(const std::vector<Traffic> &perDevice) {
  std::string s;
  for (size_t d = 0; d < perDevice.size(); ++d)
    s += (d ? " " : "") + std::to_string(d) + ":" +
         std::to_string(perDevice[d].sent) + "/" +
         std::to_string(perDevice[d].received);
  return s;
}

} // namespace

std::string secondsText(double s) {
  char buf[64];
  if (s < 1e-3)
    std::snprintf(buf, sizeof buf, "%.2f us", s * 1e6);
  else if (s < 1)
    std::snprintf(buf, sizeof buf, "%.3f ms", s * 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.3f s", s);
  return buf;
}

CollectiveReportEntry costOf(const CollectiveOpInfo &info,
                             const CommModel &model) {
  CollectiveReportEntry e;
  e.info = info;
  if (!info.counted)
    return e;
  e.perDevice.resize(info.calls.size());
  e.buffers.resize(info.calls.size());
  size_t numCalls = 0;
  for (const auto &calls : info.calls)
    numCalls = std::max(numCalls, calls.size());
  for (size_t i = 0; i < numCalls; ++i) {
    uint64_t busiest = 0;
    std::optional<BackendCallKind> kind;
    for (size_t d = 0; d < info.calls.size(); ++d) {
      if (i >= info.calls[d].size())
        continue;
      const BackendCall &call = info.calls[d][i];
      kind = call.kind;
      Traffic t = trafficOf(call, model.backend, d);
      e.perDevice[d] += t;
      e.buffers[d] += bufferBytesOf(call, d);
      busiest = std::max({busiest, t.sent, t.received});
    }
    if (kind)
      e.seconds += model.estimate(*kind, busiest);
  }
  for (const Traffic &t : e.perDevice) {
    e.maxSent = std::max(e.maxSent, t.sent);
    e.maxReceived = std::max(e.maxReceived, t.received);
  }
  return e;
}

bool resolveReportRequest(const CollectiveReportRequest &request,
                          CollectiveReportOptions &options, bool &json,
                          std::string &error) {
  if (request.format != "text" && request.format != "json") {
    error = "unknown format '" + request.format + "' (text or json)";
    return false;
  }
  json = request.format == "json";
  std::optional<CommBackend> backend = CommBackend::Local;
  if (!request.backend.empty()) {
    backend = parseCommBackend(request.backend);
    if (!backend) {
      error = "unknown backend '" + request.backend + "' (local or mpi)";
      return false;
    }
  }
  options.model = defaultCommModel(*backend);
  if (!request.modelFile.empty()) {
    if (!loadCommModel(request.modelFile, options.model, error))
      return false;
    if (!request.backend.empty() && options.model.backend != *backend) {
      error = "model file '" + request.modelFile + "' is for backend '" +
              commBackendName(options.model.backend) + "', not '" +
              request.backend + "'";
      return false;
    }
  }
  if (request.numDevices < 0) {
    error = "num-devices must be positive (0: inferred), got " +
            std::to_string(request.numDevices);
    return false;
  }
  options.numDevices = request.numDevices;
  return true;
}

bool parseReportRequest(const std::string &text,
                        CollectiveReportRequest &request, std::string &error) {
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    size_t eq = word.find('=');
    std::string key = word.substr(0, eq);
    if (eq == std::string::npos || eq + 1 == word.size()) {
      error = "option '" + word + "' is not key=value";
      return false;
    }
    std::string value = word.substr(eq + 1);
    if (key == "format") {
      request.format = value;
    } else if (key == "backend") {
      request.backend = value;
    } else if (key == "model") {
      request.modelFile = value;
    } else if (key == "num-devices") {
      char *end = nullptr;
      errno = 0;
      long long n = std::strtoll(value.c_str(), &end, 10);
      if (errno || !end || *end) {
        error = "num-devices: '" + value + "' is not an integer";
        return false;
      }
      request.numDevices = n;
    } else {
      error =
          "unknown option '" + key + "' (format, backend, model, num-devices)";
      return false;
    }
  }
  return true;
}

static bool checkDevices(int64_t n, std::string &error) {
  if (n < 1 || n > kMaxDevices) {
    error = "the number of devices must be in [1, " +
            std::to_string(kMaxDevices) + "], got " + std::to_string(n);
    return false;
  }
  return true;
}

bool collectiveCostOf(mlir::Operation *op, int64_t numDevices,
                      const CommModel &model, CollectiveReportEntry &out,
                      std::string &error) {
  if (!op) {
    error = "no op";
    return false;
  }
  if (numDevices == 0) {
    auto module = op->getParentOfType<mlir::ModuleOp>();
    numDevices = module ? inferNumDevices(module) : 1;
  }
  if (!checkDevices(numDevices, error))
    return false;
  CollectiveOpInfo info;
  if (!describeCollective(op, numDevices, info, error))
    return false;
  out = costOf(info, model);
  return true;
}

bool buildCollectiveReport(mlir::ModuleOp module,
                           const CollectiveReportOptions &options,
                           CollectiveReport &out, std::string &error) {
  CollectiveReport report;
  report.numDevices =
      options.numDevices ? options.numDevices : inferNumDevices(module);
  if (!checkDevices(report.numDevices, error))
    return false;
  report.model = options.model;
  std::vector<CollectiveOpInfo> infos;
  if (!enumerateCollectives(module, report.numDevices, infos, error))
    return false;
  for (const CollectiveOpInfo &info : infos) {
    report.entries.push_back(costOf(info, report.model));
    const CollectiveReportEntry &e = report.entries.back();
    auto it = std::find_if(
        report.functions.begin(), report.functions.end(),
        [&](const FunctionTotals &f) { return f.function == info.function; });
    if (it == report.functions.end()) {
      report.functions.push_back({info.function, 0, 0, 0, {}, 0});
      report.functions.back().perDevice.resize(report.numDevices);
      it = report.functions.end() - 1;
    }
    ++it->collectives;
    if (!info.counted) {
      ++it->uncounted;
      continue;
    }
    // The executions multiply what one execution moves; an unknown trip
    // count counts once.
    uint64_t times = 1;
    if (info.executions.executions)
      times = static_cast<uint64_t>(*info.executions.executions);
    else
      ++it->unknownTripCounts;
    for (size_t d = 0; d < e.perDevice.size(); ++d)
      it->perDevice[d] +=
          {e.perDevice[d].sent * times, e.perDevice[d].received * times};
    it->seconds += e.seconds * times;
    report.totalSeconds += e.seconds * times;
  }
  out = std::move(report);
  return true;
}

std::string renderReportText(const CollectiveReport &report) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "collective report: " << report.numDevices << " device(s), backend "
     << commBackendName(report.model.backend) << "\n";
  os << "bytes per device are sent/received by one execution; times are "
        "estimates\n";
  for (size_t i = 0; i < report.entries.size(); ++i) {
    const CollectiveReportEntry &e = report.entries[i];
    const CollectiveOpInfo &info = e.info;
    os << "#" << i << " " << info.kind << " in @" << info.function << " at "
       << info.location << (info.nested ? " (inside a region op)" : "") << "\n";
    os << "  axes: ";
    if (info.axes.empty())
      os << "-";
    for (size_t a = 0; a < info.axes.size(); ++a)
      os << (a ? "," : "") << info.axes[a];
    os << "  operands:";
    for (const std::string &t : info.operandTypes)
      os << " " << t;
    os << "\n";
    if (info.nested) {
      os << "  executions per call: ";
      if (info.executions.executions) {
        os << *info.executions.executions << " (trip counts";
        for (const EnclosingLoop &level : info.executions.loops)
          os << " " << *level.tripCount;
        os << ")\n";
      } else {
        os << info.executions.unknownReason << "; counted once\n";
      }
    }
    if (!info.counted) {
      os << "  not counted: " << info.uncountedReason << "\n";
      continue;
    }
    bool pairs = info.kind == "stablehlo.collective_permute";
    os << "  " << (pairs ? "pairs" : "groups") << ": "
       << groupsText(info.groups, pairs) << "\n";
    os << "  max sent " << e.maxSent << " B, max received " << e.maxReceived
       << " B, estimated " << secondsText(e.seconds) << "\n";
    os << "  per device sent/received: " << trafficText(e.perDevice) << "\n";
  }
  for (const FunctionTotals &f : report.functions) {
    uint64_t sent = 0, received = 0;
    for (const Traffic &t : f.perDevice) {
      sent = std::max(sent, t.sent);
      received = std::max(received, t.received);
    }
    os << "total @" << f.function << ": " << f.collectives << " collective(s)";
    if (f.uncounted)
      os << " (" << f.uncounted << " not counted)";
    if (f.unknownTripCounts)
      os << " (" << f.unknownTripCounts
         << " with unknown trip count, counted once)";
    os << ", max sent " << sent << " B, max received " << received
       << " B, estimated " << secondsText(f.seconds) << "\n";
  }
  os << "total: estimated " << secondsText(report.totalSeconds) << "\n";
  return s;
}

llvm::json::Value reportJsonValue(const CollectiveReport &report) {
  namespace json = llvm::json;
  auto traffic = [](const std::vector<Traffic> &perDevice) {
    json::Array sent, received;
    for (const Traffic &t : perDevice) {
      sent.push_back(static_cast<int64_t>(t.sent));
      received.push_back(static_cast<int64_t>(t.received));
    }
    return std::make_pair(std::move(sent), std::move(received));
  };
  json::Array entries;
  for (const CollectiveReportEntry &e : report.entries) {
    const CollectiveOpInfo &info = e.info;
    json::Array groups, axes, types, calls;
    for (const auto &g : info.groups) {
      json::Array row;
      for (int64_t id : g)
        row.push_back(id);
      groups.push_back(std::move(row));
    }
    for (const std::string &a : info.axes)
      axes.push_back(a);
    for (const std::string &t : info.operandTypes)
      types.push_back(t);
    json::Object o{{"kind", info.kind},
                   {"function", info.function},
                   {"location", info.location},
                   {"nested", info.nested},
                   {"axes", std::move(axes)},
                   {"groups", std::move(groups)},
                   {"operand_types", std::move(types)},
                   {"counted", info.counted}};
    json::Array loops;
    for (size_t l = 0; l < info.executions.loops.size(); ++l) {
      const EnclosingLoop &level = info.executions.loops[l];
      json::Value trips = nullptr;
      if (level.tripCount)
        trips = *level.tripCount;
      loops.push_back(
          json::Object{{"id", l < info.loopIds.size() ? info.loopIds[l] : -1},
                       {"op", level.opName},
                       {"trip_count", std::move(trips)}});
    }
    o["loops"] = std::move(loops);
    if (!info.counted)
      o["not_counted_reason"] = info.uncountedReason;
    if (info.executions.executions)
      o["executions"] = *info.executions.executions;
    else
      o["executions"] = nullptr;
    if (!info.executions.unknownReason.empty())
      o["trip_count_unknown"] = info.executions.unknownReason;
    if (info.counted) {
      auto [sent, received] = traffic(e.perDevice);
      o["sent"] = std::move(sent);
      o["received"] = std::move(received);
      o["estimated_seconds"] = e.seconds;
      auto [bufferIn, bufferOut] = traffic(e.buffers);
      o["send_buffer_bytes"] = std::move(bufferIn);
      o["recv_buffer_bytes"] = std::move(bufferOut);
      // The backend calls device by device (kind and the size argument).
      json::Array perDevice;
      for (const auto &deviceCalls : info.calls) {
        json::Array list;
        for (const BackendCall &c : deviceCalls)
          list.push_back(json::Array{backendCallKindName(c.kind),
                                     static_cast<int64_t>(c.size)});
        perDevice.push_back(std::move(list));
      }
      o["backend_calls"] = std::move(perDevice);
    }
    entries.push_back(std::move(o));
  }
  json::Array functions;
  for (const FunctionTotals &f : report.functions) {
    auto [sent, received] = traffic(f.perDevice);
    functions.push_back(
        json::Object{{"function", f.function},
                     {"collectives", f.collectives},
                     {"uncounted", f.uncounted},
                     {"unknown_trip_counts", f.unknownTripCounts},
                     {"sent", std::move(sent)},
                     {"received", std::move(received)},
                     {"estimated_seconds", f.seconds}});
  }
  json::Object root{{"num_devices", report.numDevices},
                    {"backend", commBackendName(report.model.backend)},
                    {"collectives", std::move(entries)},
                    {"functions", std::move(functions)},
                    {"estimated_seconds", report.totalSeconds}};
  return json::Value(std::move(root));
}

std::string renderReportJson(const CollectiveReport &report) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::formatv("{0:2}", reportJsonValue(report)) << "\n";
  return s;
}

} // namespace sdy::analysis
