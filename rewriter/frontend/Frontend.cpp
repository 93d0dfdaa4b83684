//===- Frontend.cpp - Shared helpers and assembling the result ------------===//

#include "frontend/Internal.h"
#include "frontend/pragmas/MarkLoops.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/Dynamic/Parser.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace l2c {

const char *const DefaultMarkMatcher =
    "stmt(anyOf(forStmt(), cxxForRangeStmt()),"
    " hasAncestor(functionDecl(isDefinition())))";

namespace detail {

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

const Expr *strip(const Expr *E) {
  return E ? E->IgnoreParenImpCasts() : nullptr;
}

bool isWrittenLiteral(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
      E = IC->getSubExpr();
    else
      break;
  }
  return isa_and_nonnull<IntegerLiteral>(E);
}

bool isStdVector(QualType T, QualType *Elem) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *RD = T->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  // A std::span (C++20) is a vector's data() and size() without the
  // ownership: the same kernel parameter, copies and subscripts.
  if (!Spec || !Spec->isInStdNamespace() ||
      (Spec->getName() != "vector" && Spec->getName() != "span"))
    return false;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 1 || Args[0].getKind() != TemplateArgument::Type)
    return false;
  if (Elem)
    *Elem = Args[0].getAsType().getCanonicalType();
  return true;
}

bool isVectorOfVectors(QualType T, QualType *Scalar) {
  QualType Row;
  return isStdVector(T, &Row) && isStdVector(Row, Scalar);
}

bool isStdArray(QualType T, QualType *Elem, uint64_t *Size) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *RD = T->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || !Spec->isInStdNamespace() || Spec->getName() != "array")
    return false;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() != 2 || Args[0].getKind() != TemplateArgument::Type ||
      Args[1].getKind() != TemplateArgument::Integral)
    return false;
  if (Elem)
    *Elem = Args[0].getAsType().getCanonicalType();
  if (Size)
    *Size = Args[1].getAsIntegral().getZExtValue();
  return true;
}

FrontendContext::FrontendContext(ASTContext &Ctx, const FrontendOptions &Opts,
                                 FrontendResult &Result)
    : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
      Policy(Ctx.getPrintingPolicy()), Opts(Opts), Result(Result) {
  Policy.SuppressTagKeyword = true;
  Policy.Bool = true;
}

std::string FrontendContext::typeStr(QualType T) const {
  std::string S = T.getCanonicalType().getAsString(Policy);
  // An unnamed struct has only its typedef's name.
  if (S.find("(unnamed") != std::string::npos ||
      S.find("(anonymous") != std::string::npos)
    return T.getAsString(Policy);
  return S;
}

std::string FrontendContext::text(SourceRange R) const {
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
  if (CR.isInvalid())
    return "";
  return Lexer::getSourceText(CR, SM, LO).str();
}

std::string FrontendContext::pretty(const Expr *E) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, Policy);
  return OS.str();
}

std::string FrontendContext::spelling(SourceLocation Loc) const {
  llvm::SmallString<32> Buf;
  bool Invalid = false;
  StringRef S =
      Lexer::getSpelling(SM.getSpellingLoc(Loc), Buf, SM, LO, &Invalid);
  return Invalid ? "" : S.str();
}

unsigned FrontendContext::line(SourceLocation Loc) const {
  return SM.getExpansionLineNumber(Loc);
}

std::string FrontendContext::fileName(SourceLocation Loc) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "";
  return llvm::sys::path::filename(P.getFilename()).str();
}

std::string FrontendContext::instantiationNote() const {
  return Instantiation.empty()
             ? ""
             : " (in the instantiation '" + Instantiation + "')";
}

void FrontendContext::reject(const Rejection &R, SourceLocation LoopLoc) {
  if (Deferred) {
    Deferred->push_back([this, R, LoopLoc] { reject(R, LoopLoc); });
    return;
  }
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning,
                                  "loop not parallelized: %0 [%1]");
  D.Report(LoopLoc, ID) << R.Reason + instantiationNote() << R.Rule;
  if (R.Loc.isValid() &&
      SM.getExpansionLoc(R.Loc) != SM.getExpansionLoc(LoopLoc)) {
    unsigned Note = D.getCustomDiagID(DiagnosticsEngine::Note, "found here");
    D.Report(R.Loc, Note);
  }
}

