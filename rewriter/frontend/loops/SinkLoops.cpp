//===- SinkLoops.cpp - An inner loop that shares the grid once moved out --===//
//
// The marked loop's body often runs its parallel inner loop in pieces: syrk
// scales a row and then, for each k, adds a term to every element of it;
// C written in i-k-j order (`for k { for j { C[i][j] += A[i][k] *
// B[k][j]; } }`, often with `double a = A[i][k];` before the loop over j)
// keeps the loop over j inside the one over k. The nest is not perfect,
// so map-nest has no second axis, and each thread runs a whole row in
// order.
//
// When every statement of the body is a loop over the same j (same bounds)
// or a loop over some k holding only such a loop, the j loops hold only
// assignments to array elements, and every array they write is touched,
// read or written, only at one subscript list with a subscript c * j + e
// (c a constant, e free of j: `[i][j]`, `[i * n + j]`), then
// the iterations of j touch disjoint elements of the written arrays and
// read nothing another j writes. Interchanging each k loop with its j loop
// and fusing the j loops then keeps, for each element, its updates in the
// order the source gives them: one loop over j around the pieces, each
// thread of the grid one (i, j). The front end only checks this and
// offers the nest (ParallelFor(Dim(j), _Sink(...))); the rules of
// rules/sink-inner-loop.rules move the loops (docs/rules/sink-inner-loop.md).
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The statements of S, blocks flattened.
void statementsOf(const Stmt *S, std::vector<const Stmt *> &Out) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      statementsOf(C, Out);
    return;
  }
  if (S)
    Out.push_back(S);
}

/// Every statement of S assigns an array element (`a[..] = e`, `a[..] +=
/// e`), or is an `if` whose branches do, and evaluates nothing else with
/// an effect. (The condition's reads of written arrays are accesses like
/// the others: sinkable holds them to the one subscript list.)
bool onlyElementAssignments(const Stmt *S) {
  std::vector<const Stmt *> Stmts;
  statementsOf(S, Stmts);
  for (const Stmt *X : Stmts) {
    if (const auto *If = dyn_cast<IfStmt>(X)) {
      if (If->getInit() || If->getConditionVariable() || If->isConsteval() ||
          !effectIn(If->getCond()).empty() ||
          !onlyElementAssignments(If->getThen()) ||
          (If->getElse() && !onlyElementAssignments(If->getElse())))
        return false;
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(X);
    if (!BO || !BO->isAssignmentOp() || !effectIn(BO->getRHS()).empty())
      return false;
    // a[..] of an array or a pointer, or v[..] of a std::vector (an
    // operator call, which effectIn counts as pure).
    const Expr *L = BO->getLHS()->IgnoreParens();
    const auto *OC = dyn_cast<CXXOperatorCallExpr>(L);
    if (!isa<ArraySubscriptExpr>(L) &&
        !(OC && OC->getOperator() == OO_Subscript))
      return false;
    if (!effectIn(L).empty())
      return false;
  }
  return true;
}

/// The loop over j of a piece: the piece itself, or the loop of a piece
/// over k, whose body is that loop, or one declaration and that loop
/// (`double a = A[i][k]; for (j ...)`), the declaration then in Hoisted.
const ForStmt *innerLoopOf(const ForStmt *Piece,
                           const DeclStmt **Hoisted = nullptr) {
  std::vector<const Stmt *> Body;
  statementsOf(Piece->getBody(), Body);
  const DeclStmt *DS = Body.size() == 2 ? dyn_cast<DeclStmt>(Body[0]) : nullptr;
  if (Body.empty() || (Body.size() == 2 && !DS) || Body.size() > 2)
    return Piece;
  const auto *In = dyn_cast<ForStmt>(Body.back());
  if (!In)
    return Piece;
  if (Hoisted)
    *Hoisted = DS;
  return In;
}

} // namespace

