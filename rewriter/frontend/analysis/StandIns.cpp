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
  /// Member rows p[i].f (memberRowsVar): how messages name them.
  std::string Shown;
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
  return memberStandIn(Obj, F, ME->isArrow(), ME->getExprLoc());
}

const VarDecl *memberStandIn(const VarDecl *Obj, const FieldDecl *F,
                             bool Arrow, SourceLocation Loc) {
  StandIn &SI = StandIns[{Obj, F}];
  if (!SI.V) {
    ASTContext &Ctx = F->getASTContext();
    std::string Name = F->getName().str();
    if (Obj)
      Name = Obj->getName().str() + "_" + Name;
    // A parameter-like variable: neither global nor declared anywhere.
    SI.V = ParmVarDecl::Create(
        Ctx, Ctx.getTranslationUnitDecl(), Loc, Loc, &Ctx.Idents.get(Name),
        F->getType(), Ctx.getTrivialTypeSourceInfo(F->getType()), SC_None,
        nullptr);
    SI.HostText = Obj ? Obj->getName().str() + (Arrow ? "->" : ".") +
                            F->getName().str()
                      : F->getName().str();
    // A member of *this in a class template's code, which may come from a
    // dependent base (Base<T>::data): only this->data names it there.
    if (!Obj && (isa<ClassTemplateSpecializationDecl>(F->getParent()) ||
                 F->getParent()->isDependentContext()))
      SI.HostText = "this->" + SI.HostText;
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
                    (Arrow ? "" : "&") + Obj->getName().str() + ") + " +
                    std::to_string(Bytes) + ")";
    }
    SI.Base = Obj;
    SI.Field = F;
    StandInOf[SI.V] = &SI;
  }
  return SI.V;
}

namespace {
/// The member rows' stand-ins, by array and member.
thread_local std::map<std::pair<const VarDecl *, const FieldDecl *>,
                      const VarDecl *>
    MemberRowsOf;
} // namespace

const VarDecl *memberRowsVar(const Expr *Member, const Expr *&E,
                             const VarDecl *&Array) {
  const auto *ME = dyn_cast<MemberExpr>(Member->IgnoreParenImpCasts());
  if (!ME || ME->isArrow())
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const auto *AS =
      dyn_cast<ArraySubscriptExpr>(ME->getBase()->IgnoreParenImpCasts());
  if (!F || !F->getIdentifier() || !AS)
    return nullptr;
  QualType FT = F->getType().getCanonicalType();
  if (!FT->isPointerType() || !FT->getPointeeType()->isArithmeticType())
    return nullptr;
  const VarDecl *P = refVar(AS->getBase());
  if (!P || !P->getIdentifier())
    return nullptr;
  QualType PT = P->getType().getNonReferenceType();
  QualType Elem = PT->isPointerType() ? PT->getPointeeType()
                  : PT->isArrayType()
                      ? QualType(PT->getPointeeOrArrayElementType(), 0)
                      : QualType();
  if (Elem.isNull() || !Elem->isRecordType())
    return nullptr;
  E = AS->getIdx();
  Array = P;
  auto It = MemberRowsOf.find({P, F});
  if (It != MemberRowsOf.end())
    return It->second;
  ASTContext &Ctx = F->getASTContext();
  std::string Name = P->getName().str() + "_" + F->getName().str();
  QualType T = Ctx.getPointerType(F->getType());
  const VarDecl *V =
      ParmVarDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), ME->getExprLoc(),
                          ME->getExprLoc(), &Ctx.Idents.get(Name), T,
                          Ctx.getTrivialTypeSourceInfo(T), SC_None, nullptr);
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = false;
  StandIn &SI = StandIns[{V, F}];
  SI.V = V;
  SI.HostText = "l2c::memberRows<" +
                FT->getPointeeType().getUnqualifiedType().getAsString(PP) +
                ">(" + hostName(P) + ", offsetof(" +
                Elem.getUnqualifiedType().getAsString(PP) + ", " +
                F->getName().str() + "))";
  // The host variable the handle reads: p, or s of a stand-in s->p.
  SI.Base = standInBase(P) ? standInBase(P) : P;
  SI.Field = F;
  SI.Shown = hostName(P) + "[i]." + F->getName().str();
  StandInOf[V] = &SI;
  MemberRowsOf[{P, F}] = V;
  return V;
}

bool isMemberRows(const VarDecl *V) {
  auto It = StandInOf.find(V);
  return It != StandInOf.end() && !It->second->Shown.empty();
}

std::string shownName(const VarDecl *V) {
  auto It = StandInOf.find(V);
  if (It != StandInOf.end() && !It->second->Shown.empty())
    return It->second->Shown;
  return hostName(V);
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

/// `st::buf` for a variable of a named namespace, `Pool::buf` for a
/// static member: the host code may sit where another `buf` hides it (a
/// global of that name, a local). Plain names elsewhere: locals,
/// parameters, globals, anonymous namespaces, members of templates.
static std::string qualifiedHostName(const VarDecl *V) {
  std::string Name = V->getNameAsString();
  const DeclContext *DC = V->getDeclContext();
  if (!V->hasGlobalStorage() || V->isStaticLocal() || DC->isTranslationUnit())
    return Name;
  std::string Prefix;
  for (; DC && !DC->isTranslationUnit(); DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isAnonymousNamespace() || NS->isInline())
        return Name;
      Prefix = NS->getNameAsString() + "::" + Prefix;
      continue;
    }
    const auto *RD = dyn_cast<CXXRecordDecl>(DC);
    if (!RD || !RD->getIdentifier() || RD->getDescribedClassTemplate() ||
        isa<ClassTemplateSpecializationDecl>(RD) || RD->isLocalClass())
      return Name;
    Prefix = RD->getNameAsString() + "::" + Prefix;
  }
  return Prefix + Name;
}

std::string hostName(const VarDecl *V) {
  auto It = StandInOf.find(V);
  return It == StandInOf.end() ? qualifiedHostName(V) : It->second->HostText;
}

const VarDecl *standInBase(const VarDecl *V) {
  auto It = StandInOf.find(V);
  return It == StandInOf.end() ? nullptr : It->second->Base;
}

std::vector<const VarDecl *> memberRowsOf(const VarDecl *Base) {
  std::vector<const VarDecl *> Out;
  for (const auto &[V, SI] : StandInOf)
    if (SI->Base == Base && !SI->Shown.empty())
      Out.push_back(V);
  return Out;
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
