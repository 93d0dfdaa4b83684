//===- ExactDependences.cpp - The marked nest as an isl dependence problem ===//
//
// Translates the marked loop, the loops inside its body and the subscripts of
// its arrays into a deps::Nest and asks the isl library (rewriter/deps)
// whether two iterations of the parallel loops touch one element, one of
// them writing it. Whatever the translation cannot express exactly it
// over-approximates, so that "independent" is always a proof:
//   - a loop that is not canonical, or has non-affine bounds, ranges over
//     all integers;
//   - a non-affine subscript becomes an unknown value (a fresh parameter);
//   - conditions are ignored (every access happens).
// A dependence found through an approximation is only "unknown": the caller
// keeps its old remark and --strict policy for it.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/analysis/NestBuilder.h"

#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// "99" for a size "100", "m-1" for "m".
std::string lastIndex(const std::string &Size) {
  long long N;
  if (!llvm::StringRef(Size).getAsInteger(10, N))
    return std::to_string(N - 1);
  return Size.find(' ') == std::string::npos ? Size + "-1" : "(" + Size + ")-1";
}

/// P as M*E1 + E2 with E1, E2 free of M, M a loop-invariant variable (not
/// an index of the nest); M is found when null.
bool splitBy(const Poly &P, const VarDecl *&M, Poly &E1, Poly &E2,
             const LoopAnalyzer &LA) {
  // An index of the nest, or a quotient or remainder of one (t / D).
  auto IndexLike = [&](const VarDecl *V) {
    return LA.isNestIndex(V) || LA.atomOverNest(V);
  };
  for (const auto &[Mono, Coef] : P) {
    if (Mono.size() == 2 && !M) {
      bool A = IndexLike(Mono[0]), B = IndexLike(Mono[1]);
      if (A == B)
        continue; // i*j, or offset*size: another monomial may choose M
      M = A ? Mono[1] : Mono[0];
    }
  }
  for (const auto &[Mono, Coef] : P) {
    if (Mono.size() > 2)
      return false;
    auto It = std::find(Mono.begin(), Mono.end(), M);
    if (!M || It == Mono.end()) {
      E2 = polyAdd(E2, polyMul(polyConst(Coef), [&] {
                     Poly Q;
                     Q[Mono] = 1;
                     return Q;
                   }()));
      continue;
    }
    Monomial Rest(Mono);
    Rest.erase(Rest.begin() + (It - Mono.begin()));
    if (std::find(Rest.begin(), Rest.end(), M) != Rest.end())
      return false; // M*M
    Poly Q;
    Q[Rest] = Coef;
    E1 = polyAdd(E1, Q);
  }
  return M != nullptr;
}

/// The constant c of a row length m + c: where some access's E1 is one
/// term a*k and its E2 holds b*k, b a multiple of a, c = b / a (k*m + k + j
/// is k*(m + 1) + j); else 0.
int64_t
rowOffset(const std::map<const Access *, std::pair<Poly, Poly>> &Parts) {
  for (const auto &[X, Part] : Parts) {
    const auto &[E1, E2] = Part;
    if (E1.size() != 1 || E1.begin()->first.empty())
      continue;
    auto It = E2.find(E1.begin()->first);
    int64_t A = E1.begin()->second;
    if (It != E2.end() && A != 0 && It->second % A == 0)
      return It->second / A;
  }
  return 0;
}

} // namespace
std::vector<std::optional<Poly>> LoopAnalyzer::rowSizes(const VarDecl *A) {
  QualType T = A->getType().getNonReferenceType();
  if (const auto *PV = dyn_cast<ParmVarDecl>(A))
    if (PV->getOriginalType()->isArrayType())
      T = PV->getOriginalType();
  QualType Elem;
  if (T->isPointerType())
    Elem = T->getPointeeType();
  else if (const ArrayType *AT = FC.Ctx.getAsArrayType(T))
    Elem = AT->getElementType();
  std::vector<std::optional<Poly>> Out;
  for (const ArrayType *RT = Elem.isNull() ? nullptr
                                           : FC.Ctx.getAsArrayType(Elem);
       RT; RT = FC.Ctx.getAsArrayType(RT->getElementType())) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(RT))
      Out.push_back(
          polyConst(static_cast<int64_t>(CAT->getSize().getZExtValue())));
    else if (const auto *VAT = dyn_cast<VariableArrayType>(RT);
             VAT && VAT->getSizeExpr())
      Out.push_back(affine(VAT->getSizeExpr()));
    else
      Out.push_back(std::nullopt);
  }
  return Out;
}

const LoopBounds *LoopAnalyzer::shapeOf(const ForStmt *F) const {
  if (F == ML.For)
    return &Marked;
  for (const LoopBounds &B : BodyLoops)
    if (B.For == F)
      return &B;
  return nullptr;
}

