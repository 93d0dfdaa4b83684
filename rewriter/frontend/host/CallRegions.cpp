//===- CallRegions.cpp - Calls that may leave arrays on the device --------===//
//
// Rule set hold-calls keeps an array on the device across the calls of a
// function that uses it only in its kernels (`for t: step(u, v, n);`). The
// front end finds the calls for which that is safe:
//
//  - the callee is a plain function of the file (no method, no template)
//    with accepted marked loops; outside those loops its host code calls
//    nothing and names no global of non-arithmetic type, so it can reach
//    an array only through its parameters; a pointer parameter that this
//    host code never names is *clean*: the callee's copies are its only
//    host work on it;
//  - the call is a statement of its own; every argument that is not of
//    arithmetic type is a distinct local that holds its own allocation
//    (Allocations.cpp), so no two arrays of the call share memory.
//
// The call's Host term then names Pass(u) for each argument u of a clean
// parameter (Host.cpp); docs/data-regions.md explains the runtime side.
// A statement `std::swap(u, v)` of two locals that hold distinct
// allocations names Exchange(u, v) the same way (rule hold-swap), and a
// statement that frees an array, `free(a)` or `delete[] a`, names
// Release(a) (rule copy-out-dead of move-copies: a copy to the host that
// nothing reads before the release is dead).
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/AST/ExprCXX.h"

#include <functional>
#include <set>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

const VarDecl *argVar(const Expr *E) {
  if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(D->getDecl());
  return nullptr;
}

/// The clean pointer parameters of FD (indices), given the outer
/// statements of its accepted loops.
std::vector<unsigned> cleanParams(const FunctionDecl *FD,
                                  const std::set<const Stmt *> &Kernels) {
  if (isa<CXXMethodDecl>(FD) || FD->isTemplated() ||
      FD->isTemplateInstantiation() || FD->isVariadic() || !FD->getBody())
    return {};
  std::set<const VarDecl *> Named;
  bool Harmless = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Harmless || Kernels.count(S))
      return;
    if (isa<CallExpr>(S) || isa<CXXNewExpr>(S) || isa<CXXDeleteExpr>(S) ||
        isa<CXXConstructExpr>(S) || isa<LambdaExpr>(S) || isa<CXXThisExpr>(S)) {
      Harmless = false;
      return;
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl())) {
        Named.insert(V);
        if (!V->hasLocalStorage() && !V->getType()->isArithmeticType())
          Harmless = false;
      }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FD->getBody());
  std::vector<unsigned> Out;
  if (!Harmless)
    return Out;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (P->getType()->isPointerType() && !Named.count(P))
      Out.push_back(I);
  }
  return Out;
}

/// The callee of CE if it is a function of the file with clean parameters
/// and CE passes it every argument, else null.
const FunctionDecl *cleanCallee(
    const CallExpr *CE,
    const std::map<const FunctionDecl *, std::vector<unsigned>> &Clean) {
  if (!CE || isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE) ||
      !CE->getDirectCallee())
    return nullptr;
  const FunctionDecl *F = CE->getDirectCallee()->getDefinition();
  auto It = F ? Clean.find(F) : Clean.end();
  if (It == Clean.end() || It->second.empty() ||
      CE->getNumArgs() != F->getNumParams())
    return nullptr;
  return F;
}

