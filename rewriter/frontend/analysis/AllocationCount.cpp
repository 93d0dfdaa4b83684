//===- AllocationCount.cpp - Extents from the allocation of a pointer -----===//
//
// The element count of an array the loop reaches through a subscript the
// extent rules cannot bound (`J[iN[i] * cols + j]`, `p[colidx[k]]`, a row
// pointer `&f[i * nf]` passed to a function) when the pointer is a local
// of the loop's function that holds a block it allocated itself:
//
// \code
//   int size = rows * cols;
//   float *J = malloc(size * sizeof(float));   // count: size
//   int *edges = calloc(n * 3, sizeof(int));   // count: n * 3
//   double *a = new double[nnz];               // count: nnz
// \endcode
//
// The copy then moves the whole block: every access in bounds stays inside
// it. The pointer must hold nothing but allocations and exchanges with
// other such pointers (Allocations.cpp), every allocation it may hold must
// have the same count, one factor of the size must be `sizeof` of the
// element type (none for a char type), and the rest must be made of
// constants and of variables the function never writes after their
// declaration, each the only variable of its name in the function, so that
// the count means at the copy what it meant at the allocation.
//
// A pointer parameter of a static function (Rodinia's hotspot computes its
// neighbours' rows with a helper) takes the count of the blocks its calls
// pass, rewritten in the function's own parameters (countFromCallers).
//
//===----------------------------------------------------------------------===//

#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"

#include <functional>
#include <set>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The factors of a product `a * b * c`, through parentheses and casts.
void factors(const Expr *E, std::vector<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Mul) {
    factors(BO->getLHS(), Out);
    factors(BO->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

/// `sizeof(T)` or `sizeof e`: the type it measures; null otherwise.
const Type *sizeofType(const Expr *E) {
  const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenCasts());
  if (!U || U->getKind() != UETT_SizeOf)
    return nullptr;
  return U->getTypeOfArgument().getCanonicalType().getTypePtr();
}

/// The variables a count names, each the only one of its name in FD.
class StableCount {
public:
  explicit StableCount(const FunctionDecl *FD) : FD(FD) {}

  /// E is made of integer constants, enumerators, sizes and variables the
  /// function never writes, with + - * / only.
  bool stable(const Expr *E) {
    E = E->IgnoreParenCasts();
    if (isa<IntegerLiteral>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
      return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return (BO->isAdditiveOp() || BO->isMultiplicativeOp()) &&
             BO->getOpcode() != BO_Rem && stable(BO->getLHS()) &&
             stable(BO->getRHS());
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    if (!DRE)
      return false;
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !V->getType()->isIntegerType())
      return false;
    // A constant of the file, or a local or parameter of the function
    // that nothing writes and no other declaration of its name hides.
    if (!V->isLocalVarDeclOrParm())
      return V->getType().isConstQualified() && V->hasInit();
    return V->getParentFunctionOrMethod() == FD && onlyRead(FD->getBody(), V) &&
           uniqueName(V);
  }

private:
  const FunctionDecl *FD;

  bool uniqueName(const VarDecl *V) {
    unsigned N = 0;
    for (const ParmVarDecl *P : FD->parameters())
      N += P->getName() == V->getName();
    countDecls(FD->getBody(), V->getName(), N);
    return N == 1;
  }

public:
  static void countDecls(const Stmt *S, StringRef Name, unsigned &N) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          N += V->getName() == Name;
    for (const Stmt *C : S->children())
      countDecls(C, Name, N);
  }
};

