//===- AccumulatorFacts.cpp - Elements an inner loop may keep in a register
//===//
//
// Fact accumulatorLoops (rule set register-accumulator). In a kernel whose
// thread runs an inner loop that updates one array element,
//   for (k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];   (lu)
// every iteration loads A[i][j] and stores it back: nvcc cannot tell that
// A[i][k] and A[k][j] never name A[i][j] (k < i <= j), so the loop runs at
// the speed of a store and a load to the same address, not of its
// arithmetic. When they provably never do, the element can live in a
// register for the whole loop; the rules write that form.
//
// The proof is the one a person would make: the constraints that hold
// where the loop runs (the bounds of the loops around it, `int j =
// l2c_begin + l2c_k;`, l2c_begin = the launch's first index), and the
// question "can a subscript list of the other accesses equal the
// element's?" as an integer set that isl finds empty. Everything the walk
// cannot read exactly it leaves out of the constraints, which only makes
// the set larger: an empty set is always a proof.
//
//===----------------------------------------------------------------------===//

#include "deps/Dependence.h"
#include "facts/AffineTerms.h"
#include "facts/DomainFacts.h"
#include "term/MathNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

namespace l2c {

namespace {

using namespace affine;

const char *const PureHeads[] = {"Add",  "Sub",    "Mul",    "Div",   "Rem",
                                 "Shl",  "Shr",    "BitAnd", "BitOr", "BitXor",
                                 "LAnd", "LOr",    "Lt",     "Gt",    "Le",
                                 "Ge",   "Eq",     "Ne",     "Neg",   "Plus",
                                 "Not",  "BitNot", "Cond",   "Cast",  "SizeOf"};

/// The walk over one kernel body.
class Prover {
public:
  Prover(llvm::ArrayRef<Term> Params, const Term &Body) : Body(Body) {
    for (const Term &P : Params)
      if (P.isApp("Param", 2) && P[0].is(Term::Ident) && P[1].is(Term::String))
        ParamTypes[P[0].name()] = P[1].name();
  }

  /// The constraints that hold everywhere in the kernel: l2c_begin is the
  /// launch's first index.
  std::vector<std::string> launchFacts(const Term &Range) {
    std::vector<std::string> Out;
    if (!Range.isApp("Range", 3) || !Range[0].is(Term::String) ||
        !ParamTypes.count("l2c_begin") ||
        termMayWrite(Body, Term::ident("l2c_begin")))
      return Out;
    Term Lb = parseHostText(Range[0].name());
    Names Used;
    std::optional<std::string> T = Lb ? affineText(Lb, Used) : std::nullopt;
    if (!T)
      return Out;
    // Each name must be a scalar parameter, the host's value as launched.
    for (const std::string &N : Used) {
      auto It = ParamTypes.find(N);
      if (It == ParamTypes.end() || !isIntegerType(It->second) ||
          termMayWrite(Body, Term::ident(N)))
        return Out;
    }
    Out.push_back("v_l2c_begin = " + *T);
    return Out;
  }

  /// L with each loop that may keep its element in a register wrapped in
  /// _Accumulate("T", loop).
  Term walk(const Term &L, std::vector<std::string> Facts) {
    if (!L.is(Term::List) || L.tail())
      return L;
    std::vector<Term> Out;
    llvm::ArrayRef<Term> All = L.args();
    for (size_t I = 0; I < All.size(); ++I) {
      const Term &S = All[I];
      Term Rest = Term::listOf(All.drop_front(I + 1));
      Out.push_back(statement(S, Facts));
      // v = e or T v = e: holds for the rest of the list while neither v
      // nor a name of e changes there. (termMayWrite counts a declaration
      // as a write, so no fact outlives a variable that an inner scope
      // declares again under its name.)
      const Term *V = nullptr, *E = nullptr;
      if (S.isApp("Decl", 3)) {
        V = &S[0];
        E = &S[2];
      } else if (S.isApp("Assign", 2) && S[0].is(Term::Ident)) {
        V = &S[0];
        E = &S[1];
      }
      if (!V || !V->is(Term::Ident))
        continue;
      Names Used;
      std::optional<std::string> T = affineText(*E, Used);
      if (T && unchangedIn(Rest, Used) && !termMayWrite(Rest, *V) &&
          !Used.count(V->name()))
        Facts.push_back("v_" + V->name() + " = " + *T);
    }
    return Term::list(std::move(Out));
  }

private:
  const Term &Body;
  std::map<std::string, std::string> ParamTypes;

