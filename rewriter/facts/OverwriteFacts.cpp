//===- OverwriteFacts.cpp - Boxes of an array that a kernel writes --------===//
//
// A loop that writes v[i] for i in [1, n - 1) and reads no element of v
// needs only v[0] and v[n - 1] from the host before it runs: the device
// copy of every other element is overwritten. rule set extract-kernel
// (rules copy-in-outside, launch-overwrites) marks such an array's copy in
// and its launch argument with Rest(Box([Span(lo, end, c), ...]), added)
// at the end of the dependency list (added: the names of the bounds that
// the list gains before it); the printer turns them into
// l2c::toDeviceOutside and l2c::devFresh, and the runtime keeps the box
// "pending" until a launch that overwrites it, bringing the host's data in
// first for any other use (docs/data-regions.md, "Copies that leave out
// what the first kernel overwrites").
//
// The facts:
//   overwrittenDeps(Over(dims, body), Array(a, T, p, n, readwrite, deps))
//       deps ++ added ++ [Rest(Box(spans), added)] when the body overwrites
//       a box of a;
//   sameCopyDeps(d1, d2)   the two lists agree but for Rest entries (and
//                          the names they added);
//   writtenBoxDeps(Over(dims, body), Array(...))
//       deps ++ [Wrote(Box(spans))] when every write of the body to a
//       stays in a box known at the launch (rule launch-writes): the
//       launch argument prints as l2c::devWrites, and a held array's host
//       statements bring back only what the launches wrote of their boxes
//       (runtime/loop2cuda_stale.h).
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"
#include "term/MathNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <set>

