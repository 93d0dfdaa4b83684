//===- NameClashes.cpp - Two arrays of one function under one name ------===//
//
// The data rules (whole-arrays, move-copies, the holds) tell a function's
// arrays apart by name: `buf` of one loop and `buf` of another statement
// are one array to them. A function that uses two variables of one name,
// a global `buf` and `st::buf`, or `Pool::buf`, or a local that hides a
// global, would have the copies of one placed around the uses of the
// other. Until the rules know variables by identity, a loop that uses an
// array whose name another array or pointer of its function also has stays
// on the CPU with a warning that names both. (A scalar of the same name
// only makes the host's uses of it look like uses of the array: copies
// then stay nearer the loop, which is slower but right.)
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>

using namespace clang;

namespace l2c {
namespace detail {

namespace {
class NamedVars : public RecursiveASTVisitor<NamedVars> {
public:
  std::multimap<std::string, const VarDecl *> ByName;
  void add(const VarDecl *V) {
    // OpenMP's captured copies of a clause's variables, and the like.
    if (V->isImplicit() || isa<OMPCapturedExprDecl>(V))
      return;
    auto [B, E] = ByName.equal_range(V->getNameAsString());
    for (auto It = B; It != E; ++It)
      if (It->second == V->getCanonicalDecl())
        return;
    ByName.emplace(V->getNameAsString(), V->getCanonicalDecl());
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      add(V);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    add(V);
    return true;
  }
};

bool arrayLike(const VarDecl *V) {
  QualType T = V->getType().getNonReferenceType();
  return T->isPointerType() || T->isArrayType() || isStdVector(T) ||
         isStdArray(T);
}

std::string qualified(const VarDecl *V) {
  std::string Q = V->getQualifiedNameAsString();
  return V->getDeclContext()->isFunctionOrMethod() ? V->getNameAsString()
                                                   : Q;
}
} // namespace

std::optional<std::string>
arrayNameClash(llvm::ArrayRef<const VarDecl *> Free,
               const FunctionDecl *Function) {
  if (!Function || !Function->hasBody())
    return std::nullopt;
  NamedVars Vars;
  Vars.TraverseDecl(const_cast<FunctionDecl *>(Function));
  for (const VarDecl *V : Free) {
    if (!arrayLike(V) || standInBase(V))
      continue;
    auto [B, E] = Vars.ByName.equal_range(V->getNameAsString());
    for (auto It = B; It != E; ++It)
      if (It->second != V->getCanonicalDecl() && arrayLike(It->second))
        return "the loop uses the array '" + qualified(V) +
               "', and its function also uses another array called '" +
               V->getNameAsString() + "' ('" + qualified(It->second) +
               "'); the copies between host and device tell arrays apart "
               "by name: rename one of them";
  }
  return std::nullopt;
}

} // namespace detail
} // namespace l2c
