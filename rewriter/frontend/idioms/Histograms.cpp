//===- Histograms.cpp - Reductions into arrays ----------------------------===//
//
// A loop that updates an array at a computed subscript, `h[key[i]]++`, is a
// histogram: iterations may update the same element. With the array named
// in a reduction clause (`reduction(+: h[:B])`, or `reduction(+: h)` of a C
// array `int h[B]`) each update becomes HistUpdate(op, h, "T", B, k, w), which
// the rule sets histogram-* lower to atomics (docs/histograms.md). Without
// the clause the loop is rejected with the clause to add.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"
#include "frontend/TextUtil.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// `h[k]` of a variable h with one subscript; null otherwise.
const ArraySubscriptExpr *element(const Expr *E, const VarDecl *&V) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(strip(E));
  if (!AS)
    return nullptr;
  V = refVar(strip(AS->getBase()));
  return V ? AS : nullptr;
}

/// The atom of a compound assignment that a histogram may use.
const char *compoundAtom(BinaryOperatorKind K) {
  switch (K) {
  case BO_AddAssign:
  case BO_SubAssign:
    return "add";
  case BO_AndAssign:
    return "and";
  case BO_OrAssign:
    return "or";
  case BO_XorAssign:
    return "xor";
  default:
    return nullptr;
  }
}

/// The atom of `a op b` in `h[k] = h[k] op w`.
const char *binaryAtom(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_Sub:
    return "add";
  case BO_And:
    return "and";
  case BO_Or:
    return "or";
  case BO_Xor:
    return "xor";
  default:
    return nullptr;
  }
}

/// The element types GPU atomics update: int, unsigned int, float, double,
/// and 64-bit integers (`+` only: l2c::atomicAdd64).
bool atomicType(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = dyn_cast<BuiltinType>(T))
    switch (B->getKind()) {
    case BuiltinType::Int:
    case BuiltinType::UInt:
    case BuiltinType::Float:
    case BuiltinType::Double:
      return true;
    case BuiltinType::Long:
    case BuiltinType::ULong:
    case BuiltinType::LongLong:
    case BuiltinType::ULongLong:
      // The device's `long` is the host's: 64 bits on Linux, 32 on Windows.
      return Ctx.getTypeSize(T) == 64;
    default:
      return false;
    }
  return false;
}

bool integerAtom(llvm::StringRef Atom) {
  return Atom == "min" || Atom == "max" || Atom == "and" || Atom == "or" ||
         Atom == "xor";
}

} // namespace

std::optional<HistogramUpdate> LoopAnalyzer::matchHistogram(const Stmt *S) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return std::nullopt;
  E = strip(E);
  const VarDecl *V = nullptr;
  // The subscript must not name h, nor the index alone (a[i] += w is an
  // ordinary element update, for the dependence test).
  auto Ok = [&](const ArraySubscriptExpr *AS) {
    return AS && isArrayLike(V) && !Locals.count(V) &&
           !mentions(AS->getIdx(), V);
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    const ArraySubscriptExpr *AS = element(UO->getSubExpr(), V);
    if (!UO->isIncrementDecrementOp() || !Ok(AS))
      return std::nullopt;
    return HistogramUpdate{
        V,       "add", AS->getIdx(),
        nullptr, AS,    Term::integer(UO->isIncrementOp() ? 1 : -1)};
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !BO->isAssignmentOp())
    return std::nullopt;
  const ArraySubscriptExpr *AS = element(BO->getLHS(), V);
  if (!Ok(AS))
    return std::nullopt;
  auto Make = [&](const char *Atom, const Expr *W,
                  bool Negate) -> std::optional<HistogramUpdate> {
    if (!Atom || mentions(W, V))
      return std::nullopt;
    Term T = Conv.expr(W);
    if (Negate)
      T = Term::app("Neg", {T});
    return HistogramUpdate{V, Atom, AS->getIdx(), W, AS, T};
  };
  if (BO->getOpcode() != BO_Assign)
    return Make(compoundAtom(BO->getOpcode()), BO->getRHS(),
                BO->getOpcode() == BO_SubAssign);
  // h[k] = h[k] op w, h[k] = w op h[k], h[k] = max(h[k], w).
  Term Target = Conv.expr(AS);
  auto Same = [&](const Expr *X) {
    const VarDecl *W = nullptr;
    return element(X, W) && W == V && Conv.expr(strip(X)) == Target;
  };
  const Expr *R = strip(BO->getRHS());
  if (const auto *Op = dyn_cast<BinaryOperator>(R)) {
    const char *Atom = binaryAtom(Op->getOpcode());
    if (Same(Op->getLHS()))
      return Make(Atom, Op->getRHS(), Op->getOpcode() == BO_Sub);
    if (Same(Op->getRHS()) && Op->getOpcode() != BO_Sub)
      return Make(Atom, Op->getLHS(), false);
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(R)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier() || CE->getNumArgs() != 2)
      return std::nullopt;
    StringRef N = FD->getName();
    const char *Atom = N == "max" ? "max" : N == "min" ? "min" : nullptr;
    if (Same(CE->getArg(0)))
      return Make(Atom, CE->getArg(1), false);
    if (Same(CE->getArg(1)))
      return Make(Atom, CE->getArg(0), false);
  }
  return std::nullopt;
}

