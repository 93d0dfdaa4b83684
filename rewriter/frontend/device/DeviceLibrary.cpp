//===- DeviceLibrary.cpp - Lambdas and library calls in device code -------===//
//
// The parts of the conversion of device code that concern C++ rather than
// C: lambdas called in the body (each becomes a device function with a
// parameter per capture), std::array (indexed like a vector, size() a
// constant), std::min/max/clamp/abs (calls of runtime/loop2cuda_math.cuh)
// and the <cmath> overloads. Any other call of the standard library is
// rejected with the function's name.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"
#include "term/MathNames.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace l2c {
namespace detail {

//===----------------------------------------------------------------------===//
// Lambdas
//===----------------------------------------------------------------------===//

/// The first use of V in S that may change it (any use but a read of its
/// value), at a location after After where After is valid.
static const Stmt *changeOf(const Stmt *S, const VarDecl *V,
                            SourceLocation After, const SourceManager &SM,
                            bool Read = false) {
  if (!S)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return !Read && DRE->getDecl() == V &&
                   (After.isInvalid() ||
                    SM.isBeforeInTranslationUnit(After, DRE->getLocation()))
               ? S
               : nullptr;
  bool ChildRead = isa<ParenExpr>(S) && Read;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(S))
    ChildRead = IC->getCastKind() == CK_LValueToRValue;
  for (const Stmt *C : S->children())
    if (const Stmt *R = changeOf(C, V, After, SM, ChildRead))
      return R;
  return nullptr;
}

/// The body of the function that encloses the lambda Closure.
static const Stmt *enclosingBody(const CXXRecordDecl *Closure) {
  for (const DeclContext *DC = Closure->getDeclContext(); DC;
       DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD->getBody();
  return nullptr;
}

/// A capture of a variable that holds a lambda without captures: its
/// device function needs nothing of it.
static bool capturedLambda(const LambdaCapture &C) {
  if (!C.capturesVariable())
    return false;
  const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
  const CXXRecordDecl *RD =
      V ? V->getType().getNonReferenceType()->getAsCXXRecordDecl() : nullptr;
  return RD && RD->isLambda() && RD->capture_size() == 0;
}

/// The captures of Closure that its device function takes as parameters.
static std::vector<const VarDecl *>
passedCaptures(const CXXRecordDecl *Closure) {
  std::vector<const VarDecl *> Out;
  for (const LambdaCapture &C : Closure->captures())
    if (C.capturesVariable() && !capturedLambda(C))
      if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
        Out.push_back(V);
  return Out;
}

/// Why the device function of the lambda Closure cannot take each of its
/// captures as a parameter passed at the call, or "".
static std::string captureProblem(const CXXRecordDecl *Closure,
                                  const std::string &Name,
                                  const SourceManager &SM) {
  const CXXMethodDecl *Op = Closure->getLambdaCallOperator();
  const LambdaExpr *LE = nullptr;
  if (const Stmt *Body = enclosingBody(Closure)) {
    // The lambda expression, for where its by-value copies are taken.
    std::vector<const Stmt *> Work = {Body};
    while (!Work.empty() && !LE) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (const auto *L = dyn_cast_or_null<LambdaExpr>(S))
        if (L->getLambdaClass() == Closure)
          LE = L;
      if (S)
        for (const Stmt *C : S->children())
          Work.push_back(C);
    }
  }
  // A static local of the enclosing function is no capture: the lambda
  // names it directly, and its device function could not (found by a
  // helper's hunt: `static double a[n]; auto f = [&](int i) { a[i] = ...; }`
  // gave a kernel that named an undeclared 'a', unchecked for dependences).
  std::string Static;
  std::vector<const Stmt *> Uses = {Op->getBody()};
  while (!Uses.empty() && Static.empty()) {
    const Stmt *S = Uses.back();
    Uses.pop_back();
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->isStaticLocal() &&
          V->getDeclContext() != static_cast<const DeclContext *>(Op))
        Static = V->getNameAsString();
    if (S)
      for (const Stmt *C : S->children())
        Uses.push_back(C);
  }
  if (!Static.empty())
    return "lambda '" + Name + "' uses '" + Static +
           "', a static local of the function around it, which its device "
           "function cannot name";
  for (const LambdaCapture &C : Closure->captures()) {
    if (C.capturesThis())
      return "lambda '" + Name + "' captures 'this'";
    if (!C.capturesVariable())
      return "lambda '" + Name + "' captures a variable-length array";
    const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
    if (!V || V->isInitCapture())
      return "lambda '" + Name + "' has an init-capture";
    std::string VN = "'" + V->getNameAsString() + "'";
    if (capturedLambda(C))
      continue; // a call of it calls its device function
    if (!isScalarType(V->getType()))
      return "lambda '" + Name + "' captures " + VN +
             ", which is not a number; lambdas on the device capture scalars "
             "only (pass arrays' elements as arguments)";
    bool ByRef = C.getCaptureKind() == LCK_ByRef;
    if (changeOf(Op->getBody(), V, SourceLocation(), SM))
      return ByRef ? "lambda '" + Name + "' writes " + VN +
                         ", which it captures by reference; its device copy "
                         "gets the value only"
                   : "mutable lambda '" + Name + "' changes its copy of " + VN;
    if (!ByRef && LE)
      if (const Stmt *W =
              changeOf(enclosingBody(Closure), V, LE->getEndLoc(), SM))
        return VN + " may change after lambda '" + Name +
               "' captures it by value (line " +
               std::to_string(SM.getExpansionLineNumber(W->getBeginLoc())) +
               "); the device function would get the newer value";
  }
  return "";
}