/// The factors of the element count of each block of Elem that Allocs (in
/// FD) allocate, each made of constants and variables FD never writes;
/// nothing when some block has no such count.
std::optional<std::vector<std::vector<const Expr *>>>
allocationFactors(FrontendContext &FC, const FunctionDecl *FD,
                  const std::vector<const Expr *> &Allocs, QualType Elem) {
  if (Elem.isNull() || Elem->isArrayType() || Elem->isIncompleteType())
    return std::nullopt;
  const Type *ElemT = Elem.getCanonicalType().getUnqualifiedType().getTypePtr();
  bool CharSized = FC.Ctx.getTypeSizeInChars(Elem).isOne();
  StableCount Stable(FD);
  std::vector<std::vector<const Expr *>> Out;
  if (Allocs.empty())
    return std::nullopt;
  for (const Expr *Alloc : Allocs) {
    if (!Alloc)
      return std::nullopt;
    Alloc = Alloc->IgnoreParenCasts();
    // Allocate<T>(n): the wrapper's own allocation, its parameters then
    // replaced by the call's arguments.
    const CallExpr *Wrapper = nullptr;
    if (const auto *CE = dyn_cast<CallExpr>(Alloc))
      if (const Expr *Inner = allocationInWrapper(CE)) {
        Wrapper = CE;
        Alloc = Inner;
      }
    std::vector<const Expr *> Fs;
    if (const auto *New = dyn_cast<CXXNewExpr>(Alloc)) {
      if (New->getAllocatedType()
              .getCanonicalType()
              .getUnqualifiedType()
              .getTypePtr() != ElemT)
        return std::nullopt;
      if (New->isArray()) {
        if (!New->getArraySize())
          return std::nullopt;
        factors(*New->getArraySize(), Fs);
      }
    } else {
      const auto *CE = dyn_cast<CallExpr>(Alloc);
      if (!CE || !CE->getDirectCallee())
        return std::nullopt;
      StringRef F = CE->getDirectCallee()->getName();
      if (F == "malloc" && CE->getNumArgs() == 1) {
        factors(CE->getArg(0), Fs);
      } else if (F == "aligned_alloc" && CE->getNumArgs() == 2) {
        factors(CE->getArg(1), Fs);
      } else if (F == "calloc" && CE->getNumArgs() == 2) {
        factors(CE->getArg(0), Fs);
        factors(CE->getArg(1), Fs);
      } else {
        return std::nullopt;
      }
      // Exactly one factor sizeof(Elem); none at all for a char type.
      unsigned Sizes = 0;
      bool Dropped = false;
      for (auto It = Fs.begin(); It != Fs.end();) {
        const Type *T = sizeofType(*It);
        if (!T) {
          ++It;
          continue;
        }
        ++Sizes;
        if (!Dropped &&
            T->getCanonicalTypeUnqualified().getTypePtr() == ElemT) {
          Dropped = true;
          It = Fs.erase(It);
          continue;
        }
        ++It;
      }
      if (Sizes != (Dropped ? 1u : 0u) || (!Dropped && !CharSized))
        return std::nullopt;
    }
    if (Wrapper) {
      std::vector<const Expr *> Args;
      for (const Expr *F : Fs) {
        const auto *P = dyn_cast_or_null<ParmVarDecl>(refVar(F));
        if (!P || P->getFunctionScopeIndex() >= Wrapper->getNumArgs())
          return std::nullopt; // a size the call does not give
        factors(Wrapper->getArg(P->getFunctionScopeIndex()), Args);
      }
      Fs = std::move(Args);
    }
    for (const Expr *F : Fs)
      if (!Stable.stable(F))
        return std::nullopt;
    Out.push_back(std::move(Fs));
  }
  return Out;
}

/// The product of Fs as text, each factor printed by Print ("" when it
/// cannot be); "1" for no factor.
std::string productText(const std::vector<const Expr *> &Fs,
                        llvm::function_ref<std::string(const Expr *)> Print) {
  std::string Count;
  for (const Expr *F : Fs) {
    std::string T = Print(F);
    if (T.empty())
      return "";
    if (isa<BinaryOperator>(F->IgnoreImpCasts()))
      T = "(" + T + ")";
    Count += (Count.empty() ? "" : " * ") + T;
  }
  return Count.empty() ? "1" : Count;
}

