//===- MapFacts.cpp - Facts for vectorising element-wise map kernels ------===//
//
// What rule set vectorize-map (docs/rules/vectorize-map.md) must know before
// it lets one thread run W consecutive iterations of a 1-D kernel through
// 16-byte loads and stores: that the body touches every array only as a[i]
// with the iteration's own i (so iteration i + l sees lane l of one vector),
// that the arrays have element types with a 16-byte vector form of one width,
// and which arrays need loading and which storing. Whether a written array
// is another array (saxpy(n, a, y, y)) is for the kernel to test at run
// time: the rule's guard. docs/rule-language.md lists them.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

#include <algorithm>

namespace l2c {

namespace {

bool isProperList(const Term &T) { return T.is(Term::List) && !T.tail(); }

const Term *findArray(const Term &Arrays, const Term &A) {
  for (const Term &E : Arrays.args())
    if (E.isApp("Array", 6) && E[0] == A)
      return &E;
  return nullptr;
}

bool occursIn(const Term &Needle, const Term &T) {
  if (T == Needle)
    return true;
  if (!T.is(Term::App) && !T.is(Term::List))
    return false;
  for (const Term &E : T.args())
    if (occursIn(Needle, E))
      return true;
  return T.is(Term::List) && T.tail() && occursIn(Needle, T.tail());
}

/// The 16-byte vector type of an element type and its number of lanes.
std::pair<const char *, int> vectorOf(const std::string &Elem) {
  if (Elem == "float")
    return {"float4", 4};
  if (Elem == "int")
    return {"int4", 4};
  if (Elem == "unsigned int" || Elem == "unsigned")
    return {"uint4", 4};
  if (Elem == "double")
    return {"double2", 2};
  if (Elem == "long long")
    return {"longlong2", 2};
  return {nullptr, 0};
}

/// Walks a kernel body: every kernel array must appear only as Index(a, I),
/// never under AddrOf nor as the array of another subscript; I only there.
/// Control that leaves an iteration early (one thread now runs several)
/// and the grid loop's own names are refused.
struct Walker {
  const Term &I;
  const Term &Arrays;
  std::vector<Term> Used; // kernel arrays, in order of appearance