bool LoopAnalyzer::isNestIndex(const VarDecl *V) const {
  return NestIndices.count(V) != 0;
}

bool LoopAnalyzer::invariant(const Expr *E) {
  if (!E)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral>(E) || isa<SubstNonTypeTemplateParmExpr>(E))
    return true;
  if (const auto *C = dyn_cast<CastExpr>(E))
    return invariant(C->getSubExpr());
  if (const VarDecl *V = varOf(E)) {
    auto It = Info.find(V);
    return V != Index && !NestIndices.count(V) && !Locals.count(V) &&
           (It == Info.end() || !It->second.Writes);
  }
  // s.n of a struct the loop does not write.
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (!ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()))
      return invariant(ME->getBase());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && !BO->isCommaOp() &&
           invariant(BO->getLHS()) && invariant(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_Deref &&
           UO->getOpcode() != UO_AddrOf && invariant(UO->getSubExpr());
  // v.size() of a vector: kernels cannot resize it.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const auto *MD = MC->getMethodDecl())
      if (MD->getIdentifier() && MD->getName() == "size" &&
          MC->getNumArgs() == 0)
        return invariant(MC->getImplicitObjectArgument());
  return false;
}

LoopAnalyzer::ExactAnswer
LoopAnalyzer::exactDependence(llvm::ArrayRef<const VarDecl *> Arrays,
                              unsigned ParallelCandidates) {
  NestVarsAffine = true;
  QuasiAffine = true;
  VarDivisors = true;
  struct Restore {
    bool &Flag;
    ~Restore() { Flag = false; }
  } R0{NestVarsAffine}, R1{QuasiAffine}, R3{VarDivisors};
  // One-dimensional arrays whose subscripts all read m*e1 + e2 (A[i*m + j])
  // are taken as A[e1][e2], once isl confirms 0 <= e2 < m for every
  // instance: then the two forms name the same elements.
  // The row length may be m plus a constant (w[k * (n + 1) + j], Rodinia's
  // backprop): P = k*n + k + j is then k*(n + 1) + j, with Offset 1.
  struct Delin {
    const VarDecl *M = nullptr;
    int64_t Offset = 0;
    std::map<const Access *, std::pair<Poly, Poly>> Parts;
  };
  std::map<const VarDecl *, Delin> Delins;
  for (const VarDecl *A : Arrays) {
    if (sharedArray(A))
      continue; // its subscripts move by an offset first
    Delin D;
    bool Ok = true, AnyProduct = false;
    for (const Access &X : Accesses) {
      if (X.Array != A)
        continue;
      std::optional<Poly> P;
      if (X.Subs.size() == 1)
        P = affine(X.Subs[0]);
      Poly E1, E2;
      if (!P || !splitBy(*P, D.M, E1, E2, *this)) {
        Ok = false;
        break;
      }
      AnyProduct |= !E1.empty();
      D.Parts[&X] = {E1, E2};
    }
    if (Ok && AnyProduct && D.M) {
      D.Offset = rowOffset(D.Parts);
      for (auto &[X, Part] : D.Parts)
        Part.second =
            polyAdd(Part.second, polyMul(polyConst(D.Offset), Part.first), -1);
      Delins[A] = std::move(D);
    }
  }

  NestBuilder B(*this, FC);
  if (std::optional<Poly> D = rootDivisor(Arrays))
    B.splitRoot(*D);
  std::vector<const Access *> Origin;
  // Range checks of the delinearised accesses: (access, e2, m).
  std::vector<std::tuple<unsigned, std::string, std::string, const VarDecl *>>
      Ranges;
  // The marked loop first: the body's loops nest inside it.
  unsigned Root = B.loop(ML.For, {});
  for (const Access &X : Accesses) {
    if (std::find(Arrays.begin(), Arrays.end(), X.Array) == Arrays.end())
      continue;
    std::vector<unsigned> Chain = {Root};
    if (std::optional<unsigned> Rem = B.remLoop())
      Chain.push_back(*Rem);
    for (const ForStmt *F : X.Loops)
      Chain.push_back(B.loop(F, Chain));
    auto D = Delins.find(X.Array);
    for (unsigned M : {Read, Write})
      if (X.M & M) {
        if (D != Delins.end()) {
          auto &[E1, E2] = D->second.Parts[&X];
          auto [T2, MName] = B.access2(X, M, Chain, D->second.M, E1, E2);
          if (D->second.Offset)
            MName += " + " + std::to_string(D->second.Offset);
          Ranges.emplace_back(B.N.Accesses.size() - 1, T2, MName, X.Array);
        } else {
          B.access(X, M, Chain);
        }
        Origin.push_back(&X);
      }
  }
  // After the host loops' ranges, whose bounds may name locals defined
  // before them (nw's `for (diag = 1; diag <= blocks; ...)`).
  B.hostLoopContext(ML.For);
  B.definitionContext(ML.For);
  std::set<const VarDecl *> Undone;
  for (auto &[K, E2, MName, Array] : Ranges)
    if (!Undone.count(Array) &&
        (E2.empty() || deps::alwaysWithin(B.N, K, E2, "0", MName) !=
                           std::optional<bool>(true))) {
      // Not provably inside a row: the subscript stays one unknown.
      Undone.insert(Array);
      for (size_t J = 0; J < B.N.Accesses.size(); ++J)
        if (Origin[J]->Array == Array) {
          B.N.Accesses[J].Subscripts = {"l2c_row_unknown" + std::to_string(J)};
          B.N.Params.push_back("l2c_row_unknown" + std::to_string(J));
          B.Exact[J] = false;
        }
    }
  // A subscript past the end of its row reaches the next row: a test on
  // each subscript alone would miss that dependence (DataRaceBench DRB014,
  // b[i][j - 1] at j = 0). A subscript that leaves its dimension whatever
  // the sizes rejects the loop; one that leaves it only for some sizes
  // (j < nj over rows of 64, PolyBench) is taken to stay in: C makes the
  // other sizes undefined behaviour, and PolyBench passes the right ones.
  for (size_t K = 0; K < B.N.Accesses.size(); ++K) {
    const Access &X = *Origin[K];
    if (X.Subs.size() < 2 || Undone.count(X.Array))
      continue;
    std::vector<std::optional<Poly>> Sizes = rowSizes(X.Array);
    for (size_t D = 1; D < X.Subs.size() && D <= Sizes.size(); ++D) {
      std::string Sub = B.N.Accesses[K].Subscripts[D];
      std::string Size =
          Sizes[D - 1] ? B.text(*Sizes[D - 1], B.N.Accesses[K].Loops) : "";
      std::optional<bool> In, Leaves;
      if (!Size.empty() && !llvm::StringRef(Sub).starts_with("l2c_unknown")) {
        In = deps::alwaysWithin(B.N, K, Sub, "0", Size);
        if (In == std::optional<bool>(false))
          Leaves = deps::alwaysLeaves(B.N, K, Sub, "0", Size);
      }
      if (In == std::optional<bool>(true) ||
          Leaves == std::optional<bool>(false))
        continue;
      if (Leaves == std::optional<bool>(true) && B.Exact[K])
        return {ExactAnswer::Dependent,
                FC.pretty(X.Whole) + " leaves its row: '" +
                    FC.pretty(X.Subs[D]) + "' is not within 0.." +
                    lastIndex(Size) +
                    " at every iteration, and the access may touch "
                    "another row's elements",
                X.Whole->getExprLoc()};
      // Unknown: the array's subscripts stay unknowns.
      Undone.insert(X.Array);
      for (size_t J = 0; J < B.N.Accesses.size(); ++J)
        if (Origin[J]->Array == X.Array) {
          std::string U = "l2c_row_unknown" + std::to_string(J);
          B.N.Accesses[J].Subscripts = {U};
          B.N.Params.push_back(U);
          B.Exact[J] = false;
        }
      break;
    }
  }
  B.markParallel(ML.For);
  for (unsigned K = 0; K < ParallelCandidates && K < Candidates.size(); ++K)
    B.markParallel(Candidates[K].For);

  deps::Result R = deps::findDependence(B.N);
  if (!R.ok())
    return {ExactAnswer::Unknown, "", SourceLocation()};
  if (!R.Dep)
    return {ExactAnswer::Independent, "", SourceLocation()};
  auto Where = [&](const deps::Dependence &D) {
    return Origin[D.Sink - B.N.Accesses.data()]->Whole->getExprLoc();
  };
  auto IsExact = [&](const deps::Dependence &D) {
    return B.Exact[D.Source - B.N.Accesses.data()] &&
           B.Exact[D.Sink - B.N.Accesses.data()];
  };
  if (IsExact(*R.Dep))
    return {ExactAnswer::Dependent, R.Dep->Message, Where(*R.Dep)};
  // Found through an approximation: is there a dependence without them?
  deps::Nest Only = B.N;
  Only.Accesses.clear();
  std::vector<const Access *> OnlyOrigin;
  for (size_t K = 0; K < B.N.Accesses.size(); ++K)
    if (B.Exact[K]) {
      Only.Accesses.push_back(B.N.Accesses[K]);
      OnlyOrigin.push_back(Origin[K]);
    }
  deps::Result R2 = deps::findDependence(Only);
  if (R2.ok() && R2.Dep)
    return {
        ExactAnswer::Dependent, R2.Dep->Message,
        OnlyOrigin[R2.Dep->Sink - Only.Accesses.data()]->Whole->getExprLoc()};
  return {ExactAnswer::Unknown, "", SourceLocation()};
}

} // namespace detail
} // namespace l2c
