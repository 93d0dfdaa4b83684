//===- Analysis.cpp - Marked loops and device functions to terms ----------===//
//
// For a marked loop: its shape, the kernel body as a full term, free
// variables (kernel parameters), arrays with extents and access modes,
// reductions, and the dependence test on array subscripts.
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <sstream>

using namespace clang;

namespace l2c {
namespace detail {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isKnownMath(StringRef N) {
  static const llvm::StringSet<> Names = {
      "sqrt",  "sqrtf",    "rsqrt",  "rsqrtf", "cbrt",     "cbrtf",
      "exp",   "expf",     "exp2",   "exp2f",  "expm1",    "expm1f",
      "log",   "logf",     "log2",   "log2f",  "log10",    "log10f",
      "log1p", "log1pf",   "fabs",   "fabsf",  "pow",      "powf",
      "sin",   "sinf",     "cos",    "cosf",   "tan",      "tanf",
      "asin",  "asinf",    "acos",   "acosf",  "atan",     "atanf",
      "atan2", "atan2f",   "sinh",   "sinhf",  "cosh",     "coshf",
      "tanh",  "tanhf",    "floor",  "floorf", "ceil",     "ceilf",
      "round", "roundf",   "trunc",  "truncf", "fmod",     "fmodf",
      "fmin",  "fminf",    "fmax",   "fmaxf",  "fma",      "fmaf",
      "hypot", "hypotf",   "erf",    "erff",   "copysign", "copysignf",
      "min",   "max",      "abs",    "labs",   "llabs",    "isnan",
      "isinf", "isfinite", "signbit"};
  return Names.count(N) != 0;
}

static bool inStdOrGlobal(const FunctionDecl *FD) {
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  return DC->isTranslationUnit() || DC->isStdNamespace();
}

/// A math function of the C or C++ library (not one the user defined).
static bool isMathCall(FrontendContext &FC, const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || !inStdOrGlobal(FD) ||
      !isKnownMath(FD->getName()))
    return false;
  const FunctionDecl *Def = nullptr;
  if (FD->hasBody(Def) && !FC.inSystemHeader(Def->getLocation()))
    return false;
  return true;
}

/// A function with a body in the user's files, which can get a device copy.
static bool isUserFunction(FrontendContext &FC, const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  return FD && FD->hasBody(Def) && !FC.inSystemHeader(Def->getLocation());
}

static bool isScalarType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  return T->isArithmeticType() || T->isEnumeralType();
}

/// The name of the user-defined type (class, struct, union, enum) that T is
/// or points to, or "" for built-in types. Kernels are printed before the
/// file's own declarations, so they can use built-in types only.
static std::string userTypeIn(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  while (true) {
    if (T->isPointerType())
      T = T->getPointeeType().getCanonicalType();
    else if (T->isArrayType())
      T = QualType(T->getPointeeOrArrayElementType(), 0).getCanonicalType();
    else
      break;
  }
  if (const auto *TD = T->getAsTagDecl())
    return TD->getNameAsString().empty() ? "an unnamed type"
                                         : "'" + TD->getNameAsString() + "'";
  return "";
}

static std::string userTypeReason(const std::string &What,
                                  const std::string &Type) {
  return What + " has the user-defined type " + Type +
         "; kernels come before the file's own declarations in the "
         "generated code, so they use built-in types only";
}

/// Why evaluating E may have an effect or give another value each time
/// (an assignment, ++/--, a call to a user function or a non-const member
/// function), or "" when it has none. Functions of the system headers
/// (std::min, strlen, ...) count as pure.
static std::string effectIn(const Stmt *E) {
  if (!E)
    return "";
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAssignmentOp())
      return "assigns";
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return "increments or decrements";
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->isConst())
      return "calls '" + (MD ? MD->getNameAsString() : std::string("?")) +
             "', which may change its object";
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return "calls through a pointer, which may have effects";
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    if (!SM.isInSystemHeader(FD->getLocation()) && !FD->isConstexpr() &&
        !isa<CXXOperatorCallExpr>(CE))
      return "calls '" + FD->getNameAsString() + "', which may have effects";
  }
  for (const Stmt *C : E->children())
    if (std::string Why = effectIn(C); !Why.empty())
      return Why;
  return "";
}

static bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == V)
      return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

static void collectVarNames(const Stmt *S, std::set<std::string> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(VD->getNameAsString());
  for (const Stmt *C : S->children())
    collectVarNames(C, Out);
}

static bool isIdentifierText(StringRef S) {
  if (S.empty() || !(isalpha(S[0]) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!(isalnum(C) || C == '_'))
      return false;
  return true;
}

static bool isSimpleText(StringRef S) {
  if (isIdentifierText(S))
    return true;
  if (S.empty())
    return false;
  for (char C : S)
    if (!isalnum(C) && C != '.')
      return false;
  return true;
}

/// Text for `Base + K` (K may be negative), folding a trailing constant of
/// Base: ("n - 1", 1) -> "n". Base is parenthesised where needed.
static std::string addConstant(StringRef Base, int64_t K) {
  Base = Base.trim();
  if (K == 0)
    return Base.str();
  // Only + - * / % and operands: a trailing "+ c" / "- c" can be folded and
  // "Base + K" needs no parentheses.
  bool Plain = true;
  int Depth = 0;
  for (char C : Base) {
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      --Depth;
    else if (Depth == 0 &&
             !(isalnum(C) || C == '_' || C == ' ' || C == '.' || C == '+' ||
               C == '-' || C == '*' || C == '/' || C == '%'))
      Plain = false;
  }
  if (Base.contains("->") || Base.contains("--") || Base.contains("++"))
    Plain = false;
  std::string Head = Base.str();
  if (Plain) {
    size_t End = Base.size();
    size_t I = End;
    while (I > 0 && isdigit(Base[I - 1]))
      --I;
    size_t J = I;
    while (J > 0 && Base[J - 1] == ' ')
      --J;
    if (I < End && J > 0 && (Base[J - 1] == '+' || Base[J - 1] == '-') &&
        (J == 1 || Base[J - 2] == ' ') && End - I < 15) {
      int64_t C = std::stoll(Base.slice(I, End).str());
      K += Base[J - 1] == '+' ? C : -C;
      Head = Base.take_front(J - 1).rtrim().str();
      if (K == 0)
        return Head;
    }
  } else {
    Head = "(" + Head + ")";
  }
  return Head + (K > 0 ? " + " : " - ") + std::to_string(K > 0 ? K : -K);
}

/// Identifiers in host text that look like variables (not calls, members
/// or keywords): the deps of a clause's texts.
static void collectTextIdents(StringRef Text, std::set<std::string> &Out) {
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (isalpha(C) || C == '_') {
      size_t J = I;
      while (J < Text.size() && (isalnum(Text[J]) || Text[J] == '_'))
        ++J;
      StringRef Id = Text.slice(I, J);
      bool Member = I > 0 && (Text[I - 1] == '.' ||
                              (I > 1 && Text.slice(I - 2, I) == "->"));
      size_t K = J;
      while (K < Text.size() && Text[K] == ' ')
        ++K;
      bool Call = K < Text.size() && (Text[K] == '(' || Text[K] == ':');
      if (!Member && !Call && Id != "sizeof" && Id != "true" && Id != "false")
        Out.insert(Id.str());
      I = J;
    } else if (isdigit(C)) {
      while (I < Text.size() && (isalnum(Text[I]) || Text[I] == '.'))
        ++I;
    } else {
      ++I;
    }
  }
}

static Term identList(const std::set<std::string> &Names) {
  std::vector<Term> Ts;
  for (const std::string &N : Names)
    Ts.push_back(Term::ident(N));
  return Term::list(std::move(Ts));
}

/// Reduction operators: clause spelling <-> term atom.
const char *reductionAtom(StringRef Op) {
  if (Op == "+")
    return "add";
  if (Op == "*")
    return "mul";
  if (Op == "min")
    return "min";
  if (Op == "max")
    return "max";
  if (Op == "&")
    return "and";
  if (Op == "|")
    return "or";
  if (Op == "^")
    return "xor";
  if (Op == "&&")
    return "land";
  if (Op == "||")
    return "lor";
  return nullptr;
}

