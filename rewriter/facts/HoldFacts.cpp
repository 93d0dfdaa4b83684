//===- HoldFacts.cpp - Facts of rule set hold-calls -----------------------===//
//
// A call statement that hands array a to a function of the file whose host
// code never touches it carries Held(a) in its read set (the front end's
// CallRegions.cpp, then rule hold-call). Rule set hold-calls moves the
// hold(a) ... unhold(a) brackets of such calls over every statement that
// leaves a alone, and out of host loops. docs/data-regions.md explains it.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

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
    // A statement that touches boxes of V, between copies of the boxes
    // that act under a hold (rule set host-boxes).
    if (holdsEntry(T[1], "Boxed", V) && !holdsEntry(T[2], "Rebind", V))
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
  // A region's own brackets (rule hold-region) leave the array on the
  // device: a hold around the region nests with them (the runtime counts
  // holds), so a loop around it may still hold the array.
  if (H == "HostRegion" && T.arity() == 2 && T[1].is(Term::List) &&
      !T[1].tail()) {
    for (const Term &E : T[1].args())
      if (!((E.isApp("Hold", 1) || E.isApp("Unhold", 1)) && E[0] == V) &&
          touchesHeld(E, V))
        return true;
    return false;
  }
  if ((H == "HostBlock" || H == "HostRegion") && T.arity() == 2)
    return touchesHeld(T[1], V);
  if (H == "HostData" && T.arity() == 3)
    return touchesHeld(T[2], V);
  if (H == "Hold" || H == "Unhold")
    return T.arity() > 0 && T[0] == V;
  if (H == "CopyIn" || H == "CopyOut" || H == "Free" || H == "Launch" ||
      H == "ReduceLaunch" || H == "Passes" || H == "HeldToHostBox" ||
      H == "HeldToDeviceBox" || H == "HeldToHost" || H == "HeldToDevice")
    return false;
  // Brackets stay below the device's start, where a reader looks for them.
  if (H == "InitDevice")
    return true;
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

/// Appends the CopyIn and CopyOut terms anywhere in T to Out, in order.
void collectCopies(const Term &T, std::vector<Term> &Out) {
  if (T.isApp("CopyIn", 4) || T.isApp("CopyOut", 4)) {
    Out.push_back(T);
    return;
  }
  if (!T.is(Term::App) && !T.is(Term::List))
    return;
  for (const Term &E : T.args())
    collectCopies(E, Out);
  if (T.is(Term::List) && T.tail())
    collectCopies(T.tail(), Out);
}

/// Whether Scope may touch an array that may share the memory of copy C's
/// array (Alias(b) in C's dependencies), or C's dependencies are unknown.
bool aliasTouched(const Term &C, const Term &Scope) {
  if (!C[3].is(Term::List))
    return true;
  for (const Term &D : C[3].args())
    if (D.isApp("Alias", 1) && touchesHeld(Scope, D[0]))
      return true;
  return false;
}

/// Hold(a) for the first array a copied inside host loop L that a hold
/// over L keeps on the device, or false. The hold is correct when L's host
/// code leaves a alone and also every array that may share a's memory
/// (Alias(b) in the copy's dependencies): then only launches and copies
/// reach a's memory, and where two held mirrors turn out to overlap the
/// runtime breaks their holds (runtime/loop2cuda_present.cuh).
Term holdableInLoop(const Term &L) {
  if (!L.isApp("HostLoop", 4))
    return Term::boolean(false);
  std::vector<Term> Copies;
  collectCopies(L[3], Copies);
  for (const Term &C : Copies) {
    const Term &A = C[0];
    if (holdsEntry(L[1], "Held", A) || touchesHeld(L, A))
      continue;
    if (!aliasTouched(C, L))
      return Term::app("Hold", {A});
  }
  return Term::boolean(false);
}

/// Hold(a) for the first array a copied among Items (the body of an OpenMP
/// region that runs once) that a hold over the items keeps on the device,
/// or false: as for a loop, the items' host code must leave a alone, and
/// every array that may share its memory, and the items must copy a in, or
/// out, more than once (else the hold saves nothing). The Hold(a) and
/// Unhold(a) at the items' top level are the brackets of this rule: a is
/// held already.
Term holdableInItems(const Term &Items) {
  if (!Items.is(Term::List) || Items.tail())
    return Term::boolean(false);
  // The brackets this rule put among the items sit outside what they hold.
  std::vector<Term> Body, Held;
  for (const Term &E : Items.args()) {
    if (E.isApp("Hold", 1) || E.isApp("Unhold", 1))
      Held.push_back(E[0]);
    else if (!E.isIdent("InitDevice") && !E.isApp("InitDevice"))
      Body.push_back(E);
  }
  Term B = Term::list(std::move(Body));
  std::vector<Term> Copies;
  collectCopies(B, Copies);
  for (const Term &C : Copies) {
    const Term &A = C[0];
    // A hold saves something only where the array is copied in, or out,
    // more than once.
    unsigned Ins = 0, Outs = 0;
    for (const Term &D : Copies)
      if (D[0] == A)
        ++(D.isApp("CopyIn") ? Ins : Outs);
    if ((Ins < 2 && Outs < 2) || llvm::is_contained(Held, A) ||
        touchesHeld(B, A))
      continue;
    if (!aliasTouched(C, B))
      return Term::app("Hold", {A});
  }
  return Term::boolean(false);
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
        "it, other than by calls that carry Held($a), swaps that carry "
        "Swapped($a) or statements that carry Boxed($a); launches, copies "
        "and the updates of held arrays do not count (rule set hold-calls)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(touchesHeld(A[0], A[1]));
        });
  R.add("holdableInLoop", 1,
        "holdableInLoop($l): Hold($a) for the first array $a with a copy "
        "inside host loop $l that $l's host code leaves alone, together with "
        "every array that may share its memory, and that $l does not hold "
        "yet (Held($a) in its read set); else false (rule set hold-loops)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return holdableInLoop(A[0]);
        });
  R.add("holdableInItems", 1,
        "holdableInItems($items): Hold($a) for the first array $a with a "
        "copy among $items (an OpenMP region's body) that their host code "
        "leaves alone, together with every array that may share its memory, "
        "and that they do not hold yet; else false (rule set hold-loops)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return holdableInItems(A[0]);
        });
  R.add("isBracket", 1,
        "isBracket($t): $t is Hold(a) or Unhold(a) (rule set hold-calls)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(A[0].isApp("Hold", 1) ||
                               A[0].isApp("Unhold", 1));
        });
}

} // namespace l2c
