//===- MarkLoops.cpp - Finding the marked loops ---------------------------===//
//
// Walks the function definitions of the user's files for the loops that
// carry a mark: a `#pragma loop2cuda parallel` right before the loop, or an
// OpenMP `parallel for` / `for` directive. Only loops that the mark-loop
// matcher selects are kept. `omp parallel` regions are collected for
// checkParallelRegion; every other directive, and every pragma or directive
// whose loop is not kept, gets a warning.
//
//===----------------------------------------------------------------------===//

#include "frontend/pragmas/MarkLoops.h"
#include "frontend/AstUtil.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <functional>
#include <map>

using namespace clang;

namespace l2c {
namespace detail {

/// Keeps the matcher expression of a clang-query style text: drops comment
/// lines and a leading `match` / `m` command.
std::string matcherExpression(StringRef Text) {
  std::string Out;
  llvm::SmallVector<StringRef, 8> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    StringRef T = L.trim();
    if (T.starts_with("#") || T.starts_with("//"))
      continue;
    Out += T.str();
    Out += '\n';
  }
  StringRef S = StringRef(Out).trim();
  for (StringRef Cmd : {"match ", "m "})
    if (S.starts_with(Cmd)) {
      S = S.drop_front(Cmd.size()).trim();
      break;
    }
  return S.str();
}

namespace {

/// Finds the marked loops of each function definition of the user's files.
class LoopFinder : public RecursiveASTVisitor<LoopFinder> {
public:
  LoopFinder(FrontendContext &FC, const PragmaLog &Log,
             const llvm::DenseSet<const Stmt *> &Candidates)
      : FC(FC), Log(Log), Candidates(Candidates) {}

  MarkedLoops Out;
  /// Templates with bodies: their instantiations are translated, one kernel
  /// each; a loop that no instantiation reaches gets a warning.
  std::vector<const FunctionDecl *> Patterns;

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() ||
        FC.inSystemHeader(FD->getLocation()))
      return true;
    if (FD->isDependentContext()) {
      Patterns.push_back(FD);
      return true;
    }
    size_t Before = Out.Loops.size();
    walk(FD, FD->getBody());
    if (Out.Loops.size() != Before)
      Out.Functions.push_back(FD);
    return true;
  }

private:
  FrontendContext &FC;
  const PragmaLog &Log;
  const llvm::DenseSet<const Stmt *> &Candidates;
  std::set<const Stmt *> Seen;

