//===- AstUtil.cpp - Small queries on types and statements ----------------===//
//
// Type and statement queries shared by the loop analysis and the
// conversion of device code: scalar and user-defined types, effects of
// an expression, the variables a statement mentions.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"

#include "clang/AST/DeclTemplate.h"

#include "clang/AST/ParentMap.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

bool isScalarType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  return T->isArithmeticType() || T->isEnumeralType();
}

namespace {

/// std::pair of two numbers: its bytes are its two members, and device
/// code reads and writes them as p.first, p.second (an assignment of the
/// whole pair calls its operator=, a host function, and the conversion
/// rejects that by name).
bool pairOfNumbers(const RecordDecl *RD) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || !Spec->isInStdNamespace() || Spec->getName() != "pair" ||
      Spec->getTemplateArgs().size() != 2)
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() != TemplateArgument::Type ||
        !(A.getAsType()->isArithmeticType() || A.getAsType()->isEnumeralType()))
      return false;
  return true;
}

std::string recordProblem(const RecordDecl *RD, int Depth) {
  if (pairOfNumbers(RD))
    return "";
  // `typedef struct { ... } soa_t;` is named by its typedef.
  std::string Id = RD->getNameAsString();
  if (Id.empty())
    if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
      Id = TD->getNameAsString();
  std::string Name = Id.empty() ? "an unnamed type" : "'" + Id + "'";
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD)) {
    if (CRD->isPolymorphic())
      return Name + " has virtual functions";
    for (const CXXBaseSpecifier &B : CRD->bases())
      if (const auto *BR = B.getType()->getAsRecordDecl())
        if (std::string Why = recordProblem(BR, Depth < 0 ? 0 : Depth + 1);
            !Why.empty())
          return Why;
  }
  for (const FieldDecl *F : RD->fields()) {
    QualType FT = F->getType().getCanonicalType();
    while (const auto *AT = dyn_cast<ArrayType>(FT.getTypePtr()))
      FT = AT->getElementType().getCanonicalType();
    std::string Member = "the member '" + F->getNameAsString() + "' of " + Name;
    // Depth -1: the struct's own pointer members travel apart (s.a).
    if (Depth < 0 && FT->isPointerType())
      continue;
    if (FT->isPointerType() || FT->isReferenceType() ||
        FT->isMemberPointerType())
      return Member + " points into host memory";
    if (const auto *FR = FT->getAsRecordDecl()) {
      const auto *CFR = dyn_cast<CXXRecordDecl>(FR);
      if (CFR && CFR->hasDefinition() && !CFR->isTriviallyCopyable())
        return Member + " owns host memory or is not trivially copyable";
      if (std::string Why = recordProblem(FR, Depth < 0 ? 1 : Depth + 1);
          !Why.empty())
        return Why;
    }
  }
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    if (CRD->hasDefinition() && !CRD->isTriviallyCopyable())
      return Name + " is not trivially copyable";
  return "";
}

} // namespace

std::string deviceTypeProblem(QualType T, bool ArrayMembersApart) {
  T = T.getNonReferenceType().getCanonicalType();
  while (true) {
    if (T->isPointerType())
      T = T->getPointeeType().getCanonicalType();
    else if (T->isArrayType())
      T = QualType(T->getPointeeOrArrayElementType(), 0).getCanonicalType();
    else
      break;
  }
  if (const auto *RD = T->getAsRecordDecl())
    return recordProblem(RD, ArrayMembersApart ? -1 : 0);
  return "";
}

/// Why evaluating E may have an effect or give another value each time
/// (an assignment, ++/--, a call to a user function or a non-const member
/// function), or "" when it has none. Functions of the system headers
/// (std::min, strlen, ...) count as pure.
std::string effectIn(const Stmt *E) {
  if (!E)
    return "";
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAssignmentOp())
      return "assigns";
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return "increments or decrements";
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->isConst())
      return "calls '" + (MD ? MD->getNameAsString() : std::string("?")) +
             "', which may change its object";
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return "calls through a pointer, which may have effects";
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    if (!SM.isInSystemHeader(FD->getLocation()) && !FD->isConstexpr() &&
        !isa<CXXOperatorCallExpr>(CE))
      return "calls '" + FD->getNameAsString() + "', which may have effects";
  }
  for (const Stmt *C : E->children())
    if (std::string Why = effectIn(C); !Why.empty())
      return Why;
  return "";
}

bool isLambdaType(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isLambda();
}

bool constantArrayMethod(const CXXMethodDecl *MD) {
  return MD && MD->getIdentifier() &&
         (MD->getName() == "size" || MD->getName() == "max_size" ||
          MD->getName() == "empty");
}

