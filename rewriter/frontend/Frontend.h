//===- Frontend.h - Clang front end: marked loops to terms ------*- C++ -*-===//
//
// The front end reads a parsed translation unit and builds the terms of
// docs/term-vocabulary.md:
//
//  1. Mark. A loop is a candidate when the mark matcher (a clang-query
//     matcher expression, FrontendOptions::MarkMatcher) matches its ForStmt;
//     a candidate is marked when a `#pragma loop2cuda parallel ...` line
//     stands right before it, or when it is the loop of an OpenMP
//     `#pragma omp parallel for`.
//  2. Analyse. Loop shape, free variables, array extents, dependences and
//     reductions. Each rejected loop gets a warning
//     `loop not parallelized: <reason> [rule]` at its `for` keyword and stays
//     on the CPU.
//  3. To terms. Accepted loops become ParallelLoop terms with full kernel
//     bodies; the functions that hold them become Function terms whose other
//     statements are opaque Host / HostLoop / HostBlock / HostIf terms with
//     read and write sets.
//
// Typical use from a driver (ClangTool, parsing with -fopenmp):
//
//   l2c::FrontendOptions Opts;
//   Opts.MarkMatcher = <text of rules/mark-loop.matcher>;
//   auto Factory = l2c::makeFrontendActionFactory(
//       Opts, [&](clang::CompilerInstance &CI,
//                 llvm::Expected<l2c::FrontendResult> R) {
//         // CI is alive here: build a clang::Rewriter from
//         // CI.getSourceManager() and CI.getLangOpts(), run the rules on
//         // R->TranslationUnit and edit the ranges in R->Ranges.
//       });
//   Tool.run(Factory.get());
//
// Drivers that own their FrontendAction call registerPragmas() on the
// Preprocessor before parsing (e.g. in CreateASTConsumer) and buildTerms()
// once the AST is complete (in HandleTranslationUnit).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_FRONTEND_H
#define LOOP2CUDA_FRONTEND_FRONTEND_H

#include "term/Term.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInstance;
class FrontendAction;
class Preprocessor;
namespace tooling {
class FrontendActionFactory;
} // namespace tooling
} // namespace clang

