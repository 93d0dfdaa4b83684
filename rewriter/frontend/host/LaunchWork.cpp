//===- LaunchWork.cpp - Marked loops with too little work for a launch ----===//
//
// A kernel launch costs a few microseconds before its first thread runs,
// and a loop on the GPU needs its arrays there. A function whose marked
// loops all do a few thousand iterations (PolyBench's reg_detect: 6 x 6
// grids, 10,000 time steps; dynprog: 50 x 50) runs many times slower on the
// GPU than on one CPU core. When every accepted loop of a function sits in
// a loop of the host code (so it is launched again and again) and has a
// work bound known at compile time of at most FrontendOptions::MinLaunchWork
// iterations (an eighth of it where the host loop touches no memory besides
// the marked loops, so that their arrays stay on the device and a launch
// costs only its latency), the loops stay on the CPU, unchanged, with a warning
// that gives the bound and the option that sends them to the GPU anyway. A loop
// that runs once costs one launch, which is left as it is.
//
// The bound (WorkBound.cpp) comes from interval arithmetic over the loops'
// bounds; where it is unknown, the loops go to the GPU as before. Only speed
// depends on this: a loop kept on the CPU computes what the source says.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/pragmas/MarkLoops.h"
#include "frontend/host/WorkBound.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// Where the host loop around a marked loop leaves memory alone, the
/// arrays stay on the device and the bound is MinLaunchWork divided by
/// this (16,384 by default; keepSmallLoopsOnCpu has the measurements).
constexpr long long ResidentDivisor = 8;

/// S's children, and the statement an OpenMP directive applies to (a
/// worksharing loop inside an `omp parallel` region of a host loop).
std::vector<const Stmt *> childrenOf(const Stmt *S) {
  std::vector<const Stmt *> Out(S->child_begin(), S->child_end());
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S);
      D && D->hasAssociatedStmt()) {
    const Stmt *A = D->getAssociatedStmt();
    while (const auto *CS = dyn_cast_or_null<CapturedStmt>(A))
      A = CS->getCapturedStmt();
    Out.push_back(A);
  }
  return Out;
}

/// The innermost loop statement of the function body S that holds Target,
/// or null.
const Stmt *enclosingLoop(const Stmt *S, const Stmt *Target,
                          const Stmt *Loop = nullptr) {
  if (!S)
    return nullptr;
  if (S == Target)
    return Loop ? Loop : S;
  bool IsLoop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  for (const Stmt *C : childrenOf(S))
    if (const Stmt *Found = enclosingLoop(C, Target, IsLoop ? S : Loop))
      return Found;
  return nullptr;
}

/// The for loops of the function body S around Target, outermost first;
/// true when Target is found.
bool hostLoopsAround(const Stmt *S, const Stmt *Target,
                     std::vector<const ForStmt *> &Out) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  const auto *F = dyn_cast<ForStmt>(S);
  if (F)
    Out.push_back(F);
  for (const Stmt *C : childrenOf(S))
    if (hostLoopsAround(C, Target, Out))
      return true;
  if (F)
    Out.pop_back();
  return false;
}

/// The block of the function body S that holds Target as one of its own
/// statements, or null.
const CompoundStmt *blockAround(const Stmt *S, const Stmt *Target) {
  if (!S)
    return nullptr;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    for (const Stmt *C : CS->body())
      if (C == Target)
        return CS;
  for (const Stmt *C : childrenOf(S))
    if (const CompoundStmt *Found = blockAround(C, Target))
      return Found;
  return nullptr;
}

/// Whether S, a host loop's body, leaves memory alone outside the marked
/// loops (Marked): no subscript, no `*p`, no `p->f`, no call of anything
/// but a builtin. Nothing then brings the kernels' arrays to the host
/// between launches (holds keep them on the device), and a launch costs
/// only its few microseconds.
bool leavesMemoryAlone(const Stmt *S,
                       const llvm::SmallPtrSetImpl<const Stmt *> &Marked) {
  if (!S || Marked.count(S))
    return true;
  if (isa<ArraySubscriptExpr, CXXOperatorCallExpr>(S))
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_Deref)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(S); ME && ME->isArrow())
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !F->getBuiltinID())
      return false;
  }
  for (const Stmt *C : childrenOf(S))
    if (!leavesMemoryAlone(C, Marked))
      return false;
  return true;
}