void FrontendContext::warnRegion(const OMPParallelDirective *P,
                                 const Rejection &R) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning,
                                  "parallel region not translated: %0 [%1]");
  D.Report(P->getBeginLoc(), ID) << R.Reason << R.Rule;
  if (R.Loc.isValid() &&
      SM.getExpansionLoc(R.Loc) != SM.getExpansionLoc(P->getBeginLoc())) {
    unsigned Note = D.getCustomDiagID(DiagnosticsEngine::Note, "found here");
    D.Report(R.Loc, Note);
  }
}

void FrontendContext::remark(SourceLocation Loc, const std::string &Msg,
                             const char *Rule) {
  if (Deferred) {
    Deferred->push_back([this, Loc, Msg, Rule] { remark(Loc, Msg, Rule); });
    return;
  }
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Remark, "%0 [%1]");
  D.Report(Loc, ID) << Msg + instantiationNote() << Rule;
}

void FrontendContext::warning(SourceLocation Loc, const std::string &Msg,
                              const char *Rule) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]");
  D.Report(Loc, ID) << Msg + instantiationNote() << Rule;
}

int64_t FrontendContext::newId(SourceRange R) {
  int64_t Id = NextId++;
  Result.Ranges[Id] = R;
  return Id;
}

bool FrontendContext::inSystemHeader(SourceLocation Loc) const {
  return Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

static void collectGlobals(const DeclContext *DC, FrontendContext &FC,
                           std::set<std::string> &Out) {
  for (const Decl *D : DC->decls()) {
    if (FC.inSystemHeader(D->getLocation()))
      continue;
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (V->hasGlobalStorage() && !V->isStaticLocal() && V->getIdentifier())
        Out.insert(V->getNameAsString());
    } else if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D) ||
               isa<CXXRecordDecl>(D)) {
      collectGlobals(cast<DeclContext>(D), FC, Out);
    }
  }
}

const std::vector<std::string> &FrontendContext::userGlobals() {
  if (!Globals) {
    std::set<std::string> Names;
    collectGlobals(Ctx.getTranslationUnitDecl(), *this, Names);
    Globals.emplace(Names.begin(), Names.end());
  }
  return *Globals;
}

//===----------------------------------------------------------------------===//
// Assembling the result
//===----------------------------------------------------------------------===//

bool within(FrontendContext &FC, const Stmt *S, const Stmt *O) {
  SourceManager &SM = FC.SM;
  SourceLocation SB = SM.getExpansionLoc(S->getBeginLoc());
  SourceLocation SE = SM.getExpansionLoc(S->getEndLoc());
  SourceLocation OB = SM.getExpansionLoc(O->getBeginLoc());
  SourceLocation OE = SM.getExpansionLoc(O->getEndLoc());
  return !SM.isBeforeInTranslationUnit(SB, OB) &&
         !SM.isBeforeInTranslationUnit(OE, SE);
}

