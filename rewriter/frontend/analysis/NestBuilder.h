//===- NestBuilder.h - The marked nest as a deps::Nest ---------*- C++ -*-===//
//
// Translates loops, subscripts and conditions of a marked nest into the isl
// text of a deps::Nest (ExactDependences.cpp asks the questions). Whatever
// cannot be expressed exactly is over-approximated: "independent" stays a
// proof.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_NESTBUILDER_H
#define LOOP2CUDA_FRONTEND_NESTBUILDER_H

#include "frontend/LoopAnalyzer.h"

#include "deps/Dependence.h"

#include <set>

namespace l2c {
namespace detail {

/// Builds the deps::Nest of one question.
class NestBuilder {
public:
  NestBuilder(LoopAnalyzer &LA, FrontendContext &FC) : LA(LA), FC(FC) {}

  deps::Nest N;
  /// Per deps::Access: whether it was translated without approximation.
  std::vector<bool> Exact;

  /// Adds loop F (or finds it); returns its position in N.Loops.
  unsigned loop(const clang::ForStmt *F, const std::vector<unsigned> &Outer);
  void access(const Access &X, unsigned Mode, std::vector<unsigned> Chain);
  /// Adds X with the given subscripts (std::nullopt: not affine, an unknown
  /// of its own) and returns their isl text.
  std::vector<std::string> add(const Access &X, unsigned Mode,
                               std::vector<unsigned> Chain,
                               const std::vector<std::optional<Poly>> &Subs);
  /// X's one subscript is M*E1 + E2: the access becomes X[E1][E2]. Returns
  /// the isl text of E2 and of M, for the range check.
  std::pair<std::string, std::string> access2(const Access &X, unsigned Mode,
                                              std::vector<unsigned> Chain,
                                              const clang::VarDecl *M,
                                              const Poly &E1, const Poly &E2);
  /// The ranges of the host loops around F whose counters the nest reads
  /// as parameters, in the context (gramschmidt's `for (j = k + 1; ...)`
  /// under `for (k = 0; k < n; k++)`: k >= 0 keeps A[i*n + j] in row i).
  void hostLoopContext(const clang::ForStmt *F);
  /// The values that statements before F, in its block or the blocks
  /// around it, give local parameters (`chunks = inner / 16;` then the
  /// marked loop: chunks is inner / 16 there), in the context; only where
  /// nothing between, host loops crossed included, changes the local or
  /// what its value reads, and neither escapes.
  void definitionContext(const clang::ForStmt *F);
  /// Appends to Out, as isl text over Chain, the affine comparisons that
  /// hold when the branch Taken of the condition C runs.
  void guardText(const clang::Expr *C, bool Taken,
                 const std::vector<unsigned> &Chain,
                 std::vector<std::string> &Out);
  /// Before the marked loop is added: its index t is used through t / D
  /// and t % D (D loop-invariant, VarQuot and VarRem atoms). The nest then
  /// ranges over q = t / D, unbounded, and r = t % D, 0 <= r < |D| (t >= 0:
  /// the loop must start at a constant >= 0), both parallel: t -> (q, r) is
  /// one-to-one, so two iterations are two pairs, and the pairs' domain
  /// holds every real one (an over-approximation: "independent" stays a
  /// proof). A plain use of t is then an unknown.
  void splitRoot(const Poly &Divisor) {
    Split = true;
    SplitDivisor = Divisor;
  }
  /// The loop of r = t % D after splitRoot, for the chains of accesses.
  std::optional<unsigned> remLoop() const {
    return Split ? std::optional<unsigned>(RemPos) : std::nullopt;
  }
  void markParallel(const clang::ForStmt *F) {
    auto It = Pos.find(F);
    if (It != Pos.end())
      N.Loops[It->second].Parallel = true;
  }

  /// P as isl text over the loops of Chain and parameters; "" when P is not
  /// affine there.
  std::string text(const Poly &P, const std::vector<unsigned> &Chain);

private:
  /// splitRoot's part, once the marked loop is added at At (B: its shape).
  void splitMarkedLoop(unsigned At, const LoopBounds *B);
  /// A quotient or remainder as isl text over Chain, or "".
  std::string divText(const LoopAnalyzer::DivAtom &A,
                      const std::vector<unsigned> &Chain);
  std::string name(const clang::VarDecl *V);
  std::string fresh(std::string Base);

  LoopAnalyzer &LA;
  FrontendContext &FC;
  llvm::DenseMap<const clang::ForStmt *, unsigned> Pos;
  std::vector<const clang::VarDecl *> LoopVar; // per N.Loops entry, may be null
  std::vector<bool> LoopExact;
  llvm::DenseMap<const clang::VarDecl *, std::string> ParamName;
  std::set<std::string> Used;
  unsigned Unknowns = 0;
  bool Split = false;
  Poly SplitDivisor;
  const clang::VarDecl *RootIndex = nullptr;
  unsigned RootPos = 0, RemPos = 0;
  /// The guard of every access once split: q has the divisor's sign.
  std::string QuotientSign;
};

} // namespace detail
} // namespace l2c

#endif
