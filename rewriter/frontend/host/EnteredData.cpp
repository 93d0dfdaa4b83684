//===- EnteredData.cpp - target enter/exit data and update, unpaired ------===//
//
// OpenMP programs that keep arrays on the device across functions write
// standalone data directives where the arrays' lives begin and end:
//
//   Stream(n)  { ...malloc...; #pragma omp target enter data map(alloc: a[0:n])
//   } ~Stream()  { #pragma omp target exit data map(release: a[0:n]); free(a);
//   } copy()     { #pragma omp target teams distribute parallel for ... }
//   read()     { #pragma omp target update from(a[0:n]) ... }
//
// An enter/exit pair in one block is a data region (DataRegions.cpp); the
// directives here are the others. Each becomes a host statement whose read
// set opens with one marker per array -- Enter(a), Exit(a),
// UpdateHost(a, "lo", "len"), UpdateDevice(a, "lo", "len") -- and whose read
// and write sets name the array, so that copy motion keeps each copy on its
// own side of the directive. Rule set entered-data turns the markers into
// the runtime's holds (docs/data-regions.md, "Entered data").
//
// The runtime finds an array by its host address, whatever name each
// function gives it, so one directive the tool cannot follow (an `if`
// clause, a member or an element in a list) could leave an array held that
// a later `update` should have brought back. Then no directive of the file
// is translated: each keeps the remark that it has no effect.
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <functional>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The marker of list item E for a directive of kind Kind ("Enter",
/// "Exit", "UpdateHost", "UpdateDevice"), or a reason it has none.
std::string itemMarker(FrontendContext &FC, const Expr *E, llvm::StringRef Kind,
                       FrontendContext::DataDirective &Out) {
  std::vector<Term> &Markers = Out.Markers;
  std::vector<std::string> &Arrays = Out.Arrays;
  const ArraySectionExpr *First;
  const VarDecl *V = sectionVar(E, First);
  if (!V)
    return "its list item '" + FC.text(E->getSourceRange()) +
           "' is not a variable";
  QualType T = V->getType().getNonReferenceType();
  if (!T->isPointerType() && !T->isArrayType())
    return "";
  std::string Name = V->getNameAsString();
  std::string Lower = "0", Length;
  if (First) {
    if (First->getStride())
      return "its list item '" + Name + "' has a stride";
    if (First->getLowerBound())
      Lower = FC.text(First->getLowerBound()->getSourceRange());
    if (First->getLength())
      Length = FC.text(First->getLength()->getSourceRange());
  }
  if (Length.empty() && T->isConstantArrayType())
    Length = "sizeof(" + Name + ") / sizeof((" + Name + ")[0])";
  if (Lower.empty() || Length.empty())
    return "the extent of '" + Name + "' is not written out";
  Arrays.push_back(Name);
  if (std::string Host = hostName(V); Host != Name)
    Out.HostNames[Name] = Host; // w->a's stand-in w_a
  if (Kind == "Enter" || Kind == "Exit")
    Markers.push_back(Term::app(Kind.str(), {Term::ident(Name)}));
  else
    Markers.push_back(
        Term::app(Kind.str(), {Term::ident(Name), Term::string(Lower),
                               Term::string(Length)}));
  return "";
}

/// Fills Out for directive D; returns why it cannot be followed, or "".
std::string directiveMarkers(FrontendContext &FC,
                             const OMPExecutableDirective *D,
                             FrontendContext::DataDirective &Out) {
  bool Enter = isa<OMPTargetEnterDataDirective>(D);
  bool Exit = isa<OMPTargetExitDataDirective>(D);
  for (const OMPClause *C : D->clauses()) {
    llvm::StringRef Kind;
    llvm::ArrayRef<const Expr *> List;
    if (const auto *M = dyn_cast<OMPMapClause>(C)) {
      Kind = Enter ? "Enter" : "Exit";
      List = llvm::ArrayRef<const Expr *>(M->varlist_begin(), M->varlist_end());
    } else if (const auto *To = dyn_cast<OMPToClause>(C)) {
      Kind = "UpdateDevice";
      List =
          llvm::ArrayRef<const Expr *>(To->varlist_begin(), To->varlist_end());
    } else if (const auto *From = dyn_cast<OMPFromClause>(C)) {
      Kind = "UpdateHost";
      List = llvm::ArrayRef<const Expr *>(From->varlist_begin(),
                                          From->varlist_end());
    } else if (isa<OMPDeviceClause, OMPNowaitClause, OMPDependClause>(C)) {
      // One device; the runtime's copies finish before the next statement,
      // which is at least as ordered as nowait and depend ask.
      continue;
    } else {
      return "its '" +
             std::string(llvm::omp::getOpenMPClauseName(C->getClauseKind())) +
             "' clause";
    }
    if (Enter == Exit && Kind != "UpdateHost" && Kind != "UpdateDevice")
      return "its map clause";
    for (const Expr *E : List)
      if (std::string Why = itemMarker(FC, E, Kind, Out);
          !Why.empty())
        return Why;
  }
  return "";
}

/// Whether S is a statement the host terms split at (Host.cpp): a block,
/// a loop, an if, an `omp parallel` region. A directive inside anything
/// else would stay inside one opaque host statement, untranslated.
bool splitsAt(const Stmt *S) {
  return isa<CompoundStmt, ForStmt, WhileStmt, DoStmt, IfStmt, CXXForRangeStmt,
             OMPParallelDirective, OMPTargetDataDirective, CapturedStmt>(S);
}

/// Whether every statement around D up to FD's body splits.
bool placeable(FrontendContext &FC, const Stmt *D, const FunctionDecl *FD) {
  const Stmt *S = D;
  while (S != FD->getBody()) {
    auto Parents = FC.Ctx.getParents(*S);
    if (Parents.size() != 1)
      return false;
    const Stmt *P = Parents[0].get<Stmt>();
    // A region's body hangs from its CapturedDecl, which hangs from the
    // CapturedStmt.
    if (const auto *CD = Parents[0].get<CapturedDecl>()) {
      auto Up = FC.Ctx.getParents(*CD);
      P = Up.size() == 1 ? Up[0].get<Stmt>() : nullptr;
    }
    if (!P || !splitsAt(P))
      return false;
    S = P;
  }
  return true;
}

/// The statements from FD's body down to the innermost one whose text
/// holds Loc, or empty when one on the way does not split.
bool placeableAt(FrontendContext &FC, const FunctionDecl *FD,
                 SourceLocation Loc) {
  const Stmt *S = FD->getBody();
  auto Holds = [&](const Stmt *C) {
    SourceRange R = C->getSourceRange();
    return FC.SM.isPointWithin(Loc, FC.SM.getExpansionLoc(R.getBegin()),
                               FC.SM.getExpansionLoc(R.getEnd()));
  };
  for (;;) {
    if (!splitsAt(S))
      return false;
    const Stmt *Next = nullptr;
    for (const Stmt *C : S->children())
      if (C && Holds(C))
        Next = C;
    if (!Next)
      return isa<CompoundStmt>(S); // a pragma line between statements
    S = Next;
  }
}

/// The variable Name means at Loc in FD: its latest parameter or local
/// declared before Loc, else a variable of the file.
const VarDecl *lookupAt(FrontendContext &FC, const FunctionDecl *FD,
                        const std::string &Name, SourceLocation Loc) {
  const VarDecl *Found = nullptr;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getName() == Name)
      Found = P;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getName() == Name &&
              FC.SM.isBeforeInTranslationUnit(
                  FC.SM.getExpansionLoc(V->getLocation()), Loc))
            Found = V;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FD->getBody());
  if (Found)
    return Found;
  for (const Decl *D : FC.Ctx.getTranslationUnitDecl()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == Name)
      Found = V;
  return Found;
}

