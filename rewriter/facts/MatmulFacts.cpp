//===- MatmulFacts.cpp - Facts for tiling matrix-product kernels ----------===//
//
// What rule set tile-matmul (docs/rules/tile-matmul.md) must know before it
// tiles a 2-D kernel whose body sums products over a sequential k loop into
// one element C[i][j]: where the k loop is, its bounds, that every statement
// of its body accumulates into the same element, which array accesses of the
// summands depend on (i, k) and which on (k, j), and that no array read
// through them is written. Each fact answers one question; the rule reads
// as the list of conditions. docs/rule-language.md lists them.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

#include <algorithm>
#include <cstring>

namespace l2c {

namespace {

bool isProperList(const Term &T) { return T.is(Term::List) && !T.tail(); }

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

/// The identifier at the root of an Index chain (a in a[e1][e2]).
Term baseArray(const Term &T) {
  const Term *P = &T;
  while (P->isApp("Index", 2))
    P = &(*P)[0];
  return P->is(Term::Ident) && P != &T ? *P : Term();
}

void addOnce(std::vector<Term> &Out, const Term &T) {
  if (std::find(Out.begin(), Out.end(), T) == Out.end())
    Out.push_back(T);
}

/// Adds the identifiers of T to Out (heads of applications are not
/// identifiers; the member of Dot/Arrow is not a variable).
void identsOf(const Term &T, std::vector<Term> &Out) {
  if (T.is(Term::Ident)) {
    if (!T.isIdent("true") && !T.isIdent("false"))
      addOnce(Out, T);
    return;
  }
  if (T.isApp("Dot", 2) || T.isApp("Arrow", 2)) {
    identsOf(T[0], Out);
    return;
  }
  if (T.isApp("Cast", 2)) {
    identsOf(T[1], Out);
    return;
  }
  if (!T.is(Term::App) && !T.is(Term::List))
    return;
  for (const Term &E : T.args())
    identsOf(E, Out);
  if (T.is(Term::List) && T.tail())
    identsOf(T.tail(), Out);
}

/// Arithmetic that reads and never writes: the heads a summand or a
/// subscript of an operand may use.
bool isPureHead(const Term &T) {
  static const char *Heads[] = {"Add",  "Sub",  "Mul",    "Div",
                                "Rem",  "Shl",  "Shr",    "Neg",
                                "Plus", "Cast", "BitAnd", "BitOr"};
  for (const char *H : Heads)
    if (T.isApp(H))
      return true;
  return false;
}

/// A subscript built from identifiers, integers and pure arithmetic; its
/// identifiers go to Vars.
bool pureSubscript(const Term &T, std::vector<Term> &Vars) {
  if (T.is(Term::Int))
    return true;
  if (T.is(Term::Ident)) {
    addOnce(Vars, T);
    return true;
  }
  if (T.isApp("Cast", 2) && T[0].is(Term::String))
    return pureSubscript(T[1], Vars);
  if (!isPureHead(T))
    return false;
  for (const Term &E : T.args())
    if (!pureSubscript(E, Vars))
      return false;
  return true;
}

/// The operands and free scalars of the summands of one matrix product.
struct Operands {
  const Term &Y, &X, &K;
  std::vector<Term> YOps, XOps, Scalars;

  /// Classifies the array accesses of E: an access whose subscripts use y
  /// (and perhaps k) but not x is a y-operand, one that uses x but not y an
  /// x-operand. False for anything else: an access with both or neither,
  /// y, x or k outside an access, a call, an assignment.
  bool walk(const Term &E) {
    if (E.is(Term::Int) || E.is(Term::Float))
      return true;
    if (E.is(Term::Ident)) {
      if (E == Y || E == X || E == K)
        return false;
      addOnce(Scalars, E);
      return true;
    }
    if (E.isApp("Index", 2))
      return access(E);
    if (E.isApp("Cast", 2) && E[0].is(Term::String))
      return walk(E[1]);
    if (!isPureHead(E))
      return false;
    for (const Term &A : E.args())
      if (!walk(A))
        return false;
    return true;
  }

