//===- DeviceFunctions.cpp - Device copies of called functions ------------===//
//
// A function the loop body calls (a free function, a method of the file's
// own types, a lambda) gets a __device__ copy, converted like the body;
// DeviceFunctionInfo remembers it, or why it cannot run on the device.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/OperatorKinds.h"

#include "llvm/ADT/SetVector.h"

#include <cctype>
#include <functional>
#include <map>

using namespace clang;

namespace l2c {
namespace detail {

static bool needsNoObject(const CXXMethodDecl *MD, int Depth) {
  const FunctionDecl *Def = nullptr;
  if (!MD || Depth > 8 || MD->isStatic() || MD->isVirtual() ||
      !MD->hasBody(Def) || MD->getParent()->isLambda() ||
      isa<CXXConstructorDecl>(MD) || isa<CXXDestructorDecl>(MD))
    return false;
  bool This = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || This)
      return;
    // this->f(...) of a method that needs no object either.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const Expr *Obj = MC->getImplicitObjectArgument();
      if (Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) &&
          needsNoObject(MC->getMethodDecl(), Depth + 1)) {
        for (const Expr *A : MC->arguments())
          Walk(A);
        return;
      }
    }
    This = isa<CXXThisExpr>(S); // implicit too: members, other methods
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Def->getBody());
  return !This;
}

bool needsNoObject(const CXXMethodDecl *MD) { return needsNoObject(MD, 0); }

/// The class of MD as part of an identifier: Matrix, or Matrix_double for
/// an instantiation of a class template (Matrix<float> and Matrix<double>
/// have a cols() each, and their copies must not share a name).
/// The named namespaces and classes around D, outermost first, each
/// followed by '_' (fluid_ for fluid::Law): the device copies of fluid::f
/// and solid::f, or of fluid::Law::f and solid::Law::f, all live in
/// l2c_device and must not share a name (nor an overload set).
static std::string scopePart(const Decl *D) {
  std::string Prefix;
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent()) {
    std::string Part;
    if (const auto *NS = dyn_cast<NamespaceDecl>(C);
        NS && !NS->isAnonymousNamespace())
      Part = NS->getNameAsString();
    else if (const auto *RD = dyn_cast<CXXRecordDecl>(C);
             RD && RD->getIdentifier() && !RD->isLambda())
      Part = RD->getNameAsString();
    if (!Part.empty())
      Prefix = Part + "_" + Prefix;
  }
  return Prefix;
}

static std::string classPart(const CXXMethodDecl *MD) {
  const CXXRecordDecl *RD = MD->getParent();
  std::string Name = scopePart(RD) + RD->getNameAsString();
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return Name;
  PrintingPolicy PP(MD->getASTContext().getLangOpts());
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    A.print(PP, OS, /*IncludeType=*/false);
    OS.flush();
    std::string Id;
    for (char C : Text)
      Id += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
    Name += "_" + Id;
  }
  return Name;
}

std::string freeCopyName(const FunctionDecl *FD) {
  return scopePart(FD) + FD->getNameAsString();
}

std::string methodCopyName(const CXXMethodDecl *MD) {
  std::string Class = classPart(MD);
  OverloadedOperatorKind OO = MD->getOverloadedOperator();
  if (OO == OO_None)
    return Class + "_" + MD->getNameAsString();
  // An operator's copy needs an identifier: V3::operator+= is V3_op_plus_eq.
  static const std::map<char, const char *> Words = {
      {'+', "plus"},  {'-', "minus"}, {'*', "times"}, {'/', "div"},
      {'%', "mod"},   {'=', "eq"},    {'<', "lt"},    {'>', "gt"},
      {'!', "not"},   {'&', "and"},   {'|', "or"},    {'^', "xor"},
      {'~', "compl"}, {'[', "index"}, {'(', "call"}};
  std::string Name = Class + "_op";
  for (char C : std::string(getOperatorSpelling(OO))) {
    auto It = Words.find(C);
    if (It != Words.end())
      Name += std::string("_") + It->second;
  }
  return Name;
}

