//===- CalleeAccesses.cpp - Elements a helper of the file touches ---------===//
//
// A loop body that hands an array to a helper of the file,
//
// \code
//   static void step(double *a, int i) { a[i] = a[i - 1] + 1.0; }
//   #pragma omp parallel for
//   for (int i = 1; i < n; i++)
//     step(a, i);
// \endcode
//
// touches the elements the helper's subscripts name, with the call's
// arguments in place of the helper's parameters: a[i] and a[i - 1] here, a
// dependence the test must see. When every use of the pointer parameter in
// the helper is p[s] or *(p + s), and each s is built of integer constants
// and of integer parameters the helper never writes, the analysis records
// those accesses for the caller's array (the call is their place) instead
// of a use other than through a subscript. The device code still calls the
// helper as written.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The use of an array at one element: its subscripts, outermost first
/// (p[s]: {s}; *p: {}), and whether it reads, writes or both.
struct ElementUse {
  const VarDecl *Array;
  std::vector<const Expr *> Subs;
  unsigned M;
};

/// Every use in S of the variables Target accepts: at an element (a[s],
/// a[s][t], *(a + s), *a) into Uses, otherwise (a passed on, stored,
/// compared) into Other. A call for which OnCall answers true is left to
/// it.
void elementUses(ASTContext &Ctx, const Stmt *S, unsigned M,
                 llvm::function_ref<bool(const VarDecl *)> Target,
                 std::vector<ElementUse> &Uses,
                 std::set<const VarDecl *> &Other,
                 llvm::function_ref<bool(const CallExpr *)> OnCall = nullptr) {
  if (!S)
    return;
  auto Recurse = [&](const Stmt *C, unsigned CM) {
    elementUses(Ctx, C, CM, Target, Uses, Other, OnCall);
  };
  // A call the caller looks at itself.
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && OnCall && OnCall(CE))
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    S = E->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp()) {
    Recurse(BO->getLHS(), BO->isCompoundAssignmentOp() ? ReadWrite : Write);
    Recurse(BO->getRHS(), Read);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp())
      return Recurse(UO->getSubExpr(), ReadWrite);
    if (UO->getOpcode() == UO_Deref) {
      const Expr *Base = nullptr;
      const Expr *Off = pointerOffset(Ctx, UO->getSubExpr(), Base);
      if (const VarDecl *V = refVar(Base); V && Target(V)) {
        Uses.push_back({V, {}, M});
        if (Off) {
          Uses.back().Subs.push_back(Off);
          Recurse(Off, Read);
        }
        return;
      }
    }
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    // a[s][t]: peel the subscripts down to the array.
    std::vector<const Expr *> Subs{AS->getIdx()};
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    while (const auto *In = dyn_cast<ArraySubscriptExpr>(Base)) {
      Subs.insert(Subs.begin(), In->getIdx());
      Base = In->getBase()->IgnoreParenImpCasts();
    }
    if (const VarDecl *V = refVar(Base); V && Target(V)) {
      Uses.push_back({V, Subs, M});
      for (const Expr *X : Subs)
        Recurse(X, Read);
      return;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Target(V)) {
      Other.insert(V);
      return;
    }
  for (const Stmt *C : S->children())
    Recurse(C, Read);
}

/// Whether the helper's body S branches (an if, a loop, a ?:, && or ||, a
/// return before its end): its accesses then may not happen.
bool branches(const Stmt *S, const Stmt *Last) {
  if (!S)
    return false;
  if (isa<IfStmt>(S) || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
      isa<DoStmt>(S) || isa<SwitchStmt>(S) || isa<GotoStmt>(S) ||
      isa<ConditionalOperator>(S) || isa<CXXForRangeStmt>(S) ||
      (isa<ReturnStmt>(S) && S != Last))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp())
    return true;
  for (const Stmt *C : S->children())
    if (branches(C, Last))
      return true;
  return false;
}

