//===- Analysis.cpp - Marked loops to terms -------------------------------===//
//
// For a marked loop: its shape, the kernel body as a full term, free
// variables (kernel parameters), arrays with extents and access modes,
// reductions, and the dependence test on array subscripts. This file
// drives the steps; LoopAnalyzer.h lists where each lives.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace l2c {
namespace detail {

/// The variables named Names that S refers to.
static void namedVars(const Stmt *S, const std::set<std::string> &Names,
                      std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl());
        V && Names.count(V->getNameAsString()))
      Out.insert(V);
  for (const Stmt *C : S->children())
    namedVars(C, Names, Out);
}

/// The first use in S of an OpenMP threadprivate variable, if any.
static const DeclRefExpr *threadPrivateUse(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl());
        V && V->hasAttr<OMPThreadPrivateDeclAttr>())
      return DR;
  for (const Stmt *C : S->children())
    if (const DeclRefExpr *DR = threadPrivateUse(C))
      return DR;
  return nullptr;
}

bool LoopAnalyzer::pragmaClauses(const Stmt *Body) {
  for (const LoopPragma *P : {ML.Pragma, ML.AccRegion}) {
    if (!P)
      continue;
    if (!P->Invalid.empty()) {
      FC.reject(Rejection{P->Invalid, "mark-loop", P->InvalidLoc},
                ML.For->getForLoc());
      return false;
    }
    for (auto &[Op, Var] : P->Reductions)
      ClauseReductions[Var] = Op;
    for (auto &[Var, Length] : P->ReductionSections)
      ClauseSections[Var] = Length;
    for (auto &[Loc, Msg] : P->Ignored)
      FC.remark(Loc, Msg, "mark-loop");
    std::set<const VarDecl *> Vars;
    namedVars(Body, {P->Private.begin(), P->Private.end()}, Vars);
    for (const VarDecl *V : Vars)
      if (V != Index && !Locals.count(V)) {
        Locals.insert(V);
        Privates.push_back(V);
      }
    Vars.clear();
    namedVars(Body, {P->FirstPrivate.begin(), P->FirstPrivate.end()}, Vars);
    FirstPrivates.insert(Vars.begin(), Vars.end());
  }
  for (const LoopPragma *P : ML.BodyPragmas) {
    std::string Why = "'#pragma acc " + P->Directive + "' at line " +
                      std::to_string(FC.line(P->Loc)) +
                      " is not translated in loops that go to the GPU";
    if (P->Directive == "atomic")
      Why += " (the update it guards would race there)";
    FC.reject(Rejection{Why, "mark-loop", P->Loc}, ML.For->getForLoc());
    return false;
  }
  return true;
}

std::string LoopAnalyzer::methodWriteReason(const VarDecl *V) {
  const CXXMemberCallExpr *MC = Info[V].MethodWrite;
  const CXXMethodDecl *MD = MC->getMethodDecl();
  return "'" + FC.pretty(MC) + "' calls '" +
         (MD ? MD->getNameAsString() : std::string("?")) +
         "', a member function of '" + V->getNameAsString() +
         "' that is not const, so every iteration may change '" +
         V->getNameAsString() +
         "' (of methods, loop2cuda reads only element accessors, `T &e(int "
         "i) { return m[i]; }`, as arrays)";
}

