//===- Probes.cpp - Can a probe check the loop's subscripts? -------------===//
//
// A subscript the dependence test cannot decide (`a[idx[i]]`, `a[i % m]`)
// is checked at run time: before the launch, a probe kernel runs the loop's
// body without its stores and records, per iteration, the elements of the
// array it would write and read (rule sets host-fallback and
// probe-accesses, runtime/loop2cuda_probe.cuh). The idea is the inspector
// of inspector-executor schemes (Saltz, Mirchandaney and Crowley, 1991).
//
// The probe sees the arrays as they are before the loop. It finds the
// elements the loop touches only when no subscript and no condition of
// the body depends on a value the loop writes: then every iteration
// computes the same subscripts in the probe as in the loop. This file
// checks that, and the loop's shape (one axis, no scan or histogram), and
// gives the remarks; otherwise it rejects the loop.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// Which values of the body depend on what the loop writes.
class Taint {
public:
  Taint(const llvm::DenseSet<const VarDecl *> &Locals,
        llvm::DenseSet<const Expr *> WrittenElements,
        llvm::DenseSet<const VarDecl *> WrittenScalars, FrontendContext &FC)
      : Locals(Locals), WrittenElements(std::move(WrittenElements)),
        WrittenScalars(std::move(WrittenScalars)), FC(FC) {}

  /// Marks the locals whose value depends on a written element or scalar,
  /// to a fixed point.
  void spread(const Stmt *Body) {
    bool Changed = true;
    while (Changed) {
      Changed = false;
      walk(Body, [&](const Stmt *S) {
        const VarDecl *Target = nullptr;
        const Expr *From = nullptr;
        if (const auto *DS = dyn_cast<DeclStmt>(S)) {
          for (const Decl *D : DS->decls())
            if (const auto *V = dyn_cast<VarDecl>(D);
                V && V->getInit() && !Bad.count(V) && why(V->getInit()) != "")
              Changed |= Bad.insert(V).second;
          return;
        }
        if (const auto *BO = dyn_cast<BinaryOperator>(S);
            BO && BO->isAssignmentOp()) {
          Target = varOf(BO->getLHS()->IgnoreParenImpCasts());
          From = BO->getRHS();
        }
        // &v, or v bound to a reference argument: anything may write it.
        if (const auto *UO = dyn_cast<UnaryOperator>(S);
            UO && UO->getOpcode() == UO_AddrOf)
          Target = varOf(UO->getSubExpr()->IgnoreParenImpCasts());
        if (const auto *CE = dyn_cast<CallExpr>(S))
          for (const Expr *A : CE->arguments())
            if (const auto *DR = dyn_cast<DeclRefExpr>(A->IgnoreParens());
                DR && DR->isLValue() && Locals.count(varOf(DR)) &&
                !Bad.count(varOf(DR)))
              Changed |= Bad.insert(varOf(DR)).second;
        if (!Target || !Locals.count(Target) || Bad.count(Target))
          return;
        if (!From || why(From) != "")
          Changed |= Bad.insert(Target).second;
      });
    }
  }

  /// What in E depends on a value the loop writes ("'x'"), or "".
  std::string why(const Expr *E) const {
    std::string Out;
    walk(E, [&](const Stmt *S) {
      if (!Out.empty())
        return;
      const auto *X = dyn_cast<Expr>(S);
      if (!X)
        return;
      if (WrittenElements.count(X)) {
        Out = "'" + FC.pretty(X) + "'";
        return;
      }
      // An element of an array declared in the body.
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X))
        if (const VarDecl *V = varOf(AS->getBase()->IgnoreParenImpCasts());
            V && Locals.count(V)) {
          Out = "'" + FC.pretty(X) + "'";
          return;
        }
      if (const auto *DR = dyn_cast<DeclRefExpr>(X))
        if (const auto *V = dyn_cast<VarDecl>(DR->getDecl());
            V && (Bad.count(V) || WrittenScalars.count(V)))
          Out = "'" + V->getNameAsString() + "'";
    });
    return Out;
  }

  static void walk(const Stmt *S, llvm::function_ref<void(const Stmt *)> F) {
    if (!S)
      return;
    F(S);
    for (const Stmt *C : S->children())
      walk(C, F);
  }