/// The values other than local pointers that the local pointer V of FD may
/// hold: the initialisers and right sides of `V = e` of V and of every
/// local pointer it is given (`double *src = temp;`, `t = a; a = b;`),
/// followed through such copies. Nothing when one of them changes in any
/// other way (p++, &p, a call that takes it by reference, ...).
std::optional<std::vector<const Expr *>> valuesReaching(const FunctionDecl *FD,
                                                        const VarDecl *V) {
  std::vector<const VarDecl *> Work{V};
  std::set<const VarDecl *> Seen{V};
  std::vector<const Expr *> Out;
  ParentMap PM(const_cast<Stmt *>(FD->getBody()));
  auto Add = [&](const Expr *E) {
    const VarDecl *W = refVar(E);
    if (W && W->isLocalVarDecl() && W->getType()->isPointerType()) {
      if (Seen.insert(W).second)
        Work.push_back(W);
      return;
    }
    Out.push_back(E);
  };
  bool Bad = false;
  while (!Work.empty() && !Bad) {
    const VarDecl *X = Work.back();
    Work.pop_back();
    if (!X->isLocalVarDecl() || X->getParentFunctionOrMethod() != FD)
      return std::nullopt;
    if (X->getInit())
      Add(X->getInit());
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S || Bad)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
          DRE && DRE->getDecl() == X) {
        const Stmt *P = PM.getParentIgnoreParens(DRE);
        if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
            IC && IC->getCastKind() == CK_LValueToRValue)
          return;
        const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        if (BO && BO->getOpcode() == BO_Assign &&
            BO->getLHS()->IgnoreParens() == DRE) {
          Add(BO->getRHS());
          return;
        }
        Bad = true;
        return;
      }
      // An OpenMP region's capture names the variable without using it.
      if (const auto *CS = dyn_cast<CapturedStmt>(S))
        return Walk(CS->getCapturedStmt());
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(FD->getBody());
  }
  if (Bad)
    return std::nullopt;
  return Out;
}

/// S may change the size of the vector V: a call of a method that can
/// (resize, push_back, assign, ...), an assignment to it, or V passed on by
/// non-const reference or address.
bool vectorResized(const Stmt *S, const VarDecl *V) {
  if (!S)
    return true;
  static const char *const Keeps[] = {"operator[]", "data", "size", "begin",
                                      "end", "cbegin", "cend", "at",
                                      "front", "back", "empty"};
  bool Changed = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X || Changed)
      return;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(X))
      if (refVar(MC->getImplicitObjectArgument()) == V) {
        std::string M = MC->getMethodDecl()
                            ? MC->getMethodDecl()->getNameAsString()
                            : "";
        Changed = llvm::find(Keeps, M) == std::end(Keeps);
      }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X))
      if (OC->getNumArgs() > 0 && refVar(OC->getArg(0)) == V &&
          OC->getOperator() != OO_Subscript)
        Changed = true;
    if (const auto *UO = dyn_cast<UnaryOperator>(X);
        UO && UO->getOpcode() == UO_AddrOf && refVar(UO->getSubExpr()) == V)
      Changed = true;
    if (const auto *CE = dyn_cast<CallExpr>(X);
        CE && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(CE))
      if (const FunctionDecl *F = CE->getDirectCallee())
        for (unsigned I = 0; I < CE->getNumArgs() && I < F->getNumParams(); ++I)
          if (refVar(CE->getArg(I)) == V) {
            QualType PT = F->getParamDecl(I)->getType();
            Changed |= PT->isReferenceType() &&
                       !PT.getNonReferenceType().isConstQualified();
          }
    for (const Stmt *C : X->children())
      Walk(C);
  };
  Walk(S);
  return Changed;
}

