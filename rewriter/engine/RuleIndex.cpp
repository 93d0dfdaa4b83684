//===- RuleIndex.cpp - The rules of a set, by what they can match ---------===//

#include "engine/RuleIndex.h"
#include "engine/Match.h"

#include <algorithm>

namespace l2c {

static bool occursVar(const Term &T, const std::string &Name) {
  if (T.is(Term::Var))
    return T.name() == Name;
  if (T.is(Term::App) || T.is(Term::List)) {
    for (const Term &A : T.args())
      if (occursVar(A, Name))
        return true;
    return T.tail() && occursVar(T.tail(), Name);
  }
  return false;
}

uint64_t RuleIndex::requiredSymbols(const Term &Pattern) {
  uint64_t Bits = 0;
  // Every application and identifier of a pattern, and every list, meets
  // its own kind in the matched term (variables match anything).
  forEachSubterm(Pattern, [&](const Term &P) {
    if (!P.is(Term::Var))
      Bits |= Term::symbolBit(P.kind(), P.name());
    return true;
  });
  return Bits;
}

RuleIndex::RuleIndex(const RuleSet &Set, const llvm::StringSet<> &Disabled) {
  First = Set.Rules.data();
  ListKey.assign(Set.Rules.size(), KeyTest());
  Rescan.assign(Set.Rules.size(), false);
  std::vector<const Rule *> Tailless;
  for (const Rule &R : Set.Rules) {
    if (Disabled.contains(R.Name))
      continue;
    uint64_t Need = requiredSymbols(R.Pattern);
    if (Need == 0)
      MatchesAnything = true;
    else if (std::find(Required.begin(), Required.end(), Need) ==
             Required.end())
      Required.push_back(Need);
    AnyRequired |= Need;
    if (R.Pattern.is(Term::List)) {
      ListRules.push_back(&R);
      const auto &PE = R.Pattern.args();
      for (size_t I = 0; I < PE.size(); ++I)
        if (PE[I].is(Term::App) || PE[I].is(Term::Ident)) {
          ListKey[position(R)] = {static_cast<int>(I), PE[I].kind(),
                                  PE[I].arity(), &PE[I].name()};
          break;
        }
      MaxListPattern = std::max(MaxListPattern, R.Pattern.arity());
      if (R.Pattern.tail())
        for (const Condition &C : R.Conditions)
          if (occursVar(C.Expr, R.Pattern.tail().name()))
            Rescan[position(R)] = true;
      if (!R.Pattern.tail())
        Tailless.push_back(&R);
    } else if (R.Pattern.is(Term::Var)) {
      AnyRules.push_back(&R);
    } else {
      HeadEntries &Groups = ByName[R.Pattern.name()];
      size_t Arity = R.Pattern.is(Term::App) ? R.Pattern.arity() : 0;
      auto G = std::find_if(Groups.begin(), Groups.end(), [&](const auto &G) {
        return G.Kind == R.Pattern.kind() && G.Arity == Arity;
      });
      if (G == Groups.end())
        G = Groups.insert(Groups.end(), {R.Pattern.kind(), Arity, {}});
      G->Rules.push_back(&R);
      HeadBits |= Term::symbolBit(R.Pattern.kind(), R.Pattern.name());
    }
  }
  if (ByName.size() <= MaxFewHeads)
    for (const Rule &R : Set.Rules) {
      auto It = ByName.find(R.Pattern.name());
      if (It == ByName.end() || R.Pattern.is(Term::List) ||
          R.Pattern.is(Term::Var))
        continue;
      bool Seen = false;
      for (const auto &H : FewHeads)
        Seen |= H.first == It->first();
      if (!Seen)
        FewHeads.push_back({It->first().str(), It->second});
    }
  ListTailInConditions =
      std::find(Rescan.begin(), Rescan.end(), true) != Rescan.end();
  if (ListTailInConditions) {
    for (const Rule *R : Tailless)
      Rescan[position(*R)] = true;
    for (const Rule *R : ListRules)
      if (Rescan[position(*R)])
        RescanRules.push_back(R);
  }
}

llvm::ArrayRef<const Rule *> RuleIndex::headRules(const Term &T) const {
  if (!T || T.is(Term::List) || T.is(Term::Var) || ByName.empty())
    return {};
  // T's own bits (two for a head, a Bloom filter) not all among those of
  // the indexed heads: no candidate. Integers, floats and strings have no
  // bit: look them up.
  if (T.is(Term::App) || T.is(Term::Ident)) {
    uint64_t Own = T.ownSymbols();
    if ((Own & HeadBits) != Own)
      return {};
  }
  const HeadEntries *Entries = nullptr;
  if (!FewHeads.empty()) {
    for (const auto &H : FewHeads)
      if (sameName(H.first, T.name())) {
        Entries = &H.second;
        break;
      }
  } else {
    auto It = ByName.find(T.name());
    if (It != ByName.end())
      Entries = &It->second;
  }
  if (!Entries)
    return {};
  size_t Arity = T.is(Term::App) ? T.arity() : 0;
  for (const HeadGroup &G : *Entries)
    if (G.Kind == T.kind() && G.Arity == Arity)
      return G.Rules;
  return {};
}

} // namespace l2c
