//===- Allocations.cpp - Pointers that hold distinct allocations ----------===//
//
// Two local pointers of one function that each hold the result of their
// own allocation (malloc, calloc, aligned_alloc, realloc of null, new[],
// new) never point into the same memory, as long as nothing gives either
// of them another value, except another allocation or an exchange of the
// two (the double-buffering idiom):
//
// \code
//   float *u = (float *)malloc(n * sizeof(float));
//   float *v = new float[n];
//   for (int t = 0; t < steps; t++) {
//     ... loops over u and v ...
//     std::swap(u, v);            // or: float *tmp = u; u = v; v = tmp;
//   }
// \endcode
//
// Exchanges permute the allocations among the pointers, so at every other
// point the pointers still name distinct allocations. Any other write of
// the pointer variable (an assignment from elsewhere, ++, its address
// taken, a non-const reference bound to it) makes it a plain pointer
// again. The dependence remark (Dependences.cpp) and the aliases of
// move-copies (Aliasing.cpp) ask here before they assume the worst.
//
// The other way round, aliasingAssignment finds the evidence that two
// pointers do share memory: one is given the other's value (`u = v;`,
// `u = v + 1;`, `float *u = v;`) other than in an exchange. The dependence
// test then rejects the loop instead of trusting the marking.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <functional>
#include <set>
#include <tuple>

using namespace clang;

namespace l2c {
namespace detail {

const Expr *allocationInWrapper(const CallExpr *CE) {
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def->getReturnType()->isPointerType())
    return nullptr;
  const Expr *V = onlyReturnValue(Def->getBody());
  V = V ? V->IgnoreParenCasts() : nullptr;
  if (isa_and_nonnull<CXXNewExpr>(V))
    return V;
  const auto *Inner = dyn_cast_or_null<CallExpr>(V);
  const FunctionDecl *IF = Inner ? Inner->getDirectCallee() : nullptr;
  if (!IF || !IF->getIdentifier())
    return nullptr;
  StringRef N = IF->getName();
  return N == "malloc" || N == "calloc" || N == "aligned_alloc" ? Inner
                                                                : nullptr;
}

namespace {

/// An expression whose value is a fresh allocation, or a call of a
/// function that returns one (allocationInWrapper).
bool isAllocation(const Expr *E) {
  if (!E)
    return false;
  E = E->IgnoreParenCasts();
  if (isa<CXXNewExpr>(E))
    return true;
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || !CE->getDirectCallee() || !CE->getDirectCallee()->getIdentifier())
    return false;
  StringRef N = CE->getDirectCallee()->getName();
  return N == "malloc" || N == "calloc" || N == "aligned_alloc" ||
         allocationInWrapper(CE);
}

const VarDecl *plainVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(D->getDecl());
  return nullptr;
}

/// `l = r` with both plain variables: (l, r); else nulls.
std::pair<const VarDecl *, const VarDecl *> assignment(const Stmt *S) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->getOpcode() == BO_Assign)
      return {plainVar(BO->getLHS()), plainVar(BO->getRHS())};
  return {nullptr, nullptr};
}

} // namespace

/// (a, b) when B[I], B[I + 1], B[I + 2] are the exchange `t = a; a = b;
/// b = t;` of two different variables (t may be declared in the first
/// statement); else nulls.
std::pair<const VarDecl *, const VarDecl *>
exchangeAt(const std::vector<const Stmt *> &B, size_t I) {
  if (I + 2 >= B.size())
    return {nullptr, nullptr};
  const VarDecl *T = nullptr, *A = nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(B[I])) {
    if (DS->isSingleDecl())
      if ((T = dyn_cast<VarDecl>(DS->getSingleDecl())))
        A = plainVar(T->getInit());
  } else {
    std::tie(T, A) = assignment(B[I]);
  }
  auto [A2, Bv] = assignment(B[I + 1]);
  auto [B2, T2] = assignment(B[I + 2]);
  if (T && A && A2 == A && Bv && B2 == Bv && T2 == T && A != Bv)
    return {A, Bv};
  return {nullptr, nullptr};
}

