//===- HistogramFacts.cpp - Facts of the histogram rule sets --------------===//
//
// The facts that rules/histogram-*.rules call: which histograms a kernel
// body updates in global memory, and a generic substitution of one subterm
// by another (docs/rule-language.md lists them, docs/histograms.md says how
// the rule sets use them).
//
//===----------------------------------------------------------------------===//

#include "engine/Facts.h"

#include <algorithm>

namespace l2c {

namespace {

/// T with every subterm equal to From replaced by To.
Term substitute(const Term &T, const Term &From, const Term &To) {
  if (T == From)
    return To;
  if (!T.is(Term::App) && !T.is(Term::List))
    return T;
  std::vector<Term> Args;
  Args.reserve(T.arity());
  for (const Term &A : T.args())
    Args.push_back(substitute(A, From, To));
  if (T.is(Term::List))
    return Term::list(std::move(Args),
                      T.tail() ? substitute(T.tail(), From, To) : Term());
  return T.withArgs(std::move(Args));
}

} // namespace

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
  R.add("substitute", 3,
        "substitute($t, $from, $to): $t with every subterm equal to $from "
        "replaced by $to",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return substitute(A[0], A[1], A[2]);
        });
}

} // namespace l2c
