//===- OpenMPClauses.cpp - The clauses of an OpenMP loop directive
//---------===//
//
// Reads the clauses of the OpenMP directive that marks a loop into
// LoopClauses. Every clause is either implemented, accepted with a remark
// that says it is ignored (it only tunes the CPU schedule), or rejects the
// loop: a clause the tool drops would change what the loop computes (an
// array-section reduction dropped is a race on the array).
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/AST/OpenMPClause.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace l2c {
namespace detail {

std::string clauseText(FrontendContext &FC, const OMPClause *C) {
  // Clang 19's nowait clause ends at the token after it.
  if (isa<OMPNowaitClause>(C))
    return "nowait";
  std::string Name = llvm::omp::getOpenMPClauseName(C->getClauseKind()).str();
  std::string T = FC.text(SourceRange(C->getBeginLoc(), C->getEndLoc()));
  // So do other clauses without arguments (`ordered if(...)`): the name
  // alone, where no parenthesis follows it.
  if (T.empty() ||
      (StringRef(T).starts_with(Name) &&
       !StringRef(T).drop_front(Name.size()).ltrim().starts_with("(")))
    return Name;
  return T;
}

bool isSharedDefault(const OMPClause *C) {
  const auto *D = dyn_cast<OMPDefaultClause>(C);
  return D && (D->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared ||
               D->getDefaultKind() == llvm::omp::OMP_DEFAULT_none);
}

namespace {

/// The operator of a reduction clause as the tool spells it (+ * min max &
/// | ^ && ||); OpenMP's '-' reduction combines partial results with '+'.
std::string reductionOperator(const OMPReductionClause *C) {
  DeclarationName N = C->getNameInfo().getName();
  std::string Op = N.getNameKind() == DeclarationName::CXXOperatorName
                       ? getOperatorSpelling(N.getCXXOverloadedOperator())
                       : N.getAsString();
  return Op == "-" ? "+" : Op;
}

bool isScalar(QualType T) {
  T = T.getNonReferenceType();
  return T->isArithmeticType() && !T->isAnyComplexType();
}

/// A histogram in a reduction clause: `h[:B]`, `h[0:B]`, or a whole C
/// array `h` of arithmetic elements; Why says why another section is not.
struct HistogramClause {
  const VarDecl *Var = nullptr;
  std::string Length, Why;
};

std::optional<HistogramClause> histogramSection(FrontendContext &FC,
                                                const Expr *E) {
  E = E->IgnoreParenImpCasts();
  HistogramClause H;
  if (const auto *AS = dyn_cast<ArraySectionExpr>(E)) {
    H.Var = refVar(AS->getBase()->IgnoreParenImpCasts());
    std::string Text = FC.text(E->getSourceRange());
    const Expr *Lo = AS->getLowerBound();
    llvm::APSInt Zero;
    if (!H.Var)
      H.Why = "reduction over '" + Text +
              "' is not supported: only sections of a named array "
              "(h[:B]) can be reduced";
    else if (Lo && !(Lo->isIntegerConstantExpr(FC.Ctx) &&
                     Lo->getIntegerConstantExpr(FC.Ctx)->isZero()))
      H.Why = "reduction over the array section '" + Text +
              "' is not supported: the section must start at 0";
    else if (!AS->getLength())
      H.Why = "reduction over '" + Text + "' needs a length (h[:B])";
    else if (AS->getStride())
      H.Why = "reduction over '" + Text + "' with a stride is not supported";
    else
      H.Length = FC.text(AS->getLength()->getSourceRange());
    return H;
  }
  const VarDecl *V = refVar(E);
  if (!V)
    return std::nullopt;
  const auto *CAT = FC.Ctx.getAsConstantArrayType(V->getType());
  if (!CAT || !CAT->getElementType()->isArithmeticType())
    return std::nullopt;
  H.Var = V;
  return H;
}

} // namespace

std::optional<Rejection> readOpenMPClauses(FrontendContext &FC,
                                           llvm::ArrayRef<OMPClause *> Clauses,
                                           LoopClauses &Out) {
  auto Unsupported = [&](const OMPClause *C, const std::string &Why) {
    return Rejection{"OpenMP clause '" + clauseText(FC, C) +
                         "' is not supported" + (Why.empty() ? "" : ": " + Why),
                     "mark-loop", C->getBeginLoc()};
  };
  for (const OMPClause *C : Clauses) {
    if (C->isImplicit())
      continue;
    if (const auto *P = dyn_cast<OMPPrivateClause>(C)) {
      for (const Expr *E : P->varlists())
        if (const VarDecl *V = refVar(E))
          Out.Private.push_back(V);
      continue;
    }
    if (const auto *R = dyn_cast<OMPReductionClause>(C)) {
      bool InScan = R->getModifier() == OMPC_REDUCTION_inscan;
      if (R->getModifier() != OMPC_REDUCTION_unknown &&
          R->getModifier() != OMPC_REDUCTION_default && !InScan)
        return Unsupported(C, "reduction modifiers are not implemented");
      std::string Op = reductionOperator(R);
      if (!reductionAtom(Op))
        return Rejection{"unsupported reduction operator '" + Op + "'",
                         "reduction", C->getBeginLoc()};
      if (InScan) {
        // A scan (Scans.cpp): the loop body says which kind.
        for (const Expr *E : R->varlists()) {
          const VarDecl *V = refVar(E);
          if (!V || !isScalar(V->getType()))
            return Unsupported(C, "only scalar variables can be scanned");
          Out.InScan.emplace_back(Op, V);
        }
        continue;
      }
      for (const Expr *E : R->varlists()) {
        if (auto H = histogramSection(FC, E)) {
          if (!H->Why.empty())
            return Rejection{H->Why, "reduction", E->getExprLoc()};
          Out.Reductions.emplace_back(Op, H->Var);
          Out.Sections[H->Var] = H->Length;
          continue;
        }
        const VarDecl *V = refVar(E);
        if (!V || !isScalar(V->getType()))
          return Rejection{
              "reduction over '" + FC.text(E->getSourceRange()) +
                  "' is not supported: only scalar variables can be "
                  "reduced (an array or array-section reduction would "
                  "race on the GPU)",
              "reduction", E->getExprLoc()};
        Out.Reductions.emplace_back(Op, V);
      }
      continue;
    }
    if (const auto *F = dyn_cast<OMPFirstprivateClause>(C)) {
      for (const Expr *E : F->varlists()) {
        const VarDecl *V = refVar(E);
        if (!V || !isScalar(V->getType()))
          return Unsupported(C, "only scalar variables can be firstprivate");
        Out.FirstPrivate.push_back(V);
      }
      continue;
    }
    if (const auto *L = dyn_cast<OMPLastprivateClause>(C)) {
      if (L->getKind() != OMPC_LASTPRIVATE_unknown)
        return Unsupported(C, "lastprivate modifiers are not implemented");
      for (const Expr *E : L->varlists()) {
        const VarDecl *V = refVar(E);
        if (!V || !isScalar(V->getType()))
          return Unsupported(C, "only scalar variables can be lastprivate");
        Out.LastPrivate.push_back(V);
      }
      continue;
    }
    if (isa<OMPCollapseClause>(C))
      continue; // the analysis reads it from the directive
    if (isa<OMPSharedClause>(C))
      continue; // the default: arrays and scalars read in place
    if (isa<OMPNowaitClause>(C)) {
      Out.Ignored.push_back(C); // kernels on one stream run in order
      continue;
    }
    if (isSharedDefault(C))
      continue; // Clang already checked default(none)
    if (const auto *M = dyn_cast<OMPMapClause>(C)) {
      mapExtents(FC, M, Out.Maps);
      continue;
    }
    if (isa<OMPDefaultmapClause>(C))
      continue; // scalars go by value, arrays as loop2cuda moves them
    if (isa<OMPScheduleClause>(C) || isa<OMPNumThreadsClause>(C) ||
        isa<OMPProcBindClause>(C) || isa<OMPNumTeamsClause>(C) ||
        isa<OMPThreadLimitClause>(C) || isa<OMPDistScheduleClause>(C) ||
        isa<OMPIfClause>(C) || isa<OMPDeviceClause>(C)) {
      Out.Ignored.push_back(C);
      continue;
    }
    return Unsupported(C, "");
  }
  return std::nullopt;
}

void remarkIgnoredClauses(FrontendContext &FC, const LoopClauses &Clauses) {
  for (const OMPClause *C : Clauses.Ignored)
    FC.remark(C->getBeginLoc(),
              "OpenMP clause '" + clauseText(FC, C) + "' is ignored: " +
                  (isa<OMPNowaitClause>(C)
                       ? "the code after the loop runs once the kernel is "
                         "done, as if the loop ended in a barrier"
                   : isa<OMPIfClause>(C) ? "the loop always runs on the GPU"
                   : isa<OMPDeviceClause>(C)
                       ? "the loop runs on the current GPU"
                       : "the GPU launch sets the schedule and the number "
                         "of threads"),
              "mark-loop");
}

} // namespace detail
} // namespace l2c