/// Whether the body of the helper Def branches (above): a return as its
/// last statement does not.
bool bodyBranches(const FunctionDecl *Def) {
  const Stmt *Body = Def->getBody();
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  return branches(Body, CS && !CS->body_empty() ? CS->body_back() : nullptr);
}

} // namespace

/// E with the helper's parameters replaced by the call's arguments: null
/// when E holds anything but integer constants, the parameters named in
/// Ok, + - * / % and signs, and conversions that keep every value.
static const Expr *substituteParams(ASTContext &Ctx, const Expr *E,
                                    const CallExpr *CE,
                                    const FunctionDecl *Def) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    QualType To = IC->getType(), From = IC->getSubExpr()->getType();
    if (IC->getCastKind() == CK_LValueToRValue || IC->getCastKind() == CK_NoOp)
      return substituteParams(Ctx, IC->getSubExpr(), CE, Def);
    // A widening integer conversion keeps every value; a narrowing one
    // wraps (Dependences.cpp's narrowingIntegerCast).
    if (IC->getCastKind() == CK_IntegralCast && To->isIntegerType() &&
        From->isIntegerType() && Ctx.getIntWidth(To) > Ctx.getIntWidth(From) &&
        (To->isSignedIntegerType() || !From->isSignedIntegerType()))
      return substituteParams(Ctx, IC->getSubExpr(), CE, Def);
    return nullptr;
  }
  if (isa<IntegerLiteral>(E))
    return E;
  // p->n (or s.n) of a struct parameter whose members the helper never
  // writes: the caller's argument's member.
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const auto *DRE =
        dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!F || !P || !F->getType()->isIntegerType() ||
        writesVar(Def->getBody(), P) ||
        P->getFunctionScopeIndex() >= CE->getNumArgs())
      return nullptr;
    // Stores into p->n are stores into the caller's struct: none may be.
    bool Stored = false;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S || Stored)
        return;
      const Expr *Target = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->isAssignmentOp())
        Target = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(S);
               UO &&
               (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
        Target = UO->getSubExpr();
      if (const auto *TM = dyn_cast_or_null<MemberExpr>(
              Target ? Target->IgnoreParenImpCasts() : nullptr))
        Stored |= TM->getMemberDecl() == F;
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(Def->getBody());
    // The argument as the caller wrote it: a variable, or &s.
    const Expr *Arg =
        CE->getArg(P->getFunctionScopeIndex())->IgnoreParenImpCasts();
    bool Arrow = ME->isArrow();
    if (const auto *UO = dyn_cast<UnaryOperator>(Arg);
        UO && UO->getOpcode() == UO_AddrOf && Arrow) {
      Arg = UO->getSubExpr()->IgnoreParenImpCasts();
      Arrow = false;
    }
    if (Stored || !isa<DeclRefExpr>(Arg))
      return nullptr;
    return MemberExpr::CreateImplicit(Ctx, const_cast<Expr *>(Arg), Arrow,
                                      const_cast<FieldDecl *>(F), F->getType(),
                                      VK_LValue, OK_Ordinary);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
    if (!P || !P->getType()->isIntegerType() || P->getType()->isBooleanType() ||
        writesVar(Def->getBody(), P))
      return nullptr;
    unsigned N = P->getFunctionScopeIndex();
    if (N >= CE->getNumArgs())
      return nullptr;
    // The argument as the parameter receives it: an argument wider than
    // the parameter would wrap.
    const Expr *Arg = CE->getArg(N)->IgnoreParenImpCasts();
    if (!Arg->getType()->isIntegerType() ||
        Ctx.getIntWidth(Arg->getType()) > Ctx.getIntWidth(P->getType()) ||
        (Ctx.getIntWidth(Arg->getType()) == Ctx.getIntWidth(P->getType()) &&
         Arg->getType()->isSignedIntegerType() !=
             P->getType()->isSignedIntegerType()))
      return nullptr;
    return Arg;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Minus && UO->getOpcode() != UO_Plus)
      return nullptr;
    const Expr *Sub = substituteParams(Ctx, UO->getSubExpr(), CE, Def);
    if (!Sub)
      return nullptr;
    return UnaryOperator::Create(Ctx, const_cast<Expr *>(Sub), UO->getOpcode(),
                                 Sub->getType(), VK_PRValue, OK_Ordinary,
                                 UO->getExprLoc(), false, FPOptionsOverride());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = BO->getOpcode();
    if (K != BO_Add && K != BO_Sub && K != BO_Mul && K != BO_Div && K != BO_Rem)
      return nullptr;
    const Expr *L = substituteParams(Ctx, BO->getLHS(), CE, Def);
    const Expr *R = L ? substituteParams(Ctx, BO->getRHS(), CE, Def) : nullptr;
    if (!R)
      return nullptr;
    return BinaryOperator::Create(
        Ctx, const_cast<Expr *>(L), const_cast<Expr *>(R), K, BO->getType(),
        VK_PRValue, OK_Ordinary, BO->getExprLoc(), FPOptionsOverride());
  }
  return nullptr;
}

