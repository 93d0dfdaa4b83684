//===- Host.cpp - Host statements as opaque terms -------------------------===//
//
// Each function body that holds a marked loop becomes Function(name, id,
// [items]): marked loops, host loops, blocks, regions and data regions that
// hold them, and every other statement as Host(id, [reads], [writes]), with
// the read and write sets of HostAccesses.cpp. docs/term-vocabulary.md
// names the terms.
//
//===----------------------------------------------------------------------===//

#include "frontend/host/HostAccesses.h"
#include "frontend/Internal.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

#include <functional>
#include <set>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

class HostBuilder {
public:
  HostBuilder(FrontendContext &FC, const FunctionDecl *FD,
              const llvm::DenseMap<const Stmt *, MarkedLoop *> &Loops,
              const HeldCalls *Calls)
      : FC(FC), FD(FD), Loops(Loops), Calls(Calls), Access(FC) {
    // The arrays of the function's kernels: host statements in host loops
    // around kernels may touch them in boxes (HostBoxes.cpp).
    for (const auto &[S, ML] : Loops)
      forEachSubterm(ML->Loop, [&](const Term &X) {
        if (X.isApp("Array") && X.arity() > 0 && X[0].is(Term::Ident))
          KernelArrays.insert(X[0].name());
        return true;
      });
    for (const auto &[S, ML] : Loops)
      for (const ArrayVar &A : ML->Arrays)
        if (const VarDecl *B = standInBase(A.Var))
          MembersOf[B->getNameAsString()].push_back(A.Var->getNameAsString());
  }

  Term build() {
    const Stmt *Body = FD->getBody();
    Access.findAliases(Body);
    int64_t Id =
        FC.newId(SourceRange(FC.SM.getExpansionLoc(Body->getBeginLoc()),
                             FC.SM.getExpansionLoc(Body->getEndLoc())));
    Term Items = items(Body);
    for (const auto &[S, D] : FC.DataDirectives)
      if (D.Function == FD)
        FC.Result.GlueNames[Id].insert(D.HostNames.begin(), D.HostNames.end());
    // The kernels' arrays as host code names them (m->u for the stand-in
    // m_u; a vector's elements start at its data()).
    for (const auto &[S, ML] : Loops)
      for (const ArrayVar &A : ML->Arrays) {
        QualType T = A.Var->getType().getNonReferenceType();
        std::string Host = hostName(A.Var);
        if (isStdVector(T) || isStdArray(T))
          Host += ".data()";
        if (!isMemberRows(A.Var) && Host != A.Var->getNameAsString())
          FC.Result.GlueNames[Id].insert({A.Var->getNameAsString(), Host});
      }
    return Term::app("Function", {Term::ident(FD->getNameAsString()),
                                  Term::integer(Id), std::move(Items)});
  }

private:
  FrontendContext &FC;
  const FunctionDecl *FD;
  const llvm::DenseMap<const Stmt *, MarkedLoop *> &Loops;
  const HeldCalls *Calls;
  llvm::DenseMap<const Stmt *, bool> ContainsCache;
  HostAccesses Access;
  std::set<std::string> KernelArrays;
  /// Struct variable -> the kernels' arrays that are its members (m -> m_u).
  std::map<std::string, std::vector<std::string>> MembersOf;
  /// Host loops (that hold kernels) and data regions around the statement
  /// being built.
  int HostLoopDepth = 0;

  void rw(const Stmt *S, RWSet &Out) { Access.rw(S, Out); }
  Term setTerm(const RWSet &S, const std::set<std::string> &Names) const {
    if (&Names != &S.W || MembersOf.empty())
      return HostAccesses::setTerm(S, Names);
    // A statement that gives m another value (`mesh_t *m = mesh_new()`)
    // writes the kernels' members of m (m_u) too: holds and copies of them
    // stay below it.
    RWSet W = S;
    for (const std::string &N : S.W)
      if (auto It = MembersOf.find(N); It != MembersOf.end())
        for (const std::string &M : It->second) {
          W.W.insert(M);
          if (S.Rebound.count(N))
            W.Rebound.insert(M);
        }
    return HostAccesses::setTerm(W, W.W);
  }
  //===--- items
  //-----------------------------------------------------------===//