bool LoopAnalyzer::run() {
  if (!shape()) {
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  if (!ML.Omp && isa_and_nonnull<Expr>(ML.For->getInit()) && ML.Function &&
      usedOutsideLoop(ML.Function->getBody(), Index)) {
    reject(ML.For->getForLoc(),
           "loop index '" + Index->getNameAsString() +
               "' is used outside the loop, where the kernel leaves it unset; "
               "declare it in the loop header",
           "loop-shape");
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  const Stmt *Body = ML.For->getBody();
  // Each OpenMP thread has its own copy of a threadprivate variable, and
  // what the loop leaves in the copies depends on which thread ran which
  // iterations; one shared copy on the GPU is another program.
  if (const DeclRefExpr *TP = threadPrivateUse(Body)) {
    reject(TP->getLocation(),
           "'" + TP->getDecl()->getNameAsString() +
               "' is threadprivate: each OpenMP thread has its own copy, "
               "which the kernel does not model",
           "mark-loop");
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  collectLocals(Body);
  findRowPointers(Body);
  if (ML.Omp) {
    LoopClauses Clauses;
    if (auto R = readOpenMPClauses(FC, ML.Omp->clauses(), Clauses)) {
      FC.reject(*R, ML.For->getForLoc());
      return false;
    }
    // `#pragma omp target map(...)` around the loop directive.
    if (const auto *T = dyn_cast<OMPExecutableDirective>(ML.Outer);
        T && T != ML.Omp)
      if (auto R = readOpenMPClauses(FC, T->clauses(), Clauses)) {
        FC.reject(*R, ML.For->getForLoc());
        return false;
      }
    remarkIgnoredClauses(FC, Clauses);
    ML.Extents.insert(ML.Extents.end(), Clauses.Maps.begin(),
                      Clauses.Maps.end());
    // The loop's own index is private already: the kernel declares it. A
    // name the body never means (private(i) of an outer i, hidden by the
    // loop's `for (int i ...)`) needs no copy, which would hide the index.
    for (const VarDecl *V : Clauses.Private)
      if (V != Index && !Locals.count(V) && mentions(Body, V)) {
        Locals.insert(V);
        Privates.push_back(V);
      }
    for (auto &[Op, V] : Clauses.Reductions)
      ClauseReductions[V->getNameAsString()] = Op;
    for (auto &[Op, V] : Clauses.InScan)
      InScanClause[V->getNameAsString()] = Op;
    for (auto &[V, Length] : Clauses.Sections)
      ClauseSections[V->getNameAsString()] = Length;
    FirstPrivates.insert(Clauses.FirstPrivate.begin(),
                         Clauses.FirstPrivate.end());
    // A lastprivate scalar is private in the kernel; lastPrivateSlots
    // brings the last iteration's value back.
    LastPrivates = Clauses.LastPrivate;
    for (const VarDecl *V : LastPrivates)
      if (V != Index && !Locals.count(V)) {
        Locals.insert(V);
        Privates.push_back(V);
      }
  }
  // private(...) on the enclosing `omp parallel`: private to each thread of
  // the region, so to each iteration of its loops.
  if (ML.Region) {
    for (const auto *C : ML.Region->getClausesOfKind<OMPPrivateClause>())
      for (const Expr *E : C->varlists())
        if (const VarDecl *V = refVar(E);
            V && V != Index && !Locals.count(V) && mentions(Body, V)) {
          Locals.insert(V);
          Privates.push_back(V);
        }
    for (const auto *C : ML.Region->getClausesOfKind<OMPFirstprivateClause>())
      for (const Expr *E : C->varlists())
        if (const VarDecl *V = refVar(E))
          FirstPrivates.insert(V);
    // An array declared in the region is private to each thread as well
    // (doitgen's `double sum_local[NP];` before the `omp for`).
    for (const VarDecl *V : regionPrivateArrays(Body)) {
      Locals.insert(V);
      Privates.push_back(V);
      FC.remark(V->getLocation(),
                "'" + V->getNameAsString() +
                    "' is declared in the parallel region at line " +
                    std::to_string(FC.line(ML.Region->getBeginLoc())) +
                    ": each thread has its own, so each iteration of the "
                    "loop at line " +
                    std::to_string(FC.line(ML.For->getForLoc())) +
                    " gets its own, as with private(" + V->getNameAsString() +
                    ")",
                "mark-loop");
    }
  }
  // A private pointer the loop uses without giving it a value: OpenMP's
  // private copy is uninitialised, so every thread would write through a
  // garbage pointer (the kernel's copy would be uninitialised as well). A
  // C array parameter (`double sum[np]`) is such a pointer.
  for (const VarDecl *V : Privates)
    if (V->getType().getCanonicalType()->isPointerType() && mentions(Body, V) &&
        !writesVar(Body, V)) {
      FC.reject(Rejection{"'" + V->getNameAsString() +
                              "' is private but a pointer the loop never "
                              "assigns: each thread's copy is uninitialised "
                              "in OpenMP (a C array parameter is a pointer); "
                              "declare the array inside the loop to give "
                              "each iteration its own",
                          "mark-loop", ML.For->getForLoc()},
                ML.For->getForLoc());
      return false;
    }
  if (!pragmaClauses(Body))
    return false;
  // A scan's statements are known before the accesses are collected: the
  // running value is carried by the scan, not read across iterations.
  if (!findScan(Body)) {
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }

  findCandidates();
  findUpdates(Body);
  indexReadAfter();
  // After a `continue` of the loop, no access happens in every iteration.
  bool Continues = continuesLoop(Body);
  CondDepth = Continues;
  scanStmt(Body);
  CondDepth = 0;
  if (ViewProblem) {
    FC.reject(*ViewProblem, ML.For->getForLoc());
    return false;
  }
  if (ML.RangeFor) {
    // Through a non-const reference the loop may write the element.
    QualType T = ML.RangeFor->getLoopVariable()->getType();
    rangeAccess(ML.RangeFor->getRangeInit(),
                T->isReferenceType() &&
                        !T.getNonReferenceType().isConstQualified()
                    ? ReadWrite
                    : Read);
  }
  collectNestIndices(Body);
  for (unsigned K = 0; K < CollapsedCount; ++K)
    if (!NestIndices.count(Candidates[K].Index)) {
      const VarDecl *V = Candidates[K].Index;
      reject(Info[V].FirstWrite,
             "loop index '" + V->getNameAsString() +
                 "' of a collapsed loop is modified in the loop body",
             "loop-shape");
      FC.reject(*Err, ML.For->getForLoc());
      return false;
    }
  if (!flatVlaRows()) {
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  // The values of the updates were converted before the rows of variable
  // length were known: again, so that A[i][k] becomes A[i * n + k].
  if (!Conv.FlatRows.empty()) {
    for (auto &[S, U] : Updates)
      if (auto Again = matchUpdate(S))
        U.Value = Again->Value;
    for (auto &[S, H] : HistUpdates)
      if (auto Again = matchHistogram(S))
        H.Value = Again->Value;
  }
  // Conversion errors first (jumps, calls, unsupported constructs) since
  // they explain the rest; then the index, scalars, arrays.
  Conv.AllowTopContinue = !Scan;
  Conv.list(Body);
  if (Conv.Err) {
    FC.reject(*Conv.Err, ML.For->getForLoc());
    return false;
  }
  // Arrays of the file that the functions the loop calls read: the kernel
  // takes them as it takes the loop's own, and hands them on. Where the
  // loop itself writes one, the dependence test sees the functions' reads
  // where their subscripts tell (CalleeAccesses.cpp), and otherwise cannot
  // (a use other than through a subscript).
  for (const VarDecl *G : Conv.GlobalArrays)
    if (!Locals.count(G)) {
      use(G, Read, ML.For->getForLoc());
      if (!CalleeGlobalsRead.count(G) || CalleeGlobalsUnread.count(G))
        Info[G].OtherUse = true;
    }
  if (Info.count(Index) && Info[Index].Writes) {
    reject(Info[Index].FirstWrite,
           "loop index '" + Index->getNameAsString() +
               "' is modified in the loop body",
           "loop-shape");
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  std::set<std::string> BoundVars;
  collectVarNames(Marked.Ub, BoundVars);
  for (const VarDecl *V : Free)
    if (BoundVars.count(V->getNameAsString()) && Info[V].Writes) {
      if (const CXXMemberCallExpr *MC = Info[V].MethodWrite)
        reject(MC->getExprLoc(),
               "the loop bound may change in the loop: " + methodWriteReason(V),
               "loop-shape");
      else
        reject(Info[V].FirstWrite,
               "the loop bound changes in the loop ('" + V->getNameAsString() +
                   "' is written)",
               "loop-shape");
      FC.reject(*Err, ML.For->getForLoc());
      return false;
    }

  // Inner loops that share the grid: the kernel then computes every loop's
  // bounds itself, so the marked loop's bounds become parameters too.
  unsigned Mapped = ML.Serial ? 0 : provenCandidates();
  if (Mapped) {
    // The kernel evaluates the marked loop's bounds too: they must be
    // device code (`v.size()` is not).
    Converter Probe(FC, true);
    Probe.expr(Marked.Lb);
    Probe.expr(Marked.Ub);
    if (Probe.Err)
      Mapped = 0;
  }
  if (CollapsedCount && (!Updates.empty() || !ClauseReductions.empty()))
    FC.remark(ML.For->getForLoc(),
              "collapse(" + std::to_string(CollapsedCount + 1) +
                  ") runs as the outer loop only: with a reduction, the inner "
                  "loops run in order in each thread",
              "map-nest");
  // The last iteration is the thread's with l2c_k == l2c_count - 1: only
  // the one-dimensional kernel has it.
  bool OneAxis = !LastPrivates.empty() || !Marked.lbExact() || ML.RangeFor ||
                 Conv.Iterator || Scan || Continues;
  if (OneAxis)
    Mapped = 0;
  // Or an inner loop run in pieces, which rules can gather (SinkLoops.cpp).
  LoopBounds SinkJ;
  bool Sink = !Mapped && !OneAxis && sinkable(SinkJ);
  if (Sink) {
    Converter Probe(FC, true);
    Probe.expr(Marked.Lb);
    Probe.expr(Marked.Ub);
    Sink = !Probe.Err;
  }
  if (Sink) {
    scan(Marked.Lb, Read);
    scan(Marked.Ub, Read);
  }
  if (Mapped) {
    scan(Marked.Lb, Read);
    scan(Marked.Ub, Read);
  }

  if (auto Type = kernelTypeProblem(ML.For, ML.Function)) {
    reject(ML.For->getForLoc(), Type->first, "extract-kernel");
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  if (auto Clash = arrayNameClash(Free.getArrayRef(), ML.Function)) {
    reject(ML.For->getForLoc(), *Clash, "extract-kernel");
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  // Members become kernel parameters, and the launch passes them, by their
  // names: a local of the function with the same name would take their
  // place.
  for (const VarDecl *V : Free)
    if (const VarDecl *B = standInBase(V); B && Locals.count(B)) {
      const FieldDecl *F = standInField(V);
      bool Pointer = F && F->getType()->isPointerType();
      reject(ML.For->getForLoc(),
             "'" + hostName(V) + "' is " +
                 (Pointer ? "a pointer" : "an array") + " member of '" +
                 B->getNameAsString() +
                 "', which is declared in the loop; kernels take such "
                 "members only from structs declared outside it",
             "extract-kernel");
      FC.reject(*Err, ML.For->getForLoc());
      return false;
    }
  for (const VarDecl *V : Free)
    if (isMemberVar(V) && ML.Function &&
        declaresName(ML.Function, V->getNameAsString())) {
      reject(ML.For->getForLoc(),
             "the member '" + V->getNameAsString() +
                 "' has the name of a parameter or local variable of '" +
                 ML.Function->getNameAsString() + "'; rename one of them",
             "extract-kernel");
      FC.reject(*Err, ML.For->getForLoc());
      return false;
    }

  std::vector<Term> Params, Arrays, Reds, SlotParams, Stores;
  bool Ok = elementReferences() && checkScalars(Params, Reds) &&
            lastPrivateSlots(SlotParams, Arrays, Stores);
  if (Ok)
    flagSlots(SlotParams, Arrays);
  for (const VarDecl *V : Free) {
    if (!Ok)
      break;
    if (isArrayLike(V) && !Views.count(V))
      Ok = ClauseReductions.count(V->getNameAsString())
               ? checkHistogram(V, Params, Arrays)
               : checkArray(V, Params, Arrays);
  }
  std::vector<Term> ViewDecls;
  if (Ok)
    Ok = viewParams(Params, ViewDecls);
  if (Ok)
    Ok = checkOverlap();
  if (Ok)
    Ok = checkProbes(Mapped != 0, Sink);
  // An atomic update that no reduction took would race in the kernel.
  for (const Stmt *X : Conv.AtomicUpdates)
    if (Ok && !Conv.Overrides.count(X) && !OwnElementUpdates.count(X))
      Ok = reject(X->getBeginLoc(),
                  "the atomic update '" + FC.text(X->getSourceRange()) +
                      "' is not a reduction the GPU can run",
                  "reduction");
  if (!Ok) {
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  // Params in order of first use: checkScalars and checkArray appended them
  // by kind; restore the order of Free.
  std::vector<Term> Ordered;
  for (const VarDecl *V : Free)
    for (const Term &P : Params)
      if (P[0].name() == V->getNameAsString() ||
          P[0].name() == "l2c_view_" + V->getNameAsString()) {
        Ordered.push_back(P);
        break;
      }
  Ordered.insert(Ordered.end(), SlotParams.begin(), SlotParams.end());
  std::string SizeT = FC.typeStr(FC.Ctx.getSizeType());
  for (const VarDecl *V : Conv.SizeParams) {
    std::string Name = "l2c_size_" + V->getNameAsString();
    if (std::string Host = hostName(V); Host != V->getNameAsString())
      HostArgs[Name] = Host + ".size()"; // a member vector: s.v.size()
    Ordered.push_back(
        Term::app("Param", {Term::ident(Name), Term::string(SizeT)}));
  }
  for (const VarDecl *V : Conv.RowSizeParams)
    Ordered.push_back(
        Term::app("Param", {Term::ident("l2c_rowsizes_" + V->getNameAsString()),
                            Term::string("const " + SizeT + " *")}));

  std::vector<Term> PrivateDecls;
  for (const VarDecl *V : Privates) {
    bool OnGrid = false;
    for (unsigned K = 0; K < Mapped; ++K)
      OnGrid |= Candidates[K].Index == V;
    if (OnGrid)
      continue;
    // private(tmp) of `int tmp[4]`: each thread's own array.
    QualType T = V->getType();
    const auto *CAT = FC.Ctx.getAsConstantArrayType(T);
    if (T->isArrayType() && (!CAT || CAT->getElementType()->isArrayType())) {
      reject(ML.For->getForLoc(),
             "private array '" + V->getNameAsString() + "' of type '" +
                 FC.typeStr(T) +
                 "': only one-dimensional arrays of constant size can be "
                 "private on the device",
             "extract-kernel");
      FC.reject(*Err, ML.For->getForLoc());
      return false;
    }
    if (CAT)
      PrivateDecls.push_back(Term::app(
          "ArrayDecl", {Term::ident(V->getNameAsString()),
                        Term::string(FC.typeStr(CAT->getElementType())),
                        Term::integer(CAT->getSize().getZExtValue())}));
    else
      PrivateDecls.push_back(
          Term::app("Decl", {Term::ident(V->getNameAsString()),
                             Term::string(FC.typeStr(T))}));
  }

  // The views' members point at the device before anything else.
  PrivateDecls.insert(PrivateDecls.begin(), ViewDecls.begin(), ViewDecls.end());

  // A row pointer into an array the kernel only reads (a const parameter).
  for (auto &[V, R] : RowPointers)
    for (const ArrayVar &A : ML.Arrays)
      if (A.Var == R.Array && !A.Written)
        Conv.ConstPointees.insert(V);

  SourceLocation ForLoc = ML.For->getForLoc();
  std::string Name;
  if (ML.Pragma && !ML.Pragma->Name.empty()) {
    Name = ML.Pragma->Name;
  } else {
    std::string Fn = ML.Function ? ML.Function->getNameAsString() : "loop";
    for (char &C : Fn)
      if (!isalnum(static_cast<unsigned char>(C)) && C != '_')
        C = '_';
    Name = Fn + "_L" + std::to_string(FC.line(ForLoc));
    if (ML.Part)
      Name += "_part" + std::to_string(ML.Part);
    if (ML.Serial)
      Name += "_serial";
  }
  SourceLocation Begin =
      ML.Pragma ? ML.Pragma->Loc : stmtRange(FC, ML.Outer).getBegin();
  // `#ifdef GPU / #pragma omp target ... / #else / #pragma omp parallel
  // for / #endif` before the loop: the replacement starts at the loop, so
  // that the conditional stays whole, and the pragma lines become comments.
  std::vector<SourceLocation> GapPragmas;
  const Stmt *Source = ML.Outer;
  if (const auto *D = dyn_cast_or_null<OMPExecutableDirective>(Source)) {
    Source = D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr;
    while (const auto *CS = dyn_cast_or_null<CapturedStmt>(Source))
      Source = CS->getCapturedStmt();
  }
  if (Source) {
    SourceLocation LoopBegin =
        FC.SM.getExpansionLoc(stmtRange(FC, Source).getBegin());
    if (directivesBetween(FC.SM, FC.SM.getExpansionLoc(Begin), LoopBegin,
                          GapPragmas))
      Begin = LoopBegin;
    else
      GapPragmas.clear();
  }
  // An interchanged nest ends where the marked loop it replaces ends; a
  // `target` whose body is `{ loop directive }` ends at its brace.
  SourceLocation End = stmtRange(FC, ML.Replaces       ? ML.Replaces
                                     : ML.Interchanged ? ML.Interchanged
                                                       : ML.For)
                           .getEnd();
  if (!ML.Replaces && !ML.Interchanged &&
      isa_and_nonnull<OMPExecutableDirective>(ML.Outer)) {
    SourceLocation OuterEnd = stmtRange(FC, ML.Outer).getEnd();
    if (FC.SM.isBeforeInTranslationUnit(End, OuterEnd))
      End = OuterEnd;
  }
  ML.Range = SourceRange(FC.SM.getExpansionLoc(Begin), End);
  ML.Id = FC.newId(ML.Range);
  // A loop whose arrays were assumed apart may run on the host when they
  // overlap (rule set host-fallback): its pragma lines, to comment out.
  if ((ML.AssumedApart || !ML.Probed.empty() || !ML.Recorded.empty()) &&
      !ML.Part && !ML.Interchanged && !ML.Replaces && !ML.Serial &&
      !ML.InOrderParent) {
    // Only extents unknown (the record of allocations): the loop as
    // written, its pragma kept; else in order, its pragmas comments.
    std::vector<SourceLocation> Pragmas;
    if (ML.AssumedApart || !ML.Probed.empty())
      directivesBetween(FC.SM, ML.Range.getBegin(),
                        FC.SM.getExpansionLoc(stmtRange(FC, ML.For).getBegin()),
                        Pragmas);
    FC.Result.HostFallback[ML.Id] = Pragmas;
    if (ML.AssumedApart)
      FC.Result.AssumedApart.insert(ML.Id);
    if (!ML.Probed.empty())
      FC.Result.Probed[ML.Id] = ML.Probed;
    if (!ML.Recorded.empty()) {
      FC.Result.Recorded[ML.Id] = ML.Recorded;
      std::string Names;
      for (const std::string &N : ML.RecordedHost)
        Names += (Names.empty() ? "'" : ", '") + N + "'";
      FC.remark(ML.For->getForLoc(),
                "the subscripts give no count of " + Names +
                    " and the file shows no allocation: at run time the "
                    "record of the program's heap blocks gives the block "
                    "each starts, and the loop runs on the host, as "
                    "written, when one starts no recorded block",
                "extract-kernel");
    }
  }
  if (!GapPragmas.empty())
    FC.Result.GapPragmas[ML.Id] = GapPragmas;
  if (!HostArgs.empty())
    FC.Result.HostArgs[ML.Id] = HostArgs;
  ML.Callees.assign(Conv.Callees.begin(), Conv.Callees.end());
  Term LoopId =
      Term::app("Loop", {Term::ident(Name),
                         Term::string(FC.fileName(ForLoc) + ":" +
                                      std::to_string(FC.line(ForLoc))),
                         Term::integer(ML.Id)});
  if (Mapped) {
    ML.Loop = nestTerm(LoopId, Mapped, Ordered, Arrays, PrivateDecls);
    ML.Loop = withTemplateParams(ML.Loop, 3);
    return true;
  }
  Term BodyTerm = Conv.list(Body);
  // `continue` of the loop ends the one pass of `do { } while (0)`; what
  // follows (lastprivate stores) still runs.
  if (Conv.TopContinue)
    BodyTerm =
        Term::list({Term::app("DoWhile", {BodyTerm, Term::integer(0, "")})});
  if (ML.RangeFor) {
    // T e = v[l2c_i]; (or T &e) first.
    const VarDecl *E = ML.RangeFor->getLoopVariable();
    PrivateDecls.insert(
        PrivateDecls.begin(),
        Term::app("Decl",
                  {Term::ident(E->getNameAsString()),
                   Term::string(FC.typeStr(E->getType())), RangeElement}));
  }
  if (!PrivateDecls.empty() || !Stores.empty()) {
    for (const Term &T : BodyTerm.args())
      PrivateDecls.push_back(T);
    PrivateDecls.insert(PrivateDecls.end(), Stores.begin(), Stores.end());
    BodyTerm = Term::list(std::move(PrivateDecls));
  }
  if (Sink) {
    ML.Loop = sinkTerm(LoopId, SinkJ, Ordered, Arrays, BodyTerm);
    ML.Loop = withTemplateParams(ML.Loop, 3);
    return true;
  }
  // ParallelLoop(Loop, Index, Range, body, params, arrays, [Reduction...]),
  // or ParallelScan(..., Scan(...)) for a scan.
  ML.Loop = Term::app(
      Scan ? "ParallelScan" : "ParallelLoop",
      {LoopId,
       Term::app("Index", {Term::ident(Index->getNameAsString()),
                           Term::string(FC.typeStr(
                               Index->getType().getUnqualifiedType()))}),
       Term::app("Range",
                 {Term::string(Marked.LbText), Term::string(Marked.EndText),
                  Term::integer(Marked.Step)}),
       BodyTerm, Term::list(Ordered), Term::list(Arrays),
       Scan ? scanTerm() : Term::list(Reds)});
  ML.Loop = withTemplateParams(ML.Loop, 4);
  return true;
}

Term LoopAnalyzer::withTemplateParams(const Term &Loop, size_t ParamsAt) {
  if (Conv.TemplateParams.empty())
    return Loop;
  std::vector<Term> Args = Loop.args();
  std::vector<Term> Params = Args[ParamsAt].args();
  for (const NonTypeTemplateParmDecl *P : Conv.TemplateParams)
    Params.push_back(Term::app(
        "Param",
        {Term::ident(P->getNameAsString()),
         Term::string(FC.typeStr(P->getType().getUnqualifiedType()))}));
  Args[ParamsAt] = Term::list(std::move(Params));
  return Term::app(Loop.name(), std::move(Args));
}

namespace {
bool declaresIn(const Stmt *S, llvm::StringRef Name) {
  if (!S)
    return false;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getName() == Name)
          return true;
  for (const Stmt *C : S->children())
    if (declaresIn(C, Name))
      return true;
  return false;
}
} // namespace

bool declaresName(const FunctionDecl *F, llvm::StringRef Name) {
  for (const ParmVarDecl *P : F->parameters())
    if (P->getName() == Name)
      return true;
  return declaresIn(F->getBody(), Name);
}

bool analyzeLoop(FrontendContext &FC, MarkedLoop &ML) {
  LoopAnalyzer A(FC, ML);
  ML.Accepted = A.run();
  return ML.Accepted;
}

void LoopAnalyzer::indexReadAfter() {
  // An OpenMP loop's index declared before the loop and read after it:
  // OpenMP leaves its value there unspecified, the sequential loop leaves
  // the first value past the end. Where lastprivate can bring that value
  // back, the kernel does, as with lastprivate(i).
  if (!ML.Omp || !Index || ML.RangeFor || !ML.Function ||
      llvm::is_contained(LastPrivates, Index))
    return;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(ML.For->getInit()))
    for (const Decl *D : DS->decls())
      if (D == Index)
        return;
  if (!usedOutsideLoop(ML.Function->getBody(), Index))
    return;
  std::string Name = Index->getNameAsString();
  if (Updates.empty() && ClauseReductions.empty() && CollapsedCount <= 1 &&
      !Marked.Down && isScalarType(Index->getType()) &&
      !Index->hasGlobalStorage()) {
    LastPrivates.push_back(Index);
    FC.remark(ML.For->getForLoc(),
              "the loop index '" + Name +
                  "' is read outside the loop: it gets the value the loop "
                  "leaves in it, as with lastprivate(" +
                  Name + ")",
              "mark-loop");
    return;
  }
  FC.remark(ML.For->getForLoc(),
            "the loop index '" + Name +
                "' is read outside the loop, where OpenMP leaves its value "
                "after the loop unspecified; the kernel leaves it as it was "
                "before the loop",
            "mark-loop");
}

} // namespace detail
} // namespace l2c