static std::string reductionSpelling(StringRef Atom) {
  static const std::pair<const char *, const char *> Map[] = {
      {"add", "+"}, {"mul", "*"}, {"min", "min"}, {"max", "max"}, {"and", "&"},
      {"or", "|"},  {"xor", "^"}, {"land", "&&"}, {"lor", "||"}};
  for (auto &P : Map)
    if (Atom == P.first)
      return P.second;
  return Atom.str();
}

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

//===----------------------------------------------------------------------===//
// Device code to terms
//===----------------------------------------------------------------------===//

namespace {

/// Converts kernel bodies and device function bodies to full terms. The
/// first construct the device cannot run sets Err; conversion goes on with
/// placeholder terms.
class Converter {
public:
  Converter(FrontendContext &FC, bool InKernel) : FC(FC), InKernel(InKernel) {}

  std::optional<Rejection> Err;
  /// Statements replaced by another term (recognised reduction updates).
  llvm::DenseMap<const Stmt *, Term> Overrides;
  llvm::SetVector<const FunctionDecl *> Callees;
  /// Names a device function must not use: variables outside it.
  std::function<bool(const VarDecl *)> IsOutside;

  Term list(const Stmt *S) {
    std::vector<Term> Out;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        stmt(C, Out);
    } else if (S) {
      stmt(S, Out);
    }
    return Term::list(std::move(Out));
  }

  void stmt(const Stmt *S, std::vector<Term> &Out) {
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
      if (LoopDepth == 0)
        fail(S->getBeginLoc(), "early exit by 'break'");
      Out.push_back(Term::ident("Break"));
      return;
    case Stmt::ContinueStmtClass:
      if (LoopDepth == 0)
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
      Out.push_back(RV ? Term::app("Return", {expr(RV)})
                       : Term::ident("Return"));
      return;
    }
    case Stmt::GotoStmtClass:
    case Stmt::IndirectGotoStmtClass:
      fail(S->getBeginLoc(), "early exit by 'goto'");
      return;
    case Stmt::AttributedStmtClass:
      stmt(cast<AttributedStmt>(S)->getSubStmt(), Out);
      return;
    case Stmt::SwitchStmtClass:
      fail(S->getBeginLoc(), "'switch' is not supported on the device");
      return;
    case Stmt::CXXTryStmtClass:
      fail(S->getBeginLoc(), "exceptions are not supported on the device");
      return;
    case Stmt::CXXForRangeStmtClass:
      fail(S->getBeginLoc(), "range-based 'for' is not supported on the "
                             "device");
      return;
    default:
      if (isa<OMPExecutableDirective>(S)) {
        fail(S->getBeginLoc(), "OpenMP directives inside the loop are not "
                               "supported");
        return;
      }
      fail(S->getBeginLoc(), std::string("'") + S->getStmtClassName() +
                                 "' statements are not supported on the "
                                 "device");
    }
  }

  Term decl(const Decl *D) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD) {
      if (isa<TypedefNameDecl>(D) || isa<StaticAssertDecl>(D))
        return Term::list({});
      fail(D->getLocation(), "local declarations other than variables are "
                             "not supported on the device");
      return Term::list({});
    }
    Term Name = Term::ident(VD->getNameAsString());
    if (VD->isStaticLocal()) {
      fail(VD->getLocation(), "static local variable '" +
                                  VD->getNameAsString() +
                                  "' is not supported on the device");
      return Term::list({});
    }
    QualType T = VD->getType();
    if (const auto *CAT = FC.Ctx.getAsConstantArrayType(T)) {
      if (VD->getInit())
        fail(VD->getLocation(), "initialised local array '" +
                                    VD->getNameAsString() +
                                    "' is not supported on the device");
      if (CAT->getElementType()->isArrayType())
        fail(VD->getLocation(), "multi-dimensional local array '" +
                                    VD->getNameAsString() +
                                    "' is not supported on the device");
      return Term::app("ArrayDecl",
                       {Name, Term::string(FC.typeStr(CAT->getElementType())),
                        Term::integer(CAT->getSize().getZExtValue())});
    }
    if (T->isArrayType()) {
      fail(VD->getLocation(), "variable-length array '" +
                                  VD->getNameAsString() +
                                  "' is not supported on the device");
      return Term::list({});
    }
    if (std::string U = userTypeIn(T); !U.empty())
      fail(VD->getLocation(),
           userTypeReason("local '" + VD->getNameAsString() + "'", U));
    Term Ty = Term::string(FC.typeStr(T));
    const Expr *Init = VD->getInit();
    if (Init) {
      if (const auto *CE = dyn_cast<CXXConstructExpr>(strip(Init)))
        if (CE->getNumArgs() == 0 && CE->getConstructor()->isTrivial())
          return Term::app("Decl", {Name, Ty});
      return Term::app("Decl", {Name, Ty, expr(Init)});
    }
    return Term::app("Decl", {Name, Ty});
  }

  Term expr(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(E))
      return expr(FE->getSubExpr());
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      return expr(MT->getSubExpr());
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      return expr(BT->getSubExpr());
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      return expr(DA->getExpr());
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
      return expr(IC->getSubExpr());
    if (const auto *EC = dyn_cast<ExplicitCastExpr>(E)) {
      if (isa<CXXFunctionalCastExpr>(EC) &&
          isa<CXXConstructExpr>(strip(EC->getSubExpr())))
        return expr(EC->getSubExpr());
      return Term::app("Cast", {Term::string(FC.typeStr(EC->getType())),
                                expr(EC->getSubExpr())});
    }
    if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
      std::string Sp = FC.spelling(IL->getLocation());
      size_t End = Sp.size();
      while (End > 0 && strchr("uUlLzZ", Sp[End - 1]))
        --End;
      return Term::integer(
          static_cast<int64_t>(IL->getValue().getLimitedValue()),
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
        if (IsOutside && IsOutside(VD))
          fail(DRE->getLocation(), "it uses the global variable '" +
                                       VD->getNameAsString() +
                                       "', which is not on the device");
        return Term::ident(VD->getNameAsString());
      }
      if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
        return Term::ident(EC->getQualifiedNameAsString());
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        return Term::ident(FD->getNameAsString());
      return fail(DRE->getLocation(), "use of '" + D->getNameAsString() +
                                          "' is not supported on the device");
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      const char *N = binaryName(BO->getOpcode());
      if (!N)
        return fail(BO->getOperatorLoc(),
                    "operator '" + BO->getOpcodeStr().str() +
                        "' is not supported on the device");
      return Term::app(N, {expr(BO->getLHS()), expr(BO->getRHS())});
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      const char *N = unaryName(UO->getOpcode());
      if (!N)
        return fail(UO->getOperatorLoc(),
                    "operator '" +
                        UnaryOperator::getOpcodeStr(UO->getOpcode()).str() +
                        "' is not supported on the device");
      return Term::app(N, {expr(UO->getSubExpr())});
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return Term::app("Index", {expr(AS->getBase()), expr(AS->getIdx())});
    if (const auto *CO = dyn_cast<ConditionalOperator>(E))
      return Term::app("Cond", {expr(CO->getCond()), expr(CO->getTrueExpr()),
                                expr(CO->getFalseExpr())});
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return fail(ME->getExprLoc(),
                    "use of the member '" +
                        ME->getMemberDecl()->getNameAsString() +
                        "' of the enclosing class is not supported");
      if (isa<CXXMethodDecl>(ME->getMemberDecl()))
        return fail(ME->getExprLoc(),
                    "call to '" + ME->getMemberDecl()->getNameAsString() +
                        "' cannot run on the device");
      return Term::app(ME->isArrow() ? "Arrow" : "Dot",
                       {expr(ME->getBase()),
                        Term::ident(ME->getMemberDecl()->getNameAsString())});
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
          isStdVector(OC->getArg(0)->getType()))
        return Term::app("Index", {expr(OC->getArg(0)), expr(OC->getArg(1))});
      const FunctionDecl *FD = OC->getDirectCallee();
      return fail(OC->getExprLoc(),
                  "call to '" + (FD ? FD->getNameAsString() : "operator") +
                      "' cannot run on the device");
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const FunctionDecl *FD = MC->getDirectCallee();
      return fail(MC->getExprLoc(),
                  "call to '" + (FD ? FD->getNameAsString() : "a method") +
                      "' cannot run on the device");
    }
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return call(CE);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() == 1 && CE->getConstructor()->isTrivial() &&
          (CE->getConstructor()->isCopyOrMoveConstructor()))
        return expr(CE->getArg(0));
      return fail(CE->getExprLoc(), "construction of '" +
                                        FC.typeStr(CE->getType()) +
                                        "' is not supported on the device");
    }
    if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
      if (UE->getKind() == UETT_SizeOf)
        return Term::app("SizeOf",
                         {Term::string(FC.typeStr(UE->getTypeOfArgument()))});
      return fail(UE->getExprLoc(), "this type trait is not supported on the "
                                    "device");
    }
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

  Term call(const CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return fail(CE->getExprLoc(), "indirect call cannot run on the device");
    std::string Name = FD->getNameAsString();
    std::vector<Term> Args;
    for (const Expr *A : CE->arguments())
      Args.push_back(expr(A));
    if (isMathCall(FC, FD)) {
      // std::sqrt and friends: CUDA has overloads in the global namespace.
      return Term::app("Call", {Term::ident(Name), Term::list(Args)});
    }
    if (isUserFunction(FC, FD)) {
      if (FD->isTemplateInstantiation())
        return fail(CE->getExprLoc(), "call to function template '" + Name +
                                          "' cannot run on the device");
      if (isa<CXXMethodDecl>(FD))
        return fail(CE->getExprLoc(), "call to member function '" + Name +
                                          "' cannot run on the device");
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
      return Term::app("Call", {Term::ident(Name), Term::list(Args)});
    }
    return fail(CE->getExprLoc(),
                "call to '" + Name + "' cannot run on the device",
                "device-call");
  }

  Term fail(SourceLocation Loc, std::string Reason,
            const char *Rule = "extract-kernel") {
    if (!Err)
      Err = Rejection{std::move(Reason), Rule, Loc};
    return Term::ident("_Unsupported");
  }

