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

bool occursIn(const Term &T, const Term &V) {
  if (T == V)
    return true;
  if (T.is(Term::App) || T.is(Term::List)) {
    for (const Term &E : T.args())
      if (occursIn(E, V))
        return true;
    return T.tail() && occursIn(T.tail(), V);
  }
  return false;
}

/// May T touch array V, on the host or on the device, other than through
/// a call that hands V to a function which leaves it on the device?
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
  if (H == "Hold" || H == "Unhold" || H == "CopyIn" || H == "CopyOut" ||
      H == "Free")
    return T.arity() > 0 && T[0] == V;
  if (H == "Launch" || H == "ReduceLaunch" || H == "Passes")
    return occursIn(T, V);
  // A loop still to be extracted, or a term this fact does not know.
  return H != "InitDevice";
}

} // namespace

void registerHoldFacts(FactRegistry &R) {
  R.add("touchesHeld", 2,
        "touchesHeld($t, $a): $t may touch array $a on the host or the "
        "device, other than by calls that carry Held($a) (rule set "
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
