//===- TranslateFile.cpp - One source file to one .cu file ----------------===//

#include "driver/TranslateFile.h"
#include "driver/EnteredDataRemarks.h"

#include "driver/AtomicWrite.h"
#include "driver/CSource.h"
#include "driver/CSplit.h"
#include "driver/DiagnosticRecorder.h"
#include "driver/HostEmitter.h"
#include "driver/InlineCalls.h"
#include "driver/OpenMPRepair.h"
#include "driver/Verify.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

// The resource directory (builtin headers such as stddef.h and omp.h) of
// the Clang the tool is built against, found by CMake at configure time.
#ifndef L2C_CLANG_RESOURCE_DIR
#define L2C_CLANG_RESOURCE_DIR ""
#endif

using namespace llvm;
using namespace clang;

namespace l2c {
namespace {

/// The compile commands of the one file a tool runs on.
class OneFileDatabase : public tooling::CompilationDatabase {
public:
  explicit OneFileDatabase(std::vector<tooling::CompileCommand> Commands)
      : Commands(std::move(Commands)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(StringRef) const override {
    return Commands;
  }

private:
  std::vector<tooling::CompileCommand> Commands;
};

/// Sends the "N warnings generated." line of the compiler instance to the
/// file's log with its diagnostics.
class StatsToLog : public WrapperFrontendAction {
public:
  StatsToLog(std::unique_ptr<FrontendAction> Inner, raw_ostream &Log)
      : WrapperFrontendAction(std::move(Inner)), Log(Log) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.setVerboseOutputStream(Log);
    return WrapperFrontendAction::BeginSourceFileAction(CI);
  }

private:
  raw_ostream &Log;
};

/// The front end's action, recording the file's #include directives (for
/// the extern "C" blocks of a C input).
class Factory : public tooling::FrontendActionFactory {
public:
  Factory(FrontendOptions Opts, ResultCallback Callback,
          std::shared_ptr<std::vector<IncludeDirective>> Includes,
          raw_ostream &Log)
      : Opts(std::move(Opts)), Callback(std::move(Callback)),
        Includes(std::move(Includes)), Log(Log) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<StatsToLog>(
        recordIncludes(makeFrontendAction(Opts, Callback), Includes), Log);
  }

private:
  FrontendOptions Opts;
  ResultCallback Callback;
  std::shared_ptr<std::vector<IncludeDirective>> Includes;
  raw_ostream &Log;
};

/// Adds -resource-dir=<Clang's resource dir> when the command line has none:
/// a LibTooling binary looks for the builtin headers next to itself.
tooling::ArgumentsAdjuster resourceDirAdjuster() {
  return [](const tooling::CommandLineArguments &Args, StringRef) {
    StringRef Dir = L2C_CLANG_RESOURCE_DIR;
    if (Dir.empty() || !sys::fs::is_directory(Dir))
      return Args;
    for (const std::string &A : Args)
      if (StringRef(A).starts_with("-resource-dir"))
        return Args;
    tooling::CommandLineArguments Out(Args);
    Out.insert(Out.begin() + (Out.empty() ? 0 : 1),
               "-resource-dir=" + Dir.str());
    return Out;
  };
}

/// Runs the pipeline, remembering for each kernel the rule sets that created
/// or changed it (for the comment above the kernel).
Expected<Term>
runPipeline(const Engine &E, ArrayRef<const RuleSet *> Sets, Term T,
            std::map<std::string, std::vector<std::string>> &Provenance) {
  // Kernels, and loop nests that become kernels later (map-nest).
  auto Keys = [](const Term &Root) {
    std::map<std::string, Term> Out;
    for (const Term &K : collectKernels(Root))
      Out[K[0].name()] = K;
    // A subterm whose symbols lack ParallelNest holds none: skip it (the
    // walk after every set that changed something was the bulk of the
    // translation of a large file).
    static const uint64_t NestBits = Term::symbolBit(Term::App, "ParallelNest");
    forEachSubterm(Root, [&](const Term &X) {
      if ((X.symbols() & NestBits) != NestBits)
        return false;
      if (X.isApp("ParallelNest", 5))
        Out[X[0][0].name()] = X;
      return true;
    });
    return Out;
  };
  // The keys after one set are the keys before the next: each set walks
  // the translation unit once, and not at all when it changed nothing.
  std::map<std::string, Term> Before = Keys(T);
  for (const RuleSet *S : Sets) {
    if (E.isDisabled(S->Name))
      continue;
    auto Next = E.run(*S, T);
    if (!Next)
      return Next.takeError();
    if (Next->sameNode(T))
      continue;
    T = *Next;
    std::map<std::string, Term> After = Keys(T);
    for (const auto &[Name, Key] : After) {
      auto It = Before.find(Name);
      // A kernel the set left alone is the same node: print only others.
      if (It == Before.end() ||
          (!It->second.sameNode(Key) && It->second.str() != Key.str()))
        Provenance[Name].push_back(S->Name);
    }
    Before = std::move(After);
  }
  return T;
}

unsigned countWarnings(const std::vector<Finding> &Findings) {
  unsigned N = 0;
  for (const Finding &F : Findings)
    N += F.Level == Finding::Warning;
  return N;
}

/// Whether a C input is split (CSplit.h), and how: with --c-output=auto,
/// when C++ cannot compile it as written. Says why in a remark.
Expected<std::optional<CSplitPlan>>
planCOutput(const TranslateOptions &Opts, CompilerInstance &CI,
            const Term &Final, const std::map<int64_t, SourceRange> &Ranges,
            const std::vector<IncludeDirective> &Includes,
            const std::string &Stem) {
  using Mode = TranslateOptions::COutputMode;
  ASTContext &Ctx = CI.getASTContext();
  SourceManager &SM = CI.getSourceManager();
  if (Opts.COutput == Mode::Whole)
    return std::nullopt;
  CxxObstacles Obstacles = cxxObstacles(Ctx);
  std::vector<std::string> &Why = Obstacles.Reasons;
  if (Opts.COutput == Mode::Auto && Why.empty()) {
    // What the edits for C++ cannot fix counts too.
    Rewriter Scratch(SM, CI.getLangOpts());
    for (const CSourceWarning &W : editCSource(Ctx, Scratch, Includes))
      Why.push_back(W.Message);
    if (Why.empty())
      return std::nullopt;
  }
  std::vector<SourceLocation> Starts;
  for (const Term &F : Final[0].args()) {
    auto It = F.arity() > 1 && F[1].is(Term::Int) ? Ranges.find(F[1].intValue())
                                                  : Ranges.end();
    if (It != Ranges.end())
      Starts.push_back(It->second.getBegin());
  }
  DiagnosticsEngine &D = CI.getDiagnostics();
  unsigned ID = D.getCustomDiagID(
      DiagnosticsEngine::Remark,
      "%0: the host part goes to %1.c, for the program's C compiler, the "
      "functions with GPU code to %1_gpu.cu, for nvcc [c-split]");
  D.Report(SM.getLocForStartOfFile(SM.getMainFileID()), ID)
      << (Why.empty()
              ? std::string("--c-output=split")
              : "C++ cannot compile this file as written (" + Why.front() + ")")
      << Stem;
  return planCSplit(Ctx, Starts, Stem, std::move(Obstacles.Keywords));
}

/// Adds to Facts the fact Name($id), answered from Answers (filled once the
/// front end has run): no answer for an id it lacks.
std::shared_ptr<std::map<int64_t, Term>>
factById(FactRegistry &Facts, const FactRegistry &Global, const char *Name) {
  auto Answers = std::make_shared<std::map<int64_t, Term>>();
  Facts.add(Name, 1, Global.lookup(Name)->Doc,
            [Answers](ArrayRef<Term> A) -> std::optional<Term> {
              if (!A[0].is(Term::Int))
                return std::nullopt;
              auto It = Answers->find(A[0].intValue());
              if (It == Answers->end())
                return std::nullopt;
              return It->second;
            });
  return Answers;
}

/// id -> [names] as the list terms of recordedExtents and assumedSubscripts.
void nameLists(const std::map<int64_t, std::vector<std::string>> &In,
               std::map<int64_t, Term> &Out) {
  for (const auto &[Id, Names] : In) {
    std::vector<Term> Idents;
    for (const std::string &N : Names)
      Idents.push_back(Term::ident(N));
    Out[Id] = Term::list(std::move(Idents));
  }
}

} // namespace

