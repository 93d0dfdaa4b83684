//===- Match.cpp - Pattern matching with lazily bound list tails ----------===//

#include "engine/Match.h"

namespace l2c {

const Term &Binding::build() const {
  if (From == Elems.size() && Tail)
    Value = Tail;
  else
    Value = Term::listOf(Elems.drop_front(From), Tail);
  return Value;
}

bool matchList(const PatNode &P, llvm::ArrayRef<Term> Elems, size_t From,
               const Term &Tail, Bindings &B) {
  const auto &PE = P.Kids;
  size_t Avail = Elems.size() - From;
  if (PE.size() > Avail)
    return false;
  for (size_t I = 0; I < PE.size(); ++I)
    if (!match(PE[I], Elems[From + I], B))
      return false;
  size_t Rest = From + PE.size();
  const PatNode *TailPat = P.tail();
  if (!TailPat)
    return Rest == Elems.size() && !Tail;
  if (TailPat->Kind == Term::Var && !B.Slots[TailPat->Slot].Bound) {
    Binding &Lazy = B.Slots[TailPat->Slot];
    Lazy.Elems = Elems;
    Lazy.From = Rest;
    Lazy.Tail = Tail;
    Lazy.Bound = true;
    Lazy.Lazy = true;
    return true;
  }
  Binding Now;
  Now.Elems = Elems;
  Now.From = Rest;
  Now.Tail = Tail;
  Now.Lazy = true;
  return match(*TailPat, Now.get(), B);
}

bool match(const PatNode &P, const Term &T, Bindings &B) {
  if (P.Kind == Term::Var) {
    Binding &Slot = B.Slots[P.Slot];
    if (Slot.Bound)
      return Slot.get() == T;
    Slot.Value = T;
    Slot.Bound = true;
    return true;
  }
  if (!T || P.Kind != T.kind())
    return false;
  switch (P.Kind) {
  case Term::App: {
    if (P.Kids.size() != T.arity() || !sameName(P.Src.name(), T.name()))
      return false;
    for (size_t I = 0; I < P.Kids.size(); ++I)
      if (!match(P.Kids[I], T[I], B))
        return false;
    if (P.Capture >= 0)
      B.Captures[static_cast<size_t>(P.Capture)] = T;
    return true;
  }
  case Term::List:
    return matchList(P, T.args(), 0, T.tail(), B);
  default: // atoms of the same kind: Term::operator== without the hashes
    return sameAtom(P.Src, T);
  }
}

} // namespace l2c