private:
  FrontendContext &FC;
  bool InKernel;
  int LoopDepth = 0;
};

//===----------------------------------------------------------------------===//
// Affine subscripts
//===----------------------------------------------------------------------===//

using Monomial = std::vector<const VarDecl *>;
using Poly = std::map<Monomial, int64_t>;

static Poly polyConst(int64_t C) {
  Poly P;
  if (C)
    P[{}] = C;
  return P;
}

static Poly polyVar(const VarDecl *V) {
  Poly P;
  P[Monomial{V}] = 1;
  return P;
}

static Poly polyAdd(const Poly &A, const Poly &B, int64_t Sign = 1) {
  Poly R = A;
  for (auto &[M, C] : B) {
    int64_t &Slot = R[M];
    Slot += Sign * C;
    if (!Slot)
      R.erase(M);
  }
  return R;
}

static Poly polyMul(const Poly &A, const Poly &B) {
  Poly R;
  for (auto &[MA, CA] : A)
    for (auto &[MB, CB] : B) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      std::sort(M.begin(), M.end());
      int64_t &Slot = R[M];
      Slot += CA * CB;
      if (!Slot)
        R.erase(M);
    }
  return R;
}

static bool polyConstant(const Poly &P, int64_t &C) {
  C = 0;
  for (auto &[M, K] : P) {
    if (!M.empty())
      return false;
    C = K;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The loop analysis
//===----------------------------------------------------------------------===//

enum Mode { Read = 1, Write = 2, ReadWrite = 3 };

struct VarInfo {
  bool Read = false;
  unsigned Writes = 0;
  SourceLocation FirstWrite;
  bool OtherUse = false;      // arrays: used other than through a subscript
  bool OtherWrite = false;    // arrays: possibly written that way
  bool ReductionRead = false; // read inside a recognised update
};

struct Access {
  const VarDecl *Array;
  const Expr *Subscript;
  const Expr *Whole;
  unsigned M;
  bool Conditional;
};

struct ReductionUpdate {
  const VarDecl *Var;
  std::string Atom;    // add, mul, ...
  const Expr *Operand; // e, or null for ++/--
  Term Value;
};

class LoopAnalyzer {
public:
  LoopAnalyzer(FrontendContext &FC, MarkedLoop &ML)
      : FC(FC), ML(ML), Conv(FC, true) {}

  bool run();

private:
  FrontendContext &FC;
  MarkedLoop &ML;
  Converter Conv;
  std::optional<Rejection> Err;

  const VarDecl *Index = nullptr;
  std::string LbText, UbText, EndText;
  int64_t EndAdjust = 0; // end = ub + EndAdjust
  const Expr *UbExpr = nullptr;
  int64_t Step = 1;
  bool LbIsZero = false;

  llvm::DenseSet<const VarDecl *> Locals;
  llvm::SetVector<const VarDecl *> Free;
  llvm::DenseMap<const VarDecl *, VarInfo> Info;
  std::vector<Access> Accesses;
  llvm::DenseMap<const Stmt *, ReductionUpdate> Updates;
  std::map<std::string, std::string> ClauseReductions; // var -> op spelling
  std::vector<const VarDecl *> Privates;
  int CondDepth = 0;

  bool reject(SourceLocation Loc, std::string Reason, const char *Rule) {
    if (!Err)
      Err = Rejection{std::move(Reason), Rule, Loc};
    return false;
  }

  bool shape();
  bool indexUsedOutside(const Stmt *S);
  void collectLocals(const Stmt *S);
  void findUpdates(const Stmt *S);
  std::optional<ReductionUpdate> matchUpdate(const Stmt *S);
  std::optional<ReductionUpdate> matchAssign(const VarDecl *V, const Expr *RHS);
  void scanStmt(const Stmt *S);
  void scan(const Expr *E, unsigned M);
  void use(const VarDecl *V, unsigned M, SourceLocation Loc);
  bool isArrayLike(const VarDecl *V) const;
  std::optional<Poly> affine(const Expr *E, int Depth = 0);
  bool checkScalars(std::vector<Term> &Params, std::vector<Term> &Reds);
  bool checkArray(const VarDecl *A, std::vector<Term> &Params,
                  std::vector<Term> &Arrays);
  bool dependences(const VarDecl *A);
  bool checkOverlap();
  std::string countFromBounds(int64_t C, int64_t DMax);
};

bool LoopAnalyzer::shape() {
  const ForStmt *F = ML.For;
  SourceLocation Loc = F->getForLoc();
  auto NotCanonical = [&](const std::string &Why) {
    return reject(Loc, "loop is not in canonical form: " + Why, "loop-shape");
  };
  // Init: T i = lb  or  i = lb.
  const Stmt *Init = F->getInit();
  const Expr *LbExpr = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    if (!DS->isSingleDecl())
      return NotCanonical("the loop declares more than one variable");
    const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!VD || !VD->getInit())
      return NotCanonical("the loop variable is not initialised");
    Index = VD;
    LbExpr = VD->getInit();
  } else if (const auto *E = dyn_cast_or_null<Expr>(Init)) {
    const auto *BO = dyn_cast<BinaryOperator>(strip(E));
    if (!BO || BO->getOpcode() != BO_Assign || !refVar(BO->getLHS()))
      return NotCanonical("the initialisation is not 'i = lb'");
    Index = refVar(BO->getLHS());
    LbExpr = BO->getRHS();
  } else {
    return NotCanonical("the loop has no initialisation");
  }
  if (!Index->getType()->isIntegerType() || Index->getType()->isBooleanType())
    return NotCanonical("the loop variable '" + Index->getNameAsString() +
                        "' is not an integer");
  LbText = FC.text(LbExpr->getSourceRange());
  Expr::EvalResult LbVal;
  LbIsZero =
      strip(LbExpr)->EvaluateAsInt(LbVal, FC.Ctx) && LbVal.Val.getInt() == 0;
  if (mentions(LbExpr, Index))
    return NotCanonical("the initial value depends on the loop variable");

  // Condition: i < ub, i <= ub, i != ub, ub > i, ub >= i.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? strip(F->getCond()) : nullptr);
  if (!Cond)
    return NotCanonical("the condition is not 'i < ub' or 'i <= ub'");
  BinaryOperatorKind K = Cond->getOpcode();
  const Expr *Ub = nullptr;
  if (refVar(Cond->getLHS()) == Index) {
    Ub = Cond->getRHS();
  } else if (refVar(Cond->getRHS()) == Index) {
    Ub = Cond->getLHS();
    K = K == BO_GT ? BO_LT : K == BO_GE ? BO_LE : K == BO_NE ? BO_NE : BO_EQ;
  }
  if (!Ub || (K != BO_LT && K != BO_LE && K != BO_NE))
    return NotCanonical("the condition is not 'i < ub' or 'i <= ub'");
  if (mentions(Ub, Index))
    return NotCanonical("the bound depends on the loop variable");
  // The launch evaluates the bounds once, on the host; the loop evaluates
  // its condition in every iteration. They agree only for bounds without
  // effects.
  for (const Expr *B : {LbExpr, Ub})
    if (std::string Why = effectIn(B); !Why.empty())
      return NotCanonical("the bound '" + FC.text(B->getSourceRange()) + "' " +
                          Why + "; compute it before the loop");
  UbExpr = Ub;
  UbText = FC.text(Ub->getSourceRange());
  EndAdjust = K == BO_LE ? 1 : 0;

  // Increment: ++i, i++, i += c, i = i + c.
  const Expr *Inc = F->getInc() ? strip(F->getInc()) : nullptr;
  bool IncOk = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    IncOk = UO->isIncrementOp() && refVar(UO->getSubExpr()) == Index;
    Step = 1;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    Expr::EvalResult R;
    if (CA->getOpcode() == BO_AddAssign && refVar(CA->getLHS()) == Index &&
        CA->getRHS()->EvaluateAsInt(R, FC.Ctx)) {
      Step = R.Val.getInt().getSExtValue();
      IncOk = true;
    }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    const auto *Add = dyn_cast<BinaryOperator>(strip(BO->getRHS()));
    Expr::EvalResult R;
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == Index && Add &&
        Add->getOpcode() == BO_Add) {
      const Expr *Other = refVar(Add->getLHS()) == Index   ? Add->getRHS()
                          : refVar(Add->getRHS()) == Index ? Add->getLHS()
                                                           : nullptr;
      if (Other && Other->EvaluateAsInt(R, FC.Ctx)) {
        Step = R.Val.getInt().getSExtValue();
        IncOk = true;
      }
    }
  }
  if (!IncOk)
    return NotCanonical("the increment is not '++i', 'i++' or 'i += c' with "
                        "a constant c");
  if (Step <= 0)
    return NotCanonical("the step is not positive");
  if (K == BO_NE && Step != 1)
    return NotCanonical("a '!=' condition needs step 1");

  // The end, exclusive.
  Expr::EvalResult UbVal;
  if (strip(Ub)->EvaluateAsInt(UbVal, FC.Ctx) && isa<IntegerLiteral>(strip(Ub)))
    EndText = std::to_string(UbVal.Val.getInt().getSExtValue() + EndAdjust);
  else
    EndText = addConstant(UbText, EndAdjust);
  return true;
}