/// Where no loop of the function is known to be worth its launches and
/// some have bounds known only at run time: each goes under a guard on its
/// work (RuntimeWork.cpp), if every loop can. All or none, so that the
/// loops of one run take the same side and the arrays do not travel to
/// and fro.
void guardAtRunTime(FrontendContext &FC, llvm::ArrayRef<MarkedLoop *> Loops,
                    llvm::ArrayRef<const Stmt *> Hosts,
                    llvm::ArrayRef<std::optional<long long>> Works,
                    llvm::ArrayRef<long long> Limits) {
  // The rule that spells the guard, or its set, switched off: nothing to
  // promise.
  if (!FC.Opts.RuntimeWorkGuard || !FC.Opts.stepOn("guard-small-work") ||
      !FC.Opts.stepOn("host-fallback"))
    return;
  bool Unknown = false;
  std::vector<std::vector<std::string>> Counts;
  for (size_t I = 0; I < Loops.size(); ++I) {
    if (!Hosts[I] || (Works[I] && *Works[I] > Limits[I]))
      return;
    Unknown |= !Works[I];
    Counts.push_back(runtimeWorkCounts(FC, *Loops[I]));
    if (Counts.back().empty())
      return;
  }
  if (!Unknown)
    return;
  for (size_t I = 0; I < Loops.size(); ++I) {
    MarkedLoop *ML = Loops[I];
    FC.Result.WorkGuards[ML->Id] = {ML->Loop[0][0].name(), Counts[I],
                                    Limits[I]};
    FC.Result.HostFallback.emplace(ML->Id,
                                   std::vector<SourceLocation>());
    FC.remark(ML->For->getForLoc(),
              "launched again in every iteration of the loop at line " +
                  std::to_string(FC.line(Hosts[I]->getBeginLoc())) +
                  ", with iterations known only at run time: the loop runs "
                  "on the host, " +
                  (ML->AssumedApart ? "in order" : "as marked") +
                  ", when they are at most " +
                  std::to_string(Limits[I]) +
                  " (--min-launch-work" +
                  (Limits[I] != FC.Opts.MinLaunchWork
                       ? ", divided by " + std::to_string(ResidentDivisor) +
                             " where the host loop leaves memory alone"
                       : std::string()) +
                  "), too few to pay for the launches",
              "host-fallback");
  }
}

} // namespace

void keepSmallLoopsOnCpu(FrontendContext &FC, MarkedLoops &Marked) {
  long long Limit = FC.Opts.MinLaunchWork;
  if (Limit <= 0 || !FC.Opts.stepOn("launch-work"))
    return;
  for (const FunctionDecl *FD : Marked.Functions) {
    std::vector<MarkedLoop *> Loops;
    for (auto &ML : Marked.Loops)
      if (ML->Accepted && ML->Function == FD)
        Loops.push_back(ML.get());
    if (Loops.empty() || !FD->getBody())
      continue;
    WorkBound WB(FC, FD);
    std::vector<long long> Bounds;
    std::vector<unsigned> HostLines;
    std::vector<bool> Resident;
    llvm::SmallPtrSet<const Stmt *, 8> Outers;
    for (MarkedLoop *ML : Loops)
      Outers.insert(ML->Outer);
    // Per loop: the host loop that launches it again and again (null: none),
    // its bound where known at compile time, and its limit.
    std::vector<const Stmt *> Hosts;
    std::vector<std::optional<long long>> Works;
    std::vector<long long> Limits;
    for (MarkedLoop *ML : Loops) {
      // Launched again and again: inside a loop of the host code.
      const Stmt *Host = enclosingLoop(FD->getBody(), ML->Outer);
      if (Host == ML->Outer)
        Host = nullptr;
      std::vector<const ForStmt *> Around;
      hostLoopsAround(FD->getBody(), ML->Outer, Around);
      auto W = ML->RangeFor ? std::nullopt
                            : WB.workIn(ML->For, Around,
                                        blockAround(FD->getBody(), ML->Outer),
                                        ML->Outer);
      // With the arrays on the device across the host loop, a launch costs
      // only its latency: on the H100, PolyBench 4.2's heat-3d (54,872
      // iterations a sweep) ran 15x faster than one core, adi (118,404)
      // 6.7x, jacobi-1d (9,998) as fast; where the host loop touches
      // memory, copies come with the launches (durbin, trisolv: 0.06x and
      // 0.10x at 3,999), and the full limit holds.
      bool Alone = Host && leavesMemoryAlone(Host, Outers);
      Hosts.push_back(Host);
      Works.push_back(W);
      Limits.push_back(Alone ? Limit / ResidentDivisor : Limit);
      if (!Host || !W || *W > Limits.back())
        continue;
      Resident.push_back(Alone);
      Bounds.push_back(*W);
      HostLines.push_back(FC.line(Host->getBeginLoc()));
    }
    if (Bounds.size() != Loops.size()) {
      guardAtRunTime(FC, Loops, Hosts, Works, Limits);
      continue;
    }
    std::string From;
    for (const std::string &S : WB.sources())
      From += (From.empty() ? " (" : ", ") + S;
    if (!From.empty())
      From += ")";
    for (size_t I = 0; I < Loops.size(); ++I) {
      MarkedLoop *ML = Loops[I];
      FC.warning(ML->For->getForLoc(),
                 "loop kept on the CPU: at most " + std::to_string(Bounds[I]) +
                     " iterations" + From +
                     ", launched again in every iteration of the loop at "
                     "line " +
                     std::to_string(HostLines[I]) +
                     ", and every marked loop of the function is as small: "
                     "kernel launches and copies would cost more than the "
                     "loops (--min-launch-work=" +
                     std::to_string(Limit) +
                     (Resident[I]
                          ? ", divided by " + std::to_string(ResidentDivisor) +
                                " where the host loop leaves "
                                "memory alone"
                          : "") +
                     "; --min-launch-work=0 sends them to the GPU)",
                 "mark-loop");
      ML->Accepted = false;
      FC.Result.Ranges.erase(ML->Id);
    }
  }
}

} // namespace detail
} // namespace l2c