/// The pointer parameters of Caller that its code names only as whole
/// arguments of calls to functions with clean parameters (`step(u, v, n)`),
/// when Caller's other code cannot reach their memory another way: it
/// names no other pointer parameter and no global of non-arithmetic type,
/// and calls no function of the user's files. Holding such a parameter
/// over the calls is then safe on the host side; two parameters that
/// point into one array are the runtime's to find (overlapping mirrors
/// are not held, runtime/loop2cuda_present.cuh).
std::set<const VarDecl *> quietParams(
    const FunctionDecl *Caller,
    const std::map<const FunctionDecl *, std::vector<unsigned>> &Clean) {
  std::set<const VarDecl *> Out;
  if (!Caller->getBody() || isa<CXXMethodDecl>(Caller))
    return Out;
  for (const ParmVarDecl *P : Caller->parameters())
    if (P->getType()->isPointerType())
      Out.insert(P);
  if (Out.empty())
    return Out;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      if (cleanCallee(CE, Clean)) {
        // The parameters it passes whole are fine; walk the rest.
        for (const Expr *A : CE->arguments()) {
          const VarDecl *V = argVar(A);
          if (!(V && Out.count(V)))
            Walk(A);
        }
        return;
      }
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || !F->getASTContext().getSourceManager().isInSystemHeader(
                    F->getLocation())) {
        Ok = false;
        return;
      }
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl())) {
        if (Out.count(V) ||
            (!V->hasLocalStorage() && !V->getType()->isArithmeticType())) {
          Ok = false;
          return;
        }
      }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Caller->getBody());
  if (!Ok)
    Out.clear();
  return Out;
}

class CallFinder {
public:
  CallFinder(const std::map<const FunctionDecl *, std::vector<unsigned>> &Clean,
             const FunctionDecl *Caller, HeldCalls &Out)
      : Clean(Clean), Caller(Caller), Out(Out) {
    Quiet = quietParams(Caller, Clean);
  }

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *C : CS->body())
        consider(C);
    else if (const auto *F = dyn_cast<ForStmt>(S))
      consider(F->getBody());
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      consider(W->getBody());
    else if (const auto *D = dyn_cast<DoStmt>(S))
      consider(D->getBody());
    for (const Stmt *C : S->children())
      walk(C);
  }

private:
  const std::map<const FunctionDecl *, std::vector<unsigned>> &Clean;
  const FunctionDecl *Caller;
  HeldCalls &Out;
  std::set<const VarDecl *> Quiet;

  void consider(const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (!E)
      return;
    if (const VarDecl *V = releasedArray(E)) {
      Out[S] = {Term::app("Release", {Term::ident(V->getNameAsString())})};
      return;
    }
    const auto *CE = dyn_cast<CallExpr>(E->IgnoreImplicit());
    if (!CE || isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE) ||
        !CE->getDirectCallee())
      return;
    if (isPointerSwap(S, CE))
      return;
    const FunctionDecl *Callee = CE->getDirectCallee()->getDefinition();
    auto It = Clean.find(Callee);
    if (!Callee || Callee == Caller || It == Clean.end() || It->second.empty())
      return;
    if (CE->getNumArgs() != Callee->getNumParams())
      return;
    std::vector<const VarDecl *> Ptrs;
    std::set<unsigned> CleanArgs(It->second.begin(), It->second.end());
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      if (A->getType()->isArithmeticType())
        continue;
      const VarDecl *V = argVar(A);
      if (!V || !V->getType()->isPointerType())
        return;
      // A quiet parameter of the caller goes only to clean parameters:
      // the callee's copies are all the host work on its memory.
      if (isa<ParmVarDecl>(V) && Quiet.count(V) && CleanArgs.count(I))
        continue;
      Ptrs.push_back(V);
    }
    // Every other pointer argument a distinct local with its own
    // allocation (which no parameter can point into).
    for (size_t I = 0; I < Ptrs.size(); ++I) {
      if (!holdsOwnAllocation(Caller, Ptrs[I]))
        return;
      for (size_t J = I + 1; J < Ptrs.size(); ++J)
        if (!distinctAllocations(Caller, Ptrs[I], Ptrs[J]))
          return;
    }
    std::vector<Term> Marks;
    for (unsigned I : It->second)
      if (const VarDecl *V = argVar(CE->getArg(I)))
        Marks.push_back(Term::app("Pass", {Term::ident(V->getNameAsString())}));
    if (!Marks.empty())
      Out[S] = Marks;
  }

  /// The pointer variable whose memory the statement E gives back:
  /// `free(a)`, `std::free(a)`, or `delete[] a` / `delete a` of elements
  /// whose destruction reads nothing (trivially destructible). After it,
  /// the contents of a are dead: no later code may read them.
  static const VarDecl *releasedArray(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *D = dyn_cast<CXXDeleteExpr>(E)) {
      QualType T = D->getDestroyedType();
      const FunctionDecl *Op = D->getOperatorDelete();
      if (T.isNull() || T.isDestructedType() || !Op ||
          !Op->isReplaceableGlobalAllocationFunction())
        return nullptr;
      const VarDecl *V = argVar(D->getArgument());
      return V && V->getType()->isPointerType() ? V : nullptr;
    }
    const auto *CE = dyn_cast<CallExpr>(E);
    if (!CE || CE->getNumArgs() != 1 || !CE->getDirectCallee())
      return nullptr;
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F->getIdentifier() || F->getName() != "free" ||
        !(F->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
          F->isInStdNamespace()))
      return nullptr;
    const VarDecl *V = argVar(CE->getArg(0));
    return V && V->getType()->isPointerType() ? V : nullptr;
  }

  /// `std::swap(u, v)` of two locals that hold distinct allocations
  /// (Allocations.cpp): marked Exchange(u, v). The swap only permutes the
  /// allocations, so the runtime's mirrors, keyed by the host pointer,
  /// follow it (rule hold-swap).
  bool isPointerSwap(const Stmt *S, const CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (CE->getNumArgs() != 2 || !F->getIdentifier() || F->getName() != "swap")
      return false;
    const VarDecl *A = argVar(CE->getArg(0)), *B = argVar(CE->getArg(1));
    if (!A || !B || !A->getType()->isPointerType() ||
        !distinctAllocations(Caller, A, B))
      return true;
    Out[S] = {Term::app("Exchange", {Term::ident(A->getNameAsString()),
                                     Term::ident(B->getNameAsString())})};
    return true;
  }
};

