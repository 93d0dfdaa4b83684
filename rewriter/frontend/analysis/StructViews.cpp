//===- StructViews.cpp - Structs of pointers that a loop's callees read ---===//
//
// Real programs keep a sparse matrix or a mesh in a struct of pointers and
// hand the whole struct to a helper:
//
//   typedef struct { int n; int *rowptr, *col; double *val; } csr_t;
//   double dot_row(const csr_t *A, const double *x, int i) { ... A->val[k] ... }
//   #pragma omp parallel for
//   for (i = 0; i < A.n; i++) y[i] = dot_row(&A, x, i);
//
// The struct's bytes cannot simply travel: its pointers are host addresses.
// Here the loop's analysis follows the argument into the function (and
// into the functions it hands the parameter on to) and collects the
// pointer members it subscripts. Each such member becomes an array of the
// loop of its own (the stand-in A_val, as if the loop had written A.val[k]
// with subscripts it cannot see: the whole allocation, read or written).
// The kernel takes the struct by value and, before the body, points each
// of those members at its device copy (a view of the struct), so that the
// function's device copy runs as written. A pointer to such a struct
// passed whole (`dot_row(A, x, i)` of a `const csr_t *A`) travels as the
// struct it points to, with a local pointer of its name to the view.
//
// What the function may do with the parameter: read any member, subscript
// a pointer member (a read, or a write of that member's array), write a
// number member of a struct it took by value, and pass the parameter on to
// a function of the file. Anything else (a member's pointer stored, passed
// or compared; the caller's struct written through the pointer) keeps the
// loop on the CPU, and the warning says what.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"

#include <functional>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The struct a variable of type T is or points to, where it has a
/// pointer member.
const RecordDecl *structOfPointers(QualType T, bool &Pointer) {
  T = T.getNonReferenceType().getCanonicalType();
  Pointer = T->isPointerType();
  if (Pointer)
    T = T->getPointeeType().getCanonicalType();
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return nullptr;
  RD = RD->getDefinition();
  for (const FieldDecl *F : RD->fields())
    if (F->getType().getCanonicalType()->isPointerType())
      return RD;
  return nullptr;
}

/// E's parent, through parentheses and implicit casts; Child is set to the
/// outermost of those wrappers.
const Stmt *parentOf(ASTContext &Ctx, const Stmt *E, const Stmt *&Child) {
  Child = E;
  for (;;) {
    auto Ps = Ctx.getParents(*Child);
    if (Ps.size() != 1)
      return nullptr;
    const Stmt *P = Ps[0].get<Stmt>();
    if (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
      Child = P;
      continue;
    }
    return P;
  }
}

/// Whether the expression Child (below Parent) is written: assigned,
/// updated, or its address taken.
bool writtenAt(const Stmt *Parent, const Stmt *Child) {
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Parent))
    return BO->isAssignmentOp() && BO->getLHS() == Child;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent))
    return UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
  return false;
}

struct Follower {
  ASTContext &Ctx;
  /// Pointer member -> written.
  std::map<const FieldDecl *, bool> Members;
  std::set<std::pair<const FunctionDecl *, unsigned>> Seen;
  std::string Problem;

  bool fail(const FunctionDecl *FD, const std::string &What) {
    if (Problem.empty())
      Problem = "'" + FD->getNameAsString() + "' " + What;
    return false;
  }