  /// Region: the `omp parallel` directive whose body holds S, if any.
  /// InLoop: S is in the body of a marked loop, where directives belong to
  /// the loop's own translation (or rejection).
  void walk(const FunctionDecl *FD, const Stmt *S,
            const OMPParallelDirective *Region = nullptr, bool InLoop = false) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      walkDirective(FD, D, Region, InLoop);
      return;
    }
    const LoopPragma *P = isa<Expr>(S) ? nullptr : pragmaBefore(S);
    if (P && P->isAccRegion() && !RegionBodies.insert(S).second)
      P = nullptr; // the region's body, walked a second time
    if (P && P->isDataRegion() && !InLoop && walkDataPragma(FD, S, P, Region))
      return;
    if (P && P->isAcc() && walkAcc(FD, S, P, InLoop))
      return;
    if (P && !P->isAcc())
      if (const auto *F = dyn_cast<ForStmt>(S))
        if (Seen.insert(F).second) {
          Out.UsedPragmas.insert(P);
          if (Candidates.count(F))
            add(FD, F, F, P, nullptr, nullptr);
          else
            warnPragma(P, "the loop after this pragma is not selected by the "
                          "mark-loop matcher");
          walk(FD, F->getBody(), nullptr, true);
          return;
        }
    // A loop of an OpenACC `kernels` region: the tool decides, as an
    // OpenACC compiler does, so it needs a proof.
    if (AccRegion && !AccSilent && !InLoop &&
        AccRegion->Kind == LoopPragma::AccKernels &&
        isa<ForStmt, CXXForRangeStmt>(S)) {
      if (MarkedLoop *ML = addLoop(FD, S, nullptr)) {
        ML->AccRegion = AccRegion;
        ML->RequireProof = true;
      }
      walk(FD, loopBody(S), nullptr, true);
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S);
        CS && !InLoop && walkEnterExit(FD, CS, Region))
      return;
    for (const Stmt *C : S->children())
      walk(FD, C, Region, InLoop);
  }

  /// The extents of the data regions around the statement being walked,
  /// outermost first.
  std::vector<std::vector<DataClause>> RegionExtents;

  /// `#pragma loop2cuda data` or `#pragma acc data` P before S: a data
  /// region when S is a block; false leaves P to the caller (a pragma
  /// before anything else is reported as unused, or as without effect).
  bool walkDataPragma(const FunctionDecl *FD, const Stmt *S,
                      const LoopPragma *P, const OMPParallelDirective *Region) {
    const auto *CS = dyn_cast<CompoundStmt>(S);
    if (!CS)
      return false;
    Out.UsedPragmas.insert(P);
    std::string Name = (P->isAcc() ? "'#pragma acc " : "'#pragma loop2cuda ") +
                       P->Directive + "'";
    if (!P->Invalid.empty()) {
      warnPragma(P, P->Invalid + "; " + Name + " is ignored");
      for (const Stmt *C : CS->body())
        walk(FD, C, Region, false);
      return true;
    }
    std::vector<DataClause> Extents = P->Data;
    for (DataClause &D : Extents)
      D.Kind = DataClause::Extent;
    walkRegion(FD, S, CS, P->Loc, std::move(Extents), Region);
    FC.DataRegions[S].Name = Name;
    return true;
  }

  /// `#pragma omp target data` over a block, with map clauses and
  /// clauses that change nothing here (if, device); false for another
  /// body or clause, which the caller warns about.
  bool walkTargetData(const FunctionDecl *FD, const OMPTargetDataDirective *D,
                      const OMPParallelDirective *Region) {
    const auto *CS = dyn_cast_or_null<CompoundStmt>(ompBody(D));
    if (!CS)
      return false;
    std::vector<DataClause> Extents;
    for (const OMPClause *C : D->clauses()) {
      if (const auto *M = dyn_cast<OMPMapClause>(C))
        mapExtents(FC, M, Extents);
      else if (!isa<OMPIfClause, OMPDeviceClause>(C))
        return false;
    }
    walkRegion(FD, D, CS, D->getBeginLoc(), std::move(Extents), Region);
    FC.DataRegions[D].Name = "'#pragma omp target data'";
    return true;
  }

  /// A block with `target enter data` ... `target exit data` pairs: each
  /// pair is a data region over the statements between (DataRegions.cpp);
  /// the directives of a pair get no remark. False when CS has none.
  bool walkEnterExit(const FunctionDecl *FD, const CompoundStmt *CS,
                     const OMPParallelDirective *Region) {
    std::vector<EnterExitPair> Pairs = findEnterExitPairs(FC, CS);
    if (Pairs.empty())
      return false;
    std::vector<const Stmt *> Body(CS->body_begin(), CS->body_end());
    size_t Next = 0;
    for (EnterExitPair &P : Pairs) {
      for (; Next + 1 < P.First; ++Next)
        walk(FD, Body[Next], Region, false);
      llvm::ArrayRef<const Stmt *> Inner(Body.data() + P.First,
                                         P.End - P.First);
      FrontendContext::DataRegion &R = FC.DataRegions[P.Enter];
      R.Begin = P.Enter->getBeginLoc();
      R.Body = CS;
      R.Exit = P.Exit;
      R.Arrays = regionArrays(Inner, P.Extents);
      R.Name = "'#pragma omp target enter data' ... 'exit data'";
      RegionExtents.push_back(std::move(P.Extents));
      for (const Stmt *C : Inner)
        walk(FD, C, Region, false);
      RegionExtents.pop_back();
      Next = P.End + 1;
    }
    for (; Next < Body.size(); ++Next)
      walk(FD, Body[Next], Region, false);
    return true;
  }

  /// Records the data region S over block CS and walks the block with its
  /// extents in force.
  void walkRegion(const FunctionDecl *FD, const Stmt *S, const CompoundStmt *CS,
                  SourceLocation Begin, std::vector<DataClause> Extents,
                  const OMPParallelDirective *Region) {
    FrontendContext::DataRegion &R = FC.DataRegions[S];
    R.Begin = Begin;
    R.Body = CS;
    R.Arrays = regionArrays(
        std::vector<const Stmt *>(CS->body_begin(), CS->body_end()), Extents);
    RegionExtents.push_back(std::move(Extents));
    for (const Stmt *C : CS->body())
      walk(FD, C, Region, false);
    RegionExtents.pop_back();
  }

  /// The enclosing OpenACC compute region, while its body is walked; inside
  /// a region that stays on the CPU, AccSilent keeps its loops unmarked
  /// (the region's warning says why).
  const LoopPragma *AccRegion = nullptr;
  bool AccSilent = false;
  std::set<const Stmt *> RegionBodies;

  static const Stmt *loopBody(const Stmt *S) {
    if (const auto *F = dyn_cast<ForStmt>(S))
      return F->getBody();
    return cast<CXXForRangeStmt>(S)->getBody();
  }

  /// Marks S, a for or range-based for loop, with the pragma P (may be
  /// null); null when the mark-loop matcher does not select it.
  MarkedLoop *addLoop(const FunctionDecl *FD, const Stmt *S,
                      const LoopPragma *P) {
    if (!Candidates.count(S)) {
      if (P)
        warnPragma(P, "the loop after this pragma is not selected by the "
                      "mark-loop matcher; it stays on the CPU");
      return nullptr;
    }
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      Seen.insert(F);
      add(FD, F, F, P, nullptr, nullptr);
      return Out.Loops.back().get();
    }
    const auto *R = cast<CXXForRangeStmt>(S);
    Seen.insert(R);
    auto *F =
        new (FC.Ctx) ForStmt(FC.Ctx, nullptr, nullptr, nullptr, nullptr,
                             const_cast<Stmt *>(R->getBody()), R->getForLoc(),
                             R->getBeginLoc(), R->getRParenLoc());
    add(FD, F, R, P, nullptr, nullptr);
    Out.Loops.back()->RangeFor = R;
    return Out.Loops.back().get();
  }

  /// An OpenACC directive P right before S. Returns false when it does not
  /// apply to S (the end of findMarkedLoops warns about it).
  bool walkAcc(const FunctionDecl *FD, const Stmt *S, const LoopPragma *P,
               bool InLoop) {
    bool IsLoop = isa<ForStmt, CXXForRangeStmt>(S);
    if (P->isAccRegion()) {
      Out.UsedPragmas.insert(P);
      const LoopPragma *SavedRegion = AccRegion;
      bool SavedSilent = AccSilent;
      AccRegion = P;
      if (!AccSilent && !InLoop) {
        std::string Why = accRegionProblem(S, P);
        if (!Why.empty()) {
          warnPragma(P, "'#pragma acc " + P->Directive +
                            "' is not translated: " + Why +
                            "; the region runs on the CPU");
          AccSilent = true;
        }
      }
      walk(FD, S, nullptr, InLoop);
      AccRegion = SavedRegion;
      AccSilent = SavedSilent;
      return true;
    }
    if (!P->marksLoop() || !IsLoop)
      return false;
    Out.UsedPragmas.insert(P);
    if (AccSilent) {
      walk(FD, loopBody(S), nullptr, InLoop);
      return true;
    }
    bool Kernels = P->Kind == LoopPragma::AccKernelsLoop ||
                   (P->Kind == LoopPragma::AccLoop && AccRegion &&
                    AccRegion->Kind == LoopPragma::AccKernels);
    std::string Refuse;
    if (P->Kind == LoopPragma::AccSerialLoop)
      Refuse = "it runs the loop on one GPU thread";
    else if (P->Seq && !InLoop)
      Refuse = "'seq' asks for the iterations in order";
    else if (P->Kind == LoopPragma::AccLoop && !InLoop && !AccRegion)
      Refuse = "'acc loop' is not inside an 'acc parallel' or 'acc kernels' "
               "construct of this function";
    if (!Refuse.empty()) {
      warnPragma(P, "'#pragma acc " + P->Directive + "' is not translated: " +
                        Refuse + "; the loop runs on the CPU");
    } else if (!(InLoop && P->Seq)) {
      if (MarkedLoop *ML = addLoop(FD, S, P)) {
        ML->AccRegion = P->Kind == LoopPragma::AccLoop ? AccRegion : nullptr;
        ML->RequireProof = P->Auto || (Kernels && !P->Independent);
        ML->InnerAcc = InLoop && P->Kind == LoopPragma::AccLoop;
      }
    }
    walk(FD, loopBody(S), nullptr, true);
    return true;
  }

  /// Why the compute region P over S cannot run as kernels launched from
  /// the host, or "".
  std::string accRegionProblem(const Stmt *S, const LoopPragma *P) {
    if (P->Kind == LoopPragma::AccSerial)
      return "'serial' runs its body on one GPU thread";
    if (P->Kind != LoopPragma::AccParallel)
      return "";
    // Outside its `loop` directives, a parallel region runs in every gang.
    llvm::SmallVector<const Stmt *, 8> Items;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      Items.append(CS->body_begin(), CS->body_end());
    else
      Items.push_back(S);
    for (const Stmt *I : Items) {
      if (isa<NullStmt>(I))
        continue;
      if (const auto *DS = dyn_cast<DeclStmt>(I)) {
        bool Plain = true;
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D); V && V->hasInit())
            Plain = false;
        if (Plain)
          continue;
      }
      const LoopPragma *L = pragmaBefore(I);
      if (isa<ForStmt, CXXForRangeStmt>(I) && L &&
          L->Kind == LoopPragma::AccLoop)
        continue;
      return "outside its 'acc loop' loops, a 'parallel' region runs in "
             "every gang, and line " +
             std::to_string(FC.line(I->getBeginLoc())) +
             " is not an 'acc loop' loop";
    }
    return "";
  }

  void walkDirective(const FunctionDecl *FD, const OMPExecutableDirective *D,
                     const OMPParallelDirective *Region, bool InLoop) {
    const Stmt *Body = ompBody(D);
    // `#pragma omp target` (or `target teams`) whose body is one loop
    // directive: the loop directive marks the loop, the target's clauses
    // size its arrays, and the whole construct becomes the launch.
    const OMPExecutableDirective *Outer = D;
    if (const OMPLoopDirective *Inner = offloadedLoop(D)) {
      D = Inner;
      Body = ompBody(D);
    }
    if (isa<OMPParallelForDirective>(D) ||
        isa<OMPParallelForSimdDirective>(D) || isWorksharingLoop(D) ||
        isDeviceLoop(D)) {
      const auto *LD = cast<OMPLoopDirective>(D);
      if (const auto *F = dyn_cast_or_null<ForStmt>(Body)) {
        Seen.insert(F);
        if (Candidates.count(F))
          add(FD, F, Outer, nullptr, LD,
              isWorksharingLoop(D) ? Region : nullptr);
        else
          warnDirective(D, "the loop of this directive is not selected by "
                           "the mark-loop matcher; it stays on the CPU");
        walk(FD, F->getBody(), nullptr, true);
        return;
      }
      if (const auto *R = dyn_cast_or_null<CXXForRangeStmt>(Body)) {
        Seen.insert(R);
        if (Candidates.count(R)) {
          // The analysis reads the header from R; the stand-in gives it
          // the body and the places.
          auto *F = new (FC.Ctx)
              ForStmt(FC.Ctx, nullptr, nullptr, nullptr, nullptr,
                      const_cast<Stmt *>(R->getBody()), R->getForLoc(),
                      R->getBeginLoc(), R->getRParenLoc());
          add(FD, F, Outer, nullptr, LD,
              isWorksharingLoop(D) ? Region : nullptr);
          Out.Loops.back()->RangeFor = R;
        } else {
          warnDirective(D, "the loop of this directive is not selected by "
                           "the mark-loop matcher; it stays on the CPU");
        }
        walk(FD, R->getBody(), nullptr, true);
        return;
      }
      warnDirective(D, "the loop of '#pragma omp " + ompDirectiveName(D) +
                           "' is not a counted 'for' loop; it stays on the "
                           "CPU");
      return;
    }
    if (const auto *TD = dyn_cast<OMPTargetDataDirective>(D);
        TD && !InLoop && walkTargetData(FD, TD, Region))
      return;
    if (isa<OMPTargetEnterDataDirective, OMPTargetExitDataDirective,
            OMPTargetUpdateDirective>(D) &&
        !InLoop) {
      noteDataDirective(FC, FD, D); // EnteredData.cpp
      return;
    }
    // `target` / `teams` around nothing but loop directives: the body runs
    // once on the host, each loop a kernel; map clauses size the arrays.
    if (isDeviceRegion(D) && !InLoop) {
      LoopClauses Clauses;
      std::string Why = deviceRegionProblem(FC, D, Clauses);
      if (Why.empty()) {
        FC.DeviceRegions.insert(D);
        remarkIgnoredClauses(FC, Clauses);
        RegionExtents.push_back(std::move(Clauses.Maps));
        walk(FD, Body, nullptr, InLoop);
        RegionExtents.pop_back();
        return;
      }
      warnDirective(D, "'#pragma omp " + ompDirectiveName(D) +
                           "' is not translated: " + Why +
                           "; it runs on the "
                           "CPU");
      walk(FD, Body, nullptr, InLoop);
      return;
    }
    if (const auto *P = dyn_cast<OMPParallelDirective>(D)) {
      if (!InLoop)
        Out.Regions.emplace_back(P, FD);
      walk(FD, Body, InLoop ? nullptr : P, InLoop);
      return;
    }
    // Inside a region these run once on the host, as they do in OpenMP
    // (single, master) or do nothing there (barrier, flush); checked by
    // checkParallelRegion, which also decides on an atomic or critical
    // update (the merge of a hand-written reduction).
    bool RunsOnce = isa<OMPBarrierDirective>(D) || isa<OMPFlushDirective>(D) ||
                    isa<OMPSingleDirective>(D) || isa<OMPMasterDirective>(D) ||
                    isa<OMPMaskedDirective>(D) || atomicUpdateStmt(D);
    if (!InLoop && !(Region && RunsOnce)) {
      // A target data region over one statement (`for (t ...)` without
      // braces): its loops are walked as the region's, not translated.
      std::string Why =
          isa<OMPSimdDirective>(D)
              ? "it asks for vector instructions, not for independent "
                "iterations"
          : isa<OMPTargetDataDirective>(D)
              ? "loop2cuda translates a data region over a '{ }' block (put "
                "the statement after it in braces), and the loops inside "
                "this one stay on the CPU"
              : "loop2cuda translates 'parallel for', and 'for' loops in "
                "'parallel' regions";
      warnDirective(D, "'#pragma omp " + ompDirectiveName(D) +
                           "' is not translated: " + Why +
                           "; it runs on the CPU");
    }
    walk(FD, Body, nullptr, InLoop);
  }

  void add(const FunctionDecl *FD, const ForStmt *F, const Stmt *Outer,
           const LoopPragma *P, const OMPLoopDirective *D,
           const OMPParallelDirective *Region) {
    auto ML = std::make_unique<MarkedLoop>();
    ML->For = F;
    ML->Outer = Outer;
    ML->Function = FD;
    ML->Pragma = P;
    ML->Omp = D;
    ML->Region = Region;
    for (const std::vector<DataClause> &E : RegionExtents)
      ML->Extents.insert(ML->Extents.end(), E.begin(), E.end());
    Out.Loops.push_back(std::move(ML));
  }

  /// The pragma (loop2cuda or acc) right before S: only white space and
  /// comments may stand between them.
  const LoopPragma *pragmaBefore(const Stmt *S) {
    SourceManager &SM = FC.SM;
    SourceLocation Loc = S->getBeginLoc();
    if (const auto *F = dyn_cast<ForStmt>(S))
      Loc = F->getForLoc();
    Loc = SM.getExpansionLoc(Loc);
    auto [FID, Off] = SM.getDecomposedLoc(Loc);
    if (ByEnd.empty())
      for (const LoopPragma &P : Log.Pragmas)
        if (P.EndLoc.isFileID())
          ByEnd[SM.getDecomposedLoc(P.EndLoc)] = &P;
    auto It = ByEnd.upper_bound({FID, Off});
    if (It == ByEnd.begin())
      return nullptr;
    --It;
    if (It->first.first != FID)
      return nullptr;
    StringRef Buf = SM.getBufferData(FID);
    StringRef Between = Buf.slice(It->first.second, Off);
    while (!Between.empty()) {
      Between = Between.ltrim();
      if (Between.starts_with("//")) {
        size_t NL = Between.find('\n');
        Between = NL == StringRef::npos ? StringRef() : Between.drop_front(NL);
      } else if (Between.starts_with("/*")) {
        size_t E = Between.find("*/");
        if (E == StringRef::npos)
          return nullptr;
        Between = Between.drop_front(E + 2);
      } else if (!Between.empty()) {
        return nullptr;
      }
    }
    return It->second;
  }
  /// The pragmas by the end of their line.
  std::map<std::pair<FileID, unsigned>, const LoopPragma *> ByEnd;