void functionsOf(const DeclContext *DC,
                 std::vector<const FunctionDecl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isTemplated())
        Out.push_back(FD);
    } else if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D)) {
      functionsOf(cast<DeclContext>(D), Out);
    }
  }
}

} // namespace

std::map<const FunctionDecl *, HeldCalls>
findHeldCalls(FrontendContext &FC,
              const std::vector<std::unique_ptr<MarkedLoop>> &Loops) {
  std::map<const FunctionDecl *, std::set<const Stmt *>> Kernels;
  for (const auto &ML : Loops)
    if (ML->Accepted && ML->Function)
      Kernels[ML->Function].insert(ML->Outer);
  std::map<const FunctionDecl *, std::vector<unsigned>> Clean;
  for (const auto &[FD, Outers] : Kernels)
    Clean[FD] = cleanParams(FD, Outers);

  std::vector<const FunctionDecl *> Functions;
  functionsOf(FC.Ctx.getTranslationUnitDecl(), Functions);
  std::map<const FunctionDecl *, HeldCalls> Result;
  for (const FunctionDecl *FD : Functions) {
    if (!FC.SM.isInMainFile(FC.SM.getExpansionLoc(FD->getLocation())))
      continue;
    HeldCalls Calls;
    CallFinder(Clean, FD, Calls).walk(FD->getBody());
    // Release marks alone do not make a function worth translating: only
    // where it has kernels or held calls can a copy to the host be dead.
    bool Holds = llvm::any_of(Calls, [](const auto &E) {
      return !E.second.front().isApp("Release", 1);
    });
    if (!Calls.empty() && (Holds || Kernels.count(FD)))
      Result[FD] = std::move(Calls);
  }
  return Result;
}

HeldCalls findReleases(const FunctionDecl *FD) {
  std::map<const FunctionDecl *, std::vector<unsigned>> NoClean;
  HeldCalls Calls;
  CallFinder(NoClean, FD, Calls).walk(FD->getBody());
  HeldCalls Out;
  for (const auto &[S, Marks] : Calls)
    if (Marks.front().isApp("Release", 1))
      Out[S] = Marks;
  return Out;
}

} // namespace detail
} // namespace l2c
