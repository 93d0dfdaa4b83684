//===- Accesses.cpp - Uses of variables in a loop body --------------------===//
//
// Walks a loop body for the variables it declares, the free variables it
// reads and writes, and the subscripts of the arrays it accesses.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

/// How a call uses the argument Arg of a parameter of type PT (null when
/// unknown): through a non-const reference or pointer it may write.
static unsigned argMode(QualType PT, const Expr *Arg) {
  if (PT.isNull())
    return Arg->getType()->isPointerType() ? ReadWrite : Read;
  if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
    return ReadWrite;
  if (PT->isPointerType() && !PT->getPointeeType().isConstQualified())
    return ReadWrite;
  return Read;
}

/// Whether S uses P only as *P or P[0].
static bool onlyFirstElement(const Stmt *S, const ParmVarDecl *P) {
  if (!S)
    return true;
  auto IsP = [&](const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return D && D->getDecl() == P;
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_Deref && IsP(UO->getSubExpr()))
    return true;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S);
      AS && IsP(AS->getBase())) {
    const auto *L =
        dyn_cast<IntegerLiteral>(AS->getIdx()->IgnoreParenImpCasts());
    return L && L->getValue() == 0;
  }
  // Any other use of P (p + 1, p++, passing p on).
  if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == P)
    return false;
  for (const Stmt *C : S->children())
    if (!onlyFirstElement(C, P))
      return false;
  return true;
}

/// Whether a call of FD touches only the element its argument I points to:
/// a helper of the file that uses the parameter only as *p.
static bool touchesOneElement(const FunctionDecl *FD, unsigned I) {
  const FunctionDecl *Def = nullptr;
  return FD && I < FD->getNumParams() && FD->hasBody(Def) &&
         onlyFirstElement(Def->getBody(), Def->getParamDecl(I));
}

void LoopAnalyzer::recordAccess(const VarDecl *A,
                                std::vector<const Expr *> Subs,
                                const Expr *Whole, unsigned M) {
  use(A, Read, Whole->getExprLoc());
  const Expr *First = Subs.front();
  Accesses.push_back(
      Access{A, First, Whole, M, CondDepth > 0, std::move(Subs), LoopStack});
  Accesses.back().Guards = Guards;
  Accesses.back().Update = Whole == UpdateTarget;
}

bool LoopAnalyzer::sizeParam(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (!MD || MD->getName() != "size" || MC->getNumArgs() != 0)
    return false;
  // The launch names the vector as the kernel does: not a stand-in (s.v).
  auto Plain = [&](const VarDecl *V) {
    return V && !Locals.count(V) && hostName(V) == V->getNameAsString();
  };
  const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
  // row.size() of `auto &row = m[e]`: m[e].size().
  if (auto It = Conv.RowRefs.find(refVar(Obj)); It != Conv.RowRefs.end()) {
    use(It->second.first, Read, MC->getExprLoc());
    Conv.RowSizeParams.insert(It->second.first);
    return true;
  }
  // v.size(), also of a member vector (s.v): the launch passes
  // s.v.size() for l2c_size_s_v (FrontendResult::HostArgs).
  if (const VarDecl *V = refVar(Obj); V && !Locals.count(V) &&
                                      isStdVector(V->getType()) &&
                                      !isVectorOfVectors(V->getType())) {
    use(V, Read, MC->getExprLoc());
    Conv.SizeParams.insert(V);
    return true;
  }
  if (const auto *Row = dyn_cast<CXXOperatorCallExpr>(Obj);
      Row && Row->getOperator() == OO_Subscript && Row->getNumArgs() == 2 &&
      isVectorOfVectors(Row->getArg(0)->getType()))
    if (const VarDecl *V = refVar(Row->getArg(0)); Plain(V)) {
      use(V, Read, MC->getExprLoc());
      Conv.RowSizeParams.insert(V);
      scan(Row->getArg(1), Read);
      return true;
    }
  return false;
}

void LoopAnalyzer::collectLocals(const Stmt *S) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Locals.insert(VD);
  for (const Stmt *C : S->children())
    collectLocals(C);
}

bool LoopAnalyzer::isArrayLike(const VarDecl *V) const {
  QualType T = V->getType().getNonReferenceType();
  return T->isPointerType() || T->isArrayType() || isStdVector(T) ||
         isStdArray(T);
}

