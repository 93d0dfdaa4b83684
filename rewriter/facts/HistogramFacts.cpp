//===- HistogramFacts.cpp - Facts of the histogram rule sets --------------===//
//
// The facts that rules/histogram-*.rules call: which histograms a kernel
// body updates in global memory, and a generic substitution of one subterm
// by another (docs/rule-language.md lists them, docs/histograms.md says how
// the rule sets use them).
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

#include <algorithm>

namespace l2c {

void registerHistogramFacts(FactRegistry &R) {
  R.add("globalHistograms", 1,
        "globalHistograms($t): Histogram(op, h, \"T\", B) for each array h "
        "that a HistAtomic(op, Global(h), \"T\", B, k, w) in $t updates, in "
        "order of first update",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          std::vector<Term> Out;
          forEachSubterm(A[0], [&](const Term &T) {
            if (T.isApp("HistAtomic", 6) && T[1].isApp("Global", 1)) {
              Term H = Term::app("Histogram", {T[0], T[1][0], T[2], T[3]});
              if (std::find(Out.begin(), Out.end(), H) == Out.end())
                Out.push_back(H);
              return false;
            }
            return true;
          });
          return Term::list(std::move(Out));
        });
}

} // namespace l2c