bool mayWriteThrough(const FunctionDecl *FD, unsigned I, int Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || Depth > 8 || !FD->hasBody(Def) || I >= Def->getNumParams())
    return true;
  const ParmVarDecl *P = Def->getParamDecl(I);
  QualType PT = P->getType();
  if (!PT->isPointerType())
    return true;
  if (PT->getPointeeType().isConstQualified())
    return false;
  // Every use of p: an element it reads, or p handed on (moved by an
  // offset or not) to a helper that does not write through it either.
  ASTContext &Ctx = Def->getASTContext();
  bool Writes = false;
  std::vector<ElementUse> Uses;
  std::set<const VarDecl *> Other;
  auto OnCall = [&](const CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    unsigned Skip =
        isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(Callee);
    for (unsigned K = 0; K < CE->getNumArgs(); ++K) {
      const Expr *Base = nullptr;
      pointerOffset(Ctx, CE->getArg(K), Base);
      if (refVar(Base) == P)
        Writes |= K < Skip || mayWriteThrough(Callee, K - Skip, Depth + 1);
      else
        elementUses(
            Ctx, CE->getArg(K), Read, [&](const VarDecl *V) { return V == P; },
            Uses, Other);
    }
    return true;
  };
  elementUses(
      Ctx, Def->getBody(), Read, [&](const VarDecl *V) { return V == P; }, Uses,
      Other, OnCall);
  for (const ElementUse &U : Uses)
    Writes |= (U.M & Write) != 0;
  // p assigned, stored, compared, its address taken: anything may follow.
  return Writes || !Other.empty();
}

