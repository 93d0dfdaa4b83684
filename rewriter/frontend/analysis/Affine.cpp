//===- Affine.cpp - Polynomials over loop variables -----------------------===//
//
// Arithmetic on the polynomials that represent affine subscripts, and the
// split of a subscript into the coefficient of the loop index and the
// rest.
//
//===----------------------------------------------------------------------===//

#include "frontend/analysis/Affine.h"

#include <algorithm>

using namespace clang;

namespace l2c {
namespace detail {

Poly polyConst(int64_t C) {
  Poly P;
  if (C)
    P[{}] = C;
  return P;
}

Poly polyVar(const VarDecl *V) {
  Poly P;
  P[Monomial{V}] = 1;
  return P;
}

Poly polyAdd(const Poly &A, const Poly &B, int64_t Sign) {
  Poly R = A;
  for (auto &[M, C] : B) {
    int64_t &Slot = R[M];
    Slot += Sign * C;
    if (!Slot)
      R.erase(M);
  }
  return R;
}

Poly polyMul(const Poly &A, const Poly &B) {
  Poly R;
  for (auto &[MA, CA] : A)
    for (auto &[MB, CB] : B) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      std::sort(M.begin(), M.end());
      int64_t &Slot = R[M];
      Slot += CA * CB;
      if (!Slot)
        R.erase(M);
    }
  return R;
}

bool polyConstant(const Poly &P, int64_t &C) {
  C = 0;
  for (auto &[M, K] : P) {
    if (!M.empty())
      return false;
    C = K;
  }
  return true;
}

bool splitIndex(const Poly &P, const VarDecl *I, Poly &Coef, Poly &Rest) {
  for (auto &[M, C] : P) {
    auto N = std::count(M.begin(), M.end(), I);
    if (N > 1)
      return false;
    if (N == 1) {
      Monomial Rem;
      for (const VarDecl *V : M)
        if (V != I)
          Rem.push_back(V);
      Coef[Rem] += C;
    } else {
      Rest[M] += C;
    }
  }
  return true;
}

} // namespace detail
} // namespace l2c
