//===- QuasiAffine.cpp - Quotients and remainders by constants ------------===//
//
// Blocked code computes its subscripts with / and % by constants:
// `a[(t / 8) * 8 + t % 8]`, `r = t / 64; c = t % 64; x[r * 64 + c]`,
// `out[i >> 1]`, `h[v & 255]`. isl decides such quasi-affine subscripts
// exactly (it keeps each floor as an existentially quantified variable).
// While LoopAnalyzer::QuasiAffine is set, affine() gives each quotient or
// remainder as a variable of its own, a DivAtom, which NestBuilder writes
// as isl text; every other reader of polynomials sees no atoms, since the
// flag is set only while the exact test builds its question.
//
//===----------------------------------------------------------------------===//

#include "frontend/LoopAnalyzer.h"

using namespace clang;

namespace l2c {
namespace detail {

const VarDecl *LoopAnalyzer::divAtom(DivAtom::Kind K, const Poly &Num,
                                     int64_t By) {
  for (const auto &[V, A] : DivAtoms)
    if (A.K == K && A.By == By && A.Num == Num)
      return V;
  // A variable nobody declares: it never reaches generated code.
  VarDecl *V = VarDecl::Create(
      FC.Ctx, FC.Ctx.getTranslationUnitDecl(), SourceLocation(),
      SourceLocation(), &FC.Ctx.Idents.get("l2c_div"), FC.Ctx.LongLongTy,
      nullptr, SC_None);
  DivAtoms[V] = DivAtom{K, Num, By};
  return V;
}

const LoopAnalyzer::DivAtom *
LoopAnalyzer::divAtomOf(const VarDecl *V) const {
  auto It = DivAtoms.find(V);
  return It == DivAtoms.end() ? nullptr : &It->second;
}

bool LoopAnalyzer::atomOverNest(const VarDecl *V) const {
  const DivAtom *A = divAtomOf(V);
  if (!A)
    return false;
  for (const auto &[M, C] : A->Num)
    for (const VarDecl *W : M)
      if (W == Index || NestIndices.count(W) || atomOverNest(W))
        return true;
  return false;
}

LoopAnalyzer::ExactAnswer LoopAnalyzer::quasiUpdate(const VarDecl *A,
                                                    const Expr *Sub) {
  NestVarsAffine = true;
  bool Affine = affine(Sub).has_value();
  QuasiAffine = true;
  bool Quasi = affine(Sub).has_value();
  QuasiAffine = false;
  NestVarsAffine = false;
  if (Affine || !Quasi)
    return {ExactAnswer::Unknown, "", SourceLocation()};
  return exactDependence({A}, CollapsedCount);
}

} // namespace detail
} // namespace l2c
