//===- RuleIndex.h - The rules of a set, by what they can match -*- C++ -*-===//
//
// Indexes the enabled rules of one rule set so that a term is only tried
// against the rules that can match it, in the order docs/rule-language.md
// gives ("Rule order"): rules for the term's head and arity in file order,
// then bare-variable rules; list rules apart, for the suffixes of lists.
//
// It also answers whether any rule can match anywhere inside a term, from
// the symbols each pattern needs (Term::symbols), so that the strategies
// skip subterms that no rule can change.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_RULEINDEX_H
#define LOOP2CUDA_ENGINE_RULEINDEX_H

#include "engine/Rules.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <vector>

namespace l2c {

class RuleIndex {
public:
  /// Indexes the rules of Set that Disabled does not name.
  RuleIndex(const RuleSet &Set, const llvm::StringSet<> &Disabled);

  /// The rules whose pattern is an application or atom that can match T
  /// (same kind, head and arity), in file order. None for a list or a
  /// variable.
  llvm::ArrayRef<const Rule *> headRules(const Term &T) const;
  /// Rules whose pattern is a bare variable, in file order.
  llvm::ArrayRef<const Rule *> anyRules() const { return AnyRules; }
  /// Rules whose pattern is a list, in file order.
  llvm::ArrayRef<const Rule *> listRules() const { return ListRules; }
  /// When some list rule's conditions read its tail: those rules and the
  /// list rules without a tail (whose match depends on where the list
  /// ends), in file order; otherwise none. A rewrite anywhere behind a
  /// suffix can change whether these match there.
  llvm::ArrayRef<const Rule *> rescanRules() const { return RescanRules; }
  bool rescans(const Rule &R) const { return Rescan[position(R)]; }

  /// False when no rule can match T or any of its subterms. Inline: the
  /// strategies ask it at every node they reach.
  bool mayMatchWithin(const Term &T) const {
    if (MatchesAnything)
      return true;
    uint64_t Have = T.symbols();
    if (!(Have & AnyRequired)) // most subterms that no rule matches
      return false;
    for (uint64_t Need : Required)
      if ((Have & Need) == Need)
        return true;
    return false;
  }
  /// False when list rule R cannot match the suffix Elems[From..]: the
  /// first element of its pattern that is not a variable has another kind,
  /// head or arity than the element at its place. A cheap test before the
  /// match.
  bool mayMatchSuffix(const Rule &R, llvm::ArrayRef<Term> Elems,
                      size_t From) const {
    // Inline: tried for every list rule at every suffix.
    const KeyTest &K = ListKey[position(R)];
    if (K.At < 0)
      return true;
    size_t At = From + static_cast<size_t>(K.At);
    if (At >= Elems.size())
      return false; // too few elements for the pattern
    const Term &E = Elems[At];
    if (!E.is(K.Kind) || E.arity() != K.Arity)
      return false;
    const std::string &N = E.name();
    return N.size() == K.Name->size() && (N.empty() || N[0] == (*K.Name)[0]) &&
           N == *K.Name;
  }

  /// The most elements a list pattern names before its tail.
  size_t maxListPattern() const { return MaxListPattern; }
  /// True when a list rule's conditions read its tail variable.
  bool listTailInConditions() const { return ListTailInConditions; }
  /// Position of R in its set (for per-rule counters).
  size_t position(const Rule &R) const { return &R - First; }

  /// The symbols (Term::symbols bits) a term must hold for Pattern to match
  /// one of its nodes.
  static uint64_t requiredSymbols(const Term &Pattern);

private:
  /// The rules of one head name, kind and arity (0 for atoms), in file
  /// order: headRules returns them as they are, without a filtered copy.
  struct HeadGroup {
    Term::Kind Kind;
    size_t Arity;
    llvm::SmallVector<const Rule *, 2> Rules;
  };
  using HeadEntries = llvm::SmallVector<HeadGroup, 1>;
  llvm::StringMap<HeadEntries> ByName;
  /// The same entries in a list, searched instead of ByName when a set has
  /// few heads: comparing a few names (most differ in length or first
  /// letter) costs less than hashing the name.
  std::vector<std::pair<std::string, HeadEntries>> FewHeads;
  static constexpr size_t MaxFewHeads = 16;
  std::vector<const Rule *> ListRules, AnyRules, RescanRules;
  std::vector<bool> Rescan; // by rule position
  /// Union of the symbol bits of the indexed heads: a cheap first test.
  uint64_t HeadBits = 0;
  /// The distinct required symbol sets of the enabled rules, and their union.
  std::vector<uint64_t> Required;
  uint64_t AnyRequired = 0;
  bool MatchesAnything = false;
  size_t MaxListPattern = 0;
  bool ListTailInConditions = false;
  const Rule *First = nullptr;
  /// Per list rule (by position): the index in its pattern of the first
  /// element that is an application or identifier (-1 if none), and what
  /// the element there must be.
  struct KeyTest {
    int At = -1;
    Term::Kind Kind = Term::App;
    size_t Arity = 0;
    const std::string *Name = nullptr;
  };
  std::vector<KeyTest> ListKey;
};

} // namespace l2c

#endif
