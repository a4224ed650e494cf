//===- CommModel.cpp - latency/bandwidth model of a backend ---------------===//

#include "analysis/CommModel.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace sdy::analysis {
namespace {

// The defaults: copies of bench/comm/models/{local,mpi}.model (a test
// checks that they agree).
#include "analysis/DefaultCommModels.inc"

bool parseNumber(const std::string &word, double &out) {
  if (word.empty())
    return false;
  char *end = nullptr;
  out = std::strtod(word.c_str(), &end);
  return end && *end == '\0' && std::isfinite(out) && out >= 0;
}

} // namespace

bool parseCommModel(const std::string &text, CommModel &out,
                    std::string &error) {
  CommModel model;
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  bool header = false, backend = false;
  bool seen[kNumBackendCallKinds] = {};
  auto fail = [&](const std::string &message) {
    error = "line " + std::to_string(lineNo) + ": " + message;
    return false;
  };
  while (std::getline(in, line)) {
    ++lineNo;
    std::istringstream words(line);
    std::string key;
    if (!(words >> key) || key[0] == '#')
      continue;
    std::string rest;
    std::getline(words, rest);
    size_t start = rest.find_first_not_of(" \t");
    rest = start == std::string::npos ? "" : rest.substr(start);
    if (!header) {
      if (key != "sdy-comm-model" || rest != "1")
        return fail("expected 'sdy-comm-model 1' as the first line, got '" +
                    line + "'");
      header = true;
      continue;
    }
    if (key == "backend") {
      auto b = parseCommBackend(rest);
      if (!b)
        return fail("unknown backend '" + rest + "' (local or mpi)");
      model.backend = *b;
      backend = true;
    } else if (key == "machine") {
      model.machine = rest;
    } else if (key == "command") {
      model.command = rest;
    } else if (auto kind = parseBackendCallKind(key)) {
      std::istringstream nums(rest);
      std::string a, b, extra;
      nums >> a >> b >> extra;
      CallCost c;
      if (!parseNumber(a, c.alpha) || !parseNumber(b, c.beta) || !extra.empty())
        return fail(key +
                    ": expected two non-negative numbers (alpha seconds, "
                    "beta seconds per byte), got '" +
                    rest + "'");
      if (seen[static_cast<int>(*kind)])
        return fail(key + " given twice");
      seen[static_cast<int>(*kind)] = true;
      model.costs[static_cast<int>(*kind)] = c;
    } else {
      return fail("unknown key '" + key + "'");
    }
  }
  if (!header) {
    error = "empty model (expected 'sdy-comm-model 1')";
    return false;
  }
  if (!backend) {
    error = "no 'backend' line";
    return false;
  }
  for (int k = 0; k < kNumBackendCallKinds; ++k)
    if (!seen[k]) {
      error = std::string("no '") +
              backendCallKindName(static_cast<BackendCallKind>(k)) + "' line";
      return false;
    }
  out = model;
  return true;
}

bool loadCommModel(const std::string &path, CommModel &out,
                   std::string &error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read model file '" + path + "'";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  if (!parseCommModel(text.str(), out, error)) {
    error = "model file '" + path + "': " + error;
    return false;
  }
  return true;
}

std::string formatCommModel(const CommModel &model) {
  std::string s = "sdy-comm-model 1\nbackend ";
  s += commBackendName(model.backend);
  s += "\n";
  if (!model.machine.empty())
    s += "machine " + model.machine + "\n";
  if (!model.command.empty())
    s += "command " + model.command + "\n";
  for (int k = 0; k < kNumBackendCallKinds; ++k) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%s %.6g %.6g\n",
                  backendCallKindName(static_cast<BackendCallKind>(k)),
                  model.costs[k].alpha, model.costs[k].beta);
    s += buf;
  }
  return s;
}

CommModel defaultCommModel(CommBackend backend) {
  CommModel model;
  std::string error;
  parseCommModel(backend == CommBackend::Local ? kLocalModel : kMpiModel, model,
                 error);
  return model;
}

} // namespace sdy::analysis
