//===- PolyExtents.cpp - Extents of polynomial subscripts -----------------===//
//
// The element count of a flat array indexed by a polynomial of the nest's
// indices and the host's sizes: `a[i * m + j]`, `src[(y + dy) * w + x]`,
// `t[j * n + i]`, `u[i * 128 + j]`. Each index is at most its loop's end
// minus one and at least its lower bound; a monomial of positive
// coefficient is largest where its indices are, one of negative coefficient
// where they are smallest. The host's variables must be sizes, at least 0:
// unsigned, the upper bound of a loop of the nest (`m` of `j < m`), or the
// index of an upward host loop around the marked one (a row `r`); the
// lowest subscript must then be at least 0, since the copy starts at
// element 0. An offset `a[i + k]` of any other variable gives no count.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

using namespace clang;

namespace l2c {
namespace detail {

/// Every coefficient of P is at least 0: P >= 0 for sizes >= 0.
static bool nonNegative(const Poly &P) {
  for (const auto &[M, C] : P)
    if (C < 0)
      return false;
  return true;
}

/// P as host text: positive terms first, higher degrees first, then by
/// text (pointer order would change from run to run).
static std::string polyText(const Poly &P, const LoopAnalyzer &LA);

/// V as host text: its name, or a quotient `(n / 16)` (QuasiAffine.cpp).
static std::string atomText(const VarDecl *V, const LoopAnalyzer &LA) {
  const LoopAnalyzer::DivAtom *A = LA.divAtomOf(V);
  if (!A)
    return hostName(V);
  std::string Num = polyText(A->Num, LA);
  if (Num.find(' ') != std::string::npos)
    Num = "(" + Num + ")";
  if (A->K == LoopAnalyzer::DivAtom::Quot)
    return Num + " / " + std::to_string(A->By);
  return Num + " >> " + std::to_string(llvm::Log2_64(A->By));
}

static std::string polyText(const Poly &P, const LoopAnalyzer &LA) {
  std::vector<std::tuple<bool, size_t, std::string, int64_t>> Terms;
  int64_t Const = 0;
  for (const auto &[M, C] : P) {
    if (M.empty()) {
      Const = C;
      continue;
    }
    std::vector<std::string> Names;
    for (const VarDecl *V : M)
      Names.push_back(LA.divAtomOf(V) ? "(" + atomText(V, LA) + ")"
                                      : hostName(V));
    std::sort(Names.begin(), Names.end());
    std::string T;
    for (const std::string &N : Names)
      T += (T.empty() ? "" : " * ") + N;
    Terms.push_back({C < 0, ~M.size(), T, C});
  }
  std::sort(Terms.begin(), Terms.end());
  std::string Out;
  for (auto &[Neg, Deg, T, C] : Terms) {
    int64_t A = Neg ? -C : C;
    std::string Term = A == 1 ? T : std::to_string(A) + " * " + T;
    Out +=
        Out.empty() ? (Neg ? "-" + Term : Term) : (Neg ? " - " : " + ") + Term;
  }
  if (Out.empty())
    return std::to_string(Const);
  if (Const)
    Out += (Const < 0 ? " - " : " + ") +
           std::to_string(Const < 0 ? -Const : Const);
  return Out;
}

/// The for statements of Body that hold S, outermost first.
static void enclosingFors(FrontendContext &FC, const Stmt *Body, const Stmt *S,
                          std::vector<const ForStmt *> &Out) {
  if (!Body || Body == S)
    return;
  // The loop of an OpenMP directive: its children leave it out.
  if (const auto *CS = dyn_cast<CapturedStmt>(Body))
    return enclosingFors(FC, CS->getCapturedStmt(), S, Out);
  if (const auto *F = dyn_cast<ForStmt>(Body))
    if (F->getBody() && within(FC, S, F->getBody()))
      Out.push_back(F);
  for (const Stmt *C : Body->children())
    if (C)
      enclosingFors(FC, C, S, Out);
}

bool LoopAnalyzer::sizeLike(
    const VarDecl *V, const std::map<const VarDecl *, LoopBounds> &Loops) {
  if (V->getType()->isUnsignedIntegerType())
    return true;
  // A quotient of sizes (n / 16): a size.
  if (const DivAtom *A = divAtomOf(V)) {
    for (const auto &[M, C] : A->Num)
      for (const VarDecl *W : M)
        if (C < 0 || isNestIndex(W) || W == Index || !sizeLike(W, Loops))
          return false;
    return true;
  }
  // A positive term of the upper bound of a loop that counts from a
  // constant >= 0 (`m` of `j < m`): a size, when the loop runs.
  auto InUb = [&](const LoopBounds &B) {
    Expr::EvalResult L;
    if (!B.Lb || !B.Lb->EvaluateAsInt(L, FC.Ctx) ||
        L.Val.getInt().getSExtValue() < 0)
      return false;
    auto Ub = affine(B.Ub);
    auto It = Ub ? Ub->find(Monomial{V}) : Poly::const_iterator();
    return Ub && It != Ub->end() && It->second > 0;
  };
  for (const auto &[I, B] : Loops)
    if (B.Index && InUb(B))
      return true;
  // The host loops around the marked one: their sizes, and their indices
  // where they count up from a constant >= 0 (a row `r`).
  std::vector<const ForStmt *> Fors;
  if (ML.Function)
    enclosingFors(FC, ML.Function->getBody(), ML.For, Fors);
  for (const ForStmt *F : Fors) {
    LoopBounds B;
    if (!loopShape(F, B).empty())
      continue;
    Expr::EvalResult R;
    if (B.Index == V && !B.Down && B.Lb->EvaluateAsInt(R, FC.Ctx) &&
        R.Val.getInt().getSExtValue() >= 0 && !writesVar(F->getBody(), V))
      return true;
    if (InUb(B))
      return true;
  }
  return false;
}

std::map<const VarDecl *, LoopBounds> LoopAnalyzer::nestLoops() {
  std::map<const VarDecl *, LoopBounds> Loops = {{Index, Marked}};
  for (const LoopBounds &B : BodyLoops) {
    if (!NestIndices.count(B.Index))
      continue;
    auto [It, New] = Loops.emplace(B.Index, B);
    if (!New &&
        (It->second.UbText != B.UbText || It->second.EndAdjust != B.EndAdjust))
      It->second.Index = nullptr; // two loops, two bounds: give up
  }
  return Loops;
}

void LoopAnalyzer::narrowByGuards(
    const Access &X, std::map<const VarDecl *, std::pair<Poly, Poly>> &Range) {
  // Each comparison that holds at X, as `V op e` with V an index whose
  // range is known and e a polynomial of host sizes.
  std::function<void(const Expr *, bool)> Take = [&](const Expr *E,
                                                     bool Holds) {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_LNot)
      return Take(U->getSubExpr(), !Holds);
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B)
      return;
    BinaryOperatorKind Op = B->getOpcode();
    if ((Op == BO_LAnd && Holds) || (Op == BO_LOr && !Holds)) {
      Take(B->getLHS(), Holds);
      Take(B->getRHS(), Holds);
      return;
    }
    if (!B->isComparisonOp())
      return;
    if (!Holds)
      Op = BinaryOperator::negateComparisonOp(Op);
    auto L = affine(B->getLHS()), R = affine(B->getRHS());
    if (!L || !R)
      return;
    // L - R op 0, as c*V + Q op 0 with c = 1 or -1.
    Poly D = polyAdd(*L, *R, -1);
    for (auto &[V, Bounds] : Range) {
      Poly Coef, Q;
      int64_t C;
      if (!splitIndex(D, V, Coef, Q) || !polyConstant(Coef, C) ||
          (C != 1 && C != -1))
        continue;
      bool HostOnly = true;
      for (const auto &[M, K] : Q)
        for (const VarDecl *W : M)
          HostOnly &= !Range.count(W) && !NestIndices.count(W) &&
                      W != Index && !atomOverNest(W);
      if (!HostOnly)
        continue;
      // V op' e: with c = -1 the comparison turns around.
      Poly E = C == 1 ? polyAdd(polyConst(0), Q, -1) : Q;
      BinaryOperatorKind VOp =
          C == 1 ? Op : BinaryOperator::reverseComparisonOp(Op);
      // A bound replaces the loop's only where it is provably tighter: a
      // looser one would give an extent past the array's end.
      auto Upper = [&](const Poly &U) {
        if (nonNegative(polyAdd(Bounds.second, U, -1)))
          Bounds.second = U;
      };
      auto Lower = [&](const Poly &L) {
        if (nonNegative(polyAdd(L, Bounds.first, -1)))
          Bounds.first = L;
      };
      switch (VOp) {
      case BO_LT:
        Upper(polyAdd(E, polyConst(-1)));
        break;
      case BO_LE:
        Upper(E);
        break;
      case BO_GT:
        Lower(polyAdd(E, polyConst(1)));
        break;
      case BO_GE:
        Lower(E);
        break;
      case BO_EQ:
        Upper(E);
        Lower(E);
        break;
      case BO_NE:
        // Only at an end of the range does it narrow it.
        if (Bounds.first == E)
          Bounds.first = polyAdd(E, polyConst(1));
        else if (Bounds.second == E)
          Bounds.second = polyAdd(E, polyConst(-1));
        break;
      default:
        break;
      }
      return;
    }
  };
  for (const auto &[Cond, Taken] : X.Guards)
    Take(Cond, Taken);
}