/// The lambda class of a call operator, or null.
static const CXXRecordDecl *lambdaOf(const FunctionDecl *FD) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  return MD && MD->getParent()->isLambda() ? MD->getParent() : nullptr;
}

std::string FrontendContext::lambdaName(const CXXRecordDecl *Closure,
                                        const std::string &Var) {
  auto It = LambdaNames.find(Closure);
  if (It != LambdaNames.end())
    return It->second;
  std::string Base = "l2c_lambda_" + Var, Name = Base;
  for (int K = 2; !TakenLambdaNames.insert(Name).second; ++K)
    Name = Base + "_" + std::to_string(K);
  return LambdaNames[Closure] = Name;
}

void lambdaSignature(FrontendContext &FC, const FunctionDecl *FD,
                     Converter &Conv, std::string &Name,
                     std::vector<Term> &Params) {
  const CXXRecordDecl *Closure = lambdaOf(FD);
  if (!Closure)
    return;
  Name = FC.lambdaName(Closure,
                       "L" + std::to_string(FC.line(Closure->getLocation())));
  Conv.Lambda = Closure;
  for (const VarDecl *V : passedCaptures(Closure))
    Params.push_back(Term::app(
        "Param",
        {Term::ident(V->getNameAsString()),
         Term::string(FC.typeStr(
             V->getType().getNonReferenceType().getUnqualifiedType()))}));
}

Term Converter::lambdaCall(const CXXOperatorCallExpr *OC) {
  const auto *Closure = OC->getArg(0)->getType()->getAsCXXRecordDecl();
  const FunctionDecl *Op = OC->getDirectCallee();
  std::string Var = "L" + std::to_string(FC.line(Closure->getLocation()));
  if (const VarDecl *V = refVar(OC->getArg(0)))
    Var = V->getNameAsString();
  std::string Name = FC.lambdaName(Closure, Var);
  if (!Op || !Op->getDefinition())
    return fail(OC->getExprLoc(), "lambda '" + Var + "' has no body to copy");
  if (std::string Why = captureProblem(Closure, Var, FC.SM); !Why.empty())
    return fail(OC->getExprLoc(), Why);
  std::vector<const VarDecl *> Captures = passedCaptures(Closure);
  if (!InKernel && !Captures.empty())
    return fail(OC->getExprLoc(), "lambda '" + Var +
                                      "' with captures is called in a device "
                                      "function; call it in the loop body");
  std::vector<Term> Args;
  for (unsigned I = 1; I < OC->getNumArgs(); ++I)
    Args.push_back(expr(OC->getArg(I)));
  for (const VarDecl *V : Captures)
    Args.push_back(Term::ident(V->getNameAsString()));
  const FunctionDecl *Def = Op->getDefinition();
  DeviceFunctionInfo &Info = FC.deviceFunction(Def);
  if (Info.Error && !Err)
    Err = Rejection{"lambda '" + Var +
                        "' cannot run on the device: " + Info.Error->Reason,
                    "device-call", OC->getExprLoc()};
  Callees.insert(Def);
  return Term::app("Call", {Term::ident(Name), Term::list(Args)});
}

