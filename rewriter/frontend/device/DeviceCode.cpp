//===- DeviceCode.cpp - Device code to terms ------------------------------===//
//
// Converts kernel bodies and the bodies of the functions they call to
// full terms: statements, expressions, calls of math functions and of
// user functions, which get device copies (FrontendContext::
// deviceFunction). The first construct the device cannot run is the
// reason for a rejection.
//
//===----------------------------------------------------------------------===//

#include "frontend/device/DeviceCode.h"
#include "frontend/AstUtil.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace l2c {
namespace detail {

static const char *binaryName(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
    return "Add";
  case BO_Sub:
    return "Sub";
  case BO_Mul:
    return "Mul";
  case BO_Div:
    return "Div";
  case BO_Rem:
    return "Rem";
  case BO_Shl:
    return "Shl";
  case BO_Shr:
    return "Shr";
  case BO_And:
    return "BitAnd";
  case BO_Or:
    return "BitOr";
  case BO_Xor:
    return "BitXor";
  case BO_LAnd:
    return "LAnd";
  case BO_LOr:
    return "LOr";
  case BO_LT:
    return "Lt";
  case BO_GT:
    return "Gt";
  case BO_LE:
    return "Le";
  case BO_GE:
    return "Ge";
  case BO_EQ:
    return "Eq";
  case BO_NE:
    return "Ne";
  case BO_Assign:
    return "Assign";
  case BO_AddAssign:
    return "AddAssign";
  case BO_SubAssign:
    return "SubAssign";
  case BO_MulAssign:
    return "MulAssign";
  case BO_DivAssign:
    return "DivAssign";
  case BO_RemAssign:
    return "RemAssign";
  case BO_ShlAssign:
    return "ShlAssign";
  case BO_ShrAssign:
    return "ShrAssign";
  case BO_AndAssign:
    return "AndAssign";
  case BO_OrAssign:
    return "OrAssign";
  case BO_XorAssign:
    return "XorAssign";
  default:
    return nullptr;
  }
}

static const char *unaryName(UnaryOperatorKind K) {
  switch (K) {
  case UO_Minus:
    return "Neg";
  case UO_Plus:
    return "Plus";
  case UO_LNot:
    return "Not";
  case UO_Not:
    return "BitNot";
  case UO_PreInc:
    return "PreInc";
  case UO_PreDec:
    return "PreDec";
  case UO_PostInc:
    return "PostInc";
  case UO_PostDec:
    return "PostDec";
  case UO_Deref:
    return "Deref";
  case UO_AddrOf:
    return "AddrOf";
  default:
    return nullptr;
  }
}

Term Converter::list(const Stmt *S) {
  std::vector<Term> Out;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      stmt(C, Out);
  } else if (S) {
    stmt(S, Out);
  }
  return Term::list(std::move(Out));
}

