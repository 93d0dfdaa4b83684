//===- Instantiations.cpp - Loops of template instantiations --------------===//
//
// Each instantiation of a template is analysed on its own; all share the
// loop's source, so they must agree: all on the GPU (overloaded kernels
// behind one launch) or all on the CPU.
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"
#include "frontend/pragmas/MarkLoops.h"

#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <optional>

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

/// The reductions (or the scan) of a loop term; an empty list for others.
Term reductionsOf(const Term &Loop) {
  if (Loop.isApp("ParallelLoop", 7) || Loop.isApp("ParallelScan", 7))
    return Loop[6];
  return Term::list({});
}

/// The same reductions (operator and variable, in order), whatever their
/// types.
bool sameReductions(const Term &A, const Term &B) {
  if (A.arity() != B.arity())
    return false;
  for (size_t I = 0; I < A.arity(); ++I) {
    const Term &X = A[I], &Y = B[I];
    if (!X.isApp("Reduction", 3) || !Y.isApp("Reduction", 3)) {
      if (!(X == Y))
        return false;
    } else if (!(X[0] == Y[0]) || !(X[1] == Y[1])) {
      return false;
    }
  }
  return true;
}

/// Loop without its id, which differs between instantiations.
Term withoutId(const Term &Loop) {
  std::vector<Term> Args = Loop.args();
  Args[0] = Term::app("Loop", {Loop[0][0], Loop[0][1], Term::integer(0)});
  return Term::app(Loop.name(), std::move(Args));
}

/// The conditions that pick FD among the instantiations of its template,
/// one per integral non-type argument ("Stride == 2"), from the function's
/// arguments and, for a method, its class template's; nullopt where an
/// argument is a pack.
std::optional<std::vector<std::string>> argumentTests(const FunctionDecl *FD) {
  std::vector<std::string> Out;
  auto Add = [&](const TemplateParameterList *Ps,
                 ArrayRef<TemplateArgument> As) {
    for (unsigned K = 0; K < As.size() && K < Ps->size(); ++K) {
      const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Ps->getParam(K));
      if (As[K].getKind() == TemplateArgument::Pack)
        return false;
      if (!P || P->getName().empty() ||
          As[K].getKind() != TemplateArgument::Integral)
        continue;
      std::string Name = P->getNameAsString();
      if (!P->getType()->isIntegralType(FD->getASTContext()))
        Name = "(long long)" + Name; // an enum
      Out.push_back(Name + " == " +
                    llvm::toString(As[K].getAsIntegral(), 10,
                                   As[K].getAsIntegral().isSigned()));
    }
    return true;
  };
  if (const FunctionTemplateDecl *FT = FD->getPrimaryTemplate())
    if (!Add(FT->getTemplateParameters(),
             FD->getTemplateSpecializationArgs()->asArray()))
      return std::nullopt;
  if (const auto *CS =
          dyn_cast<ClassTemplateSpecializationDecl>(FD->getDeclContext()))
    if (!Add(CS->getSpecializedTemplate()->getTemplateParameters(),
             CS->getTemplateArgs().asArray()))
      return std::nullopt;
  return Out;
}

/// Where the kernels of Group differ only in how many elements of an array
/// they copy (`in[i * Stride]`: (n - 1) * 2 + 1 elements for Stride = 2,
/// (n - 1) * 4 + 1 for 4), gives every loop one count that the launch, in
/// the template's source, evaluates on the host where the arguments are
/// known: `(Stride == 2 ? (n - 1) * 2 + 1 : (n - 1) * 4 + 1)`. Leaves the
/// group alone where the template arguments cannot tell the counts apart.
void mergeCounts(std::vector<MarkedLoop *> &Group) {
  size_t At = Group[0]->Loop.isApp("ParallelLoop", 7) ? 5 : 4;
  std::vector<std::vector<std::string>> Tests;
  for (MarkedLoop *ML : Group) {
    auto T = argumentTests(ML->Function);
    if (!T || ML->Loop.arity() <= At ||
        ML->Loop[At].arity() != Group[0]->Loop[At].arity())
      return;
    Tests.push_back(*T);
  }
  std::vector<std::vector<Term>> Arrays;
  for (MarkedLoop *ML : Group)
    Arrays.push_back(ML->Loop[At].args());
  for (size_t A = 0; A < Arrays[0].size(); ++A) {
    bool Same = true;
    for (auto &As : Arrays)
      Same &= As[A].arity() == 6 && As[A][3].name() == Arrays[0][A][3].name();
    if (Same)
      continue;
    // One test per instantiation, the last one the default.
    std::string Count = Arrays.back()[A][3].name();
    for (size_t G = Arrays.size() - 1; G-- > 0;) {
      if (Tests[G].empty() || Tests[G] == Tests.back())
        return;
      std::string Test;
      for (const std::string &T : Tests[G])
        Test += (Test.empty() ? "" : " && ") + T;
      Count = "(" + Test + " ? " + Arrays[G][A][3].name() + " : " + Count + ")";
    }
    for (auto &As : Arrays) {
      std::vector<Term> Fields = As[A].args();
      Fields[3] = Term::string(Count);
      As[A] = Term::app("Array", std::move(Fields));
    }
  }
  for (size_t G = 0; G < Group.size(); ++G) {
    std::vector<Term> Args = Group[G]->Loop.args();
    Args[At] = Term::list(Arrays[G]);
    Group[G]->Loop = Term::app(Group[G]->Loop.name(), std::move(Args));
  }
}

