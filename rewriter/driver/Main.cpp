//===- Main.cpp - The loop2cuda command line ------------------------------===//
//
// loop2cuda [options] <source>... [-- <compiler args>]
// loop2cuda -p <build dir> --all [-j N] [--sarif FILE] [options]
// loop2cuda --check-rules [DIR] | --apply-rules SETS --term FILE
//
// Loads the rules, checks the command line, and translates each source
// (TranslateFile.h), N at a time with -j (BatchRunner.h); after several
// files a summary (Summary.h), and with --sarif a SARIF log (Sarif.h).
// The modes for rule authors are in RuleTools.h.
// Exit status: 0 clean, 1 warnings under --werror, 2 usage errors and files
// that do not compile.
//
//===----------------------------------------------------------------------===//

#include "driver/BatchRunner.h"
#include "driver/RuleTools.h"
#include "driver/Sarif.h"
#include "driver/Summary.h"
#include "driver/TranslateFile.h"
#include "engine/Engine.h"
#include "engine/Facts.h"
#include "engine/RuleLibrary.h"
#include "facts/DomainFacts.h"
#include "frontend/Frontend.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

#ifndef L2C_RULES_DIR
#define L2C_RULES_DIR "rules"
#endif
// docs/: the SARIF log describes its rules from docs/diagnostics.md.
#ifndef L2C_DOCS_DIR
#define L2C_DOCS_DIR "docs"
#endif

using namespace llvm;
using namespace clang;
using namespace l2c;

static cl::OptionCategory Category("loop2cuda options");