namespace {

/// Whether FD's body uses V only by reading its elements (v[i], v[i][j]).
bool onlyElementReads(const Stmt *S, const VarDecl *V, const ParentMap &PM) {
  if (!S)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V) {
    // Up through the subscripts of which V is the base, then a load.
    const Stmt *Child = DRE, *P = PM.getParentIgnoreParens(DRE);
    while (P) {
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P);
          IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
        Child = P;
        P = PM.getParentIgnoreParens(P);
        continue;
      }
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P);
          AS && AS->getBase()->IgnoreParenImpCasts() ==
                    cast<Expr>(Child)->IgnoreParenImpCasts()) {
        Child = P;
        P = PM.getParentIgnoreParens(P);
        continue;
      }
      break;
    }
    const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(P);
    return Child != DRE && Load && Load->getCastKind() == CK_LValueToRValue &&
           isScalarType(cast<Expr>(Child)->getType());
  }
  for (const Stmt *C : S->children())
    if (!onlyElementReads(C, V, PM))
      return false;
  return true;
}

} // namespace

/// V, an array of the file whose elements are scalars, is only read by
/// FD (every use an element load).
static bool readOnlyGlobalArray(const FunctionDecl *FD, const VarDecl *V) {
  const ASTContext &Ctx = V->getASTContext();
  const auto *CAT = Ctx.getAsConstantArrayType(V->getType());
  if (!CAT || !V->hasGlobalStorage() || V->isStaticLocal() || !FD->getBody() ||
      V->getType().isVolatileQualified())
    return false;
  QualType Elem = CAT->getElementType();
  while (const auto *Inner = Ctx.getAsConstantArrayType(Elem))
    Elem = Inner->getElementType();
  if (!isScalarType(Elem))
    return false;
  ParentMap PM(const_cast<Stmt *>(FD->getBody()));
  return onlyElementReads(FD->getBody(), V, PM);
}

/// A function template's instantiation whose device copy can be a plain
/// function of the template's name: its template arguments are types, and
/// no other instantiation in the file has the same parameter types (the
/// copies are overloads, which the call's argument types tell apart).
bool overloadableInstantiation(const FunctionDecl *FD) {
  const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  if (!T || !Args || isa<CXXMethodDecl>(FD))
    return false;
  for (const TemplateArgument &A : Args->asArray())
    if (A.getKind() != TemplateArgument::Type)
      return false;
  auto Signature = [](const FunctionDecl *F) {
    std::vector<QualType> Ts;
    for (const ParmVarDecl *P : F->parameters())
      Ts.push_back(P->getType().getCanonicalType());
    return Ts;
  };
  std::vector<QualType> Mine = Signature(FD);
  for (const FunctionDecl *S : T->specializations())
    if (S->getCanonicalDecl() != FD->getCanonicalDecl() && Signature(S) == Mine)
      return false;
  return true;
}

