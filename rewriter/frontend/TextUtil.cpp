//===- TextUtil.cpp - Helpers on host source text -------------------------===//
//
// Small helpers on the source text that the analysis puts into terms
// (bounds, extents): identifiers, folding of constants, the variables a
// clause's text names.
//
//===----------------------------------------------------------------------===//

#include "frontend/TextUtil.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>
#include <cstring>

using llvm::StringRef;

namespace l2c {
namespace detail {

bool isIdentifierText(StringRef S) {
  if (S.empty() || !(isalpha(S[0]) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!(isalnum(C) || C == '_'))
      return false;
  return true;
}

bool isSimpleText(StringRef S) {
  if (isIdentifierText(S))
    return true;
  if (S.empty())
    return false;
  for (char C : S)
    if (!isalnum(C) && C != '.')
      return false;
  return true;
}

/// Text for `Base + K` (K may be negative), folding a trailing constant of
/// Base: ("n - 1", 1) -> "n". Base is parenthesised where needed.
std::string addConstant(StringRef Base, int64_t K) {
  Base = Base.trim();
  if (K == 0)
    return Base.str();
  // A literal: fold it.
  if (!Base.empty() && Base.size() < 15 &&
      llvm::all_of(Base, [](char C) { return isdigit(C); }))
    return std::to_string(std::stoll(Base.str()) + K);
  // Only + - * / % and operands: a trailing "+ c" / "- c" can be folded and
  // "Base + K" needs no parentheses.
  bool Plain = true;
  int Depth = 0;
  for (char C : Base) {
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      --Depth;
    else if (Depth == 0 &&
             !(isalnum(C) || C == '_' || C == ' ' || C == '.' || C == '+' ||
               C == '-' || C == '*' || C == '/' || C == '%'))
      Plain = false;
  }
  if (Base.contains("->") || Base.contains("--") || Base.contains("++"))
    Plain = false;
  std::string Head = Base.str();
  if (Plain) {
    size_t End = Base.size();
    size_t I = End;
    while (I > 0 && isdigit(Base[I - 1]))
      --I;
    size_t J = I;
    while (J > 0 && Base[J - 1] == ' ')
      --J;
    if (I < End && J > 0 && (Base[J - 1] == '+' || Base[J - 1] == '-') &&
        (J == 1 || Base[J - 2] == ' ') && End - I < 15) {
      // "n + -1": the '-' is a sign, and the head would end in '+'.
      StringRef H = Base.take_front(J - 1).rtrim();
      if (!H.empty() && !strchr("+-*/%", H.back())) {
        int64_t C = std::stoll(Base.slice(I, End).str());
        K += Base[J - 1] == '+' ? C : -C;
        Head = H.str();
        if (K == 0)
          return Head;
      }
    }
  } else {
    Head = "(" + Head + ")";
  }
  return Head + (K > 0 ? " + " : " - ") + std::to_string(K > 0 ? K : -K);
}

/// Identifiers in host text that look like variables (not calls, members
/// or keywords): the deps of a clause's texts.
void collectTextIdents(StringRef Text, std::set<std::string> &Out) {
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (isalpha(C) || C == '_') {
      size_t J = I;
      while (J < Text.size() && (isalnum(Text[J]) || Text[J] == '_'))
        ++J;
      StringRef Id = Text.slice(I, J);
      bool Member = I > 0 && (Text[I - 1] == '.' ||
                              (I > 1 && Text.slice(I - 2, I) == "->"));
      size_t K = J;
      while (K < Text.size() && Text[K] == ' ')
        ++K;
      bool Call = K < Text.size() && (Text[K] == '(' || Text[K] == ':');
      if (!Member && !Call && Id != "sizeof" && Id != "true" && Id != "false")
        Out.insert(Id.str());
      I = J;
    } else if (isdigit(C)) {
      while (I < Text.size() && (isalnum(Text[I]) || Text[I] == '.'))
        ++I;
    } else {
      ++I;
    }
  }
}

} // namespace detail
} // namespace l2c
