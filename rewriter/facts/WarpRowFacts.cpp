//===- WarpRowFacts.cpp - Row sums that a warp can share ------------------===//
//
// Fact warpRows (rule set warp-rows). In a one-dimensional kernel whose
// thread i sums along a row of a matrix,
//   tmp[i] = 0;
//   for (j = 0; j < n; j++) tmp[i] = tmp[i] + A[i][j] * x[j];   (atax)
// the 32 threads of a warp read 32 rows at once, one element of each:
// every load touches 32 cache lines, and a matrix of two thousand rows
// keeps only two thousand threads busy. A warp per row reads the row in
// coalesced pieces (lane l takes j = l, l + 32, ...), and the 32 partial
// sums meet through shuffles. The fact decides whether that computes what
// the thread computed, up to the order of the additions, and marks the
// statements for the rules:
//
//   Lanes(s)        every lane runs s: a local declared or assigned from
//                   scalars and arrays the kernel never writes;
//   Lane0(s)        lane 0 alone runs s: a store to an array element;
//   _WarpLoop(init, cond, [Acc(X, e, "T", part, Add|Sub), ...])
//                   the row loop, each statement X += e (or X = X + e,
//                   X = e + X, X -= e, X = X - e) summed into part;
//   _Lane0Tail([Acc...], [rest])
//                   lane 0 adds each part into X, then runs the rest.
//
// It holds when every read of e is of an array the kernel never writes
// (by name: the rules use it in the kernel whose arrays are distinct), the
// loop's bounds are the same in every lane, what follows the loop does not read its
// counter, and some read of e walks a row: its last subscript moves with
// the counter while another of its subscripts (or the same one) moves with
// the thread's row. Integer sums give the same result in any order;
// floating sums change as a reduction's do (docs/rules/warp-rows.md).
//
//===----------------------------------------------------------------------===//

#include "facts/AffineTerms.h"
#include "facts/DomainFacts.h"
#include "term/MathNames.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <set>

namespace l2c {

namespace {

using namespace affine;

/// Some subterm of T (T included) satisfies Pred.
template <typename Pred> bool anySubterm(const Term &T, Pred &&P) {
  bool Found = false;
  forEachSubterm(T, [&](const Term &S) {
    Found = Found || P(S);
    return !Found;
  });
  return Found;
}

/// Does T mention the identifier X anywhere?
bool mentions(const Term &T, const std::string &X) {
  return anySubterm(
      T, [&](const Term &S) { return S.is(Term::Ident) && S.name() == X; });
}

bool holdsLoop(const Term &T) {
  return anySubterm(T, [](const Term &S) {
    return S.isApp("For") || S.isApp("While") || S.isApp("DoWhile");
  });
}

/// A jump: lane 0 alone would leave the row while the others go on to the
/// next one's shuffles.
bool holdsJump(const Term &T) {
  return anySubterm(T, [](const Term &S) {
    return (S.is(Term::Ident) || S.is(Term::App)) &&
           llvm::is_contained({"Break", "Continue", "Return", "Goto"},
                              llvm::StringRef(S.name()));
  });
}

llvm::StringRef withoutConst(llvm::StringRef T) {
  T.consume_front("const ");
  return T;
}

class RowWalk {
public:
  RowWalk(llvm::ArrayRef<Term> Params, std::string Row)
      : Row(std::move(Row)) {
    for (const Term &P : Params)
      if (P.isApp("Param", 2) && P[0].is(Term::Ident) && P[1].is(Term::String))
        ParamTypes[P[0].name()] = P[1].name();
  }