/// F, a count factor of the caller, in the callee's names: the caller's
/// variables become the callee's parameters that Call passes them to
/// (parameters the callee never writes); "" when some variable has none.
std::string inCallee(FrontendContext &FC, const Expr *F, const CallExpr *Call,
                     const FunctionDecl *Callee) {
  F = F->IgnoreParenCasts();
  if (const auto *IL = dyn_cast<IntegerLiteral>(F))
    return std::to_string(IL->getValue().getZExtValue());
  if (const auto *BO = dyn_cast<BinaryOperator>(F)) {
    std::string L = inCallee(FC, BO->getLHS(), Call, Callee),
                R = inCallee(FC, BO->getRHS(), Call, Callee);
    if (L.empty() || R.empty())
      return "";
    return "(" + L + " " + BO->getOpcodeStr().str() + " " + R + ")";
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(F);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDeclOrParm()) {
    // An enumerator or a constant of the file, unless the callee hides it.
    std::string Name = DRE ? DRE->getDecl()->getNameAsString() : "";
    for (const ParmVarDecl *P : Callee->parameters())
      if (P->getName() == Name)
        return "";
    unsigned N = 0;
    if (!Name.empty() && Callee->getBody())
      StableCount::countDecls(Callee->getBody(), Name, N);
    return N ? "" : Name;
  }
  for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
       ++I)
    if (refVar(Call->getArg(I)) == V) {
      const ParmVarDecl *P = Callee->getParamDecl(I);
      if (P->getType()->isIntegerType() &&
          onlyRead(Callee->getBody(), P, nullptr))
        return P->getNameAsString();
    }
  // A local of the caller that keeps the value it was declared with
  // (`int sz = n * m + 16;`): that value, in the callee's names.
  const auto *Caller =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!isa<ParmVarDecl>(V) && V->getInit() && Caller && Caller->getBody() &&
      V->getType()->isIntegerType() && onlyRead(Caller->getBody(), V, nullptr))
    return inCallee(FC, V->getInit(), Call, Callee);
  return "";
}

/// The element count of the pointer parameter P of FD: the count of the
/// block that every call of FD passes (a local pointer of the caller that
/// holds its own allocation), in FD's names. Only for a function no other
/// file can call and whose address the file never takes, and for a P that
/// FD never assigns.
std::string countFromCallers(FrontendContext &FC, const FunctionDecl *FD,
                             const ParmVarDecl *P, QualType Elem) {
  if (!FD || FD->isExternallyVisible() || FC.addressTaken(FD) ||
      !FD->getBody() || !onlyRead(FD->getBody(), P, nullptr))
    return "";
  unsigned Index = P->getFunctionScopeIndex();
  std::string Out;
  for (const CallExpr *Call : FC.callsOf(FD)) {
    if (Index >= Call->getNumArgs())
      return "";
    const Expr *ArgE = Call->getArg(Index);
    const VarDecl *Arg = refVar(ArgE);
    // `a + 1`, `&a[2]`: a constant offset into a local array or block.
    int64_t Off = 0;
    if (!Arg) {
      const VarDecl *Any = nullptr;
      std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
        if (!S || Any)
          return;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
          Any = dyn_cast<VarDecl>(DRE->getDecl());
        for (const Stmt *C : S->children())
          Find(C);
      };
      Find(ArgE);
      const auto *Caller = Any ? dyn_cast_or_null<FunctionDecl>(
                                     Any->getParentFunctionOrMethod())
                               : nullptr;
      Origins Os = Caller ? originsOfExpr(Caller, ArgE) : Origins();
      if (!Caller || !Os.Complete || Os.List.size() != 1 ||
          !Os.List[0].OffsetKnown || !Os.List[0].Root)
        return "";
      for (const auto &[E, Sign] : Os.List[0].Offset) {
        Expr::EvalResult V;
        if (E->isValueDependent() || !E->EvaluateAsInt(V, FC.Ctx))
          return "";
        Off += Sign * V.Val.getInt().getExtValue();
      }
      Arg = Os.List[0].Root;
      if (Off < 0)
        return "";
    }
    const auto *CallerFD =
        Arg ? dyn_cast_or_null<FunctionDecl>(Arg->getParentFunctionOrMethod())
            : nullptr;
    if (!CallerFD || isa<ParmVarDecl>(Arg))
      return "";
    std::string Count;
    if (const auto *CAT =
            FC.Ctx.getAsConstantArrayType(Arg->getType().getNonReferenceType())) {
      // A local array: its size, if its elements are the parameter's.
      if (FC.Ctx.getTypeSizeInChars(CAT->getElementType()) !=
          FC.Ctx.getTypeSizeInChars(Elem))
        return "";
      Count = std::to_string(CAT->getSize().getZExtValue());
    } else if (QualType VE;
               isStdVector(Arg->getType().getNonReferenceType(), &VE)) {
      // A local vector made with its size (`std::vector<T> b(n)`, `b(n,
      // x)`) whose size the caller never changes.
      const auto *CE = dyn_cast_or_null<CXXConstructExpr>(
          Arg->getInit() ? Arg->getInit()->IgnoreImplicit() : nullptr);
      if (!CE || CE->getNumArgs() < 1 || isa<ParmVarDecl>(Arg) ||
          !CE->getArg(0)->getType()->isIntegerType() ||
          FC.Ctx.getTypeSizeInChars(VE) != FC.Ctx.getTypeSizeInChars(Elem) ||
          vectorResized(CallerFD->getBody(), Arg))
        return "";
      Count = inCallee(FC, CE->getArg(0), Call, FD);
    } else {
      auto Reaching = valuesReaching(CallerFD, Arg);
      auto Blocks = Reaching ? allocationFactors(FC, CallerFD, *Reaching, Elem)
                             : std::nullopt;
      if (!Blocks)
        return "";
      for (const std::vector<const Expr *> &Fs : *Blocks) {
        std::string C = productText(
            Fs, [&](const Expr *F) { return inCallee(FC, F, Call, FD); });
        if (C.empty() || (!Count.empty() && Count != C))
          return "";
        Count = C;
      }
    }
    if (Count.empty())
      return "";
    if (Off)
      Count = "(" + Count + ") - " + std::to_string(Off);
    // Calls that pass blocks of different counts: each call touches its
    // own block, whose count the callee cannot name (the least of them was
    // once taken, and a call with the larger block read past the copy:
    // found by a helper's hunt). The record of heap blocks decides then.
    if (!Out.empty() && Out != Count)
      return "";
    Out = Count;
  }
  return Out;
}

} // namespace