  bool unchangedIn(const Term &Where, const Names &Used) const {
    for (const std::string &N : Used)
      if (termMayWrite(Where, Term::ident(N)))
        return false;
    return true;
  }

  Term statement(const Term &S, const std::vector<std::string> &Facts) {
    if (S.isApp("For", 4)) {
      if (std::optional<std::string> T = accumulator(S, Facts))
        return Term::app("_Accumulate", {Term::string(*T), S});
      std::vector<std::string> Inner = Facts;
      loopFacts(S, Inner);
      return S.withArgs({S[0], S[1], S[2], walk(S[3], Inner)});
    }
    if (S.isApp("If", 2) || S.isApp("If", 3)) {
      std::vector<Term> Args = {S[0]};
      for (size_t K = 1; K < S.arity(); ++K)
        Args.push_back(walk(S[K], Facts));
      return S.withArgs(std::move(Args));
    }
    if (S.isApp("Block", 1))
      return S.withArgs({walk(S[0], Facts)});
    // Rule set warp-rows' two codes: each branch is a whole kernel body.
    if (S.isApp("IfDistinct", 2))
      return S.withArgs({walk(S[0], Facts), walk(S[1], Facts)});
    if (S.isApp("While", 2))
      return S.withArgs({S[0], walk(S[1], Facts)});
    if (S.isApp("DoWhile", 2))
      return S.withArgs({walk(S[0], Facts), S[1]});
    return S;
  }

  /// The counter of For(init, cond, inc, body) and whether it rises.
  static std::optional<std::pair<Term, bool>> counter(const Term &F) {
    const Term &Inc = F[2];
    bool Up;
    if (Inc.isApp("PostInc", 1) || Inc.isApp("PreInc", 1))
      Up = true;
    else if (Inc.isApp("PostDec", 1) || Inc.isApp("PreDec", 1))
      Up = false;
    else if (Inc.isApp("AddAssign", 2) &&
             ((Inc[1].is(Term::Int) && Inc[1].intValue() > 0) ||
              isGridValue(Inc[1])))
      Up = true;
    else if (Inc.isApp("SubAssign", 2) && Inc[1].is(Term::Int) &&
             Inc[1].intValue() > 0)
      Up = false;
    else
      return std::nullopt;
    const Term &K = Inc[0];
    if (!K.is(Term::Ident))
      return std::nullopt;
    const Term &Init = F[0];
    if (!(Init.isApp("Assign", 2) && Init[0] == K) &&
        !(Init.isApp("Decl", 3) && Init[0] == K))
      return std::nullopt;
    return std::pair(K, Up);
  }

  /// Appends what holds inside loop F's body: its first value bounds the
  /// counter from one side, its condition from the other, when the body
  /// changes neither the counter nor a name they read.
  void loopFacts(const Term &F, std::vector<std::string> &Facts) const {
    auto C = counter(F);
    if (!C || termMayWrite(F[3], C->first))
      return;
    std::string K = "v_" + C->first.name();
    const Term &Start = F[0].isApp("Decl") ? F[0][2] : F[0][1];
    Names Used;
    if (std::optional<std::string> T = affineText(Start, Used);
        T && unchangedIn(F[3], Used))
      Facts.push_back(K + (C->second ? " >= " : " <= ") + *T);
    else if (C->second && isGridValue(Start))
      Facts.push_back(K + " >= 0");
    std::vector<const Term *> Conds = {&F[1]};
    while (!Conds.empty()) {
      const Term &Cond = *Conds.back();
      Conds.pop_back();
      if (Cond.isApp("LAnd", 2)) {
        Conds.push_back(&Cond[0]);
        Conds.push_back(&Cond[1]);
        continue;
      }
      static const std::map<std::string, std::string> Ops = {
          {"Lt", "<"}, {"Le", "<="}, {"Gt", ">"}, {"Ge", ">="}};
      auto Op = Cond.is(Term::App) && Cond.arity() == 2 ? Ops.find(Cond.name())
                                                        : Ops.end();
      if (Op == Ops.end())
        continue;
      Names U;
      auto L = affineText(Cond[0], U), R = affineText(Cond[1], U);
      if (L && R && unchangedIn(F[3], U))
        Facts.push_back(*L + " " + Op->second + " " + *R);
    }
  }

