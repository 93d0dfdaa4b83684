//===- Match.h - Pattern matching with lazily bound list tails --*- C++ -*-===//
//
// Internal to the engine. Lists are matched as cons lists: a list pattern is
// matched against the elements of a list from some index on, so that a rule
// is tried at every suffix of a statement list without building the suffix.
// Patterns are compiled (Program.h): a variable is a slot of Bindings.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_MATCH_H
#define LOOP2CUDA_ENGINE_MATCH_H

#include "engine/Program.h"

#include "llvm/ADT/SmallVector.h"

#include <cstring>
#include <string>
#include <vector>

namespace l2c {

/// A variable's binding. A list tail is bound lazily: the rest of the list
/// is built only when a condition or the replacement reads it, so trying a
/// list rule at every suffix of a long list costs no copies.
struct Binding {
  mutable Term Value;
  llvm::ArrayRef<Term> Elems; // lazy tail: Elems[From..] ++ Tail
  size_t From = 0;
  Term Tail;
  bool Bound = false;
  bool Lazy = false; // Elems, From and Tail hold a lazy tail

  /// True while a lazy tail has not been built.
  bool isLazy() const { return !Value && Lazy; }
  const Term &get() const { return isLazy() ? build() : Value; }

private:
  /// Builds the lazy tail into Value.
  const Term &build() const;
};

/// The slots of one rule's variables, and the terms its captures matched.
struct Bindings {
  llvm::SmallVector<Binding, 8> Slots;
  llvm::SmallVector<Term, 2> Captures;

  explicit Bindings(const RuleProgram &P)
      : Slots(P.NumSlots), Captures(P.NumCaptures) {}
  /// The value bound to Slot (built now if it is a lazy tail), or null.
  const Term *lookup(unsigned Slot) const {
    const Binding &B = Slots[Slot];
    return B.Bound ? &B.get() : nullptr;
  }
};

/// A == B for names, inline: names are short, and most that differ differ
/// in length or first character (a call to memcmp costs more).
inline bool sameName(const std::string &A, const std::string &B) {
  size_t N = A.size();
  if (N != B.size())
    return false;
  const char *X = A.data(), *Y = B.data();
  for (size_t I = 0; I < N; ++I)
    if (X[I] != Y[I])
      return false;
  return true;
}

/// A == B for two atoms of the same kind. An integer's name is its value in
/// digits: its value and suffix decide.
inline bool sameAtom(const Term &A, const Term &B) {
  if (A.kind() == Term::Int)
    return A.intValue() == B.intValue() &&
           sameName(A.intSuffix(), B.intSuffix());
  return sameName(A.name(), B.name());
}

/// False when P cannot match T for its kind, head, arity or atom alone,
/// the tests match makes at the node before its kids.
inline bool mayMatchNode(const PatNode &P, const Term &T) {
  if (P.Kind == Term::Var)
    return true;
  if (!T || P.Kind != T.kind())
    return false;
  switch (P.Kind) {
  case Term::App:
    return P.Kids.size() == T.arity() && sameName(P.Src.name(), T.name());
  case Term::List:
    return true;
  default:
    return sameAtom(P.Src, T);
  }
}

/// False when P cannot match T, from the tests of mayMatchNode at T's
/// arguments (for an application; at T itself for an atom), given that T
/// has P's kind, head and arity (RuleIndex::headRules): a try that fails
/// here builds no Bindings. Most tries fail there (Add($x, 0) at Add(i, j)).
inline bool mayMatchBelowHead(const PatNode &P, const Term &T) {
  if (P.Kind != Term::App)
    return mayMatchNode(P, T);
  llvm::ArrayRef<Term> Args = T.args();
  for (size_t I = 0; I < P.Kids.size(); ++I)
    if (!mayMatchNode(P.Kids[I], Args[I]))
      return false;
  return true;
}

/// Matches pattern P against T, binding slots of B.
bool match(const PatNode &P, const Term &T, Bindings &B);
/// Matches the elements (and tail) of list pattern P against Elems[From..]
/// followed by Tail.
bool matchList(const PatNode &P, llvm::ArrayRef<Term> Elems, size_t From,
               const Term &Tail, Bindings &B);

} // namespace l2c

#endif