std::optional<LoopAnalyzer::ExactAnswer>
LoopAnalyzer::histogramDoubt(const VarDecl *A, const Expr *Sub, bool &Affine) {
  Poly Coef, Rest;
  // The indices of inner loops count: y[i * m + j] += w moves with i, and
  // the dependence test reads it as row i, column j.
  NestVarsAffine = true;
  auto P = affine(Sub);
  NestVarsAffine = false;
  if (P && splitIndex(*P, Index, Coef, Rest) && !Coef.empty())
    return std::nullopt; // a[2*i] += w: the dependence test decides
  Affine = P.has_value();
  // a[(t / 8) * 8 + t % 8] += w: the exact test decides, with a witness.
  ExactAnswer Q = quasiUpdate(A, Sub);
  if (Q.K == ExactAnswer::Independent)
    return std::nullopt;
  // A subscript that only computes from the indices and loop-invariant
  // values (Rodinia's lud: a[(row0 + i) * size + col0 + j] -= s, row0 from
  // t / chunks) is no histogram: when the exact test cannot decide it, the
  // probe does, at run time (rule set probe-accesses).
  if (Q.K == ExactAnswer::Unknown && !P && !readsMemory(Sub))
    return std::nullopt;
  return Q;
}

bool LoopAnalyzer::unclausedHistogram(const VarDecl *A) {
  auto It = UnclausedHistograms.find(A);
  if (It == UnclausedHistograms.end())
    return true;
  const HistogramUpdate &H = It->second;
  bool Affine = false;
  std::optional<ExactAnswer> Q = histogramDoubt(A, H.Sub, Affine);
  if (!Q)
    return true;
  std::string Name = hostName(A); // m->v: the clause takes it so
  std::string Bins = "B";
  if (const auto *CAT = FC.Ctx.getAsConstantArrayType(A->getType()))
    Bins = std::to_string(CAT->getSize().getZExtValue());
  return reject(
      H.Whole->getExprLoc(),
      "'" + FC.pretty(H.Whole) +
          "' is updated at a subscript that other iterations may "
          "share: a histogram races on the GPU; add reduction(" +
          reductionSpelling(H.Atom) + ": " + Name + "[:" + Bins +
          "]) to the pragma" +
          (Bins == "B" ? ", B the number of elements of '" + Name +
                             "' the updates may reach"
                       : "") +
          (Q->K == ExactAnswer::Dependent ? " (" + Q->Witness + ")" : ""),
      "dependence");
}

