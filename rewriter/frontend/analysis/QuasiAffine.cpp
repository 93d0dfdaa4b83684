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

#include <functional>

using namespace clang;

namespace l2c {
namespace detail {

const VarDecl *LoopAnalyzer::divAtom(DivAtom::Kind K, const Poly &Num,
                                     int64_t By, const Poly &Divisor) {
  for (const auto &[V, A] : DivAtoms)
    if (A.K == K && A.By == By && A.Num == Num && A.Divisor == Divisor)
      return V;
  // A variable nobody declares: it never reaches generated code.
  VarDecl *V =
      VarDecl::Create(FC.Ctx, FC.Ctx.getTranslationUnitDecl(), SourceLocation(),
                      SourceLocation(), &FC.Ctx.Idents.get("l2c_div"),
                      FC.Ctx.LongLongTy, nullptr, SC_None);
  DivAtoms[V] = DivAtom{K, Num, By, Divisor};
  return V;
}

const LoopAnalyzer::DivAtom *LoopAnalyzer::divAtomOf(const VarDecl *V) const {
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

std::optional<Poly>
LoopAnalyzer::rootDivisor(llvm::ArrayRef<const VarDecl *> Arrays) {
  std::optional<Poly> Found;
  bool Clash = false;
  std::function<void(const Poly &)> Scan = [&](const Poly &P) {
    for (const auto &[M, C] : P)
      for (const VarDecl *W : M)
        if (const DivAtom *A = divAtomOf(W)) {
          if (A->K == DivAtom::VarQuot || A->K == DivAtom::VarRem) {
            if (Found && *Found != A->Divisor)
              Clash = true;
            Found = A->Divisor;
          }
          Scan(A->Num);
        }
  };
  for (const Access &X : Accesses)
    if (std::find(Arrays.begin(), Arrays.end(), X.Array) != Arrays.end())
      for (const Expr *S : X.Subs)
        if (std::optional<Poly> P = affine(S))
          Scan(*P);
  // The bounds of the body's loops (`for (r = r0; r < r0 + 16; r++)`, r0
  // from t / D: Rodinia's hotspot).
  for (const LoopBounds &B : BodyLoops)
    for (const Expr *E : {B.Lb, B.Ub})
      if (std::optional<Poly> P = E ? affine(E) : std::nullopt)
        Scan(*P);
  if (Clash)
    return std::nullopt;
  return Found;
}

LoopAnalyzer::ExactAnswer LoopAnalyzer::quasiUpdate(const VarDecl *A,
                                                    const Expr *Sub) {
  NestVarsAffine = true;
  bool Affine = affine(Sub).has_value();
  QuasiAffine = VarDivisors = true;
  bool Quasi = affine(Sub).has_value();
  QuasiAffine = VarDivisors = false;
  NestVarsAffine = false;
  if (Affine || !Quasi)
    return {ExactAnswer::Unknown, "", SourceLocation()};
  return exactDependence({A}, CollapsedCount);
}

} // namespace detail
} // namespace l2c
