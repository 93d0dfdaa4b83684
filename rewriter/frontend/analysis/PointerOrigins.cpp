//===- PointerOrigins.cpp - The array a pointer or reference names --------===//
//
// PointerOrigins.h says what this answers. A variable's origins are those of
// every value it may hold: a reference's initialiser; a local pointer's
// initialiser and each assignment to it. Values are followed through casts,
// `p + k`, `p - k`, `&p[k]`, `v.data()`, `&v[k]`, `v.begin() + k`, `&*p`,
// `c ? p : q` and views (`std::span`). Exchanges (`std::swap(p, q)`, `t = p;
// p = q; q = t;`) permute the values among pointers: the origins stay, the
// offsets become unknown. A pointer that holds its own allocation
// (Allocations.cpp) is its own root.
//
//===----------------------------------------------------------------------===//

#include "frontend/analysis/PointerOrigins.h"
#include "frontend/AstUtil.h"
#include "frontend/Internal.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <functional>
#include <set>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// How deep value chains and caller chains are followed.
constexpr int MaxDepth = 8;
constexpr int MaxCallerDepth = 3;

const Expr *skipTemporaries(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
      E = IC->getSubExpr();
    else
      return E;
  }
}

/// The element type a pointer, array, reference or container names.
QualType elementOf(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    return T->getPointeeType();
  if (T->isArrayType())
    return T->castAsArrayTypeUnsafe()->getElementType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (S->getTemplateArgs().size() > 0 &&
          S->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
        return S->getTemplateArgs()[0].getAsType();
  return QualType();
}

/// A class that only looks at another's elements: std::span, an iterator
/// of a contiguous container, a string view.
bool isView(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  return N == "span" || N == "__normal_iterator" || N == "__wrap_iter" ||
         N == "basic_string_view";
}

/// A variable whose memory is its own: an array, a container or another
/// object, not a pointer, reference or view.
bool isObject(const VarDecl *V) {
  QualType T = V->getType();
  if (T->isReferenceType() || T->isPointerType() || isView(T))
    return false;
  // A member's stand-in (s.v) is an object of its own when it is an array
  // or container member of an object s (not of a reference or pointer,
  // through which another name may reach the same member).
  if (isMemberVar(V)) {
    const VarDecl *Base = standInBase(V);
    return Base && isObject(Base);
  }
  return !isa<ParmVarDecl>(V) && !isThisVar(V);
}

class Resolver {
public:
  explicit Resolver(const FunctionDecl *FD) : FD(FD) {
    if (FD && FD->getBody())
      collect(FD->getBody());
  }

  Origins ofVar(const VarDecl *V, int Depth) {
    Origins Out;
    if (!V || Depth > MaxDepth || !Visiting.insert(V).second) {
      Out.Complete = false;
      return Out;
    }
    struct Leave {
      std::set<const VarDecl *> &S;
      const VarDecl *V;
      ~Leave() { S.erase(V); }
    } L{Visiting, V};
    if (isMemberVar(V))
      return ofMember(V, Depth);
    QualType T = V->getType();
    bool Local = V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
                 V->getDeclContext() == FD;
    // A reference or view: what its initialiser names, for good.
    if (T->isReferenceType() && !isa<ParmVarDecl>(V)) {
      if (!V->getInit()) {
        Out.Complete = false;
        return Out;
      }
      Out = ofExpr(V->getInit(), Depth + 1);
      for (Origin &O : Out.List)
        if (O.Via.isInvalid())
          O.Via = declOf(V);
      return Out;
    }
    bool Pointer = T->isPointerType() || isView(T);
    bool Changed = Assigned.count(V) || Moved.count(V) || Escapes.count(V);
    if (!Pointer || holdsOwnAllocation(FD, V) || (!Local && !Changed)) {
      // Its own root: an object, an allocation, a parameter or a global
      // that the function leaves alone.
      Out.List.push_back(Origin{V, {}, true, SourceLocation()});
      return Out;
    }
    // A pointer the function sets: each value it may hold (a parameter's
    // or a global's first value is its own root).
    std::vector<std::pair<const Expr *, SourceLocation>> Defs;
    if (!Local)
      Out.List.push_back(Origin{V, {}, !Moved.count(V), SourceLocation()});
    if (Local && V->getInit())
      Defs.push_back({V->getInit(), declOf(V)});
    for (const auto &[Rhs, At] : Assigned[V])
      Defs.push_back({Rhs, At});
    if ((Local && Defs.empty()) || Escapes.count(V))
      Out.Complete = false;
    for (const auto &[E, At] : Defs) {
      Origins D = ofExpr(E, Depth + 1);
      Out.Complete &= D.Complete;
      for (Origin &O : D.List) {
        if (O.Via.isInvalid())
          O.Via = At;
        if (Moved.count(V))
          O.OffsetKnown = false;
        Out.List.push_back(O);
      }
    }
    return Out;
  }

  Origins ofExpr(const Expr *E, int Depth) {
    Origins Out;
    if (!E || Depth > MaxDepth) {
      Out.Complete = false;
      return Out;
    }
    E = skipTemporaries(E);
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
      Out = ofExpr(C->getSubExpr(), Depth + 1);
      // Another element size: offsets in other units.
      QualType To = elementOf(C->getType()),
               From = elementOf(C->getSubExpr()->getType());
      if (To.isNull() || From.isNull() || To->isIncompleteType() ||
          From->isIncompleteType() ||
          FD->getASTContext().getTypeSizeInChars(To) !=
              FD->getASTContext().getTypeSizeInChars(From))
        for (Origin &O : Out.List)
          O.OffsetKnown = false;
      return Out;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return ofVar(V, Depth + 1);
      Out.Complete = false;
      return Out;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAdditiveOp() && BO->getType()->isPointerType()) {
        bool LeftPtr = BO->getLHS()->getType()->isPointerType() ||
                       BO->getLHS()->getType()->isArrayType();
        const Expr *Ptr = LeftPtr ? BO->getLHS() : BO->getRHS();
        const Expr *Off = LeftPtr ? BO->getRHS() : BO->getLHS();
        int Sign = BO->getOpcode() == BO_Sub ? -1 : 1;
        Out = ofExpr(Ptr, Depth + 1);
        for (Origin &O : Out.List)
          O.Offset.push_back({Off, Sign});
        return Out;
      }
      if (BO->getOpcode() == BO_Comma)
        return ofExpr(BO->getRHS(), Depth + 1);
      if (BO->getOpcode() == BO_Assign)
        return ofExpr(BO->getRHS(), Depth + 1);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_AddrOf)
        return addressOf(UO->getSubExpr(), Depth);
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      Out = ofExpr(CO->getTrueExpr(), Depth + 1);
      Origins F = ofExpr(CO->getFalseExpr(), Depth + 1);
      Out.Complete &= F.Complete;
      Out.List.insert(Out.List.end(), F.List.begin(), F.List.end());
      return Out;
    }
    // v.data(), v.begin(), a span's data() or begin().
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (MD && MD->getIdentifier() && MC->getNumArgs() == 0 &&
          (MD->getName() == "data" || MD->getName() == "begin"))
        return ofExpr(MC->getImplicitObjectArgument(), Depth + 1);
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      // it + k, it - k of an iterator.
      if ((OC->getOperator() == OO_Plus || OC->getOperator() == OO_Minus) &&
          OC->getNumArgs() == 2 && isView(OC->getArg(0)->getType())) {
        Out = ofExpr(OC->getArg(0), Depth + 1);
        for (Origin &O : Out.List)
          O.Offset.push_back(
              {OC->getArg(1), OC->getOperator() == OO_Minus ? -1 : 1});
        return Out;
      }
    }
    // A view made from a pointer or a container: std::span<T> s(a),
    // s{p, n}, an iterator's copy.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      if (isView(CE->getType()) && CE->getNumArgs() >= 1)
        return ofExpr(CE->getArg(0), Depth + 1);
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      if (IL->getNumInits() == 1)
        return ofExpr(IL->getInit(0), Depth + 1);
    Out.Complete = false;
    return Out;
  }