  /// The element type, when loop F may keep its element in a register:
  /// F is `for (k = a; cond; k++) X op= e;` (or X = X op e), cond and e
  /// read no memory that X may be and change nothing, X's subscripts do
  /// not depend on k, and no other access of e can be X.
  std::optional<std::string>
  accumulator(const Term &F, const std::vector<std::string> &Facts) {
    auto C = counter(F);
    if (!C || !F[3].is(Term::List) || F[3].tail() || F[3].arity() != 1)
      return std::nullopt;
    const Term &S = F[3][0];
    Term X, E;
    if (S.isApp("AddAssign", 2) || S.isApp("SubAssign", 2) ||
        S.isApp("MulAssign", 2)) {
      X = S[0];
      E = S[1];
    } else if (S.isApp("Assign", 2) &&
               (S[1].isApp("Add", 2) || S[1].isApp("Sub", 2) ||
                S[1].isApp("Mul", 2)) &&
               S[1][0] == S[0]) {
      X = S[0];
      E = S[1][1];
    } else if (S.isApp("Assign", 2) && isExtremeCall(S[1]) &&
               S[1][1][0] == S[0]) {
      // X = fmax(X, e), std::min(X, e), ...
      X = S[0];
      E = S[1][1][1];
    } else if (const Term *G = guardedUpdate(S)) {
      // if (e > X) X = e; (or <, >=, <=, either side): a running maximum
      // or minimum.
      X = (*G)[0];
      E = (*G)[1];
    } else {
      return std::nullopt;
    }
    std::vector<const Term *> Subs;
    const Term *A = baseOf(X, Subs);
    if (!A)
      return std::nullopt;
    auto Shape = shapeOf(*A);
    if (!Shape || Shape->Rank != Subs.size())
      return std::nullopt;
    // The subscripts: affine, the same at every iteration.
    std::vector<std::string> XSubs;
    Names XNames;
    for (const Term *Sub : Subs) {
      auto T = affineText(*Sub, XNames);
      if (!T)
        return std::nullopt;
      XSubs.push_back(*T);
    }
    if (XNames.count(C->first.name()))
      return std::nullopt;
    // The condition and the step read no memory and change nothing but k.
    if (!pureScalar(F[1]) || !pureScalar(F[2][0]) ||
        (F[2].arity() == 2 && !pureScalar(F[2][1])))
      return std::nullopt;
    std::vector<std::string> Inside = Facts;
    loopFacts(F, Inside);
    std::vector<Term> Reads;
    if (!pureReads(E, Reads))
      return std::nullopt;
    for (const Term &Y : Reads) {
      std::vector<const Term *> YSubs;
      const Term *B = baseOf(Y, YSubs);
      if (!B)
        return std::nullopt;
      auto YShape = shapeOf(*B);
      if (!YShape)
        return std::nullopt;
      if (YShape->Element != Shape->Element && !isCharType(YShape->Element) &&
          !isCharType(Shape->Element))
        continue; // two element types: never one object
      if (YShape->Shape != Shape->Shape || YSubs.size() != Subs.size())
        return std::nullopt; // one memory seen two ways: no proof here
      if (!neverEqual(XSubs, XNames, YSubs, Inside))
        return std::nullopt;
    }
    return Shape->Element;
  }

  /// C is a call of fmax, fmin, max or min (any float suffix, std:: or
  /// l2c:: and template arguments) with two arguments.
  static bool isExtremeCall(const Term &C) {
    if (!C.isApp("Call", 2) || !C[0].is(Term::Ident) || !C[1].is(Term::List) ||
        C[1].tail() || C[1].arity() != 2)
      return false;
    llvm::StringRef F = C[0].name();
    F.consume_front("std::") || F.consume_front("l2c::");
    F = F.take_until([](char Ch) { return Ch == '<'; });
    return llvm::is_contained({"fmax", "fmin", "fmaxf", "fminf", "max", "min"},
                              F);
  }

  /// The Assign(X, e) of `if (e cmp X) X = e;` or `if (X cmp e) X = e;`
  /// (cmp one of < > <= >=, no else), or null.
  static const Term *guardedUpdate(const Term &S) {
    if (!S.isApp("If", 2) || !S[1].is(Term::List) || S[1].tail() ||
        S[1].arity() != 1 || !S[1][0].isApp("Assign", 2))
      return nullptr;
    const Term &C = S[0], &A = S[1][0];
    if (!(C.isApp("Gt", 2) || C.isApp("Lt", 2) || C.isApp("Ge", 2) ||
          C.isApp("Le", 2)))
      return nullptr;
    bool Matches =
        (C[0] == A[1] && C[1] == A[0]) || (C[0] == A[0] && C[1] == A[1]);
    return Matches ? &A : nullptr;
  }

  static bool isCharType(llvm::StringRef T) {
    return T.contains("char") || T.contains("byte");
  }