std::string LoopAnalyzer::countFromOrigin(const VarDecl *A, QualType Elem) {
  Origins Os = originsOf(ML.Function, A);
  if (!Os.Complete || Os.List.size() != 1 || !Os.List[0].OffsetKnown)
    return "";
  const Origin &O = Os.List[0];
  const VarDecl *R = O.Root;
  if (!R || R == A || isMemberVar(R) || isThisVar(R))
    return "";
  // A constant offset, in elements of the root.
  int64_t Off = 0;
  for (const auto &[E, Sign] : O.Offset) {
    Expr::EvalResult V;
    if (E->isValueDependent() || !E->EvaluateAsInt(V, FC.Ctx))
      return "";
    Off += Sign * V.Val.getInt().getExtValue();
  }
  QualType RT = R->getType().getNonReferenceType();
  QualType RElem;
  std::string Whole;
  uint64_t Size = 0;
  if (isStdVector(RT, &RElem)) {
    Whole = hostName(R) + ".size()";
  } else if (isStdArray(RT, &RElem, &Size)) {
    Whole = std::to_string(Size);
  } else if (const auto *CAT = FC.Ctx.getAsConstantArrayType(RT);
             CAT && !isa<ParmVarDecl>(R)) {
    RElem = CAT->getElementType();
    Whole = std::to_string(CAT->getSize().getZExtValue());
  } else if (RT->isPointerType() && !isa<ParmVarDecl>(R)) {
    RElem = RT->getPointeeType();
    Whole = countFromAllocation(R, RElem);
  }
  if (Whole.empty() || RElem.isNull() ||
      FC.Ctx.getTypeSizeInChars(RElem) != FC.Ctx.getTypeSizeInChars(Elem) ||
      Off < 0)
    return "";
  return Off == 0 ? Whole : "(" + Whole + ") - " + std::to_string(Off);
}

std::string LoopAnalyzer::countFromAllocation(const VarDecl *A, QualType Elem) {
  if (isa<ParmVarDecl>(A))
    return countFromCallers(FC, ML.Function, cast<ParmVarDecl>(A), Elem);
  auto Blocks = allocationFactors(FC, ML.Function,
                                  allocationsHeldBy(ML.Function, A), Elem);
  if (!Blocks)
    return "";
  std::string Out;
  for (const std::vector<const Expr *> &Fs : *Blocks) {
    std::string Count = productText(
        Fs, [&](const Expr *F) { return FC.text(F->getSourceRange()); });
    if (Count.empty() || (!Out.empty() && Out != Count))
      return "";
    Out = Count;
  }
  return Out;
}

} // namespace detail
} // namespace l2c
