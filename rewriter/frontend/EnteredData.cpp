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

#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The marker of list item E for a directive of kind Kind ("Enter",
/// "Exit", "UpdateHost", "UpdateDevice"), or a reason it has none.
std::string itemMarker(FrontendContext &FC, const Expr *E, llvm::StringRef Kind,
                       std::vector<Term> &Markers,
                       std::vector<std::string> &Arrays) {
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
      if (std::string Why = itemMarker(FC, E, Kind, Out.Markers, Out.Arrays);
          !Why.empty())
        return Why;
  }
  return "";
}

} // namespace

void noteDataDirective(FrontendContext &FC, const FunctionDecl *FD,
                       const OMPExecutableDirective *D) {
  FC.StandaloneData.emplace_back(FD, D);
}

void translateDataDirectives(FrontendContext &FC) {
  std::string Why;
  unsigned Line = 0;
  for (auto &[FD, D] : FC.StandaloneData) {
    FrontendContext::DataDirective R;
    R.Function = FD;
    Why = directiveMarkers(FC, D, R);
    if (!Why.empty()) {
      Line = FC.line(D->getBeginLoc());
      break;
    }
    if (!R.Markers.empty())
      FC.DataDirectives[D] = std::move(R);
  }
  if (Why.empty())
    return;
  FC.DataDirectives.clear();
  for (auto &[FD, D] : FC.StandaloneData)
    FC.remark(D->getBeginLoc(),
              "'#pragma omp " + ompDirectiveName(D) +
                  "' has no effect here: loop2cuda moves the data its "
                  "kernels use itself and keeps the host's copy current, "
                  "since it cannot follow the directive at line " +
                  std::to_string(Line) + " (" + Why +
                  ") (docs/data-regions.md)",
              "mark-loop");
}

} // namespace detail
} // namespace l2c
