//===- Scalars.cpp - The scalars of a marked loop -------------------------===//
//
// Checks the free scalar variables of a loop: kernel parameters, which the
// loop only reads, and reduction variables, whose updates become Reduce
// terms.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include <algorithm>
#include <functional>
#include <optional>

using namespace clang;

namespace l2c {
namespace detail {

/// The constant every write of V in S stores (`V = 1`), when each write
/// is a plain assignment of the same integer constant; none otherwise.
static std::optional<int64_t> constantStores(const Stmt *S, const VarDecl *V,
                                             ASTContext &Ctx) {
  std::optional<int64_t> Value;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X || !Ok)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(X);
        BO && BO->isAssignmentOp() && refVar(BO->getLHS()) == V) {
      Expr::EvalResult R;
      const Expr *RHS = BO->getRHS();
      if (BO->getOpcode() != BO_Assign || RHS->isValueDependent() ||
          !RHS->EvaluateAsInt(R, Ctx) ||
          (Value && *Value != R.Val.getInt().getExtValue())) {
        Ok = false;
        return;
      }
      Value = R.Val.getInt().getExtValue();
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(X);
        UO && UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == V) {
      Ok = false;
      return;
    }
    for (const Stmt *C : X->children())
      Walk(C);
  };
  Walk(S);
  return Ok ? Value : std::nullopt;
}

/// Whether the first statement of Body (in order, at its top level) that
/// mentions V assigns it without reading it: `V = e`, or a loop header
/// `for (V = e; ...)`.
bool LoopAnalyzer::assignedFirst(const Stmt *Body, const VarDecl *V) {
  auto Assigns = [&](const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    const auto *BO = E ? dyn_cast<BinaryOperator>(strip(E)) : nullptr;
    return BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == V &&
           !mentions(BO->getRHS(), V);
  };
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else if (Body)
    Stmts.push_back(Body);
  // A loop whose header leaves V alone and whose every iteration assigns V
  // before reading it (syr2k's `for (j ...) for (k = 0; ...)` under an
  // `omp for` that does not list k) never reads the value V comes in with,
  // though it may not assign V either (no iterations): the statements after
  // it are looked at in turn.
  bool Covered = false;
  for (const Stmt *S : Stmts) {
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      if (Assigns(F->getInit()))
        return true;
      if (!mentions(F->getInit(), V) && !mentions(F->getCond(), V) &&
          !mentions(F->getInc(), V) && assignedFirst(F->getBody(), V)) {
        Covered = true;
        continue;
      }
    }
    if (Assigns(S))
      return true;
    if (mentions(S, V))
      return false;
  }
  return Covered;
}

bool LoopAnalyzer::usedOutsideLoop(const Stmt *S, const VarDecl *V) {
  if (!S || S == ML.For || S == ML.Outer)
    return false;
  // The statements of a kernel of one thread are its loop's body
  // (SerialKernels.cpp).
  if (ML.Serial &&
      llvm::is_contained(cast<CompoundStmt>(ML.For->getBody())->body(), S))
    return false;
  // An OpenMP region's captures name the variables its body uses; the uses
  // themselves are in the body.
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return usedOutsideLoop(CS->getCapturedStmt(), V);
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    const auto *E = dyn_cast_or_null<Expr>(F->getInit());
    const auto *BO = E ? dyn_cast<BinaryOperator>(strip(E)) : nullptr;
    if (BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == V)
      return usedOutsideLoop(BO->getRHS(), V);
    // Another loop whose every iteration assigns V before reading it
    // (ludcmp's two j loops share w and k): its body never reads the value
    // this loop leaves; only its header could.
    bool Header = usedOutsideLoop(F->getInit(), V) ||
                  usedOutsideLoop(F->getCond(), V) ||
                  usedOutsideLoop(F->getInc(), V);
    if (assignedFirst(F->getBody(), V)) {
      if (!within(FC, ML.Outer, F))
        return Header;
      // A loop whose body holds this one among its statements (the loop
      // that runs in order around loops tried in its place): the value
      // this loop leaves reaches the statements after it in the same
      // iteration only, since the next one assigns V first (cholesky's x,
      // assigned at the top of the i loop and in its j loop).
      if (const auto *CS = dyn_cast<CompoundStmt>(F->getBody());
          CS && llvm::is_contained(CS->body(), ML.Outer)) {
        bool After = false;
        for (const Stmt *C : CS->body()) {
          if (C == ML.Outer)
            After = true;
          else if (After && usedOutsideLoop(C, V))
            return true;
        }
        return Header;
      }
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == V)
      return usedOutsideLoop(BO->getRHS(), V);
  if (isa<DeclRefExpr>(S) || (isa<MemberExpr>(S) && varOf(S)))
    return varOf(S) == V;
  for (const Stmt *C : S->children())
    if (usedOutsideLoop(C, V))
      return true;
  return false;
}