  std::optional<Term> run(const Term &Body) {
    if (!Body.is(Term::List) || Body.tail() || holdsJump(Body) ||
        !collectWrites(Body))
      return std::nullopt;
    llvm::ArrayRef<Term> All = Body.args();
    size_t At = All.size();
    for (size_t I = 0; I < All.size(); ++I)
      if (All[I].isApp("For", 4)) {
        if (At != All.size())
          return std::nullopt; // two row loops
        At = I;
      }
    if (At == All.size())
      return std::nullopt;
    std::vector<Term> Out;
    for (size_t I = 0; I < At; ++I) {
      std::optional<Term> S = prefix(All[I]);
      if (!S)
        return std::nullopt;
      Out.push_back(*S);
    }
    const Term &F = All[At];
    std::vector<Term> Accs;
    if (!rowLoop(F, Accs))
      return std::nullopt;
    std::vector<Term> Rest(All.begin() + At + 1, All.end());
    for (const Term &S : Rest)
      if (mentions(S, Counter))
        return std::nullopt;
    Out.push_back(Term::app("_WarpLoop", {F[0], F[1], Term::list(Accs)}));
    Out.push_back(Term::app("_Lane0Tail",
                            {Term::list(Accs), Term::list(std::move(Rest))}));
    return Term::list(std::move(Out));
  }

private:
  std::string Row, Counter;
  std::map<std::string, std::string> ParamTypes;
  /// Arrays (parameters) the kernel writes an element of.
  std::set<std::string> Written;
  /// Locals that every lane computes: name -> type.
  std::map<std::string, std::string> Locals;
  /// Locals an accumulation of the row loop updates.
  std::set<std::string> Summed;

  bool isArray(const std::string &N) const {
    auto It = ParamTypes.find(N);
    return It != ParamTypes.end() && arrayShape(It->second).has_value();
  }

  /// Records the arrays the body writes; false for a write or call the
  /// walk cannot attribute (through a pointer, a call other than math).
  bool collectWrites(const Term &T) {
    if (T.is(Term::App)) {
      if (isWriteHead(T.name()) && T.arity() >= 1) {
        std::vector<const Term *> Subs;
        const Term *B = baseOf(T[0], Subs);
        if (!B)
          return false;
        if (isArray(B->name()))
          Written.insert(B->name());
        else if (!Subs.empty())
          return false; // an element of a local array: leave it alone
      }
      if (T.isApp("Call", 2)) {
        if (!T[0].is(Term::Ident))
          return false;
        if (!isMathCallee(T[0].name()))
          return false;
      }
      if (T.isApp("Deref") || T.isApp("Arrow"))
        return false;
    }
    if (!T.is(Term::App) && !T.is(Term::List))
      return true;
    for (const Term &E : T.args())
      if (!collectWrites(E))
        return false;
    return !(T.is(Term::List) && T.tail()) || collectWrites(T.tail());
  }

  /// E changes nothing and reads only scalars, locals every lane has, and
  /// elements of arrays the kernel never writes (the elements go to Reads).
  bool laneRead(const Term &E, std::vector<Term> *Reads) const {
    if (E.is(Term::Int) || E.is(Term::Float) || E.is(Term::String))
      return true;
    if (E.is(Term::Ident)) {
      if (isArray(E.name()) || Summed.count(E.name()))
        return false;
      return ParamTypes.count(E.name()) || Locals.count(E.name()) ||
             E.name() == Row || E.name() == Counter;
    }
    if (E.isApp("Index", 2)) {
      std::vector<const Term *> Subs;
      const Term *B = baseOf(E, Subs);
      if (!B || !isArray(B->name()) || Written.count(B->name()) ||
          arrayShape(ParamTypes.at(B->name()))->Rank != Subs.size())
        return false;
      if (Reads)
        Reads->push_back(E);
      return llvm::all_of(Subs,
                          [&](const Term *S) { return laneRead(*S, Reads); });
    }
    if (E.isApp("Call", 2) && E[0].is(Term::Ident) && E[1].is(Term::List)) {
      if (!isMathCallee(E[0].name()))
        return false;
      return llvm::all_of(E[1].args(),
                          [&](const Term &A) { return laneRead(A, Reads); });
    }
    if (E.isApp("Dot", 2) && isGridValue(E))
      return true;
    static const char *const Pure[] = {
        "Add", "Sub", "Mul", "Div",  "Rem",   "Shl", "Shr",  "BitAnd", "BitOr",
        "BitXor", "LAnd", "LOr", "Lt", "Gt", "Le", "Ge",    "Eq",  "Ne",
        "Neg", "Plus", "Not", "BitNot", "Cond", "Cast", "Paren"};
    if (E.is(Term::App) && llvm::is_contained(Pure, E.name()))
      return llvm::all_of(E.args(),
                          [&](const Term &A) { return laneRead(A, Reads); });
    return false;
  }