private:
  const llvm::DenseSet<const VarDecl *> &Locals;
  llvm::DenseSet<const Expr *> WrittenElements;
  llvm::DenseSet<const VarDecl *> WrittenScalars;
  llvm::DenseSet<const VarDecl *> Bad;
  FrontendContext &FC;
};

/// The conditions of Body that decide which statements, or which operands
/// with an element access, run.
void conditions(const Stmt *Body, std::vector<const Expr *> &Out) {
  auto HasAccess = [](const Stmt *S) {
    bool Found = false;
    Taint::walk(S, [&](const Stmt *X) {
      Found |= isa<ArraySubscriptExpr, CallExpr>(X) ||
               (isa<UnaryOperator>(X) &&
                cast<UnaryOperator>(X)->getOpcode() == UO_Deref);
    });
    return Found;
  };
  Taint::walk(Body, [&](const Stmt *S) {
    if (const auto *I = dyn_cast<IfStmt>(S))
      Out.push_back(I->getCond());
    else if (const auto *F = dyn_cast<ForStmt>(S)) {
      if (F->getCond())
        Out.push_back(F->getCond());
      if (F->getInc())
        Out.push_back(F->getInc());
    } else if (const auto *W = dyn_cast<WhileStmt>(S))
      Out.push_back(W->getCond());
    else if (const auto *D = dyn_cast<DoStmt>(S))
      Out.push_back(D->getCond());
    else if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      Out.push_back(Sw->getCond());
    else if (const auto *C = dyn_cast<ConditionalOperator>(S)) {
      if (HasAccess(C->getTrueExpr()) || HasAccess(C->getFalseExpr()))
        Out.push_back(C->getCond());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S);
               BO && BO->isLogicalOp() && HasAccess(BO->getRHS()))
      Out.push_back(BO->getLHS());
  });
}

} // namespace