void LoopAnalyzer::use(const VarDecl *V, unsigned M, SourceLocation Loc) {
  if (!V)
    return;
  // A static member number (`static constexpr int K = 7;`) travels by
  // value like a global, a static member array (`Pool::buf`) as an array
  // of the kernel; the kernel, outside the class, could not name either.
  bool StaticNumber =
      V->isStaticDataMember() &&
      (V->getType().getCanonicalType()->isArithmeticType() ||
       isArrayLike(V));
  if (!Locals.count(V) && V != Index &&
      (!V->isStaticDataMember() || StaticNumber) &&
      (V->hasLocalStorage() || V->hasGlobalStorage()))
    Free.insert(V);
  VarInfo &I = Info[V];
  if (M & Read)
    I.Read = true;
  if (M & Write) {
    if (!I.Writes)
      I.FirstWrite = Loc;
    ++I.Writes;
  }
}

void LoopAnalyzer::methodRead(const VarDecl *V, const CXXMemberCallExpr *MC) {
  use(V, Read, MC->getExprLoc());
  // A vector member the method's copy reads: at elements no subscript of
  // the loop shows (MemberScalars.cpp).
  if (V && isStdVector(V->getType().getNonReferenceType())) {
    Info[V].OtherUse = true;
    if (!Info[V].HiddenRead)
      Info[V].HiddenRead = MC;
  }
}

/// The array a range-based `for` in a kernel walks, when the kernel can
/// walk it: a free std::vector (a struct's member s.v too), a C array of
/// constant size or a std::array.
const VarDecl *LoopAnalyzer::rangeArray(const CXXForRangeStmt *RF) const {
  const VarDecl *V = refVar(RF->getRangeInit()->IgnoreParenImpCasts());
  if (!V || Locals.count(V) || !RF->getLoopVariable())
    return nullptr;
  QualType T = V->getType().getNonReferenceType();
  if (isStdVector(T) && !isVectorOfVectors(T))
    return V; // a member vector's size comes from the host as s.v.size()
  if (isStdArray(T) || FC.Ctx.getAsConstantArrayType(T))
    return V;
  return nullptr;
}

void LoopAnalyzer::addressOfElement(const Expr *E, bool ReadOnly) {
  // &a[e] (or &a[e][f]): the pointer may reach other elements (p[1]), which
  // no subscript of the loop shows; the elements the loop touches are
  // then not known from its subscripts.
  const Expr *Base = E->IgnoreParens();
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Base))
    Base = AS->getBase()->IgnoreParenImpCasts();
  if (Base == E->IgnoreParens())
    return;
  const VarDecl *A = refVar(Base);
  if (!A || Locals.count(A) || !isArrayLike(A))
    return;
  VarInfo &I = Info[A];
  I.OtherUse = true;
  I.OtherWrite |= !ReadOnly && !E->getType().isConstQualified();
}

