//===- Dependences.cpp - The dependence test of a loop --------------------===//
//
// Affine subscripts and the test whether two iterations of a marked loop
// may touch the same array element, one of them writing it; arrays that
// may overlap in memory.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include <algorithm>
#include <functional>

using namespace clang;

namespace l2c {
namespace detail {

/// A cast of an integer to an integer type narrower than 32 bits and than
/// the operand's type: its value wraps around. (Narrowing to 32 bits, as
/// `int k = (long)i` does, is taken as exact: a loop that reaches 2^31
/// would overflow its own int subscripts first.)
bool narrowingIntegerCast(const CastExpr *C, const ASTContext &Ctx) {
  QualType To = C->getType(), From = C->getSubExpr()->getType();
  if (!To->isIntegerType() || !From->isIntegerType() || To->isBooleanType())
    return false;
  uint64_t ToBits = Ctx.getTypeSize(To), FromBits = Ctx.getTypeSize(From);
  return ToBits < 32 && ToBits < FromBits;
}

const Expr *LoopAnalyzer::singleDefinition(const VarDecl *V, bool *InNest) {
  auto It = Info.find(V);
  if (It == Info.end() || It->second.Writes != 1 ||
      !isScalarType(V->getType()) || !V->hasLocalStorage())
    return nullptr;
  if (InNest)
    *InNest = false;
  // `k = i * cols + j;` first in the body of an inner loop (the variable
  // declared at the function's top, private(k), as old C writes it): k is
  // that value in that body, where the nest's indices have their values,
  // when nothing outside the inner loop mentions it.
  const Stmt *Body = ML.For->getBody();
  for (int Depth = 0; Depth < 4; ++Depth) {
    // The statements of Body: a block's, or Body alone (`for (i) for (j)`).
    llvm::ArrayRef<Stmt *> List;
    Stmt *One = const_cast<Stmt *>(Body);
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      List = llvm::ArrayRef<Stmt *>(CS->body_begin(), CS->body_end());
    else if (Depth > 0 || isa<ForStmt>(Body))
      List = llvm::ArrayRef<Stmt *>(&One, 1);
    else
      return nullptr;
    const Stmt *Next = nullptr;
    for (const Stmt *S : List) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == V)
        return mentions(BO->getRHS(), V) ? nullptr : BO->getRHS();
      if (!mentions(S, V))
        continue;
      const auto *F = dyn_cast<ForStmt>(S);
      if (Next || !F || mentions(F->getInit(), V) ||
          mentions(F->getCond(), V) || mentions(F->getInc(), V))
        return nullptr; // read (or written) before the assignment
      Next = F->getBody();
    }
    if (!Next)
      return nullptr;
    // Only the inner loop mentions it: its body is where the value lives.
    Body = Next;
    if (InNest)
      *InNest = true;
  }
  return nullptr;
}