std::string LoopAnalyzer::countFromPolynomials(const VarDecl *A, unsigned Dim) {
  std::map<const VarDecl *, LoopBounds> Loops = nestLoops();
  NestVarsAffine = true;
  QuasiAffine = true;
  // Each index's lowest value and end - 1, as polynomials of host sizes.
  std::map<const VarDecl *, std::pair<Poly, Poly>> Range;
  auto HostOnly = [&](const Poly &P) {
    for (const auto &[M, C] : P)
      for (const VarDecl *V : M)
        if (Loops.count(V) || NestIndices.count(V) || V == Index ||
            atomOverNest(V))
          return false;
    return true;
  };
  // Indices whose range came from the range of an outer index (a
  // triangle, `j <= i`), and those being bounded (no cycles).
  std::set<const VarDecl *> Relaxed, Visiting;
  std::function<const std::pair<Poly, Poly> *(const VarDecl *)> RangeOf;
  // A bound that names outer indices (`i`, `i + 1`, `n - i`) as its
  // least (Upper false) or greatest value over their ranges: each index in
  // a monomial of its own, of degree 1, the rest of it host sizes.
  auto Extreme = [&](const Poly &P, bool Upper) -> std::optional<Poly> {
    if (HostOnly(P))
      return P;
    Poly Out;
    for (const auto &[M, C] : P) {
      const VarDecl *U = nullptr;
      Poly Sizes = polyConst(C);
      for (const VarDecl *W : M) {
        if (Loops.count(W) || NestIndices.count(W) || W == Index) {
          if (U)
            return std::nullopt;
          U = W;
        } else if (sizeLike(W, Loops)) {
          Sizes = polyMul(Sizes, polyVar(W));
        } else {
          return std::nullopt;
        }
      }
      if (!U) {
        Out = polyAdd(Out, Sizes);
        continue;
      }
      const auto *R = Loops.count(U) ? RangeOf(U) : nullptr;
      if (!R)
        return std::nullopt;
      Out =
          polyAdd(Out, polyMul(Sizes, (C > 0) == Upper ? R->second : R->first));
    }
    return Out;
  };
  RangeOf = [&](const VarDecl *V) -> const std::pair<Poly, Poly> * {
    auto It = Range.find(V);
    if (It != Range.end())
      return &It->second;
    const LoopBounds &B = Loops[V];
    if (!B.Index || !Visiting.insert(V).second)
      return nullptr;
    auto Lo = affine(B.Lb), Hi = affine(B.Ub);
    std::optional<Poly> L, H;
    if (Lo && Hi) {
      L = Extreme(*Lo, false);
      H = Extreme(*Hi, true);
    }
    Visiting.erase(V);
    if (!L || !H)
      return nullptr;
    if (!HostOnly(*Lo) || !HostOnly(*Hi))
      Relaxed.insert(V);
    Poly Last = polyAdd(*H, polyConst(B.EndAdjust - 1));
    return &Range.emplace(V, std::make_pair(*L, Last)).first->second;
  };
  // The largest subscripts; one that another is at least drops out.
  std::vector<Poly> Maxima;
  bool Ok = true;
  for (const Access &X : Accesses) {
    if (X.Array != A || !Ok)
      continue;
    Ok = false;
    auto P = Dim < X.Subs.size() ? affine(X.Subs[Dim]) : std::nullopt;
    if (!P)
      break;
    Poly Hi, Lo;
    bool Shape = true;
    // The ranges at X: the loops' own, narrowed by the conditions around
    // it (a triangle's index keeps its range).
    std::map<const VarDecl *, std::pair<Poly, Poly>> Local;
    if (!X.Guards.empty()) {
      for (const auto &[V, B] : Loops)
        if (const auto *R = RangeOf(V); R && !Relaxed.count(V))
          Local.emplace(V, *R);
      narrowByGuards(X, Local);
    }
    // The least and greatest values of Q at X, as polynomials of sizes.
    std::function<bool(const Poly &, Poly &, Poly &)> Bound =
        [&](const Poly &Q, Poly &Lo, Poly &Hi) {
          for (const auto &[M, C] : Q) {
            // A quotient of the nest's indices (in[i / 2]): it never
            // decreases as its numerator grows, so the numerator's ends
            // give its own; at least 0 where the numerator is.
            const DivAtom *A = M.size() == 1 ? divAtomOf(M[0]) : nullptr;
            if (A && !sizeLike(M[0], Loops)) {
              Poly NLo, NHi;
              if (!Bound(A->Num, NLo, NHi) || !nonNegative(NLo))
                return false;
              Poly AHi = polyVar(divAtom(A->K, NHi, A->By));
              Poly ALo = polyVar(divAtom(A->K, NLo, A->By));
              Hi = polyAdd(Hi, polyMul(polyConst(C), C > 0 ? AHi : ALo));
              Lo = polyAdd(Lo, polyMul(polyConst(C), C > 0 ? ALo : AHi));
              continue;
            }
            std::vector<const VarDecl *> Idx;
            Poly Sizes = polyConst(C);
            for (const VarDecl *V : M)
              if (Loops.count(V))
                Idx.push_back(V);
              else if (sizeLike(V, Loops))
                Sizes = polyMul(Sizes, polyVar(V));
              else
                return false;
            Poly MHi = Sizes, MLo = Sizes;
            bool Twice = std::adjacent_find(Idx.begin(), Idx.end()) != Idx.end();
            for (const VarDecl *V : Idx) {
              const auto *R = RangeOf(V);
              if (auto L = Local.find(V); L != Local.end())
                R = &L->second;
              // A triangle's index is largest where its outer index is: the
              // subscript's largest value is reached only where every index
              // counts positively.
              if (R && C < 0 && Relaxed.count(V)) {
                return false;
              }
              int64_t L;
              // Two indices in one product: monotone only where both are >= 0.
              if (!R || Twice ||
                  (Idx.size() > 1 && (!polyConstant(R->first, L) || L < 0))) {
                return false;
              }
              MHi = polyMul(MHi, C > 0 ? R->second : R->first);
              MLo = polyMul(MLo, C > 0 ? R->first : R->second);
            }
            Hi = polyAdd(Hi, MHi);
            Lo = polyAdd(Lo, MLo);
          }
          return true;
        };
    // Each monomial at its own end gives the bound; with quotients of the
    // indices that bound is reached only where every term grows with every
    // index (n + i / 2 - i would give n + (n - 1) / 2, past the array).
    std::function<bool(const Poly &)> Grows = [&](const Poly &Q) {
      for (const auto &[M, C] : Q)
        for (const VarDecl *V : M) {
          bool Moves = Loops.count(V) || NestIndices.count(V) || V == Index;
          if ((Moves || atomOverNest(V)) && C < 0)
            return false;
          if (atomOverNest(V) && !Grows(divAtomOf(V)->Num))
            return false;
        }
      return true;
    };
    bool Quotients = false;
    for (const auto &[M, C] : *P)
      for (const VarDecl *V : M)
        Quotients |= atomOverNest(V);
    Shape = (!Quotients || Grows(*P)) && Bound(*P, Lo, Hi);
    if (!Shape || !nonNegative(Lo) || !HostOnly(Hi))
      break;
    bool Dominated = false;
    for (const Poly &Q : Maxima)
      Dominated |= nonNegative(polyAdd(Q, Hi, -1));
    if (!Dominated) {
      llvm::erase_if(Maxima, [&](const Poly &Q) {
        return nonNegative(polyAdd(Hi, Q, -1));
      });
      Maxima.push_back(Hi);
    }
    Ok = true;
  }
  NestVarsAffine = false;
  QuasiAffine = false;
  if (!Ok || Maxima.empty())
    return "";
  std::string Out = polyText(polyAdd(Maxima[0], polyConst(1)), *this);
  for (size_t K = 1; K < Maxima.size(); ++K) {
    std::string C = polyText(polyAdd(Maxima[K], polyConst(1)), *this);
    Out = "(" + Out + " > " + C + " ? " + Out + " : " + C + ")";
  }
  return Out;
}

} // namespace detail
} // namespace l2c