  bool isArray(const Term &T) const {
    return T.is(Term::Ident) && findArray(Arrays, T);
  }
  bool walk(const Term &T) {
    if (T == I || isArray(T))
      return false; // I or an array outside a[I]
    if (T.isIdent("l2c_k") || T.isIdent("l2c_begin") || T.isIdent("l2c_count"))
      return false;
    if (T.isApp("Continue") || T.isIdent("Continue") || T.isApp("Break") ||
        T.isIdent("Break") || T.isApp("Return") || T.isIdent("Return") ||
        T.isApp("Goto") || T.isIdent("SyncThreads") || T.isApp("LastPrivate"))
      return false;
    if (T.isApp("Index", 2) && isArray(T[0])) {
      if (T[1] != I)
        return false;
      if (std::find(Used.begin(), Used.end(), T[0]) == Used.end())
        Used.push_back(T[0]);
      return true;
    }
    if (T.isApp("Index", 2) && T[0].isApp("Index", 2) && isArray(T[0][0]))
      return false; // a[i][j]: not a 1-D element
    if (T.isApp("AddrOf", 1) && T[0].isApp("Index", 2) && isArray(T[0][0]))
      return false;
    if (!T.is(Term::App) && !T.is(Term::List))
      return true;
    for (const Term &E : T.args())
      if (!walk(E))
        return false;
    return !T.is(Term::List) || !T.tail() || walk(T.tail());
  }
};

/// Does T hold A[..] anywhere?
bool mentionsElement(const Term &T, const Term &A) {
  if (T.isApp("Index", 2) && T[0] == A)
    return true;
  if (!T.is(Term::App) && !T.is(Term::List))
    return false;
  for (const Term &E : T.args())
    if (mentionsElement(E, A))
      return true;
  return T.is(Term::List) && T.tail() && mentionsElement(T.tail(), A);
}

/// May T write an element of A: an assignment or increment of A[..], or
/// A[..] passed to a call (perhaps by reference) unless A's elements are
/// const (ReadOnly)?
bool writesElement(const Term &T, const Term &A, bool ReadOnly) {
  static const char *Heads[] = {
      "Assign",    "AddAssign", "SubAssign", "MulAssign", "DivAssign",
      "RemAssign", "ShlAssign", "ShrAssign", "AndAssign", "OrAssign",
      "XorAssign", "PreInc",    "PreDec",    "PostInc",   "PostDec"};
  auto IsElement = [&](const Term &E) {
    return E.isApp("Index", 2) && E[0] == A;
  };
  if (T.is(Term::App)) {
    // `float &e = a[i];`: a non-const reference writes through to a[i]
    // (the range-based for over a vector with `auto &e`).
    if (T.isApp("Decl", 3) && T[1].is(Term::String) &&
        T[1].name().find('&') != std::string::npos &&
        T[1].name().rfind("const ", 0) != 0 && mentionsElement(T[2], A))
      return true;
    for (const char *H : Heads)
      if (T.isApp(H) && T.arity() >= 1 && IsElement(T[0]))
        return true;
    if (!ReadOnly && T.isApp("Call", 2) && T[1].is(Term::List))
      for (const Term &Arg : T[1].args())
        if (IsElement(Arg))
          return true;
  }
  if (!T.is(Term::App) && !T.is(Term::List))
    return false;
  for (const Term &E : T.args())
    if (writesElement(E, A, ReadOnly))
      return true;
  return T.is(Term::List) && T.tail() && writesElement(T.tail(), A, ReadOnly);
}

/// Does the first top-level statement of Body that mentions A store A[I]
/// from an expression that does not read A (so the old value is dead)?
bool storedFirst(const Term &Body, const Term &A, const Term &I) {
  for (const Term &S : Body.args()) {
    if (!occursIn(A, S))
      continue;
    return S.isApp("Assign", 2) && S[0].isApp("Index", 2) && S[0][0] == A &&
           S[0][1] == I && !occursIn(A, S[1]);
  }
  return false;
}

} // namespace

void registerMapFacts(FactRegistry &R) {
  R.add("vectorMap", 4,
        "vectorMap($body, $i, $arrays, $params): Vector(w, [VArray(a, \"V\", "
        "load, "
        "store)...]) when every array of $arrays that the list $body touches "
        "appears only as a[$i] (never a[$i][..], &a[$i] or bare), $i nowhere "
        "else, no statement leaves the iteration early, the element types have "
        "16-byte vector forms V of one width w (float4, int4, uint4, double2, "
        "longlong2); load is false where the first statement naming a "
        "overwrites a[$i] (access "
        "write), store where $body may write a (an element passed to a call "
        "counts unless "
        "a's Param in $params has a const element type)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term &Body = A[0], &I = A[1], &Arrays = A[2], &Params = A[3];
          if (!isProperList(Body) || !isProperList(Arrays) ||
              !isProperList(Params) || !I.is(Term::Ident) ||
              termMayWrite(Body, I))
            return std::nullopt;
          Walker W{I, Arrays, {}};
          if (!W.walk(Body) || W.Used.empty())
            return std::nullopt;
          int Width = 0;
          std::vector<Term> Out;
          for (const Term &Name : W.Used) {
            const Term &Arr = *findArray(Arrays, Name);
            auto [Vec, Lanes] = vectorOf(Arr[1].name());
            if (!Vec || (Width && Lanes != Width))
              return std::nullopt;
            Width = Lanes;
            bool ReadOnly = false;
            for (const Term &P : Params.args())
              if (P.isApp("Param", 2) && P[0] == Name)
                ReadOnly = P[1].name().rfind("const ", 0) == 0;
            bool Store = writesElement(Body, Name, ReadOnly);
            bool Load =
                !(Arr[4].isIdent("write") && storedFirst(Body, Name, I));
            Out.push_back(Term::app("VArray", {Name, Term::string(Vec),
                                               Term::boolean(Load),
                                               Term::boolean(Store)}));
          }
          return Term::app("Vector",
                           {Term::integer(Width), Term::list(std::move(Out))});
        });
}

} // namespace l2c