namespace {

class Allocations {
public:
  explicit Allocations(const FunctionDecl *FD) : Body(FD->getBody()) {
    if (!Body)
      return;
    findCandidates(Body);
    findExchanges(Body);
    checkWrites();
  }
  bool distinct(const VarDecl *A, const VarDecl *B) const {
    return A != B && Candidates.count(A) && Candidates.count(B);
  }
  bool owns(const VarDecl *V) const { return Candidates.count(V) != 0; }
  /// The allocations V may hold: its own and those of the candidates it
  /// exchanges with, directly or through others; empty when V is no
  /// candidate.
  std::vector<const Expr *> heldBy(const VarDecl *V) const {
    std::vector<const Expr *> Out;
    if (!owns(V))
      return Out;
    std::set<const VarDecl *> Seen = {V};
    std::vector<const VarDecl *> Work = {V};
    while (!Work.empty()) {
      const VarDecl *W = Work.back();
      Work.pop_back();
      Out.push_back(W->getInit());
      for (const Expr *E : Assigned.lookup(W))
        Out.push_back(E);
      for (const VarDecl *P : Partners.lookup(W))
        if (Seen.insert(P).second)
          Work.push_back(P);
    }
    return Out;
  }

private:
  const Stmt *Body;
  std::set<const VarDecl *> Candidates;
  /// The assignments and swap calls that exchange two candidates.
  std::set<const Stmt *> Exchanges;
  /// The candidates each candidate is exchanged with.
  llvm::DenseMap<const VarDecl *, std::set<const VarDecl *>> Partners;
  /// The allocations assigned to each candidate after its declaration.
  llvm::DenseMap<const VarDecl *, std::vector<const Expr *>> Assigned;

  void exchange(const VarDecl *A, const VarDecl *B) {
    Partners[A].insert(B);
    Partners[B].insert(A);
  }

  void findCandidates(const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
              V->getType()->isPointerType() && isAllocation(V->getInit()))
            Candidates.insert(V);
    for (const Stmt *C : S->children())
      findCandidates(C);
  }

  /// `std::swap(a, b)`, and `t = a; a = b; b = t;` (t may be declared in
  /// the first statement) in one compound statement.
  void findExchanges(const Stmt *S) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (CE->getNumArgs() == 2 && CE->getDirectCallee() &&
          CE->getDirectCallee()->getIdentifier() &&
          CE->getDirectCallee()->getName() == "swap" &&
          Candidates.count(plainVar(CE->getArg(0))) &&
          Candidates.count(plainVar(CE->getArg(1)))) {
        Exchanges.insert(CE);
        exchange(plainVar(CE->getArg(0)), plainVar(CE->getArg(1)));
      }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::vector<const Stmt *> B(CS->body_begin(), CS->body_end());
      for (size_t I = 0; I + 2 < B.size(); ++I) {
        auto [A, Bv] = exchangeAt(B, I);
        if (A && Candidates.count(A) && Candidates.count(Bv)) {
          Exchanges.insert(B[I + 1]);
          Exchanges.insert(B[I + 2]);
          exchange(A, Bv);
        }
      }
    }
    for (const Stmt *C : S->children())
      findExchanges(C);
  }

  /// Drops every candidate that something other than an allocation or an
  /// exchange may give another value.
  void checkWrites() {
    ParentMap PM(const_cast<Stmt *>(Body));
    std::set<const VarDecl *> Bad;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        if (BO->getOpcode() == BO_Assign && isAllocation(BO->getRHS()))
          if (const VarDecl *V = plainVar(BO->getLHS()); Candidates.count(V))
            Assigned[V].push_back(BO->getRHS());
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        if (V && Candidates.count(V) && !readOnly(PM, DRE))
          Bad.insert(V);
      }
      // Captured by reference in a lambda: anything may happen.
      if (const auto *LE = dyn_cast<LambdaExpr>(S))
        for (const LambdaCapture &C : LE->captures())
          if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
            if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
              Bad.insert(V);
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(Body);
    for (const VarDecl *V : Bad)
      Candidates.erase(V);
  }

  /// Is this use of a candidate a read of its value, an allocation into
  /// it or an exchange?
  bool readOnly(ParentMap &PM, const DeclRefExpr *DRE) const {
    const Stmt *Child;
    const Stmt *P = parentPastParens(PM, DRE, Child);
    // An OpenMP region's capture of the variable: its uses inside are
    // checked one by one.
    if (!P || isa<CapturedStmt>(P) || isa<OMPExecutableDirective>(P))
      return true;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
      return IC->getCastKind() == CK_LValueToRValue;
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getLHS()->IgnoreParens() != Child)
        return true;
      if (BO->getOpcode() != BO_Assign)
        return false;
      return isAllocation(BO->getRHS()) || Exchanges.count(BO);
    }
    if (isa<CallExpr>(P))
      return Exchanges.count(P) != 0;
    if (isa<ArraySubscriptExpr>(P) || isa<MemberExpr>(P))
      return true;
    return false;
  }
};

