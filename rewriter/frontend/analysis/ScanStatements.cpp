//===- ScanStatements.cpp - The statements of a loop body -----------------===//
//
// The statement half of the walk over a loop body (Accesses.cpp has the
// expressions): declarations, loops, branches and the conditions of
// `continue`, each handing its expressions to LoopAnalyzer::scan.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

void LoopAnalyzer::scanStmt(const Stmt *S) {
  if (!S)
    return;
  // for (double w : ws) in the body: every element of ws is read, at no
  // subscript the dependence test can see (checkArray then refuses a
  // loop that also writes ws).
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(S))
    if (const VarDecl *V = rangeArray(RF)) {
      use(V, Read, RF->getForLoc());
      Info[V].OtherUse = true;
      RangeReads.insert(V);
      if (isStdVector(V->getType()))
        Conv.SizeParams.insert(V);
      const VarDecl *LV = RF->getLoopVariable();
      Locals.insert(LV);
      ++CondDepth; // the body may run no time
      scanStmt(RF->getBody());
      --CondDepth;
      // `for (auto &e : ws) e = ...` writes ws's elements: checkArray
      // refuses the loop then, as for any write.
      QualType LT = LV->getType();
      if (LT->isReferenceType() &&
          !LT.getNonReferenceType().isConstQualified() &&
          (Info[LV].Writes || Info[LV].OtherWrite || Info[LV].MethodWrite))
        Info[V].OtherWrite = true;
      return;
    }
  if (auto P = ScanParts.find(S); P != ScanParts.end()) {
    // A scan's update reads e, and the recurrence writes s[i]; the store
    // out[i] = acc writes out[i]. The running value is no parameter.
    scan(P->second.first, Read);
    scan(P->second.second, Write);
    return;
  }
  // An atomic update the analysis read as a reduction: its statement.
  if (const Stmt *X = atomicUpdateStmt(S);
      X && (HistUpdates.count(X) || Updates.count(X) ||
            OwnElementUpdates.count(X))) {
    scanStmt(X);
    return;
  }
  if (auto H = HistUpdates.find(S); H != HistUpdates.end()) {
    // h[k] op= w: k and w are read; h itself only through the update.
    scan(H->second.Sub, Read);
    if (H->second.Operand)
      scan(H->second.Operand, Read);
    Free.insert(H->second.Array);
    return;
  }
  auto It = Updates.find(S);
  if (It != Updates.end()) {
    if (It->second.Operand)
      scan(It->second.Operand, Read);
    Info[It->second.Var].ReductionRead = true;
    Free.insert(It->second.Var);
    return;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    scan(E, Read);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (const Expr *Init = VD->getInit(); Init && !scanRowPointerDecl(VD)) {
          QualType T = VD->getType();
          bool Alias = (T->isReferenceType() &&
                        !T.getNonReferenceType().isConstQualified()) ||
                       T->isPointerType();
          scan(Init, Alias ? ReadWrite : Read);
        }
    return;
  }
  bool Nested = isa<IfStmt>(S) || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                isa<DoStmt>(S) || isa<SwitchStmt>(S);
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    scanStmt(If->getInit());
    if (If->getCond())
      scan(If->getCond(), Read);
    ++CondDepth;
    // The branch an access is on restricts the iterations that make it
    // (the dependence test reads the affine conditions: Guards).
    Guards.emplace_back(If->getCond(), true);
    scanStmt(If->getThen());
    Guards.back().second = false;
    scanStmt(If->getElse());
    Guards.pop_back();
    --CondDepth;
    return;
  }
  if (Nested)
    ++CondDepth;
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    // The header is outside the loop's iterations, the body inside.
    scanStmt(F->getInit());
    scanStmt(F->getCond());
    LoopStack.push_back(F);
    scanStmt(F->getInc());
    scanStmt(F->getBody());
    LoopStack.pop_back();
  } else if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    // `if (c) continue;` ends the iteration where c holds: the statements
    // after it run under !c (a border test before a stencil's reads).
    size_t Pushed = 0;
    bool Labels = llvm::any_of(CS->body(), [](const Stmt *C) {
      return isa<SwitchCase, LabelStmt>(C);
    });
    for (const Stmt *C : CS->body()) {
      scanStmt(C);
      if (const Expr *Cond = Labels ? nullptr : continueCondition(C)) {
        Guards.emplace_back(Cond, false);
        ++Pushed;
      }
    }
    Guards.resize(Guards.size() - Pushed);
  } else {
    for (const Stmt *C : S->children())
      scanStmt(C);
  }
  if (Nested)
    --CondDepth;
}

const Expr *LoopAnalyzer::continueCondition(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return nullptr;
  const Stmt *Then = If->getThen();
  if (const auto *B = dyn_cast<CompoundStmt>(Then))
    Then = B->body_empty() ? nullptr : B->body_back();
  return isa_and_nonnull<ContinueStmt>(Then) ? If->getCond() : nullptr;
}

} // namespace detail
} // namespace l2c
