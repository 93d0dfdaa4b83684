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
//===----------------------------------------------------------------------===//

#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ExprCXX.h"

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

} // namespace

std::string LoopAnalyzer::countFromAllocation(const VarDecl *A, QualType Elem) {
  if (Elem.isNull() || Elem->isArrayType() || Elem->isIncompleteType())
    return "";
  const Type *ElemT = Elem.getCanonicalType().getUnqualifiedType().getTypePtr();
  bool CharSized = FC.Ctx.getTypeSizeInChars(Elem).isOne();
  StableCount Stable(ML.Function);
  std::string Out;
  for (const Expr *Alloc : allocationsHeldBy(ML.Function, A)) {
    if (!Alloc)
      return "";
    Alloc = Alloc->IgnoreParenCasts();
    std::vector<const Expr *> Fs;
    if (const auto *New = dyn_cast<CXXNewExpr>(Alloc)) {
      if (New->getAllocatedType()
              .getCanonicalType()
              .getUnqualifiedType()
              .getTypePtr() != ElemT)
        return "";
      if (New->isArray()) {
        if (!New->getArraySize())
          return "";
        factors(*New->getArraySize(), Fs);
      }
    } else {
      const auto *CE = dyn_cast<CallExpr>(Alloc);
      if (!CE || !CE->getDirectCallee())
        return "";
      StringRef F = CE->getDirectCallee()->getName();
      if (F == "malloc" && CE->getNumArgs() == 1) {
        factors(CE->getArg(0), Fs);
      } else if (F == "aligned_alloc" && CE->getNumArgs() == 2) {
        factors(CE->getArg(1), Fs);
      } else if (F == "calloc" && CE->getNumArgs() == 2) {
        factors(CE->getArg(0), Fs);
        factors(CE->getArg(1), Fs);
      } else {
        return "";
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
        return "";
    }
    std::string Count;
    for (const Expr *F : Fs) {
      if (!Stable.stable(F))
        return "";
      std::string T = FC.text(F->getSourceRange());
      if (T.empty())
        return "";
      if (isa<BinaryOperator>(F->IgnoreImpCasts()))
        T = "(" + T + ")";
      Count += (Count.empty() ? "" : " * ") + T;
    }
    if (Count.empty())
      Count = "1";
    if (!Out.empty() && Out != Count)
      return "";
    Out = Count;
  }
  return Out;
}

} // namespace detail
} // namespace l2c