/// Does the pointer value of E come from V: `v`, `v + k`, `&v[k]`, a cast
/// of one, either arm of `c ? v : w`?
bool pointsVia(const Expr *E, const VarDecl *V) {
  if (!E)
    return false;
  E = E->IgnoreParenCasts();
  if (plainVar(E) == V)
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp() || BO->getOpcode() == BO_Comma)
      return (BO->getLHS()->getType()->isPointerType() &&
              pointsVia(BO->getLHS(), V)) ||
             (BO->getRHS()->getType()->isPointerType() &&
              pointsVia(BO->getRHS(), V));
    if (BO->getOpcode() == BO_Assign)
      return pointsVia(BO->getRHS(), V);
    return false;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *AS =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        return pointsVia(AS->getBase(), V);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return pointsVia(CO->getTrueExpr(), V) || pointsVia(CO->getFalseExpr(), V);
  // A row of V: V[e] of row pointers (double **V), V[e] of a vector of
  // vectors (bound to a reference), V[e].data().
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
      AS && AS->getType()->isPointerType())
    return pointsVia(AS->getBase(), V);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
      isVectorOfVectors(OC->getArg(0)->getType()))
    return pointsVia(OC->getArg(0), V);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
      MC && MC->getMethodDecl() && MC->getMethodDecl()->getName() == "data")
    return pointsVia(MC->getImplicitObjectArgument(), V);
  return false;
}

/// The middle assignments `a = b` of the exchanges `t = a; a = b; b = t;`
/// (t may be declared in the first statement) of any two pointers: an
/// exchange keeps two distinct pointers distinct.
void findSwapAssignments(const Stmt *S, std::set<const Stmt *> &Out) {
  if (!S)
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    std::vector<const Stmt *> B(CS->body_begin(), CS->body_end());
    for (size_t I = 0; I + 2 < B.size(); ++I)
      if (exchangeAt(B, I).first)
        Out.insert(B[I + 1]);
  }
  for (const Stmt *C : S->children())
    findSwapAssignments(C, Out);
}

const Stmt *findAliasingAssignment(const FunctionDecl *FD, const VarDecl *A,
                                   const VarDecl *B) {
  if (!FD || !FD->getBody() || A == B)
    return nullptr;
  std::set<const Stmt *> Swaps;
  findSwapAssignments(FD->getBody(), Swaps);
  const Stmt *Found = nullptr;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->getOpcode() == BO_Assign && !Swaps.count(BO)) {
        const VarDecl *L = plainVar(BO->getLHS());
        if ((L == A && pointsVia(BO->getRHS(), B)) ||
            (L == B && pointsVia(BO->getRHS(), A))) {
          Found = BO;
          return;
        }
      }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if ((V == A && pointsVia(V->getInit(), B)) ||
              (V == B && pointsVia(V->getInit(), A))) {
            Found = DS;
            return;
          }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FD->getBody());
  return Found;
}

/// The variable a pointer argument comes from: `x`, `x + k`, `&x[k]`, the
/// array x decays to, a cast of one; null for anything else.
const VarDecl *pointerBase(const Expr *E) {
  for (E = E->IgnoreParenCasts();;) {
    if (const VarDecl *V = plainVar(E))
      return V;
    const Expr *Next = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp())
      Next = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                      : BO->getRHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_AddrOf) {
      if (const auto *AS =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        Next = AS->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
               AS && AS->getType()->isPointerType()) {
      Next = AS->getBase(); // a row x[k] of row pointers
    }
    if (!Next)
      return nullptr;
    E = Next->IgnoreParenCasts();
  }
}

