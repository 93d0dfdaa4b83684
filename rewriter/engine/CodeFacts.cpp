//===- CodeFacts.cpp - Facts over the code vocabulary ---------------------===//
//
// The read and write sets that the front end attaches to host terms, seen
// through the glue terms that rules insert. docs/term-vocabulary.md names the
// terms; docs/rule-language.md lists these facts.
//
//===----------------------------------------------------------------------===//

#include "engine/Facts.h"

namespace l2c {

namespace {

enum class Access { Read, Write };

bool setMentions(const Term &Set, const Term &Var) {
  if (!Set.is(Term::List))
    return true; // unknown: assume the worst
  for (const Term &E : Set.args())
    if (E == Var || E.isIdent("*"))
      return true;
  return false;
}

/// Does the host-side term T read (or write) the variable V? Device code is
/// not host access; the glue terms count as access to their array and its
/// count's variables as the host sees them.
bool hostAccesses(const Term &T, const Term &V, Access A) {
  if (T.is(Term::List)) {
    for (const Term &E : T.args())
      if (hostAccesses(E, V, A))
        return true;
    return T.tail() && hostAccesses(T.tail(), V, A);
  }
  if (!T.is(Term::App))
    return false;
  const std::string &H = T.name();
  unsigned SetIdx = A == Access::Read ? 1 : 2;
  if (H == "Host" && T.arity() == 3)
    return setMentions(T[SetIdx], V);
  if (H == "HostLoop" && T.arity() == 4)
    return setMentions(T[SetIdx], V) || hostAccesses(T[3], V, A);
  if (H == "HostIf" && T.arity() == 5)
    return setMentions(T[SetIdx], V) || hostAccesses(T[3], V, A) ||
           hostAccesses(T[4], V, A);
  if (H == "HostBlock" && T.arity() == 2)
    return hostAccesses(T[1], V, A);
  // CopyOut writes the host array; CopyIn and Free only read it. All read
  // the variables of their pointer and count expressions.
  if (H == "CopyIn" || H == "CopyOut" || H == "Free") {
    if (A == Access::Write)
      return H == "CopyOut" && T[0] == V;
    return T[0] == V || setMentions(T.args().back(), V);
  }
  if (H == "Launch" || H == "InitDevice")
    return false;
  if (H == "ParallelLoop")
    return true; // a loop still to be extracted: anything may happen
  return false;
}

std::optional<Term> accessFact(llvm::ArrayRef<Term> A, Access Kind,
                               bool Any) {
  if (!Any)
    return Term::boolean(hostAccesses(A[0], A[1], Kind));
  if (!A[1].is(Term::List))
    return std::nullopt;
  for (const Term &V : A[1].args())
    if (hostAccesses(A[0], V, Kind))
      return Term::boolean(true);
  return Term::boolean(false);
}

/// Does T (a glue term, a launch or a host term) use array V on the device
/// side or name it at all?
bool usesArray(const Term &T, const Term &V) {
  if (T.isApp("Launch")) {
    const Term &Arrays = T.args().back();
    for (const Term &A : Arrays.args())
      if (A == V || (A.isApp("Array") && A.arity() > 0 && A[0] == V))
        return true;
    return false;
  }
  if (T.isApp("CopyIn") || T.isApp("CopyOut") || T.isApp("Free"))
    return T[0] == V;
  if (T.is(Term::App) || T.is(Term::List)) {
    if (T.isApp("Host"))
      return false;
    for (const Term &E : T.args())
      if (usesArray(E, V))
        return true;
    return T.tail() && usesArray(T.tail(), V);
  }
  return false;
}

} // namespace

void registerCodeFacts(FactRegistry &R) {
  R.add("hostReads", 2,
        "hostReads($t, $v): host code in $t may read variable $v",
        [](llvm::ArrayRef<Term> A) { return accessFact(A, Access::Read, false); });
  R.add("hostWrites", 2,
        "hostWrites($t, $v): host code in $t may write variable $v",
        [](llvm::ArrayRef<Term> A) { return accessFact(A, Access::Write, false); });
  R.add("hostWritesAny", 2,
        "hostWritesAny($t, $vars): host code in $t may write one of $vars",
        [](llvm::ArrayRef<Term> A) { return accessFact(A, Access::Write, true); });
  R.add("isGlue", 1,
        "isGlue($t): $t is a term that rules insert between host statements "
        "(InitDevice, CopyIn, CopyOut, Free)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term &T = A[0];
          return Term::boolean(T.isIdent("InitDevice") || T.isApp("CopyIn") ||
                               T.isApp("CopyOut") || T.isApp("Free"));
        });
  R.add("usesArray", 2,
        "usesArray($t, $a): $t launches a kernel on, copies or frees array $a",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(usesArray(A[0], A[1]));
        });
}

} // namespace l2c