bool LoopAnalyzer::checkHistogram(const VarDecl *A, std::vector<Term> &Params,
                                  std::vector<Term> &Arrays) {
  std::string Name = A->getNameAsString();
  std::string Spelling = ClauseReductions[Name];
  std::string Atom = reductionAtom(Spelling);
  QualType T = A->getType().getNonReferenceType();
  QualType Elem;
  if (T->isPointerType())
    Elem = T->getPointeeType();
  else if (const auto *AT = FC.Ctx.getAsArrayType(T))
    Elem = AT->getElementType();
  else
    return reject(ML.For->getForLoc(),
                  "reduction over '" + Name +
                      "' is not supported: only scalars, C arrays and "
                      "pointers can be reduced",
                  "reduction");
  std::string ElemStr = FC.typeStr(Elem.getUnqualifiedType());
  if (!atomicType(Elem, FC.Ctx) || Elem.isConstQualified())
    return reject(ML.For->getForLoc(),
                  "histogram '" + Name + "' has elements of type '" + ElemStr +
                      "': GPU atomics update int, unsigned int, float, "
                      "double and 64-bit integers",
                  "reduction");
  bool Wide = Elem->isIntegerType() && FC.Ctx.getTypeSize(Elem) == 64;
  if (Atom != "add" && !(integerAtom(Atom) && Elem->isIntegerType() && !Wide))
    return reject(ML.For->getForLoc(),
                  "a '" + Spelling + "' reduction into the array '" + Name +
                      "' of " + ElemStr +
                      " is not implemented: the GPU has no atomic for it "
                      "(+ on int, unsigned, float, double and 64-bit "
                      "integers; min max & | ^ on int and unsigned)",
                  "reduction");
  // h is touched only by its updates.
  const VarInfo &I = Info[A];
  for (const Access &X : Accesses)
    if (X.Array == A)
      return reject(X.Whole->getExprLoc(),
                    "histogram '" + Name + "' is " +
                        (X.M & Write ? "written" : "read") +
                        " in the loop outside its updates (only h[k] " +
                        Spelling + "= w is allowed)",
                    "reduction");
  if (I.OtherUse || I.Read || I.Writes)
    return reject(ML.For->getForLoc(),
                  "histogram '" + Name +
                      "' is used in the loop other than by its updates",
                  "reduction");
  std::vector<std::pair<const Stmt *, const HistogramUpdate *>> Ups;
  for (auto &[S, U] : HistUpdates)
    if (U.Array == A)
      Ups.emplace_back(S, &U);
  if (Ups.empty())
    return reject(ML.For->getForLoc(),
                  "'" + Name + "' is named in reduction(" + Spelling +
                      ": ...) but the loop does not update it as h[k] " +
                      Spelling + "= w",
                  "reduction");
  for (auto &[S, U] : Ups)
    if (U->Atom != Atom)
      return reject(S->getBeginLoc(),
                    "histogram '" + Name +
                        "' is updated in a form that is not a '" + Spelling +
                        "' reduction",
                    "reduction");

  // The bins: the section's length, or the C array's size.
  std::string Count;
  std::optional<int64_t> Bins;
  auto Section = ClauseSections.find(Name);
  if (Section != ClauseSections.end() && !Section->second.empty()) {
    Count = Section->second;
    int64_t V;
    if (!StringRef(Count).trim().getAsInteger(0, V))
      Bins = V;
  } else if (const auto *CAT = FC.Ctx.getAsConstantArrayType(T)) {
    Bins = static_cast<int64_t>(CAT->getSize().getZExtValue());
    Count = std::to_string(*Bins);
  } else if (T->isPointerType() &&
             !(Count = countFromAllocation(A, Elem)).empty()) {
    // A block the function allocated (an atomic update names no length).
  } else {
    return reject(ML.For->getForLoc(),
                  "reduction over the pointer '" + Name +
                      "' needs its length: reduction(" + Spelling + ": " +
                      Name + "[:B])",
                  "reduction");
  }
  std::set<std::string> Deps = {Name};
  collectTextIdents(Count, Deps);
  std::vector<Term> DepList;
  for (const std::string &D : Deps)
    DepList.push_back(Term::ident(D));
  Params.push_back(
      Term::app("Param", {Term::ident(Name), Term::string(ElemStr + " *")}));
  Arrays.push_back(Term::app(
      "Array", {Term::ident(Name), Term::string(ElemStr),
                Term::string(hostName(A)), Term::string(Count),
                Term::ident("readwrite"), Term::list(std::move(DepList))}));
  ML.Arrays.push_back({A, Elem, true});
  Term B = Bins ? Term::integer(*Bins) : Term::string(Count);
  for (auto &[S, U] : Ups)
    Conv.Overrides[S] = Term::app(
        "HistUpdate", {Term::ident(Atom), Term::ident(Name),
                       Term::string(ElemStr), B, Conv.expr(U->Sub), U->Value});
  return true;
}

} // namespace detail
} // namespace l2c