  bool contains(const Stmt *S) {
    if (!S)
      return false;
    if (Loops.count(S) || (Calls && Calls->count(S)) ||
        FC.DataDirectives.count(S) || holdsAccDirective(S))
      return true;
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return contains(CS->getCapturedStmt());
    auto It = ContainsCache.find(S);
    if (It != ContainsCache.end())
      return It->second;
    bool R = false;
    for (const Stmt *C : S->children())
      if (contains(C)) {
        R = true;
        break;
      }
    ContainsCache[S] = R;
    return R;
  }

  /// Whether S holds a kernel or a call that leaves arrays on the device.
  bool holdsKernel(const Stmt *S) {
    if (!S)
      return false;
    if (Loops.count(S) || (Calls && Calls->count(S)))
      return true;
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return holdsKernel(CS->getCapturedStmt());
    for (const Stmt *C : S->children())
      if (holdsKernel(C))
        return true;
    return false;
  }

  /// The translated OpenACC data directives of FD (EnteredData.cpp).
  const std::vector<
      std::pair<const LoopPragma *, FrontendContext::DataDirective>> *
  accDirectives() const {
    auto It = FC.AccDirectives.find(FD);
    return It == FC.AccDirectives.end() ? nullptr : &It->second;
  }

  bool within(SourceLocation L, SourceLocation B, SourceLocation E) const {
    return FC.SM.isPointWithin(L, FC.SM.getExpansionLoc(B),
                               FC.SM.getExpansionLoc(E));
  }

  /// Whether the text of S holds one of FD's OpenACC data directives.
  bool holdsAccDirective(const Stmt *S) const {
    if (const auto *Ds = accDirectives())
      for (const auto &[P, D] : *Ds)
        if (within(P->Loc, S->getBeginLoc(), S->getEndLoc()))
          return true;
    return false;
  }

  /// Host(id, [markers, arrays], [arrays]) for each OpenACC data directive
  /// of FD whose line lies between From and To (a block's statements).
  void pushAccDirectives(std::vector<Term> &Out, SourceLocation From,
                         SourceLocation To) {
    const auto *Ds = accDirectives();
    if (!Ds)
      return;
    for (const auto &[P, D] : *Ds) {
      if (!within(P->Loc, From, To))
        continue;
      Out.push_back(directiveTerm(FC.newId(SourceRange(P->Loc, P->EndLoc)), D));
    }
  }

  /// Host(id, [markers : arrays], [arrays]): a standalone data directive
  /// (EnteredData.cpp). Its arrays count as read and written, so that
  /// copies stay on their own side of it (rule set entered-data).
  static Term directiveTerm(int64_t Id,
                            const FrontendContext::DataDirective &D) {
    std::vector<Term> Reads = D.Markers, Writes;
    for (const std::string &A : D.Arrays) {
      Reads.push_back(Term::ident(A));
      Writes.push_back(Term::ident(A));
    }
    return Term::app("Host", {Term::integer(Id), Term::list(std::move(Reads)),
                              Term::list(std::move(Writes))});
  }