bool LoopAnalyzer::calleeAccesses(const CallExpr *CE, unsigned I) {
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || I >= FD->getNumParams() || !FD->hasBody(Def) ||
      I >= Def->getNumParams() || FD->isVariadic())
    return false;
  const ParmVarDecl *P = Def->getParamDecl(I);
  QualType PT = P->getType();
  if (!PT->isPointerType() || !isScalarType(PT->getPointeeType()) ||
      PT->getPointeeType()->isPointerType())
    return false;
  // The argument: a, a + e, &a[e] of a one-dimensional array of the loop
  // whose elements the parameter points to.
  const Expr *Arg = CE->getArg(I)->IgnoreParenImpCasts();
  const Expr *Base = Arg, *ArgOffset = nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(Arg);
      UO && UO->getOpcode() == UO_AddrOf) {
    const auto *AS =
        dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
    if (!AS)
      return false;
    Base = AS->getBase();
    ArgOffset = AS->getIdx();
  } else {
    ArgOffset = pointerOffset(FC.Ctx, Arg, Base);
  }
  const VarDecl *A = refVar(Base);
  QualType AT = A ? A->getType().getNonReferenceType() : QualType();
  if (!A || Locals.count(A) || !isArrayLike(A) || isStdVector(AT) ||
      isStdArray(AT))
    return false;
  QualType Elem = AT->isPointerType() ? AT->getPointeeType()
                  : AT->isArrayType()
                      ? QualType(AT->getAsArrayTypeUnsafe()->getElementType())
                      : QualType();
  if (Elem.isNull() || Elem->isArrayType() ||
      !FC.Ctx.hasSameUnqualifiedType(Elem, PT->getPointeeType()))
    return false;
  if (ArgOffset && !ArgOffset->getType()->isIntegerType())
    return false;
  // Every use of p in the helper: p[s], *(p + s), *p, with its mode.
  std::vector<ElementUse> Uses;
  std::set<const VarDecl *> Other;
  const Stmt *Body = Def->getBody();
  elementUses(
      FC.Ctx, Body, Read, [&](const VarDecl *V) { return V == P; }, Uses,
      Other);
  if (!Other.empty())
    return false;
  // Each subscript in the caller's terms.
  std::vector<std::pair<const Expr *, unsigned>> Subs;
  for (const ElementUse &U : Uses) {
    if (U.Subs.size() > 1)
      return false;
    const Expr *S =
        U.Subs.empty() ? nullptr : substituteParams(FC.Ctx, U.Subs[0], CE, Def);
    if (!U.Subs.empty() && !S)
      return false;
    if (!S && !ArgOffset)
      S = IntegerLiteral::Create(FC.Ctx, llvm::APInt(32, 0), FC.Ctx.IntTy,
                                 CE->getExprLoc());
    else if (ArgOffset)
      S = S ? BinaryOperator::Create(
                  FC.Ctx, const_cast<Expr *>(ArgOffset), const_cast<Expr *>(S),
                  BO_Add, ArgOffset->getType(), VK_PRValue, OK_Ordinary,
                  CE->getExprLoc(), FPOptionsOverride())
            : ArgOffset;
    Subs.push_back({S, U.M});
  }
  bool Branches = bodyBranches(Def);
  use(A, Read, CE->getExprLoc());
  for (const auto &[S, M] : Subs) {
    recordAccess(A, {S}, CE, M);
    Accesses.back().Conditional |= Branches;
  }
  if (ArgOffset)
    scan(ArgOffset, Read);
  return true;
}

/// The arrays of the file that the functions reachable from Def (Def's own
/// calls, theirs, ...) use, into Out.
static void nestedGlobals(const Stmt *S, std::set<const FunctionDecl *> &Seen,
                          std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->hasGlobalStorage())
      Out.insert(V);
    if (const auto *F = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      const FunctionDecl *Def = nullptr;
      if (F->hasBody(Def) && Seen.insert(Def).second)
        nestedGlobals(Def->getBody(), Seen, Out);
    }
  }
  for (const Stmt *C : S->children())
    nestedGlobals(C, Seen, Out);
}

void LoopAnalyzer::calleeGlobalAccesses(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || isa<CXXMethodDecl>(Def))
    return;
  auto Global = [&](const VarDecl *V) {
    return V->hasGlobalStorage() && !V->isLocalVarDeclOrParm() &&
           isArrayLike(V);
  };
  std::vector<ElementUse> Uses;
  std::set<const VarDecl *> Other;
  elementUses(FC.Ctx, Def->getBody(), Read, Global, Uses, Other);
  // The functions it calls: what they do with an array is not read here.
  std::set<const FunctionDecl *> Seen{Def};
  std::set<const VarDecl *> Deeper;
  std::function<void(const Stmt *)> Calls = [&](const Stmt *X) {
    if (!X)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(X))
      if (const FunctionDecl *F = Call->getDirectCallee()) {
        const FunctionDecl *D = nullptr;
        if (F->hasBody(D) && Seen.insert(D).second)
          nestedGlobals(D->getBody(), Seen, Deeper);
      }
    for (const Stmt *C : X->children())
      Calls(C);
  };
  Calls(Def->getBody());
  for (const VarDecl *V : Deeper)
    if (Global(V))
      Other.insert(V);
  bool Branches = bodyBranches(Def);
  // Each subscript in the caller's terms; one the analysis cannot read
  // leaves the array's use unread.
  std::vector<std::pair<const VarDecl *, std::vector<const Expr *>>> Subs;
  std::vector<unsigned> Modes;
  for (const ElementUse &U : Uses) {
    if (Other.count(U.Array))
      continue;
    std::vector<const Expr *> In;
    for (const Expr *X : U.Subs)
      if (const Expr *S = substituteParams(FC.Ctx, X, CE, Def))
        In.push_back(S);
    if (In.size() != U.Subs.size()) {
      Other.insert(U.Array);
      continue;
    }
    if (In.empty())
      In.push_back(IntegerLiteral::Create(FC.Ctx, llvm::APInt(32, 0),
                                          FC.Ctx.IntTy, CE->getExprLoc()));
    Subs.push_back({U.Array, In});
    Modes.push_back(U.M);
  }
  for (size_t K = 0; K < Subs.size(); ++K) {
    const auto &[G, In] = Subs[K];
    if (Other.count(G))
      continue;
    recordAccess(G, In, CE, Modes[K]);
    Accesses.back().Conditional |= Branches;
    CalleeGlobalsRead.insert(G);
  }
  CalleeGlobalsUnread.insert(Other.begin(), Other.end());
}