bool LoopAnalyzer::declaredInRegion(const VarDecl *V) const {
  // Declared in the enclosing parallel region: private to each thread in
  // OpenMP already.
  if (!ML.Region)
    return false;
  const Stmt *Body =
      ML.Region->hasAssociatedStmt() ? ML.Region->getAssociatedStmt() : nullptr;
  if (!Body)
    return false;
  // The directive's own range ends with its line: the region is its body.
  SourceRange R(FC.SM.getExpansionLoc(ML.Region->getBeginLoc()),
                FC.SM.getExpansionLoc(Body->getEndLoc()));
  SourceLocation L = FC.SM.getExpansionLoc(V->getLocation());
  return !FC.SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !FC.SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

std::vector<const VarDecl *>
LoopAnalyzer::regionPrivateArrays(const Stmt *Body) {
  std::vector<const VarDecl *> Out;
  // Each thread's array starts with no values, as the kernel's does, only
  // when nothing gives it any: no initialiser, and no statement of the
  // region but this loop names it.
  auto OnlyHere = [&](const VarDecl *V) {
    if (V->hasInit() || !ML.Region)
      return false;
    const Stmt *RB = ompBody(ML.Region);
    llvm::SmallVector<const Stmt *, 8> Items;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(RB))
      Items.append(CS->body_begin(), CS->body_end());
    else if (RB)
      Items.push_back(RB);
    for (const Stmt *S : Items)
      if (S != ML.Outer && S != ML.For && mentions(S, V))
        return false;
    return true;
  };
  std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !Locals.count(V) && V->hasLocalStorage() &&
          isa<ConstantArrayType>(V->getType().getCanonicalType()) &&
          declaredInRegion(V) &&
          std::find(Out.begin(), Out.end(), V) == Out.end() && OnlyHere(V))
        Out.push_back(V);
    for (const Stmt *C : S->children())
      Visit(C);
  };
  Visit(Body);
  return Out;
}

