//===- AffineTerms.cpp - Kernel terms as isl text -------------------------===//

#include "facts/AffineTerms.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

namespace l2c::affine {

namespace {

/// A host expression of the launch ("i", "n - 1", "2 * k + 1") as a term,
/// or a null term for anything else (calls, macros with arguments, ...).
class HostText {
public:
  explicit HostText(llvm::StringRef S) : S(S) {}
  Term parse() {
    Term T = sum();
    skip();
    return At == S.size() ? T : Term();
  }

private:
  llvm::StringRef S;
  size_t At = 0;
  void skip() {
    while (At < S.size() && S[At] == ' ')
      ++At;
  }
  bool eat(char C) {
    skip();
    if (At < S.size() && S[At] == C) {
      ++At;
      return true;
    }
    return false;
  }
  Term sum() {
    Term L = product();
    while (L) {
      if (eat('+'))
        L = join("Add", L, product());
      else if (eat('-'))
        L = join("Sub", L, product());
      else
        break;
    }
    return L;
  }
  Term product() {
    Term L = atom();
    while (L && eat('*'))
      L = join("Mul", L, atom());
    return L;
  }
  static Term join(const char *Op, const Term &L, const Term &R) {
    return R ? Term::app(Op, {L, R}) : Term();
  }
  Term atom() {
    skip();
    if (eat('('))
      return [&] {
        Term T = sum();
        return eat(')') ? T : Term();
      }();
    if (eat('-')) {
      Term T = atom();
      return T ? Term::app("Neg", {T}) : Term();
    }
    size_t B = At;
    while (At < S.size() && (llvm::isAlnum(S[At]) || S[At] == '_'))
      ++At;
    llvm::StringRef W = S.slice(B, At);
    if (W.empty())
      return Term();
    if (llvm::isDigit(W[0])) {
      int64_t V;
      return W.getAsInteger(10, V) ? Term() : Term::integer(V);
    }
    return Term::ident(W.str());
  }
};

} // namespace

Term parseHostText(llvm::StringRef S) { return HostText(S).parse(); }

bool isIntegerType(llvm::StringRef T) {
  static const char *Types[] = {"int",
                                "unsigned",
                                "unsigned int",
                                "long",
                                "unsigned long",
                                "long long",
                                "unsigned long long",
                                "short",
                                "unsigned short",
                                "size_t",
                                "std::size_t",
                                "ptrdiff_t",
                                "std::ptrdiff_t",
                                "int64_t",
                                "int32_t",
                                "std::int64_t",
                                "std::int32_t"};
  return llvm::is_contained(Types, T.trim());
}

bool isArithmeticType(llvm::StringRef T) {
  return isIntegerType(T) || T == "float" || T == "double" ||
         T == "long double";
}

/// E as isl text over the names it reads, each prefixed "v_" (isl has
/// keywords such as `min`); std::nullopt when E is not affine.
std::optional<std::string> affineText(const Term &E, Names &Used) {
  if (E.is(Term::Int))
    return std::to_string(E.intValue());
  if (E.is(Term::Ident)) {
    llvm::StringRef N = E.name();
    if (N.empty() || N.contains(':'))
      return std::nullopt;
    Used.insert(N.str());
    return "v_" + N.str();
  }
  if ((E.isApp("Add", 2) || E.isApp("Sub", 2))) {
    auto A = affineText(E[0], Used), B = affineText(E[1], Used);
    if (!A || !B)
      return std::nullopt;
    return "(" + *A + (E.isApp("Add") ? " + " : " - ") + *B + ")";
  }
  if (E.isApp("Mul", 2)) {
    for (int C = 0; C < 2; ++C)
      if (E[C].is(Term::Int)) {
        auto X = affineText(E[1 - C], Used);
        if (!X)
          return std::nullopt;
        return "(" + std::to_string(E[C].intValue()) + " * " + *X + ")";
      }
    return std::nullopt;
  }
  if (E.isApp("Neg", 1)) {
    auto X = affineText(E[0], Used);
    return X ? std::optional("(-" + *X + ")") : std::nullopt;
  }
  if (E.isApp("Plus", 1))
    return affineText(E[0], Used);
  if (E.isApp("Cast", 2) && E[0].is(Term::String) && isIntegerType(E[0].name()))
    return affineText(E[1], Used);
  return std::nullopt;
}

/// E is built of threadIdx, blockIdx, blockDim and gridDim by + and *: the
/// start and stride of a grid-stride loop, never negative.
bool isGridValue(const Term &E) {
  if (E.isApp("Dot", 2) && E[0].is(Term::Ident))
    return llvm::is_contained({"threadIdx", "blockIdx", "blockDim", "gridDim"},
                              E[0].name());
  if (E.isApp("Cast", 2))
    return isGridValue(E[1]);
  if (E.isApp("Add", 2) || E.isApp("Mul", 2))
    return isGridValue(E[0]) && isGridValue(E[1]);
  return false;
}

std::optional<ArrayShape> arrayShape(llvm::StringRef Type) {
  std::string T = Type.str();
  for (const char *Q : {"__restrict__", "const "})
    for (size_t At; (At = T.find(Q)) != std::string::npos;)
      T.erase(At, strlen(Q));
  ArrayShape A;
  llvm::StringRef R(T);
  R = R.trim();
  if (size_t P = R.find("(*"); P != llvm::StringRef::npos) {
    A.Element = R.take_front(P).trim().str();
    llvm::StringRef After = R.drop_front(P + 2).ltrim();
    if (!After.consume_front(")"))
      return std::nullopt;
    A.Rank = 1 + After.count('[');
  } else if (R.consume_back("*")) {
    A.Element = R.trim().str();
    A.Rank = 1;
  } else {
    return std::nullopt;
  }
  if (!isArithmeticType(A.Element))
    return std::nullopt;
  for (char C : T)
    if (C != ' ')
      A.Shape += C;
  return A;
}

} // namespace l2c::affine
