//===- Main.cpp - The loop2cuda command line ------------------------------===//
//
// loop2cuda [options] <source>... [-- <compiler args>]
//
// Parses each source with Clang (OpenMP on), builds the terms of its marked
// loops, runs the rule sets of rules/pipeline.txt over them and writes
// <out>/<stem>.cu. A file is written whole or not at all.
//
//===----------------------------------------------------------------------===//

#include "driver/CSource.h"
#include "driver/HostEmitter.h"
#include "driver/Verify.h"
#include "engine/Engine.h"
#include "engine/Facts.h"
#include "engine/RuleLibrary.h"
#include "frontend/Frontend.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#ifndef L2C_RULES_DIR
#define L2C_RULES_DIR "rules"
#endif
// The resource directory (builtin headers such as stddef.h and omp.h) of
// the Clang the tool is built against, found by CMake at configure time.
#ifndef L2C_CLANG_RESOURCE_DIR
#define L2C_CLANG_RESOURCE_DIR ""
#endif

using namespace llvm;
using namespace clang;
using namespace l2c;

static cl::OptionCategory Category("loop2cuda options");

static cl::extrahelp MoreHelp(R"(
Compiler arguments follow `--` (loop2cuda f.cpp -- -std=c++17 -Iinclude) or
come from <build dir>/compile_commands.json with -p <build dir>.

Marks: `#pragma loop2cuda parallel [name(k)] [copy(a[0:n])] [copyin(..)]
[copyout(..)] [reduction(op:var)]` or `#pragma omp parallel for` before a
`for` loop. Each marked loop that is safe to run in parallel becomes a CUDA
kernel in <out>/<stem>.cu; a loop that is not stays on the CPU, with a
warning that says why. Build the output with
  nvcc -arch=sm_90 -std=c++17 -I <loop2cuda>/runtime <out>/<stem>.cu
(and -Xcompiler -fopenmp -lgomp when it calls omp_* functions). A .c input
is parsed as C; its output is C++ with casts, restrict and extern "C"
includes added.
)");

static cl::opt<std::string> OutDir("o",
                                   cl::desc("Output directory (default "
                                            "loop2cuda-out)"),
                                   cl::value_desc("dir"),
                                   cl::init("loop2cuda-out"),
                                   cl::cat(Category));
static cl::opt<std::string>
    RulesDir("rules", cl::desc("Directory of *.rules files and pipeline.txt"),
             cl::value_desc("dir"), cl::init(L2C_RULES_DIR), cl::cat(Category));
static cl::list<std::string>
    Disabled("disable-rule",
             cl::desc("Switch off a rule, a rule set or a matcher by name "
                      "(repeatable; see --list-rules)"),
             cl::value_desc("name"), cl::cat(Category));
static cl::opt<bool> ListRules("list-rules",
                               cl::desc("Print the rule sets and rules, then "
                                        "exit"),
                               cl::cat(Category));
static cl::opt<bool> Trace("trace",
                           cl::desc("Print every rule application to stderr"),
                           cl::cat(Category));
static cl::opt<bool> Strict("strict",
                            cl::desc("Reject loops whose independence is "
                                     "assumed rather than proven"),
                            cl::cat(Category));
static cl::opt<bool> WError("werror",
                            cl::desc("Treat warnings as errors: exit status 1 "
                                     "and no output for a source in which a "
                                     "marked loop stays on the CPU"),
                            cl::cat(Category));
static cl::opt<bool> Deterministic(
    "deterministic",
    cl::desc("Reductions give the same bits on every run and every GPU (runs "
             "the deterministic-reduce rule set after the pipeline)"),
    cl::cat(Category));
static cl::opt<bool>
    VerifyOpt("verify",
              cl::desc("Also write <out>/<kernel>_verify.cu for each kernel: "
                       "runs the loop on the CPU and the kernel on the GPU "
                       "and compares"),
              cl::cat(Category));

namespace {

/// Writes Text to Path through a temporary file, so that Path is either
/// complete or untouched.
llvm::Error writeAtomically(const std::string &Path, const std::string &Text) {
  std::string Tmp = Path + ".tmp";
  {
    std::error_code EC;
    raw_fd_ostream OS(Tmp, EC);
    if (EC)
      return createStringError(EC,
                               "cannot write '" + Tmp + "': " + EC.message());
    OS << Text;
    OS.close();
    if (OS.has_error())
      return createStringError(OS.error(), "cannot write '" + Tmp + "'");
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Path))
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  return Error::success();
}