  /// A statement before the row loop, marked Lanes or Lane0.
  std::optional<Term> prefix(const Term &S) {
    if (holdsLoop(S))
      return std::nullopt;
    if (S.isApp("Decl", 2) || S.isApp("Decl", 3)) {
      if (!S[0].is(Term::Ident) || !S[1].is(Term::String) ||
          !isArithmeticType(withoutConst(S[1].name())) ||
          (S.arity() == 3 && !laneRead(S[2], nullptr)))
        return std::nullopt;
      Locals[S[0].name()] = S[1].name();
      return Term::app("Lanes", {S});
    }
    if (S.isApp("Assign", 2) && S[0].is(Term::Ident)) {
      if (!Locals.count(S[0].name()) || !laneRead(S[1], nullptr))
        return std::nullopt;
      return Term::app("Lanes", {S});
    }
    // A store to an element: lane 0 runs it, in order, as the thread did.
    if (S.is(Term::App) && isWriteHead(S.name()) && S.arity() >= 1 &&
        S[0].isApp("Index", 2))
      return Term::app("Lane0", {S});
    return std::nullopt;
  }

  /// For(init, cond, inc, body): the counter rises by one from a bound to
  /// a bound that every lane computes alike, and every statement of the body is a
  /// sum into an element or local that does not move with the counter.
  bool rowLoop(const Term &F, std::vector<Term> &Accs) {
    const Term &Init = F[0], &Cond = F[1], &Inc = F[2];
    const Term *K = nullptr, *Lo = nullptr;
    if (Init.isApp("Assign", 2) && Init[0].is(Term::Ident)) {
      K = &Init[0];
      Lo = &Init[1];
    } else if (Init.isApp("Decl", 3) && Init[0].is(Term::Ident) &&
               Init[1].is(Term::String) && isIntegerType(Init[1].name())) {
      K = &Init[0];
      Lo = &Init[2];
    }
    if (!K)
      return false;
    Counter = K->name();
    bool Step = ((Inc.isApp("PostInc", 1) || Inc.isApp("PreInc", 1)) &&
                 Inc[0] == *K) ||
                (Inc.isApp("AddAssign", 2) && Inc[0] == *K &&
                 Inc[1].is(Term::Int) && Inc[1].intValue() == 1);
    if (!Step || !(Cond.isApp("Lt", 2) || Cond.isApp("Le", 2)) ||
        !(Cond[0] == *K))
      return false;
    // The bounds: the same in every lane (elements of arrays the kernel
    // never writes are, `rowptr[i]`).
    const Term &Hi = Cond[1];
    if (mentions(*Lo, Counter) || mentions(Hi, Counter) ||
        !laneRead(*Lo, nullptr) || !laneRead(Hi, nullptr))
      return false;
    // Fewer iterations than lanes: a warp a row would idle.
    if (Lo->is(Term::Int) && Hi.is(Term::Int) &&
        Hi.intValue() - Lo->intValue() < 64)
      return false;
    const Term &Body = F[3];
    if (!Body.is(Term::List) || Body.tail() || Body.arity() == 0)
      return false;
    // The targets first: no sum may read another's local.
    struct Sum {
      Term X, E, Op;
    };
    std::vector<Sum> Sums;
    for (const Term &S : Body.args()) {
      Sum U;
      if (S.isApp("AddAssign", 2) || S.isApp("SubAssign", 2)) {
        U = {S[0], S[1], Term::ident(S.isApp("AddAssign") ? "Add" : "Sub")};
      } else if (S.isApp("Assign", 2) && S[1].isApp("Add", 2) &&
                 S[1][0] == S[0]) {
        U = {S[0], S[1][1], Term::ident("Add")};
      } else if (S.isApp("Assign", 2) && S[1].isApp("Add", 2) &&
                 S[1][1] == S[0]) {
        U = {S[0], S[1][0], Term::ident("Add")};
      } else if (S.isApp("Assign", 2) && S[1].isApp("Sub", 2) &&
                 S[1][0] == S[0]) {
        U = {S[0], S[1][1], Term::ident("Sub")};
      } else {
        return false;
      }
      for (const Sum &Other : Sums)
        if (Other.X == U.X)
          return false;
      if (U.X.is(Term::Ident)) {
        if (!Locals.count(U.X.name()))
          return false;
        Summed.insert(U.X.name());
      }
      Sums.push_back(U);
    }
    bool WalksRow = false;
    for (size_t N = 0; N < Sums.size(); ++N) {
      const Sum &U = Sums[N];
      std::string Type;
      if (U.X.is(Term::Ident)) {
        Type = withoutConst(Locals[U.X.name()]).str();
      } else {
        std::vector<const Term *> Subs;
        const Term *B = baseOf(U.X, Subs);
        if (!B || !isArray(B->name()))
          return false;
        auto Shape = arrayShape(ParamTypes.at(B->name()));
        if (Shape->Rank != Subs.size())
          return false;
        for (const Term *Sub : Subs) {
          std::vector<Term> SubReads;
          if (mentions(*Sub, Counter) || !laneRead(*Sub, &SubReads) ||
              !SubReads.empty())
            return false;
        }
        Type = Shape->Element;
      }
      if (!isArithmeticType(Type))
        return false;
      std::vector<Term> Reads;
      if (!laneRead(U.E, &Reads))
        return false;
      for (const Term &R : Reads) {
        std::vector<const Term *> Subs;
        baseOf(R, Subs);
        bool Along = mentions(*Subs.back(), Counter);
        bool Across = llvm::any_of(Subs, [&](const Term *S) {
          if (mentions(*S, Row))
            return true;
          for (const auto &[L, T] : Locals)
            if (mentions(*S, L))
              return true;
          return false;
        });
        WalksRow |= Along && Across;
      }
      Accs.push_back(Term::app(
          "Acc", {U.X, U.E, Term::string(Type),
                  Term::ident("l2c_row_" + std::to_string(N)), U.Op}));
    }
    return WalksRow;
  }
};

} // namespace

void registerWarpRowFacts(FactRegistry &R) {
  R.add("warpRows", 3,
        "warpRows($params, $i, $body): $body, the statements of a thread "
        "that runs row $i, marked for a warp a row (Lanes, Lane0, "
        "_WarpLoop, _Lane0Tail) when its one loop sums along the row into "
        "elements or locals that do not move with the loop's counter, "
        "reading only arrays the kernel never writes, and some read walks "
        "the row, in a kernel with __restrict__ arrays; no answer otherwise",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[0].is(Term::List) || !A[1].is(Term::Ident))
            return std::nullopt;
          // Only the variant whose arrays are distinct takes the warp's
          // code (IfDistinct): without __restrict__ arrays there is none.
          if (!llvm::any_of(A[0].args(), [](const Term &P) {
                return P.isApp("Param", 2) && P[1].is(Term::String) &&
                       llvm::StringRef(P[1].name()).contains("__restrict__");
              }))
            return std::nullopt;
          RowWalk W(A[0].args(), A[1].name());
          return W.run(A[2]);
        });
}

} // namespace l2c