namespace {

/// Marks in Reached the loops that the host terms can reach: through
/// blocks, ifs, loops, parallel regions and the device regions that run once
/// (DeviceRegions), but not into other statements or marked loops.
void reach(const Stmt *S,
           const llvm::DenseMap<const Stmt *, MarkedLoop *> &Loops,
           const llvm::DenseSet<const Stmt *> &DeviceRegions,
           llvm::DenseSet<const MarkedLoop *> &Reached) {
  if (!S)
    return;
  auto It = Loops.find(S);
  if (It != Loops.end()) {
    Reached.insert(It->second);
    for (const MarkedLoop *M : It->second->Group)
      Reached.insert(M);
    return;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      reach(C, Loops, DeviceRegions, Reached);
  } else if (const auto *If = dyn_cast<IfStmt>(S)) {
    reach(If->getThen(), Loops, DeviceRegions, Reached);
    reach(If->getElse(), Loops, DeviceRegions, Reached);
  } else if (const auto *F = dyn_cast<ForStmt>(S)) {
    reach(F->getBody(), Loops, DeviceRegions, Reached);
  } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
    reach(W->getBody(), Loops, DeviceRegions, Reached);
  } else if (const auto *D = dyn_cast<DoStmt>(S)) {
    reach(D->getBody(), Loops, DeviceRegions, Reached);
  } else if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
    reach(R->getBody(), Loops, DeviceRegions, Reached);
  } else if (isa<OMPParallelDirective>(S) || DeviceRegions.count(S)) {
    reach(ompBody(cast<OMPExecutableDirective>(S)), Loops, DeviceRegions,
          Reached);
  } else if (const auto *L = dyn_cast<OMPLoopDirective>(S)) {
    // A rejected loop directive: its loop runs in order on the host
    // (Host.cpp), loops in its body may still run on the GPU.
    reach(ompBody(L), Loops, DeviceRegions, Reached);
  } else if (const auto *D = dyn_cast<OMPTargetDataDirective>(S)) {
    reach(ompBody(D), Loops, DeviceRegions, Reached);
  }
}

/// A remark at each data region whose block has no loop on the GPU: its
/// pragma stays in the output and does nothing there.
void remarkIdleDataRegions(FrontendContext &FC) {
  std::vector<const FrontendContext::DataRegion *> Idle;
  for (const auto &[S, R] : FC.DataRegions)
    if (!R.Translated)
      Idle.push_back(&R);
  std::sort(Idle.begin(), Idle.end(), [&](const auto *A, const auto *B) {
    return FC.SM.isBeforeInTranslationUnit(A->Begin, B->Begin);
  });
  for (const FrontendContext::DataRegion *R : Idle)
    FC.remark(R->Begin,
              R->Name + " has no effect here: no loop in its block runs on "
                        "the GPU",
              "mark-loop");
}

void collectDevice(FrontendContext &FC, const FunctionDecl *FD,
                   std::set<const FunctionDecl *> &Done,
                   std::vector<Term> &Out) {
  if (!Done.insert(FD).second)
    return;
  DeviceFunctionInfo &Info = FC.deviceFunction(FD);
  for (const FunctionDecl *C : Info.Callees)
    collectDevice(FC, C, Done, Out);
  if (Info.Definition)
    Out.push_back(Info.Definition);
}

} // namespace
} // namespace detail