/// Whether S reads the loop index (declared before the loop) other than in
/// loops that assign it first: after the kernel the index does not hold its
/// final value.
bool LoopAnalyzer::indexUsedOutside(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    const auto *BO = dyn_cast_or_null<BinaryOperator>(
        isa_and_nonnull<Expr>(F->getInit()) ? strip(cast<Expr>(F->getInit()))
                                            : nullptr);
    if (BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == Index)
      return false;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == Index)
      return indexUsedOutside(BO->getRHS());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == Index;
  for (const Stmt *C : S->children())
    if (indexUsedOutside(C))
      return true;
  return false;
}

void LoopAnalyzer::collectLocals(const Stmt *S) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Locals.insert(VD);
  for (const Stmt *C : S->children())
    collectLocals(C);
}

bool LoopAnalyzer::isArrayLike(const VarDecl *V) const {
  QualType T = V->getType().getNonReferenceType();
  return T->isPointerType() || T->isArrayType() || isStdVector(T);
}

/// A free scalar variable that a reduction may update.
static bool reducibleVar(const VarDecl *V) {
  return V && isScalarType(V->getType()) &&
         !V->getType().getNonReferenceType().isConstQualified();
}

std::optional<ReductionUpdate> LoopAnalyzer::matchAssign(const VarDecl *V,
                                                         const Expr *RHS) {
  RHS = strip(RHS);
  auto Make = [&](const char *Atom, const Expr *E,
                  bool Negate = false) -> std::optional<ReductionUpdate> {
    if (mentions(E, V))
      return std::nullopt;
    Term T = Conv.expr(E);
    if (Negate)
      T = Term::app("Neg", {T});
    return ReductionUpdate{V, Atom, E, T};
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(RHS)) {
    const char *Atom = nullptr;
    switch (BO->getOpcode()) {
    case BO_Add:
      Atom = "add";
      break;
    case BO_Sub:
      Atom = "add";
      break;
    case BO_Mul:
      Atom = "mul";
      break;
    case BO_And:
      Atom = "and";
      break;
    case BO_Or:
      Atom = "or";
      break;
    case BO_Xor:
      Atom = "xor";
      break;
    case BO_LAnd:
      Atom = "land";
      break;
    case BO_LOr:
      Atom = "lor";
      break;
    default:
      break;
    }
    if (Atom) {
      if (refVar(BO->getLHS()) == V)
        return Make(Atom, BO->getRHS(), BO->getOpcode() == BO_Sub);
      if (refVar(BO->getRHS()) == V && BO->getOpcode() != BO_Sub)
        return Make(Atom, BO->getLHS());
    }
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(RHS)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier() || CE->getNumArgs() != 2)
      return std::nullopt;
    StringRef N = FD->getName();
    const char *Atom =
        (N == "max" || N == "fmax" || N == "fmaxf" || N == "fmaxl")   ? "max"
        : (N == "min" || N == "fmin" || N == "fminf" || N == "fminl") ? "min"
                                                                      : nullptr;
    if (!Atom)
      return std::nullopt;
    if (refVar(CE->getArg(0)) == V)
      return Make(Atom, CE->getArg(1));
    if (refVar(CE->getArg(1)) == V)
      return Make(Atom, CE->getArg(0));
    return std::nullopt;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(RHS)) {
    const auto *C = dyn_cast<BinaryOperator>(strip(CO->getCond()));
    if (!C || !C->isRelationalOp())
      return std::nullopt;
    bool Greater = C->getOpcode() == BO_GT || C->getOpcode() == BO_GE;
    const Expr *A = C->getLHS(), *B = C->getRHS();
    const Expr *E = refVar(A) == V ? B : refVar(B) == V ? A : nullptr;
    if (!E || mentions(E, V))
      return std::nullopt;
    Term TA = Conv.expr(A), TB = Conv.expr(B);
    Term TT = Conv.expr(CO->getTrueExpr()), TF = Conv.expr(CO->getFalseExpr());
    const char *Atom = nullptr;
    if (TT == TA && TF == TB) // A > B ? A : B picks the larger
      Atom = Greater ? "max" : "min";
    else if (TT == TB && TF == TA)
      Atom = Greater ? "min" : "max";
    if (!Atom)
      return std::nullopt;
    return Make(Atom, E);
  }
  return std::nullopt;
}

