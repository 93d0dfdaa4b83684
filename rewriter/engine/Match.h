//===- Match.h - Pattern matching with lazily bound list tails --*- C++ -*-===//
//
// Internal to the engine. Lists are matched as cons lists: a list pattern is
// matched against the elements of a list from some index on, so that a rule
// is tried at every suffix of a statement list without building the suffix.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_MATCH_H
#define LOOP2CUDA_ENGINE_MATCH_H

#include "term/Term.h"

#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace l2c {

/// A variable's binding. A list tail is bound lazily: the rest of the list
/// is built only when a condition or the replacement reads it, so trying a
/// list rule at every suffix of a long list costs no copies.
struct Binding {
  const std::string *Name;
  mutable Term Value;
  const std::vector<Term> *Elems = nullptr; // lazy tail: Elems[From..] ++ Tail
  size_t From = 0;
  Term Tail;

  /// True while a lazy tail has not been built.
  bool isLazy() const { return !Value && Elems; }
  const Term &get() const;
};

using Bindings = llvm::SmallVector<Binding, 8>;

/// The binding of Name, or null.
const Binding *findBinding(const Bindings &B, const std::string &Name);
/// The value bound to Name (built now if it is a lazy tail), or null.
const Term *lookupVar(const Bindings &B, const std::string &Name);

/// Matches pattern P against T, appending to B.
bool match(const Term &P, const Term &T, Bindings &B);
/// Matches the elements (and tail) of list pattern P against Elems[From..]
/// followed by Tail.
bool matchList(const Term &P, const std::vector<Term> &Elems, size_t From,
               const Term &Tail, Bindings &B);

} // namespace l2c

#endif