Term Converter::lambdaDecl(const VarDecl *) {
  // A lambda or a copy of one: its calls call the device function of its
  // class.
  return Term::list({});
}

/// A constant that a lambda's body names without capturing it: its value.
static std::optional<Term> constantValue(FrontendContext &FC,
                                         const DeclRefExpr *DRE) {
  Expr::EvalResult R;
  if (!DRE->EvaluateAsRValue(R, FC.Ctx) || R.HasSideEffects)
    return std::nullopt;
  std::string T = FC.typeStr(DRE->getType().getUnqualifiedType());
  if (R.Val.isInt()) {
    Term V = Term::integer(R.Val.getInt().getSExtValue());
    return T == "int" ? V : Term::app("Cast", {Term::string(T), V});
  }
  if (R.Val.isFloat() && (T == "float" || T == "double")) {
    llvm::SmallString<32> S;
    R.Val.getFloat().toString(S);
    std::string Sp = S.str().str();
    if (Sp.find_first_of(".eEn") == std::string::npos)
      Sp += ".0";
    return Term::floating(T == "float" ? Sp + "f" : Sp);
  }
  return std::nullopt;
}

std::optional<Term> Converter::lambdaVarRef(const DeclRefExpr *DRE,
                                            const VarDecl *VD) {
  if (!Lambda)
    return std::nullopt;
  for (const DeclContext *DC = VD->getDeclContext(); DC; DC = DC->getParent())
    if (DC == Lambda)
      return std::nullopt; // its own parameter or local
  for (const LambdaCapture &C : Lambda->captures())
    if (C.capturesVariable() && C.getCapturedVar() == VD)
      return std::nullopt; // a parameter of the device function
  if (auto V = constantValue(FC, DRE))
    return V;
  if (VD->hasGlobalStorage())
    return std::nullopt; // IsOutside decides
  return fail(DRE->getLocation(), "lambda uses '" + VD->getNameAsString() +
                                      "' without capturing it");
}

//===----------------------------------------------------------------------===//
// The standard library
//===----------------------------------------------------------------------===//

/// The name of FD with its namespaces and classes ("std::sort",
/// "std::vector<float>::push_back").
static std::string qualifiedName(FrontendContext &FC, const FunctionDecl *FD) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  FD->printQualifiedName(OS, FC.Policy);
  return OS.str();
}

/// A function of the C or C++ library: declared in std or the global
/// namespace, not defined in the user's files.
static bool isLibraryFunction(FrontendContext &FC, const FunctionDecl *FD) {
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !FD->isInStdNamespace())
    return false;
  const FunctionDecl *Def = nullptr;
  return !FD->hasBody(Def) || FC.inSystemHeader(Def->getLocation());
}

/// std::numeric_limits<T>::max() and its kin: constexpr host functions;
/// libcu++'s cuda::std::numeric_limits gives the same values on the device.
static std::optional<std::string> numericLimits(FrontendContext &FC,
                                                const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->isStatic() || !MD->getIdentifier() || MD->getNumParams())
    return std::nullopt;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(MD->getParent());
  if (!Spec || !Spec->isInStdNamespace() ||
      Spec->getName() != "numeric_limits" ||
      Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      !isScalarType(Spec->getTemplateArgs()[0].getAsType()))
    return std::nullopt;
  return "cuda::std::numeric_limits<" +
         FC.typeStr(Spec->getTemplateArgs()[0].getAsType()) +
         ">::" + MD->getName().str();
}

