//===- ExactDependences.cpp - The marked nest as an isl dependence problem ===//
//
// Translates the marked loop, the loops inside its body and the subscripts of
// its arrays into a deps::Nest and asks the isl library (rewriter/deps)
// whether two iterations of the parallel loops touch one element, one of
// them writing it. Whatever the translation cannot express exactly it
// over-approximates, so that "independent" is always a proof:
//   - a loop that is not canonical, or has non-affine bounds, ranges over
//     all integers;
//   - a non-affine subscript becomes an unknown value (a fresh parameter);
//   - conditions are ignored (every access happens).
// A dependence found through an approximation is only "unknown": the caller
// keeps its old remark and --strict policy for it.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ParentMapContext.h"

#include "deps/Dependence.h"

#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// Words isl reads as keywords; variables so named get a suffix.
bool islKeyword(const std::string &S) {
  static const std::set<std::string> Words = {
      "and",     "or",     "not",  "mod",   "min",   "max", "floor",
      "ceil",    "exists", "true", "false", "infty", "NaN", "xor",
      "implies", "rat",    "cst",  "ceild", "floord"};
  return Words.count(S) != 0;
}

/// Builds the deps::Nest of one question.
class NestBuilder {
public:
  NestBuilder(LoopAnalyzer &LA, FrontendContext &FC) : LA(LA), FC(FC) {}

  deps::Nest N;
  /// Per deps::Access: whether it was translated without approximation.
  std::vector<bool> Exact;

  /// Adds loop F (or finds it); returns its position in N.Loops.
  unsigned loop(const ForStmt *F, const std::vector<unsigned> &Outer);
  void access(const Access &X, unsigned Mode, std::vector<unsigned> Chain);
  /// Adds X with the given subscripts (std::nullopt: not affine, an unknown
  /// of its own) and returns their isl text.
  std::vector<std::string> add(const Access &X, unsigned Mode,
                               std::vector<unsigned> Chain,
                               const std::vector<std::optional<Poly>> &Subs);
  /// X's one subscript is M*E1 + E2: the access becomes X[E1][E2]. Returns
  /// the isl text of E2 and of M, for the range check.
  std::pair<std::string, std::string> access2(const Access &X, unsigned Mode,
                                              std::vector<unsigned> Chain,
                                              const VarDecl *M, const Poly &E1,
                                              const Poly &E2);
  /// The ranges of the host loops around F whose counters the nest reads
  /// as parameters, in the context (gramschmidt's `for (j = k + 1; ...)`
  /// under `for (k = 0; k < n; k++)`: k >= 0 keeps A[i*n + j] in row i).
  void hostLoopContext(const ForStmt *F);
  /// Appends to Out, as isl text over Chain, the affine comparisons that
  /// hold when the branch Taken of the condition C runs.
  void guardText(const Expr *C, bool Taken, const std::vector<unsigned> &Chain,
                 std::vector<std::string> &Out);
  void markParallel(const ForStmt *F) {
    auto It = Pos.find(F);
    if (It != Pos.end())
      N.Loops[It->second].Parallel = true;
  }

  /// P as isl text over the loops of Chain and parameters; "" when P is not
  /// affine there.
  std::string text(const Poly &P, const std::vector<unsigned> &Chain);

private:
  std::string name(const VarDecl *V);
  std::string fresh(std::string Base);