llvm::Expected<FrontendResult> buildTerms(ASTContext &Ctx, const PragmaLog &Log,
                                          const FrontendOptions &Opts) {
  using namespace detail;
  namespace dyn = ast_matchers::dynamic;

  std::string Text = matcherExpression(
      Opts.MarkMatcher.empty() ? DefaultMarkMatcher : Opts.MarkMatcher);
  StringRef Code = Text;
  dyn::Diagnostics Diag;
  std::optional<ast_matchers::internal::DynTypedMatcher> M =
      dyn::Parser::parseMatcherExpression(Code, &Diag);
  if (!M)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot parse the mark-loop matcher: " +
                                       Diag.toStringFull());
  if (!M->canConvertTo(ASTNodeKind::getFromNodeKind<Stmt>()))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the mark-loop matcher must match statements (for loops)");
  std::optional<ast_matchers::internal::DynTypedMatcher> Bound =
      M->tryBind("loop");
  if (!Bound)
    Bound = M;

  llvm::DenseSet<const Stmt *> Candidates;
  for (const ast_matchers::BoundNodes &B :
       ast_matchers::matchDynamic(*Bound, Ctx)) {
    if (const auto *F = B.getNodeAs<Stmt>("loop")) {
      Candidates.insert(F);
      continue;
    }
    for (auto &[Id, Node] : B.getMap())
      if (const auto *F = Node.get<Stmt>();
          isa_and_nonnull<ForStmt, CXXForRangeStmt>(F))
        Candidates.insert(F);
  }

  FrontendResult Result;
  FrontendContext FC(Ctx, Opts, Result);
  MarkedLoops Marked = findMarkedLoops(FC, Log, Candidates);
  if (FC.Opts.stepOn("inner-simd"))
    spliceInnerSimdLoops(FC, Marked);

  // A parallel region whose body does more than share loops stays on the
  // CPU, and so do its loops.
  std::map<const OMPParallelDirective *, Rejection> BadRegions;
  for (auto &[P, FD] : Marked.Regions)
    if (auto R = checkParallelRegion(FC, P)) {
      FC.warnRegion(P, *R);
      BadRegions.emplace(P, *R);
    }

  // Outer loops come first; a loop inside an accepted one is part of its
  // kernel.
  // Index-based: tryInnerLoops appends loops to try in place of a rejected
  // one, which are analysed in turn.
  for (size_t LI = 0; LI < Marked.Loops.size(); ++LI) {
    MarkedLoop *ML = Marked.Loops[LI].get();
    if (ML->InOrderParent || ML->Interchanged || ML->Replaces)
      continue; // analysed and accepted by tryInnerLoops
    FC.Instantiation = instantiationName(FC, ML->Function);
    if (ML->Region && BadRegions.count(ML->Region)) {
      FC.reject(
          Rejection{"it is in the parallel region at line " +
                        std::to_string(FC.line(ML->Region->getBeginLoc())) +
                        ", which stays on the CPU",
                    "mark-loop", SourceLocation()},
          ML->For->getForLoc());
      continue;
    }
    const MarkedLoop *Outer = nullptr;
    for (auto &O : Marked.Loops)
      if (O->Accepted && O.get() != ML && O->Function == ML->Function &&
          within(FC, ML->For, O->For))
        Outer = O.get();
    if (Outer && ML->InnerAcc)
      continue; // an `acc loop` of the kernel: it runs there
    if (Outer) {
      FC.reject(Rejection{"it is nested in the parallelized loop at line " +
                              std::to_string(FC.line(Outer->For->getForLoc())),
                          "mark-loop", SourceLocation()},
                ML->For->getForLoc());
      continue;
    }
    // loop2cuda writes one .cu per input file: a loop in a header it
    // includes could not be replaced by its launch.
    if (!FC.SM.isInMainFile(FC.SM.getExpansionLoc(ML->For->getForLoc()))) {
      FC.reject(Rejection{"it is in an included file; loop2cuda rewrites "
                          "only the file it is given (run it on that file, "
                          "or move the loop into it)",
                          "mark-loop", SourceLocation()},
                ML->For->getForLoc());
      continue;
    }
    bool Peel = FC.Opts.stepOn("peel-statements") && peelShape(*ML);
    if (!(Peel ? analyzePeeled(FC, Marked, LI) : analyzeLoop(FC, *ML)))
      tryInnerLoops(FC, Marked, LI, Candidates);
  }
  FC.Instantiation.clear();
  agreeOnInstantiations(FC, Marked, Result);
  keepSmallLoopsOnCpu(FC, Marked);

  // Loops that the host terms cannot reach stay on the CPU.
  for (;;) {
    llvm::DenseMap<const Stmt *, MarkedLoop *> Map;
    for (auto &ML : Marked.Loops)
      if (ML->Accepted && !ML->GroupHead)
        Map[ML->Outer] = ML.get();
    llvm::DenseSet<const MarkedLoop *> Reached;
    for (const FunctionDecl *FD : Marked.Functions)
      reach(FD->getBody(), Map, FC.DeviceRegions, Reached);
    std::vector<std::pair<MarkedLoop *, const MarkedLoop *>> Lost;
    for (auto &ML : Marked.Loops) {
      if (!ML->Accepted || Reached.count(ML.get()))
        continue;
      const MarkedLoop *Outer = nullptr;
      for (auto &O : Marked.Loops)
        if (O != ML && O->Accepted && O->Function == ML->Function &&
            !FC.SM.isBeforeInTranslationUnit(ML->Range.getBegin(),
                                             O->Range.getBegin()) &&
            !FC.SM.isBeforeInTranslationUnit(O->Range.getEnd(),
                                             ML->Range.getEnd()))
          Outer = O.get();
      Lost.emplace_back(ML.get(), Outer);
    }
    if (Lost.empty())
      break;
    bool AnyFree = false;
    for (auto &[ML, Outer] : Lost)
      AnyFree |= Outer == nullptr;
    for (auto &[ML, Outer] : Lost) {
      if (AnyFree && Outer)
        continue;
      Rejection R;
      if (Outer) {
        R.Reason = "it is nested in the parallelized loop at line " +
                   std::to_string(FC.line(Outer->For->getForLoc()));
        R.Rule = "mark-loop";
      } else {
        R.Reason = "it is inside a statement that the host code cannot be "
                   "split at (only blocks, if, for, while and do are)";
        R.Rule = "extract-kernel";
      }
      FC.reject(R, ML->For->getForLoc());
      ML->Accepted = false;
      Result.Ranges.erase(ML->Id);
    }
  }

  std::vector<Term> Functions;
  std::set<const FunctionDecl *> DeviceDone;
  // Calls that may leave arrays on the device (rule set hold-calls); their
  // callers become Function terms too.
  std::map<const FunctionDecl *, HeldCalls> Held =
      findHeldCalls(FC, Marked.Loops);
  std::vector<const FunctionDecl *> Hosts = Marked.Functions;
  for (const auto &[FD, Calls] : Held)
    if (std::find(Hosts.begin(), Hosts.end(), FD) == Hosts.end())
      Hosts.push_back(FD);
  // Functions with a standalone enter/exit data or update directive
  // (EnteredData.cpp; rule set entered-data).
  translateDataDirectives(FC);
  // In the order the directives were met (a set of pointers would make
  // the output depend on addresses).
  std::set<const FunctionDecl *> WithDirectives;
  std::vector<const FunctionDecl *> Directed;
  for (const auto &[FD, D] : FC.StandaloneData)
    if (FC.DataDirectives.count(D) && WithDirectives.insert(FD).second)
      Directed.push_back(FD);
  for (const FunctionDecl *FD : FC.AccFunctions)
    if (WithDirectives.insert(FD).second)
      Directed.push_back(FD);
  for (const FunctionDecl *FD : Directed) {
    if (std::find(Hosts.begin(), Hosts.end(), FD) == Hosts.end())
      Hosts.push_back(FD);
    // A destructor's `exit data` before its `free(a)`: the copy back
    // that the unhold owes is dead (rule set drop-dead-copies).
    if (!Held.count(FD))
      if (HeldCalls R = findReleases(FD); !R.empty())
        Held[FD] = std::move(R);
  }
  for (const FunctionDecl *FD : Hosts) {
    llvm::DenseMap<const Stmt *, MarkedLoop *> Map;
    std::vector<MarkedLoop *> Loops;
    for (auto &ML : Marked.Loops)
      if (ML->Accepted && ML->Function == FD) {
        if (!ML->GroupHead)
          Map[ML->Outer] = ML.get();
        Loops.push_back(ML.get());
      }
    auto H = Held.find(FD);
    if (Map.empty() && H == Held.end() && !WithDirectives.count(FD))
      continue;
    if (!Loops.empty())
      linkAliasedArrays(FC, FD, Loops);
    Functions.push_back(
        buildHostFunction(FC, FD, Map, H == Held.end() ? nullptr : &H->second));
  }
  remarkIdleDataRegions(FC);
  for (auto &ML : Marked.Loops) {
    if (ML->Accepted) {
      ++Result.Accepted;
      Result.Assumed += ML->Assumed;
      for (const FunctionDecl *C : ML->Callees)
        collectDevice(FC, C, DeviceDone, Result.DeviceFunctions);
    } else {
      ++Result.Rejected;
    }
  }
  // Constructors that kernels call: rule set device-constructors declares
  // them for both sides (Initialisers.cpp found them).
  for (unsigned Raw : Result.DeviceConstructors)
    Functions.push_back(Term::app(
        "DeviceConstructor", {Term::integer(FC.newId(SourceRange(
                                 SourceLocation::getFromRawEncoding(Raw))))}));
  Result.TranslationUnit =
      Term::app("TranslationUnit", {Term::list(std::move(Functions))});
  return Result;
}

