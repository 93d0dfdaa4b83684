//===- WorkFacts.cpp - Facts of the run-time guard on a launch's work -----===//
//
// A marked loop launched again and again by a host loop, whose iterations
// the tool cannot bound at compile time, runs on the host (its OpenMP
// pragma kept) when at run time it has too few iterations to pay for a
// launch (front end host/RuntimeWork.cpp, rule guard-small-work of rule set
// host-fallback, runtime/loop2cuda_hostrun.cuh). These facts give the
// work and spell the guard.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

namespace l2c {

void registerWorkFacts(FactRegistry &R) {
  // Answered per file from the front end (driver/TranslateFile.cpp).
  R.add("launchWork", 2,
        "launchWork($id, $kernel): Work([\"count\", ...], limit) for the "
        "loop with id $id, when its launch of the kernel named $kernel (the "
        "one the loop became, not one a later rule set made of it) goes "
        "under a guard on the work at run time: "
        "the host texts of the iteration counts of its nest, whose product "
        "is the work, and the number of iterations a launch needs; no "
        "answer otherwise",
        [](llvm::ArrayRef<Term>) -> std::optional<Term> {
          return std::nullopt;
        });
  R.add("workCheck", 4,
        "workCheck($where, Work([\"count\", ...], limit), $arrays, $apart): "
        "Raw(\"l2c::enoughWorkOrHost(where, {count, ...}, limit, {ranges})\")"
        " over the host arrays of the Array terms, and'ed with the "
        "apartOrHost check of the arrays when $apart is true "
        "(runtime/loop2cuda_hostrun.cuh)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term &W = A[1];
          if (!A[0].is(Term::String) || !W.isApp("Work", 2) ||
              !W[0].is(Term::List) || W[0].tail() || W[0].args().empty() ||
              !W[1].is(Term::Int))
            return std::nullopt;
          std::string Counts;
          for (const Term &C : W[0].args()) {
            if (!C.is(Term::String))
              return std::nullopt;
            Counts += (Counts.empty() ? "" : ", ") + C.name();
          }
          auto Ranges = hostRangeList(A[2]);
          if (!Ranges)
            return std::nullopt;
          std::string Where = cStringLiteral(A[0].name());
          std::string Text = "l2c::enoughWorkOrHost(" + Where + ", {" +
                             Counts + "}, " + std::to_string(W[1].intValue()) +
                             ", {" + *Ranges + "})";
          if (A[3].isIdent("true"))
            Text += " && " + apartOrHostText(Where, *Ranges);
          return Term::app("Raw", {Term::string(Text)});
        });
}

} // namespace l2c