  /// What FD does with its parameter I.
  bool follow(const FunctionDecl *FD, unsigned I) {
    if (!Seen.insert({FD->getCanonicalDecl(), I}).second)
      return true;
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def || I >= Def->getNumParams())
      return fail(FD, "is not defined in the file");
    const ParmVarDecl *P = Def->getParamDecl(I);
    bool ByPointer = P->getType().getCanonicalType()->isPointerType();
    std::string Name = P->getNameAsString();
    bool Ok = true;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S || !Ok)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
          DRE && DRE->getDecl() == P) {
        Ok = useOf(Def, DRE, Name, ByPointer);
        return;
      }
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(Def->getBody());
    return Ok;
  }

  /// One use of the parameter Name.
  bool useOf(const FunctionDecl *FD, const DeclRefExpr *DRE,
             const std::string &Name, bool ByPointer) {
    const Stmt *Child;
    const Stmt *Parent = parentOf(Ctx, DRE, Child);
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(Parent))
      return memberUse(FD, ME, Name, ByPointer);
    // Handed on: f(A), f(*A) of a pointer, f(&A) of a struct.
    const Stmt *Arg = Child;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent);
        UO && UO->getOpcode() == (ByPointer ? UO_Deref : UO_AddrOf))
      Parent = parentOf(Ctx, UO, Arg);
    if (const auto *CE = dyn_cast_or_null<CallExpr>(Parent))
      if (const FunctionDecl *G = CE->getDirectCallee())
        for (unsigned J = 0; J < CE->getNumArgs(); ++J)
          if (CE->getArg(J) == Arg)
            return follow(G, J);
    return fail(FD, "uses '" + Name + "' other than through its members");
  }

  bool memberUse(const FunctionDecl *FD, const MemberExpr *ME,
                 const std::string &Name, bool ByPointer) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F)
      return fail(FD, "calls a method of '" + Name + "'");
    std::string Shown = Name + (ME->isArrow() ? "->" : ".") + F->getName().str();
    const Stmt *Child;
    const Stmt *Parent = parentOf(Ctx, ME, Child);
    if (!F->getType().getCanonicalType()->isPointerType()) {
      if (ByPointer && writtenAt(Parent, Child))
        return fail(FD, "writes '" + Shown + "' of the caller's struct");
      return true;
    }
    // A pointer member: only its elements, p->f[e] or *p->f.
    const Stmt *Elem = nullptr;
    if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Parent);
        AS && AS->getBase() == Child)
      Elem = AS;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent);
        UO && UO->getOpcode() == UO_Deref)
      Elem = UO;
    if (!Elem)
      return fail(FD, "uses the pointer '" + Shown + "' itself");
    const Stmt *ElemChild;
    const Stmt *Outer = parentOf(Ctx, Elem, ElemChild);
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Outer);
        UO && UO->getOpcode() == UO_AddrOf)
      return fail(FD, "takes the address of an element of '" + Shown + "'");
    Members[F] |= writtenAt(Outer, ElemChild);
    return true;
  }
};

} // namespace

bool LoopAnalyzer::viewArgument(const CallExpr *CE, unsigned I) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || I >= FD->getNumParams())
    return false;
  const Expr *Arg = CE->getArg(I)->IgnoreParenImpCasts();
  bool AddressOf = false, Deref = false;
  if (const auto *UO = dyn_cast<UnaryOperator>(Arg);
      UO && (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref)) {
    Arg = UO->getSubExpr()->IgnoreParenImpCasts();
    AddressOf = UO->getOpcode() == UO_AddrOf;
    Deref = !AddressOf;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg);
  const auto *Obj = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!Obj || !Obj->getIdentifier() || Locals.count(Obj) || isMemberVar(Obj))
    return false;
  bool Pointer;
  const RecordDecl *RD = structOfPointers(Obj->getType(), Pointer);
  if (!RD || (Pointer && AddressOf) || (!Pointer && Deref))
    return false;
  // A pointer the loop subscripts (p[i].x) points to an array of structs,
  // not to one: Arrays.cpp decides those.
  if (Pointer && !onlyArgumentsAndArrows(ML.For->getBody(), Obj))
    return false;
  Follower Fl{FC.Ctx, {}, {}, {}};
  if (!Fl.follow(FD, I)) {
    if (!ViewProblem)
      ViewProblem = Rejection{"'" + Obj->getNameAsString() +
                                  "' cannot be passed to the device: " +
                                  Fl.Problem,
                              "extract-kernel", CE->getExprLoc()};
    return false;
  }
  // The members whose subscripts the analysis reads in the function are
  // accesses of the loop (CalleeAccesses.cpp); the others, elements it
  // cannot see.
  std::set<const FieldDecl *> Known = viewMemberAccesses(CE, I, Obj, Pointer);
  for (auto &[F, Written] : Fl.Members) {
    const VarDecl *V = memberStandIn(Obj, F, Pointer, CE->getExprLoc());
    Views[Obj].insert(F);
    if (Known.count(F))
      continue;
    use(V, Written ? ReadWrite : Read, CE->getExprLoc());
    Info[V].OtherUse = true;
    Info[V].OtherWrite |= Written;
  }
  Views[Obj]; // a struct whose callee reads no pointer member
  ViewArgs.insert(DRE);
  use(Obj, Read, DRE->getLocation());
  return true;
}

