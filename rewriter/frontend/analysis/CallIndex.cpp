//===- CallIndex.cpp - The calls of the translation unit, by callee -------===//
//
// FrontendContext::callsOf: every call whose direct callee is a given
// function, found in one walk over the translation unit (namespaces,
// classes and template instantiations included) the first time it is
// asked. The dependence test asks it for the callers of a marked loop's
// function, whose arguments may show that two pointer parameters point
// into one array (Allocations.cpp, aliasingCall).
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

struct CallCollector : RecursiveASTVisitor<CallCollector> {
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> &Out;
  std::map<const FunctionDecl *, unsigned> &Refs;
  CallCollector(
      std::map<const FunctionDecl *, std::vector<const CallExpr *>> &Out,
      std::map<const FunctionDecl *, unsigned> &Refs)
      : Out(Out), Refs(Refs) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *F = CE->getDirectCallee())
      Out[F->getCanonicalDecl()].push_back(CE);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *F = dyn_cast<FunctionDecl>(DRE->getDecl()))
      ++Refs[F->getCanonicalDecl()];
    return true;
  }
};

} // namespace

const std::vector<const CallExpr *> &
FrontendContext::callsOf(const FunctionDecl *FD) {
  if (!Calls) {
    Calls.emplace();
    CallCollector(*Calls, FunctionRefs)
        .TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  static const std::vector<const CallExpr *> None;
  auto It = FD ? Calls->find(FD->getCanonicalDecl()) : Calls->end();
  return It == Calls->end() ? None : It->second;
}

bool FrontendContext::addressTaken(const FunctionDecl *FD) {
  // Each direct call names its callee once; any other name of FD is a use
  // of its address (a function pointer), whose calls the index cannot see.
  size_t Calls = callsOf(FD).size();
  auto It = FunctionRefs.find(FD->getCanonicalDecl());
  return It != FunctionRefs.end() && It->second > Calls;
}

} // namespace detail
} // namespace l2c