/// The function definitions of the main file whose body holds Loc (each
/// instantiation of a template).
std::vector<const FunctionDecl *> functionsAt(FrontendContext &FC,
                                              SourceLocation Loc) {
  struct Finder : RecursiveASTVisitor<Finder> {
    FrontendContext &FC;
    SourceLocation Loc;
    std::vector<const FunctionDecl *> Out;
    Finder(FrontendContext &FC, SourceLocation Loc) : FC(FC), Loc(Loc) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext()) {
        SourceRange R = FD->getBody()->getSourceRange();
        if (FC.SM.isPointWithin(Loc, FC.SM.getExpansionLoc(R.getBegin()),
                                FC.SM.getExpansionLoc(R.getEnd())))
          Out.push_back(FD);
      }
      return true;
    }
  } F(FC, Loc);
  F.TraverseDecl(FC.Ctx.getTranslationUnitDecl());
  return F.Out;
}

/// The markers of OpenACC directive P in FD; returns why it cannot be
/// followed, or "".
std::string accMarkers(FrontendContext &FC, const LoopPragma &P,
                       const FunctionDecl *FD,
                       FrontendContext::DataDirective &Out) {
  if (!P.Invalid.empty())
    return P.Invalid;
  for (const auto &[Loc, Msg] : P.Ignored)
    if (llvm::StringRef(Msg).starts_with("OpenACC clause 'if"))
      return "its 'if' clause";
  if (!placeableAt(FC, FD, P.Loc))
    return "it is inside a statement that the host code cannot be split at";
  for (const DataClause &D : P.Data) {
    const VarDecl *V = lookupAt(FC, FD, D.Var, P.Loc);
    if (!V)
      return "'" + D.Var + "' is not a variable";
    QualType T = V->getType().getNonReferenceType();
    if (!T->isPointerType() && !T->isArrayType())
      continue;
    std::string Lower = D.Length.empty() ? "0" : D.Lower, Length = D.Length;
    if (Length.empty() && T->isConstantArrayType())
      Length = "sizeof(" + D.Var + ") / sizeof((" + D.Var + ")[0])";
    if (Length.empty())
      return "the extent of '" + D.Var + "' is not written out";
    Out.Arrays.push_back(D.Var);
    Term A = Term::ident(D.Var);
    if (P.Directive == "enter data")
      Out.Markers.push_back(Term::app("Enter", {A}));
    else if (P.Directive == "exit data")
      Out.Markers.push_back(Term::app("Exit", {A}));
    else
      Out.Markers.push_back(Term::app(
          D.Kind == DataClause::CopyIn ? "UpdateDevice" : "UpdateHost",
          {A, Term::string(Lower), Term::string(Length)}));
  }
  return "";
}

} // namespace