std::string kernelKey(const Term &K) { return K.str(); }

/// The front end's action, recording the file's #include directives (for
/// the extern "C" blocks of a C input).
class Factory : public tooling::FrontendActionFactory {
public:
  Factory(l2c::FrontendOptions Opts, ResultCallback Callback,
          std::shared_ptr<std::vector<IncludeDirective>> Includes)
      : Opts(std::move(Opts)), Callback(std::move(Callback)),
        Includes(std::move(Includes)) {}
  std::unique_ptr<FrontendAction> create() override {
    return recordIncludes(makeFrontendAction(Opts, Callback), Includes);
  }

private:
  l2c::FrontendOptions Opts;
  ResultCallback Callback;
  std::shared_ptr<std::vector<IncludeDirective>> Includes;
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
  for (const RuleSet *S : Sets) {
    if (E.isDisabled(S->Name))
      continue;
    // Kernels, and loop nests that become kernels later (map-nest).
    auto Keys = [](const Term &Root) {
      std::map<std::string, std::string> Out;
      for (const Term &K : collectKernels(Root))
        Out[K[0].name()] = kernelKey(K);
      forEachSubterm(Root, [&](const Term &X) {
        if (X.isApp("ParallelNest", 5))
          Out[X[0][0].name()] = X.str();
        return true;
      });
      return Out;
    };
    std::map<std::string, std::string> Before = Keys(T);
    auto Next = E.run(*S, T);
    if (!Next)
      return Next.takeError();
    T = *Next;
    for (const auto &[Name, Key] : Keys(T)) {
      auto It = Before.find(Name);
      if (It == Before.end() || It->second != Key)
        Provenance[Name].push_back(S->Name);
    }
  }
  return T;
}

} // namespace