bool LoopAnalyzer::checkScalars(std::vector<Term> &Params,
                                std::vector<Term> &Reds) {
  for (const VarDecl *V : Free) {
    std::string Name = V->getNameAsString();
    const VarInfo &I = Info[V];
    if (isArrayLike(V))
      continue; // a histogram when the clause names it (checkHistogram)
    if (ClauseSections.count(Name))
      return reject(ML.For->getForLoc(),
                    "reduction over a section of '" + Name +
                        "', which is not an array",
                    "reduction");
    // Updates of V recognised as reductions.
    std::vector<std::pair<const Stmt *, const ReductionUpdate *>> Ups;
    for (auto &[S, U] : Updates)
      if (U.Var == V)
        Ups.emplace_back(S, &U);
    std::sort(Ups.begin(), Ups.end(), [&](auto &L, auto &R) {
      return FC.SM.isBeforeInTranslationUnit(L.first->getBeginLoc(),
                                             R.first->getBeginLoc());
    });
    // firstprivate: the kernel parameter is the thread's copy, initialised
    // from the variable; writes stay in the thread, as in OpenMP.
    if (FirstPrivates.count(V) && isScalarType(V->getType()) &&
        !V->getType()->isReferenceType()) {
      Params.push_back(Term::app(
          "Param",
          {Term::ident(Name),
           Term::string(FC.typeStr(V->getType().getUnqualifiedType()))}));
      continue;
    }
    // A variable of the enclosing region (private to each of its threads)
    // that the loop only updates with one operator: each thread's part of
    // a hand-written reduction, which the region's merge adds up
    // (OpenMPRegions.cpp). The region runs once: the loop reduces into it.
    if (!Ups.empty() && !ClauseReductions.count(Name) && ML.Region &&
        declaredInRegion(V) && !V->isStaticLocal() &&
        llvm::all_of(Ups, [&](auto &U) {
          return U.second->Atom == Ups.front().second->Atom;
        })) {
      ClauseReductions[Name] = reductionSpelling(Ups.front().second->Atom);
      FC.remark(Ups.front().first->getBeginLoc(),
                "'" + Name +
                    "' is private to each thread of the region at "
                    "line " +
                    std::to_string(FC.line(ML.Region->getBeginLoc())) +
                    ": the region runs once, and the loop computes it as "
                    "reduction(" +
                    ClauseReductions[Name] + ": " + Name + ")",
                "reduction");
    }
    auto Clause = ClauseReductions.find(Name);
    if (Clause != ClauseReductions.end()) {
      const char *Atom = reductionAtom(Clause->second);
      std::string Bad = "scalar '" + Name +
                        "' is updated in a form that is not a '" +
                        Clause->second + "' reduction";
      // Rodinia's backprop: `reduction(+: sum)` on a loop whose every
      // iteration starts with `sum = 0` and reads its own sum. Each
      // thread's copy then holds its last row, and what OpenMP adds up
      // into the variable depends on how the rows are split: private is
      // what the loop means, as long as nothing reads the variable after.
      if (I.Writes && isScalarType(V->getType()) &&
          !V->getType()->isReferenceType() &&
          assignedFirst(ML.For->getBody(), V)) {
        if ((ML.Function && usedOutsideLoop(ML.Function->getBody(), V)) ||
            (V->hasGlobalStorage() && !V->isStaticLocal()))
          return reject(I.FirstWrite,
                        "reduction variable '" + Name +
                            "' is assigned before it is read in every "
                            "iteration, so the value OpenMP leaves in it "
                            "depends on how the iterations are split between "
                            "threads, and it is read after the loop; list it "
                            "in private(...) or drop the assignment",
                        "reduction");
        Privates.push_back(V);
        FC.remark(I.FirstWrite,
                  "reduction variable '" + Name +
                      "' is assigned before it is read in every iteration: "
                      "each iteration gets its own copy, as with "
                      "private(" +
                      Name + "), and the loop leaves '" + Name + "' unchanged",
                  "reduction");
        continue;
      }
      if (I.Writes)
        return reject(I.FirstWrite, Bad, "reduction");
      for (auto &[S, U] : Ups)
        if (U->Atom != Atom)
          return reject(S->getBeginLoc(), Bad, "reduction");
      if (I.Read)
        return reject(ML.For->getForLoc(),
                      "reduction variable '" + Name +
                          "' is read in the loop outside its update",
                      "reduction");
      if (!isScalarType(V->getType()))
        return reject(ML.For->getForLoc(),
                      "reduction variable '" + Name + "' is not a scalar",
                      "reduction");
      Reds.push_back(Term::app(
          "Reduction",
          {Term::ident(Atom), Term::ident(Name),
           Term::string(FC.typeStr(
               V->getType().getNonReferenceType().getUnqualifiedType()))}));
      for (auto &[S, U] : Ups)
        Conv.Overrides[S] = Term::app(
            "Reduce", {Term::ident(U->Atom), Term::ident(Name), U->Value});
      continue;
    }
    // Assigned before any read in every iteration (an inner loop's counter,
    // a temporary): each iteration gets its own copy, as OpenMP's private.
    if (isScalarType(V->getType()) && !V->getType()->isReferenceType() &&
        assignedFirst(ML.For->getBody(), V)) {
      if (ML.Function && usedOutsideLoop(ML.Function->getBody(), V))
        return reject(I.FirstWrite,
                      "scalar '" + Name +
                          "' is assigned in every iteration and read outside "
                          "the loop, where the kernel leaves it unset (declare "
                          "it in the loop)",
                      "dependence");
      // A variable of the file or namespace (or a static member) outlives
      // the function: other functions, other files, may read the value the
      // loop leaves in it, which the private copies never write back. A
      // function's own static is read only in that function, checked above.
      if (V->hasGlobalStorage() && !V->isStaticLocal())
        return reject(I.FirstWrite,
                      "scalar '" + Name +
                          "' is assigned in every iteration and lives "
                          "outside the function, where code may read the "
                          "value the loop leaves in it; the kernel leaves it "
                          "unset (use a variable declared in the loop)",
                      "dependence");
      // A member (s.w, p->w, this->w) lives in an object that outlives the
      // loop, as a global does.
      if (isMemberVar(V))
        return reject(I.FirstWrite,
                      "member '" + hostName(V) +
                          "' is assigned in every iteration and lives on "
                          "after the loop in its object; the kernel leaves it "
                          "unset (use a variable declared in the loop)",
                      "dependence");
      Privates.push_back(V);
      FC.remark(I.FirstWrite,
                "'" + Name +
                    "' is assigned before it is read in every iteration: "
                    "each iteration gets its own copy" +
                    (ML.Omp && (!declaredInRegion(V) || V->isStaticLocal())
                         ? " (OpenMP would share it between threads: "
                           "list it in private(...))"
                         : ""),
                "dependence");
      continue;
    }
    // Read besides its updates (`c[j] += ...; j++;`): a reduction clause
    // would give each iteration a partial value there; the iterations see
    // the values earlier ones left.
    if (!Ups.empty() && I.Read)
      return reject(Ups.front().first->getBeginLoc(),
                    "scalar '" + Name +
                        "' is updated in the loop and read besides its "
                        "updates, so an iteration reads the value earlier "
                        "ones left: iterations are not independent (a "
                        "counter that steps with the loop can be computed "
                        "from its index instead)",
                    "dependence");
    if (!Ups.empty())
      return reject(Ups.front().first->getBeginLoc(),
                    "scalar '" + Name +
                        "' is written in the loop and is not a reduction; "
                        "add reduction(" +
                        reductionSpelling(Ups.front().second->Atom) + ":" +
                        Name + ") to the pragma",
                    "reduction");
    // A flag (`stop = 1;` in some iterations, never read): after the loop
    // it holds the constant if any iteration stored it, else what it held
    // before. The kernel stores the constant into a one-element copy of it
    // (flagSlots), which reproduces exactly that.
    if (I.Writes && !I.Read)
      if (auto C = constantStores(ML.For->getBody(), V, FC.Ctx)) {
        std::vector<const Stmt *> Stores = flagStatements(V);
        QualType T = V->getType();
        if (!Stores.empty() && !T->isReferenceType() && isScalarType(T) &&
            !T.isConstQualified()) {
          Flags.push_back({V, *C, std::move(Stores)});
          FC.remark(I.FirstWrite,
                    "'" + Name + "' is only ever set to " + std::to_string(*C) +
                        " in the loop, and not read: a flag, which holds " +
                        std::to_string(*C) +
                        " after the loop if any iteration set it",
                    "reduction");
          continue;
        }
        return reject(I.FirstWrite,
                      "scalar '" + Name + "' is set to " + std::to_string(*C) +
                          " in some iterations; as a flag it needs "
                          "reduction(" +
                          (*C ? "||" : "&&") + ":" + Name + ") on the pragma",
                      "reduction");
      }
    if (I.Writes && I.MethodWrite)
      return reject(I.MethodWrite->getExprLoc(), methodWriteReason(V),
                    "dependence");
    if (I.Writes)
      return reject(I.FirstWrite,
                    "scalar '" + Name +
                        "' is written in the loop, and an iteration may "
                        "read the value of an earlier one: iterations are "
                        "not independent",
                    "dependence");
    QualType T = V->getType().getNonReferenceType();
    // Structs go to the kernel by value, as their bytes.
    if (T->isRecordType()) {
      // s.a of a pointer member a is an array of its own in the kernel;
      // s's copy of the pointer is then never used there, unless s is used
      // whole.
      bool Apart = !isThisVar(V) &&
                   (onlyThroughMembers(ML.For->getBody(), V) ||
                    (Views.count(V) &&
                     onlyMembersAndViews(ML.For->getBody(), V)));
      if (std::string Why = deviceTypeProblem(T, Apart); !Why.empty())
        return reject(ML.For->getForLoc(),
                      "'" + Name + "' cannot be passed to the device: " + Why,
                      "extract-kernel");
    } else if (!isScalarType(T)) {
      return reject(ML.For->getForLoc(),
                    "'" + Name + "' of type '" + FC.typeStr(T) +
                        "' cannot be passed to the device",
                    "extract-kernel");
    }
    if (std::string Host = hostName(V); Host != Name)
      HostArgs[Name] = Host; // a member that travels alone (p->n)
    else if ((V->isStaticDataMember() ||
              isa<NamespaceDecl>(V->getDeclContext()->getRedeclContext())) &&
             !V->isInAnonymousNamespace())
      HostArgs[Name] = V->getQualifiedNameAsString(); // phys::kG, Wrap::K
    Params.push_back(
        Term::app("Param", {Term::ident(Name),
                            Term::string(FC.typeStr(T.getUnqualifiedType()))}));
  }
  return true;
}