  LoopAnalyzer &LA;
  FrontendContext &FC;
  llvm::DenseMap<const ForStmt *, unsigned> Pos;
  std::vector<const VarDecl *> LoopVar; // per N.Loops entry, may be null
  std::vector<bool> LoopExact;
  llvm::DenseMap<const VarDecl *, std::string> ParamName;
  std::set<std::string> Used;
  unsigned Unknowns = 0;
};

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
  return Name;
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
      // The innermost loop of the chain with this variable.
      for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
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
    // (len / 2, v.size()) is a parameter of its own: exact, as n is.
    // E / c of an affine E over parameters and a constant c > 0 (m / 2)
    // keeps its tie to E: C's quotient P, rounded towards 0, is a
    // parameter with c*P <= E < c*P + c for E >= 0 (the mirror below 0).
    // Otherwise `k < m / 2` reads as k < any bound, and rv[k] and
    // rv[m - 1 - k] of an in-place reversal seem to meet.
    auto Invariant = [&](const Expr *E, int64_t Adjust) {
      std::string P = fresh("l2c_bound");
      N.Params.push_back(P);
      const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
      Expr::EvalResult R;
      if (BO && BO->getOpcode() == BO_Div && BO->getType()->isIntegerType() &&
          BO->getRHS()->EvaluateAsInt(R, FC.Ctx) &&
          R.Val.getInt().getSExtValue() > 0)
        if (auto Num = LA.affine(BO->getLHS())) {
          std::string T = text(*Num, {});
          std::string C = std::to_string(R.Val.getInt().getSExtValue());
          if (!T.empty())
            N.Context.push_back("(" + T + " >= 0 and " + C + "*" + P +
                                " <= " + T + " and " + T + " < " + C + "*" + P +
                                " + " + C + ") or (" + T + " < 0 and " + C +
                                "*" + P + " >= " + T + " and " + T + " > " + C +
                                "*" + P + " - " + C + ")");
        }
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
  return At;
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

/// "99" for a size "100", "m-1" for "m".
std::string lastIndex(const std::string &Size) {
  long long N;
  if (!llvm::StringRef(Size).getAsInteger(10, N))
    return std::to_string(N - 1);
  return Size.find(' ') == std::string::npos ? Size + "-1" : "(" + Size + ")-1";
}

/// P as M*E1 + E2 with E1, E2 free of M, M a loop-invariant variable (not
/// an index of the nest); M is found when null.
bool splitBy(const Poly &P, const VarDecl *&M, Poly &E1, Poly &E2,
             const LoopAnalyzer &LA) {
  for (const auto &[Mono, Coef] : P) {
    if (Mono.size() == 2 && !M) {
      bool A = LA.isNestIndex(Mono[0]), B = LA.isNestIndex(Mono[1]);
      if (A == B)
        return false;
      M = A ? Mono[1] : Mono[0];
    }
  }
  for (const auto &[Mono, Coef] : P) {
    if (Mono.size() > 2)
      return false;
    auto It = std::find(Mono.begin(), Mono.end(), M);
    if (!M || It == Mono.end()) {
      E2 = polyAdd(E2, polyMul(polyConst(Coef), [&] {
                     Poly Q;
                     Q[Mono] = 1;
                     return Q;
                   }()));
      continue;
    }
    Monomial Rest(Mono);
    Rest.erase(Rest.begin() + (It - Mono.begin()));
    if (std::find(Rest.begin(), Rest.end(), M) != Rest.end())
      return false; // M*M
    Poly Q;
    Q[Rest] = Coef;
    E1 = polyAdd(E1, Q);
  }
  return M != nullptr;
}

} // namespace

std::vector<std::optional<Poly>> LoopAnalyzer::rowSizes(const VarDecl *A) {
  QualType T = A->getType().getNonReferenceType();
  if (const auto *PV = dyn_cast<ParmVarDecl>(A))
    if (PV->getOriginalType()->isArrayType())
      T = PV->getOriginalType();
  QualType Elem;
  if (T->isPointerType())
    Elem = T->getPointeeType();
  else if (const ArrayType *AT = FC.Ctx.getAsArrayType(T))
    Elem = AT->getElementType();
  std::vector<std::optional<Poly>> Out;
  for (const ArrayType *RT = Elem.isNull() ? nullptr
                                           : FC.Ctx.getAsArrayType(Elem);
       RT; RT = FC.Ctx.getAsArrayType(RT->getElementType())) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(RT))
      Out.push_back(
          polyConst(static_cast<int64_t>(CAT->getSize().getZExtValue())));
    else if (const auto *VAT = dyn_cast<VariableArrayType>(RT);
             VAT && VAT->getSizeExpr())
      Out.push_back(affine(VAT->getSizeExpr()));
    else
      Out.push_back(std::nullopt);
  }
  return Out;
}

const LoopBounds *LoopAnalyzer::shapeOf(const ForStmt *F) const {
  if (F == ML.For)
    return &Marked;
  for (const LoopBounds &B : BodyLoops)
    if (B.For == F)
      return &B;
  return nullptr;
}

bool LoopAnalyzer::isNestIndex(const VarDecl *V) const {
  return NestIndices.count(V) != 0;
}