int main(int argc, const char **argv) {
  auto Parser = tooling::CommonOptionsParser::create(
      argc, argv, Category, cl::ZeroOrMore,
      "loop2cuda: turns loops marked parallel into CUDA kernels\n");
  if (!Parser) {
    errs() << toString(Parser.takeError()) << "\n";
    return 2;
  }

  FactRegistry Facts;
  registerStandardFacts(Facts);
  registerCodeFacts(Facts);
  auto Lib = RuleLibrary::load(RulesDir, Facts);
  if (!Lib) {
    errs() << toString(Lib.takeError()) << "\n";
    return 2;
  }
  if (ListRules) {
    outs() << Lib->describe();
    return 0;
  }
  for (const std::string &D : Disabled)
    if (!Lib->knows(D)) {
      errs() << "loop2cuda: error: --disable-rule " << D
             << ": no rule, rule set or matcher of that name (see "
                "--list-rules)\n";
      return 2;
    }
  if (Parser->getSourcePathList().empty()) {
    errs() << "loop2cuda: error: no input files (see --help)\n";
    return 2;
  }
  auto Pipeline = Lib->pipeline();
  if (!Pipeline) {
    errs() << toString(Pipeline.takeError()) << "\n";
    return 2;
  }
  if (Deterministic) {
    const RuleSet *D = Lib->find("deterministic-reduce");
    if (!D) {
      errs() << "loop2cuda: error: --deterministic needs the rule set "
                "'deterministic-reduce' in "
             << RulesDir << "\n";
      return 2;
    }
    Pipeline->push_back(D);
  }

  EngineOptions EOpts;
  for (const std::string &D : Disabled)
    EOpts.Disabled.insert(D);
  if (Trace)
    EOpts.Trace = [](const TraceEvent &Ev) {
      errs() << "trace: " << Ev.Set->Name << "/" << Ev.R->Name << " at "
             << Ev.Path << "\n  before: " << Ev.Before.str()
             << "\n  after:  " << Ev.After.str() << "\n";
    };
  Engine Eng(Facts, EOpts);

  l2c::FrontendOptions FOpts;
  FOpts.Strict = Strict;
  // With the mark-loop matcher switched off, no loop is a candidate.
  if (const MatcherRule *M = Lib->findMatcher("mark-loop"))
    FOpts.MarkMatcher = EOpts.Disabled.contains("mark-loop")
                            ? "forStmt(unless(anything()))"
                            : M->Text;

  if (std::error_code EC = sys::fs::create_directories(OutDir)) {
    errs() << "loop2cuda: error: cannot create '" << OutDir
           << "': " << EC.message() << "\n";
    return 2;
  }

  bool Failed = false;
  unsigned Warnings = 0;
  auto Includes = std::make_shared<std::vector<IncludeDirective>>();
  tooling::ClangTool Tool(Parser->getCompilations(),
                          Parser->getSourcePathList());
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      "-fopenmp", tooling::ArgumentInsertPosition::BEGIN));
  // OpenACC is not translated yet; Clang then drops `#pragma acc` without a
  // word unless asked, and no marked loop may be skipped silently.
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      "-Wsource-uses-openacc", tooling::ArgumentInsertPosition::BEGIN));
  Tool.appendArgumentsAdjuster(resourceDirAdjuster());
  if (WError)
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        "-Werror", tooling::ArgumentInsertPosition::END));

  auto OnResult = [&](clang::CompilerInstance &CI, Expected<FrontendResult> R) {
    clang::SourceManager &SM = CI.getSourceManager();
    std::string Path =
        SM.getFileEntryRefForID(SM.getMainFileID())->getName().str();
    SmallString<256> Out(OutDir);
    sys::path::append(Out, sys::path::stem(Path) + ".cu");
    // On failure nothing is written, and an output of an earlier run goes:
    // it no longer matches the source.
    auto Fail = [&](const std::string &Msg) {
      if (!Msg.empty())
        errs() << Msg << "\n";
      Failed = true;
      if (sys::fs::exists(Out) && !sys::fs::remove(Out))
        errs() << "loop2cuda: removed " << Out
               << ", written by an earlier run\n";
    };
    if (!R)
      return Fail(Path + ": error: " + toString(R.takeError()));
    Warnings += R->Rejected;
    if (CI.getDiagnostics().hasErrorOccurred())
      return Fail("");
    if (WError && R->Rejected)
      return Fail(Path + ": error: " + std::to_string(R->Rejected) +
                  " marked loop(s) not parallelized (--werror); nothing "
                  "written");
    std::map<std::string, std::vector<std::string>> Provenance;
    auto Final = runPipeline(Eng, *Pipeline, R->TranslationUnit, Provenance);
    if (!Final)
      return Fail(toString(Final.takeError()));
    clang::Rewriter RW(SM, CI.getLangOpts());
    EmitInput In;
    // A C input becomes C++ for nvcc: casts, restrict, extern "C" includes.
    if (!CI.getLangOpts().CPlusPlus) {
      editCSource(CI.getASTContext(), RW, *Includes);
      In.Prologue = cPrologue();
    }
    In.TranslationUnit = *Final;
    In.Initial = R->TranslationUnit;
    In.Ranges = R->Ranges;
    In.DeviceFunctions = R->DeviceFunctions;
    In.Provenance = std::move(Provenance);
    In.SourceName = sys::path::filename(Path).str();
    auto Text = emitTranslationUnit(In, CI.getASTContext(), RW);
    if (!Text)
      return Fail(Path + ": error: " + toString(Text.takeError()));
    std::vector<std::pair<std::string, std::string>> Harnesses;
    if (VerifyOpt) {
      auto H = makeVerifyHarnesses(In, CI.getASTContext(), *Final);
      if (!H)
        return Fail(Path + ": error: " + toString(H.takeError()));
      Harnesses = std::move(*H);
    }
    if (auto E = writeAtomically(Out.str().str(), *Text))
      return Fail("loop2cuda: error: " + toString(std::move(E)));
    for (const auto &H : Harnesses) {
      SmallString<256> VOut(OutDir);
      sys::path::append(VOut, H.first + "_verify.cu");
      if (auto E = writeAtomically(VOut.str().str(), H.second))
        return Fail("loop2cuda: error: " + toString(std::move(E)));
    }
  };
  Factory F(FOpts, OnResult, Includes);
  int Status = Tool.run(&F);
  if (Status != 0 || Failed)
    return 1;
  if (WError && Warnings)
    return 1;
  return 0;
}