private:
  const FunctionDecl *FD;
  std::set<const VarDecl *> Visiting;
  /// The values assigned to each local pointer after its declaration.
  std::map<const VarDecl *,
           std::vector<std::pair<const Expr *, SourceLocation>>>
      Assigned;
  /// Local pointers moved by a step (p++, p += k) or an exchange: their
  /// offsets are unknown.
  std::set<const VarDecl *> Moved;
  /// Local pointers changed in ways not followed (address taken, bound to a
  /// non-const reference, passed to a call that is not std::swap), and
  /// local structs whose address goes anywhere but into a local pointer.
  std::set<const VarDecl *> Escapes;
  /// Members that the function assigns, steps or takes the address of.
  std::set<const FieldDecl *> MemberWritten;

  static SourceLocation declOf(const VarDecl *V) { return V->getLocation(); }

  /// s.p or sp->p (a stand-in, StandIns.cpp): the value s's initialiser
  /// gives the member, for a local struct s whose member p nothing in the
  /// function sets and whose address goes nowhere but into sp; else the
  /// member is a root of its own that may be anything.
  Origins ofMember(const VarDecl *V, int Depth) {
    Origins Self;
    Self.List.push_back(Origin{V, {}, true, SourceLocation()});
    Self.Complete = false;
    const VarDecl *Base = standInBase(V);
    const FieldDecl *F = standInField(V);
    if (!Base || !F || MemberWritten.count(F))
      return Self;
    const VarDecl *Obj = Base;
    if (Base->getType()->isPointerType()) {
      Origins B = ofVar(Base, Depth + 1);
      if (!B.Complete || B.List.size() != 1 || !B.List[0].Offset.empty())
        return Self;
      Obj = B.List[0].Root;
    }
    const auto *IL =
        Obj && Obj->getInit()
            ? dyn_cast<InitListExpr>(skipTemporaries(Obj->getInit()))
            : nullptr;
    if (!IL || !Obj->hasLocalStorage() || Obj->getDeclContext() != FD ||
        !Obj->getType()->isRecordType() || Escapes.count(Obj) ||
        F->getFieldIndex() >= IL->getNumInits())
      return Self;
    Origins Out = ofExpr(IL->getInit(F->getFieldIndex()), Depth + 1);
    for (Origin &O : Out.List)
      if (O.Via.isInvalid())
        O.Via = Obj->getLocation();
    return Out;
  }

  /// &X: the address of an element or of a variable.
  Origins addressOf(const Expr *X, int Depth) {
    X = skipTemporaries(X);
    Origins Out;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X)) {
      Out = ofExpr(AS->getBase(), Depth + 1);
      for (Origin &O : Out.List)
        O.Offset.push_back({AS->getIdx(), 1});
      return Out;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X)) {
      if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2) {
        Out = ofExpr(OC->getArg(0), Depth + 1);
        for (Origin &O : Out.List)
          O.Offset.push_back({OC->getArg(1), 1});
        return Out;
      }
      if (OC->getOperator() == OO_Star && OC->getNumArgs() == 1)
        return ofExpr(OC->getArg(0), Depth + 1);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(X);
        UO && UO->getOpcode() == UO_Deref)
      return ofExpr(UO->getSubExpr(), Depth + 1);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return ofVar(V, Depth + 1); // &a of an array object or a scalar
    Out.Complete = false;
    return Out;
  }

  /// A pointer whose writes in FD change what it points to: a local, a
  /// parameter, or a global.
  static bool isTrackedPointer(const VarDecl *V) {
    return V && (V->getType()->isPointerType() || isView(V->getType()));
  }

  /// Records the assignments to local pointers and the uses that change
  /// them otherwise.
  void collect(const Stmt *Body) {
    ParentMap PM(const_cast<Stmt *>(Body));
    std::set<const Stmt *> Exchange;
    findExchanges(Body, Exchange);
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        if (isTrackedPointer(V))
          classify(PM, DRE, V, Exchange);
        else if (V && V->getType()->isRecordType())
          classifyStruct(PM, DRE, V);
      }
      if (const auto *ME = dyn_cast<MemberExpr>(S))
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          if (memberChanged(PM, ME))
            MemberWritten.insert(F);
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(Body);
  }

  void classify(ParentMap &PM, const DeclRefExpr *DRE, const VarDecl *V,
                const std::set<const Stmt *> &Exchange) {
    const Stmt *Child;
    const Stmt *P = parentPastParens(PM, DRE, Child);
    // An OpenMP region's capture of the variable: its uses inside are
    // classified one by one.
    if (!P || isa<CapturedStmt>(P) || isa<OMPExecutableDirective>(P))
      return;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
      if (IC->getCastKind() != CK_LValueToRValue &&
          IC->getCastKind() != CK_NoOp)
        Escapes.insert(V);
      return;
    }
    if (Exchange.count(P)) {
      Moved.insert(V);
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getLHS()->IgnoreParens() != Child)
        return;
      if (BO->getOpcode() == BO_Assign)
        Assigned[V].push_back({BO->getRHS(), BO->getExprLoc()});
      else if (BO->isCompoundAssignmentOp())
        Moved.insert(V);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp())
        Moved.insert(V);
      else if (UO->getOpcode() == UO_AddrOf)
        Escapes.insert(V);
      return;
    }
    if (isa<ArraySubscriptExpr, MemberExpr>(P))
      return;
    // A view's method (s.data(), s[k]) reads it; anything else may not.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(P))
      if (MC->getImplicitObjectArgument()->IgnoreParenImpCasts() == Child &&
          MC->getMethodDecl() && MC->getMethodDecl()->isConst())
        return;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      if (OC->getOperator() == OO_Equal && OC->getArg(0) == Child) {
        Assigned[V].push_back({OC->getArg(1), OC->getExprLoc()});
        return;
      }
      if (OC->getOperator() == OO_PlusPlus ||
          OC->getOperator() == OO_MinusMinus ||
          OC->getOperator() == OO_PlusEqual ||
          OC->getOperator() == OO_MinusEqual) {
        Moved.insert(V);
        return;
      }
      if (OC->getOperator() == OO_Subscript || OC->getOperator() == OO_Star ||
          OC->getOperator() == OO_Plus || OC->getOperator() == OO_Minus ||
          OC->getOperator() == OO_EqualEqual ||
          OC->getOperator() == OO_ExclaimEqual)
        return;
    }
    if (isa<CXXConstructExpr>(P) && isView(cast<Expr>(P)->getType()))
      return; // a copy of a view
    Escapes.insert(V);
  }

  /// Is ME assigned, stepped, or its address taken or bound to a
  /// reference that is not const?
  static bool memberChanged(ParentMap &PM, const MemberExpr *ME) {
    const Stmt *Child;
    const Stmt *P = parentPastParens(PM, ME, Child);
    if (!P)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Child;
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
      return IC->getCastKind() != CK_LValueToRValue &&
             IC->getCastKind() != CK_ArrayToPointerDecay &&
             IC->getCastKind() != CK_NoOp;
    if (isa<MemberExpr, ArraySubscriptExpr>(P))
      return false;
    return !isa<Expr>(P) || !cast<Expr>(P)->isPRValue();
  }

  /// A local struct's uses: its members (checked by memberChanged), a copy
  /// of it, or its address into a local pointer's initialiser; anything
  /// else lets it escape.
  void classifyStruct(ParentMap &PM, const DeclRefExpr *DRE, const VarDecl *V) {
    const Stmt *Child;
    const Stmt *P = parentPastParens(PM, DRE, Child);
    if (!P || isa<CapturedStmt>(P) || isa<OMPExecutableDirective>(P) ||
        isa<MemberExpr>(P))
      return;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P);
        IC && IC->getCastKind() == CK_LValueToRValue)
      return;
    if (const auto *UO = dyn_cast<UnaryOperator>(P);
        UO && UO->getOpcode() == UO_AddrOf) {
      const Stmt *G = PM.getParent(UO);
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(G))
        if (DS->isSingleDecl())
          if (const auto *PV = dyn_cast<VarDecl>(DS->getSingleDecl());
              PV && PV->getType()->isPointerType())
            return;
    }
    // A copy into another object, as a constructor's argument.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P);
        CE && CE->getConstructor()->isCopyOrMoveConstructor() &&
        CE->getConstructor()
            ->getParamDecl(0)
            ->getType()
            .getNonReferenceType()
            .isConstQualified())
      return;
    Escapes.insert(V);
  }

  /// std::swap(p, q) and the middle and last assignments of
  /// `t = p; p = q; q = t;`.
  static void findExchanges(const Stmt *S, std::set<const Stmt *> &Out) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (CE->getNumArgs() == 2 && CE->getDirectCallee() &&
          CE->getDirectCallee()->getIdentifier() &&
          CE->getDirectCallee()->getName() == "swap")
        Out.insert(CE);
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::vector<const Stmt *> B(CS->body_begin(), CS->body_end());
      for (size_t I = 0; I + 2 < B.size(); ++I)
        if (exchangeAt(B, I).first) {
          Out.insert(B[I + 1]);
          Out.insert(B[I + 2]);
        }
    }
    for (const Stmt *C : S->children())
      findExchanges(C, Out);
  }
};