  Term items(const Stmt *S) {
    std::vector<Term> Out;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
      std::vector<const Stmt *> Body(CS->body_begin(), CS->body_end());
      SourceLocation From = CS->getLBracLoc();
      for (size_t I = 0; I < Body.size(); ++I) {
        // OpenACC data directives on the lines before Body[I].
        pushAccDirectives(Out, From, Body[I]->getBeginLoc());
        auto DR = FC.DataRegions.find(Body[I]);
        if (DR != FC.DataRegions.end() && DR->second.Exit) {
          auto End = std::find(Body.begin() + I, Body.end(), DR->second.Exit);
          std::vector<const Stmt *> Inner(Body.begin() + I + 1, End);
          if (End != Body.end() &&
              llvm::any_of(Inner, [&](const Stmt *C) { return contains(C); })) {
            Out.push_back(enterExitRegion(Body[I], DR->second, Inner));
            I = End - Body.begin();
            From = Body[I]->getEndLoc();
            continue;
          }
        }
        I += pushItem(Out, Body[I]) - 1;
        From = Body[I]->getEndLoc();
      }
      pushAccDirectives(Out, From, CS->getRBracLoc());
    } else if (S) {
      pushItem(Out, S);
    }
    return Term::list(std::move(Out));
  }

  /// The statements Inner between a `target enter data` directive and its
  /// `exit data`: a HostData over both directives' lines.
  Term enterExitRegion(const Stmt *Enter, FrontendContext::DataRegion &R,
                       const std::vector<const Stmt *> &Inner) {
    SourceRange Range(FC.SM.getExpansionLoc(R.Begin),
                      stmtRange(FC, R.Exit).getEnd());
    int64_t Id = FC.newId(Range);
    FC.Result.RegionEnds[Id] = FC.SM.getExpansionLoc(R.Exit->getBeginLoc());
    R.Translated = true;
    std::vector<Term> Arrays, Items;
    for (const std::string &A : R.Arrays)
      Arrays.push_back(Term::ident(A));
    ++HostLoopDepth;
    SourceLocation From = Enter->getEndLoc();
    for (size_t I = 0; I < Inner.size(); ++I) {
      pushAccDirectives(Items, From, Inner[I]->getBeginLoc());
      I += pushItem(Items, Inner[I]) - 1;
      From = Inner[I]->getEndLoc();
    }
    pushAccDirectives(Items, From, R.Exit->getBeginLoc());
    --HostLoopDepth;
    return Term::app("HostData",
                     {Term::integer(Id), Term::list(std::move(Arrays)),
                      Term::list(std::move(Items))});
  }

  /// item(S), then the launches of the other parts of a loop that the
  /// front end split (Distribute.cpp), which replace S together. Returns
  /// how many statements from S on it stands for: more than one for a
  /// kernel of one thread, which replaces a run (SerialKernels.cpp).
  size_t pushItem(std::vector<Term> &Out, const Stmt *S) {
    Out.push_back(item(S));
    auto L = Loops.find(S);
    if (L == Loops.end())
      return 1;
    for (const MarkedLoop *M : L->second->Group)
      Out.push_back(M->Loop);
    return L->second->Spans;
  }

  Term item(const Stmt *S) {
    auto L = Loops.find(S);
    if (L != Loops.end())
      return L->second->Loop;
    // A rejected OpenMP loop directive whose loop holds loops that go to
    // the GPU (InnerLoops.cpp): the loop runs in order on the host, and the
    // directive's line becomes a comment.
    if (const auto *D = dyn_cast<OMPLoopDirective>(S))
      if (const auto *F = dyn_cast_or_null<ForStmt>(ompBody(D));
          F && contains(F)) {
        Term T = item(F);
        if (T.isApp("HostLoop", 4) && T[0].is(Term::Int))
          FC.Result.InOrderLoops[T[0].intValue()] =
              FC.SM.getExpansionLoc(D->getBeginLoc());
        return T;
      }
    int64_t Id = FC.newId(stmtRange(FC, S));
    RWSet Set;
    auto C = Calls ? Calls->find(S) : HeldCalls::const_iterator();
    if (Calls && C != Calls->end()) {
      // A call that hands arrays to a function using them only in its
      // kernels, or a swap of two allocations: Pass(a) or Exchange(a, b)
      // first in its read set (rule set hold-calls).
      rw(S, Set);
      std::vector<Term> Reads = C->second;
      Term Rest = setTerm(Set, Set.R);
      for (const Term &R : Rest.args())
        Reads.push_back(R);
      return Term::app("Host", {Term::integer(Id), Term::list(std::move(Reads)),
                                setTerm(Set, Set.W)});
    }
    if (auto DD = FC.DataDirectives.find(S); DD != FC.DataDirectives.end())
      return directiveTerm(Id, DD->second);
    if (!contains(S)) {
      rw(S, Set);
      Term Reads = setTerm(Set, Set.R);
      if (HostLoopDepth > 0)
        if (std::vector<Term> Boxes = hostBoxMarkers(FC, FD, S, KernelArrays);
            !Boxes.empty() && Reads.is(Term::List)) {
          // Elements(a, all, written) first: rule set host-boxes.
          for (const Term &R : Reads.args())
            Boxes.push_back(R);
          Reads = Term::list(std::move(Boxes));
        }
      return Term::app(
          "Host", {Term::integer(Id), std::move(Reads), setTerm(Set, Set.W)});
    }
    // A data region: its range starts at the pragma, whose line goes.
    auto DR = FC.DataRegions.find(S);
    if (DR != FC.DataRegions.end()) {
      FC.Result.Ranges[Id].setBegin(FC.SM.getExpansionLoc(DR->second.Begin));
      // A region with data directives but no kernel keeps its remark.
      if (holdsKernel(S))
        DR->second.Translated = true;
      std::vector<Term> Arrays;
      for (const std::string &A : DR->second.Arrays)
        Arrays.push_back(Term::ident(A));
      // Host statements of a data region may touch boxes of its arrays,
      // as in a host loop.
      ++HostLoopDepth;
      Term Body = items(DR->second.Body);
      --HostLoopDepth;
      return Term::app(
          "HostData", {Term::integer(Id), Term::list(std::move(Arrays)), Body});
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return Term::app("HostBlock", {Term::integer(Id), items(CS)});
    // An `omp parallel` region that holds accepted `omp for` loops, or a
    // `target` / `teams` region of loop directives: its body runs once, the
    // directive line goes (OpenMPRegions.cpp, OpenMPTarget.cpp).
    if (isa<OMPParallelDirective>(S) || FC.DeviceRegions.count(S)) {
      // Nothing silent: what runs between its loops now runs once, in order
      // (a race of OpenMP threads there, as master's `a = 0` before an
      // unsynchronised loop, takes the sequential order).
      if (isa<OMPParallelDirective>(S))
        FC.remark(S->getBeginLoc(),
                  "the parallel region runs once, on one host thread, its "
                  "worksharing loops on the GPU; its other statements run "
                  "in order around them",
                  "mark-loop");
      return Term::app(
          "HostRegion",
          {Term::integer(Id), items(ompBody(cast<OMPExecutableDirective>(S)))});
    }
    const Stmt *Body = nullptr;
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      if (auto H = hostLoopHeader(FC, F))
        FC.Result.LoopHeaders[Id] = *H;
      rw(F->getInit(), Set);
      rw(F->getConditionVariableDeclStmt(), Set);
      rw(F->getCond(), Set);
      rw(F->getInc(), Set);
      Body = F->getBody();
    } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
      rw(W->getConditionVariableDeclStmt(), Set);
      rw(W->getCond(), Set);
      Body = W->getBody();
    } else if (const auto *D = dyn_cast<DoStmt>(S)) {
      rw(D->getCond(), Set);
      Body = D->getBody();
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
      rw(R->getInit(), Set);
      rw(R->getRangeInit(), Set);
      rw(R->getLoopVarStmt(), Set);
      Body = R->getBody();
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      rw(If->getInit(), Set);
      rw(If->getConditionVariableDeclStmt(), Set);
      rw(If->getCond(), Set);
      return Term::app("HostIf", {Term::integer(Id), setTerm(Set, Set.R),
                                  setTerm(Set, Set.W), items(If->getThen()),
                                  items(If->getElse())});
    } else {
      // findReachable demotes loops inside other statements; be safe.
      rw(S, Set);
      return Term::app("Host", {Term::integer(Id), setTerm(Set, Set.R),
                                setTerm(Set, Set.W)});
    }
    ++HostLoopDepth;
    Term BodyItems = items(Body);
    --HostLoopDepth;
    return Term::app("HostLoop", {Term::integer(Id), setTerm(Set, Set.R),
                                  setTerm(Set, Set.W), std::move(BodyItems)});
  }
};

} // namespace

Term buildHostFunction(FrontendContext &FC, const FunctionDecl *FD,
                       const llvm::DenseMap<const Stmt *, MarkedLoop *> &Loops,
                       const HeldCalls *Calls) {
  return HostBuilder(FC, FD, Loops, Calls).build();
}

} // namespace detail
} // namespace l2c
