//===- KernelTypes.cpp - Types a kernel could not name ---------------------===//
//
// A kernel is a free function of namespace l2c_device, placed before the
// function that holds its loop, and before the class whose body defines
// that function when it is a method defined in place. A type the loop uses
// (a parameter's element type, a local's, an enumerator's) that it cannot
// name there would give a .cu that does not build: a struct declared in
// the function, a private or protected nested type, or a type nested in
// the class whose body holds the loop. Such a loop stays on the CPU with a
// warning that names the type. So does a loop that computes in long double,
// which device code computes as double (nvcc only warns).
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>
#include <string>

namespace l2c {
namespace detail {

using namespace clang;

namespace {

/// The class or enum that T names, through references, pointers, arrays
/// and qualifiers.
const TagDecl *tagOf(QualType T) {
  T = T.getNonReferenceType();
  while (true) {
    T = T.getCanonicalType();
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    else if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
      T = AT->getElementType();
    else
      break;
  }
  return T->getAsTagDecl();
}

/// T is long double (or a pointer to, array or complex of it).
bool isLongDouble(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  while (true) {
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType().getCanonicalType();
    else if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
      T = AT->getElementType().getCanonicalType();
    else if (const auto *CT = T->getAs<ComplexType>())
      T = CT->getElementType().getCanonicalType();
    else
      break;
  }
  return T->isSpecificBuiltinType(BuiltinType::LongDouble);
}

/// Why a kernel placed outside LoopFn (and outside the class whose body
/// defines it) cannot name TD, or "".
std::string whyUnnamed(const TagDecl *TD, const FunctionDecl *LoopFn) {
  std::string Name = TD->getQualifiedNameAsString();
  if (TD->getParentFunctionOrMethod())
    return "the type '" + Name +
           "' is declared in a function, and the kernel, outside it, "
           "cannot name it";
  for (const Decl *D = TD; isa<CXXRecordDecl>(D->getDeclContext());
       D = cast<Decl>(D->getDeclContext()))
    if (D->getAccess() == AS_private || D->getAccess() == AS_protected)
      return "the type '" + Name + "' is " +
             (D->getAccess() == AS_private ? "private" : "protected") +
             " to '" +
             cast<NamedDecl>(D->getDeclContext())->getQualifiedNameAsString() +
             "', and the kernel, a free function, cannot name it";
  // A method defined in its class's body: the kernel comes before the
  // outermost class around it.
  const RecordDecl *Outer = nullptr;
  for (const DeclContext *C = LoopFn ? LoopFn->getLexicalDeclContext() : nullptr;
       C && isa<RecordDecl>(C); C = cast<Decl>(C)->getLexicalDeclContext())
    Outer = cast<RecordDecl>(C);
  if (Outer)
    for (const DeclContext *C = TD->getDeclContext(); C; C = C->getParent())
      if (C == Outer)
        return "the type '" + Name + "' belongs to '" +
               Outer->getQualifiedNameAsString() +
               "', whose body holds the loop, and the kernel, placed before "
               "that class, cannot name it";
  return "";
}

struct TypeWalker : RecursiveASTVisitor<TypeWalker> {
  const FunctionDecl *LoopFn;
  std::string Why;
  SourceLocation Where;

  void check(QualType T, SourceLocation Loc) {
    if (!Why.empty() || T.isNull())
      return;
    if (isLongDouble(T)) {
      Why = "the loop computes in 'long double', which device code computes "
            "as 'double': its results would not be the CPU's";
      Where = Loc;
      return;
    }
    const TagDecl *TD = tagOf(T);
    if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(TD);
        RD && RD->isLambda())
      return; // a lambda's closure is no type the kernel names
    if (TD) {
      Why = whyUnnamed(TD, LoopFn);
      Where = Loc;
    }
  }
  bool VisitExpr(Expr *E) {
    check(E->getType(), E->getExprLoc());
    return Why.empty();
  }
  bool VisitVarDecl(VarDecl *V) {
    check(V->getType(), V->getLocation());
    return Why.empty();
  }
};

} // namespace

std::optional<std::pair<std::string, SourceLocation>>
kernelTypeProblem(const Stmt *Loop, const FunctionDecl *LoopFn) {
  TypeWalker W;
  W.LoopFn = LoopFn;
  W.TraverseStmt(const_cast<Stmt *>(Loop));
  if (W.Why.empty())
    return std::nullopt;
  return std::make_pair(W.Why, W.Where);
}

} // namespace detail
} // namespace l2c