bool LoopAnalyzer::checkProbes(bool Grid, bool Sunk) {
  if (ML.Probed.empty())
    return true;
  auto Fail = [&](const std::string &Why) {
    const auto &[Loc, Reason] = ML.ProbeReasons.front();
    return reject(Loc,
                  "iterations may not be independent (" + Reason +
                      "), and loop2cuda cannot check them at run time: " + Why,
                  "dependence");
  };
  // A use of a probed array other than through a subscript escapes the
  // probe: the marking is trusted, as before probes (the remark says so).
  for (const std::string &Name : ML.Probed)
    for (const VarDecl *V : Free)
      if (V->getNameAsString() == Name && Info[V].OtherUse) {
        for (const auto &[Loc, Why] : ML.ProbeReasons)
          assume(Loc, Why);
        ML.Probed.clear();
        ML.ProbeReasons.clear();
        return true;
      }
  if (Grid || Sunk)
    return Fail("its inner loops share the grid");
  if (Scan)
    return Fail("it computes a scan");
  if (!HistUpdates.empty())
    return Fail("it updates a histogram");
  if (ML.Part)
    return Fail("it is one part of a loop that was split");
  if (ML.Probed.size() > 4)
    return Fail("more than four arrays have such subscripts");
  // The element a range-based for's variable (or an iterator's *it) holds
  // is no subscript of the body: the probe would neither record it nor
  // keep its stores out of the probe's own runs.
  if (RangeArray)
    return Fail("the body reaches elements through the loop variable, "
                "which the probe cannot follow");

  // The probe runs the body's declarations and assignments of variables,
  // calls among them: a call that may write memory would write it twice.
  std::string Writer;
  Taint::walk(ML.For->getBody(), [&](const Stmt *S) {
    const auto *CE = dyn_cast<CallExpr>(S);
    if (!CE || !Writer.empty() || isa<CXXOperatorCallExpr>(CE))
      return;
    // An element accessor's call is the access itself (Accessors.cpp).
    if (accessorUse(CE))
      return;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      if (const CXXMethodDecl *M = MC->getMethodDecl(); M && !M->isConst())
        Writer = FC.pretty(CE);
    if (const FunctionDecl *F = CE->getDirectCallee())
      for (const ParmVarDecl *P : F->parameters()) {
        QualType T = P->getType();
        if ((T->isPointerType() && !T->getPointeeType().isConstQualified()) ||
            (T->isReferenceType() &&
             !T.getNonReferenceType().isConstQualified()))
          Writer = FC.pretty(CE);
      }
  });
  if (!Writer.empty())
    return Fail("the call '" + Writer + "' may write memory");

  // A local pointer or reference into memory (`int &r = v[perm[i]]`,
  // `int *row = &A[idx[i] * m]`): what goes through it is no subscript, so
  // the probe neither records it nor checks it, and a store through a
  // reference looks like an assignment of a variable, which the probe
  // keeps: it would write the element in the probe too.
  std::string Through;
  Taint::walk(ML.For->getBody(), [&](const Stmt *S) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS || !Through.empty())
      return;
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->getInit())
        continue;
      QualType T = V->getType();
      if (!T->isReferenceType() && !T->isPointerType())
        continue;
      QualType To =
          T->isReferenceType() ? T.getNonReferenceType() : T->getPointeeType();
      bool IntoProbed = false;
      Taint::walk(V->getInit(), [&](const Stmt *X) {
        if (const auto *DR = dyn_cast<DeclRefExpr>(X))
          IntoProbed |=
              llvm::is_contained(ML.Probed, DR->getDecl()->getNameAsString());
      });
      bool MayWrite = !To.isConstQualified() && !To->isFunctionType();
      bool Memory = false;
      Taint::walk(V->getInit(), [&](const Stmt *X) {
        if (const auto *DR = dyn_cast<DeclRefExpr>(X))
          if (const auto *W = dyn_cast<VarDecl>(DR->getDecl()))
            Memory |= !Locals.count(W) &&
                      (isArrayLike(W) || W->getType()->isPointerType());
        // float &p = img.at(x, y): an accessor's element.
        if (const auto *CE = dyn_cast<CallExpr>(X))
          Memory |= CE->getCallReturnType(FC.Ctx)->isReferenceType() ||
                    CE->getCallReturnType(FC.Ctx)->isPointerType();
      });
      if (IntoProbed || (MayWrite && Memory))
        Through = V->getNameAsString();
    }
  });
  if (!Through.empty())
    return Fail("the body reaches elements through '" + Through +
                "', a pointer or reference the probe cannot follow");

  // What the loop writes: the elements of its written arrays, and the
  // scalars outside the body.
  llvm::DenseSet<const VarDecl *> WrittenArrays, WrittenScalars;
  for (const Access &X : Accesses)
    if (X.M & Write)
      WrittenArrays.insert(X.Array);
  for (const auto &[V, I] : Info) {
    if (I.OtherWrite)
      WrittenArrays.insert(V);
    if (I.Writes && !Locals.count(V) && !isArrayLike(V))
      WrittenScalars.insert(V);
  }
  llvm::DenseSet<const Expr *> WrittenElements;
  for (const Access &X : Accesses)
    if (WrittenArrays.count(X.Array))
      WrittenElements.insert(X.Whole);
  const Stmt *Body = ML.For->getBody();
  Taint T(Locals, std::move(WrittenElements), std::move(WrittenScalars), FC);
  T.spread(Body);

  for (const Access &X : Accesses)
    for (const Expr *S : X.Subs)
      if (std::string W = T.why(S); !W.empty())
        return Fail("the subscript of '" + FC.pretty(X.Whole) +
                    "' depends on " + W + ", which the loop writes");
  std::vector<const Expr *> Conds;
  conditions(Body, Conds);
  for (const Expr *C : Conds)
    if (std::string W = T.why(C); !W.empty())
      return Fail("the condition '" + FC.pretty(C) + "' depends on " + W +
                  ", which the loop writes");

  for (const auto &[Loc, Why] : ML.ProbeReasons)
    FC.remark(Loc,
              "iterations are checked at run time: " + Why +
                  "; a probe records the elements each iteration touches, "
                  "and the loop runs on the host, in order, when two "
                  "iterations meet at one that either writes",
              "dependence");
  return true;
}

} // namespace detail
} // namespace l2c
