//===- BoxArguments.cpp - Printed bounds of an overwritten box ------------===//

#include "driver/BoxArguments.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>

namespace l2c {

namespace {

/// Text + Offset, with Text in parentheses unless it is a name or a number.
std::string shifted(const std::string &Text, int64_t Offset) {
  if (Offset == 0)
    return Text;
  long long Value;
  if (!llvm::StringRef(Text).getAsInteger(10, Value))
    return std::to_string(Value + Offset);
  bool Simple = true;
  for (char C : Text)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_'))
      Simple = false;
  std::string Base = Simple ? Text : "(" + Text + ")";
  return Offset > 0 ? Base + " + " + std::to_string(Offset)
                    : Base + " - " + std::to_string(-Offset);
}

} // namespace

std::string boxArguments(const Term &Deps, bool *Rows) {
  if (!Deps.is(Term::List))
    return "";
  for (const Term &E : Deps.args()) {
    if (!E.isApp("Rest", 2) || !E[0].isApp("Box", 1))
      continue;
    std::string Out;
    if (Rows)
      *Rows = E[0][0].arity() > 1;
    for (const Term &S : E[0][0].args()) {
      if (!S.isApp("Span", 3))
        return "";
      int64_t Off = S[2].intValue();
      Out +=
          ", " + shifted(S[0].name(), Off) + ", " + shifted(S[1].name(), Off);
    }
    return Out;
  }
  return "";
}

WroteBox wroteArguments(const Term &Deps) {
  WroteBox W;
  if (!Deps.is(Term::List))
    return W;
  for (const Term &E : Deps.args()) {
    if (!E.isApp("Wrote", 1))
      continue;
    if (E[0].isIdent("NoWrite")) {
      W.Said = W.Reads = true;
      return W;
    }
    if (!E[0].isApp("Box", 1))
      return W;
    std::string Out;
    for (const Term &S : E[0][0].args()) {
      if (!S.isApp("Span", 4))
        return W;
      Out += ", " + shifted(S[0].name(), S[2].intValue()) + ", " +
             shifted(S[1].name(), S[3].intValue());
    }
    W.Said = true;
    W.Bounds = Out;
    return W;
  }
  return W;
}

} // namespace l2c