std::optional<ReductionUpdate> LoopAnalyzer::matchUpdate(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = strip(E);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      const VarDecl *V = refVar(UO->getSubExpr());
      if (!UO->isIncrementDecrementOp() || !reducibleVar(V) ||
          Locals.count(V) || V == Index)
        return std::nullopt;
      return ReductionUpdate{V, "add", nullptr,
                             Term::integer(UO->isIncrementOp() ? 1 : -1)};
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || !BO->isAssignmentOp())
      return std::nullopt;
    const VarDecl *V = refVar(BO->getLHS());
    if (!reducibleVar(V) || Locals.count(V) || V == Index)
      return std::nullopt;
    if (BO->getOpcode() == BO_Assign)
      return matchAssign(V, BO->getRHS());
    const char *Atom = nullptr;
    switch (BO->getOpcode()) {
    case BO_AddAssign:
      Atom = "add";
      break;
    case BO_SubAssign:
      Atom = "add";
      break;
    case BO_MulAssign:
      Atom = "mul";
      break;
    case BO_AndAssign:
      Atom = "and";
      break;
    case BO_OrAssign:
      Atom = "or";
      break;
    case BO_XorAssign:
      Atom = "xor";
      break;
    default:
      return std::nullopt;
    }
    if (mentions(BO->getRHS(), V))
      return std::nullopt;
    Term T = Conv.expr(BO->getRHS());
    if (BO->getOpcode() == BO_SubAssign)
      T = Term::app("Neg", {T});
    return ReductionUpdate{V, Atom, BO->getRHS(), T};
  }
  // if (e > s) s = e;
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return std::nullopt;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return std::nullopt;
    Then = CS->body_front();
  }
  const auto *Asg = dyn_cast_or_null<BinaryOperator>(
      isa<Expr>(Then) ? strip(cast<Expr>(Then)) : nullptr);
  if (!Asg || Asg->getOpcode() != BO_Assign)
    return std::nullopt;
  const VarDecl *V = refVar(Asg->getLHS());
  if (!reducibleVar(V) || Locals.count(V) || V == Index)
    return std::nullopt;
  const auto *C = dyn_cast<BinaryOperator>(strip(If->getCond()));
  if (!C || !C->isRelationalOp())
    return std::nullopt;
  bool Greater = C->getOpcode() == BO_GT || C->getOpcode() == BO_GE;
  const Expr *E = nullptr;
  bool EFirst = false;
  if (refVar(C->getRHS()) == V) {
    E = C->getLHS();
    EFirst = true;
  } else if (refVar(C->getLHS()) == V) {
    E = C->getRHS();
  }
  if (!E || mentions(E, V) || mentions(Asg->getRHS(), V))
    return std::nullopt;
  Term TE = Conv.expr(E);
  if (TE != Conv.expr(Asg->getRHS()))
    return std::nullopt;
  // e > s: take e when larger -> max; s > e: take e when smaller -> min.
  const char *Atom = (Greater == EFirst) ? "max" : "min";
  return ReductionUpdate{V, Atom, E, TE};
}

void LoopAnalyzer::findUpdates(const Stmt *S) {
  if (!S)
    return;
  if (isa<Expr>(S) || isa<IfStmt>(S))
    if (auto U = matchUpdate(S)) {
      Updates[S] = *U;
      return;
    }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      findUpdates(C);
  } else if (const auto *If = dyn_cast<IfStmt>(S)) {
    findUpdates(If->getThen());
    findUpdates(If->getElse());
  } else if (const auto *F = dyn_cast<ForStmt>(S)) {
    findUpdates(F->getBody());
  } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
    findUpdates(W->getBody());
  } else if (const auto *D = dyn_cast<DoStmt>(S)) {
    findUpdates(D->getBody());
  } else if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    findUpdates(A->getSubStmt());
  }
}

void LoopAnalyzer::use(const VarDecl *V, unsigned M, SourceLocation Loc) {
  if (!V)
    return;
  if (!Locals.count(V) && V != Index && !V->isStaticDataMember() &&
      (V->hasLocalStorage() || V->hasGlobalStorage()))
    Free.insert(V);
  VarInfo &I = Info[V];
  if (M & Read)
    I.Read = true;
  if (M & Write) {
    if (!I.Writes)
      I.FirstWrite = Loc;
    ++I.Writes;
  }
}

void LoopAnalyzer::scanStmt(const Stmt *S) {
  if (!S)
    return;
  auto It = Updates.find(S);
  if (It != Updates.end()) {
    if (It->second.Operand)
      scan(It->second.Operand, Read);
    Info[It->second.Var].ReductionRead = true;
    Free.insert(It->second.Var);
    return;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    scan(E, Read);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (const Expr *Init = VD->getInit()) {
          QualType T = VD->getType();
          bool Alias = (T->isReferenceType() &&
                        !T.getNonReferenceType().isConstQualified()) ||
                       T->isPointerType();
          scan(Init, Alias ? ReadWrite : Read);
        }
    return;
  }
  bool Nested = isa<IfStmt>(S) || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                isa<DoStmt>(S) || isa<SwitchStmt>(S);
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    scanStmt(If->getInit());
    if (If->getCond())
      scan(If->getCond(), Read);
    ++CondDepth;
    scanStmt(If->getThen());
    scanStmt(If->getElse());
    --CondDepth;
    return;
  }
  if (Nested)
    ++CondDepth;
  for (const Stmt *C : S->children())
    scanStmt(C);
  if (Nested)
    --CondDepth;
}

void LoopAnalyzer::scan(const Expr *E, unsigned M) {
  if (!E)
    return;
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    scan(IC->getSubExpr(), IC->getCastKind() == CK_LValueToRValue ? Read : M);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return;
    use(V, M, DRE->getLocation());
    if (isArrayLike(V) && !Locals.count(V)) {
      VarInfo &I = Info[V];
      I.OtherUse = true;
      QualType T = V->getType().getNonReferenceType();
      QualType Pointee = T->isPointerType() ? T->getPointeeType()
                         : T->isArrayType()
                             ? QualType(T->getPointeeOrArrayElementType(), 0)
                             : QualType();
      if ((M & Write) || Pointee.isNull() || !Pointee.isConstQualified())
        I.OtherWrite = true;
    }
    return;
  }
  // Subscripts of free arrays.
  const Expr *Base = nullptr, *Sub = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Base = AS->getBase();
    Sub = AS->getIdx();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        isStdVector(OC->getArg(0)->getType())) {
      Base = OC->getArg(0);
      Sub = OC->getArg(1);
    }
  }
  if (Base) {
    const VarDecl *A = refVar(Base);
    if (A && !Locals.count(A) && isArrayLike(A)) {
      // Element accesses; the variable itself (pointer, size) is only read.
      use(A, Read, E->getExprLoc());
      Accesses.push_back(Access{A, Sub, E, M, CondDepth > 0});
    } else {
      scan(Base, M);
    }
    scan(Sub, Read);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      scan(BO->getLHS(), BO->getOpcode() == BO_Assign ? Write : ReadWrite);
      scan(BO->getRHS(), Read);
      return;
    }
    scan(BO->getLHS(), Read);
    if (BO->isLogicalOp())
      ++CondDepth;
    scan(BO->getRHS(), Read);
    if (BO->isLogicalOp())
      --CondDepth;
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      scan(UO->getSubExpr(), ReadWrite);
    else if (UO->getOpcode() == UO_Deref)
      scan(UO->getSubExpr(), M == Read ? Read : ReadWrite);
    else
      scan(UO->getSubExpr(), Read);
    return;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    scan(CO->getCond(), Read);
    ++CondDepth;
    scan(CO->getTrueExpr(), M);
    scan(CO->getFalseExpr(), M);
    --CondDepth;
    return;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    scan(ME->getBase(), ME->isArrow() ? (M == Read ? Read : ReadWrite) : M);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      unsigned AM = Read;
      QualType PT;
      if (FD && I < FD->getNumParams())
        PT = FD->getParamDecl(I)->getType();
      if (!PT.isNull()) {
        if (PT->isReferenceType() &&
            !PT.getNonReferenceType().isConstQualified())
          AM = ReadWrite;
        if (PT->isPointerType() && !PT->getPointeeType().isConstQualified())
          AM = ReadWrite;
      } else if (CE->getArg(I)->getType()->isPointerType()) {
        AM = ReadWrite;
      }
      scan(CE->getArg(I), AM);
    }
    return;
  }
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      scan(CE, Read);
}