const Expr *onlyReturnValue(const Stmt *Body) {
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  const auto *Ret =
      CS && CS->size() == 1 ? dyn_cast<ReturnStmt>(CS->body_front()) : nullptr;
  return Ret ? Ret->getRetValue() : nullptr;
}

bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (varOf(S) == V)
    return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

bool writesVar(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  auto Names = [&](const Expr *E) { return E && refVar(E) == V; };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && Names(BO->getLHS()->IgnoreParenImpCasts()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Names(UO->getSubExpr()->IgnoreParenImpCasts()))
      return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = CE->getDirectCallee();
    // A member operator's first argument is the object (`m[i]`: m, i),
    // its parameters the arguments after it.
    unsigned Self =
        isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(F) ? 1
                                                                          : 0;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      if (!Names(CE->getArg(I)->IgnoreParenImpCasts()))
        continue;
      // By value is a read; by reference (or unknown) may write; the
      // object of a member operator is written unless the operator is
      // const.
      if (I < Self) {
        if (!cast<CXXMethodDecl>(F)->isConst())
          return true;
        continue;
      }
      // The variadic part of a call (`printf`'s) takes values.
      if (F && F->isVariadic() && I - Self >= F->getNumParams())
        continue;
      if (!F || I - Self >= F->getNumParams() ||
          F->getParamDecl(I - Self)->getType()->isReferenceType())
        return true;
    }
  }
  for (const Stmt *C : S->children())
    if (writesVar(C, V))
      return true;
  return false;
}

bool continuesLoop(const Stmt *S) {
  if (!S || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr>(S))
    return false;
  if (isa<ContinueStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (continuesLoop(C))
      return true;
  return false;
}

bool directivesBetween(const SourceManager &SM, SourceLocation From,
                       SourceLocation To,
                       std::vector<SourceLocation> &Pragmas) {
  auto [FID, Begin] = SM.getDecomposedLoc(From);
  auto [FID2, End] = SM.getDecomposedLoc(To);
  if (FID != FID2 || Begin >= End)
    return false;
  StringRef Buf = SM.getBufferData(FID);
  bool Other = false;
  for (size_t Line = Begin; Line < End;) {
    size_t Hash = Buf.find_first_not_of(" \t", Line);
    if (Hash < End && Buf[Hash] == '#') {
      StringRef Word = Buf.substr(Hash + 1).ltrim(" \t").take_while(
          [](char C) { return isalpha(static_cast<unsigned char>(C)); });
      if (Word == "pragma")
        Pragmas.push_back(SM.getComposedLoc(FID, Hash));
      else
        Other = true;
    }
    size_t NL = Buf.find('\n', Line);
    if (NL == StringRef::npos)
      break;
    Line = NL + 1;
  }
  return Other;
}

void collectVarNames(const Stmt *S, std::set<std::string> &Out) {
  if (!S)
    return;
  if (const VarDecl *VD = varOf(S))
    Out.insert(VD->getNameAsString());
  for (const Stmt *C : S->children())
    collectVarNames(C, Out);
}

const Stmt *parentPastParens(ParentMap &PM, const Stmt *S, const Stmt *&Child) {
  Child = S;
  const Stmt *P = PM.getParent(S);
  while (P && isa<ParenExpr>(P)) {
    Child = P;
    P = PM.getParent(P);
  }
  return P;
}

const Expr *pointerOffset(ASTContext &Ctx, const Expr *P, const Expr *&Base) {
  P = P->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(P);
  if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)) {
    Base = P;
    return nullptr;
  }
  bool LeftPtr = BO->getLHS()->getType()->isPointerType();
  if (!LeftPtr && BO->getOpcode() == BO_Sub) {
    Base = P; // e - a is no pointer
    return nullptr;
  }
  const Expr *Ptr = LeftPtr ? BO->getLHS() : BO->getRHS();
  const Expr *Int = LeftPtr ? BO->getRHS() : BO->getLHS();
  if (!Int->getType()->isIntegerType()) {
    Base = P; // a - b of two pointers
    return nullptr;
  }
  const Expr *Inner = pointerOffset(Ctx, Ptr, Base);
  // The sum of the offsets, an expression only the analysis reads.
  if (!Inner && BO->getOpcode() == BO_Add)
    return Int;
  const Expr *Left = Inner
                         ? Inner
                         : IntegerLiteral::Create(Ctx, llvm::APInt(32, 0),
                                                  Ctx.IntTy, BO->getExprLoc());
  return BinaryOperator::Create(Ctx, const_cast<Expr *>(Left),
                                const_cast<Expr *>(Int), BO->getOpcode(),
                                Left->getType(), VK_PRValue, OK_Ordinary,
                                BO->getExprLoc(), FPOptionsOverride());
}

} // namespace detail
} // namespace l2c