  /// The shape of array A: a pointer parameter, or a local array of the
  /// kernel (which no parameter can point into).
  std::optional<ArrayShape> shapeOf(const Term &A) const {
    auto It = ParamTypes.find(A.name());
    if (It != ParamTypes.end())
      return arrayShape(It->second);
    return std::nullopt;
  }

  /// E reads only scalars: no element, no call, no write.
  static bool pureScalar(const Term &E) {
    if (E.is(Term::Ident) || E.is(Term::Int) || E.is(Term::Float) ||
        E.is(Term::String))
      return true;
    if (E.is(Term::App) && llvm::is_contained(PureHeads, E.name()))
      return llvm::all_of(E.args(), pureScalar);
    return false;
  }

  /// E changes nothing and reads memory only through subscripts of
  /// named arrays, which go to Reads; math calls are fine.
  bool pureReads(const Term &E, std::vector<Term> &Reads) const {
    if (E.is(Term::Int) || E.is(Term::Float) || E.is(Term::String))
      return true;
    if (E.is(Term::Ident))
      return !ParamTypes.count(E.name()) ||
             !arrayShape(ParamTypes.at(E.name()));
    if (E.isApp("Index", 2)) {
      std::vector<const Term *> Subs;
      if (!baseOf(E, Subs))
        return false;
      Reads.push_back(E);
      for (const Term *S : Subs)
        if (!pureReads(*S, Reads))
          return false;
      return true;
    }
    if (E.isApp("Call", 2) && E[0].is(Term::Ident) && E[1].is(Term::List)) {
      if (!isMathCallee(E[0].name()))
        return false;
      return llvm::all_of(E[1].args(),
                          [&](const Term &A) { return pureReads(A, Reads); });
    }
    if (E.isApp("Dot", 2) && isGridValue(E))
      return true;
    if (E.is(Term::App) && llvm::is_contained(PureHeads, E.name()))
      return llvm::all_of(E.args(),
                          [&](const Term &A) { return pureReads(A, Reads); });
    return false;
  }

  /// No point of the constraints has Y's subscripts equal to X's.
  bool neverEqual(const std::vector<std::string> &XSubs, const Names &XNames,
                  const std::vector<const Term *> &YSubs,
                  const std::vector<std::string> &Facts) const {
    Names Used = XNames;
    std::vector<std::string> Conj = Facts;
    for (size_t D = 0; D < YSubs.size(); ++D) {
      auto T = affineText(*YSubs[D], Used);
      if (!T)
        return false;
      Conj.push_back(XSubs[D] + " = " + *T);
    }
    for (const std::string &F : Facts)
      for (size_t At = 0; (At = F.find("v_", At)) != std::string::npos;) {
        size_t End = At + 2;
        while (End < F.size() && (llvm::isAlnum(F[End]) || F[End] == '_'))
          ++End;
        Used.insert(F.substr(At + 2, End - At - 2));
        At = End;
      }
    std::vector<std::string> Params;
    for (const std::string &N : Used)
      Params.push_back("v_" + N);
    std::string Text = "[" + llvm::join(Params, ", ") +
                       "] -> { : " + llvm::join(Conj, " and ") + " }";
    return deps::isEmptySet(Text) == std::optional<bool>(true);
  }
};

} // namespace

void registerAccumulatorFacts(FactRegistry &R) {
  R.add("accumulatorLoops", 3,
        "accumulatorLoops($params, $range, $body): $body with each loop "
        "`for (k = a; c; k++) X op= e;` (op += -= *=, X = X op e, "
        "X = fmax(X, e) and its kin, or `if (e > X) X = e;` with < > <= >=) "
        "whose "
        "element X may stay in a register wrapped in _Accumulate(\"T\", "
        "loop), T the element's type: X's subscripts do not depend on k, and "
        "isl proves that no element e reads can be X, under the bounds of "
        "the loops around it and l2c_begin = the first index of $range; no "
        "answer when there is no such loop",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[0].is(Term::List) || !A[2].is(Term::List))
            return std::nullopt;
          // A local reference (`double &r = A[i][i];`) reads and writes
          // array memory under a plain name: no proof looks through it.
          bool Reference = false;
          forEachSubterm(A[2], [&](const Term &T) {
            Reference |= T.isApp("Decl") && T.arity() >= 2 &&
                         T[1].is(Term::String) &&
                         llvm::StringRef(T[1].name()).contains('&');
            return !Reference;
          });
          if (Reference)
            return std::nullopt;
          Prover P(A[0].args(), A[2]);
          Term Out = P.walk(A[2], P.launchFacts(A[1]));
          if (Out == A[2])
            return std::nullopt;
          return Out;
        });
}

} // namespace l2c