FileReport translateFile(const TranslateOptions &Opts, const std::string &File,
                         ArrayRef<tooling::CompileCommand> Commands) {
  FileReport Report;
  Report.Path = File;
  raw_string_ostream Log(Report.Log);
  if (Commands.empty()) {
    Log << File << ": error: no compile command for this file\n";
    return Report;
  }

  EngineOptions EOpts;
  EOpts.Disabled = Opts.Disabled;
  if (Opts.Trace)
    EOpts.Trace = [&Log](const TraceEvent &Ev) { Log << traceText(Ev); };
  // hostLoopHeader answers from this file's front end (HostHeaders.cpp).
  FactRegistry Facts = *Opts.Facts;
  auto Headers = factById(Facts, *Opts.Facts, "hostLoopHeader");
  // inlineCall reads this file's device functions (InlineCalls.cpp).
  auto DeviceFns = std::make_shared<std::vector<Term>>();
  Facts.add("inlineCall", 2, Opts.Facts->lookup("inlineCall")->Doc,
            [DeviceFns](ArrayRef<Term> A) -> std::optional<Term> {
              return inlineCall(*DeviceFns, A[0], A[1]);
            });
  // assumedApart answers from this file's front end too.
  auto Apart = std::make_shared<std::set<int64_t>>();
  Facts.add("assumedApart", 1, Opts.Facts->lookup("assumedApart")->Doc,
            [Apart](ArrayRef<Term> A) -> std::optional<Term> {
              if (!A[0].is(Term::Int) || !Apart->count(A[0].intValue()))
                return std::nullopt;
              return A[0];
            });
  // assumedSubscripts and recordedExtents too.
  auto Probed = factById(Facts, *Opts.Facts, "assumedSubscripts");
  auto Recorded = factById(Facts, *Opts.Facts, "recordedExtents");
  // launchWork($id, $kernel): only for the kernel the loop became, not for
  // one a later rule set made of it (bitonic-shared's fused steps).
  auto Work = std::make_shared<std::map<int64_t, std::pair<std::string, Term>>>();
  Facts.add("launchWork", 2, Opts.Facts->lookup("launchWork")->Doc,
            [Work](ArrayRef<Term> A) -> std::optional<Term> {
              if (!A[0].is(Term::Int) || !A[1].is(Term::Ident))
                return std::nullopt;
              auto It = Work->find(A[0].intValue());
              if (It == Work->end() || It->second.first != A[1].name())
                return std::nullopt;
              return It->second.second;
            });
  // keepProbe / keptProbe: the probe rule set probe-loops builds for a
  // loop, kept until host-fallback guards the loop's launch.
  auto Kept = std::make_shared<std::map<int64_t, Term>>();
  Facts.add("keepProbe", 2, Opts.Facts->lookup("keepProbe")->Doc,
            [Kept](ArrayRef<Term> A) -> std::optional<Term> {
              if (!A[0].is(Term::Int))
                return std::nullopt;
              (*Kept)[A[0].intValue()] = A[1];
              return Term::boolean(true);
            });
  Facts.add("keptProbe", 1, Opts.Facts->lookup("keptProbe")->Doc,
            [Kept](ArrayRef<Term> A) -> std::optional<Term> {
              if (!A[0].is(Term::Int))
                return std::nullopt;
              auto It = Kept->find(A[0].intValue());
              if (It == Kept->end())
                return std::nullopt;
              return It->second;
            });
  Engine Eng(Facts, std::move(EOpts));

  // One compile command: one translation and one output per file.
  OneFileDatabase DB({Commands.front()});
  // A file system of its own: its working directory is the command's, and
  // the process's stays where it is for the other threads.
  tooling::ClangTool Tool(DB, {File},
                          std::make_shared<PCHContainerOperations>(),
                          vfs::createPhysicalFileSystem());
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      "-fopenmp", tooling::ArgumentInsertPosition::BEGIN));
  // Worksharing loops inside a `master` block of a parallel region, and
  // barriers inside worksharing loops, which Clang rejects, are read as the
  // code that runs once (OpenMPRepair.h): the compiler sees the file with
  // those directives commented out.
  std::vector<RepairedRegion> Repaired;
  SmallString<256> MainPath(Commands.front().Filename);
  if (!sys::path::is_absolute(MainPath)) {
    MainPath = Commands.front().Directory;
    sys::path::append(MainPath, Commands.front().Filename);
  }
  std::string RepairedText;
  if (auto Buf = MemoryBuffer::getFile(MainPath)) {
    bool Fixed = false;
    RepairedText = (*Buf)->getBuffer().str();
    if (auto Text = repairMasterRegions(RepairedText, Repaired)) {
      RepairedText = std::move(*Text);
      Fixed = true;
    }
    if (auto Text = repairBarriersInLoops(RepairedText, Repaired)) {
      RepairedText = std::move(*Text);
      Fixed = true;
    }
    if (Fixed)
      Tool.mapVirtualFile(MainPath, RepairedText);
  }
  Tool.appendArgumentsAdjuster(resourceDirAdjuster());
  std::unique_ptr<DiagnosticConsumer> Recorder = makeDiagnosticRecorder(
      Log, Report.Findings, Commands.front().CommandLine);
  Tool.setDiagnosticConsumer(Recorder.get());
  Tool.setPrintErrorMessage(false);

  bool Called = false, Failed = false;
  auto Includes = std::make_shared<std::vector<IncludeDirective>>();
  auto OnResult = [&](CompilerInstance &CI, Expected<FrontendResult> R) {
    Called = true;
    SourceManager &SM = CI.getSourceManager();
    for (const RepairedRegion &Region : Repaired) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      unsigned ID =
          D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [mark-loop]");
      D.Report(SM.getLocForStartOfFile(SM.getMainFileID())
                   .getLocWithOffset(Region.Offset),
               ID)
          << Region.Message;
    }
    std::string Path =
        SM.getFileEntryRefForID(SM.getMainFileID())->getName().str();
    std::string Stem = sys::path::stem(Path).str();
    auto OutPath = [&](StringRef Name) {
      SmallString<256> P(Opts.OutDir);
      sys::path::append(P, Name);
      return P.str().str();
    };
    std::string Out = OutPath(Stem + ".cu");
    std::string GpuOut = OutPath(Stem + "_gpu.cu");
    std::string HostOut = OutPath(Stem + ".c");
    // A file this tool wrote (never the user's source).
    auto Generated = [](const std::string &P) {
      auto Buf = MemoryBuffer::getFile(P);
      return Buf &&
             ((*Buf)->getBuffer().starts_with("// Generated by loop2cuda") ||
              (*Buf)->getBuffer().starts_with("/* Generated by loop2cuda"));
    };
    auto RemoveStale = [&](const std::string &P) {
      if (sys::fs::exists(P) && Generated(P) && !sys::fs::remove(P))
        Log << "loop2cuda: removed " << P << ", written by an earlier run\n";
    };
    // On failure nothing is written, and an output of an earlier run goes:
    // it no longer matches the source.
    auto Fail = [&](const std::string &Msg) {
      if (!Msg.empty())
        Log << Msg << "\n";
      Failed = true;
      for (const std::string &P : {Out, GpuOut, HostOut})
        RemoveStale(P);
    };
    if (!R)
      return Fail(Path + ": error: " + toString(R.takeError()));
    Report.Accepted += R->Accepted;
    Report.Rejected += R->Rejected;
    Report.Assumed += R->Assumed;
    if (CI.getDiagnostics().hasErrorOccurred())
      return Fail("");
    *Headers = R->LoopHeaders;
    *Apart = R->AssumedApart;
    nameLists(R->Probed, *Probed);
    nameLists(R->Recorded, *Recorded);
    for (const auto &[Id, W] : R->WorkGuards) {
      std::vector<Term> Counts;
      for (const std::string &C : W.Counts)
        Counts.push_back(Term::string(C));
      (*Work)[Id] = {W.Kernel, Term::app("Work", {Term::list(std::move(Counts)),
                                                   Term::integer(W.Limit)})};
    }
    *DeviceFns = R->DeviceFunctions;
    std::map<std::string, std::vector<std::string>> Provenance;
    auto Final =
        runPipeline(Eng, Opts.Pipeline, R->TranslationUnit, Provenance);
    if (!Final)
      return Fail(toString(Final.takeError()));
    std::map<std::string, std::string> Shown;
    for (const auto &[Fn, Names] : R->GlueNames)
      Shown.insert(Names.begin(), Names.end());
    remarkDataDirectives(*Final, R->Ranges, Shown, CI.getDiagnostics());
    Rewriter RW(SM, CI.getLangOpts());
    EmitInput In;
    std::optional<CSplitPlan> Split;
    if (!CI.getLangOpts().CPlusPlus) {
      auto Plan = planCOutput(Opts, CI, *Final, R->Ranges, *Includes, Stem);
      if (!Plan)
        return Fail(Path + ": error: " + toString(Plan.takeError()));
      Split = std::move(*Plan);
      // A C input becomes C++ for nvcc: casts, restrict, extern "C"
      // includes; in a split file, only its GPU part.
      std::function<bool(SourceLocation)> InScope;
      if (Split)
        InScope = [&](SourceLocation L) {
          return Split->inGpuPart(CI.getASTContext(), L);
        };
      reportCSource(CI.getASTContext(),
                    editCSource(CI.getASTContext(), RW, *Includes, InScope));
      In.Prologue = cPrologue();
      if (Split) {
        auto Prologue = editGpuPart(CI.getASTContext(), RW, *Split);
        if (!Prologue)
          return Fail(Path + ": error: " + toString(Prologue.takeError()));
        In.Prologue += *Prologue;
        if (sys::fs::equivalent(HostOut, Path))
          return Fail(Path + ": error: the host part of the split C file "
                             "would overwrite the source; choose another -o");
      }
    }
    // --werror: no output for a file with a warning, its edits' included.
    if (Opts.WError && (R->Rejected || countWarnings(Report.Findings))) {
      Report.Status = FileStatus::WarningsAsErrors;
      std::string What =
          R->Rejected
              ? std::to_string(R->Rejected) + " marked loop(s) not parallelized"
              : std::to_string(countWarnings(Report.Findings)) + " warning(s)";
      return Fail(Path + ": error: " + What + " (--werror); nothing written");
    }
    In.TranslationUnit = *Final;
    In.Initial = R->TranslationUnit;
    In.Ranges = R->Ranges;
    In.RegionEnds = R->RegionEnds;
    In.InOrderLoops = R->InOrderLoops;
    In.GapPragmas = R->GapPragmas;
    In.HostFallback = R->HostFallback;
    In.MemberArgs = R->HostArgs;
    In.GlueNames = R->GlueNames;
    In.DeviceFunctions = R->DeviceFunctions;
    In.Provenance = std::move(Provenance);
    In.SourceName = sys::path::filename(Path).str();
    auto Text = emitTranslationUnit(In, CI.getASTContext(), RW);
    if (!Text)
      return Fail(Path + ": error: " + toString(Text.takeError()));
    std::vector<std::pair<std::string, std::string>> Harnesses;
    if (Opts.Verify) {
      auto H = makeVerifyHarnesses(In, CI.getASTContext(), *Final, Log);
      if (!H)
        return Fail(Path + ": error: " + toString(H.takeError()));
      Harnesses = std::move(*H);
    }
    if (Split) {
      auto Host =
          hostPart(CI.getASTContext(), *Split, In.SourceName, Stem + "_gpu.cu");
      if (!Host)
        return Fail(Path + ": error: " + toString(Host.takeError()));
      if (auto E = writeAtomically(GpuOut, *Text))
        return Fail("loop2cuda: error: " + toString(std::move(E)));
      if (auto E = writeAtomically(HostOut, *Host))
        return Fail("loop2cuda: error: " + toString(std::move(E)));
      RemoveStale(Out);
      Report.HostPart = HostOut;
      Report.GpuPart = GpuOut;
    } else {
      if (auto E = writeAtomically(Out, *Text))
        return Fail("loop2cuda: error: " + toString(std::move(E)));
      RemoveStale(GpuOut);
      if (!sys::fs::equivalent(HostOut, Path))
        RemoveStale(HostOut);
    }
    for (const auto &H : Harnesses) {
      SmallString<256> VOut(Opts.OutDir);
      sys::path::append(VOut, H.first + "_verify.cu");
      if (auto E = writeAtomically(VOut.str().str(), H.second))
        return Fail("loop2cuda: error: " + toString(std::move(E)));
    }
  };
  Factory F(Opts.Frontend, OnResult, Includes, Log);
  int Status = Tool.run(&F);
  if (!Called)
    Log << File << ": error: not translated: the compiler did not run\n";
  if (Report.Status != FileStatus::WarningsAsErrors)
    Report.Status = Status == 0 && Called && !Failed ? FileStatus::Translated
                                                     : FileStatus::Failed;
  return Report;
}

} // namespace l2c
