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

using namespace clang;

namespace l2c {
namespace detail {

bool LoopAnalyzer::checkScalars(std::vector<Term> &Params,
                                std::vector<Term> &Reds) {
  for (const VarDecl *V : Free) {
    std::string Name = V->getNameAsString();
    const VarInfo &I = Info[V];
    if (isArrayLike(V)) {
      if (ClauseReductions.count(Name))
        return reject(ML.For->getForLoc(),
                      "reduction over '" + Name +
                          "' is not supported: only scalar variables can be "
                          "reduced (an array reduction would race on the GPU)",
                      "reduction");
      continue;
    }
    // Updates of V recognised as reductions.
    std::vector<std::pair<const Stmt *, const ReductionUpdate *>> Ups;
    for (auto &[S, U] : Updates)
      if (U.Var == V)
        Ups.emplace_back(S, &U);
    std::sort(Ups.begin(), Ups.end(), [&](auto &L, auto &R) {
      return FC.SM.isBeforeInTranslationUnit(L.first->getBeginLoc(),
                                             R.first->getBeginLoc());
    });
    auto Clause = ClauseReductions.find(Name);
    if (Clause != ClauseReductions.end()) {
      const char *Atom = reductionAtom(Clause->second);
      std::string Bad = "scalar '" + Name +
                        "' is updated in a form that is not a '" +
                        Clause->second + "' reduction";
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
    if (!Ups.empty())
      return reject(Ups.front().first->getBeginLoc(),
                    "scalar '" + Name +
                        "' is written in the loop and is not a reduction; "
                        "add reduction(" +
                        reductionSpelling(Ups.front().second->Atom) + ":" +
                        Name + ") to the pragma",
                    "reduction");
    if (I.Writes)
      return reject(I.FirstWrite,
                    "scalar '" + Name +
                        "' is written in every iteration: "
                        "iterations are not independent",
                    "dependence");
    QualType T = V->getType().getNonReferenceType();
    if (std::string U = userTypeIn(T); !U.empty())
      return reject(ML.For->getForLoc(), userTypeReason("'" + Name + "'", U),
                    "extract-kernel");
    if (T->isRecordType()) {
      const auto *RD = T->getAsCXXRecordDecl();
      if (RD && !RD->isTriviallyCopyable())
        return reject(ML.For->getForLoc(),
                      "'" + Name + "' of type '" + FC.typeStr(T) +
                          "' cannot be copied to the device",
                      "extract-kernel");
    } else if (!isScalarType(T)) {
      return reject(ML.For->getForLoc(),
                    "'" + Name + "' of type '" + FC.typeStr(T) +
                        "' cannot be passed to the device",
                    "extract-kernel");
    }
    Params.push_back(
        Term::app("Param", {Term::ident(Name),
                            Term::string(FC.typeStr(T.getUnqualifiedType()))}));
  }
  return true;
}

} // namespace detail
} // namespace l2c
