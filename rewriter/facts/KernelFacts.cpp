//===- KernelFacts.cpp - Facts over the parameters of kernels -------------===//
//
// restrictPointers: the parameters of a kernel launched for a loop, with
// the pointer ones declared __restrict__ (rule set restrict-arrays), which
// lets nvcc keep `x[i] += ...` of an inner loop in a register instead of
// storing and loading it in every iteration. The printer then prints the
// kernel twice, and the runtime launches the restricted one only when no
// two of its pointer arguments are equal (docs/rules/restrict-arrays.md).
//
// holdsLoop: the statements hold a loop, at any depth; the threads of a
// kernel whose grid-stride body holds one each run a loop (rule set
// spread-blocks).
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

namespace l2c {

namespace {

/// T with __restrict__ on its outermost pointer, or "" when T is no
/// pointer or is qualified already: "double *" -> "double *__restrict__",
/// "const double (*)[64]" -> "const double (*__restrict__)[64]".
std::string restricted(llvm::StringRef T) {
  if (T.contains("__restrict__") || T.contains("restrict"))
    return "";
  if (size_t P = T.find("(*)"); P != llvm::StringRef::npos)
    return (T.take_front(P + 2).str() + "__restrict__" +
            T.drop_front(P + 2).str());
  if (T.ends_with("*"))
    return T.str() + "__restrict__";
  return "";
}

/// T is, or holds, a For, While or DoWhile statement.
bool holdsLoop(const Term &T) {
  if (T.isApp("For", 4) || T.isApp("While", 2) || T.isApp("DoWhile", 2))
    return true;
  for (const Term &C : T.args())
    if (holdsLoop(C))
      return true;
  return false;
}

} // namespace

void registerKernelFacts(FactRegistry &R) {
  // Answered per file from the front end (driver/TranslateFile.cpp);
  // elsewhere (--apply-rules, --check-rules) no loop has one.
  R.add("assumedApart", 1,
        "assumedApart($id): the loop with id $id became a kernel whose "
        "arrays the dependence test assumed apart without proof",
        [](llvm::ArrayRef<Term>) -> std::optional<Term> {
          return std::nullopt;
        });
  // Answered per file from the front end's device functions
  // (driver/TranslateFile.cpp, inlineCall in driver/InlineCalls.cpp).
  R.add("inlineCall", 2,
        "inlineCall($f, $args): Block([body]) of the void device function "
        "$f with its parameters replaced by $args and its locals renamed, "
        "when its body has no return, calls nothing and each argument is a "
        "variable or a constant",
        [](llvm::ArrayRef<Term>) -> std::optional<Term> {
          return std::nullopt;
        });
  R.add("apartCheck", 2,
        "apartCheck($where, $arrays): Raw(\"l2c::apartOrHost(where, "
        "{l2c::range(ptr, count, written), ...})\") over the host arrays of "
        "the Array(name, \"T\", \"ptr\", \"count\", access, deps) terms "
        "(runtime/loop2cuda_hostrun.cuh)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          auto Ranges = hostRangeList(A[1]);
          if (!A[0].is(Term::String) || !Ranges)
            return std::nullopt;
          return Term::app("Raw", {Term::string(apartOrHostText(
                                      cStringLiteral(A[0].name()), *Ranges))});
        });
  R.add("restrictPointers", 1,
        "restrictPointers($params): the list of Param(name, \"type\") with "
        "__restrict__ on each pointer type that has none, when there are "
        "two or more; $params itself otherwise",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[0].is(Term::List) || A[0].tail())
            return std::nullopt;
          std::vector<Term> Out;
          unsigned Restricted = 0;
          for (const Term &P : A[0].args()) {
            std::string T;
            if (P.isApp("Param", 2) && P[1].is(Term::String))
              T = restricted(P[1].name());
            if (T.empty()) {
              Out.push_back(P);
              continue;
            }
            Out.push_back(Term::app("Param", {P[0], Term::string(T)}));
            ++Restricted;
          }
          // One array alone has nothing to be kept apart from.
          return Restricted >= 2 ? Term::list(std::move(Out)) : A[0];
        });
  R.add("holdsLoop", 1,
        "holdsLoop($t): $t is or holds, at any depth, a For, While or "
        "DoWhile",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(holdsLoop(A[0]));
        });
}

} // namespace l2c