//===----------------------------------------------------------------------===//
// The FrontendAction
//===----------------------------------------------------------------------===//

namespace {

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, const PragmaLog &Log,
           const FrontendOptions &Opts, const ResultCallback &Callback)
      : CI(CI), Log(Log), Opts(Opts), Callback(Callback) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred()) {
      Callback(CI, llvm::createStringError(llvm::inconvertibleErrorCode(),
                                           "the translation unit has errors"));
      return;
    }
    Callback(CI, buildTerms(Ctx, Log, Opts));
  }

private:
  CompilerInstance &CI;
  const PragmaLog &Log;
  const FrontendOptions &Opts;
  const ResultCallback &Callback;
};

class Action : public ASTFrontendAction {
public:
  Action(FrontendOptions Opts, ResultCallback Callback)
      : Opts(std::move(Opts)), Callback(std::move(Callback)) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    Log.Pragmas.clear();
    registerPragmas(CI.getPreprocessor(), Log);
    return std::make_unique<Consumer>(CI, Log, Opts, Callback);
  }

private:
  FrontendOptions Opts;
  ResultCallback Callback;
  PragmaLog Log;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(FrontendOptions Opts, ResultCallback Callback)
      : Opts(std::move(Opts)), Callback(std::move(Callback)) {}
  std::unique_ptr<FrontendAction> create() override {
    return makeFrontendAction(Opts, Callback);
  }

