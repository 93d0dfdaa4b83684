//===- HoldFacts.cpp - Facts of rule set hold-calls -----------------------===//
//
// A call statement that hands array a to a function of the file whose host
// code never touches it carries Held(a) in its read set (the front end's
// CallRegions.cpp, then rule hold-call). Rule set hold-calls moves the
// hold(a) ... unhold(a) brackets of such calls over every statement that
// leaves a alone, and out of host loops. docs/data-regions.md explains it.
//
//===----------------------------------------------------------------------===//

#include "engine/Facts.h"

namespace l2c {

namespace {

bool mentions(const Term &Set, const Term &V) {
  if (!Set.is(Term::List))
    return true; // unknown: assume the worst
  for (const Term &E : Set.args())
    if (E == V || E.isIdent("*"))
      return true;
  return false;
}

bool holdsEntry(const Term &Set, const char *Head, const Term &V) {
  if (!Set.is(Term::List))
    return false;
  for (const Term &E : Set.args())
    if (E.isApp(Head, 1) && E[0] == V)
      return true;
  return false;
}

/// May T touch array V on the host, or give its pointer another value,
/// other than through a call that hands V to a function which leaves it on
/// the device (Held) or a swap of two held allocations (Swapped)? Work on
/// the device (launches, copies, releases) does not count: under a hold the
/// runtime skips the copies that bring nothing new and defers the others.
bool touchesHeld(const Term &T, const Term &V) {
  if (T.is(Term::List)) {
    for (const Term &E : T.args())
      if (touchesHeld(E, V))
        return true;
    return T.tail() && touchesHeld(T.tail(), V);
  }
  if (!T.is(Term::App))
    return false;
  const std::string &H = T.name();
  if (H == "Host" && T.arity() == 3) {
    if (holdsEntry(T[1], "Swapped", V))
      return false;
    if (holdsEntry(T[1], "Held", V) && !holdsEntry(T[2], "Rebind", V))
      return false;
    return mentions(T[1], V) || mentions(T[2], V);
  }
  if (H == "HostLoop" && T.arity() == 4)
    return mentions(T[1], V) || mentions(T[2], V) || touchesHeld(T[3], V);
  if (H == "HostIf" && T.arity() == 5)
    return mentions(T[1], V) || mentions(T[2], V) || touchesHeld(T[3], V) ||
           touchesHeld(T[4], V);
  if ((H == "HostBlock" || H == "HostRegion") && T.arity() == 2)
    return touchesHeld(T[1], V);
  if (H == "HostData" && T.arity() == 3)
    return touchesHeld(T[2], V);
  if (H == "Hold" || H == "Unhold")
    return T.arity() > 0 && T[0] == V;
  if (H == "CopyIn" || H == "CopyOut" || H == "Free" || H == "Launch" ||
      H == "ReduceLaunch" || H == "Passes" || H == "InitDevice")
    return false;
  // A loop still to be extracted, or a term this fact does not know.
  return true;
}

bool hasAlias(const Term &T) {
  if (T.isApp("Alias", 1))
    return true;
  if (T.is(Term::App) || T.is(Term::List)) {
    for (const Term &E : T.args())
      if (hasAlias(E))
        return true;
    return T.tail() && hasAlias(T.tail());
  }
  return false;
}

/// May another pointer of T share array V's memory: does a copy, release
/// or array term of V name an Alias, or does anything name Alias(V)?
bool aliasedIn(const Term &T, const Term &V) {
  if (T.isApp("Alias", 1))
    return T[0] == V;
  if (!T.is(Term::App) && !T.is(Term::List))
    return false;
  if (T.is(Term::App) && T.arity() > 0 && T[0] == V &&
      (T.name() == "CopyIn" || T.name() == "CopyOut" || T.name() == "Free" ||
       T.name() == "Array") &&
      hasAlias(T))
    return true;
  for (const Term &E : T.args())
    if (aliasedIn(E, V))
      return true;
  return T.tail() && aliasedIn(T.tail(), V);
}

} // namespace

void registerHoldFacts(FactRegistry &R) {
  R.add("aliasedIn", 2,
        "aliasedIn($t, $a): in $t, another pointer may share the memory of "
        "array $a (an Alias entry in the dependencies of its copies, or "
        "Alias($a) in another's) (rule set data-regions)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(aliasedIn(A[0], A[1]));
        });
  R.add("touchesHeld", 2,
        "touchesHeld($t, $a): $t may touch array $a on the host or rebind "
        "it, other than by calls that carry Held($a) or swaps that carry "
        "Swapped($a); launches and copies do not count (rule set "
        "hold-calls)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(touchesHeld(A[0], A[1]));
        });
  R.add("isBracket", 1,
        "isBracket($t): $t is Hold(a) or Unhold(a) (rule set hold-calls)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(A[0].isApp("Hold", 1) ||
                               A[0].isApp("Unhold", 1));
        });
}

} // namespace l2c