void Converter::stmt(const Stmt *S, std::vector<Term> &Out) {
  auto It = Overrides.find(S);
  if (It != Overrides.end()) {
    Out.push_back(It->second);
    return;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    Out.push_back(expr(E));
    return;
  }
  switch (S->getStmtClass()) {
  case Stmt::NullStmtClass:
    return;
  case Stmt::CompoundStmtClass:
    Out.push_back(Term::app("Block", {list(S)}));
    return;
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      Out.push_back(decl(D));
    return;
  case Stmt::IfStmtClass: {
    const auto *If = cast<IfStmt>(S);
    if (If->getInit() || If->getConditionVariable() || If->isConsteval()) {
      fail(If->getIfLoc(), "'if' with an initializer or a declaration in "
                           "its condition is not supported");
      return;
    }
    std::vector<Term> Args = {expr(If->getCond()), list(If->getThen())};
    if (If->getElse())
      Args.push_back(list(If->getElse()));
    Out.push_back(Term::app("If", std::move(Args)));
    return;
  }
  case Stmt::ForStmtClass: {
    const auto *F = cast<ForStmt>(S);
    if (F->getConditionVariable()) {
      fail(F->getForLoc(), "declaration in a 'for' condition is not "
                           "supported");
      return;
    }
    Term Init = Term::ident("Nothing");
    if (const Stmt *I = F->getInit()) {
      if (const auto *DS = dyn_cast<DeclStmt>(I)) {
        if (!DS->isSingleDecl())
          fail(DS->getBeginLoc(), "several declarations in a 'for' "
                                  "header are not supported");
        else
          Init = decl(DS->getSingleDecl());
      } else if (const auto *E = dyn_cast<Expr>(I)) {
        Init = expr(E);
      }
    }
    Term Cond = F->getCond() ? expr(F->getCond()) : Term::ident("Nothing");
    Term Inc = F->getInc() ? expr(F->getInc()) : Term::ident("Nothing");
    ++LoopDepth;
    Term Body = list(F->getBody());
    --LoopDepth;
    Out.push_back(Term::app("For", {Init, Cond, Inc, Body}));
    return;
  }
  case Stmt::WhileStmtClass: {
    const auto *W = cast<WhileStmt>(S);
    if (W->getConditionVariable())
      fail(W->getWhileLoc(), "declaration in a 'while' condition is not "
                             "supported");
    Term Cond = expr(W->getCond());
    ++LoopDepth;
    Term Body = list(W->getBody());
    --LoopDepth;
    Out.push_back(Term::app("While", {Cond, Body}));
    return;
  }
  case Stmt::DoStmtClass: {
    const auto *D = cast<DoStmt>(S);
    ++LoopDepth;
    Term Body = list(D->getBody());
    --LoopDepth;
    Out.push_back(Term::app("DoWhile", {Body, expr(D->getCond())}));
    return;
  }
  case Stmt::BreakStmtClass:
    if (LoopDepth == 0 && SwitchDepth == 0)
      fail(S->getBeginLoc(), "early exit by 'break'");
    Out.push_back(Term::ident("Break"));
    return;
  case Stmt::ContinueStmtClass:
    if (LoopDepth == 0 && AllowTopContinue)
      TopContinue = true;
    else if (LoopDepth == 0)
      fail(S->getBeginLoc(), "'continue' of the parallel loop is not "
                             "supported");
    Out.push_back(Term::ident("Continue"));
    return;
  case Stmt::ReturnStmtClass: {
    if (InKernel) {
      fail(S->getBeginLoc(), "early exit by 'return'");
      return;
    }
    const Expr *RV = cast<ReturnStmt>(S)->getRetValue();
    Out.push_back(RV ? Term::app("Return", {expr(RV)}) : Term::ident("Return"));
    return;
  }
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
    fail(S->getBeginLoc(), "early exit by 'goto'");
    return;
  case Stmt::AttributedStmtClass:
    stmt(cast<AttributedStmt>(S)->getSubStmt(), Out);
    return;
  case Stmt::SwitchStmtClass: {
    const auto *Sw = cast<SwitchStmt>(S);
    if (Sw->getInit() || Sw->getConditionVariable()) {
      fail(Sw->getSwitchLoc(), "'switch' with an initializer or a "
                               "declaration in its condition is not "
                               "supported");
      return;
    }
    // Switch(c, [Case(v), statements, Default, statements]): the labels
    // stand in the list before the statements they label.
    std::vector<Term> Items;
    std::function<void(const Stmt *)> Item = [&](const Stmt *X) {
      if (const auto *CS = dyn_cast<CaseStmt>(X)) {
        Expr::EvalResult R;
        if (CS->caseStmtIsGNURange() ||
            !CS->getLHS()->EvaluateAsInt(R, FC.Ctx)) {
          fail(CS->getCaseLoc(), "this 'case' label is not supported on "
                                 "the device");
          return;
        }
        Items.push_back(
            Term::app("Case", {expr(CS->getLHS()->IgnoreParenImpCasts())}));
        return Item(CS->getSubStmt());
      }
      if (const auto *DS = dyn_cast<DefaultStmt>(X)) {
        Items.push_back(Term::ident("Default"));
        return Item(DS->getSubStmt());
      }
      stmt(X, Items);
    };
    ++SwitchDepth;
    if (const auto *Body = dyn_cast<CompoundStmt>(Sw->getBody()))
      for (const Stmt *X : Body->body())
        Item(X);
    else
      Item(Sw->getBody());
    --SwitchDepth;
    Out.push_back(Term::app(
        "Switch", {expr(Sw->getCond()), Term::list(std::move(Items))}));
    return;
  }
  case Stmt::CXXTryStmtClass:
    fail(S->getBeginLoc(), "exceptions are not supported on the device");
    return;
  case Stmt::CXXForRangeStmtClass:
    Out.push_back(rangeFor(cast<CXXForRangeStmt>(S)));
    return;
  default:
    if (isa<OMPExecutableDirective>(S)) {
      // An atomic update the analysis runs as a reduction: its statement
      // (AtomicUpdates.cpp).
      if (const Stmt *X = atomicUpdateStmt(S); X && AtomicUpdates.count(X)) {
        stmt(X, Out);
        return;
      }
      if (isa<OMPAtomicDirective>(S) || isa<OMPCriticalDirective>(S)) {
        fail(S->getBeginLoc(),
             "the OpenMP " +
                 std::string(isa<OMPAtomicDirective>(S) ? "atomic"
                                                        : "critical") +
                 " directive inside the loop holds no update that the GPU can "
                 "run as a reduction ('x op= e' or 'h[k] op= e' with + * & "
                 "| ^, e not reading x or h)");
        return;
      }
      if (auto It = FC.KeptDirectives.find(S); It != FC.KeptDirectives.end()) {
        fail(S->getBeginLoc(), It->second);
        return;
      }
      fail(S->getBeginLoc(), "OpenMP directives inside the loop are not "
                             "supported");
      return;
    }
    fail(S->getBeginLoc(), std::string("'") + S->getStmtClassName() +
                               "' statements are not supported on the "
                               "device");
  }
}