namespace l2c {

/// The matcher used when FrontendOptions::MarkMatcher is empty.
extern const char *const DefaultMarkMatcher;

struct FrontendOptions {
  /// Reject loops whose independence cannot be proven (non-affine
  /// subscripts) instead of assuming it with a remark.
  bool Strict = false;
  /// clang-query matcher text selecting candidate ForStmts, e.g. the
  /// contents of rules/mark-loop.matcher. Lines starting with '#' or "//"
  /// are comments; a leading clang-query `match` / `m` command is accepted.
  /// The loop is the node bound to "loop", else any bound ForStmt, else the
  /// matched node itself.
  std::string MarkMatcher;
  /// A function whose marked loops all have at most this many iterations
  /// (a bound known at compile time) keeps them on the CPU (LaunchWork.cpp);
  /// 0 turns the test off.
  long long MinLaunchWork = 0;
  /// Loops whose bounds are known only at run time go under a guard on
  /// their work (RuntimeWork.cpp, rule guard-small-work): off by default
  /// until the GPU tier passes with it (--runtime-work-guard).
  bool RuntimeWorkGuard = false;
  /// Front-end steps switched off by name (--disable-rule; frontendSteps).
  std::set<std::string> DisabledSteps;
  bool stepOn(llvm::StringRef Name) const {
    return !DisabledSteps.count(Name.str());
  }
};

/// The front end's named steps that decide how a marked loop that is not
/// parallel as written still reaches the GPU, or that keep small loops on
/// the CPU: name and what it does. They are C++, not rule files; --disable-rule
/// switches each off by name, and --list-rules lists them.
const std::vector<std::pair<std::string, std::string>> &frontendSteps();

/// One item of a copy / copyin / copyout clause: `Var[Lower:Length]`
/// (OpenACC meaning). Lower and Length are host C++ texts, empty when the
/// item names only the variable.
struct DataClause {
  /// Extent: the clause only says how much of the array the loop may touch
  /// (OpenACC create, present); the access analysis picks the transfers.
  enum ClauseKind { Copy, CopyIn, CopyOut, Extent };
  ClauseKind Kind = Copy;
  std::string Var, Lower, Length;
};

/// A parsed `#pragma loop2cuda parallel ...` or `#pragma acc ...` line.
struct LoopPragma {
  /// What the pragma asks for. Loop2Cuda: `#pragma loop2cuda parallel`.
  /// The others are OpenACC directives (AccPragma.cpp): a compute construct
  /// with its loop (`parallel loop`, `kernels loop`), a `loop` directive,
  /// a compute region (`parallel`, `kernels`, `serial`), or anything else
  /// (`data`, `update`, `atomic`, ...), which AccOther covers.
  enum PragmaKind {
    Loop2Cuda,
    /// `#pragma loop2cuda data copy(...)` before a block.
    Loop2CudaData,
    AccParallelLoop,
    AccKernelsLoop,
    AccSerialLoop,
    AccLoop,
    AccParallel,
    AccKernels,
    AccSerial,
    AccOther
  };
  PragmaKind Kind = Loop2Cuda;
  clang::SourceLocation Loc;    ///< the '#' of the pragma
  clang::SourceLocation EndLoc; ///< the end of the pragma line
  std::string Directive;        ///< "parallel loop", "data", ... (OpenACC)
  std::string Name;             ///< name(ident) clause, may be empty
  std::vector<DataClause> Data;
  /// reduction(op:var, ...) clauses as (op spelling, variable) pairs; op is
  /// one of + * min max & | ^ && ||.
  std::vector<std::pair<std::string, std::string>> Reductions;
  /// The length B of `reduction(op: h[:B])`, by variable: a histogram.
  std::map<std::string, std::string> ReductionSections;
  /// private(...) and firstprivate(...) variables (OpenACC).
  std::vector<std::string> Private, FirstPrivate;
  /// collapse(n) or tile(a, b, ...): how many loops of the nest the
  /// directive makes independent; 0 when it names none (OpenACC).
  unsigned Collapse = 0;
  /// OpenACC `independent`, `seq` and `auto` clauses.
  bool Independent = false, Seq = false, Auto = false;
  /// Clauses accepted without effect on the GPU code (gang, async, ...):
  /// where each is and the remark it gets.
  std::vector<std::pair<clang::SourceLocation, std::string>> Ignored;
  /// The first clause that is malformed or not implemented, and where it
  /// is: the marked loop is rejected with this reason.
  std::string Invalid;
  clang::SourceLocation InvalidLoc;

