//===- StandIns.cpp - Variables for members and struct arrays -------------===//
//
// The analysis works on variables. A member named through `this` (v,
// this->v), an array-like member of a struct variable (s.a) and a number
// beside a std::vector member (s.n) get a stand-in variable each, of the
// member's type, so that free variables, accesses, extents and dependences
// treat them like any other variable.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"

#include <map>

using namespace clang;

namespace l2c {
namespace detail {

namespace {
struct StandIn {
  const VarDecl *V = nullptr;
  std::string HostText;
  const VarDecl *Base = nullptr; // s of s.a; null for this->v
  const FieldDecl *Field = nullptr;
};
/// One stand-in per (object, field) and thread (files may be translated in
/// parallel).
thread_local std::map<std::pair<const void *, const FieldDecl *>, StandIn>
    StandIns;
thread_local llvm::DenseMap<const VarDecl *, const StandIn *> StandInOf;

bool arrayLikeField(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isPointerType() || T->isArrayType())
    return true;
  return isStdVector(T) || isStdArray(T);
}
/// p->f of a pointer p to a struct that holds pointers (a structure of
/// arrays, which cannot travel as its bytes): each member the loop names
/// travels alone, a pointer as an array, a number by value.
bool arrowMember(const VarDecl *P, const FieldDecl *F) {
  QualType T = P->getType().getNonReferenceType();
  if (!T->isPointerType())
    return false;
  const RecordDecl *RD = T->getPointeeType()->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return false;
  bool HoldsPointers = false;
  for (const FieldDecl *G : RD->fields())
    HoldsPointers |= G->getType()->isPointerType();
  QualType FT = F->getType();
  return HoldsPointers && (FT->isPointerType() || FT->isArithmeticType());
}
/// s.f of a struct variable s: an array-like member travels as an array of
/// its own; a number travels alone, by value, when s cannot travel as its
/// bytes because of a member the loop does not name (a std::vector beside
/// it: s.n of `struct Mesh { int n; std::vector<double> x; }`).
bool dotMember(const VarDecl *S, const FieldDecl *F) {
  if (arrayLikeField(F->getType()))
    return true;
  QualType FT = F->getType().getCanonicalType();
  return (FT->isArithmeticType() || FT->isEnumeralType()) &&
         !deviceTypeProblem(S->getType(), /*ArrayMembersApart=*/true).empty();
}
} // namespace

const VarDecl *memberVar(const MemberExpr *ME) {
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!F || !F->getIdentifier())
    return nullptr;
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  const VarDecl *Obj = nullptr;
  if (!isa<CXXThisExpr>(Base)) {
    // s.a of a struct variable s, for an array-like member a: s's bytes go
    // to the kernel by value, a's elements as an array of their own.
    const auto *DRE = dyn_cast<DeclRefExpr>(Base);
    Obj = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!Obj || !Obj->getIdentifier())
      return nullptr;
    if (ME->isArrow() ? !arrowMember(Obj, F) : !dotMember(Obj, F))
      return nullptr;
  }
  StandIn &SI = StandIns[{Obj, F}];
  if (!SI.V) {
    ASTContext &Ctx = F->getASTContext();
    std::string Name = F->getName().str();
    if (Obj)
      Name = Obj->getName().str() + "_" + Name;
    // A parameter-like variable: neither global nor declared anywhere.
    SI.V = ParmVarDecl::Create(
        Ctx, Ctx.getTranslationUnitDecl(), ME->getExprLoc(), ME->getExprLoc(),
        &Ctx.Idents.get(Name), F->getType(),
        Ctx.getTrivialTypeSourceInfo(F->getType()), SC_None, nullptr);
    SI.HostText = Obj ? Obj->getName().str() + (ME->isArrow() ? "->" : ".") +
                            F->getName().str()
                      : F->getName().str();
    // A private number of another object (Matrix's c_, which its cols()
    // reads): the host reads it at its offset in the object, as the
    // compiler lays the class out.
    if (Obj && F->getAccess() != AS_public && !F->isBitField() &&
        !arrayLikeField(F->getType())) {
      uint64_t Bytes = Ctx.getASTRecordLayout(F->getParent())
                           .getFieldOffset(F->getFieldIndex()) /
                       Ctx.getCharWidth();
      std::string T = F->getType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
      SI.HostText = "*reinterpret_cast<const " + T +
                    " *>(reinterpret_cast<const char *>(" +
                    (ME->isArrow() ? "" : "&") + Obj->getName().str() + ") + " +
                    std::to_string(Bytes) + ")";
    }
    SI.Base = Obj;
    SI.Field = F;
    StandInOf[SI.V] = &SI;
  }
  return SI.V;
}

void registerStandIn(const VarDecl *V, const std::string &HostText) {
  StandIn &SI = StandIns[{V, nullptr}];
  SI.V = V;
  SI.HostText = HostText;
  StandInOf[V] = &SI;
}

bool isMemberVar(const VarDecl *V) {
  return StandInOf.count(V) != 0 && !isThisVar(V);
}

const VarDecl *thisVar(const CXXRecordDecl *RD) {
  StandIn &SI = StandIns[{RD, nullptr}];
  if (!SI.V) {
    ASTContext &Ctx = RD->getASTContext();
    QualType T = Ctx.getRecordType(RD);
    SI.V = ParmVarDecl::Create(
        Ctx, Ctx.getTranslationUnitDecl(), RD->getLocation(), RD->getLocation(),
        &Ctx.Idents.get("l2c_this"), T, Ctx.getTrivialTypeSourceInfo(T),
        SC_None, nullptr);
    SI.HostText = "*this";
    StandInOf[SI.V] = &SI;
  }
  return SI.V;
}

bool isThisVar(const VarDecl *V) {
  auto It = StandInOf.find(V);
  return It != StandInOf.end() && It->second->HostText == "*this";
}

std::string hostName(const VarDecl *V) {
  auto It = StandInOf.find(V);
  return It == StandInOf.end() ? V->getNameAsString() : It->second->HostText;
}

const VarDecl *standInBase(const VarDecl *V) {
  auto It = StandInOf.find(V);
  return It == StandInOf.end() ? nullptr : It->second->Base;
}

const FieldDecl *standInField(const VarDecl *V) {
  auto It = StandInOf.find(V);
  return It == StandInOf.end() ? nullptr : It->second->Field;
}

const VarDecl *varOf(const Stmt *S) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
    return dyn_cast<VarDecl>(DRE->getDecl());
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(S))
    return memberVar(ME);
  return nullptr;
}

const VarDecl *refVar(const Expr *E) { return varOf(strip(E)); }

} // namespace detail
} // namespace l2c