std::optional<Term> Converter::flatSubscript(const ArraySubscriptExpr *AS) {
  std::vector<const Expr *> Subs;
  const Expr *E = AS;
  while (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
    Subs.insert(Subs.begin(), S->getIdx());
    E = S->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  auto It = V ? FlatRows.find(V) : FlatRows.end();
  if (It == FlatRows.end())
    return std::nullopt;
  const std::vector<Term> &Rows = It->second;
  if (Subs.size() != Rows.size() + 1)
    return fail(AS->getExprLoc(),
                "a row of the variable-length array '" + V->getNameAsString() +
                    "' is used as a whole; only its elements can be");
  // (i * m + j) * k + l; the printer adds the parentheses.
  Term Flat = expr(Subs[0]);
  for (size_t D = 0; D < Rows.size(); ++D)
    Flat = Term::app("Add",
                     {Term::app("Mul", {Flat, Rows[D]}), expr(Subs[D + 1])});
  return Term::app("Index", {Term::ident(V->getNameAsString()), Flat});
}

/// The condition of `assert(c)` when E is that macro's expansion, else
/// null. glibc expands it to `(static_cast<bool>(c) ? void(0) :
/// __assert_fail(...))`, whose __PRETTY_FUNCTION__ has no device meaning;
/// CUDA's assert takes the condition as written.
static const Expr *assertCondition(FrontendContext &FC, const Expr *E) {
  const auto *CO = dyn_cast<ConditionalOperator>(E);
  SourceLocation Loc = E->getBeginLoc();
  if (!CO || !Loc.isMacroID())
    return nullptr;
  // The outermost macro whose expansion starts here.
  while (FC.SM.isMacroArgExpansion(Loc) || FC.SM.isMacroBodyExpansion(Loc)) {
    StringRef Name =
        Lexer::getImmediateMacroName(Loc, FC.SM, FC.Ctx.getLangOpts());
    if (Name == "assert") {
      const Expr *C = CO->getCond()->IgnoreParenImpCasts();
      if (const auto *SC = dyn_cast<CXXStaticCastExpr>(C))
        C = SC->getSubExpr();
      return C;
    }
    Loc = FC.SM.getImmediateMacroCallerLoc(Loc);
    if (!Loc.isMacroID())
      break;
  }
  return nullptr;
}

/// An implicit conversion that C makes and C++ does not (a kernel is C++):
/// an integer to an enum, void * to another pointer, a pointer that loses
/// a const or points to another type (C warns). Printed as a cast.
static bool cOnlyConversion(ASTContext &Ctx, const ImplicitCastExpr *IC) {
  if (Ctx.getLangOpts().CPlusPlus)
    return false;
  QualType To = IC->getType(), From = IC->getSubExpr()->getType();
  if (To->isEnumeralType())
    return !Ctx.hasSameUnqualifiedType(To, From);
  if (!To->isPointerType() || !From->isPointerType())
    return false;
  QualType TP = To->getPointeeType(), FP = From->getPointeeType();
  if (TP->isVoidType())
    return false;
  return FP->isVoidType() || !TP.isAtLeastAsQualifiedAs(FP) ||
         !Ctx.hasSameUnqualifiedType(TP, FP);
}

bool Converter::declaredInside(const VarDecl *V) const {
  if (!V->getParentFunctionOrMethod())
    return false;
  if (!InKernel)
    return true;
  if (!LoopStmt)
    return false;
  SourceRange R = LoopStmt->getSourceRange();
  SourceLocation L = V->getLocation();
  return !FC.SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !FC.SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

// A std::array's operator[] is a constexpr host function; its elements are
// a T[N] at its address (l2c::elemsOf, runtime/loop2cuda_math.cuh). A
// std::array the device code names is often something else there: a local
// std::array is a plain array (DeviceDecls.cpp), a free one or a free
// struct's member a pointer parameter or stand-in. What stays a std::array:
// an element of an array (a[i][k] of a vector of std::array, pts[i].c[k]),
// and the converted code's own references and parameters
// (`const auto &v = p[i]; v[0]`, a device function's `const A &v`) and
// the members of its own structs (`k.c[0]` of a parameter `const Coef &k`).
bool Converter::staysStdArray(const Expr *Obj) const {
  Obj = Obj->IgnoreParenImpCasts();
  auto Own = [&](const Expr *E, bool Whole) {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (!V || !declaredInside(V))
      return false;
    return !Whole || isa<ParmVarDecl>(V) || V->getType()->isReferenceType();
  };
  if (const auto *ME = dyn_cast<MemberExpr>(Obj)) {
    const Expr *B = ME->getBase()->IgnoreParenImpCasts();
    if (!ME->isArrow()) {
      const auto *Sub = dyn_cast<CXXOperatorCallExpr>(B);
      if (isa<ArraySubscriptExpr>(B) ||
          (Sub && Sub->getOperator() == OO_Subscript))
        return true;
    }
    return Own(B, /*Whole=*/false);
  }
  const auto *Sub = dyn_cast<CXXOperatorCallExpr>(Obj);
  if (isa<ArraySubscriptExpr>(Obj) ||
      (Sub && Sub->getOperator() == OO_Subscript))
    return true;
  return Own(Obj, /*Whole=*/true);
}

Term Converter::expr(const Expr *E) {
  E = E->IgnoreParens();
  if (const Expr *C = assertCondition(FC, E))
    return Term::app("Call", {Term::ident("assert"), Term::list({expr(C)})});
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return expr(FE->getSubExpr());
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return expr(MT->getSubExpr());
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return expr(BT->getSubExpr());
  if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) {
    const NonTypeTemplateParmDecl *P = ST->getParameter();
    if (!InKernel || P->getName().empty() || !isScalarType(ST->getType()))
      return expr(ST->getReplacement());
    TemplateParams.insert(P);
    return Term::ident(P->getNameAsString());
  }
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return expr(DA->getExpr());
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    if (cOnlyConversion(FC.Ctx, IC))
      return Term::app("Cast",
                       {Term::string(deviceSpelling(FC.typeStr(IC->getType()))),
                        expr(IC->getSubExpr())});
    return expr(IC->getSubExpr());
  }
  if (const auto *EC = dyn_cast<ExplicitCastExpr>(E)) {
    // Vec2{1, 2}, int{3}, Vec2(a): the initialisation itself.
    if (isa<CXXFunctionalCastExpr>(EC) &&
        (isa<CXXConstructExpr>(strip(EC->getSubExpr())) ||
         isa<InitListExpr>(strip(EC->getSubExpr()))))
      return expr(EC->getSubExpr());
    return Term::app("Cast",
                     {Term::string(deviceSpelling(FC.typeStr(EC->getType()))),
                      expr(EC->getSubExpr())});
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    std::string Sp = FC.spelling(IL->getLocation());
    size_t End = Sp.size();
    while (End > 0 && strchr("uUlLzZ", Sp[End - 1]))
      --End;
    return Term::integer(static_cast<int64_t>(IL->getValue().getLimitedValue()),
                         Sp.substr(End));
  }
  if (const auto *FL = dyn_cast<FloatingLiteral>(E)) {
    std::string Sp = FC.spelling(FL->getLocation());
    if (Sp.empty()) {
      llvm::SmallString<32> S;
      FL->getValue().toString(S);
      Sp = S.str().str();
    }
    return Term::floating(Sp);
  }
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return Term::boolean(BL->getValue());
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return Term::integer(CL->getValue());
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
    return Term::ident("nullptr");
  if (const auto *SL = dyn_cast<StringLiteral>(E))
    return Term::string(SL->getBytes().str());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (VD == Iterator)
        return fail(DRE->getLocation(),
                    "the iterator '" + VD->getNameAsString() +
                        "' is used other than as *" + VD->getNameAsString() +
                        " or " + VD->getNameAsString() + "->member",
                    "loop-shape");
      if (isLambdaType(VD->getType()))
        return fail(DRE->getLocation(), "lambda '" + VD->getNameAsString() +
                                            "' is used other than by a call");
      if (auto Inlined = lambdaVarRef(DRE, VD))
        return *Inlined;
      if (FlatRows.count(VD))
        return fail(DRE->getLocation(),
                    "the variable-length array '" + VD->getNameAsString() +
                        "' is used other than by an element (a[i][j])");
      if (IsOutside && IsOutside(VD))
        fail(DRE->getLocation(),
             "it uses the global variable '" + VD->getNameAsString() +
                 "', which is not on the device" +
                 // A constant table: the loop's kernel takes what the loop
                 // itself uses.
                 (VD->getType().isConstQualified()
                      ? "; pass it to the function as a parameter"
                      : ""));
      if (auto C = complexVar(VD))
        return *C;
      return Term::ident(VD->getNameAsString());
    }
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D)) {
      // An enumerator of a function's own enum (`enum { HI = 7 };` in C,
      // where its type is int): the kernel, outside the function, cannot
      // name it, so it gets the value.
      if (EC->getDeclContext()->getRedeclContext()->isFunctionOrMethod() ||
          (isa<EnumDecl>(EC->getDeclContext()) &&
           cast<EnumDecl>(EC->getDeclContext())
               ->getParent()
               ->getRedeclContext()
               ->isFunctionOrMethod()))
        return Term::integer(EC->getInitVal().getSExtValue(), "");
      return Term::ident(EC->getQualifiedNameAsString());
    }
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      return Term::ident(FD->getNameAsString());
    return fail(DRE->getLocation(), "use of '" + D->getNameAsString() +
                                        "' is not supported on the device");
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    const char *N = binaryName(BO->getOpcode());
    if (!N)
      return fail(BO->getOperatorLoc(), "operator '" +
                                            BO->getOpcodeStr().str() +
                                            "' is not supported on the device");
    return Term::app(N, {expr(BO->getLHS()), expr(BO->getRHS())});
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    // *this in a method's device copy: the self parameter.
    if (UO->getOpcode() == UO_Deref && !SelfName.empty() &&
        isa<CXXThisExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
      return Term::ident(SelfName);
    const char *N = unaryName(UO->getOpcode());
    if (!N)
      return fail(UO->getOperatorLoc(),
                  "operator '" +
                      UnaryOperator::getOpcodeStr(UO->getOpcode()).str() +
                      "' is not supported on the device");
    return Term::app(N, {expr(UO->getSubExpr())});
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!FlatRows.empty())
      if (std::optional<Term> T = flatSubscript(AS))
        return *T;
    // p[e].f[g] of member rows: row e of the kernel's table p_f (made here
    // when the kernel's body is converted before the analysis saw it: a
    // reduction's), for an array p the converted code does not declare.
    const Expr *Row = nullptr;
    const VarDecl *P = nullptr;
    if (const VarDecl *MR =
            InKernel ? memberRowsVar(AS->getBase(), Row, P) : nullptr;
        MR && !DeclaredHere.count(P))
      return Term::app(
          "Index",
          {Term::app("Index", {Term::ident(MR->getNameAsString()), expr(Row)}),
           expr(AS->getIdx())});
    return Term::app("Index", {expr(AS->getBase()), expr(AS->getIdx())});
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return Term::app("Cond", {expr(CO->getCond()), expr(CO->getTrueExpr()),
                              expr(CO->getFalseExpr())});
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // In a method's device copy, this->x is the self parameter's x.
    if (!SelfName.empty() &&
        isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
        isa<FieldDecl>(ME->getMemberDecl()))
      return Term::app("Dot",
                       {Term::ident(SelfName),
                        Term::ident(ME->getMemberDecl()->getNameAsString())});
    // In a copy that takes the numbers of the object it reads: that one.
    if (MemberParams && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        return Term::ident(memberParamName(F));
    // A member named through `this` is a kernel parameter of its name.
    if (const VarDecl *V = InKernel ? memberVar(ME) : nullptr)
      return Term::ident(V->getNameAsString());
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return fail(ME->getExprLoc(),
                  "call to the member function '" +
                      ME->getMemberDecl()->getNameAsString() +
                      "' of the enclosing class cannot run on the device");
    if (isa<CXXMethodDecl>(ME->getMemberDecl()))
      return fail(ME->getExprLoc(), "call to '" +
                                        ME->getMemberDecl()->getNameAsString() +
                                        "' cannot run on the device");
    // A member of an anonymous struct or union (c[i].re of `union { float
    // re; float r; }`): Clang reaches it through the unnamed field, which
    // the source does not name.
    const Expr *Base = ME->getBase();
    bool ViaArrow = ME->isArrow();
    while (const auto *In = dyn_cast<MemberExpr>(Base->IgnoreImpCasts())) {
      const auto *F = dyn_cast<FieldDecl>(In->getMemberDecl());
      if (!F || !F->isAnonymousStructOrUnion())
        break;
      ViaArrow = In->isArrow();
      Base = In->getBase();
    }
    bool Arrow = ViaArrow && !(Iterator && isIteratorDeref(Base));
    return Term::app(
        Arrow ? "Arrow" : "Dot",
        {expr(Base), Term::ident(ME->getMemberDecl()->getNameAsString())});
  }
  if (Iterator && isIteratorDeref(E))
    return IteratorElement;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    QualType T = OC->getArg(0)->getType();
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        (isStdVector(T) || isStdArray(T))) {
      Term Base = expr(OC->getArg(0));
      if (isStdArray(T) && staysStdArray(OC->getArg(0)))
        Base = Term::app("Call",
                         {Term::ident("l2c::elemsOf"), Term::list({Base})});
      return Term::app("Index", {Base, expr(OC->getArg(1))});
    }
    // A struct's implicit copy or move assignment copies its bytes.
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee()))
      if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
          MD->isTrivial())
        return Term::app("Assign", {expr(OC->getArg(0)), expr(OC->getArg(1))});
    if (OC->getOperator() == OO_Call && isLambdaType(T))
      return lambdaCall(OC);
    if (auto C = complexOperator(OC))
      return *C;
    return operatorCall(OC);
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return memberCall(MC);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return call(CE);
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return initList(IL, /*Nested=*/false);
  // C's `(dcomplex){re, im}` (NPB's dcmplx_mul) is C++'s dcomplex{re, im}.
  if (const auto *CL = dyn_cast<CompoundLiteralExpr>(E);
      CL && CL->getType()->isRecordType())
    if (const auto *IL = dyn_cast<InitListExpr>(CL->getInitializer()))
      return compoundLiteral(IL);
  if (isa<CXXScalarValueInitExpr>(E))
    return Term::app("Braced",
                     {Term::string(FC.typeStr(E->getType())), Term::list({})});
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return construct(CE);
  if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
    if (UE->getKind() == UETT_SizeOf)
      return Term::app("SizeOf",
                       {Term::string(FC.typeStr(UE->getTypeOfArgument()))});
    return fail(UE->getExprLoc(), "this type trait is not supported on the "
                                  "device");
  }
  if (isa<CXXThisExpr>(E) && !SelfName.empty())
    return Term::app("AddrOf", {Term::ident(SelfName)});
  if (isa<CXXThisExpr>(E))
    return fail(E->getExprLoc(), "use of 'this' is not supported on the "
                                 "device");
  if (isa<CXXThrowExpr>(E))
    return fail(E->getExprLoc(), "early exit by 'throw'");
  if (isa<LambdaExpr>(E))
    return fail(E->getExprLoc(), "lambda expressions are not supported on "
                                 "the device");
  if (isa<CXXNewExpr>(E) || isa<CXXDeleteExpr>(E))
    return fail(E->getExprLoc(), "dynamic allocation is not supported on "
                                 "the device");
  return fail(E->getExprLoc(), std::string("'") + E->getStmtClassName() +
                                   "' expressions are not supported on "
                                   "the device");
}

bool Converter::isIteratorDeref(const Expr *E) const {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E->IgnoreParenImpCasts());
  return OC && OC->getNumArgs() == 1 &&
         (OC->getOperator() == OO_Star || OC->getOperator() == OO_Arrow) &&
         refVar(OC->getArg(0)) == Iterator;
}

Term Converter::fail(SourceLocation Loc, std::string Reason, const char *Rule) {
  if (!Err)
    Err = Rejection{std::move(Reason), Rule, Loc};
  return Term::ident("_Unsupported");
}

} // namespace detail
} // namespace l2c
