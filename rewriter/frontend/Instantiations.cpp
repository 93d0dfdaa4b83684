//===- Instantiations.cpp - Loops of template instantiations --------------===//
//
// Each instantiation of a template is analysed on its own; all share the
// loop's source, so they must agree: all on the GPU (overloaded kernels
// behind one launch) or all on the CPU.
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"
#include "frontend/MarkLoops.h"

#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace clang;

namespace l2c {
namespace detail {

/// "axpy<float>" for an instantiation of a template, "" otherwise.
std::string instantiationName(FrontendContext &FC, const FunctionDecl *FD) {
  if (!FD || !FD->isTemplateInstantiation())
    return "";
  std::string S;
  llvm::raw_string_ostream OS(S);
  FD->getNameForDiagnostic(OS, FC.Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return OS.str();
}

namespace {

/// The types of the kernel parameters of a ParallelLoop or ParallelNest.
std::vector<std::string> paramTypes(const Term &Loop) {
  std::vector<std::string> Out;
  if (Loop.isApp("ParallelLoop", 7))
    Out.push_back(Loop[1][1].name());
  const Term &Params = Loop.isApp("ParallelLoop", 7) ? Loop[4] : Loop[3];
  for (const Term &P : Params.args())
    Out.push_back(P[1].name());
  return Out;
}

/// Loop without its id, which differs between instantiations.
Term withoutId(const Term &Loop) {
  std::vector<Term> Args = Loop.args();
  Args[0] = Term::app("Loop", {Loop[0][0], Loop[0][1], Term::integer(0)});
  return Term::app(Loop.name(), std::move(Args));
}

} // namespace

/// The instantiations of a template share the source of its loops, which
/// become one launch of overloaded kernels. A loop is on the GPU in all of
/// them or in none: one that stays on the CPU keeps the others there too,
/// and so do two kernels that overloading could not tell apart.
void agreeOnInstantiations(FrontendContext &FC, MarkedLoops &Marked,
                           FrontendResult &Result) {
  std::map<unsigned, std::vector<MarkedLoop *>> Groups;
  for (auto &ML : Marked.Loops)
    if (ML->Function && ML->Function->isTemplateInstantiation())
      Groups[FC.SM.getFileOffset(FC.SM.getExpansionLoc(ML->For->getForLoc()))]
          .push_back(ML.get());
  for (auto &[Off, Group] : Groups) {
    std::string Why;
    for (MarkedLoop *A : Group) {
      if (!A->Accepted) {
        Why = "the instantiation '" + instantiationName(FC, A->Function) +
              "' stays on the CPU, and the instantiations share the loop's "
              "source";
        break;
      }
      for (MarkedLoop *B : Group)
        if (A < B && B->Accepted &&
            !(withoutId(A->Loop) == withoutId(B->Loop)) &&
            paramTypes(A->Loop) == paramTypes(B->Loop)) {
          Why = "the instantiations '" + instantiationName(FC, A->Function) +
                "' and '" + instantiationName(FC, B->Function) +
                "' give different kernels with the same parameter types, "
                "which one launch cannot tell apart";
          break;
        }
      if (!Why.empty())
        break;
    }
    if (Why.empty())
      continue;
    for (MarkedLoop *ML : Group) {
      if (!ML->Accepted)
        continue;
      FC.Instantiation = instantiationName(FC, ML->Function);
      FC.reject(Rejection{Why, "mark-loop", SourceLocation()},
                ML->For->getForLoc());
      FC.Instantiation.clear();
      ML->Accepted = false;
      Result.Ranges.erase(ML->Id);
    }
  }
}

} // namespace detail
} // namespace l2c
