//===- DomainFacts.h - The facts about code, loops and CUDA -----*- C++ -*-===//
//
// The facts the rule sets of rules/ call beyond the engine's standard ones:
// read and write sets of host terms, extents, the facts of each
// optimisation's rule sets. registerDomainFacts registers them all, through
// the table in DomainFacts.cpp; the engine (rewriter/engine) knows none of
// them. docs/rule-language.md lists them.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FACTS_DOMAINFACTS_H
#define LOOP2CUDA_FACTS_DOMAINFACTS_H

#include "engine/Facts.h"

#include <optional>
#include <string>
#include <vector>

namespace l2c {

/// Every fact of this folder (the table in DomainFacts.cpp).
void registerDomainFacts(FactRegistry &R);

/// Read and write sets of host terms, free variables of kernel bodies
/// (CodeFacts.cpp).
void registerHostAccessFacts(FactRegistry &R);

/// The facts of rule set whole-arrays (wholeExtents, lookup); called by
/// registerDomainFacts.
void registerExtentFacts(FactRegistry &R);

/// The facts of rule set bitonic-shared (indexesOf, xorPartners, mayWrite,
/// hostLoopHeader) and the generic substitute, which the histogram sets use
/// too; called by registerDomainFacts.
void registerTileFacts(FactRegistry &R);
/// The facts of rule set tile-matmul (splitAtLoop, countedLoop,
/// summands, productOperands, readOnlyOperands, ...); called by
/// registerDomainFacts.
void registerMatmulFacts(FactRegistry &R);
/// The facts of rule set vectorize-map (vectorMap); called by
/// registerDomainFacts.
void registerMapFacts(FactRegistry &R);
/// May the kernel code T write the variable X (assign, increment, take its
/// address, pass it to a call, declare it again)? The fact mayWrite.
bool termMayWrite(const Term &T, const Term &X);
/// The facts of rule set hold-calls (touchesHeld); called by
/// registerDomainFacts.
void registerHoldFacts(FactRegistry &R);
/// The facts of the histogram rule sets (globalHistograms; they also call
/// substitute, registered with the tile facts); called by registerDomainFacts.
void registerHistogramFacts(FactRegistry &R);
void registerKernelFacts(FactRegistry &R);
/// assumedSubscripts, probeAccesses, localUpdate, probeStart, probeCheck,
/// readOnlyArrays, plainPointers (rule sets host-fallback and
/// probe-accesses); called by registerDomainFacts.
void registerProbeFacts(FactRegistry &R);
/// recordedExtents, recordedCheck (rule set host-fallback); called by
/// registerDomainFacts.
void registerRecordFacts(FactRegistry &R);
/// launchWork, workCheck (rule set host-fallback); called by
/// registerDomainFacts.
void registerWorkFacts(FactRegistry &R);
/// `l2c::range(ptr, (long long)(count), written), ...` over the host arrays
/// of a list of Array terms (apartCheck, probeCheck); no answer for anything
/// else.
std::optional<std::string> hostRangeList(const Term &Arrays);
/// `l2c::apartOrHost(where, {ranges})`: the apart check of apartCheck, and
/// the part that recordedCheck, probeCheck and workCheck add with $apart
/// (Where a C string literal, Ranges a hostRangeList).
std::string apartOrHostText(const std::string &Where, const std::string &Ranges);
/// accumulatorLoops (rule set register-accumulator); called by
/// registerDomainFacts.
void registerAccumulatorFacts(FactRegistry &R);
/// warpRows (rule set warp-rows); called by registerDomainFacts.
void registerWarpRowFacts(FactRegistry &R);
/// overwrittenDeps, sameCopyDeps (rule sets extract-kernel
/// and move-copies); called by registerDomainFacts.
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
} // namespace l2c

#endif