std::set<const FieldDecl *> LoopAnalyzer::viewMemberAccesses(const CallExpr *CE,
                                                             unsigned I,
                                                             const VarDecl *Obj,
                                                             bool Pointer) {
  std::set<const FieldDecl *> Done;
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || I >= Def->getNumParams())
    return Done;
  const ParmVarDecl *P = Def->getParamDecl(I);
  auto OfP = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == P;
  };
  // p->f[s] of each pointer member f, with its mode; p handed on (to a
  // helper whose uses this does not read) leaves every member unread.
  std::map<const FieldDecl *, std::vector<std::pair<const Expr *, unsigned>>>
      Elems;
  std::set<const FieldDecl *> Unread;
  bool PassedOn = false;
  std::function<void(const Stmt *, unsigned)> Walk = [&](const Stmt *S,
                                                         unsigned M) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      S = E->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp()) {
      Walk(BO->getLHS(), BO->isCompoundAssignmentOp() ? ReadWrite : Write);
      Walk(BO->getRHS(), Read);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      return Walk(UO->getSubExpr(), ReadWrite);
    if (const auto *CE2 = dyn_cast<CallExpr>(S))
      for (const Expr *A : CE2->arguments())
        PassedOn |=
            OfP(A) ||
            (isa<UnaryOperator>(A->IgnoreParenImpCasts()) &&
             OfP(cast<UnaryOperator>(A->IgnoreParenImpCasts())->getSubExpr()));
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
      if (const auto *ME =
              dyn_cast<MemberExpr>(AS->getBase()->IgnoreParenImpCasts());
          ME && OfP(ME->getBase()))
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
            F && F->getType()->isPointerType()) {
          Elems[F].push_back({AS->getIdx(), M});
          Walk(AS->getIdx(), Read);
          return;
        }
    if (const auto *ME = dyn_cast<MemberExpr>(S); ME && OfP(ME->getBase()))
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
          F && F->getType()->isPointerType())
        Unread.insert(F); // p->f other than subscripted
    for (const Stmt *C : S->children())
      Walk(C, Read);
  };
  Walk(Def->getBody(), Read);
  if (PassedOn)
    return Done;
  bool Branches = bodyBranches(Def);
  for (const auto &[F, Uses] : Elems) {
    if (Unread.count(F))
      continue;
    std::vector<std::pair<const Expr *, unsigned>> Subs;
    for (const auto &[X, M] : Uses)
      if (const Expr *S = substituteParams(FC.Ctx, X, CE, Def))
        Subs.push_back({S, M});
    if (Subs.size() != Uses.size())
      continue;
    const VarDecl *V = memberStandIn(Obj, F, Pointer, CE->getExprLoc());
    for (const auto &[S, M] : Subs) {
      recordAccess(V, {S}, CE, M);
      Accesses.back().Conditional |= Branches;
    }
    Done.insert(F);
  }
  return Done;
}

} // namespace detail
} // namespace l2c
