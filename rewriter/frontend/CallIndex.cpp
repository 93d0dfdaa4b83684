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
  explicit CallCollector(
      std::map<const FunctionDecl *, std::vector<const CallExpr *>> &Out)
      : Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *F = CE->getDirectCallee())
      Out[F->getCanonicalDecl()].push_back(CE);
    return true;
  }
};

} // namespace

const std::vector<const CallExpr *> &
FrontendContext::callsOf(const FunctionDecl *FD) {
  if (!Calls) {
    Calls.emplace();
    CallCollector(*Calls).TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  static const std::vector<const CallExpr *> None;
  auto It = FD ? Calls->find(FD->getCanonicalDecl()) : Calls->end();
  return It == Calls->end() ? None : It->second;
}

} // namespace detail
} // namespace l2c