std::optional<Term> Converter::libraryCall(const CallExpr *CE,
                                           const FunctionDecl *FD) {
  if (auto Limits = numericLimits(FC, FD))
    return Term::app("Call", {Term::ident(*Limits), Term::list({})});
  if (!FD->getIdentifier() || !isLibraryFunction(FC, FD))
    return std::nullopt;
  StringRef N = FD->getName();
  std::string Qual = qualifiedName(FC, FD);
  bool MinMax =
      FD->isInStdNamespace() && (N == "min" || N == "max" || N == "clamp");
  // std::max({a, b, c}): the runtime's maxOf<T>(a, b, c).
  if (MinMax && N != "clamp" && CE->getNumArgs() == 1)
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(
            CE->getArg(0)->IgnoreImplicit()))
      if (const auto *Init =
              dyn_cast<InitListExpr>(IL->getSubExpr()->IgnoreImplicit())) {
        QualType T = Init->getNumInits()
                         ? Init->getInit(0)->getType().getUnqualifiedType()
                         : QualType();
        if (!T.isNull() && isScalarType(T)) {
          std::vector<Term> As;
          for (const Expr *A : Init->inits())
            As.push_back(expr(A));
          return Term::app("Call", {Term::ident("l2c::" + N.str() + "Of<" +
                                                FC.typeStr(T) + ">"),
                                    Term::list(As)});
        }
      }
  bool List = CE->getNumArgs() &&
              isa<CXXStdInitializerListExpr>(CE->getArg(0)->IgnoreImplicit());
  if (MinMax && (List || CE->getNumArgs() != (N == "clamp" ? 3u : 2u)))
    return fail(CE->getExprLoc(),
                "call to '" + Qual +
                    "' with a comparison function cannot run on the "
                    "device",
                "device-call");
  // The device versions take and return numbers only (not std::complex).
  if (MinMax || N == "abs" || isMathName(N))
    for (const Expr *A : CE->arguments())
      if (QualType T = A->IgnoreImpCasts()->getType(); !isScalarType(T))
        return fail(
            CE->getExprLoc(),
            "call to '" + Qual + "' on '" +
                FC.typeStr(T.getNonReferenceType().getUnqualifiedType()) +
                "' cannot run on the device: the library functions "
                "of kernels take numbers",
            "device-call");
  auto Call = [](std::string Callee, std::vector<Term> As) {
    return Term::app("Call", {Term::ident(Callee), Term::list(As)});
  };
  auto Converted = [&] {
    std::vector<Term> As;
    for (const Expr *A : CE->arguments())
      As.push_back(expr(A));
    return As;
  };
  // std::min, std::max, std::clamp: templates over one type T, printed as
  // the runtime's templates with T explicit, so the arguments convert as
  // they do on the host.
  if (MinMax) {
    const TemplateArgumentList *TA = FD->getTemplateSpecializationArgs();
    if (!TA || TA->size() != 1)
      return fail(CE->getExprLoc(),
                  "call to '" + Qual + "' cannot run on the device",
                  "device-call");
    return Call("l2c::" + N.str() + "<" + FC.typeStr(TA->get(0).getAsType()) +
                    ">",
                Converted());
  }
  // std::swap of two numbers (or of two structs that travel as bytes):
  // the runtime's device swap.
  if (N == "swap" && FD->isInStdNamespace() && CE->getNumArgs() == 2) {
    QualType T = CE->getArg(0)->getType();
    if (FC.Ctx.hasSameUnqualifiedType(T, CE->getArg(1)->getType()) &&
        (isScalarType(T) ||
         (T->isRecordType() && deviceTypeProblem(T, false).empty() &&
          !isStdVector(T) && !isStdArray(T))))
      return Call("l2c::swap", Converted());
  }
  // abs: the overloads of <cstdlib> and <cmath> (int, long, long long,
  // float, double), which loop2cuda_math.cuh repeats for the device.
  // C's abs(int) called on a long converts it to int first (the high bits
  // go): printed without the conversion, the device's long overload would
  // keep them.
  if (N == "abs" && !FD->getPrimaryTemplate()) {
    std::vector<Term> Args = Converted();
    for (unsigned I = 0;
         I < CE->getNumArgs() && I < Args.size() && I < FD->getNumParams();
         ++I) {
      QualType P = FD->getParamDecl(I)->getType();
      if (!FC.Ctx.hasSameUnqualifiedType(
              CE->getArg(I)->IgnoreImpCasts()->getType(), P))
        Args[I] = Term::app("Cast", {Term::string(FC.typeStr(P)), Args[I]});
    }
    return Call("l2c::abs", Args);
  }
  if (isMathName(N)) {
    std::vector<Term> Args = Converted();
    // The integer overloads of <cmath> are templates that compute in
    // double (std::sqrt(int), std::pow(float, int)): CUDA has no such
    // templates, so the arguments become doubles.
    if (FD->getPrimaryTemplate()) {
      bool ToRet = FD->getReturnType()->isRealFloatingType();
      for (unsigned I = 0; I < CE->getNumArgs() && I < Args.size(); ++I) {
        QualType AT = CE->getArg(I)->IgnoreImpCasts()->getType();
        if (ToRet || AT->isIntegralOrEnumerationType())
          Args[I] = Term::app(
              "Cast",
              {Term::string(ToRet ? FC.typeStr(FD->getReturnType()) : "double"),
               Args[I]});
      }
    } else {
      // C's fmod(double, double) called as fmod(x, 97): the integer
      // converts to the parameter's type. Printed without the conversion,
      // nvcc would pick <cmath>'s host-only template fmod(double, int).
      // A float argument converts too: C's fmin(f, 0.0) would be the
      // host-only fmin(float, double), and C's sqrt(f) the float overload,
      // which rounds otherwise than the host's double sqrt.
      for (unsigned I = 0;
           I < CE->getNumArgs() && I < Args.size() && I < FD->getNumParams();
           ++I) {
        QualType PT = FD->getParamDecl(I)->getType();
        QualType AT = CE->getArg(I)->IgnoreImpCasts()->getType();
        if (PT->isRealFloatingType() &&
            (AT->isIntegralOrEnumerationType() ||
             (AT->isRealFloatingType() &&
              !FC.Ctx.hasSameUnqualifiedType(AT, PT))))
          Args[I] = Term::app("Cast", {Term::string(FC.typeStr(PT)), Args[I]});
      }
    }
    return Call(N.str(), Args);
  }
  if (FD->isInStdNamespace())
    return fail(CE->getExprLoc(),
                "call to '" + Qual +
                    "' cannot run on the device: of the standard library, "
                    "kernels call std::min, std::max, std::clamp, std::abs, "
                    "std::swap, std::numeric_limits and the <cmath> "
                    "functions",
                "device-call");
  return std::nullopt;
}