public:
  /// Warns at each loop directive of S (a template's body) that no
  /// instantiation of the file reached.
  void warnTemplateLoops(const Stmt *S, const std::set<unsigned> &Reached) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<OMPLoopDirective>(S)) {
      if (!Reached.count(
              FC.SM.getFileOffset(FC.SM.getExpansionLoc(D->getBeginLoc()))))
        warnDirective(D, "the loop of '#pragma omp " + ompDirectiveName(D) +
                             "' is in a template that this file never "
                             "instantiates; there is nothing to translate");
      return;
    }
    for (const Stmt *C : S->children())
      warnTemplateLoops(C, Reached);
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
      if (D->hasAssociatedStmt())
        warnTemplateLoops(ompBody(D), Reached);
  }

  /// Each instantiation of a template walks the same directives: warn once.
  std::set<std::pair<unsigned, std::string>> Warned;

  void warnDirective(const OMPExecutableDirective *D, const std::string &Msg) {
    if (!Warned
             .emplace(
                 FC.SM.getFileOffset(FC.SM.getExpansionLoc(D->getBeginLoc())),
                 Msg)
             .second)
      return;
    DiagnosticsEngine &Diags = FC.Ctx.getDiagnostics();
    unsigned ID =
        Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [mark-loop]");
    Diags.Report(D->getBeginLoc(), ID) << Msg;
  }

  void warnPragma(const LoopPragma *P, const std::string &Msg) {
    if (!Warned.emplace(FC.SM.getFileOffset(P->Loc), Msg).second)
      return;
    DiagnosticsEngine &D = FC.Ctx.getDiagnostics();
    unsigned ID =
        D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [mark-loop]");
    D.Report(P->Loc, ID) << Msg;
  }
};

} // namespace