/// The first array that loops A and B copy with different counts, or "".
std::string differentCount(const Term &A, const Term &B) {
  size_t At = A.isApp("ParallelLoop", 7) ? 5 : 4;
  if (A.arity() <= At || B.arity() <= At)
    return "";
  for (const Term &X : A[At].args())
    for (const Term &Y : B[At].args())
      if (X.arity() == 6 && Y.arity() == 6 && X[0].name() == Y[0].name() &&
          X[3].name() != Y[3].name())
        return X[0].name();
  return "";
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
    // A comes before B in the file's order of instantiations.
    auto Before = [&Group = Group](MarkedLoop *A, MarkedLoop *B) {
      return std::find(Group.begin(), Group.end(), A) <
             std::find(Group.begin(), Group.end(), B);
    };
    bool AllAccepted = true;
    for (MarkedLoop *ML : Group)
      AllAccepted &= ML->Accepted;
    if (AllAccepted)
      mergeCounts(Group);
    std::string Why;
    for (MarkedLoop *A : Group) {
      if (!A->Accepted) {
        Why = "the instantiation '" + instantiationName(FC, A->Function) +
              "' stays on the CPU, and the instantiations share the loop's "
              "source";
        break;
      }
      // One launch copies one count of each array.
      for (MarkedLoop *B : Group)
        if (Before(A, B) && B->Accepted)
          if (std::string Arr = differentCount(A->Loop, B->Loop);
              !Arr.empty()) {
            Why = "the instantiations '" + instantiationName(FC, A->Function) +
                  "' and '" + instantiationName(FC, B->Function) +
                  "' copy different numbers of elements of '" + Arr +
                  "', and no non-type template argument tells them apart "
                  "in the one launch";
            break;
          }
      if (!Why.empty())
        break;
      // The host code around a reduction's launch (its buffers, its
      // finish) is printed for each instantiation whose reduction types
      // differ, behind `if constexpr` on the variables' types
      // (HostEmitter's launchFor); the reductions must be the same ones.
      for (MarkedLoop *B : Group)
        if (Before(A, B) && B->Accepted &&
            !sameReductions(reductionsOf(A->Loop), reductionsOf(B->Loop))) {
          Why = "the instantiations '" + instantiationName(FC, A->Function) +
                "' and '" + instantiationName(FC, B->Function) +
                "' reduce values of different types, and the host code of "
                "the one launch has one type for its buffers";
          break;
        }
      if (!Why.empty())
        break;
      // The host passes members by expressions of its own (a private
      // member at its offset in the object, which differs between
      // Grid<float> and Grid<double>): one launch has one text for each.
      for (MarkedLoop *B : Group)
        if (Before(A, B) && B->Accepted &&
            FC.Result.HostArgs[A->Id] != FC.Result.HostArgs[B->Id]) {
          Why = "the instantiations '" + instantiationName(FC, A->Function) +
                "' and '" + instantiationName(FC, B->Function) +
                "' read a member at different places in the object, and "
                "the host code of the one launch has one";
          break;
        }
      if (!Why.empty())
        break;
      for (MarkedLoop *B : Group)
        if (Before(A, B) && B->Accepted &&
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