DeviceFunctionInfo &FrontendContext::deviceFunction(const FunctionDecl *FD) {
  DeviceFunctionInfo &Info = DeviceFns[FD];
  if (Info.Done || Info.InProgress)
    return Info;
  Info.InProgress = true;
  Converter Conv(*this, /*InKernel=*/false);
  // Constant tables of the file the function reads (`static const double
  // coef[4] = {...}`): the device copy declares them first, a local array
  // of the same name and values.
  llvm::SetVector<const VarDecl *> Tables;
  Conv.IsOutside = [this, FD, &Tables, &Conv](const VarDecl *V) {
    if (V->isLocalVarDeclOrParm())
      return false;
    QualType T = V->getType();
    bool Constant =
        (V->isConstexpr() || T.isConstQualified()) && V->getInit() &&
        V->getInit()->isConstantInitializer(V->getASTContext(), false);
    // Constants usable in device code.
    if (Constant && isScalarType(T))
      return false;
    if (const auto *CAT = V->getASTContext().getAsConstantArrayType(T);
        Constant && CAT && isScalarType(CAT->getElementType()) &&
        CAT->getSize().ule(64) &&
        isa<InitListExpr>(V->getInit()->IgnoreImplicit())) {
      Tables.insert(V);
      return false;
    }
    // An array of the file that the function only reads (NPB's
    // exact_solution reads ce[5][13]): a parameter of the device copy,
    // which the kernel passes its own copy to.
    if (readOnlyGlobalArray(FD, V)) {
      Conv.GlobalArrays.insert(V);
      return false;
    }
    return true;
  };
  std::vector<Term> Params;
  for (const ParmVarDecl *P : FD->parameters())
    Params.push_back(Term::app(
        "Param", {Term::ident(P->getNameAsString()),
                  Term::string(deviceSpelling(typeStr(P->getType())))}));
  std::string Name = freeCopyName(FD);
  // A method's copy takes the object first, by reference.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && (MD->isStatic() || needsNoObject(MD)) &&
      !MD->getParent()->isLambda()) {
    Name = methodCopyName(MD);
  } else if (auto Members = MD ? memberScalars(MD) : std::nullopt) {
    // The numbers it reads of the object, as parameters after its own.
    Name = methodCopyName(MD);
    for (const auto &[F, ME] : *Members) {
      QualType Elem;
      std::string T =
          isStdVector(F->getType(), &Elem) || isStdArray(F->getType(), &Elem)
              ? "const " + typeStr(Elem) + " *"
              : typeStr(F->getType());
      Params.push_back(Term::app("Param", {Term::ident(memberParamName(F)),
                                           Term::string(deviceSpelling(T))}));
    }
    Conv.MemberParams = true;
  } else if (MD && !MD->isStatic() && !MD->getParent()->isLambda()) {
    Name = methodCopyName(MD);
    QualType Self = Ctx.getRecordType(MD->getParent());
    if (MD->isConst())
      Self.addConst();
    Params.insert(Params.begin(),
                  Term::app("Param", {Term::ident("l2c_self"),
                                      Term::string(typeStr(Self) + " &")}));
    Conv.SelfName = "l2c_self";
  }
  lambdaSignature(*this, FD, Conv, Name, Params);
  Term Body = Conv.list(FD->getBody());
  if (!Tables.empty()) {
    std::vector<Term> Stmts;
    for (const VarDecl *V : Tables)
      Stmts.push_back(Conv.decl(V));
    for (const Term &S : Body.args())
      Stmts.push_back(S);
    Body = Term::list(std::move(Stmts));
  }
  DeviceFunctionInfo &Again = DeviceFns[FD]; // the map may have grown
  Again.InProgress = false;
  Again.Done = true;
  if (Conv.Err) {
    Again.Error = Conv.Err;
    return Again;
  }
  for (const FunctionDecl *C : Conv.Callees) {
    DeviceFunctionInfo &CI = DeviceFns[C];
    if (CI.Error) {
      Again.Error =
          Rejection{"call to '" + C->getNameAsString() +
                        "' cannot run on the device: " + CI.Error->Reason,
                    "device-call", FD->getLocation()};
      return Again;
    }
  }
  Again.Callees.assign(Conv.Callees.begin(), Conv.Callees.end());
  // A recursive call was built before the function knew its arrays.
  if (!Conv.GlobalArrays.empty() && Conv.Callees.count(FD)) {
    Again.Error = Rejection{"'" + Name +
                                "' calls itself and reads arrays of the file, "
                                "which its device copy cannot pass on",
                            "device-call", FD->getLocation()};
    return Again;
  }
  Again.Globals.assign(Conv.GlobalArrays.begin(), Conv.GlobalArrays.end());
  for (const VarDecl *G : Again.Globals) {
    // `const double (*ce)[13]` for double ce[5][13]: the kernel's type.
    QualType Elem = Ctx.getAsArrayType(G->getType())->getElementType();
    Params.push_back(
        Term::app("Param", {Term::ident(G->getNameAsString()),
                            Term::string(deviceSpelling(typeStr(
                                Ctx.getPointerType(Elem.withConst()))))}));
  }
  Again.Definition =
      Term::app("DeviceFunction",
                {Term::ident(Name),
                 Term::string(deviceSpelling(typeStr(FD->getReturnType()))),
                 Term::list(Params), Body});
  return Again;
}

} // namespace detail
} // namespace l2c
