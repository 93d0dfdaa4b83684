//===- NestBuilder.cpp - The marked nest as a deps::Nest ------------------===//
//
// Loops, subscripts and conditions as isl text (NestBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "frontend/analysis/NestBuilder.h"

#include "frontend/AstUtil.h"
#include <algorithm>
#include <functional>

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace l2c {
namespace detail {

/// Words isl reads as keywords; variables so named get a suffix.
static bool islKeyword(const std::string &S) {
  static const std::set<std::string> Words = {
      "and",     "or",     "not",  "mod",   "min",   "max", "floor",
      "ceil",    "exists", "true", "false", "infty", "NaN", "xor",
      "implies", "rat",    "cst",  "ceild", "floord"};
  return Words.count(S) != 0;
}

std::string NestBuilder::fresh(std::string Base) {
  if (islKeyword(Base))
    Base += "_";
  std::string Name = Base;
  for (int K = 2; Used.count(Name); ++K)
    Name = Base + "_" + std::to_string(K);
  Used.insert(Name);
  return Name;
}

std::string NestBuilder::name(const VarDecl *V) {
  auto It = ParamName.find(V);
  if (It != ParamName.end())
    return It->second;
  std::string Name = fresh(V->getNameAsString());
  ParamName[V] = Name;
  N.Params.push_back(Name);
  // A quotient of the parameters (n / 16 as a row length) keeps its value.
  if (const LoopAnalyzer::DivAtom *A = LA.divAtomOf(V))
    if (std::string T = divText(*A, {}); !T.empty())
      N.Context.push_back(Name + " = " + T);
  return Name;
}

std::string NestBuilder::divText(const LoopAnalyzer::DivAtom &A,
                                 const std::vector<unsigned> &Chain) {
  if (A.K == LoopAnalyzer::DivAtom::VarQuot ||
      A.K == LoopAnalyzer::DivAtom::VarRem)
    return ""; // text() names their loops
  std::string T = text(A.Num, Chain);
  if (T.empty())
    return "";
  std::string C = std::to_string(A.By);
  // C rounds towards 0: the floor of T / c at T >= 0, the ceiling below.
  // isl reads no ?: in a constraint, but max and min: with f the floor
  // and g the ceiling, max(f, min(0, g)) is f where T >= 0 (f >= 0, and
  // g >= 0) and g below (f <= g <= 0).
  std::string Trunc = "max(floor((" + T + ")/" + C + "), min(0, -floor((-(" +
                      T + "))/" + C + ")))";
  if (A.K == LoopAnalyzer::DivAtom::Quot)
    return Trunc;
  return "floor((" + T + ")/" + C + ")";
}

std::string NestBuilder::text(const Poly &P,
                              const std::vector<unsigned> &Chain) {
  std::string Out;
  for (const auto &[Mono, Coef] : P) {
    std::string Term;
    if (Mono.empty()) {
      Term = std::to_string(Coef);
    } else {
      if (Mono.size() != 1)
        return ""; // i*n: not affine
      const VarDecl *V = Mono[0];
      std::string Var;
      if (Split && V == RootIndex)
        return ""; // t itself, once the nest ranges over (t / D, t % D)
      if (const LoopAnalyzer::DivAtom *A = LA.divAtomOf(V)) {
        if (A->K == LoopAnalyzer::DivAtom::VarQuot ||
            A->K == LoopAnalyzer::DivAtom::VarRem) {
          if (!Split)
            return "";
          Var =
              N.Loops[A->K == LoopAnalyzer::DivAtom::VarQuot ? RootPos : RemPos]
                  .Var;
        } else {
          Var = divText(*A, Chain);
        }
        if (Var.empty())
          return "";
      }
      // The innermost loop of the chain with this variable.
      for (auto It = Chain.rbegin(); Var.empty() && It != Chain.rend(); ++It)
        if (LoopVar[*It] == V) {
          Var = N.Loops[*It].Var;
          break;
        }
      if (Var.empty()) {
        if (LA.isNestIndex(V))
          return ""; // a loop variable after its loop
        Var = name(V);
      }
      Term = Coef == 1 ? Var : std::to_string(Coef) + "*" + Var;
    }
    if (!Out.empty())
      Out += " + ";
    Out += Term;
  }
  return Out.empty() ? "0" : Out;
}

unsigned NestBuilder::loop(const ForStmt *F,
                           const std::vector<unsigned> &Outer) {
  auto It = Pos.find(F);
  if (It != Pos.end())
    return It->second;
  deps::Loop L;
  const LoopBounds *Shape = LA.shapeOf(F);
  bool Ok = Shape != nullptr;
  LoopBounds B = Ok ? *Shape : LoopBounds();
  L.Var = fresh(Ok ? B.Index->getNameAsString() : "l2c_loop");
  if (Ok)
    L.Shown = B.Index->getNameAsString();
  unsigned At = N.Loops.size();
  // The bounds may use the variables of the loops around F.
  LoopVar.push_back(nullptr);
  N.Loops.push_back(L);
  LoopExact.push_back(false);
  Pos[F] = At;
  if (Ok) {
    auto Lb = LA.affine(B.Lb), Ub = LA.affine(B.Ub);
    std::string LbT =
        Lb ? text(polyAdd(*Lb, polyConst(B.LbAdjust)), Outer) : "";
    std::string UbT =
        Ub ? text(polyAdd(*Ub, polyConst(B.EndAdjust)), Outer) : "";
    // A bound that is not affine but has one value for the whole nest
    // (v.size(), a[0]) is a parameter of its own: exact, as n is. (m / 2
    // is affine here, a DivAtom.)
    auto Invariant = [&](const Expr *E, int64_t Adjust) {
      std::string P = fresh("l2c_bound");
      N.Params.push_back(P);
      return Adjust ? P + " + " + std::to_string(Adjust) : P;
    };
    if (LbT.empty() && LA.invariant(B.Lb))
      LbT = Invariant(B.Lb, B.LbAdjust);
    if (UbT.empty() && LA.invariant(B.Ub))
      UbT = Invariant(B.Ub, B.EndAdjust);
    LoopVar[At] = B.Index;
    // Downward by c > 1, the values are anchored at the top: stepping from
    // the bottom by 1 covers them (an over-approximation).
    N.Loops[At].Step = B.lbExact() ? B.Step : 1;
    if (!LbT.empty() && !UbT.empty()) {
      N.Loops[At].Lower = LbT;
      N.Loops[At].Upper = UbT;
      LoopExact[At] = B.lbExact();
    }
  }
  if (Split && Outer.empty() && At == 0)
    splitMarkedLoop(At, Ok ? &B : nullptr);
  return At;
}

void NestBuilder::splitMarkedLoop(unsigned At, const LoopBounds *B) {
  Split = false;
  // t >= 0 everywhere: the loop counts up by 1 from a constant >= 0.
  std::optional<Poly> Lb = B ? LA.affine(B->Lb) : std::nullopt;
  int64_t Low = 0;
  if (!B || B->Down || B->Step != 1 || !Lb || !polyConstant(*Lb, Low) ||
      Low + B->LbAdjust < 0)
    return;
  std::string D = text(SplitDivisor, {});
  if (D.empty())
    return;
  Split = true;
  RootIndex = B->Index;
  RootPos = At;
  std::string T = B->Index->getNameAsString();
  deps::Loop &Q = N.Loops[At];
  Q.Lower = Q.Upper = ""; // q = t / D: any integer
  Q.Shown = T + " / " + D;
  LoopVar[At] = nullptr;
  LoopExact[At] = false;
  deps::Loop R;
  R.Var = fresh(T + "_rem");
  R.Shown = T + " % " + D;
  R.Lower = "0";
  R.Upper = "max(" + D + ", -(" + D + "))"; // C's remainder of t >= 0
  QuotientSign = "((" + D + " > 0 and " + Q.Var + " >= 0) or (" + D +
                 " < 0 and " + Q.Var + " <= 0))";
  R.Parallel = true;
  RemPos = N.Loops.size();
  N.Loops.push_back(R);
  LoopVar.push_back(nullptr);
  LoopExact.push_back(false);
}

/// Whether S assigns (or increments, or takes the address of) a variable
/// that E names.
static bool writesAnyOf(const Stmt *S, const Expr *E) {
  if (!E)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return writesVar(S, V);
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C); CE && writesAnyOf(S, CE))
      return true;
  return false;
}

