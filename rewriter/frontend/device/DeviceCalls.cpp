//===- DeviceCalls.cpp - Calls in device code -----------------------------===//
//
// How the kernel's converter writes a call: a function of the user's files
// gets a device copy, the library's calls their device spellings
// (DeviceLibrary.cpp), anything else a reason to stay on the CPU.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

/// A function with a body in the user's files, which can get a device copy.
static bool isUserFunction(FrontendContext &FC, const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  return FD && FD->hasBody(Def) && !FC.inSystemHeader(Def->getLocation());
}

Term Converter::call(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return fail(CE->getExprLoc(), "indirect call cannot run on the device");
  std::string Name = FD->getNameAsString();
  // INFINITY, HUGE_VAL and NAN of <math.h>: builtins that nvcc knows on the
  // device too.
  static const llvm::StringSet<> Constants = {
      "__builtin_inf",      "__builtin_inff",      "__builtin_infl",
      "__builtin_huge_val", "__builtin_huge_valf", "__builtin_nan",
      "__builtin_nanf"};
  if (FD->getBuiltinID() && Constants.count(Name)) {
    std::vector<Term> Args;
    for (const Expr *A : CE->arguments())
      Args.push_back(expr(A));
    return Term::app("Call", {Term::ident(Name), Term::list(Args)});
  }
  if (auto T = complexCall(CE, FD))
    return *T;
  if (auto T = libraryCall(CE, FD))
    return *T;
  std::vector<Term> Args;
  for (const Expr *A : CE->arguments())
    Args.push_back(expr(A));
  if (isUserFunction(FC, FD)) {
    if (FD->isTemplateInstantiation() && !overloadableInstantiation(FD))
      return fail(CE->getExprLoc(), "call to function template '" + Name +
                                        "' cannot run on the device");
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (MD && !MD->isStatic())
      return fail(CE->getExprLoc(), "call to member function '" + Name +
                                        "' cannot run on the device");
    // A static member function: a free device function, Class_name; a
    // function of a namespace: ns_name.
    std::string Copy = MD ? methodCopyName(MD) : freeCopyName(FD);
    if (MD)
      Name = Copy;
    if (FD->isVariadic())
      return fail(CE->getExprLoc(), "call to variadic function '" + Name +
                                        "' cannot run on the device");
    const FunctionDecl *Def = FD->getDefinition();
    DeviceFunctionInfo &Info = FC.deviceFunction(Def);
    if (Info.Error && !Err)
      Err = Rejection{"call to '" + Name +
                          "' cannot run on the device: " + Info.Error->Reason,
                      "device-call", CE->getExprLoc()};
    Callees.insert(Def);
    // The arrays of the file that it reads, after its own arguments.
    for (const VarDecl *G : Info.Globals) {
      Args.push_back(Term::ident(G->getNameAsString()));
      GlobalArrays.insert(G);
    }
    // An argument of class or enum type brings the host function of the
    // same name into overload resolution (argument-dependent lookup), which
    // nvcc finds ambiguous: the qualified name picks the device copy.
    bool Adl = false;
    for (const ParmVarDecl *P : FD->parameters()) {
      QualType T = P->getType().getNonReferenceType();
      while (T->isPointerType() || T->isArrayType())
        T = T->isPointerType() ? T->getPointeeType()
                               : QualType(T->getPointeeOrArrayElementType(), 0);
      Adl |= T->isRecordType() || T->isEnumeralType();
    }
    return Term::app("Call", {Term::ident(Adl ? "l2c_device::" + Copy : Copy),
                              Term::list(Args)});
  }
  return fail(CE->getExprLoc(),
              "call to '" + Name + "' cannot run on the device", "device-call");
}

} // namespace detail
} // namespace l2c