bool onlyThroughMembers(const Stmt *S, const VarDecl *V,
                        const std::set<const DeclRefExpr *> *Views) {
  if (!S)
    return true;
  // s.f; with Views, also p->f of a member with a stand-in of its own.
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (DRE->getDecl() == V)
        return !ME->isArrow() || (Views && memberVar(ME));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() != V || (Views && Views->count(DRE));
  for (const Stmt *C : S->children())
    if (!onlyThroughMembers(C, V, Views))
      return false;
  return true;
}

std::vector<const Stmt *> LoopAnalyzer::flagStatements(const VarDecl *V) {
  // Each store must be a statement of its own (not `x = stop = 1`): the
  // kernel replaces the statement.
  std::vector<const Stmt *> Out;
  bool Ok = true;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S,
                                                     bool IsStatement) {
    if (!S || !Ok)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && refVar(BO->getLHS()) == V) {
      if (!IsStatement)
        Ok = false;
      Out.push_back(BO);
      return;
    }
    bool Block = isa<CompoundStmt>(S);
    for (const Stmt *C : S->children()) {
      bool Child = Block;
      if (const auto *If = dyn_cast<IfStmt>(S))
        Child = C == If->getThen() || C == If->getElse();
      else if (const auto *F = dyn_cast<ForStmt>(S))
        Child = C == F->getBody();
      else if (const auto *W = dyn_cast<WhileStmt>(S))
        Child = C == W->getBody();
      Walk(C, Child);
    }
  };
  Walk(ML.For->getBody(), true);
  return Ok ? Out : std::vector<const Stmt *>();
}