void NestBuilder::guardText(const Expr *C, bool Taken,
                            const std::vector<unsigned> &Chain,
                            std::vector<std::string> &Out) {
  // A condition left out only widens the iterations an access is taken to
  // make: the test stays sound.
  C = C->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(C);
      UO && UO->getOpcode() == UO_LNot)
    return guardText(UO->getSubExpr(), !Taken, Chain, Out);
  const auto *BO = dyn_cast<BinaryOperator>(C);
  if (!BO)
    return;
  // a && b taken, or a || b not taken: both hold (as a, or as !a).
  if ((BO->getOpcode() == BO_LAnd && Taken) ||
      (BO->getOpcode() == BO_LOr && !Taken)) {
    guardText(BO->getLHS(), Taken, Chain, Out);
    guardText(BO->getRHS(), Taken, Chain, Out);
    return;
  }
  if (!BO->isComparisonOp())
    return;
  BinaryOperatorKind Op =
      Taken ? BO->getOpcode()
            : BinaryOperator::negateComparisonOp(BO->getOpcode());
  auto L = LA.affine(BO->getLHS()), R = LA.affine(BO->getRHS());
  if (!L || !R)
    return;
  std::string LT = text(*L, Chain), RT = text(*R, Chain);
  if (LT.empty() || RT.empty())
    return;
  const char *Spelling = Op == BO_EQ   ? " = "
                         : Op == BO_NE ? " != "
                         : Op == BO_LT ? " < "
                         : Op == BO_LE ? " <= "
                         : Op == BO_GT ? " > "
                                       : " >= ";
  Out.push_back("(" + LT + ")" + Spelling + "(" + RT + ")");
}