std::optional<Term> Converter::methodCopyCall(const CXXMethodDecl *MD,
                                              const Expr *Obj,
                                              llvm::ArrayRef<const Expr *> Rest,
                                              SourceLocation Loc) {
  const FunctionDecl *Def = nullptr;
  if (!(MD && !MD->isStatic() && !MD->isVirtual() && MD->hasBody(Def) &&
        !FC.inSystemHeader(Def->getLocation()) &&
        !MD->getParent()->isInStdNamespace()))
    return std::nullopt;
  Term Self;
  bool NoObject = needsNoObject(cast<CXXMethodDecl>(Def));
  // this->f(...) of a method that reads only numbers of an object that
  // cannot travel: its copy takes those numbers (MemberScalars.cpp), the
  // kernel's stand-ins for them or, in another such copy, its own.
  std::vector<Term> MemberArgs;
  std::optional<MemberScalars> Members;
  if (!NoObject && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) &&
      (InKernel || MemberParams) &&
      (Members = memberScalars(cast<CXXMethodDecl>(Def)))) {
    for (const auto &[F, ME] : *Members) {
      const VarDecl *V = InKernel ? memberVar(ME) : nullptr;
      MemberArgs.push_back(
          Term::ident(V ? V->getNameAsString() : memberParamName(F)));
    }
    NoObject = true;
  }
  // m.cols() of such a method on another object, a variable: the kernel's
  // stand-ins for m's numbers (StandIns.cpp).
  if (!NoObject && InKernel)
    if (auto Numbers = numbersOfObject(cast<CXXMethodDecl>(Def), Obj)) {
      for (const VarDecl *V : *Numbers)
        MemberArgs.push_back(Term::ident(V->getNameAsString()));
      NoObject = true;
    }
  if (NoObject && Obj->HasSideEffects(FC.Ctx))
    return fail(Loc,
                "call to '" + qualifiedName(FC, MD) +
                    "': its device copy takes no object, and the object "
                    "expression has side effects",
                "device-call");
  if (NoObject)
    ; // the copy takes no object
  else if (isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) && !SelfName.empty())
    Self = Term::ident(SelfName);
  else if (isa<CXXThisExpr>(Obj->IgnoreParenImpCasts())) {
    // In the kernel: the object's copy, l2c_this (EnclosingObject.cpp).
    std::string Why = InKernel ? enclosingObjectProblem(MD, LoopFunction) : "";
    if (!InKernel || !Why.empty())
      return fail(Loc,
                  "call to '" + qualifiedName(FC, MD) +
                      "' on the enclosing object cannot run on the device" +
                      (Why.empty() ? "" : ": " + Why),
                  "device-call");
    Self = Term::ident("l2c_this");
  } else if (Obj->getType()->isPointerType())
    Self = Term::app("Deref", {expr(Obj)});
  else
    Self = expr(Obj);
  const auto *DefM = cast<CXXMethodDecl>(Def);
  DeviceFunctionInfo &Info = FC.deviceFunction(DefM);
  if (Info.Error && !Err)
    Err = Rejection{"call to '" + qualifiedName(FC, MD) +
                        "' cannot run on the device: " + Info.Error->Reason,
                    "device-call", Loc};
  Callees.insert(DefM);
  std::vector<Term> Args;
  if (!NoObject)
    Args.push_back(Self);
  for (const Expr *A : Rest)
    Args.push_back(expr(A));
  Args.insert(Args.end(), MemberArgs.begin(), MemberArgs.end());
  return Term::app(
      "Call", {Term::ident(methodCopyName(MD)), Term::list(std::move(Args))});
}