private:
  FrontendOptions Opts;
  ResultCallback Callback;
};

} // namespace

std::unique_ptr<FrontendAction> makeFrontendAction(FrontendOptions Opts,
                                                   ResultCallback Callback) {
  return std::make_unique<Action>(std::move(Opts), std::move(Callback));
}

std::unique_ptr<tooling::FrontendActionFactory>
makeFrontendActionFactory(FrontendOptions Opts, ResultCallback Callback) {
  return std::make_unique<Factory>(std::move(Opts), std::move(Callback));
}

const std::vector<std::pair<std::string, std::string>> &frontendSteps() {
  static const std::vector<std::pair<std::string, std::string>> Steps = {
      {"inner-loops", "a rejected marked loop runs in order on the host, the "
                      "loops of its body on the GPU (InnerLoops.cpp)"},
      {"interchange-loops", "a rejected marked loop runs interchanged with the "
                            "one loop of its body (InnerLoops.cpp)"},
      {"distribute-loops", "a rejected marked loop runs as one loop per "
                           "independent part of its body (Distribute.cpp)"},
      {"peel-statements",
       "an accepted marked loop whose body is statements and then a loop "
       "runs as two loops, so that the inner loop gets a grid axis "
       "(Distribute.cpp)"},
      {"serial-kernels", "with inner-loops: the other statements of the "
                         "body run in kernels of one thread "
                         "(SerialKernels.cpp)"},
      {"launch-work", "marked loops too small for their launches stay on the "
                      "CPU (LaunchWork.cpp, --min-launch-work)"},
      {"inner-simd", "an 'omp simd' or 'omp loop' inside a marked loop runs "
                     "as its loop, in order, in each GPU thread "
                     "(InnerSimd.cpp)"},
      {"allocation-record",
       "an array whose subscripts give no count and whose allocation the "
       "file does not show takes the heap block it starts, from the record "
       "of the program's allocations at run time; the loop runs on the host "
       "when it starts none (Arrays.cpp, runtime/loop2cuda_allocs.h)"}};
  return Steps;
}

} // namespace l2c