void LoopAnalyzer::scan(const Expr *E, unsigned M) {
  if (!E)
    return;
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    // &a[e] made a pointer to const (`const T *low = &grid[k];`): it
    // reads there, never writes.
    if (const auto *UO =
            dyn_cast<UnaryOperator>(IC->getSubExpr()->IgnoreParens());
        UO && UO->getOpcode() == UO_AddrOf && IC->getType()->isPointerType() &&
        IC->getType()->getPointeeType().isConstQualified()) {
      addressOfElement(UO->getSubExpr(), /*ReadOnly=*/true);
      scan(UO->getSubExpr(), Read);
      return;
    }
    // A row a[i] of a 2-D array taken as a pointer (`p = a[i];`) reaches
    // the row's elements as &a[i][0] does: a use the subscripts do not
    // show, and a write unless the row is const.
    if (IC->getCastKind() == CK_ArrayToPointerDecay &&
        isa<ArraySubscriptExpr>(IC->getSubExpr()->IgnoreParens()))
      addressOfElement(IC->getSubExpr(),
                       IC->getType()->getPointeeType().isConstQualified());
    scan(IC->getSubExpr(), IC->getCastKind() == CK_LValueToRValue ? Read : M);
    return;
  }
  if (isa<DeclRefExpr>(E) || (isa<MemberExpr>(E) && varOf(E))) {
    const VarDecl *V = varOf(E);
    if (!V)
      return;
    use(V, M, E->getExprLoc());
    if (isArrayLike(V) && !Locals.count(V)) {
      VarInfo &I = Info[V];
      I.OtherUse = true;
      QualType T = V->getType().getNonReferenceType();
      QualType Pointee = T->isPointerType() ? T->getPointeeType()
                         : T->isArrayType()
                             ? QualType(T->getPointeeOrArrayElementType(), 0)
                             : QualType();
      if ((M & Write) || Pointee.isNull() || !Pointee.isConstQualified())
        I.OtherWrite = true;
    }
    return;
  }
  // p[e].f of an array of structs with a pointer member f, other than as
  // p[e].f[g] (below): p's bytes would carry a host pointer to the device.
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
        F && F->getType()->isPointerType())
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(
              ME->getBase()->IgnoreParenImpCasts()))
        if (const VarDecl *P = refVar(AS->getBase()))
          PointerMembersUsed[P] = F->getNameAsString();
  // obj.e(k), obj.at(x, y), obj(i, j) of an element accessor: an element
  // of its array (Accessors.cpp).
  if (isa<CXXMemberCallExpr>(E) || isa<CXXOperatorCallExpr>(E))
    if (auto A = accessorUse(E)) {
      const Expr *Obj =
          isa<CXXMemberCallExpr>(E)
              ? cast<CXXMemberCallExpr>(E)->getImplicitObjectArgument()
              : cast<CXXOperatorCallExpr>(E)->getArg(0);
      if (!Locals.count(refVar(Obj))) {
        recordAccess(A->Array, {A->Index}, E, M);
        scan(A->Index, Read);
        return;
      }
    }
  // Subscripts of free arrays.
  const Expr *Base = nullptr, *Sub = nullptr;
  std::vector<const Expr *> Subs;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    if (rowPointerAccess(AS, M))
      return;
    // p[e].f[g]: element g of row e of the member rows p_f (StandIns.cpp),
    // for an array p of the loop's (not one of its locals).
    const Expr *Row = nullptr;
    const VarDecl *P = nullptr;
    if (const VarDecl *MR = memberRowsVar(AS->getBase(), Row, P);
        MR && !Locals.count(P)) {
      recordAccess(MR, {Row, AS->getIdx()}, E, M);
      scan(Row, Read);
      scan(AS->getIdx(), Read);
      return;
    }
    // A[i][j]: peel the subscripts down to the array.
    const ArraySubscriptExpr *Inner = AS;
    Subs.push_back(AS->getIdx());
    while (const auto *Next = dyn_cast<ArraySubscriptExpr>(
               Inner->getBase()->IgnoreParenImpCasts())) {
      Inner = Next;
      Subs.insert(Subs.begin(), Inner->getIdx());
    }
    const VarDecl *A = refVar(Inner->getBase());
    if (Inner != AS && A && !Locals.count(A) && isArrayLike(A)) {
      recordAccess(A, Subs, E, M);
      for (const Expr *X : Subs)
        scan(X, Read);
      return;
    }
    Subs.assign(1, AS->getIdx());
    Base = AS->getBase();
    Sub = AS->getIdx();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    QualType T = OC->getNumArgs() ? OC->getArg(0)->getType() : QualType();
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        (isStdVector(T) || isStdArray(T))) {
      // row[s] of `auto &row = m[e]`: m[e][s] (RowPointers.cpp).
      if (const VarDecl *RV = refVar(OC->getArg(0)))
        if (auto It = RowPointers.find(RV);
            It != RowPointers.end() && It->second.VectorRef) {
          const RowPointer &R = It->second;
          recordAccess(R.Array, {R.Row, OC->getArg(1)}, E, M);
          scan(OC->getArg(1), Read);
          return;
        }
      // v[i][j] of a vector of vectors: element j of row i, as a[i][j] of
      // a C array (the rows never share memory).
      if (const auto *Row =
              dyn_cast<CXXOperatorCallExpr>(OC->getArg(0)->IgnoreParens());
          Row && Row->getOperator() == OO_Subscript && Row->getNumArgs() == 2 &&
          isVectorOfVectors(Row->getArg(0)->getType()))
        if (const VarDecl *A = refVar(Row->getArg(0)); A && !Locals.count(A)) {
          recordAccess(A, {Row->getArg(1), OC->getArg(1)}, E, M);
          scan(Row->getArg(1), Read);
          scan(OC->getArg(1), Read);
          return;
        }
      Base = OC->getArg(0);
      Sub = OC->getArg(1);
    } else if (OC->getOperator() == OO_Call && isLambdaType(T)) {
      // A lambda's call reads its captures; the closure itself stays on
      // the host (it becomes a device function).
      const FunctionDecl *FD = OC->getDirectCallee();
      for (unsigned I = 1; I < OC->getNumArgs(); ++I)
        scan(OC->getArg(I),
             FD && I - 1 < FD->getNumParams()
                 ? argMode(FD->getParamDecl(I - 1)->getType(), OC->getArg(I))
                 : ReadWrite);
      for (const LambdaCapture &C : T->getAsCXXRecordDecl()->captures())
        if (C.capturesVariable())
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
              V && !isLambdaType(V->getType()))
            use(V, Read, OC->getExprLoc());
      return;
    }
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    // size() of a std::array is a constant.
    if (isStdArray(MC->getImplicitObjectArgument()->getType()) &&
        constantArrayMethod(MC->getMethodDecl()))
      return;
    if (sizeParam(MC))
      return;
  } else if (isa<LambdaExpr>(E)) {
    return; // its captures are read where it is called
  }
  if (Base) {
    const VarDecl *A = refVar(Base);
    if (A && !Locals.count(A) && isArrayLike(A)) {
      // Element accesses; the variable itself (pointer, size) is only read.
      recordAccess(A, {Sub}, E, M);
    } else {
      scan(Base, M);
    }
    scan(Sub, Read);
    return;
  }
  // *it and it->m of an iterator loop: the element v[l2c_i].
  if (Conv.Iterator && Conv.isIteratorDeref(E))
    return rangeAccess(E, M);
  // A struct's implicit copy or move assignment writes its left side.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
      scan(OC->getArg(0), Write);
      scan(OC->getArg(1), Read);
      return;
    }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      if (BO->isCompoundAssignmentOp())
        UpdateTarget = BO->getLHS()->IgnoreParens();
      scan(BO->getLHS(), BO->getOpcode() == BO_Assign ? Write : ReadWrite);
      scan(BO->getRHS(), Read);
      return;
    }
    scan(BO->getLHS(), Read);
    if (BO->isLogicalOp())
      ++CondDepth;
    scan(BO->getRHS(), Read);
    if (BO->isLogicalOp())
      --CondDepth;
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    // A pointer to a const element cannot write it.
    bool ConstElem = UO->getOpcode() == UO_AddrOf &&
                     UO->getSubExpr()->getType().isConstQualified();
    if (UO->getOpcode() == UO_AddrOf)
      addressOfElement(UO->getSubExpr());
    if (ConstElem)
      scan(UO->getSubExpr(), Read);
    else if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) {
      if (UO->isIncrementDecrementOp())
        UpdateTarget = UO->getSubExpr()->IgnoreParens();
      scan(UO->getSubExpr(), ReadWrite);
    } else if (UO->getOpcode() == UO_Deref) {
      if (!derefAccess(UO, M))
        scan(UO->getSubExpr(), M == Read ? Read : ReadWrite);
    } else {
      scan(UO->getSubExpr(), Read);
    }
    return;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    scan(CO->getCond(), Read);
    ++CondDepth;
    scan(CO->getTrueExpr(), M);
    scan(CO->getFalseExpr(), M);
    --CondDepth;
    return;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    scan(ME->getBase(), ME->isArrow() ? (M == Read ? Read : ReadWrite) : M);
    return;
  }
  // obj.m(...): a const method reads obj, any other may write it. A
  // method of the enclosing object reads the object's copy (l2c_this);
  // one that may change it is rejected by the conversion.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Obj = MC->getImplicitObjectArgument();
    // A method that never names its object: its copy takes none.
    if (needsNoObject(MD))
      Obj = nullptr;
    // One that reads only numbers of an object that cannot travel: the
    // kernel takes those members (MemberScalars.cpp).
    if (Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()))
      if (auto Members = memberScalars(MD)) {
        for (const auto &[F, ME] : *Members)
          methodRead(memberVar(ME), MC);
        Obj = nullptr;
      }
    if (const auto *This = dyn_cast_or_null<CXXThisExpr>(
            Obj ? Obj->IgnoreParenImpCasts() : nullptr))
      use(thisVar(This->getType()->getPointeeCXXRecordDecl()), Read,
          MC->getExprLoc());
    else if (auto Numbers = numbersOfObject(MD, Obj)) {
      // m.cols() of a method that reads only numbers of m: those members
      // (and vectors of numbers, at elements no subscript shows).
      for (const VarDecl *V : *Numbers)
        methodRead(V, MC);
    } else if (Obj) {
      if (const VarDecl *V = varOf(Obj->IgnoreParenImpCasts());
          V && !(MD && MD->isConst()) && !Info[V].MethodWrite)
        Info[V].MethodWrite = MC;
      scan(Obj, MD && MD->isConst() ? Read : ReadWrite);
    }
  }
  // a += b of a class's operator method: the object is the first argument.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (const auto *MD =
            dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee())) {
      if (OC->getNumArgs() > 0)
        scan(OC->getArg(0), MD->isConst() ? Read : ReadWrite);
      for (unsigned I = 1; I < OC->getNumArgs(); ++I)
        scan(OC->getArg(I), argMode(I - 1 < MD->getNumParams()
                                        ? MD->getParamDecl(I - 1)->getType()
                                        : QualType(),
                                    OC->getArg(I)));
      return;
    }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    calleeGlobalAccesses(CE);
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      // A struct of pointers handed whole to a function (StructViews.cpp).
      if (viewArgument(CE, I))
        continue;
      // f(a, i) of a helper of the file whose subscripts of a's parameter
      // the analysis can read (CalleeAccesses.cpp).
      if (calleeAccesses(CE, I))
        continue;
      unsigned Mode =
          argMode(FD && I < FD->getNumParams() ? FD->getParamDecl(I)->getType()
                                               : QualType(),
                  CE->getArg(I));
      // A `T *` parameter of a helper of the file that only reads through
      // it is read as a `const T *` one.
      if (Mode == ReadWrite && FD && I < FD->getNumParams() &&
          FD->getParamDecl(I)->getType()->isPointerType() &&
          !mayWriteThrough(FD, I))
        Mode = Read;
      // f(&a[i]) of an f that touches that one element: the access a[i].
      const auto *UO =
          dyn_cast<UnaryOperator>(CE->getArg(I)->IgnoreParenImpCasts());
      if (UO && UO->getOpcode() == UO_AddrOf &&
          isa<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()) &&
          touchesOneElement(FD, I)) {
        scan(UO->getSubExpr(), Mode);
        continue;
      }
      // f(a) of a `const T *` parameter (particlefilter's find_index(cdf,
      // n, u)): the function reads a's elements, never writes them.
      if (const VarDecl *A = refVar(CE->getArg(I));
          A && Mode == Read && FD && I < FD->getNumParams() &&
          FD->getParamDecl(I)->getType()->isPointerType() && isArrayLike(A) &&
          !Locals.count(A)) {
        use(A, Read, CE->getArg(I)->getExprLoc());
        Info[A].OtherUse = true;
        continue;
      }
      // f(&a[k]) of a `const T *` parameter (streamcluster's dist(&p[i * d],
      // &c[k * d], d)): the function reads from there, never writes.
      if (UO && UO->getOpcode() == UO_AddrOf && Mode == Read && FD &&
          I < FD->getNumParams() &&
          FD->getParamDecl(I)->getType()->isPointerType() &&
          isa<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
        addressOfElement(UO->getSubExpr(), /*ReadOnly=*/true);
        scan(UO->getSubExpr(), Read);
        continue;
      }
      // f(&s) of a `const S *` parameter (dot_row(&A, x, i)): f reads s.
      if (UO && UO->getOpcode() == UO_AddrOf && Mode == Read && FD &&
          I < FD->getNumParams() &&
          FD->getParamDecl(I)->getType()->isPointerType() &&
          isa<DeclRefExpr>(UO->getSubExpr()->IgnoreParens())) {
        scan(UO->getSubExpr(), Read);
        continue;
      }
      scan(CE->getArg(I), Mode);
    }
    return;
  }
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      scan(CE, Read);
}

} // namespace detail
} // namespace l2c