bool LoopAnalyzer::invariant(const Expr *E) {
  if (!E)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral>(E) || isa<SubstNonTypeTemplateParmExpr>(E))
    return true;
  if (const auto *C = dyn_cast<CastExpr>(E))
    return invariant(C->getSubExpr());
  if (const VarDecl *V = varOf(E)) {
    auto It = Info.find(V);
    return V != Index && !NestIndices.count(V) && !Locals.count(V) &&
           (It == Info.end() || !It->second.Writes);
  }
  // s.n of a struct the loop does not write.
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (!ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()))
      return invariant(ME->getBase());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && !BO->isCommaOp() &&
           invariant(BO->getLHS()) && invariant(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_Deref &&
           UO->getOpcode() != UO_AddrOf && invariant(UO->getSubExpr());
  // v.size() of a vector: kernels cannot resize it.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const auto *MD = MC->getMethodDecl())
      if (MD->getIdentifier() && MD->getName() == "size" &&
          MC->getNumArgs() == 0)
        return invariant(MC->getImplicitObjectArgument());
  return false;
}

LoopAnalyzer::ExactAnswer
LoopAnalyzer::exactDependence(llvm::ArrayRef<const VarDecl *> Arrays,
                              unsigned ParallelCandidates) {
  NestVarsAffine = true;
  struct Restore {
    bool &Flag;
    ~Restore() { Flag = false; }
  } R0{NestVarsAffine};
  // One-dimensional arrays whose subscripts all read m*e1 + e2 (A[i*m + j])
  // are taken as A[e1][e2], once isl confirms 0 <= e2 < m for every
  // instance: then the two forms name the same elements.
  struct Delin {
    const VarDecl *M = nullptr;
    std::map<const Access *, std::pair<Poly, Poly>> Parts;
  };
  std::map<const VarDecl *, Delin> Delins;
  for (const VarDecl *A : Arrays) {
    if (sharedArray(A))
      continue; // its subscripts move by an offset first
    Delin D;
    bool Ok = true, AnyProduct = false;
    for (const Access &X : Accesses) {
      if (X.Array != A)
        continue;
      std::optional<Poly> P;
      if (X.Subs.size() == 1)
        P = affine(X.Subs[0]);
      Poly E1, E2;
      if (!P || !splitBy(*P, D.M, E1, E2, *this)) {
        Ok = false;
        break;
      }
      AnyProduct |= !E1.empty();
      D.Parts[&X] = {E1, E2};
    }
    if (Ok && AnyProduct && D.M)
      Delins[A] = std::move(D);
  }

  NestBuilder B(*this, FC);
  std::vector<const Access *> Origin;
  // Range checks of the delinearised accesses: (access, e2, m).
  std::vector<std::tuple<unsigned, std::string, std::string, const VarDecl *>>
      Ranges;
  // The marked loop first: the body's loops nest inside it.
  unsigned Root = B.loop(ML.For, {});
  for (const Access &X : Accesses) {
    if (std::find(Arrays.begin(), Arrays.end(), X.Array) == Arrays.end())
      continue;
    std::vector<unsigned> Chain = {Root};
    for (const ForStmt *F : X.Loops)
      Chain.push_back(B.loop(F, Chain));
    auto D = Delins.find(X.Array);
    for (unsigned M : {Read, Write})
      if (X.M & M) {
        if (D != Delins.end()) {
          auto &[E1, E2] = D->second.Parts[&X];
          auto [T2, MName] = B.access2(X, M, Chain, D->second.M, E1, E2);
          Ranges.emplace_back(B.N.Accesses.size() - 1, T2, MName, X.Array);
        } else {
          B.access(X, M, Chain);
        }
        Origin.push_back(&X);
      }
  }
  B.hostLoopContext(ML.For);
  std::set<const VarDecl *> Undone;
  for (auto &[K, E2, MName, Array] : Ranges)
    if (!Undone.count(Array) &&
        (E2.empty() || deps::alwaysWithin(B.N, K, E2, "0", MName) !=
                           std::optional<bool>(true))) {
      // Not provably inside a row: the subscript stays one unknown.
      Undone.insert(Array);
      for (size_t J = 0; J < B.N.Accesses.size(); ++J)
        if (Origin[J]->Array == Array) {
          B.N.Accesses[J].Subscripts = {"l2c_row_unknown" + std::to_string(J)};
          B.N.Params.push_back("l2c_row_unknown" + std::to_string(J));
          B.Exact[J] = false;
        }
    }
  // A subscript past the end of its row reaches the next row: a test on
  // each subscript alone would miss that dependence (DataRaceBench DRB014,
  // b[i][j - 1] at j = 0). A subscript that leaves its dimension whatever
  // the sizes rejects the loop; one that leaves it only for some sizes
  // (j < nj over rows of 64, PolyBench) is taken to stay in: C makes the
  // other sizes undefined behaviour, and PolyBench passes the right ones.
  for (size_t K = 0; K < B.N.Accesses.size(); ++K) {
    const Access &X = *Origin[K];
    if (X.Subs.size() < 2 || Undone.count(X.Array))
      continue;
    std::vector<std::optional<Poly>> Sizes = rowSizes(X.Array);
    for (size_t D = 1; D < X.Subs.size() && D <= Sizes.size(); ++D) {
      std::string Sub = B.N.Accesses[K].Subscripts[D];
      std::string Size =
          Sizes[D - 1] ? B.text(*Sizes[D - 1], B.N.Accesses[K].Loops) : "";
      std::optional<bool> In, Leaves;
      if (!Size.empty() && !llvm::StringRef(Sub).starts_with("l2c_unknown")) {
        In = deps::alwaysWithin(B.N, K, Sub, "0", Size);
        if (In == std::optional<bool>(false))
          Leaves = deps::alwaysLeaves(B.N, K, Sub, "0", Size);
      }
      if (In == std::optional<bool>(true) ||
          Leaves == std::optional<bool>(false))
        continue;
      if (Leaves == std::optional<bool>(true) && B.Exact[K])
        return {ExactAnswer::Dependent,
                FC.pretty(X.Whole) + " leaves its row: '" +
                    FC.pretty(X.Subs[D]) + "' is not within 0.." +
                    lastIndex(Size) +
                    " at every iteration, and the access may touch "
                    "another row's elements",
                X.Whole->getExprLoc()};
      // Unknown: the array's subscripts stay unknowns.
      Undone.insert(X.Array);
      for (size_t J = 0; J < B.N.Accesses.size(); ++J)
        if (Origin[J]->Array == X.Array) {
          std::string U = "l2c_row_unknown" + std::to_string(J);
          B.N.Accesses[J].Subscripts = {U};
          B.N.Params.push_back(U);
          B.Exact[J] = false;
        }
      break;
    }
  }
  B.markParallel(ML.For);
  for (unsigned K = 0; K < ParallelCandidates && K < Candidates.size(); ++K)
    B.markParallel(Candidates[K].For);

  deps::Result R = deps::findDependence(B.N);
  if (!R.ok())
    return {ExactAnswer::Unknown, "", SourceLocation()};
  if (!R.Dep)
    return {ExactAnswer::Independent, "", SourceLocation()};
  auto Where = [&](const deps::Dependence &D) {
    return Origin[D.Sink - B.N.Accesses.data()]->Whole->getExprLoc();
  };
  auto IsExact = [&](const deps::Dependence &D) {
    return B.Exact[D.Source - B.N.Accesses.data()] &&
           B.Exact[D.Sink - B.N.Accesses.data()];
  };
  if (IsExact(*R.Dep))
    return {ExactAnswer::Dependent, R.Dep->Message, Where(*R.Dep)};
  // Found through an approximation: is there a dependence without them?
  deps::Nest Only = B.N;
  Only.Accesses.clear();
  std::vector<const Access *> OnlyOrigin;
  for (size_t K = 0; K < B.N.Accesses.size(); ++K)
    if (B.Exact[K]) {
      Only.Accesses.push_back(B.N.Accesses[K]);
      OnlyOrigin.push_back(Origin[K]);
    }
  deps::Result R2 = deps::findDependence(Only);
  if (R2.ok() && R2.Dep)
    return {
        ExactAnswer::Dependent, R2.Dep->Message,
        OnlyOrigin[R2.Dep->Sink - Only.Accesses.data()]->Whole->getExprLoc()};
  return {ExactAnswer::Unknown, "", SourceLocation()};
}

} // namespace detail
} // namespace l2c