bool LoopAnalyzer::onlyMembersAndViews(const Stmt *S, const VarDecl *V) const {
  return onlyThroughMembers(S, V, &ViewArgs);
}

bool LoopAnalyzer::onlyArgumentsAndArrows(const Stmt *S,
                                          const VarDecl *V) const {
  if (!S)
    return true;
  if (const auto *ME = dyn_cast<MemberExpr>(S);
      ME && ME->isArrow() &&
      refVar(ME->getBase()) == V)
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    for (const Expr *A : CE->arguments()) {
      // f(p) or f(*p)
      const Expr *X = A->IgnoreParenImpCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(X);
          UO && UO->getOpcode() == UO_Deref)
        X = UO->getSubExpr();
      if (refVar(X) != V && !onlyArgumentsAndArrows(A, V))
        return false;
    }
    return onlyArgumentsAndArrows(CE->getCallee(), V);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() != V;
  for (const Stmt *C : S->children())
    if (!onlyArgumentsAndArrows(C, V))
      return false;
  return true;
}

bool elementsOnlyThroughMembers(ASTContext &Ctx, const Stmt *S,
                                const VarDecl *A) {
  if (!S)
    return true;
  // a, or the member p->a that a stands in for.
  const auto *DRE = dyn_cast<DeclRefExpr>(S);
  const auto *Member = dyn_cast<MemberExpr>(S);
  if ((DRE && DRE->getDecl() == A) || (Member && memberVar(Member) == A)) {
    const Stmt *Child;
    const Stmt *P = parentOf(Ctx, S, Child);
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(P))
      return ME->isArrow(); // a->f
    const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(P);
    if (!AS || AS->getBase() != Child)
      return false;
    const auto *ME = dyn_cast_or_null<MemberExpr>(parentOf(Ctx, AS, Child));
    return ME && !ME->isArrow(); // a[e].f
  }
  for (const Stmt *C : S->children())
    if (!elementsOnlyThroughMembers(Ctx, C, A))
      return false;
  return true;
}

bool LoopAnalyzer::viewParams(std::vector<Term> &Params,
                              std::vector<Term> &Decls) {
  for (auto &[Obj, Fields] : Views) {
    std::string Name = Obj->getNameAsString();
    QualType T = Obj->getType().getNonReferenceType();
    bool Pointer = T.getCanonicalType()->isPointerType();
    if (!onlyMembersAndViews(ML.For->getBody(), Obj))
      return reject(ML.For->getForLoc(),
                    "'" + Name +
                        "' is a struct with pointer members, which the loop "
                        "uses other than by handing it to functions and "
                        "through its members",
                    "extract-kernel");
    QualType S = Pointer ? T->getPointeeType() : T;
    if (std::string Why = deviceTypeProblem(S, /*ArrayMembersApart=*/true);
        !Why.empty())
      return reject(ML.For->getForLoc(),
                    "'" + Name + "' cannot be passed to the device: " + Why,
                    "extract-kernel");
    // The view: the struct's bytes, its members pointed at the device.
    std::string View = Pointer ? "l2c_view_" + Name : Name;
    if (Pointer) {
      Params.push_back(Term::app(
          "Param",
          {Term::ident(View),
           Term::string(FC.typeStr(S.getUnqualifiedType()))}));
      HostArgs[View] = "*" + Name;
    }
    for (const FieldDecl *F : Fields) {
      const VarDecl *V = memberStandIn(Obj, F, Pointer, Obj->getLocation());
      Decls.push_back(Term::app(
          "Assign",
          {Term::app("Dot", {Term::ident(View),
                             Term::ident(F->getNameAsString())}),
           Term::app("Cast", {Term::string(FC.typeStr(F->getType())),
                              Term::ident(V->getNameAsString())})}));
    }
    if (Pointer)
      Decls.push_back(Term::app(
          "Decl", {Term::ident(Name), Term::string(FC.typeStr(T)),
                   Term::app("AddrOf", {Term::ident(View)})}));
  }
  return true;
}

} // namespace detail
} // namespace l2c