namespace l2c {

const Term *baseOf(const Term &L, std::vector<const Term *> &Subs) {
  const Term *T = &L;
  while (T->isApp("Index", 2)) {
    Subs.insert(Subs.begin(), &(*T)[1]);
    T = &(*T)[0];
  }
  return T->is(Term::Ident) ? T : nullptr;
}

namespace {

/// One loop dimension: index name, its first value and its end (text),
/// step 1.
struct Axis {
  std::string Index, Lb, End;
};

/// The identifiers of a C expression's text (over-approximates: keywords
/// and type names count too, which only makes the test stricter).
std::set<std::string> identifiersOf(llvm::StringRef S) {
  std::set<std::string> Out;
  for (size_t I = 0; I < S.size();) {
    if (llvm::isAlpha(S[I]) || S[I] == '_') {
      size_t J = I;
      while (J < S.size() && (llvm::isAlnum(S[J]) || S[J] == '_'))
        ++J;
      Out.insert(S.slice(I, J).str());
      I = J;
    } else if (llvm::isDigit(S[I])) {
      while (I < S.size() && (llvm::isAlnum(S[I]) || S[I] == '.'))
        ++I; // 10u, 1e5f: a literal's letters are no identifier
    } else {
      ++I;
    }
  }
  return Out;
}

/// Dim(Index(i, T), Extent("lb", "end", 1), ...) (a ParallelNest's, or the
/// one that extract-kernel builds for a ParallelLoop) -> Axis.
std::optional<Axis> axisOf(const Term &D) {
  if (!D.isApp("Dim") || D.arity() < 2 || !D[0].isApp("Index", 2) ||
      !D[0][0].is(Term::Ident))
    return std::nullopt;
  const Term *E = nullptr;
  for (const Term &A : D.args())
    if (A.isApp("Extent", 3))
      E = &A;
  if (!E || !(*E)[0].is(Term::String) || !(*E)[1].is(Term::String) ||
      !(*E)[2].is(Term::Int) || (*E)[2].intValue() != 1)
    return std::nullopt;
  // A triangular dimension's bounds name an outer index.
  for (const Term &A : D.args())
    if (A.is(Term::Ident) && !A.isIdent("Rect"))
      return std::nullopt;
  return Axis{D[0][0].name(), (*E)[0].name(), (*E)[1].name()};
}

/// The subscripts of Array(a, "T", ...): one for a flat array, two for an
/// array of rows ("T[M]"), and so on.
unsigned rankOf(const Term &Arr) { return 1 + llvm::count(Arr[1].name(), '['); }

/// The axes of Over(dims, body) (each Rect, step 1) with Arr an
/// Array(a, "T", p, n, access, [deps]) of at most two subscripts: the
/// runtime keeps boxes of flat arrays and of arrays of rows. Nothing
/// otherwise.
std::optional<std::vector<Axis>> overAxes(const Term &O, const Term &Arr) {
  if (!O.isApp("Over", 2) || !O[0].is(Term::List) || !Arr.isApp("Array", 6) ||
      !Arr[0].is(Term::Ident) || !Arr[1].is(Term::String) ||
      !Arr[5].is(Term::List) || Arr[5].tail() || rankOf(Arr) > 2)
    return std::nullopt;
  std::vector<Axis> Axes;
  for (const Term &D : O[0].args()) {
    auto X = axisOf(D);
    if (!X)
      return std::nullopt;
    Axes.push_back(*X);
  }
  return Axes;
}

/// A subscript `i`, `i + c`, `c + i` or `i - c` with i an identifier and c
/// an integer: (i, c).
std::optional<std::pair<std::string, int64_t>> offsetOf(const Term &S) {
  if (S.is(Term::Ident))
    return std::make_pair(S.name(), int64_t(0));
  if ((S.isApp("Add", 2) || S.isApp("Sub", 2)) && S[0].is(Term::Ident) &&
      S[1].is(Term::Int))
    return std::make_pair(S[0].name(),
                          S.isApp("Add") ? S[1].intValue() : -S[1].intValue());
  if (S.isApp("Add", 2) && S[1].is(Term::Ident) && S[0].is(Term::Int))
    return std::make_pair(S[1].name(), S[0].intValue());
  return std::nullopt;
}

/// How many times identifier A occurs in T.
unsigned occurrences(const Term &T, const std::string &A) {
  unsigned N = 0;
  forEachSubterm(T, [&](const Term &X) {
    if (X.is(Term::Ident) && X.name() == A)
      ++N;
    return true;
  });
  return N;
}

/// Whether T holds a statement that may leave the iteration early, or text
/// the terms do not show.
bool leavesEarly(const Term &T) {
  bool Found = false;
  forEachSubterm(T, [&](const Term &X) {
    if ((X.is(Term::App) || X.is(Term::Ident)) &&
        (X.name() == "Break" || X.name() == "Continue" ||
         X.name() == "Return" || X.name() == "Raw"))
      Found = true;
    return !Found;
  });
  return Found;
}

/// The box of array A (of Rank subscripts) that Body overwrites, one
/// Span(lb, end, offset) per subscript, when every iteration of the axes
/// assigns A at [axis + offset, ...] in a statement of its own and nothing
/// else in the body names A.
std::optional<Term> boxOf(const std::vector<Axis> &Axes, const Term &Body,
                          const std::string &A, unsigned Rank) {
  if (!Body.is(Term::List) || Body.tail() || leavesEarly(Body))
    return std::nullopt;
  const Term *Write = nullptr;
  unsigned Bases = 0;
  for (const Term &S : Body.args()) {
    if (!S.isApp("Assign", 2))
      continue;
    std::vector<const Term *> Subs;
    const Term *B = baseOf(S[0], Subs);
    if (!B || B->name() != A)
      continue;
    ++Bases;
    if (!Write && Subs.size() == Rank)
      Write = &S;
  }
  // Every occurrence of A is the base of one of those assignments: the
  // kernel reads no element of A.
  if (!Write || occurrences(Body, A) != Bases)
    return std::nullopt;
  std::vector<const Term *> Subs;
  baseOf((*Write)[0], Subs);
  std::vector<Term> Spans;
  std::set<std::string> Used;
  for (const Term *S : Subs) {
    auto Off = offsetOf(*S);
    if (!Off)
      return std::nullopt;
    auto It = llvm::find_if(
        Axes, [&](const Axis &X) { return X.Index == Off->first; });
    if (It == Axes.end() || !Used.insert(It->Index).second)
      return std::nullopt;
    Spans.push_back(
        Term::app("Span", {Term::string(It->Lb), Term::string(It->End),
                           Term::integer(Off->second)}));
  }
  // Each axis indexes A once: every iteration writes an element of its own.
  if (Used.size() != Axes.size())
    return std::nullopt;
  return Term::app("Box", {Term::list(std::move(Spans))});
}

//===--- What a kernel writes (rules launch-writes, launch-reads)

bool isUpdate(const Term &T) {
  return T.is(Term::App) && T.arity() >= 1 && isWriteHead(T.name()) &&
         T.name() != "AddrOf";
}

/// A call of a math function, which takes its arguments by value.
bool isMathCall(const Term &Call) {
  if (!Call[0].is(Term::Ident))
    return false;
  return isMathCallee(Call[0].name());
}

/// The names Body declares, or changes (assigns, steps, takes the address
/// of): a subscript naming none of them is the same in every iteration.
std::set<std::string> changedNames(const Term &Body) {
  std::set<std::string> Out;
  forEachSubterm(Body, [&](const Term &X) {
    if ((X.isApp("Decl") || X.isApp("ArrayDecl")) && X.arity() >= 1 &&
        X[0].is(Term::Ident))
      Out.insert(X[0].name());
    if (X.is(Term::App) && isWriteHead(X.name()) && X.arity() >= 1 &&
        X[0].is(Term::Ident))
      Out.insert(X[0].name());
    return true;
  });
  return Out;
}

/// One subscript's written range: [Lb + LoOff, End + HiOff) (host texts).
struct WriteSpan {
  std::string Lb, End;
  int64_t LoOff, HiOff;
};

/// The box of array A (Rank subscripts) that Body's writes stay in: per
/// subscript, an axis plus a constant (its extent, shifted) or a name the
/// body leaves alone plus a constant (that one element), the hull over
/// the writes when they agree on the names; no spans when Body never
/// writes A. Nothing when A is used in any
/// other way than as the base of a whole element (a call could write it
/// through a pointer), when a write is not through an element, or for
/// text the terms do not show.
std::optional<std::vector<WriteSpan>> writeBoxOf(const std::vector<Axis> &Axes,
                                                 const Term &Body,
                                                 const std::string &A,
                                                 unsigned Rank) {
  bool Bad = false;
  unsigned Elements = 0;
  std::vector<std::vector<const Term *>> Writes;
  std::set<std::string> Changed = changedNames(Body);
  forEachSubterm(Body, [&](const Term &X) {
    if (X.isIdent("Raw") || X.isApp("Raw"))
      Bad = true;
    if (X.isApp("AddrOf", 1) && occurrences(X[0], A))
      Bad = true; // a pointer into A
    if ((X.isApp("Dot", 2) || X.isApp("Arrow", 2)) && occurrences(X[0], A))
      Bad = true; // a member of an element: a method may change it
    if (X.isApp("Call", 2) && X[1].is(Term::List) && !isMathCall(X))
      for (const Term &Arg : X[1].args()) {
        std::vector<const Term *> Subs;
        const Term *B = baseOf(Arg, Subs);
        if (B && B->name() == A)
          Bad = true; // an element passed to a function, maybe by reference
      }
    if (isUpdate(X) && !X[0].is(Term::Ident)) {
      std::vector<const Term *> Subs;
      const Term *B = baseOf(X[0], Subs);
      if (B && B->name() == A)
        Writes.push_back(Subs);
      else if (!B && occurrences(X[0], A))
        Bad = true; // a write through something else that names A
    }
    if (X.isApp("Decl") && X.arity() >= 3 && X[1].is(Term::String) &&
        llvm::StringRef(X[1].name()).contains('&') && occurrences(X[2], A))
      Bad = true; // a reference into A
    return !Bad;
  });
  if (Bad)
    return std::nullopt;
  // Every occurrence of A is the base of an element of full rank.
  std::function<void(const Term &)> Count = [&](const Term &X) {
    std::vector<const Term *> Subs;
    if (X.isApp("Index", 2)) {
      const Term *B = baseOf(X, Subs);
      if (B && B->name() == A && Subs.size() == Rank)
        ++Elements;
      for (const Term *S : Subs)
        Count(*S);
      if (!B)
        for (const Term &C : X.args())
          Count(C);
      return;
    }
    if (X.is(Term::App) || X.is(Term::List)) {
      for (const Term &C : X.args())
        Count(C);
      if (X.tail())
        Count(X.tail());
    }
  };
  Count(Body);
  // A kernel array the body never names (reached through a member, a
  // lambda's capture, ...) could be written in a way the terms do not
  // show: no claim.
  unsigned Named = occurrences(Body, A);
  if (Named == 0 || Elements != Named)
    return std::nullopt;
  std::vector<WriteSpan> Box;
  for (const auto &Subs : Writes) {
    if (Subs.size() != Rank)
      return std::nullopt;
    for (unsigned D = 0; D < Rank; ++D) {
      auto Off = offsetOf(*Subs[D]);
      if (Subs[D]->is(Term::Int)) // a constant: that one element
        Off = std::make_pair(std::string("0"), Subs[D]->intValue());
      if (!Off)
        return std::nullopt;
      WriteSpan W;
      auto It = llvm::find_if(
          Axes, [&](const Axis &X) { return X.Index == Off->first; });
      if (It != Axes.end()) {
        if (Changed.count(It->Index))
          return std::nullopt; // declared again, or changed, in the body
        W = {It->Lb, It->End, Off->second, Off->second};
      } else if (Off->first == "0" && Subs[D]->is(Term::Int)) {
        W = {"0", "0", Off->second, Off->second + 1};
      } else if (!Changed.count(Off->first) &&
                 !llvm::StringRef(Off->first).starts_with("l2c_")) {
        W = {Off->first, Off->first, Off->second, Off->second + 1};
      } else {
        return std::nullopt;
      }
      if (Box.size() <= D) {
        Box.push_back(W);
      } else if (Box[D].Lb == W.Lb && Box[D].End == W.End) {
        Box[D].LoOff = std::min(Box[D].LoOff, W.LoOff);
        Box[D].HiOff = std::max(Box[D].HiOff, W.HiOff);
      } else {
        return std::nullopt;
      }
    }
  }
  return Box;
}

bool isRest(const Term &T) { return T.isApp("Rest", 2); }

} // namespace

std::optional<Term> withoutRest(const Term &D) {
  if (!D.is(Term::List) || D.tail())
    return std::nullopt;
  std::vector<Term> Out, Added;
  for (const Term &E : D.args()) {
    if (!isRest(E))
      Out.push_back(E);
    else if (E[1].is(Term::List))
      Added.insert(Added.end(), E[1].args().begin(), E[1].args().end());
  }
  for (const Term &A : Added)
    for (size_t I = Out.size(); I-- > 0;)
      if (Out[I] == A) {
        Out.erase(Out.begin() + I);
        break;
      }
  return Term::list(std::move(Out));
}

bool sameCopyModuloRest(const Term &X, const Term &Y) {
  if (!X.is(Term::App) || !Y.is(Term::App) || X.name() != Y.name() ||
      X.arity() != 4 || Y.arity() != 4 || X[0] != Y[0] || X[1] != Y[1] ||
      X[2] != Y[2])
    return false;
  auto DX = withoutRest(X[3]), DY = withoutRest(Y[3]);
  return DX && DY && *DX == *DY;
}

void registerOverwriteFacts(FactRegistry &R) {
  R.add("overwrittenDeps", 2,
        "overwrittenDeps(Over($dims, $body), Array($a, $t, $p, $n, readwrite, "
        "$deps)): $deps ++ added ++ [Rest(Box([Span(\"lb\", \"end\", offset), "
        "...]), added)], added the names in the bounds not in $deps, when "
        "every iteration of $dims (step 1) assigns a[i + offset]... in a "
        "statement of its own and $body reads no element of a",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term &O = A[0], &Arr = A[1];
          auto Axes = overAxes(O, Arr);
          if (!Axes || Axes->empty() || !Arr[4].isIdent("readwrite") ||
              llvm::any_of(Arr[5].args(), isRest))
            return std::nullopt;
          auto Box = boxOf(*Axes, O[1], Arr[0].name(), rankOf(Arr));
          if (!Box)
            return std::nullopt;
          // The names in the bounds join the dependencies, so that the copy
          // stays in their scope and (move-copies) below their writes; Rest
          // lists the ones it added, which sameCopyDeps leaves aside.
          std::set<std::string> Deps;
          for (const Term &D : Arr[5].args())
            if (D.is(Term::Ident))
              Deps.insert(D.name());
          std::vector<Term> Out(Arr[5].args().begin(), Arr[5].args().end());
          std::vector<Term> Added;
          for (const Axis &X : *Axes)
            for (llvm::StringRef Text : {X.Lb, X.End})
              for (const std::string &Id : identifiersOf(Text))
                if (Deps.insert(Id).second) {
                  Out.push_back(Term::ident(Id));
                  Added.push_back(Term::ident(Id));
                }
          Out.push_back(
              Term::app("Rest", {*Box, Term::list(std::move(Added))}));
          return Term::list(std::move(Out));
        });
  R.add(
      "writtenBoxDeps", 2,
      "writtenBoxDeps(Over($dims, $body), Array($a, $t, $p, $n, $acc, "
      "$deps)): $deps ++ [Wrote(Box([Span(\"lb\", \"end\", lo, hi), "
      "...]))], when $body uses a only as whole elements a[s]... and "
      "every one it writes has each s an index of $dims (step 1) or a "
      "name $body leaves alone, plus a constant: the elements "
      "[lb + lo, end + hi) hold all it writes; Wrote(NoWrite) when it "
      "writes none",
      [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
        const Term &O = A[0], &Arr = A[1];
        auto Axes = overAxes(O, Arr);
        if (!Axes)
          return std::nullopt;
        auto Box = writeBoxOf(*Axes, O[1], Arr[0].name(), rankOf(Arr));
        if (!Box)
          return std::nullopt;
        std::vector<Term> Spans;
        for (const WriteSpan &W : *Box)
          Spans.push_back(Term::app(
              "Span", {Term::string(W.Lb), Term::string(W.End),
                       Term::integer(W.LoOff), Term::integer(W.HiOff)}));
        std::vector<Term> Out(Arr[5].args().begin(), Arr[5].args().end());
        Out.push_back(Term::app(
            "Wrote", {Spans.empty()
                          ? Term::ident("NoWrite")
                          : Term::app("Box", {Term::list(std::move(Spans))})}));
        return Term::list(std::move(Out));
      });
  R.add("sameCopyDeps", 2,
        "sameCopyDeps($d1, $d2): the dependency lists of two copies of one "
        "array agree but for Rest entries",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          auto X = withoutRest(A[0]), Y = withoutRest(A[1]);
          return Term::boolean(X && Y && *X == *Y);
        });
}

} // namespace l2c