  bool isAcc() const { return Kind != Loop2Cuda && Kind != Loop2CudaData; }
  /// `#pragma loop2cuda data` or `#pragma acc data`: a data region over
  /// the block after it.
  bool isDataRegion() const {
    return Kind == Loop2CudaData || (Kind == AccOther && Directive == "data");
  }
  /// A directive that marks the loop right after it.
  bool marksLoop() const {
    return Kind == Loop2Cuda || Kind == AccParallelLoop ||
           Kind == AccKernelsLoop || Kind == AccSerialLoop || Kind == AccLoop;
  }
  bool isAccRegion() const {
    return Kind == AccParallel || Kind == AccKernels || Kind == AccSerial;
  }
};

/// The pragmas that registerPragmas' handler recorded, in source order.
struct PragmaLog {
  std::vector<LoopPragma> Pragmas;
};

/// Registers the `#pragma loop2cuda` handler and the `#pragma acc` recorder
/// on PP; they append to Log, which must outlive the parse. Malformed
/// clauses get a warning at the pragma.
void registerPragmas(clang::Preprocessor &PP, PragmaLog &Log);

struct FrontendResult {
  /// TranslationUnit([Function(name, id, [items]), ...]).
  Term TranslationUnit;
  /// id -> source range (token range, expansion locations) of every Function
  /// body (the CompoundStmt), Host / HostLoop / HostBlock / HostIf statement
  /// (including a trailing ';') and accepted marked loop. The range of a
  /// marked loop starts at the '#' of its pragma (loop2cuda or omp), so
  /// replacing it also removes the pragma line.
  std::map<int64_t, clang::SourceRange> Ranges;
  /// id -> the '#' of the `target exit data` directive that ends the
  /// HostData region with that id (an enter/exit pair, DataRegions.cpp);
  /// its line becomes a comment too.
  std::map<int64_t, clang::SourceLocation> RegionEnds;
  /// id -> the '#' of each pragma line between the directive of a marked
  /// loop and the loop, when preprocessor conditionals sit there too
  /// (`#ifdef GPU / #pragma omp target ... / #else / #pragma omp parallel
  /// for / #endif`): the loop's range then starts at the loop, and these
  /// lines become comments.
  std::map<int64_t, std::vector<clang::SourceLocation>> GapPragmas;
  /// id -> the '#' of each pragma line of a loop whose arrays the
  /// dependence test assumed apart (MarkedLoop::AssumedApart): rule set
  /// host-fallback may keep the loop, these lines as comments, for the
  /// run where the arrays overlap.
  std::map<int64_t, std::vector<clang::SourceLocation>> HostFallback;
  /// The ids of HostFallback whose arrays were assumed apart (fact
  /// assumedApart), and id -> the arrays whose touched elements a probe
  /// checks before the launch (MarkedLoop::Probed, fact assumedSubscripts).
  std::set<int64_t> AssumedApart;
  std::map<int64_t, std::vector<std::string>> Probed;
  /// id -> the arrays whose extent the record of allocations gives at run
  /// time (MarkedLoop::Recorded, fact recordedExtents).
  std::map<int64_t, std::vector<std::string>> Recorded;
  /// id -> the launch of a loop that goes under a guard on its work at run
  /// time (host/RuntimeWork.cpp, fact launchWork): its kernel's name, the
  /// iteration counts of its nest (host texts) and the work a launch needs.
  struct WorkGuard {
    std::string Kernel;
    std::vector<std::string> Counts;
    long long Limit = 0;
  };
  std::map<int64_t, WorkGuard> WorkGuards;
  /// The declarations (raw encodings of their first locations) of the
  /// constructors that kernels call (Initialisers.cpp): each becomes a
  /// DeviceConstructor(id) term of the translation unit, which rule set
  /// device-constructors declares __host__ __device__.
  std::set<unsigned> DeviceConstructors;
  /// id -> kernel parameter -> the host expression its launch passes, for
  /// parameters that stand for a member (p_n for p->n, s_n for s.n:
  /// StandIns.cpp); the others pass the variable of their own name.
  std::map<int64_t, std::map<std::string, std::string>> HostArgs;
  /// Function id -> stand-in -> its host expression, for the runtime calls
  /// of the data directives on members (`enter data map(to: w->a[0:n])`
  /// holds w_a, which host code spells w->a: EnteredData.cpp).
  std::map<int64_t, std::map<std::string, std::string>> GlueNames;
  /// id -> the '#' of the OpenMP loop directive of a HostLoop: a marked
  /// loop that is not parallel runs in order on the host while loops in it
  /// run on the GPU (InnerLoops.cpp); the directive's line becomes a
  /// comment.
  std::map<int64_t, clang::SourceLocation> InOrderLoops;
  /// id -> For(Decl(k, "T", init), cond, inc) of every HostLoop that is a
  /// `for` whose header is a declaration of one counter, a comparison and
  /// an update written with literals, variables and + - * / << >>
  /// (HostHeaders.cpp); rules ask for it with the fact hostLoopHeader.
  std::map<int64_t, Term> LoopHeaders;
  /// DeviceFunction(name, "Ret", [Param...], [body]) for every function of
  /// the TU that an accepted kernel calls, directly or not; callees come
  /// before their callers.
  std::vector<Term> DeviceFunctions;
  unsigned Rejected = 0, Accepted = 0;
  /// Accepted loops whose independence is assumed rather than proven (each
  /// has a remark `assuming iterations are independent: ...`).
  unsigned Assumed = 0;
};

/// Builds the terms for the translation unit in Ctx. Diagnostics go to
/// Ctx.getDiagnostics(). Fails only when the mark matcher does not parse.
llvm::Expected<FrontendResult> buildTerms(clang::ASTContext &Ctx,
                                          const PragmaLog &Log,
                                          const FrontendOptions &Opts);

/// Called once per translation unit, while CI (its SourceManager, LangOpts,
/// ASTContext) is still alive.
using ResultCallback = std::function<void(clang::CompilerInstance &CI,
                                          llvm::Expected<FrontendResult>)>;

/// A FrontendAction that registers the pragma handler, parses, calls
/// buildTerms and hands the result to Callback.
std::unique_ptr<clang::FrontendAction>
makeFrontendAction(FrontendOptions Opts, ResultCallback Callback);

/// The same for ClangTool::run.
std::unique_ptr<clang::tooling::FrontendActionFactory>
makeFrontendActionFactory(FrontendOptions Opts, ResultCallback Callback);

} // namespace l2c

#endif
