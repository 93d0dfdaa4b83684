//===- Nest.cpp - The loops of a nest that may share the grid -------------===//
//
// A marked loop whose body is one loop, whose body is one loop, ... is a
// perfect nest. The loops that collapse(n) names, and the ones the exact
// dependence test proves parallel with the marked loop, are candidates for
// the other axes of the grid (up to three axes in all). The front end only
// offers them: it wraps each in ParallelFor(Dim(...), For(...)) and the rules
// of rules/map-nest.rules decide (docs/rules/map-nest.md).
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The one loop that S is, or holds as its only statement.
const ForStmt *onlyLoop(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      return nullptr;
    S = CS->body_front();
  }
  return dyn_cast_or_null<ForStmt>(S);
}

} // namespace

void LoopAnalyzer::findCandidates() {
  unsigned Want = 1;
  if (ML.Omp)
    Want = std::max(1u, ML.Omp->getLoopsNumber());
  else if (ML.Pragma)
    Want = std::max(1u, ML.Pragma->Collapse);
  const ForStmt *F = ML.For;
  while (1 + Candidates.size() < 3) {
    const ForStmt *Inner = onlyLoop(F->getBody());
    LoopBounds B;
    // A grid axis runs over Lb..Ub: a downward loop by c > 1 has no exact
    // Lb and stays a loop.
    if (!Inner || !loopShape(Inner, B).empty() || !B.lbExact())
      break;
    Candidates.push_back(B);
    F = Inner;
  }
  CollapsedCount = std::min<unsigned>(Want - 1, Candidates.size());
  // OpenMP makes the indices of collapsed loops private.
  for (unsigned K = 0; K < CollapsedCount; ++K)
    if (!Locals.count(Candidates[K].Index)) {
      Locals.insert(Candidates[K].Index);
      Privates.push_back(Candidates[K].Index);
    }
}

unsigned LoopAnalyzer::provenCandidates() {
  if (Candidates.empty() || !Updates.empty() || !ClauseReductions.empty())
    return 0;
  // Bounds of a candidate must not change while the nest runs.
  std::vector<const VarDecl *> Written;
  for (const Access &X : Accesses)
    if ((X.M & Write) &&
        std::find(Written.begin(), Written.end(), X.Array) == Written.end())
      Written.push_back(X.Array);
  unsigned N = 0;
  for (; N < Candidates.size(); ++N) {
    const LoopBounds &B = Candidates[N];
    if (!NestIndices.count(B.Index))
      break;
    std::set<std::string> Vars;
    collectVarNames(B.Lb, Vars);
    collectVarNames(B.Ub, Vars);
    bool Invariant = true;
    for (const VarDecl *V : Free)
      if (Vars.count(V->getNameAsString()) && Info[V].Writes &&
          !NestIndices.count(V))
        Invariant = false;
    for (const VarDecl *V : Locals)
      if (Vars.count(V->getNameAsString()) && !NestIndices.count(V))
        Invariant = false;
    if (!Invariant)
      break;
    // Collapsed loops are parallel by the user's word, as the marked loop
    // is; the others need a proof.
    if (N >= CollapsedCount &&
        exactDependence(Written, N + 1).K != ExactAnswer::Independent)
      break;
  }
  return N;
}

Term LoopAnalyzer::dimTerm(const LoopBounds &B, bool Rect) {
  Term Extent = extentOf(B, Rect);
  Term End = Conv.expr(B.Ub);
  if (B.EndAdjust)
    End = Term::app("Add", {Term::app("Cast", {Term::string("long long"), End}),
                            Term::integer(B.EndAdjust)});
  else
    End = Term::app("Cast", {Term::string("long long"), End});
  // How many accesses the index moves along their last subscript, one
  // element per step: the rule unit-stride-to-x gives that loop x.
  int64_t Unit = 0;
  NestVarsAffine = true;
  for (const Access &X : Accesses)
    if (auto P = affine(X.Subs.back())) {
      Poly Coef, Rest;
      int64_t C;
      if (splitIndex(*P, B.Index, Coef, Rest) && polyConstant(Coef, C) &&
          (C == 1 || C == -1))
        ++Unit;
    }
  NestVarsAffine = false;
  Term Lb = Conv.expr(B.Lb);
  if (B.LbAdjust)
    Lb = Term::app("Add", {Lb, Term::integer(B.LbAdjust)});
  return Term::app(
      "Dim",
      {Term::app("Index", {Term::ident(B.Index->getNameAsString()),
                           Term::string(FC.typeStr(
                               B.Index->getType().getUnqualifiedType()))}),
       Term::app("Bounds", {Lb, End, Term::integer(B.Step)}), Extent,
       Term::app("Unit", {Term::integer(Unit)}),
       Term::ident(Rect ? "Rect" : "Tri")});
}

Term LoopAnalyzer::extentOf(const LoopBounds &B, bool Rect) {
  const LoopBounds &E = Rect ? B : Marked;
  return Term::app("Extent", {Term::string(E.LbText), Term::string(E.EndText),
                              Term::integer(E.Step)});
}

Term LoopAnalyzer::forTerm(const LoopBounds &B, Term Body) {
  const ForStmt *F = B.For;
  Term Init = Term::app(
      "Decl",
      {Term::ident(B.Index->getNameAsString()),
       Term::string(FC.typeStr(B.Index->getType().getUnqualifiedType())),
       Conv.expr(B.Init)});
  return Term::app("For", {Init, Conv.expr(F->getCond()),
                           Conv.expr(F->getInc()), std::move(Body)});
}

bool LoopAnalyzer::isRect(const LoopBounds &B, unsigned Mapped) {
  // Rectangular: its bounds use no other index of the grid, and no other
  // loop's bounds use its index.
  std::vector<const LoopBounds *> All = {&Marked};
  for (unsigned K = 0; K < Mapped; ++K)
    All.push_back(&Candidates[K]);
  for (const LoopBounds *O : All) {
    if (O == &B)
      continue;
    if (mentions(B.Lb, O->Index) || mentions(B.Ub, O->Index) ||
        mentions(O->Lb, B.Index) || mentions(O->Ub, B.Index))
      return false;
  }
  return true;
}

Term LoopAnalyzer::nestTerm(const Term &LoopId, unsigned Mapped,
                            std::vector<Term> Params, std::vector<Term> Arrays,
                            const std::vector<Term> &PrivateDecls) {
  const ForStmt *Innermost = Mapped ? Candidates[Mapped - 1].For : ML.For;
  Conv.TopContinue = false;
  Term Body = Conv.list(Innermost->getBody());
  // A `continue` of the innermost loop ends the thread's point, whatever
  // form the grid loop takes (a loop or, per point, an `if`).
  if (Conv.TopContinue)
    Body = Term::list({Term::app("DoWhile", {Body, Term::integer(0, "")})});
  if (!PrivateDecls.empty()) {
    std::vector<Term> Items = PrivateDecls;
    for (const Term &T : Body.args())
      Items.push_back(T);
    Body = Term::list(std::move(Items));
  }
  for (unsigned K = Mapped; K-- > 0;) {
    const LoopBounds &B = Candidates[K];
    Body =
        Term::list({Term::app("ParallelFor", {dimTerm(B, isRect(B, Mapped)),
                                              forTerm(B, std::move(Body))})});
  }
  Term Outer = dimTerm(Marked, isRect(Marked, Mapped));
  return Term::app("ParallelNest", {LoopId, Term::list({Outer}), Body,
                                    Term::list(std::move(Params)),
                                    Term::list(std::move(Arrays))});
}

} // namespace detail
} // namespace l2c
