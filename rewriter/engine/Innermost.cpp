//===- Innermost.cpp - The innermost strategy -----------------------------===//
//
// Rewrites to a normal form: children first, then the node, again until no
// rule applies (docs/rule-language.md, "Strategies"). Terms found normal are
// remembered by node, and subterms no rule can match are skipped.
//
// A list is normalised in a buffer of its elements. When a list rule keeps
// the rest of the list (`[... : $r] -> [... : $r]`), the rewrite is an edit
// of the buffer, and only the elements it produced are normalised again: the
// others are the normal terms they were. The list term is built once, when
// no list rule applies any more. This visits, tries and rewrites exactly
// what rebuilding the list after every rewrite would.
//
//===----------------------------------------------------------------------===//

#include "engine/Runner.h"

namespace l2c {

/// The elements and tail of the list being normalised. The elements are
/// copied from the list term on the first change.
struct Runner::ListState {
  const Term &Original;
  std::vector<Term> Elems;
  Term Tail;
  bool Dirty = false;

  explicit ListState(const Term &L) : Original(L), Tail(L.tail()) {}
  llvm::ArrayRef<Term> elems() const {
    return Dirty ? llvm::ArrayRef<Term>(Elems) : Original.args();
  }
  std::vector<Term> &edit() {
    if (!Dirty) {
      Elems.assign(Original.args().begin(), Original.args().end());
      Dirty = true;
    }
    return Elems;
  }
  Term term() { return Dirty ? Term::list(std::move(Elems), Tail) : Original; }
};

Term Runner::innermostList(const Term &Cur, const std::string &Path,
                           size_t &NormalPrefix, size_t &ResumeAt,
                           ListEnd &End) {
  ListState L(Cur);
  auto Visit = [this](const Term &C, const std::string &P) {
    return innermost(C, P);
  };
  // For the elements, which canSkip has let through.
  auto Normalise = [this](const Term &C, const std::string &P) {
    return normalise(C, P);
  };
  // Elements [From, To) need normalising, and the tail when WithTail.
  size_t From = NormalPrefix, To = L.elems().size();
  bool WithTail = true;
  for (;;) {
    // Normalise the children as mapChildren would, splicing an element
    // that became a proper list. New collects from the first change on
    // (the elements before it are the same): most passes change nothing.
    std::vector<Term> New;
    bool Changed = false;
    for (size_t I = From; I < To; ++I) {
      const Term &C = L.elems()[I];
      if (canSkip(C)) { // innermost(C) would return C (see mapChildren)
        if (Changed)
          New.push_back(C);
        continue;
      }
      Term V = visitChild(Normalise, C, Path, [I] { return indexStep(I); });
      if (!Changed) {
        if (V.sameNode(C))
          continue;
        Changed = true;
        New.reserve(To - From);
        New.insert(New.end(), L.elems().begin() + static_cast<long>(From),
                   L.elems().begin() + static_cast<long>(I));
      }
      if (!C.is(Term::List) && V.is(Term::List) && !V.tail())
        New.insert(New.end(), V.args().begin(), V.args().end());
      else
        New.push_back(std::move(V));
    }
    if (Changed)
      replaceRange(L.edit(), From, To, New);
    if (WithTail && L.Tail) {
      Term V =
          visitChild(Visit, L.Tail, Path, [] { return std::string("/tail"); });
      if (!V.sameNode(L.Tail)) {
        std::vector<Term> &E = L.edit();
        // Term::list flattens a tail that became a list.
        if (V.is(Term::List)) {
          E.insert(E.end(), V.args().begin(), V.args().end());
          L.Tail = V.tail();
        } else {
          L.Tail = V;
        }
      }
    }
    NormalPrefix = 0;
    if (L.elems().empty() && L.Tail) {
      End = ListEnd::Collapsed; // [ : T] is T
      return L.Tail;
    }
    Rewrite Rw;
    if (!tryListSuffix(L.elems(), L.Tail, ResumeAt, Path, Rw, true,
                       /*RescanFrom=*/0)) {
      End = ListEnd::Normal;
      return L.term();
    }
    NormalPrefix = Rw.At;
    // Suffixes that start well before the rewrite saw the same elements
    // before it and did not match then, except under rules that read the
    // rest of the list (tryListSuffix tries those from the start).
    ResumeAt =
        Rw.At < Index.maxListPattern() ? 0 : Rw.At - Index.maxListPattern() + 1;
    bool Empties = Rw.At + Rw.NewElems.size() + L.elems().size() - Rw.Rest == 0;
    if (!Rw.IsEdit || (Empties && L.Tail) || failed()) {
      End = ListEnd::Rewritten;
      return applyToList(L.elems(), L.Tail, Rw);
    }
    replaceRange(L.edit(), Rw.At, Rw.Rest, Rw.NewElems);
    // The list is a new term: it is not normal yet. Only what the rule
    // produced is new; the rest of the elements and the tail are normal.
    From = Rw.At;
    To = Rw.At + Rw.NewElems.size();
    WithTail = false;
  }
}

Term Runner::innermost(const Term &T, const std::string &Path) {
  if (canSkip(T))
    return T;
  return normalise(T, Path);
}

Term Runner::normalise(const Term &T, const std::string &Path) {
  Term Cur = T;
  size_t ResumeAt = 0;
  // After a list rewrite at suffix At, the elements before At are the same
  // normal terms as before: only the rest needs visiting again.
  size_t NormalPrefix = 0;
  DepthGuard G(*this);
  if (tooDeep())
    return Cur;
  for (;;) {
    if (failed())
      return Cur;
    if (isNormal(Cur))
      return Cur;
    Term Out;
    if (Cur.is(Term::List)) {
      ListEnd End;
      Cur = innermostList(Cur, Path, NormalPrefix, ResumeAt, End);
      if (End == ListEnd::Rewritten)
        continue;
      Out = tryHere(Cur, Path);
      if (End == ListEnd::Normal)
        ResumeAt = 0;
    } else {
      if (Cur.is(Term::App))
        // mapChildren visits only the children that canSkip lets through.
        Cur =
            mapChildren(Cur, Path, [this](const Term &C, const std::string &P) {
              return normalise(C, P);
            });
      NormalPrefix = 0;
      Out = tryHere(Cur, Path);
    }
    if (!Out) {
      markNormal(Cur);
      return Cur;
    }
    Cur = Out;
  }
}

} // namespace l2c