/// The function whose body holds S (a lambda's call operator for a call in
/// a lambda).
const FunctionDecl *enclosingFunction(FrontendContext &FC, const Stmt *S) {
  DynTypedNodeList Parents = FC.Ctx.getParents(*S);
  for (int Steps = 0; !Parents.empty() && Steps < 256; ++Steps) {
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F;
    Parents = FC.Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

/// Two roots that can never be the same memory.
bool rootsDistinct(const FunctionDecl *FD, const VarDecl *R1,
                   const VarDecl *R2) {
  if (R1 == R2)
    return false;
  if (distinctAllocations(FD, R1, R2))
    return true;
  auto Fresh = [&](const VarDecl *R) {
    return (isObject(R) && R->hasLocalStorage()) || holdsOwnAllocation(FD, R);
  };
  // A parameter or global that the function does not set (else it would
  // not be a root) came from outside this call.
  auto Outside = [&](const VarDecl *R) {
    return !isMemberVar(R) && !isThisVar(R) &&
           (isa<ParmVarDecl>(R) || !R->hasLocalStorage());
  };
  // Objects never overlap; what comes from outside never points into
  // what this call of the function made, unless the function stored what
  // it made in a global (`G = u + 1;` then run(u): G is u + 1 in run; found
  // by a helper's hunt).
  auto Apart = [&](const VarDecl *Made, const VarDecl *Other) {
    return Fresh(Made) && Outside(Other) &&
           (isa<ParmVarDecl>(Other) || !storedInGlobal(FD, Made));
  };
  return (isObject(R1) && isObject(R2)) || (Fresh(R1) && Fresh(R2)) ||
         Apart(R1, R2) || Apart(R2, R1);
}

bool sameRoot(const Origins &A, const Origins &B, Origin &OA, Origin &OB) {
  for (const Origin &X : A.List)
    for (const Origin &Y : B.List)
      if (X.Root == Y.Root) {
        OA = X;
        OB = Y;
        return true;
      }
  return false;
}

bool allDistinct(const FunctionDecl *FD, const Origins &A, const Origins &B) {
  if (!A.Complete || !B.Complete)
    return false;
  for (const Origin &X : A.List)
    for (const Origin &Y : B.List)
      if (!rootsDistinct(FD, X.Root, Y.Root))
        return false;
  return true;
}

/// The relation of two sets of origins, in FD.
ArrayRelation relateOrigins(const FunctionDecl *FD, const Origins &A,
                            const Origins &B) {
  ArrayRelation R;
  Origin OA, OB;
  if (sameRoot(A, B, OA, OB)) {
    R.Root = OA.Root;
    R.OffA = OA;
    R.OffB = OB;
    R.Evidence = OA.Via.isValid() ? OA.Via : OB.Via;
    bool Single = A.Complete && B.Complete && A.List.size() == 1 &&
                  B.List.size() == 1 && OA.OffsetKnown && OB.OffsetKnown;
    R.K = Single ? ArrayRelation::Same : ArrayRelation::Shared;
    return R;
  }
  R.K =
      allDistinct(FD, A, B) ? ArrayRelation::Distinct : ArrayRelation::Unknown;
  return R;
}

/// Origins in FD re-expressed at a call of FD: each origin whose root is
/// a parameter of FD becomes the origins of the call's argument, offsets
/// added. Others stay (globals) or make the result incomplete.
Origins atCall(const Origins &In, const FunctionDecl *FD, const CallExpr *CE,
               const FunctionDecl *Caller) {
  Origins Out;
  Out.Complete = In.Complete;
  Resolver R(Caller);
  for (const Origin &O : In.List) {
    const auto *P = dyn_cast<ParmVarDecl>(O.Root);
    if (!P || P->getDeclContext() != FD) {
      Out.List.push_back(O);
      continue;
    }
    unsigned I = P->getFunctionScopeIndex();
    if (I >= CE->getNumArgs()) {
      Out.Complete = false;
      continue;
    }
    Origins Arg = R.ofExpr(CE->getArg(I), 0);
    Out.Complete &= Arg.Complete;
    for (Origin A : Arg.List) {
      A.Offset.insert(A.Offset.end(), O.Offset.begin(), O.Offset.end());
      A.OffsetKnown &= O.OffsetKnown;
      if (A.Via.isInvalid())
        A.Via = CE->getBeginLoc();
      Out.List.push_back(A);
    }
  }
  return Out;
}

bool hasParamRoot(const Origins &O, const FunctionDecl *FD) {
  for (const Origin &X : O.List)
    if (const auto *P = dyn_cast<ParmVarDecl>(X.Root);
        P && P->getDeclContext() == FD)
      return true;
  return false;
}

/// Appends the calls of FD (and of its callers, up to MaxCallerDepth) that
/// bind A and B into one array. Returns whether every call provably binds
/// them to distinct arrays, for a function no other file can call.
bool relateAtCalls(FrontendContext &FC, const FunctionDecl *FD,
                   const Origins &A, const Origins &B, int Depth,
                   const CallExpr *First, std::vector<ArrayRelation> &Out) {
  if (Depth >= MaxCallerDepth || !(hasParamRoot(A, FD) || hasParamRoot(B, FD)))
    return false;
  const std::vector<const CallExpr *> &Calls = FC.callsOf(FD);
  bool AllDistinct =
      !Calls.empty() && !FD->isExternallyVisible() && !FC.addressTaken(FD);
  for (const CallExpr *CE : Calls) {
    // An operator call of a method counts the object as its first argument.
    const FunctionDecl *Caller = enclosingFunction(FC, CE);
    if (isa<CXXOperatorCallExpr>(CE) || !Caller || Caller == FD) {
      AllDistinct = false;
      continue;
    }
    Origins CA = atCall(A, FD, CE, Caller), CB = atCall(B, FD, CE, Caller);
    const CallExpr *Site = First ? First : CE;
    ArrayRelation R = relateOrigins(Caller, CA, CB);
    if (R.K == ArrayRelation::Same || R.K == ArrayRelation::Shared) {
      R.Call = Site;
      Out.push_back(R);
      AllDistinct = false;
      continue;
    }
    if (R.K == ArrayRelation::Distinct)
      continue;
    AllDistinct &= relateAtCalls(FC, Caller, CA, CB, Depth + 1, Site, Out);
  }
  return AllDistinct;
}

} // namespace

Origins originsOf(const FunctionDecl *FD, const VarDecl *V) {
  return Resolver(FD).ofVar(V, 0);
}

Origins originsOfExpr(const FunctionDecl *FD, const Expr *E) {
  return Resolver(FD).ofExpr(E, 0);
}

std::vector<ArrayRelation> relateArrays(FrontendContext &FC,
                                        const FunctionDecl *FD,
                                        const VarDecl *A, const VarDecl *B) {
  if (distinctAllocations(FD, A, B)) {
    ArrayRelation R;
    R.K = ArrayRelation::Distinct;
    return {R};
  }
  Resolver Res(FD);
  Origins OA = Res.ofVar(A, 0), OB = Res.ofVar(B, 0);
  ArrayRelation Here = relateOrigins(FD, OA, OB);
  if (Here.K != ArrayRelation::Unknown)
    return {Here};
  std::vector<ArrayRelation> Out;
  // A function only this file can call, every call of which passes
  // distinct arrays: distinct.
  if (relateAtCalls(FC, FD, OA, OB, 0, nullptr, Out) && Out.empty())
    Here.K = ArrayRelation::Distinct;
  if (Out.empty())
    Out.push_back(Here);
  return Out;
}

std::string originText(FrontendContext &FC, const Origin &O) {
  std::string S = O.Root ? hostName(O.Root) : "?";
  if (!O.OffsetKnown)
    return S + " + (an unknown offset)";
  for (const auto &[E, Sign] : O.Offset) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, FC.Ctx) && R.Val.getInt() == 0)
      continue; // &v[0]
    S += (Sign < 0 ? " - " : " + ") + FC.pretty(E);
  }
  return S;
}

} // namespace detail
} // namespace l2c