void noteDataDirective(FrontendContext &FC, const FunctionDecl *FD,
                       const OMPExecutableDirective *D) {
  FC.StandaloneData.emplace_back(FD, D);
}

void noteAccDataDirective(FrontendContext &FC, const LoopPragma &P) {
  FC.AccStandalone.push_back(&P);
}

void translateDataDirectives(FrontendContext &FC) {
  std::string Why;
  SourceLocation At;
  for (auto &[FD, D] : FC.StandaloneData) {
    FrontendContext::DataDirective R;
    R.Function = FD;
    Why = directiveMarkers(FC, D, R);
    if (Why.empty() && !placeable(FC, D, FD))
      Why = "it is inside a statement that the host code cannot be split at";
    if (!Why.empty()) {
      At = D->getBeginLoc();
      break;
    }
    if (!R.Markers.empty())
      FC.DataDirectives[D] = std::move(R);
    else
      FC.remark(D->getBeginLoc(),
                "'#pragma omp " + ompDirectiveName(D) +
                    "' has no effect here: it names no array",
                "mark-loop");
  }
  for (const LoopPragma *P : FC.AccStandalone) {
    if (!Why.empty())
      break;
    for (const FunctionDecl *FD : functionsAt(FC, P->Loc)) {
      FrontendContext::DataDirective R;
      R.Function = FD;
      Why = accMarkers(FC, *P, FD, R);
      if (!Why.empty()) {
        At = P->Loc;
        break;
      }
      if (!R.Markers.empty()) {
        auto &List = FC.AccDirectives[FD];
        if (List.empty())
          FC.AccFunctions.push_back(FD);
        List.emplace_back(P, std::move(R));
      } else
        FC.remark(P->Loc,
                  "'#pragma acc " + P->Directive +
                      "' has no effect here: it names no array",
                  "mark-loop");
    }
  }
  if (Why.empty())
    return;
  FC.DataDirectives.clear();
  FC.AccDirectives.clear();
  FC.AccFunctions.clear();
  std::string Because = ": loop2cuda moves the data its kernels use itself "
                        "and keeps the host's copy current, since it cannot "
                        "follow the directive at line " +
                        std::to_string(FC.line(At)) + " (" + Why +
                        ") (docs/data-regions.md)";
  for (auto &[FD, D] : FC.StandaloneData)
    FC.remark(D->getBeginLoc(),
              "'#pragma omp " + ompDirectiveName(D) + "' has no effect here" +
                  Because,
              "mark-loop");
  for (const LoopPragma *P : FC.AccStandalone)
    FC.remark(P->Loc,
              "'#pragma acc " + P->Directive + "' has no effect here" + Because,
              "mark-loop");
}

} // namespace detail
} // namespace l2c
