//===- Strategies.cpp - topdown, bottomup and once ------------------------===//
//
// docs/rule-language.md ("Strategies") describes what each does. innermost
// is in Innermost.cpp. A subterm that no rule can match is returned as it
// is, without a visit (Runner::canSkip).
//
//===----------------------------------------------------------------------===//

#include "engine/Runner.h"

namespace l2c {

/// Rebuilds an application or list from new children. A list element that
/// was rewritten from a non-list into a list is spliced in.
Term Runner::rebuild(const Term &T, llvm::MutableArrayRef<Term> NewArgs,
                     const Term &NewTail, llvm::ArrayRef<bool> Spliceable) {
  bool Changed = !NewTail.sameNode(T.tail());
  for (size_t I = 0; I < NewArgs.size() && !Changed; ++I)
    Changed = !NewArgs[I].sameNode(T.args()[I]);
  if (!Changed)
    return T;
  if (T.is(Term::App))
    return T.withArgsTaking(NewArgs);
  std::vector<Term> Flat;
  Flat.reserve(NewArgs.size());
  for (size_t I = 0; I < NewArgs.size(); ++I) {
    Term &E = NewArgs[I];
    if (Spliceable[I] && E.is(Term::List) && !E.tail())
      Flat.insert(Flat.end(), E.args().begin(), E.args().end());
    else
      Flat.push_back(std::move(E));
  }
  return Term::list(std::move(Flat), NewTail);
}

static bool hasChildren(const Term &T) {
  return T.is(Term::App) || T.is(Term::List);
}

/// One left-to-right pass of the list rules over the suffixes of L: after a
/// rewrite the scan resumes behind what the rule produced. The elements are
/// edited in a buffer, so a rewrite does not copy the list.
Term Runner::applyListRulesOnce(const Term &L, const std::string &Path) {
  std::vector<Term> Elems;
  Term Tail = L.tail();
  bool Edited = false;
  size_t From = 0;
  while (!failed()) {
    llvm::ArrayRef<Term> Cur = Edited ? llvm::ArrayRef<Term>(Elems) : L.args();
    Rewrite Rw;
    if (!tryListSuffix(Cur, Tail, From, Path, Rw, true))
      break;
    size_t Produced;
    if (Rw.IsEdit) {
      if (!Edited)
        Elems = L.args().vec();
      Edited = true;
      replaceRange(Elems, Rw.At, Rw.Rest, Rw.NewElems);
      Produced = Rw.NewElems.size();
      if (Elems.empty() && Tail)
        return Tail; // [ : T] is T: no list left to scan
    } else {
      // What the rule produced in front of the untouched rest.
      size_t Untouched = Cur.size() - Rw.Rest;
      const Term &Out = Rw.Value;
      Produced = Out.is(Term::List) && Out.arity() >= Untouched
                     ? Out.arity() - Untouched
                     : 1;
      Term Next = applyToList(Cur, Tail, Rw);
      if (!Next.is(Term::List))
        return Next;
      Elems = Next.args().vec();
      Tail = Next.tail();
      Edited = true;
    }
    From = Rw.At + std::max<size_t>(Produced, 1);
  }
  return Edited ? Term::list(std::move(Elems), Tail) : L;
}

Term Runner::topDown(const Term &T, const std::string &Path) {
  if (failed() || canSkip(T))
    return T;
  DepthGuard G(*this);
  if (tooDeep())
    return T;
  Term Cur = T;
  if (Term Out = tryHere(Cur, Path))
    Cur = Out;
  if (Cur.is(Term::List))
    Cur = applyListRulesOnce(Cur, Path);
  if (!hasChildren(Cur))
    return Cur;
  return mapChildren(Cur, Path, [this](const Term &C, const std::string &P) {
    return topDown(C, P);
  });
}

Term Runner::bottomUp(const Term &T, const std::string &Path) {
  if (failed() || canSkip(T))
    return T;
  DepthGuard G(*this);
  if (tooDeep())
    return T;
  Term Cur = T;
  if (hasChildren(Cur))
    Cur = mapChildren(Cur, Path, [this](const Term &C, const std::string &P) {
      return bottomUp(C, P);
    });
  if (Cur.is(Term::List)) {
    Term After = applyListRulesOnce(Cur, Path);
    if (!After.sameNode(Cur))
      return After;
  }
  if (Term Out = tryHere(Cur, Path))
    return Out;
  return Cur;
}

Term Runner::once(const Term &T, const std::string &Path, bool &Done) {
  if (Done || failed() || canSkip(T))
    return T;
  DepthGuard G(*this);
  if (tooDeep())
    return T;
  if (T.is(Term::List)) {
    Rewrite Rw;
    if (tryListSuffix(T.args(), T.tail(), 0, Path, Rw, true)) {
      Done = true;
      return applyToList(T.args(), T.tail(), Rw);
    }
  }
  if (Term Out = tryHere(T, Path)) {
    Done = true;
    return Out;
  }
  if (!hasChildren(T))
    return T;
  return mapChildren(T, Path,
                     [this, &Done](const Term &C, const std::string &P) {
                       return once(C, P, Done);
                     });
}

} // namespace l2c