void otherAccDirective(FrontendContext &FC, MarkedLoops &Marked,
                       const LoopPragma &P);

MarkedLoops findMarkedLoops(FrontendContext &FC, const PragmaLog &Log,
                            const llvm::DenseSet<const Stmt *> &Candidates) {
  LoopFinder Finder(FC, Log, Candidates);
  Finder.TraverseDecl(FC.Ctx.getTranslationUnitDecl());
  std::set<unsigned> Reached;
  for (const auto &ML : Finder.Out.Loops)
    if (ML->Omp)
      Reached.insert(
          FC.SM.getFileOffset(FC.SM.getExpansionLoc(ML->Omp->getBeginLoc())));
  for (const FunctionDecl *FD : Finder.Patterns)
    Finder.warnTemplateLoops(FD->getBody(), Reached);
  for (const LoopPragma &P : Log.Pragmas) {
    if (Finder.Out.UsedPragmas.count(&P))
      continue;
    if (P.isAcc() && !P.marksLoop() && !P.isAccRegion()) {
      otherAccDirective(FC, Finder.Out, P);
      continue;
    }
    std::string Name = P.isAcc()          ? "'#pragma acc " + P.Directive + "'"
                       : P.isDataRegion() ? "'#pragma loop2cuda data'"
                                          : "'#pragma loop2cuda parallel'";
    Finder.warnPragma(&P, Name + " is not followed by " +
                              (P.isAccRegion()    ? "a statement"
                               : P.isDataRegion() ? "a '{ }' block"
                                                  : "a for loop") +
                              " in a function (or is in a template that this "
                              "file never instantiates)");
  }
  return std::move(Finder.Out);
}

} // namespace detail
} // namespace l2c
