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
void registerStandardFacts(FactRegistry &R);

/// Facts over the code vocabulary of docs/term-vocabulary.md: read and write
/// sets of host terms, free variables of kernel bodies.
void registerCodeFacts(FactRegistry &R);

/// The facts of rule set whole-arrays (wholeExtents, lookup); called by
/// registerCodeFacts.
void registerExtentFacts(FactRegistry &R);

/// The facts of rule set bitonic-shared (indexesOf, xorPartners, mayWrite,
/// hostLoopHeader) and the generic substitute, which the histogram sets use
/// too; called by registerCodeFacts.
void registerTileFacts(FactRegistry &R);
/// The facts of rule set tile-matmul (splitAtLoop, countedLoop,
/// summands, productOperands, readOnlyOperands, ...); called by
/// registerCodeFacts.
void registerMatmulFacts(FactRegistry &R);
/// The facts of rule set vectorize-map (vectorMap); called by
/// registerCodeFacts.
void registerMapFacts(FactRegistry &R);
/// May the kernel code T write the variable X (assign, increment, take its
/// address, pass it to a call, declare it again)? The fact mayWrite.
bool termMayWrite(const Term &T, const Term &X);
/// The facts of rule set hold-calls (touchesHeld); called by
/// registerCodeFacts.
void registerHoldFacts(FactRegistry &R);
/// The facts of the histogram rule sets (globalHistograms; they also call
/// substitute, registered with the tile facts); called by registerCodeFacts.
void registerHistogramFacts(FactRegistry &R);
void registerKernelFacts(FactRegistry &R);
/// assumedSubscripts, probeAccesses, localUpdate, probeStart, probeCheck,
/// readOnlyArrays, plainPointers (rule sets host-fallback and
/// probe-accesses); called by registerCodeFacts.
void registerProbeFacts(FactRegistry &R);
/// `l2c::range(ptr, (long long)(count), written), ...` over the host arrays
/// of a list of Array terms (apartCheck, probeCheck); no answer for anything
/// else.
std::optional<std::string> hostRangeList(const Term &Arrays);
/// accumulatorLoops (rule set register-accumulator); called by
/// registerCodeFacts.
void registerAccumulatorFacts(FactRegistry &R);
/// overwrittenDeps, sameCopyDeps (rule sets extract-kernel
/// and move-copies); called by registerCodeFacts.
void registerOverwriteFacts(FactRegistry &R);
/// Two copies (CopyIn or CopyOut) of one array, pointer and count whose
/// dependency lists agree but for Rest entries (OverwriteFacts.cpp).
bool sameCopyModuloRest(const Term &X, const Term &Y);
/// A dependency list without its Rest(box, added) entries and the names
/// each added (OverwriteFacts.cpp); nothing when it is not a proper list.
std::optional<Term> withoutRest(const Term &Deps);

/// Head is an assignment, compound assignment, increment, decrement or
/// AddrOf: a term with it may write its first argument (TileFacts.cpp).
bool isWriteHead(const std::string &Head);
/// The array of an access and its subscripts: Index(Index(a, s0), s1) -> a
/// and [s0, s1] (pointers into L); a term that is no Index chain is its
/// own base with no subscripts; null when the root is not an identifier
/// (OverwriteFacts.cpp).
const Term *baseOf(const Term &L, std::vector<const Term *> &Subs);
/// True for the atom `true` or a non-zero integer.
bool isTrue(const Term &T);

} // namespace l2c

#endif