bool LoopAnalyzer::sinkable(LoopBounds &J) {
  SinkPieces.clear();
  if (strict() || ML.Serial || !Updates.empty() || !ClauseReductions.empty() ||
      !HistUpdates.empty() || !RowPointers.empty())
    return false;
  std::vector<const Stmt *> Stmts;
  statementsOf(ML.For->getBody(), Stmts);
  std::vector<const VarDecl *> Declared;
  for (const Stmt *S : Stmts) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(D);
        if (!V || V->hasInit())
          return false;
        Declared.push_back(V);
      }
      continue;
    }
    const auto *F = dyn_cast<ForStmt>(S);
    if (!F)
      return false;
    SinkPieces.push_back(F);
  }
  if (SinkPieces.empty())
    return false;

  std::optional<Term> Head;
  llvm::DenseSet<const VarDecl *> Counters;
  // Scalars a loop over k declares before its loop over j: they move into
  // the loop over j, recomputed for each j, so they may read only what
  // the pieces leave alone and must not change.
  std::vector<const VarDecl *> Hoisted;
  for (const ForStmt *Piece : SinkPieces) {
    const DeclStmt *DS = nullptr;
    const ForStmt *JF = innerLoopOf(Piece, &DS);
    if (DS) {
      const auto *V =
          DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (!V || !V->getInit() || !isScalarType(V->getType()) ||
          V->getType()->isReferenceType() || V->isStaticLocal() ||
          !effectIn(V->getInit()).empty())
        return false;
      Hoisted.push_back(V);
    }
    LoopBounds JB;
    if (!loopShape(JF, JB).empty() || !JB.lbExact() ||
        !Locals.count(JB.Index) || !onlyElementAssignments(JF->getBody()))
      return false;
    Term H = forTerm(JB, Term::list({}));
    if (!Head) {
      Head = H;
      J = JB;
    } else if (!(H == *Head)) {
      return false;
    }
    Counters.insert(JB.Index);
    if (JF == Piece)
      continue;
    LoopBounds KB;
    if (!loopShape(Piece, KB).empty() || !Locals.count(KB.Index) ||
        KB.Index->getName() == JB.Index->getName())
      return false;
    // Neither loop's bounds may use the other's index: the interchange
    // keeps both ranges.
    for (const Stmt *Part : {static_cast<const Stmt *>(JF->getInit()),
                             static_cast<const Stmt *>(JF->getCond()),
                             static_cast<const Stmt *>(JF->getInc())})
      if (mentions(Part, KB.Index))
        return false;
    for (const Stmt *Part : {static_cast<const Stmt *>(Piece->getInit()),
                             static_cast<const Stmt *>(Piece->getCond()),
                             static_cast<const Stmt *>(Piece->getInc())})
      if (mentions(Part, JB.Index))
        return false;
    Counters.insert(KB.Index);
  }
  for (const VarDecl *H : Hoisted)
    for (const VarDecl *C : Counters)
      if (C->getName() == J.Index->getName() && mentions(H->getInit(), C))
        return false;
  // The pieces become loops that declare their counters: a declaration or
  // a private variable of the body must be one of them.
  for (const VarDecl *V : Declared)
    if (!Counters.count(V))
      return false;
  for (const VarDecl *V : Privates)
    if (V != Index && !Counters.count(V))
      return false;
  // j's bounds keep their value over the body.
  std::set<std::string> BoundVars;
  collectVarNames(J.Lb, BoundVars);
  collectVarNames(J.Ub, BoundVars);
  for (const VarDecl *V : Free)
    if (BoundVars.count(V->getNameAsString()) && Info[V].Writes)
      return false;
  // Nor a local of the body: a counter, or a scalar a loop over k
  // declares (its value changes with k).
  for (const VarDecl *V : Locals)
    if (BoundVars.count(V->getNameAsString()))
      return false;

  // Each written array: one subscript list everywhere, holding j.
  llvm::DenseSet<const VarDecl *> Written;
  for (const Access &X : Accesses)
    if (X.M & Write)
      Written.insert(X.Array);
  for (const VarDecl *W : Written) {
    const VarInfo &I = Info[W];
    if (I.OtherUse || I.OtherWrite)
      return false;
    const Access *First = nullptr;
    for (const Access &X : Accesses) {
      if (X.Array != W)
        continue;
      if (!First) {
        First = &X;
        // A subscript c * j + e, c a constant other than 0 and e free of
        // j (j itself, i * n + j): two j give two elements.
        bool HoldsJ = false;
        NestVarsAffine = true;
        for (const Expr *S : X.Subs)
          for (const VarDecl *C : Counters) {
            if (C->getName() != J.Index->getName() || !mentions(S, C))
              continue;
            Poly Coef, Rest;
            int64_t K;
            if (auto P = affine(S))
              HoldsJ |= splitIndex(*P, C, Coef, Rest) &&
                        polyConstant(Coef, K) && K != 0;
          }
        NestVarsAffine = false;
        if (!HoldsJ)
          return false;
        continue;
      }
      if (X.Subs.size() != First->Subs.size())
        return false;
      // By spelling: each piece may declare its own j; the names of the
      // subscripts are then j's, i's and those of variables the body
      // leaves alone.
      for (size_t K = 0; K < X.Subs.size(); ++K)
        if (!(Conv.expr(X.Subs[K]) == Conv.expr(First->Subs[K])))
          return false;
    }
    for (const Access &X : Accesses)
      if (X.Array == W)
        for (const Expr *S : X.Subs) {
          for (const VarDecl *C : Counters)
            if (C->getName() != J.Index->getName() && mentions(S, C))
              return false;
          for (const VarDecl *H : Hoisted)
            if (mentions(S, H))
              return false;
        }
    for (const VarDecl *H : Hoisted)
      if (mentions(H->getInit(), W))
        return false;
  }
  return true;
}

Term LoopAnalyzer::sinkTerm(const Term &LoopId, const LoopBounds &J,
                            std::vector<Term> Params, std::vector<Term> Arrays,
                            Term Original) {
  std::vector<Term> Pieces;
  for (const ForStmt *Piece : SinkPieces) {
    const DeclStmt *DS = nullptr;
    const ForStmt *JF = innerLoopOf(Piece, &DS);
    LoopBounds JB, KB;
    loopShape(JF, JB);
    Term Inner = forTerm(JB, Conv.list(JF->getBody()));
    if (JF == Piece) {
      Pieces.push_back(Inner);
      continue;
    }
    loopShape(Piece, KB);
    std::vector<Term> KBody;
    if (DS)
      KBody = Conv.list(DS).args();
    KBody.push_back(Inner);
    Pieces.push_back(forTerm(KB, Term::list(std::move(KBody))));
  }
  Term H = forTerm(J, Term::list({}));
  bool Rect = !mentions(J.Lb, Index) && !mentions(J.Ub, Index) &&
              !mentions(Marked.Lb, J.Index) && !mentions(Marked.Ub, J.Index);
  Term Sink =
      Term::app("_Sink", {Term::app("Head", {H[0], H[1], H[2]}), Term::list({}),
                          Term::list(Pieces), std::move(Original)});
  Term Body = Term::list(
      {Term::app("ParallelFor", {dimTerm(J, Rect), std::move(Sink)})});
  return Term::app("ParallelNest", {LoopId, Term::list({dimTerm(Marked, Rect)}),
                                    Body, Term::list(std::move(Params)),
                                    Term::list(std::move(Arrays))});
}

} // namespace detail
} // namespace l2c