Term Converter::operatorCall(const CXXOperatorCallExpr *OC) {
  const FunctionDecl *FD = OC->getDirectCallee();
  // obj(i, j) of an element accessor: its array's element (Accessors.cpp).
  if (auto A = InKernel ? accessorUse(OC) : std::nullopt;
      A && !DeclaredHere.count(refVar(OC->getArg(0))))
    return Term::app(
        "Index", {Term::ident(A->Array->getNameAsString()), expr(A->Index)});
  // An operator of the file's own types (V3::operator+): a call of its
  // device copy, as a method's, the left operand the object.
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
      MD && MD->isUserProvided() && OC->getNumArgs() >= 1)
    if (auto T = methodCopyCall(MD, OC->getArg(0),
                                {OC->getArgs() + 1, OC->getNumArgs() - 1},
                                OC->getExprLoc()))
      return *T;
  return fail(OC->getExprLoc(), "call to '" +
                                    (FD ? qualifiedName(FC, FD) : "operator") +
                                    "' cannot run on the device");
}

Term Converter::memberCall(const CXXMemberCallExpr *MC) {
  if (auto C = complexMethod(MC))
    return *C;
  // obj.e(k) of an element accessor: its array's element (Accessors.cpp).
  if (auto A = InKernel ? accessorUse(MC) : std::nullopt;
      A && !DeclaredHere.count(refVar(MC->getImplicitObjectArgument())))
    return Term::app(
        "Index", {Term::ident(A->Array->getNameAsString()), expr(A->Index)});
  const CXXMethodDecl *MD = MC->getMethodDecl();
  uint64_t Size = 0;
  if (MD &&
      isStdArray(MC->getImplicitObjectArgument()->getType(), nullptr, &Size) &&
      constantArrayMethod(MD)) {
    if (MD->getName() == "empty")
      return Term::boolean(Size == 0);
    std::string T = FC.typeStr(MC->getType());
    if (T == "unsigned long")
      return Term::integer(Size, "ul");
    return Term::app("Cast", {Term::string(T), Term::integer(Size)});
  }
  // v.size() and m[i].size() that the analysis made kernel parameters.
  if (MD && MD->getName() == "size" && MC->getNumArgs() == 0) {
    const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
    if (const VarDecl *V = refVar(Obj); V && SizeParams.count(V))
      return Term::ident("l2c_size_" + V->getNameAsString());
    if (auto It = RowRefs.find(refVar(Obj)); It != RowRefs.end())
      return Term::app(
          "Index",
          {Term::ident("l2c_rowsizes_" + It->second.first->getNameAsString()),
           expr(It->second.second)});
    if (const auto *Row = dyn_cast<CXXOperatorCallExpr>(Obj);
        Row && Row->getNumArgs() == 2)
      if (const VarDecl *V = refVar(Row->getArg(0));
          V && RowSizeParams.count(V))
        return Term::app("Index",
                         {Term::ident("l2c_rowsizes_" + V->getNameAsString()),
                          expr(Row->getArg(1))});
  }
  // A method of the file's own types: a call of its device copy, the
  // object first.
  if (MD)
    if (auto T =
            methodCopyCall(MD, MC->getImplicitObjectArgument(),
                           {MC->getArgs(), MC->getNumArgs()}, MC->getExprLoc()))
      return *T;
  std::string What = MD ? qualifiedName(FC, MD) : "a method";
  std::string Why = "call to '" + What + "' cannot run on the device";
  if (MD && MD->getParent()->isInStdNamespace())
    Why += ": of the standard library's classes, kernels use the elements "
           "of std::vector and std::array and std::array's size()";
  return fail(MC->getExprLoc(), Why, "device-call");
}

} // namespace detail
} // namespace l2c