/// The array an lvalue element E (a[e], *(p + e), v[e] of a vector) or a
/// pointer E lies in: what a reference parameter bound to E refers into.
const VarDecl *referentBase(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return pointerBase(AS->getBase());
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    return pointerBase(UO->getSubExpr());
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2)
    return plainVar(OC->getArg(0)->IgnoreParenImpCasts());
  return pointerBase(E);
}

} // namespace

const Stmt *aliasingAssignment(const FunctionDecl *FD, const VarDecl *A,
                               const VarDecl *B) {
  return findAliasingAssignment(FD, A, B);
}

const CallExpr *aliasingCall(llvm::ArrayRef<const CallExpr *> Calls,
                             const FunctionDecl *FD, const VarDecl *A,
                             const VarDecl *B) {
  const auto *PA = dyn_cast_or_null<ParmVarDecl>(A);
  const auto *PB = dyn_cast_or_null<ParmVarDecl>(B);
  if (!FD || !PA || !PB || A == B || PA->getDeclContext() != FD ||
      PB->getDeclContext() != FD)
    return nullptr;
  unsigned IA = PA->getFunctionScopeIndex(), IB = PB->getFunctionScopeIndex();
  for (const CallExpr *CE : Calls) {
    // An operator call of a method counts the object as its first argument.
    if (isa<CXXOperatorCallExpr>(CE) || std::max(IA, IB) >= CE->getNumArgs())
      continue;
    // A reference parameter refers into the array its element lies in.
    auto Base = [&](const ParmVarDecl *P, unsigned I) {
      return P->getType()->isReferenceType() ? referentBase(CE->getArg(I))
                                             : pointerBase(CE->getArg(I));
    };
    const VarDecl *VA = Base(PA, IA);
    if (VA && VA == Base(PB, IB))
      return CE;
  }
  return nullptr;
}

bool distinctAllocations(const FunctionDecl *FD, const VarDecl *A,
                         const VarDecl *B) {
  if (!FD || A == B)
    return false;
  Allocations Al(FD);
  // A named array object (`float k[5]`, a global table) is no part of a
  // block the function allocated.
  auto Object = [](const VarDecl *V) {
    return !isa<ParmVarDecl>(V) &&
           V->getType().getNonReferenceType()->isArrayType();
  };
  return Al.distinct(A, B) || (Object(A) && Al.owns(B)) ||
         (Object(B) && Al.owns(A));
}

bool storedInGlobal(const FunctionDecl *FD, const VarDecl *V, int Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !V || Depth > 4 || !FD->hasBody(Def))
    return false;
  bool Stored = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Stored)
      return;
    // g = v + 1, s.p = v of a global g or s.
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign && pointsVia(BO->getRHS(), V)) {
      const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
      while (const auto *ME = dyn_cast<MemberExpr>(L))
        L = ME->getBase()->IgnoreParenImpCasts();
      if (const auto *D = dyn_cast<DeclRefExpr>(L))
        if (const auto *G = dyn_cast<VarDecl>(D->getDecl());
            G && G->hasGlobalStorage())
          Stored = true;
    }
    // v handed to a function of the file that stores its parameter so.
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = CE->getDirectCallee(); F && F->hasBody())
        for (unsigned I = 0; I < CE->getNumArgs() && I < F->getNumParams();
             ++I)
          if (pointsVia(CE->getArg(I), V) &&
              storedInGlobal(F, F->getDefinition()->getParamDecl(I),
                             Depth + 1))
            Stored = true;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Def->getBody());
  return Stored;
}

bool holdsOwnAllocation(const FunctionDecl *FD, const VarDecl *V) {
  return FD && FD->getBody() && Allocations(FD).owns(V);
}

std::vector<const Expr *> allocationsHeldBy(const FunctionDecl *FD,
                                            const VarDecl *V) {
  if (!FD || !FD->getBody())
    return {};
  return Allocations(FD).heldBy(V);
}

} // namespace detail
} // namespace l2c
