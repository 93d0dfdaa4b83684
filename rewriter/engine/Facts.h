//===- Facts.h - Named C++ functions that rules call ------------*- C++ -*-===//
//
// A fact is a named function from terms to a term, registered once and called
// by any rule: in a condition (`when writes($h, $a)`), on the right of a
// `let`, inside a replacement, or as an action after `do`. A fact that has no
// answer returns std::nullopt, and the rule then does not apply.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_FACTS_H
#define LOOP2CUDA_ENGINE_FACTS_H

#include "term/Term.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>
#include <string>

namespace l2c {

using FactFn = std::function<std::optional<Term>(llvm::ArrayRef<Term> Args)>;

struct Fact {
  std::string Name;
  int Arity; // -1: any number of arguments
  std::string Doc;
  FactFn Fn;
};

class FactRegistry {
public:
  /// Registers a fact; a later registration of the same name replaces it.
  void add(std::string Name, int Arity, std::string Doc, FactFn Fn);
  const Fact *lookup(llvm::StringRef Name) const;
  /// All facts, sorted by name (for --list-facts and error messages).
  std::vector<const Fact *> all() const;

private:
  llvm::StringMap<Fact> Facts;
};

/// Facts over plain terms: lists, atoms, names (see docs/rule-language.md).
/// The facts about code, loops and CUDA live apart, in rewriter/facts
/// (facts/DomainFacts.h): the engine needs none of them.
void registerStandardFacts(FactRegistry &R);

/// True for the atom `true` or a non-zero integer.
bool isTrue(const Term &T);

} // namespace l2c

#endif
