//===- Match.cpp - Pattern matching with lazily bound list tails ----------===//

#include "engine/Match.h"

namespace l2c {

const Term &Binding::get() const {
  if (isLazy()) {
    if (From == Elems->size() && Tail)
      Value = Tail;
    else
      Value =
          Term::list(std::vector<Term>(Elems->begin() + static_cast<long>(From),
                                       Elems->end()),
                     Tail);
  }
  return Value;
}

const Binding *findBinding(const Bindings &B, const std::string &Name) {
  for (const auto &P : B)
    if (P.Name && *P.Name == Name)
      return &P;
  return nullptr;
}

const Term *lookupVar(const Bindings &B, const std::string &Name) {
  const Binding *P = findBinding(B, Name);
  return P ? &P->get() : nullptr;
}

bool matchList(const Term &P, const std::vector<Term> &Elems, size_t From,
               const Term &Tail, Bindings &B) {
  const auto &PE = P.args();
  size_t Avail = Elems.size() - From;
  if (PE.size() > Avail)
    return false;
  for (size_t I = 0; I < PE.size(); ++I)
    if (!match(PE[I], Elems[From + I], B))
      return false;
  size_t Rest = From + PE.size();
  if (!P.tail())
    return Rest == Elems.size() && !Tail;
  const Term &TailPat = P.tail();
  if (TailPat.is(Term::Var) && !lookupVar(B, TailPat.name())) {
    Binding Lazy{&TailPat.name(), Term(), &Elems, Rest, Tail};
    B.push_back(std::move(Lazy));
    return true;
  }
  Binding Now{nullptr, Term(), &Elems, Rest, Tail};
  return match(TailPat, Now.get(), B);
}

bool match(const Term &P, const Term &T, Bindings &B) {
  if (P.is(Term::Var)) {
    if (const Term *Old = lookupVar(B, P.name()))
      return *Old == T;
    B.push_back(Binding{&P.name(), T});
    return true;
  }
  if (!T || P.kind() != T.kind())
    return false;
  switch (P.kind()) {
  case Term::App: {
    if (P.arity() != T.arity() || P.name() != T.name())
      return false;
    for (size_t I = 0; I < P.arity(); ++I)
      if (!match(P[I], T[I], B))
        return false;
    return true;
  }
  case Term::List:
    return matchList(P, T.args(), 0, T.tail(), B);
  default:
    return P == T;
  }
}

} // namespace l2c