void NestBuilder::hostLoopContext(const ForStmt *F) {
  // Through the CapturedDecls of OpenMP directives, up to the function.
  DynTypedNode Node = DynTypedNode::create(*F);
  for (;;) {
    DynTypedNodeList Parents = FC.Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      return;
    Node = Parents[0];
    const auto *H = Node.get<ForStmt>();
    if (!H || H->getBody() == nullptr)
      continue;
    LoopBounds HB;
    // A local counter: a call in the body cannot move it unseen.
    if (!LA.loopShape(H, HB).empty() || HB.Down || !HB.Index ||
        !HB.Index->hasLocalStorage() || !ParamName.count(HB.Index))
      continue;
    // The counter and its bounds keep their values through the body: the
    // counter is then within them wherever the body runs.
    if (writesVar(H->getBody(), HB.Index) || writesAnyOf(H->getBody(), HB.Lb) ||
        writesAnyOf(H->getBody(), HB.Ub))
      continue;
    auto Lb = LA.affine(HB.Lb), Ub = LA.affine(HB.Ub);
    std::string K = ParamName[HB.Index];
    if (Lb)
      if (std::string T = text(polyAdd(*Lb, polyConst(HB.LbAdjust)), {});
          !T.empty())
        N.Context.push_back(T + " <= " + K);
    if (Ub)
      if (std::string T = text(polyAdd(*Ub, polyConst(HB.EndAdjust)), {});
          !T.empty())
        N.Context.push_back(K + " < " + T);
  }
}

/// Whether V's value may change other than by an assignment that names it:
/// its address taken, a reference bound to it, a capture by reference, a
/// call that takes it by reference (a call between a definition and the
/// loop could then change it unseen).
static bool escapes(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_AddrOf &&
      refVar(UO->getSubExpr()->IgnoreParenImpCasts()) == V)
    return true;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *R = dyn_cast<VarDecl>(D);
          R && R->getType()->isReferenceType() && R->getInit() &&
          mentions(R->getInit(), V))
        return true;
  if (const auto *L = dyn_cast<LambdaExpr>(S))
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef &&
          C.getCapturedVar() == V)
        return true;
  if (isa<CallExpr>(S) && writesVar(S, V)) // an argument by reference
    return true;
  for (const Stmt *C : S->children())
    if (escapes(C, V))
      return true;
  return false;
}