std::optional<Poly> LoopAnalyzer::affine(const Expr *E, int Depth) {
  if (Depth > 8)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    return affine(IC->getSubExpr(), Depth);
  if (const auto *EC = dyn_cast<ExplicitCastExpr>(E)) {
    if (!EC->getType()->isIntegerType())
      return std::nullopt;
    return affine(EC->getSubExpr(), Depth);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !V->getType()->isIntegerType())
      return std::nullopt;
    if (V == Index)
      return polyVar(V);
    auto It = Info.find(V);
    bool Written = It != Info.end() && It->second.Writes;
    if (Written)
      return std::nullopt;
    if (Locals.count(V)) {
      // A local initialised once: see through it.
      if (!V->getInit() || V->getType()->isReferenceType())
        return std::nullopt;
      return affine(V->getInit(), Depth + 1);
    }
    return polyVar(V);
  }
  Expr::EvalResult R;
  if (E->getType()->isIntegerType() && !E->HasSideEffects(FC.Ctx) &&
      E->EvaluateAsInt(R, FC.Ctx))
    return polyConst(R.Val.getInt().getSExtValue());
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Minus)
      if (auto P = affine(UO->getSubExpr(), Depth))
        return polyMul(*P, polyConst(-1));
    if (UO->getOpcode() == UO_Plus)
      return affine(UO->getSubExpr(), Depth);
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = affine(BO->getLHS(), Depth);
    if (!L)
      return std::nullopt;
    auto Rt = affine(BO->getRHS(), Depth);
    if (!Rt)
      return std::nullopt;
    int64_t C;
    switch (BO->getOpcode()) {
    case BO_Add:
      return polyAdd(*L, *Rt);
    case BO_Sub:
      return polyAdd(*L, *Rt, -1);
    case BO_Mul:
      return polyMul(*L, *Rt);
    case BO_Shl:
      if (polyConstant(*Rt, C) && C >= 0 && C < 31)
        return polyMul(*L, polyConst(int64_t(1) << C));
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

/// Splits P into the coefficient of I (a polynomial) and the rest. Fails
/// when I occurs more than once in a monomial.
static bool splitIndex(const Poly &P, const VarDecl *I, Poly &Coef,
                       Poly &Rest) {
  for (auto &[M, C] : P) {
    auto N = std::count(M.begin(), M.end(), I);
    if (N > 1)
      return false;
    if (N == 1) {
      Monomial Rem;
      for (const VarDecl *V : M)
        if (V != I)
          Rem.push_back(V);
      Coef[Rem] += C;
    } else {
      Rest[M] += C;
    }
  }
  return true;
}

std::string LoopAnalyzer::countFromBounds(int64_t C, int64_t DMax) {
  // count = C * (end - 1) + DMax + 1 with end = ub + EndAdjust.
  int64_t K = C * (EndAdjust - 1) + DMax + 1;
  Expr::EvalResult R;
  if (isa<IntegerLiteral>(strip(UbExpr)) &&
      strip(UbExpr)->EvaluateAsInt(R, FC.Ctx))
    return std::to_string(C * R.Val.getInt().getSExtValue() + K);
  if (C == 1)
    return addConstant(UbText, K);
  std::string Ub = isSimpleText(UbText) ? UbText : "(" + UbText + ")";
  return addConstant(std::to_string(C) + " * " + Ub, K);
}

bool LoopAnalyzer::dependences(const VarDecl *A) {
  std::vector<const Access *> Acc;
  bool HasWrite = Info[A].OtherWrite && Info[A].OtherUse;
  for (const Access &X : Accesses)
    if (X.Array == A) {
      Acc.push_back(&X);
      if (X.M & Write)
        HasWrite = true;
    }
  if (!HasWrite)
    return true;
  std::string Name = A->getNameAsString();
  std::set<std::string> Remarked;
  auto Undecided = [&](SourceLocation Loc, const std::string &Why) {
    if (FC.Opts.Strict)
      return reject(Loc, Why, "dependence");
    if (Remarked.insert(Why).second)
      FC.remark(Loc, "assuming iterations are independent: " + Why,
                "dependence");
    return true;
  };
  if (Info[A].OtherUse &&
      !Undecided(ML.For->getForLoc(), "'" + Name +
                                          "' is used other than "
                                          "through a subscript"))
    return false;
  struct Form {
    const Access *X;
    bool Ok;
    Poly Coef, Rest;
  };
  std::vector<Form> Forms;
  for (const Access *X : Acc) {
    Form F{X, false, {}, {}};
    if (auto P = affine(X->Subscript))
      F.Ok = splitIndex(*P, Index, F.Coef, F.Rest);
    if (!F.Ok &&
        !Undecided(X->Whole->getExprLoc(), "subscript '" + FC.pretty(X->Whole) +
                                               "' is not affine in '" +
                                               Index->getNameAsString() + "'"))
      return false;
    Forms.push_back(std::move(F));
  }
  for (const Form &W : Forms) {
    if (!W.Ok || !(W.X->M & Write))
      continue;
    if (W.Coef.empty())
      return reject(W.X->Whole->getExprLoc(),
                    "every iteration writes " + FC.pretty(W.X->Whole) +
                        ": iterations are not independent",
                    "dependence");
    for (const Form &O : Forms) {
      if (&O == &W || !O.Ok)
        continue;
      if (O.Coef != W.Coef) {
        if (!Undecided(O.X->Whole->getExprLoc(),
                       "cannot compare subscripts '" + FC.pretty(W.X->Whole) +
                           "' and '" + FC.pretty(O.X->Whole) + "'"))
          return false;
        continue;
      }
      Poly D = polyAdd(O.Rest, W.Rest, -1);
      int64_t Dist, Coef;
      if (D.empty())
        continue; // the same element in the same iteration
      if (polyConstant(D, Dist) && polyConstant(W.Coef, Coef)) {
        if (Dist % (Coef * Step) != 0)
          continue; // never the same element
        if (O.X->M & Write)
          return reject(O.X->Whole->getExprLoc(),
                        FC.pretty(W.X->Whole) + " and " +
                            FC.pretty(O.X->Whole) +
                            " are written by different iterations",
                        "dependence");
        return reject(O.X->Whole->getExprLoc(),
                      FC.pretty(W.X->Whole) + " depends on " +
                          FC.pretty(O.X->Whole) +
                          " written by another iteration",
                      "dependence");
      }
      if (!Undecided(O.X->Whole->getExprLoc(),
                     "cannot compare subscripts '" + FC.pretty(W.X->Whole) +
                         "' and '" + FC.pretty(O.X->Whole) + "'"))
        return false;
    }
  }
  return true;
}

bool LoopAnalyzer::checkArray(const VarDecl *A, std::vector<Term> &Params,
                              std::vector<Term> &Arrays) {
  std::string Name = A->getNameAsString();
  QualType T = A->getType().getNonReferenceType();
  QualType Elem;
  std::string Ptr = Name, Count;
  std::set<std::string> Deps = {Name};
  bool IsVector = isStdVector(T, &Elem);
  if (!IsVector) {
    if (T->isPointerType())
      Elem = T->getPointeeType();
    else if (const auto *AT = FC.Ctx.getAsArrayType(T))
      Elem = AT->getElementType();
  }
  if (std::string U = userTypeIn(Elem); !U.empty())
    return reject(ML.For->getForLoc(), userTypeReason("'" + Name + "'", U),
                  "extract-kernel");
  if (Elem->isArrayType() || Elem->isPointerType())
    return reject(ML.For->getForLoc(),
                  "'" + Name + "' has elements of type '" + FC.typeStr(Elem) +
                      "'; only flat arrays can be copied to the device",
                  "extract-kernel");
  if (Elem->isVoidType() || Elem->isFunctionType())
    return reject(ML.For->getForLoc(), "'" + Name + "' does not point to data",
                  "extract-kernel");
  if (IsVector && Elem->isBooleanType())
    return reject(ML.For->getForLoc(),
                  "std::vector<bool> '" + Name + "' has no contiguous data",
                  "extract-kernel");
  const VarInfo &I = Info[A];
  bool Reads = I.OtherUse, Writes = I.OtherWrite;
  for (const Access &X : Accesses)
    if (X.Array == A) {
      Reads |= (X.M & Read) != 0;
      Writes |= (X.M & Write) != 0;
    }

  // The extent: a clause, a C array type, a vector, or the loop bounds.
  const DataClause *Clause = nullptr;
  if (ML.Pragma)
    for (const DataClause &D : ML.Pragma->Data)
      if (D.Var == Name)
        Clause = &D;
  bool FromBounds = false;
  if (Clause && !Clause->Length.empty()) {
    StringRef Lower = StringRef(Clause->Lower).trim();
    Count =
        Lower == "0" ? Clause->Length : Clause->Lower + " + " + Clause->Length;
    collectTextIdents(Clause->Lower, Deps);
    collectTextIdents(Clause->Length, Deps);
  } else if (const auto *CAT = FC.Ctx.getAsConstantArrayType(T)) {
    Count = std::to_string(CAT->getSize().getZExtValue());
    if (const Expr *SE = CAT->getSizeExpr()) {
      Count = FC.text(SE->getSourceRange());
      collectVarNames(SE, Deps);
    } else if (TypeSourceInfo *TSI = A->getTypeSourceInfo()) {
      if (auto AL = TSI->getTypeLoc().getAs<ConstantArrayTypeLoc>())
        if (const Expr *SE = AL.getSizeExpr()) {
          Count = FC.text(SE->getSourceRange());
          collectVarNames(SE, Deps);
        }
    }
  } else if (IsVector) {
    Ptr = Name + ".data()";
    Count = Name + ".size()";
  } else if (!I.OtherUse) {
    // All subscripts c*i + d with the same constant c > 0.
    bool Ok = true, Any = false;
    int64_t C = 0, DMax = 0;
    for (const Access &X : Accesses) {
      if (X.Array != A)
        continue;
      Poly Coef, Rest;
      int64_t CX, DX;
      auto P = affine(X.Subscript);
      if (!P || !splitIndex(*P, Index, Coef, Rest) || !polyConstant(Coef, CX) ||
          !polyConstant(Rest, DX) || CX <= 0 || (Any && CX != C)) {
        Ok = false;
        break;
      }
      DMax = Any ? std::max(DMax, DX) : DX;
      C = CX;
      Any = true;
    }
    if (Ok && Any) {
      Count = countFromBounds(C, DMax);
      FromBounds = C == 1 && DMax == 0;
      collectVarNames(UbExpr, Deps);
    }
  }
  if (Count.empty())
    return reject(ML.For->getForLoc(),
                  "cannot tell how many elements of '" + Name +
                      "' the loop touches; add copy(" + Name +
                      "[0:N]) to the pragma",
                  "extract-kernel");

  // Access mode. Write-only needs every copied element to be written.
  std::string Mode = Reads && Writes ? "readwrite" : Writes ? "write" : "read";
  if (Mode == "write") {
    bool Covered = false;
    if (FromBounds && LbIsZero && Step == 1)
      for (const Access &X : Accesses)
        if (X.Array == A && (X.M & Write) && !X.Conditional) {
          auto P = affine(X.Subscript);
          if (P && *P == polyVar(Index))
            Covered = true;
        }
    if (!Covered)
      Mode = "readwrite";
  }
  if (Clause) {
    if (Clause->Kind == DataClause::CopyIn)
      Mode = "read";
    else if (Clause->Kind == DataClause::CopyOut)
      Mode = "write";
    else
      Mode = "readwrite";
  }

  QualType ElemUnq = Elem.getUnqualifiedType();
  std::string ElemStr = FC.typeStr(ElemUnq);
  bool ConstElem = Elem.isConstQualified() || (!IsVector && !Writes);
  if (IsVector && !Writes)
    ConstElem = true;
  Params.push_back(Term::app(
      "Param", {Term::ident(Name),
                Term::string((ConstElem ? "const " : "") + ElemStr + " *")}));
  Arrays.push_back(Term::app("Array", {Term::ident(Name), Term::string(ElemStr),
                                       Term::string(Ptr), Term::string(Count),
                                       Term::ident(Mode), identList(Deps)}));
  ML.Arrays.push_back({A, Elem, Mode != "read"});
  return dependences(A);
}

bool LoopAnalyzer::checkScalars(std::vector<Term> &Params,
                                std::vector<Term> &Reds) {
  for (const VarDecl *V : Free) {
    std::string Name = V->getNameAsString();
    const VarInfo &I = Info[V];
    if (isArrayLike(V)) {
      if (ClauseReductions.count(Name))
        return reject(ML.For->getForLoc(),
                      "reduction over '" + Name +
                          "' is not supported: only scalar variables can be "
                          "reduced (an array reduction would race on the GPU)",
                      "reduction");
      continue;
    }
    // Updates of V recognised as reductions.
    std::vector<std::pair<const Stmt *, const ReductionUpdate *>> Ups;
    for (auto &[S, U] : Updates)
      if (U.Var == V)
        Ups.emplace_back(S, &U);
    std::sort(Ups.begin(), Ups.end(), [&](auto &L, auto &R) {
      return FC.SM.isBeforeInTranslationUnit(L.first->getBeginLoc(),
                                             R.first->getBeginLoc());
    });
    auto Clause = ClauseReductions.find(Name);
    if (Clause != ClauseReductions.end()) {
      const char *Atom = reductionAtom(Clause->second);
      std::string Bad = "scalar '" + Name +
                        "' is updated in a form that is not a '" +
                        Clause->second + "' reduction";
      if (I.Writes)
        return reject(I.FirstWrite, Bad, "reduction");
      for (auto &[S, U] : Ups)
        if (U->Atom != Atom)
          return reject(S->getBeginLoc(), Bad, "reduction");
      if (I.Read)
        return reject(ML.For->getForLoc(),
                      "reduction variable '" + Name +
                          "' is read in the loop outside its update",
                      "reduction");
      if (!isScalarType(V->getType()))
        return reject(ML.For->getForLoc(),
                      "reduction variable '" + Name + "' is not a scalar",
                      "reduction");
      Reds.push_back(Term::app(
          "Reduction",
          {Term::ident(Atom), Term::ident(Name),
           Term::string(FC.typeStr(
               V->getType().getNonReferenceType().getUnqualifiedType()))}));
      for (auto &[S, U] : Ups)
        Conv.Overrides[S] = Term::app(
            "Reduce", {Term::ident(U->Atom), Term::ident(Name), U->Value});
      continue;
    }
    if (!Ups.empty())
      return reject(Ups.front().first->getBeginLoc(),
                    "scalar '" + Name +
                        "' is written in the loop and is not a reduction; "
                        "add reduction(" +
                        reductionSpelling(Ups.front().second->Atom) + ":" +
                        Name + ") to the pragma",
                    "reduction");
    if (I.Writes)
      return reject(I.FirstWrite,
                    "scalar '" + Name +
                        "' is written in every iteration: "
                        "iterations are not independent",
                    "dependence");
    QualType T = V->getType().getNonReferenceType();
    if (std::string U = userTypeIn(T); !U.empty())
      return reject(ML.For->getForLoc(), userTypeReason("'" + Name + "'", U),
                    "extract-kernel");
    if (T->isRecordType()) {
      const auto *RD = T->getAsCXXRecordDecl();
      if (RD && !RD->isTriviallyCopyable())
        return reject(ML.For->getForLoc(),
                      "'" + Name + "' of type '" + FC.typeStr(T) +
                          "' cannot be copied to the device",
                      "extract-kernel");
    } else if (!isScalarType(T)) {
      return reject(ML.For->getForLoc(),
                    "'" + Name + "' of type '" + FC.typeStr(T) +
                        "' cannot be passed to the device",
                    "extract-kernel");
    }
    Params.push_back(
        Term::app("Param", {Term::ident(Name),
                            Term::string(FC.typeStr(T.getUnqualifiedType()))}));
  }
  return true;
}

/// Two arrays of the loop, one of them written, may be the same memory
/// when either is a plain pointer (not __restrict__): the analysis cannot
/// tell, so it trusts the marking and says so (--strict: rejects).
bool LoopAnalyzer::checkOverlap() {
  std::vector<const VarDecl *> Arrays;
  std::set<const VarDecl *> Written;
  for (const Access &X : Accesses) {
    if (std::find(Arrays.begin(), Arrays.end(), X.Array) == Arrays.end())
      Arrays.push_back(X.Array);
    if (X.M & Write)
      Written.insert(X.Array);
  }
  // Each pair once, in the order of first use (written arrays first).
  for (size_t I = 0; I < Arrays.size(); ++I) {
    const VarDecl *A = Arrays[I];
    if (!Written.count(A))
      continue;
    for (size_t J = 0; J < Arrays.size(); ++J) {
      const VarDecl *B = Arrays[J];
      if (I == J || (Written.count(B) && J < I) ||
          !(isPlainPointer(A) || isPlainPointer(B)))
        continue;
      std::string Why = "'" + A->getNameAsString() + "' and '" +
                        B->getNameAsString() +
                        "' may point into the same memory";
      if (FC.Opts.Strict)
        return reject(ML.For->getForLoc(),
                      Why + " (declare the pointers "
                            "__restrict__ to promise "
                            "they do not)",
                      "dependence");
      FC.remark(ML.For->getForLoc(),
                "assuming iterations are independent: " + Why, "dependence");
    }
  }
  return true;
}

bool LoopAnalyzer::run() {
  if (!shape()) {
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  if (!ML.Omp && isa_and_nonnull<Expr>(ML.For->getInit()) && ML.Function &&
      indexUsedOutside(ML.Function->getBody())) {
    reject(ML.For->getForLoc(),
           "loop index '" + Index->getNameAsString() +
               "' is used outside the loop, where the kernel leaves it unset; "
               "declare it in the loop header",
           "loop-shape");
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  const Stmt *Body = ML.For->getBody();
  collectLocals(Body);
  if (ML.Omp) {
    LoopClauses Clauses;
    if (auto R = readOpenMPClauses(FC, ML.Omp->clauses(), Clauses)) {
      FC.reject(*R, ML.For->getForLoc());
      return false;
    }
    remarkIgnoredClauses(FC, Clauses);
    for (const VarDecl *V : Clauses.Private) {
      Locals.insert(V);
      Privates.push_back(V);
    }
    for (auto &[Op, V] : Clauses.Reductions)
      ClauseReductions[V->getNameAsString()] = Op;
  }
  if (ML.Pragma && !ML.Pragma->Invalid.empty()) {
    FC.reject(Rejection{ML.Pragma->Invalid, "mark-loop",
                        ML.Pragma->InvalidLoc},
              ML.For->getForLoc());
    return false;
  }
  if (ML.Pragma)
    for (auto &[Op, Var] : ML.Pragma->Reductions)
      ClauseReductions[Var] = Op;

  findUpdates(Body);
  scanStmt(Body);
  // Conversion errors first (jumps, calls, unsupported constructs) since
  // they explain the rest; then the index, scalars, arrays.
  Conv.list(Body);
  if (Conv.Err) {
    FC.reject(*Conv.Err, ML.For->getForLoc());
    return false;
  }
  if (Info.count(Index) && Info[Index].Writes) {
    reject(Info[Index].FirstWrite,
           "loop index '" + Index->getNameAsString() +
               "' is modified in the loop body",
           "loop-shape");
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  std::set<std::string> BoundVars;
  collectVarNames(UbExpr, BoundVars);
  for (const VarDecl *V : Free)
    if (BoundVars.count(V->getNameAsString()) && Info[V].Writes) {
      reject(Info[V].FirstWrite,
             "the loop bound changes in the loop ('" + V->getNameAsString() +
                 "' is written)",
             "loop-shape");
      FC.reject(*Err, ML.For->getForLoc());
      return false;
    }

  std::vector<Term> Params, Arrays, Reds;
  bool Ok = checkScalars(Params, Reds);
  for (const VarDecl *V : Free) {
    if (!Ok)
      break;
    if (isArrayLike(V))
      Ok = checkArray(V, Params, Arrays);
  }
  if (Ok)
    Ok = checkOverlap();
  if (!Ok) {
    FC.reject(*Err, ML.For->getForLoc());
    return false;
  }
  // Params in order of first use: checkScalars and checkArray appended them
  // by kind; restore the order of Free.
  std::vector<Term> Ordered;
  for (const VarDecl *V : Free)
    for (const Term &P : Params)
      if (P[0].name() == V->getNameAsString()) {
        Ordered.push_back(P);
        break;
      }

  Term BodyTerm = Conv.list(Body);
  if (!Privates.empty()) {
    std::vector<Term> Decls;
    for (const VarDecl *V : Privates)
      Decls.push_back(
          Term::app("Decl", {Term::ident(V->getNameAsString()),
                             Term::string(FC.typeStr(V->getType()))}));
    for (const Term &T : BodyTerm.args())
      Decls.push_back(T);
    BodyTerm = Term::list(std::move(Decls));
  }

  SourceLocation ForLoc = ML.For->getForLoc();
  std::string Name;
  if (ML.Pragma && !ML.Pragma->Name.empty()) {
    Name = ML.Pragma->Name;
  } else {
    std::string Fn = ML.Function ? ML.Function->getNameAsString() : "loop";
    for (char &C : Fn)
      if (!isalnum(static_cast<unsigned char>(C)) && C != '_')
        C = '_';
    Name = Fn + "_L" + std::to_string(FC.line(ForLoc));
  }
  SourceLocation Begin = ML.Pragma ? ML.Pragma->Loc : ML.Outer->getBeginLoc();
  ML.Range =
      SourceRange(FC.SM.getExpansionLoc(Begin), stmtRange(FC, ML.For).getEnd());
  ML.Id = FC.newId(ML.Range);
  ML.Callees.assign(Conv.Callees.begin(), Conv.Callees.end());
  ML.Loop = Term::app(
      "ParallelLoop",
      {Term::app("Loop", {Term::ident(Name),
                          Term::string(FC.fileName(ForLoc) + ":" +
                                       std::to_string(FC.line(ForLoc))),
                          Term::integer(ML.Id)}),
       Term::app("Index", {Term::ident(Index->getNameAsString()),
                           Term::string(FC.typeStr(
                               Index->getType().getUnqualifiedType()))}),
       Term::app("Range", {Term::string(LbText), Term::string(EndText),
                           Term::integer(Step)}),
       BodyTerm, Term::list(Ordered), Term::list(Arrays), Term::list(Reds)});
  return true;
}

} // namespace

bool analyzeLoop(FrontendContext &FC, MarkedLoop &ML) {
  LoopAnalyzer A(FC, ML);
  ML.Accepted = A.run();
  return ML.Accepted;
}

DeviceFunctionInfo &FrontendContext::deviceFunction(const FunctionDecl *FD) {
  DeviceFunctionInfo &Info = DeviceFns[FD];
  if (Info.Done || Info.InProgress)
    return Info;
  Info.InProgress = true;
  Converter Conv(*this, /*InKernel=*/false);
  Conv.IsOutside = [FD](const VarDecl *V) {
    if (V->isLocalVarDeclOrParm())
      return false;
    QualType T = V->getType();
    // Constants usable in device code.
    if ((V->isConstexpr() || T.isConstQualified()) && isScalarType(T) &&
        V->getInit() &&
        V->getInit()->isConstantInitializer(V->getASTContext(), false))
      return false;
    (void)FD;
    return true;
  };
  std::vector<Term> Params;
  for (const ParmVarDecl *P : FD->parameters())
    Params.push_back(Term::app("Param", {Term::ident(P->getNameAsString()),
                                         Term::string(typeStr(P->getType()))}));
  Term Body = Conv.list(FD->getBody());
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
  Again.Definition =
      Term::app("DeviceFunction", {Term::ident(FD->getNameAsString()),
                                   Term::string(typeStr(FD->getReturnType())),
                                   Term::list(Params), Body});
  return Again;
}

} // namespace detail
} // namespace l2c
