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

#include "frontend/MarkLoops.h"

#include "clang/AST/RecursiveASTVisitor.h"

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
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      if (Seen.insert(F).second)
        if (const LoopPragma *P = pragmaBefore(F)) {
          Out.UsedPragmas.insert(P);
          if (Candidates.count(F))
            add(FD, F, F, P, nullptr, nullptr);
          else
            warnPragma(P, "the loop after this pragma is not selected by the "
                          "mark-loop matcher");
          walk(FD, F->getBody(), nullptr, true);
          return;
        }
    }
    for (const Stmt *C : S->children())
      walk(FD, C, Region, InLoop);
  }

  void walkDirective(const FunctionDecl *FD, const OMPExecutableDirective *D,
                     const OMPParallelDirective *Region, bool InLoop) {
    const Stmt *Body = ompBody(D);
    if (isa<OMPParallelForDirective>(D) ||
        isa<OMPParallelForSimdDirective>(D) || isWorksharingLoop(D)) {
      const auto *LD = cast<OMPLoopDirective>(D);
      if (const auto *F = dyn_cast_or_null<ForStmt>(Body)) {
        Seen.insert(F);
        if (Candidates.count(F))
          add(FD, F, D, nullptr, LD, isWorksharingLoop(D) ? Region : nullptr);
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
          add(FD, F, D, nullptr, LD, isWorksharingLoop(D) ? Region : nullptr);
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
    if (const auto *P = dyn_cast<OMPParallelDirective>(D)) {
      if (!InLoop)
        Out.Regions.emplace_back(P, FD);
      walk(FD, Body, InLoop ? nullptr : P, InLoop);
      return;
    }
    // Inside a region these run once on the host, as they do in OpenMP
    // (single, master) or do nothing there (barrier, flush); checked by
    // checkParallelRegion.
    bool RunsOnce = isa<OMPBarrierDirective>(D) || isa<OMPFlushDirective>(D) ||
                    isa<OMPSingleDirective>(D) || isa<OMPMasterDirective>(D) ||
                    isa<OMPMaskedDirective>(D);
    if (!InLoop && !(Region && RunsOnce)) {
      std::string Why = isa<OMPSimdDirective>(D)
                            ? "it asks for vector instructions, not for "
                              "independent iterations"
                            : "loop2cuda translates 'parallel for', and "
                              "'for' loops in 'parallel' regions";
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
    Out.Loops.push_back(std::move(ML));
  }

  /// The loop2cuda pragma right before F: only white space and comments
  /// may stand between them.
  const LoopPragma *pragmaBefore(const ForStmt *F) {
    SourceManager &SM = FC.SM;
    SourceLocation ForLoc = SM.getExpansionLoc(F->getForLoc());
    auto [FID, Off] = SM.getDecomposedLoc(ForLoc);
    const LoopPragma *Best = nullptr;
    unsigned BestOff = 0;
    for (const LoopPragma &P : Log.Pragmas) {
      if (!P.EndLoc.isFileID())
        continue;
      auto [PF, PO] = SM.getDecomposedLoc(P.EndLoc);
      if (PF == FID && PO <= Off && (!Best || PO > BestOff)) {
        Best = &P;
        BestOff = PO;
      }
    }
    if (!Best)
      return nullptr;
    StringRef Buf = SM.getBufferData(FID);
    StringRef Between = Buf.slice(BestOff, Off);
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
    return Best;
  }

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
    DiagnosticsEngine &D = FC.Ctx.getDiagnostics();
    unsigned ID =
        D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [mark-loop]");
    D.Report(P->Loc, ID) << Msg;
  }
};

} // namespace

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
  for (const LoopPragma &P : Log.Pragmas)
    if (!Finder.Out.UsedPragmas.count(&P))
      Finder.warnPragma(&P, "'#pragma loop2cuda parallel' is not followed "
                            "by a for loop in a function (or is in a template "
                            "that this file never instantiates)");
  return std::move(Finder.Out);
}

} // namespace detail
} // namespace l2c