std::optional<Poly> LoopAnalyzer::affine(const Expr *E, int Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (isa<ExplicitCastExpr>(C) && !C->getType()->isIntegerType())
      return std::nullopt;
    // (unsigned char)i, `short k = i;`: the value wraps, and the subscript
    // is no polynomial of i (two iterations may meet at one element).
    if (narrowingIntegerCast(C, FC.Ctx)) {
      Expr::EvalResult R;
      if (!E->HasSideEffects(FC.Ctx) && E->EvaluateAsInt(R, FC.Ctx))
        return polyConst(R.Val.getInt().getSExtValue());
      return std::nullopt;
    }
    return affine(C->getSubExpr(), Depth);
  }
  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E)) {
    const VarDecl *V = varOf(E);
    if (!V || !V->getType()->isIntegerType())
      return std::nullopt;
    if (V == Index || (NestVarsAffine && NestIndices.count(V)))
      return polyVar(V);
    auto It = Info.find(V);
    bool Written = It != Info.end() && It->second.Writes;
    if (Written) {
      // `j = i + d;` first in the body, the loop's only write of j: j is
      // that value wherever the iteration reads it.
      bool InNest = false;
      const Expr *Def = singleDefinition(V, &InNest);
      if (!Def)
        return std::nullopt;
      bool Nest = NestVarsAffine;
      // Before the body's inner loops their indices have no value yet;
      // within one (InNest) they do.
      NestVarsAffine = InNest && Nest;
      std::optional<Poly> P = affine(Def, Depth + 1);
      NestVarsAffine = Nest;
      return P;
    }
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
    // Quotients and remainders only of signed values: an unsigned one may
    // have wrapped below 0 (mod 2^32 is no floor that isl knows). A mask
    // is a floor mod of a power of two either way. A remainder is written
    // through its quotient, t % c = t - c * (t / c) (C's identity), so that
    // (t / 8) * 8 + t % 8 is t again.
    case BO_Div:
    case BO_Rem:
      if (QuasiAffine && BO->getType()->isSignedIntegerType() &&
          polyConstant(*Rt, C) && C > 0) {
        Poly Q = polyVar(divAtom(DivAtom::Quot, *L, C));
        return BO->getOpcode() == BO_Div
                   ? Q
                   : polyAdd(*L, polyMul(polyConst(C), Q), -1);
      }
      // The marked loop's index by a value the nest does not change.
      if (QuasiAffine && VarDivisors && BO->getType()->isSignedIntegerType() &&
          Index && *L == polyVar(Index) && !polyConstant(*Rt, C) &&
          invariant(BO->getRHS()))
        return polyVar(divAtom(BO->getOpcode() == BO_Div ? DivAtom::VarQuot
                                                         : DivAtom::VarRem,
                               *L, 0, *Rt));
      return std::nullopt;
    case BO_Shr:
      if (QuasiAffine && BO->getType()->isSignedIntegerType() &&
          polyConstant(*Rt, C) && C >= 0 && C < 31)
        return polyVar(divAtom(DivAtom::FloorQuot, *L, int64_t(1) << C));
      return std::nullopt;
    case BO_And:
      // t & 7: t mod 8 in two's complement, t - 8 * floor(t / 8).
      if (QuasiAffine && polyConstant(*Rt, C) && C > 0 && C < (1 << 30) &&
          ((C + 1) & C) == 0)
        return polyAdd(*L,
                       polyMul(polyConst(C + 1),
                               polyVar(divAtom(DivAtom::FloorQuot, *L, C + 1))),
                       -1);
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

void LoopAnalyzer::collectNestIndices(const Stmt *Body) {
  // Writes a canonical loop's header makes: `j = 0` (not `int j = 0`), j++.
  llvm::DenseMap<const VarDecl *, unsigned> HeaderWrites;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      LoopBounds B;
      if (loopShape(F, B).empty()) {
        HeaderWrites[B.Index] += 1 + isa_and_nonnull<Expr>(F->getInit());
        BodyLoops.push_back(B);
      }
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  for (const LoopBounds &B : BodyLoops) {
    auto It = Info.find(B.Index);
    unsigned Writes = It == Info.end() ? 0 : It->second.Writes;
    if (Writes <= HeaderWrites[B.Index])
      NestIndices.insert(B.Index);
  }
  NestIndices.insert(Index);
}

bool LoopAnalyzer::dependences(const VarDecl *A) {
  if (!unclausedHistogram(A))
    return false;
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
  // A method reads elements of A that no subscript of the loop shows, and
  // the loop writes A: nothing tells whether another iteration's write
  // meets those reads.
  if (const CXXMemberCallExpr *MC = Info[A].HiddenRead)
    return reject(MC->getExprLoc(),
                  "'" + hostName(A) + "' is read by '" +
                      MC->getMethodDecl()->getQualifiedNameAsString() +
                      "' at elements the dependence test cannot see, and "
                      "the loop writes it",
                  "dependence");
  // An update at a subscript that does not move with the index (h[k[i]]
  // += w of a std::vector, through an accessor, ...) is a histogram, which
  // races unless the clause makes it one (Histograms.cpp runs those of C
  // arrays and pointers).
  for (const Access *X : Acc) {
    if (!X->Update)
      continue;
    // Every iteration updates h[j] of an affine j that does not move with
    // the index: the test below says so, with a witness.
    bool Affine = false;
    std::optional<ExactAnswer> Q = histogramDoubt(A, X->Subscript, Affine);
    if (!Q || Affine)
      continue;
    return reject(X->Whole->getExprLoc(),
                  "'" + FC.pretty(X->Whole) +
                      "' is updated at a subscript that other iterations "
                      "may share: a histogram races on the GPU (loop2cuda "
                      "runs histograms of C arrays and pointers named in "
                      "reduction(op: h[:B]))" +
                      (Q->K == ExactAnswer::Dependent ? "; " + Q->Witness : ""),
                  "dependence");
  }
  // A use other than a subscript (a pointer passed on) may reach elements
  // no subscript shows: then the exact test cannot prove independence.
  if (!Info[A].OtherUse) {
    ExactAnswer E = exactDependence({A}, CollapsedCount);
    if (E.K == ExactAnswer::Independent)
      return true;
    if (E.K == ExactAnswer::Dependent)
      return reject(E.Loc, "iterations are not independent: " + E.Witness,
                    "dependence");
  }
  if (!Info[A].OtherUse && xorPairs(Acc))
    return true;
  std::string Name = A->getNameAsString();
  if (CollapsedCount) {
    // The test below knows the marked loop only, and the run-time probe
    // (Probes.cpp) the one-dimensional kernel only.
    std::string Why = "cannot prove that the collapsed iterations touch "
                      "different elements of '" +
                      Name + "'";
    if (strictDeps())
      return reject(ML.For->getForLoc(), Why + proofNote(), "dependence");
    if (ML.Serial) {
      assume(ML.For->getForLoc(), Why);
      return true;
    }
    return reject(ML.For->getForLoc(),
                  Why + ", and the run-time check of the elements each "
                        "iteration touches covers loops without collapse "
                        "only",
                  "dependence");
  }
  std::set<std::string> Remarked;
  auto Undecided = [&](SourceLocation Loc, const std::string &Why) {
    if (strictDeps())
      return reject(Loc, Why + proofNote(), "dependence");
    if (Remarked.insert(Why).second)
      assume(Loc, Why);
    return true;
  };
  // A subscript the test cannot decide: a probe of the elements each
  // iteration touches decides at run time (Probes.cpp checks that it can).
  auto Probe = [&](SourceLocation Loc, const std::string &Why) {
    if (strictDeps() || ML.Serial)
      return Undecided(Loc, Why);
    if (!Remarked.insert(Why).second)
      return true;
    if (std::find(ML.Probed.begin(), ML.Probed.end(), Name) == ML.Probed.end())
      ML.Probed.push_back(Name);
    ML.ProbeReasons.push_back({Loc, Why});
    return true;
  };
  // Elements reached other than through a subscript the test can read (a
  // helper that loops over them, a pointer moved in the body): which ones
  // is not known, and the loop writes the array. Only a kernel of one
  // thread, which runs in order, needs no answer.
  if (Info[A].OtherUse) {
    bool Subscripted = false;
    for (const Access *X : Acc)
      Subscripted |= (X->M & Write) != 0;
    std::string Why = "'" + hostName(A) +
                      "' is used other than through a subscript, so the "
                      "elements each iteration touches are not known, and "
                      "the loop " +
                      (Subscripted ? "writes it" : "may write it there");
    if (!ML.Serial)
      return reject(ML.For->getForLoc(), Why, "dependence");
    if (!Undecided(ML.For->getForLoc(), "'" + hostName(A) +
                                            "' is used other than "
                                            "through a subscript"))
      return false;
  }
  struct Form {
    const Access *X;
    bool Ok;
    Poly Coef, Rest;
  };
  std::vector<Form> Forms;
  for (const Access *X : Acc) {
    Form F{X, false, {}, {}};
    std::string Why;
    if (auto P = affine(X->Subscript)) {
      F.Ok = splitIndex(*P, Index, F.Coef, F.Rest);
      Why = "multiplies '" + Index->getNameAsString() + "' by itself";
    } else {
      Why = notAffineReason(X->Subscript);
    }
    if (Why.empty())
      Why = "is not affine in '" + Index->getNameAsString() + "'";
    if (!F.Ok && !Probe(X->Whole->getExprLoc(),
                        "subscript '" + FC.pretty(X->Whole) + "' " + Why))
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
        if (!Probe(O.X->Whole->getExprLoc(),
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
        if (Dist % (Coef * Marked.Step) != 0)
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
      if (!Probe(O.X->Whole->getExprLoc(),
                 "cannot compare subscripts '" + FC.pretty(W.X->Whole) +
                     "' and '" + FC.pretty(O.X->Whole) + "'"))
        return false;
    }
  }
  return true;
}

/// Two arrays of the loop, one of them written, may be the same memory
/// when either is a plain pointer (not __restrict__): the analysis cannot
/// tell, so it trusts the marking and says so (--strict: rejects).
std::string LoopAnalyzer::proofNote() const {
  if (FC.Opts.Strict || !ML.RequireProof)
    return "";
  return ML.Pragma && ML.Pragma->Auto
             ? "; with 'auto' the tool must prove it"
             : "; in an OpenACC 'kernels' construct the tool must prove it, "
               "and 'independent' promises it";
}

void LoopAnalyzer::assume(SourceLocation Loc, const std::string &Why) {
  // A kernel of one thread has no iterations to be independent; its
  // arrays still each get their own device copy.
  FC.remark(Loc,
            (ML.Serial ? "assuming the arrays are distinct: "
                       : "assuming iterations are independent: ") +
                Why,
            "dependence");
  ML.Assumed = true;
}

std::optional<Poly> LoopAnalyzer::offsetPoly(const Origin &O) {
  if (!O.OffsetKnown)
    return std::nullopt;
  Poly Sum;
  for (const auto &[E, Sign] : O.Offset) {
    // The offset was computed where the pointer was made: a variable the
    // loop changes has another value inside it.
    bool Changes = false;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S || Changes)
        return;
      if (const VarDecl *V = varOf(S)) {
        auto It = Info.find(V);
        Changes |= V == Index || Locals.count(V) ||
                   (It != Info.end() && It->second.Writes);
      }
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(E);
    std::optional<Poly> P = Changes ? std::nullopt : affine(E);
    if (!P)
      return std::nullopt;
    Sum = polyAdd(Sum, *P, Sign);
  }
  return Sum;
}

LoopAnalyzer::ExactAnswer
LoopAnalyzer::asOneArray(const VarDecl *A, const VarDecl *B,
                         const std::optional<Poly> &OffA,
                         const std::optional<Poly> &OffB) {
  if (!OffA || !OffB || Info[A].OtherUse || Info[B].OtherUse)
    return {ExactAnswer::Unknown, "", SourceLocation()};
  SharedArrays[A] = {"l2c_one_array", *OffA};
  SharedArrays[B] = {"l2c_one_array", *OffB};
  ExactAnswer E = exactDependence({A, B}, CollapsedCount);
  SharedArrays.clear();
  return E;
}

bool LoopAnalyzer::sameArray(const VarDecl *A, const VarDecl *B,
                             bool BothWritten, const ArrayRelation &R) {
  auto Named = [&](const VarDecl *V, const Origin &O) {
    std::string N = hostName(V), T = originText(FC, O);
    return "'" + N + "'" + (T == N ? "" : " (" + T + ")");
  };
  std::string Why =
      Named(A, R.OffA) + " and " + Named(B, R.OffB) + " are one array";
  if (R.Call)
    Why += ", as the call at line " +
           std::to_string(FC.line(R.Call->getBeginLoc())) + " passes them";
  SourceLocation Loc = ML.For->getForLoc();
  ExactAnswer E = asOneArray(A, B, offsetPoly(R.OffA), offsetPoly(R.OffB));
  if (E.K == ExactAnswer::Dependent)
    return reject(E.Loc.isValid() ? E.Loc : Loc,
                  Why + ": iterations are not independent: " + E.Witness,
                  "dependence");
  if (E.K == ExactAnswer::Unknown)
    return reject(Loc,
                  Why + ", and the tool cannot prove that the iterations "
                        "never touch one element through them, one writing",
                  "dependence");
  // Independent. Each name gets a device copy of its own, and two copies
  // written on overlapping boxes would overwrite each other's elements on
  // the way back.
  if (BothWritten)
    return reject(Loc,
                  Why + ", and the loop writes through both (each name "
                        "would get a device copy of its own)",
                  "dependence");
  // At two offsets the names have two device copies, which the runtime
  // cannot keep one array where their host ranges overlap (x = a + 1 and
  // y = a over interleaved elements): then the loop runs on the host, in
  // order (rule set host-fallback); apart (two halves) on the GPU. At one
  // offset they are one pointer and share one copy.
  std::optional<Poly> PA = offsetPoly(R.OffA), PB = offsetPoly(R.OffB);
  if (!PA || !PB || *PA != *PB)
    ML.AssumedApart = true;
  return true;
}

/// Two containers of one type (std::vector<T> &x, y): they may be one
/// object unless the file shows otherwise.
static bool sameContainerType(const VarDecl *A, const VarDecl *B) {
  QualType TA = A->getType().getNonReferenceType().getUnqualifiedType();
  QualType TB = B->getType().getNonReferenceType().getUnqualifiedType();
  return !TA->isPointerType() && TA->isRecordType() &&
         TA.getCanonicalType() == TB.getCanonicalType() &&
         (A->getType()->isReferenceType() || B->getType()->isReferenceType());
}

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
      if (I == J || (Written.count(B) && J < I))
        continue;
      // What the file shows of the two (PointerOrigins.h): one array at
      // known offsets is decided exactly; one array at offsets the tool
      // cannot follow is rejected; provably distinct arrays need nothing.
      bool Undecided = false;
      for (const ArrayRelation &R : relateArrays(FC, ML.Function, A, B)) {
        if (R.K == ArrayRelation::Same) {
          if (!sameArray(A, B, Written.count(B), R))
            return false;
        } else if (R.K == ArrayRelation::Shared) {
          std::string At =
              R.Call
                  ? "the call at line " +
                        std::to_string(FC.line(R.Call->getBeginLoc())) +
                        " passes them pointers into '" + hostName(R.Root) + "'"
              : R.Evidence.isValid()
                  ? "line " + std::to_string(FC.line(R.Evidence)) +
                        " makes them point into '" + hostName(R.Root) + "'"
                  : "both point into '" + hostName(R.Root) + "'";
          return reject(ML.For->getForLoc(),
                        "'" + shownName(A) + "' and '" + shownName(B) +
                            "' may point into the same memory: " + At,
                        "dependence");
        } else if (R.K == ArrayRelation::Unknown) {
          Undecided = true;
        }
      }
      // A reference bound to a row of the other (`std::vector<double> &r0
      // = g[0]`): one memory, whatever the types say.
      if (A->getType()->isReferenceType() || B->getType()->isReferenceType())
        if (const Stmt *S = aliasingAssignment(ML.Function, A, B))
          return reject(ML.For->getForLoc(),
                        "'" + shownName(A) + "' and '" + shownName(B) +
                            "' are one memory: line " +
                            std::to_string(FC.line(S->getBeginLoc())) +
                            " binds one to a row of the other",
                        "dependence");
      if (!Undecided)
        continue;
      std::string Why = "'" + shownName(A) + "' and '" + shownName(B) +
                        "' may point into the same memory";
      if (sameContainerType(A, B)) {
        // Two containers are one object or apart: a loop that is
        // independent as if they were one is independent either way.
        ExactAnswer E = asOneArray(A, B, Poly(), Poly());
        if (E.K == ExactAnswer::Independent)
          continue;
        Why = "'" + hostName(A) + "' and '" + hostName(B) +
              "' may be one object" +
              (E.K == ExactAnswer::Dependent
                   ? ", and then iterations are not independent: " + E.Witness
                   : "");
      } else if (!(isPlainPointer(A) || isPlainPointer(B))) {
        continue;
      }
      // Not merely unknown: the function gives one the other's value, so
      // the marking's promise is the thing in doubt (a shifted or stale
      // copy of one buffer, a forgotten half of a swap).
      if (const Stmt *S = aliasingAssignment(ML.Function, A, B))
        return reject(ML.For->getForLoc(),
                      Why + ": line " +
                          std::to_string(FC.line(S->getBeginLoc())) +
                          " gives one of them a pointer derived from the "
                          "other",
                      "dependence");
      // A caller in this file passes them pointers into one array.
      if (const CallExpr *C =
              aliasingCall(FC.callsOf(ML.Function), ML.Function, A, B))
        return reject(ML.For->getForLoc(),
                      Why + ": the call at line " +
                          std::to_string(FC.line(C->getBeginLoc())) +
                          " passes them pointers into one array",
                      "dependence");
      if (strict())
        return reject(ML.For->getForLoc(),
                      Why +
                          " (declare the pointers __restrict__ to promise "
                          "they do not)" +
                          proofNote(),
                      "dependence");
      assume(ML.For->getForLoc(), Why);
      ML.AssumedApart = true;
    }
  }
  return true;
}

} // namespace detail
} // namespace l2c
