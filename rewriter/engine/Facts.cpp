//===- Facts.cpp - The registry and the standard facts --------------------===//

#include "engine/Facts.h"

#include <algorithm>
#include <cstring>

namespace l2c {

void FactRegistry::add(std::string Name, int Arity, std::string Doc,
                       FactFn Fn) {
  Fact F{Name, Arity, std::move(Doc), std::move(Fn)};
  Facts[Name] = std::move(F);
}

const Fact *FactRegistry::lookup(llvm::StringRef Name) const {
  auto It = Facts.find(Name);
  return It == Facts.end() ? nullptr : &It->second;
}

std::vector<const Fact *> FactRegistry::all() const {
  std::vector<const Fact *> Out;
  for (const auto &E : Facts)
    Out.push_back(&E.second);
  std::sort(Out.begin(), Out.end(),
            [](const Fact *A, const Fact *B) { return A->Name < B->Name; });
  return Out;
}

bool isTrue(const Term &T) {
  // Every condition asks: compare the name without strlen.
  if (T.is(Term::Ident)) {
    const std::string &N = T.name();
    return N.size() == 4 && std::memcmp(N.data(), "true", 4) == 0;
  }
  if (T.is(Term::Int))
    return T.intValue() != 0;
  return false;
}

static bool isProperList(const Term &T) {
  return T.is(Term::List) && !T.tail();
}

/// True when Needle occurs anywhere inside T.
static bool occurs(const Term &Needle, const Term &T) {
  if (T == Needle)
    return true;
  if (T.is(Term::App) || T.is(Term::List)) {
    for (const Term &A : T.args())
      if (occurs(Needle, A))
        return true;
    if (T.tail())
      return occurs(Needle, T.tail());
  }
  return false;
}

/// A term an expression can repeat instead of naming a temporary: reading
/// it twice costs little and has no effect (isSimple). Depth-limited.
static bool isSimpleOperand(const Term &T, unsigned Depth) {
  if (Depth > 4)
    return false;
  if (T.is(Term::Ident) || T.is(Term::Int) || T.is(Term::Float))
    return true;
  if (T.isApp("Index", 2))
    return isSimpleOperand(T[0], Depth + 1) && isSimpleOperand(T[1], Depth + 1);
  if (T.isApp("Dot", 2))
    return isSimpleOperand(T[0], Depth + 1) && T[1].is(Term::Ident);
  if (T.isApp("Cast", 2))
    return T[0].is(Term::String) && isSimpleOperand(T[1], Depth + 1);
  return false;
}

void registerStandardFacts(FactRegistry &R) {
  R.add("member", 2, "member($x, $list): $x is an element of $list",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[1].is(Term::List))
            return std::nullopt;
          const auto &E = A[1].args();
          return Term::boolean(std::find(E.begin(), E.end(), A[0]) != E.end());
        });
  R.add("indexOf", 2,
        "indexOf($x, $list): the position of the first $x in $list, from 0; "
        "no answer when it is not there",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[1].is(Term::List))
            return std::nullopt;
          const auto &E = A[1].args();
          auto It = std::find(E.begin(), E.end(), A[0]);
          if (It == E.end())
            return std::nullopt;
          return Term::integer(static_cast<int64_t>(It - E.begin()));
        });
  R.add("length", 1, "length($list): the number of elements",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]))
            return std::nullopt;
          return Term::integer(static_cast<int64_t>(A[0].arity()));
        });
  R.add("last", 1, "last($list): the last element; no answer for []",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]) || A[0].args().empty())
            return std::nullopt;
          return A[0].args().back();
        });
  R.add("init", 1, "init($list): all elements but the last",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]) || A[0].args().empty())
            return std::nullopt;
          std::vector<Term> E(A[0].args().begin(), A[0].args().end() - 1);
          return Term::list(std::move(E));
        });
  R.add("append", 2, "append($list, $x): $list with $x added at the end",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]))
            return std::nullopt;
          std::vector<Term> E = A[0].args();
          E.push_back(A[1]);
          return Term::list(std::move(E));
        });
  R.add("concat", 2, "concat($a, $b): the elements of $a, then those of $b",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!isProperList(A[0]) || !A[1].is(Term::List))
            return std::nullopt;
          return Term::list(A[0].args(), A[1]);
        });
  R.add("occurs", 2, "occurs($x, $t): $x is a subterm of $t",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(occurs(A[0], A[1]));
        });
  R.add("firstCall", 2,
        "firstCall($f, $t): the first call Call($f, args) in $t, its nodes "
        "visited parent first, left to right; no answer if there is none",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          std::optional<Term> Found;
          forEachSubterm(A[1], [&](const Term &T) {
            if (!Found && T.isApp("Call", 2) && T[0] == A[0])
              Found = T;
            return !Found;
          });
          return Found;
        });
  R.add("isInt", 1, "isInt($x): $x is an integer atom",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(A[0].is(Term::Int));
        });
  R.add("isIdent", 1, "isIdent($x): $x is an identifier atom",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(A[0].is(Term::Ident));
        });
  R.add("isPowerOfTwo", 1, "isPowerOfTwo($n): $n is an integer 2^k, k >= 0",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          int64_t N = A[0].intValue();
          return Term::boolean(A[0].is(Term::Int) && N > 0 &&
                               (N & (N - 1)) == 0);
        });
  R.add("isSimple", 1,
        "isSimple($t): $t reads a value without effects and cheaply: a "
        "variable, a number, a[i] or s.m of such terms, or a cast of one",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(isSimpleOperand(A[0], 0));
        });
  R.add("ident", -1,
        "ident($a, $b, ...): the identifier spelled by joining the atoms",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          std::string S;
          for (const Term &T : A) {
            if (T.is(Term::App) || T.is(Term::List) || T.is(Term::Var))
              return std::nullopt;
            S += T.name() + (T.is(Term::Int) ? T.intSuffix() : "");
          }
          return Term::ident(S);
        });
  R.add("text", 1, "text($t): the canonical text of $t as a string atom",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (A[0].is(Term::String))
            return A[0];
          return Term::string(A[0].str());
        });
}

} // namespace l2c