  bool access(const Term &E) {
    std::vector<Term> Vars;
    const Term *P = &E;
    while (P->isApp("Index", 2)) {
      if (!pureSubscript((*P)[1], Vars))
        return false;
      P = &(*P)[0];
    }
    if (!P->is(Term::Ident))
      return false;
    bool UsesY = false, UsesX = false;
    for (const Term &V : Vars) {
      if (V == Y)
        UsesY = true;
      else if (V == X)
        UsesX = true;
      else if (V != K)
        addOnce(Scalars, V);
    }
    if (UsesY == UsesX)
      return false;
    addOnce(UsesY ? YOps : XOps, E);
    return true;
  }
};

/// A write or an address-of (the list is Facts.h's isWriteHead).
bool isWriteHead(const Term &T) {
  return T.is(Term::App) && l2c::isWriteHead(T.name());
}

/// May T write an element of array A? Conservative: any write or address
/// of an access rooted at A, and any use of A other than as the root of an
/// access (passed to a call, copied into a pointer).
bool mayWriteArray(const Term &T, const Term &A) {
  if (T == A)
    return true;
  if (T.isApp("Index", 2)) {
    const Term *P = &T;
    while (P->isApp("Index", 2)) {
      if (mayWriteArray((*P)[1], A))
        return true;
      P = &(*P)[0];
    }
    return *P != A && mayWriteArray(*P, A);
  }
  if (isWriteHead(T) && T.arity() >= 1 && baseArray(T[0]) == A)
    return true;
  if (!T.is(Term::App) && !T.is(Term::List))
    return false;
  for (const Term &E : T.args())
    if (mayWriteArray(E, A))
      return true;
  return T.is(Term::List) && T.tail() && mayWriteArray(T.tail(), A);
}

/// Does every occurrence of array C in T lie in a subterm equal to Ct?
bool onlyAt(const Term &T, const Term &C, const Term &Ct) {
  if (T == Ct)
    return true;
  if (T == C)
    return false;
  if (!T.is(Term::App) && !T.is(Term::List))
    return true;
  for (const Term &E : T.args())
    if (!onlyAt(E, C, Ct))
      return false;
  return !T.is(Term::List) || !T.tail() || onlyAt(T.tail(), C, Ct);
}

const Term *findArray(const Term &Arrays, const Term &A) {
  if (!isProperList(Arrays))
    return nullptr;
  for (const Term &E : Arrays.args())
    if (E.isApp("Array", 6) && E[0] == A)
      return &E;
  return nullptr;
}

bool hasAlias(const Term &Array, const Term &B) {
  if (!isProperList(Array[5]))
    return true;
  for (const Term &D : Array[5].args())
    if (D.isApp("Alias", 1) && D[0] == B)
      return true;
  return false;
}

/// The scalar of an element type: "float[64]" -> "float".
std::optional<Term> scalarType(const Term &T) {
  if (!T.is(Term::String))
    return std::nullopt;
  std::string S = T.name();
  while (!S.empty() && S.back() == ']') {
    size_t Open = S.rfind('[');
    if (Open == std::string::npos)
      return std::nullopt;
    S.erase(Open);
  }
  while (!S.empty() && S.back() == ' ')
    S.pop_back();
  for (const char *Q : {"const ", "volatile "})
    while (S.rfind(Q, 0) == 0)
      S.erase(0, std::strlen(Q));
  if (S.empty() || S.find_first_of("*&(") != std::string::npos)
    return std::nullopt;
  return Term::string(S);
}

/// Does subscript S move by one element when V does: V itself, or V plus
/// or minus terms free of V?
bool unitIn(const Term &S, const Term &V) {
  if (S == V)
    return true;
  if (S.isApp("Cast", 2))
    return unitIn(S[1], V);
  if (S.isApp("Add", 2))
    return (unitIn(S[0], V) && !occursIn(V, S[1])) ||
           (unitIn(S[1], V) && !occursIn(V, S[0]));
  if (S.isApp("Sub", 2))
    return unitIn(S[0], V) && !occursIn(V, S[1]);
  return false;
}

} // namespace

void registerMatmulFacts(FactRegistry &R) {
  R.add("splitAtLoop", 1,
        "splitAtLoop($body): Split([pre], For(...), [post]) when the "
        "statement list $body holds exactly one For at its top level",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]))
            return std::nullopt;
          const auto &S = A[0].args();
          size_t At = S.size();
          for (size_t I = 0; I < S.size(); ++I) {
            if (S[I].is(Term::List))
              return std::nullopt; // a spliced list: look no further
            if (!S[I].isApp("For", 4))
              continue;
            if (At != S.size())
              return std::nullopt;
            At = I;
          }
          if (At == S.size())
            return std::nullopt;
          return Term::app(
              "Split",
              {Term::list(std::vector<Term>(S.begin(), S.begin() + At)), S[At],
               Term::list(std::vector<Term>(S.begin() + At + 1, S.end()))});
        });
  R.add("countedLoop", 1,
        "countedLoop($for): Counted(k, lb, end, [body]) when $for is "
        "for (k = lb or T k = lb; k < end; ++k, k++ or k += 1) { body }",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term &F = A[0];
          if (!F.isApp("For", 4) || !isProperList(F[3]))
            return std::nullopt;
          Term K, Lb;
          if (F[0].isApp("Assign", 2)) {
            K = F[0][0];
            Lb = F[0][1];
          } else if (F[0].isApp("Decl", 3)) {
            K = F[0][0];
            Lb = F[0][2];
          } else {
            return std::nullopt;
          }
          if (!K.is(Term::Ident) || !F[1].isApp("Lt", 2) || F[1][0] != K)
            return std::nullopt;
          const Term &Inc = F[2];
          bool Unit = ((Inc.isApp("PreInc", 1) || Inc.isApp("PostInc", 1)) &&
                       Inc[0] == K) ||
                      (Inc.isApp("AddAssign", 2) && Inc[0] == K &&
                       Inc[1].is(Term::Int) && Inc[1].intValue() == 1);
          if (!Unit)
            return std::nullopt;
          return Term::app("Counted", {K, Lb, F[1][1], F[3]});
        });
  R.add("summands", 1,
        "summands($stmts): Accum(t, [e...]) when every statement of the "
        "non-empty list $stmts is t += e or t -= e, with the same target t",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]) || A[0].arity() == 0)
            return std::nullopt;
          Term Target;
          std::vector<Term> Es;
          for (const Term &S : A[0].args()) {
            if (!S.isApp("AddAssign", 2) && !S.isApp("SubAssign", 2))
              return std::nullopt;
            if (Target && S[0] != Target)
              return std::nullopt;
            Target = S[0];
            Es.push_back(S[1]);
          }
          return Term::app("Accum", {Target, Term::list(std::move(Es))});
        });
  R.add("baseArray", 1,
        "baseArray($t): the array a of an access a[e1]...[en]; no answer "
        "for anything else",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          Term B = baseArray(A[0]);
          if (!B)
            return std::nullopt;
          return B;
        });
  R.add("onlyAccess", 3,
        "onlyAccess($body, $c, $t): every occurrence of the array $c in "
        "$body is inside the access $t",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(onlyAt(A[0], A[1], A[2]));
        });
  R.add("productOperands", 4,
        "productOperands($es, $y, $x, $k): Operands([y-operands], "
        "[x-operands], [scalars]) when the expressions $es are pure "
        "arithmetic over array accesses that use $y or $x (not both, $k "
        "perhaps), other identifiers and numbers; $y, $x and $k appear only "
        "inside accesses",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]))
            return std::nullopt;
          Operands O{A[1], A[2], A[3], {}, {}, {}};
          for (const Term &E : A[0].args())
            if (!O.walk(E))
              return std::nullopt;
          return Term::app("Operands", {Term::list(O.YOps), Term::list(O.XOps),
                                        Term::list(O.Scalars)});
        });
  R.add("readOnlyOperands", 3,
        "readOnlyOperands($ops, $body, $arrays): the array of every access in "
        "$ops is in $arrays, is never written (nor address-taken, nor passed) "
        "in $body, and may not share the memory of an array that $body may "
        "write (no Alias either way)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]) || !isProperList(A[2]))
            return std::nullopt;
          for (const Term &Op : A[0].args()) {
            Term B = baseArray(Op);
            const Term *Arr = B ? findArray(A[2], B) : nullptr;
            if (!Arr || mayWriteArray(A[1], B))
              return Term::boolean(false);
            for (const Term &W : A[2].args())
              if (W.isApp("Array", 6) && mayWriteArray(A[1], W[0]) &&
                  (hasAlias(*Arr, W[0]) || hasAlias(W, B)))
                return Term::boolean(false);
          }
          return Term::boolean(true);
        });
  R.add("declOf", 2,
        "declOf($stmts, $x): the top-level statement Decl($x, \"T\", init) "
        "of the list $stmts; no answer when there is none or several",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]))
            return std::nullopt;
          std::optional<Term> Found;
          for (const Term &S : A[0].args()) {
            if (!S.isApp("Decl") || S.arity() < 1 || S[0] != A[1])
              continue;
            if (Found || S.arity() != 3)
              return std::nullopt;
            Found = S;
          }
          return Found;
        });
  R.add("without", 2,
        "without($list, $x): the list $list less its elements equal to $x",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]))
            return std::nullopt;
          std::vector<Term> Out;
          for (const Term &E : A[0].args())
            if (E != A[1])
              Out.push_back(E);
          return Term::list(std::move(Out));
        });
  R.add("elementScalar", 2,
        "elementScalar($arrays, $a): the scalar type of the elements of "
        "array $a, without const (\"float\" for an Array entry of type "
        "\"const float[64]\")",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term *Arr = findArray(A[0], A[1]);
          if (!Arr)
            return std::nullopt;
          return scalarType((*Arr)[1]);
        });
  R.add("identsOf", 1,
        "identsOf($t): the distinct identifiers that $t reads, in order",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          std::vector<Term> Out;
          identsOf(A[0], Out);
          return Term::list(std::move(Out));
        });
  R.add("paramsAmong", 2,
        "paramsAmong($vars, $params): every identifier of the list $vars "
        "names a Param of the list $params",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]) || !isProperList(A[1]))
            return std::nullopt;
          for (const Term &V : A[0].args()) {
            bool Found = false;
            for (const Term &P : A[1].args())
              Found |= P.isApp("Param", 2) && P[0] == V;
            if (!Found)
              return Term::boolean(false);
          }
          return Term::boolean(true);
        });
  R.add("mayWriteAny", 2,
        "mayWriteAny($body, $vars): $body may write one of the variables of "
        "the list $vars (as mayWrite)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[1]))
            return std::nullopt;
          for (const Term &V : A[1].args())
            if (termMayWrite(A[0], V))
              return Term::boolean(true);
          return Term::boolean(false);
        });
  R.add("declaredIn", 1,
        "declaredIn($stmts): the variables that the top-level Decl and "
        "ArrayDecl statements of the list $stmts declare",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]))
            return std::nullopt;
          std::vector<Term> Out;
          for (const Term &S : A[0].args())
            if ((S.isApp("Decl") || S.isApp("ArrayDecl")) && S.arity() >= 1)
              addOnce(Out, S[0]);
          return Term::list(std::move(Out));
        });
  R.add("mentionsAny", 2,
        "mentionsAny($t, $vars): one of the terms of the list $vars occurs "
        "in $t",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[1]))
            return std::nullopt;
          for (const Term &V : A[1].args())
            if (occursIn(V, A[0]))
              return Term::boolean(true);
          return Term::boolean(false);
        });
  R.add("unitIn", 2,
        "unitIn($access, $v): the last subscript of the access $access moves "
        "by one element when $v does ($v, or $v plus terms free of $v)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[0].isApp("Index", 2))
            return std::nullopt;
          return Term::boolean(unitIn(A[0][1], A[1]));
        });
}

} // namespace l2c
