//===- Engine.cpp - Runs rule sets and pipelines --------------------------===//
//
// The work of a run is in Runner (Runner.h): trying rules in Runner.cpp,
// expressions in Evaluate.cpp, the strategies in Strategies.cpp and
// Innermost.cpp, matching in Match.cpp, the rule index in RuleIndex.cpp,
// the compiled form of a rule in Program.cpp.
//
//===----------------------------------------------------------------------===//

#include "engine/Engine.h"
#include "engine/Runner.h"

namespace l2c {

std::string traceText(const TraceEvent &Ev) {
  return "trace: " + Ev.Set->Name + "/" + Ev.R->Name + " at " + Ev.Path +
         "\n  before: " + Ev.Before.str() + "\n  after:  " + Ev.After.str() +
         "\n";
}

llvm::Expected<Term> Engine::run(const RuleSet &Set, const Term &T,
                                 RunStats *Stats) const {
  RunStats Local;
  if (Opts.Disabled.contains(Set.Name))
    return T;
  Runner R(Set, Facts, Opts, Stats ? *Stats : Local);
  return R.run(T);
}

llvm::Expected<Term> Engine::runPipeline(llvm::ArrayRef<const RuleSet *> Sets,
                                         const Term &T) const {
  Term Cur = T;
  for (const RuleSet *S : Sets) {
    auto Next = run(*S, Cur);
    if (!Next)
      return Next.takeError();
    Cur = *Next;
  }
  return Cur;
}

} // namespace l2c