void LoopAnalyzer::flagSlots(std::vector<Term> &Params,
                             std::vector<Term> &Arrays) {
  for (const Flag &F : Flags) {
    // The slot is the variable itself on the host, as a lastprivate's:
    // copied in (a loop that sets nothing leaves the value) and out.
    std::string Name = hostName(F.Var);
    std::string Slot = "l2c_flag_" + F.Var->getNameAsString();
    std::string T =
        FC.typeStr(F.Var->getType().getNonReferenceType().getUnqualifiedType());
    Params.push_back(
        Term::app("Param", {Term::ident(Slot), Term::string(T + " *")}));
    Arrays.push_back(Term::app(
        "Array",
        {Term::ident(Slot), Term::string(T), Term::string("&" + Name),
         Term::string("1"), Term::ident("readwrite"),
         Term::list(
             {Term::ident(F.Var->getNameAsString()),
              Term::app("Alias", {Term::ident(F.Var->getNameAsString())})})}));
    // Every thread that sets it stores the same value.
    for (const Stmt *S : F.Stores)
      Conv.Overrides[S] = Term::app(
          "Assign", {Term::app("Index", {Term::ident(Slot), Term::integer(0)}),
                     Term::integer(F.Value)});
  }
}

bool LoopAnalyzer::lastPrivateSlots(std::vector<Term> &Params,
                                    std::vector<Term> &Arrays,
                                    std::vector<Term> &Stores) {
  if (LastPrivates.empty())
    return true;
  if (!Updates.empty() || !ClauseReductions.empty())
    return reject(ML.For->getForLoc(),
                  "lastprivate together with a reduction is not implemented",
                  "mark-loop");
  // The kernel numbers the iterations from the lowest index up: its last
  // thread would store the value of the sequential loop's first iteration.
  if (Marked.Down)
    return reject(ML.For->getForLoc(),
                  "lastprivate on a loop that counts down is not implemented",
                  "mark-loop");
  for (const VarDecl *V : LastPrivates) {
    std::string Name = V->getNameAsString();
    if (FirstPrivates.count(V))
      return reject(ML.For->getForLoc(),
                    "'" + Name +
                        "' is both firstprivate and lastprivate, which is "
                        "not implemented",
                    "mark-loop");
    if (V != Index && !assignedFirst(ML.For->getBody(), V))
      return reject(ML.For->getForLoc(),
                    "lastprivate '" + Name +
                        "' is not assigned before it is read in every "
                        "iteration; its value would come from another "
                        "iteration",
                    "dependence");
    // The slot is the variable itself on the host: a one-element array at
    // &V, copied in (so that a loop without iterations leaves V alone) and
    // out. Alias(V) keeps copy motion from moving it past host code that
    // touches V.
    std::string Slot = "l2c_last_" + Name;
    std::string T =
        FC.typeStr(V->getType().getNonReferenceType().getUnqualifiedType());
    Params.push_back(
        Term::app("Param", {Term::ident(Slot), Term::string(T + " *")}));
    Arrays.push_back(Term::app(
        "Array", {Term::ident(Slot), Term::string(T), Term::string("&" + Name),
                  Term::string("1"), Term::ident("readwrite"),
                  Term::list({Term::ident(Name),
                              Term::app("Alias", {Term::ident(Name)})})}));
    // After the last iteration the index has taken one more step.
    Term Value = Term::ident(Name);
    if (V == Index)
      Value = Term::app("Add", {Value, Term::integer(Marked.Step)});
    Stores.push_back(Term::app("LastPrivate", {Term::ident(Slot), Value}));
  }
  return true;
}

} // namespace detail
} // namespace l2c
