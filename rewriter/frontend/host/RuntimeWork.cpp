//===- RuntimeWork.cpp - The work of a launch at run time -----------------===//
//
// A marked loop that a host loop launches again and again, with bounds the
// tool cannot evaluate at compile time, may have too few iterations to pay
// for its launches (LaunchWork.cpp decides the cases it can evaluate). Its
// launch then goes under a guard (rule guard-small-work of rule set
// host-fallback) that counts the iterations at run time and runs the loop
// on the host, its OpenMP pragma kept, when they are at most
// --min-launch-work. The count must be the whole work of a thread grid, so
// only these loops qualify:
//   - a map: a ParallelLoop without reductions or a ParallelNest (a
//     reduction's or a scan's passes cost more than one launch, and their
//     results come back anyway);
//   - its body is a perfect nest of canonical upward loops whose bounds use
//     no index of the nest, down to a body without loops, and calls only
//     functions without loops (an inner loop's work would be missed);
//   - no XOR in its body (a bitonic step, which other launches replace);
//   - no other run-time check decides where it runs (probes, the record of
//     allocations) but the check of arrays assumed apart, which the guard
//     makes too (the host loop then runs in order); it is no part of a
//     distributed or interchanged loop, and no inner loop of a loop run in
//     order.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"
#include "frontend/host/WorkBound.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// S holds a loop, or a call of a function that holds one (one level: the
/// device functions a kernel calls are small), or an indirect call.
bool holdsLoop(const Stmt *S, bool Calls = true) {
  if (!S)
    return false;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F)
      return true;
    if (Calls && F->hasBody() && holdsLoop(F->getBody(), false))
      return true;
  }
  for (const Stmt *C : S->children())
    if (holdsLoop(C, Calls))
      return true;
  return false;
}

/// S holds an XOR (`a[i ^ j]`): the compare-exchange step of a bitonic
/// network, which rule set bitonic-shared fuses with the next steps into
/// launches that are no longer this loop.
bool holdsXor(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->getOpcode() == BO_Xor || BO->getOpcode() == BO_XorAssign))
    return true;
  for (const Stmt *C : S->children())
    if (holdsXor(C))
      return true;
  return false;
}

/// The trip count of lb <= i < end by Step as host text.
std::string countText(const std::string &Lb, const std::string &End,
                      int64_t Step) {
  auto Paren = [](const std::string &T) {
    return T.find(' ') == std::string::npos ? T : "(" + T + ")";
  };
  std::string Diff =
      Lb == "0" ? Paren(End) : Paren(End) + " - " + Paren(Lb);
  if (Step == 1)
    return Diff;
  return "(" + Diff + " + " + std::to_string(Step - 1) + ") / " +
         std::to_string(Step);
}

} // namespace

std::vector<std::string> runtimeWorkCounts(FrontendContext &FC,
                                           MarkedLoop &ML) {
  if (!ML.For || ML.RangeFor || !ML.Probed.empty() ||
      !ML.Recorded.empty() || ML.Part || !ML.Group.empty() || ML.GroupHead ||
      ML.Interchanged || ML.Replaces || ML.InOrderParent || ML.Serial ||
      ML.InnerAcc)
    return {};
  // A map: ParallelLoop without reductions, or ParallelNest (map-nest).
  const Term &L = ML.Loop;
  bool Map = (L.isApp("ParallelLoop", 7) && L[6].is(Term::List) &&
              L[6].args().empty()) ||
             L.isApp("ParallelNest", 5);
  if (!Map)
    return {};
  LoopAnalyzer LA(FC, ML);
  LoopBounds Outer;
  if (!LA.loopShape(ML.For, Outer).empty() || Outer.Down || Outer.Step < 1)
    return {};
  std::vector<std::string> Counts = {
      countText(Outer.LbText, Outer.EndText, Outer.Step)};
  std::vector<const VarDecl *> Indices = {Outer.Index};
  const Stmt *Body = ML.For->getBody();
  for (;;) {
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
        CS && CS->size() == 1)
      Body = CS->body_front();
    const auto *F = dyn_cast_or_null<ForStmt>(Body);
    if (!F)
      break;
    LoopBounds B;
    if (!LA.loopShape(F, B).empty() || B.Down || B.Step < 1 || !B.Lb || !B.Ub)
      return {};
    for (const VarDecl *V : Indices)
      if (mentions(B.Lb, V) || mentions(B.Ub, V))
        return {};
    Counts.push_back(countText(B.LbText, B.EndText, B.Step));
    Indices.push_back(B.Index);
    Body = F->getBody();
  }
  if (holdsLoop(Body) || holdsXor(Body))
    return {};
  return Counts;
}

} // namespace detail
} // namespace l2c