static cl::extrahelp MoreHelp(R"(
Compiler arguments follow `--` (loop2cuda f.cpp -- -std=c++17 -Iinclude) or
come from <build dir>/compile_commands.json with -p <build dir>.

Marks: `#pragma loop2cuda parallel [name(k)] [copy(a[0:n])] [copyin(..)]
[copyout(..)] [reduction(op:var)]`, `#pragma omp parallel for` (or `omp for`
in a `parallel` region, or a device loop such as `omp target teams
distribute parallel for`), or `#pragma acc parallel loop` before a `for`
loop. Data regions over a block: `#pragma loop2cuda data copy(a[0:n])`,
`#pragma omp target data map(..)`, `#pragma acc data copy(..)`; arrays
that `#pragma omp target enter data` (or `acc enter data`) names stay on
the device until their `exit data`, across functions, with `update`
(docs/data-regions.md). Each marked loop that is safe to run in parallel becomes a CUDA
kernel in <out>/<stem>.cu; a loop that is not stays on the CPU, with a
warning that says why. Build the output with
  nvcc -arch=sm_90 -std=c++17 -I <loop2cuda>/runtime <out>/<stem>.cu
(and -Xcompiler -fopenmp -lgomp when it calls omp_* functions). A .c input
is parsed as C; its output is C++ with casts, restrict and extern "C"
includes added.

A CI pass over a code base (a summary of the marked loops follows on
stderr; docs/diagnostics.md explains each diagnostic's [name]):
  loop2cuda -p <build dir> --all -j 8 --werror --sarif loop2cuda.sarif

Rule authors (docs/rule-authoring.md):
  loop2cuda --check-rules [DIR]       parse and lint DIR (default: --rules)
  loop2cuda --apply-rules SETS --term FILE [--trace]
                                      run rule sets on a term, print the result
--check-rules exits with 1 on an error (or a warning under --werror), else 0.

Exit status: 0 when every file was translated (warnings allowed without
--werror); 1 when --werror kept back a file with a warning; 2 for a usage
error, or a file that does not compile or that the tool failed on.
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
static cl::list<std::string> Disabled(
    "disable-rule",
    cl::desc("Switch off a rule, a rule set, a matcher or a front-end step "
             "by name "
             "(repeatable; see --list-rules)"),
    cl::value_desc("name"), cl::cat(Category));
static cl::list<std::string>
    Enabled("enable-rule",
            cl::desc("Switch on a rule set that rules/pipeline.txt marks "
                     "'off' (repeatable; --list-rules shows which)"),
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
static cl::opt<long long> MinLaunchWork(
    "min-launch-work",
    cl::desc("Keep the marked loops of a function that a host loop "
             "launches again and again on the CPU when each has at most N "
             "iterations, a bound known at compile time (a bound known "
             "only at run time gets a check then: --runtime-work-guard); "
             "kernel "
             "launches and copies would cost more. Default 131072, an eighth "
             "where the host loop touches no memory; 0: never"),
    cl::value_desc("N"), cl::init(131072), cl::cat(Category));
static cl::opt<bool> RuntimeWorkGuard(
    "runtime-work-guard",
    cl::desc("A marked loop that a host loop launches again and again, "
             "with bounds known only at run time, runs on the host when its "
             "iterations are at most --min-launch-work (rule "
             "guard-small-work); on by default, =false turns it off"),
    cl::init(true), cl::cat(Category));
static cl::opt<bool> WError("werror",
                            cl::desc("Treat warnings as errors: exit status 1 "
                                     "and no output for a source with a "
                                     "warning (a marked loop that stays on "
                                     "the CPU, a Clang warning)"),
                            cl::cat(Category));
static cl::opt<bool> Deterministic(
    "deterministic",
    cl::desc("Reductions and scans give the same bits on every run and "
             "every GPU (runs the rule sets that pipeline.txt marks "
             "'deterministic', and none that it marks "
             "'nondeterministic')"),
    cl::cat(Category));
static cl::opt<bool>
    VerifyOpt("verify",
              cl::desc("Also write <out>/<kernel>_verify.cu for each kernel: "
                       "runs the loop on the CPU and the kernel on the GPU "
                       "and compares"),
              cl::cat(Category));
static cl::opt<TranslateOptions::COutputMode> COutput(
    "c-output",
    cl::desc("What a C input gives (default auto: split when C++ cannot "
             "compile the file as written)"),
    cl::values(clEnumValN(TranslateOptions::COutputMode::Auto, "auto",
                          "split only a file that C++ cannot compile"),
               clEnumValN(TranslateOptions::COutputMode::Whole, "cu",
                          "<stem>.cu, the whole file compiled as C++ by "
                          "nvcc"),
               clEnumValN(TranslateOptions::COutputMode::Split, "split",
                          "<stem>.c, the host part for the program's C "
                          "compiler, and <stem>_gpu.cu, the functions with "
                          "GPU code, for nvcc")),
    cl::init(TranslateOptions::COutputMode::Auto), cl::cat(Category));

static cl::opt<bool>
    All("all",
        cl::desc("Translate every file of compile_commands.json (from -p)"),
        cl::cat(Category));
static cl::opt<unsigned>
    Jobs("j",
         cl::desc("Translate N files at a time (0: one per core; default 1)"),
         cl::value_desc("N"), cl::init(1), cl::Prefix, cl::cat(Category));
static cl::opt<std::string>
    SarifFile("sarif",
              cl::desc("Write every remark, warning and error to FILE as a "
                       "SARIF 2.1.0 log"),
              cl::value_desc("FILE"), cl::cat(Category));

static cl::opt<std::string> CheckRulesDir(
    "check-rules", cl::ValueOptional,
    cl::desc("Parse and lint every rule file of DIR (default: --rules) and "
             "pipeline.txt, report each finding as file:line:col, and exit"),
    cl::value_desc("DIR"), cl::cat(Category));
static cl::opt<std::string> ApplyRulesSets(
    "apply-rules",
    cl::desc("Run the rule sets SETS (comma-separated, in order) on the term "
             "of --term, print the result and exit"),
    cl::value_desc("SETS"), cl::cat(Category));
static cl::opt<std::string>
    TermFile("term",
             cl::desc("The input term of --apply-rules ('-': standard input)"),
             cl::value_desc("FILE"), cl::cat(Category));

namespace {

/// `--check-rules DIR` as `--check-rules=DIR`: llvm::cl reads the value of
/// an option whose value is optional only after `=`.
void joinCheckRulesValue(std::vector<const char *> &Args,
                         std::string &Storage) {
  for (size_t I = 1; I + 1 < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--")
      return;
    if (A != "--check-rules" && A != "-check-rules")
      continue;
    StringRef Next = Args[I + 1];
    if (Next.starts_with("-"))
      return;
    Storage = (A + "=" + Next).str();
    Args[I] = Storage.c_str();
    Args.erase(Args.begin() + static_cast<long>(I) + 1);
    return;
  }
}

/// CommonOptionsParser reads the compilation database (from -p, else the
/// one above the first source) only when it is given a source. With --all,
/// the command line gets this one, a name in the current directory that is
/// never opened, and sourceFiles() takes it back.
constexpr const char *AllPlaceholder = "loop2cuda-all-files";

/// Args with AllPlaceholder before a `--` when Args asks for --all.
std::vector<const char *> withAllPlaceholder(int Argc, const char **Argv,
                                             bool &Added) {
  std::vector<const char *> Args(Argv, Argv + Argc);
  auto Dashes = std::find_if(Args.begin() + 1, Args.end(), [](const char *A) {
    return StringRef(A) == "--";
  });
  Added = std::any_of(Args.begin() + 1, Dashes, [](const char *A) {
    StringRef S(A);
    S.consume_front("-");
    S.consume_front("-");
    return S == "all" || S.starts_with("all=");
  });
  if (Added)
    Args.insert(Dashes, AllPlaceholder);
  return Args;
}

/// The sources to translate, absolute: those on the command line, or with
/// --all every file of the compilation database. Empty after an error.
std::vector<std::string> sourceFiles(tooling::CommonOptionsParser &Parser,
                                     bool PlaceholderAdded) {
  std::vector<std::string> Files;
  std::vector<std::string> Given = Parser.getSourcePathList();
  if (PlaceholderAdded && !Given.empty() && Given.back() == AllPlaceholder)
    Given.pop_back();
  if (All) {
    if (!Given.empty()) {
      errs() << "loop2cuda: error: --all takes no source files\n";
      return {};
    }
    Files = Parser.getCompilations().getAllFiles();
    llvm::sort(Files);
    if (Files.empty())
      errs() << "loop2cuda: error: --all: no files in the compilation "
                "database (give -p <build dir>)\n";
  } else {
    Files = Given;
    if (Files.empty())
      errs() << "loop2cuda: error: no input files (see --help)\n";
  }
  // Absolute, each file once.
  std::vector<std::string> Unique;
  StringSet<> Seen;
  for (const std::string &F : Files) {
    SmallString<256> Abs(F);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (Seen.insert(Abs).second)
      Unique.push_back(Abs.str().str());
  }
  return Unique;
}

/// False, with an error, when two sources would write the same
/// <out>/<stem>.cu.
bool outputsDistinct(ArrayRef<std::string> Files) {
  StringMap<std::string> ByStem;
  for (const std::string &F : Files) {
    auto [It, New] = ByStem.try_emplace(sys::path::stem(F), F);
    if (!New && It->second != F) {
      errs() << "loop2cuda: error: " << It->second << " and " << F
             << " would both write " << OutDir << "/" << It->first()
             << ".cu (run them with different -o)\n";
      return false;
    }
  }
  return true;
}

} // namespace

int main(int argc, const char **argv) {
  bool PlaceholderAdded = false;
  std::vector<const char *> Args =
      withAllPlaceholder(argc, argv, PlaceholderAdded);
  std::string CheckRulesArg;
  joinCheckRulesValue(Args, CheckRulesArg);
  int ArgCount = static_cast<int>(Args.size());
  auto Parser = tooling::CommonOptionsParser::create(
      ArgCount, Args.data(), Category, cl::ZeroOrMore,
      "loop2cuda: turns loops marked parallel into CUDA kernels\n");
  if (!Parser) {
    errs() << toString(Parser.takeError()) << "\n";
    return 2;
  }

  FactRegistry Facts;
  registerStandardFacts(Facts);
  registerDomainFacts(Facts);
  bool Checking = CheckRulesDir.getNumOccurrences() > 0;
  if (Checking || ApplyRulesSets.getNumOccurrences()) {
    if (!Parser->getSourcePathList().empty() ||
        (Checking && !ApplyRulesSets.empty())) {
      errs() << "loop2cuda: error: --check-rules and --apply-rules take no "
                "source files, and not each other\n";
      return 2;
    }
    if (Checking)
      return checkRules(CheckRulesDir.empty() ? RulesDir : CheckRulesDir, Facts,
                        WError, errs());
    ApplyRulesOptions AOpts;
    AOpts.RulesPath = RulesDir;
    AOpts.Sets = ApplyRulesSets;
    AOpts.TermFile = TermFile;
    AOpts.Trace = Trace;
    for (const std::string &D : Disabled)
      AOpts.Disabled.insert(D);
    return applyRules(AOpts, Facts, outs(), errs());
  }
  auto Lib = RuleLibrary::load(RulesDir, Facts);
  if (!Lib) {
    errs() << toString(Lib.takeError()) << "\n";
    return 2;
  }
  auto IsStep = [](const std::string &D) {
    for (const auto &[Name, What] : frontendSteps())
      if (Name == D)
        return true;
    return false;
  };
  if (ListRules) {
    outs() << Lib->describe();
    for (const auto &[Name, What] : frontendSteps())
      outs() << Name << " (front-end step, C++)\n  " << What << "\n";
    return 0;
  }
  for (const std::string &D : Disabled)
    if (!Lib->knows(D) && !IsStep(D)) {
      errs() << "loop2cuda: error: --disable-rule " << D
             << ": no rule, rule set or matcher of that name (see "
                "--list-rules)\n";
      return 2;
    }
  for (const std::string &E : Enabled)
    if (!Lib->find(E)) {
      errs() << "loop2cuda: error: --enable-rule " << E
             << ": no rule set of that name (see --list-rules)\n";
      return 2;
    }
  std::vector<std::string> Files = sourceFiles(*Parser, PlaceholderAdded);
  if (Files.empty() || !outputsDistinct(Files))
    return 2;
  auto Pipeline = Lib->pipeline();
  if (!Pipeline) {
    errs() << toString(Pipeline.takeError()) << "\n";
    return 2;
  }
  TranslateOptions Opts;
  Opts.Facts = &Facts;
  Opts.Pipeline = *Pipeline;
  for (const std::string &D : Disabled)
    Opts.Disabled.insert(D);
  // pipeline.txt's words: an `off` set runs only when --enable-rule names
  // it; --deterministic skips the `nondeterministic` ones (a look-back scan
  // stops where timing has it: docs/scans.md) and runs the `deterministic`
  // ones (deterministic-reduce), which nothing else runs.
  for (const PipelineEntry &E : Lib->pipelineEntries()) {
    if (E.Off && llvm::find(Enabled, E.Name) == Enabled.end())
      Opts.Disabled.insert(E.Name);
    if (Deterministic ? E.Nondeterministic : E.OnlyDeterministic)
      Opts.Disabled.insert(E.Name);
  }
  // --enable-rule of a set that runs anyway, or that the pipeline does not
  // list, or that runs only under --deterministic, changes
  // nothing: say so rather than let the user believe it did.
  for (const std::string &E : Enabled) {
    const auto &Entries = Lib->pipelineEntries();
    auto It = llvm::find_if(
        Entries, [&](const PipelineEntry &P) { return P.Name == E; });
    if (It == Entries.end())
      errs() << "loop2cuda: warning: --enable-rule " << E
             << ": the pipeline does not run this rule set (rules/"
                "pipeline.txt); the option changes nothing\n";
    else if (It->OnlyDeterministic)
      errs() << "loop2cuda: warning: --enable-rule " << E
             << ": this rule set runs only under --deterministic; the option "
                "changes nothing\n";
    else if (!It->Off)
      errs() << "loop2cuda: warning: --enable-rule " << E
             << ": this rule set runs by default; the option changes "
                "nothing\n";
  }
  Opts.Trace = Trace;
  Opts.Frontend.Strict = Strict;
  Opts.Frontend.MinLaunchWork = MinLaunchWork;
  Opts.Frontend.RuntimeWorkGuard = RuntimeWorkGuard;
  // Steps by name; rules too, for the front end's part of a rule (the
  // remark of guard-small-work says what the rule does).
  for (const std::string &D : Disabled)
    Opts.Frontend.DisabledSteps.insert(D);
  // With the mark-loop matcher switched off, no loop is a candidate.
  if (const MatcherRule *M = Lib->findMatcher("mark-loop"))
    Opts.Frontend.MarkMatcher = Opts.Disabled.contains("mark-loop")
                                    ? "forStmt(unless(anything()))"
                                    : M->Text;
  Opts.OutDir = OutDir;
  Opts.WError = WError;
  Opts.Verify = VerifyOpt;
  Opts.COutput = COutput;

  if (std::error_code EC = sys::fs::create_directories(OutDir)) {
    errs() << "loop2cuda: error: cannot create '" << OutDir
           << "': " << EC.message() << "\n";
    return 2;
  }

  // The compile commands are read here, on one thread.
  std::map<std::string, std::vector<tooling::CompileCommand>> Commands;
  for (const std::string &F : Files)
    Commands[F] = Parser->getCompilations().getCompileCommands(F);
  std::vector<FileReport> Reports = runBatch(
      Files, Jobs,
      [&](const std::string &F) {
        return translateFile(Opts, F, Commands.at(F));
      },
      errs());
  if (All || Files.size() > 1)
    printSummary(Reports, errs());
  if (!SarifFile.empty())
    if (Error E = writeSarif(SarifFile, Reports, L2C_DOCS_DIR)) {
      errs() << "loop2cuda: error: " << toString(std::move(E)) << "\n";
      return 2;
    }
  return exitStatus(Reports);
}
