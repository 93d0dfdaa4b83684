//===- Engine.h - Applies rule sets to terms with strategies ----*- C++ -*-===//
#ifndef LOOP2CUDA_ENGINE_ENGINE_H
#define LOOP2CUDA_ENGINE_ENGINE_H

#include "engine/Facts.h"
#include "engine/Rules.h"

#include "llvm/ADT/StringSet.h"

#include <functional>
#include <map>

namespace l2c {

/// One rule application, for --trace.
struct TraceEvent {
  const RuleSet *Set;
  const Rule *R;
  std::string Path; // child indices from the root of the run, e.g. "/2/0"
  Term Before, After;
};

/// The text --trace prints for one event (three lines, each ending in a
/// newline): `trace: SET/RULE at PATH`, then the term before and after.
std::string traceText(const TraceEvent &Ev);

struct EngineOptions {
  /// Rules and rule sets switched off by name.
  llvm::StringSet<> Disabled;
  std::function<void(const TraceEvent &)> Trace;
};

/// Statistics of one run.
struct RunStats {
  size_t Rewrites = 0;
  std::map<std::string, size_t> PerRule;
};

class Engine {
public:
  Engine(const FactRegistry &Facts, EngineOptions Opts = {})
      : Facts(Facts), Opts(std::move(Opts)) {}

  /// Rewrites T with one rule set under its strategy. Fails when a rule's
  /// expression cannot be evaluated or the set exceeds its step limit.
  llvm::Expected<Term> run(const RuleSet &Set, const Term &T,
                           RunStats *Stats = nullptr) const;

  /// Runs the named rule sets in order (a pipeline).
  llvm::Expected<Term> runPipeline(llvm::ArrayRef<const RuleSet *> Sets,
                                   const Term &T) const;

  bool isDisabled(llvm::StringRef Name) const {
    return Opts.Disabled.contains(Name);
  }

private:
  const FactRegistry &Facts;
  EngineOptions Opts;
};

} // namespace l2c

#endif