/// The variables E names, or nullopt when it names anything else (a
/// member, an array element, a call).
static std::optional<std::vector<const VarDecl *>> plainVars(const Expr *E) {
  std::vector<const VarDecl *> Out;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (isa<MemberExpr, ArraySubscriptExpr, CallExpr>(S)) {
      Ok = false;
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.push_back(V);
      else if (!isa<EnumConstantDecl>(DRE->getDecl()))
        Ok = false;
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(E);
  if (!Ok)
    return std::nullopt;
  return Out;
}

void NestBuilder::definitionContext(const ForStmt *F) {
  // The blocks around F, innermost first: in each, the statements before
  // the one that holds F, and the loops crossed on the way up to it (a
  // definition outside a host loop holds at F only if nothing in the host
  // loop changes what it reads).
  struct Level {
    std::vector<const Stmt *> Before;
    std::vector<const Stmt *> Crossed;
  };
  std::vector<Level> Levels;
  std::vector<const Stmt *> Crossed;
  DynTypedNode Node = DynTypedNode::create(*F);
  const Stmt *At = F;
  const Stmt *Body = nullptr; // the function's, where escapes would show
  for (int Up = 0; Up < 64 && !Body; ++Up) {
    DynTypedNodeList Parents = FC.Ctx.getParents(Node);
    if (Parents.empty())
      return;
    Node = Parents[0];
    if (const auto *FD = Node.get<FunctionDecl>()) {
      Body = FD->getBody();
    } else if (Node.get<LambdaExpr>() || Node.get<BlockDecl>()) {
      return;
    } else if (const auto *C = Node.get<CompoundStmt>()) {
      Level L;
      for (const Stmt *S : C->body()) {
        if (S == At)
          break;
        L.Before.push_back(S);
      }
      if (L.Before.size() == C->size())
        return; // the statement that holds F not found
      if (isa<LabelStmt>(At))
        return; // reached with other values, perhaps
      L.Crossed = Crossed;
      Levels.push_back(std::move(L));
      At = C;
    } else if (const auto *S = Node.get<Stmt>()) {
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
        Crossed.push_back(S);
      At = S;
    }
  }
  if (!Body)
    return;
  // A local whose value only assignments that name it can change.
  auto Plain = [&](const VarDecl *X) {
    return X->hasLocalStorage() && !X->getType()->isReferenceType() &&
           X->getType()->isIntegerType() && !escapes(Body, X);
  };
  // The last assignment of a local parameter before F, with nothing after
  // it writing the parameter or what its value reads: the parameter has
  // that value at F. New parameters of the values are looked at in turn.
  std::set<const VarDecl *> Done;
  for (int Round = 0; Round < 4; ++Round) {
    bool Added = false;
    std::vector<std::pair<const VarDecl *, std::string>> Names(
        ParamName.begin(), ParamName.end());
    for (const auto &[V, K] : Names) {
      if (!Done.insert(V).second || LA.divAtomOf(V) || !Plain(V))
        continue;
      const Expr *Value = nullptr;
      // What runs between the definition and F: later statements of its
      // block, the statements before F in the blocks inside, the loops
      // crossed.
      std::vector<const Stmt *> Between;
      bool Stop = false;
      for (size_t L = 0; L < Levels.size() && !Value && !Stop; ++L) {
        for (const Stmt *X : Levels[L].Crossed)
          if (writesVar(X, V))
            Stop = true;
        const std::vector<const Stmt *> &Before = Levels[L].Before;
        size_t I = Before.size();
        while (!Stop && !Value && I-- > 0) {
          const Stmt *S = Before[I];
          if (const auto *BO = dyn_cast<BinaryOperator>(S);
              BO && BO->getOpcode() == BO_Assign && varOf(BO->getLHS()) == V)
            Value = BO->getRHS();
          else if (const auto *DS = dyn_cast<DeclStmt>(S);
                   DS && llvm::is_contained(DS->decls(), V)) {
            Value = V->getInit();
            // `int a = n / 16, b = m / 16;`: no other declarator of the
            // statement may change what V's value reads.
            if (Value && !DS->isSingleDecl() && writesAnyOf(DS, Value))
              Stop = true;
          } else if (writesVar(S, V))
            Stop = true; // written some other way
        }
        if (Value) {
          Between.insert(Between.end(), Before.begin() + I + 1, Before.end());
          Between.insert(Between.end(), Levels[L].Crossed.begin(),
                         Levels[L].Crossed.end());
        } else {
          Between.insert(Between.end(), Before.begin(), Before.end());
        }
      }
      if (!Value || Stop)
        continue;
      // x = x + 1 would contradict itself; a label between may be reached
      // with another value.
      std::optional<std::vector<const VarDecl *>> Vars = plainVars(Value);
      bool Kept = Vars && !mentions(Value, V) &&
                  std::all_of(Vars->begin(), Vars->end(), Plain);
      for (const Stmt *X : Between)
        Kept = Kept && !writesAnyOf(X, Value) && !isa<LabelStmt>(X);
      std::optional<Poly> P = Kept ? LA.affine(Value) : std::nullopt;
      if (std::string T = P ? text(*P, {}) : ""; !T.empty()) {
        N.Context.push_back(K + " = " + T);
        Added = true;
      }
    }
    if (!Added)
      break;
  }
}

std::vector<std::string>
NestBuilder::add(const Access &X, unsigned Mode, std::vector<unsigned> Chain,
                 const std::vector<std::optional<Poly>> &Subs) {
  deps::Access A;
  A.Array = X.Array->getNameAsString();
  A.Write = Mode == Write;
  A.Text = FC.pretty(X.Whole);
  bool Ok = true;
  for (unsigned K : Chain)
    Ok = Ok && LoopExact[K];
  // Another name of one array (PointerOrigins.h): the root's elements, the
  // first subscript moved by the name's offset.
  const LoopAnalyzer::SharedArray *SA = LA.sharedArray(X.Array);
  if (SA)
    A.Array = SA->Root;
  for (size_t D = 0; D < Subs.size(); ++D) {
    std::optional<Poly> P = Subs[D];
    if (SA && D == 0 && P)
      P = polyAdd(*P, SA->Offset);
    std::string T = P ? text(*P, Chain) : "";
    if (T.empty()) {
      // Some element: an unknown of its own.
      T = fresh("l2c_unknown" + std::to_string(Unknowns++));
      N.Params.push_back(T);
      Ok = false;
    }
    A.Subscripts.push_back(T);
  }
  std::vector<std::string> Conds;
  for (const auto &[Cond, Taken] : X.Guards)
    guardText(Cond, Taken, Chain, Conds);
  for (const std::string &G : Conds)
    A.Guard += (A.Guard.empty() ? "" : " and ") + G;
  // t >= 0: q = t / D has D's sign, or is 0.
  if (Split)
    A.Guard += (A.Guard.empty() ? "" : " and ") + QuotientSign;
  A.Loops = std::move(Chain);
  std::vector<std::string> Texts = A.Subscripts;
  N.Accesses.push_back(std::move(A));
  Exact.push_back(Ok);
  return Texts;
}

void NestBuilder::access(const Access &X, unsigned Mode,
                         std::vector<unsigned> Chain) {
  std::vector<std::optional<Poly>> Subs;
  for (const Expr *S : X.Subs)
    Subs.push_back(LA.affine(S));
  add(X, Mode, std::move(Chain), Subs);
}

std::pair<std::string, std::string>
NestBuilder::access2(const Access &X, unsigned Mode,
                     std::vector<unsigned> Chain, const VarDecl *M,
                     const Poly &E1, const Poly &E2) {
  std::vector<std::string> Texts = add(X, Mode, std::move(Chain), {E1, E2});
  return {Texts[1], name(M)};
}

} // namespace detail
} // namespace l2c
