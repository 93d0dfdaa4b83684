//===- InlineCalls.cpp - The body of a helper, in its caller's terms ------===//

#include "driver/InlineCalls.h"
#include "facts/DomainFacts.h"

#include <map>
#include <string>

namespace l2c {

namespace {

/// Whether T holds a Return or a Call (of anything: a helper that calls
/// another keeps its call), or a Goto or a Label.
bool holdsJumpOrCall(const Term &T) {
  if (T.is(Term::Ident) && T.name() == "Return")
    return true;
  if (T.isApp("Return", 1) || T.isApp("Call", 2) || T.isApp("Goto", 1) ||
      T.isApp("Label", 2))
    return true;
  for (const Term &C : T.args())
    if (holdsJumpOrCall(C))
      return true;
  return T.is(Term::List) && T.tail() && holdsJumpOrCall(T.tail());
}

/// The names the body declares.
void declared(const Term &T, std::vector<std::string> &Out) {
  if ((T.isApp("Decl", 2) || T.isApp("Decl", 3)) && T[0].is(Term::Ident))
    Out.push_back(T[0].name());
  for (const Term &C : T.args())
    declared(C, Out);
}

Term rename(const Term &T, const std::map<std::string, Term> &To) {
  if (T.is(Term::Ident)) {
    auto It = To.find(T.name());
    return It == To.end() ? T : It->second;
  }
  if (!T.is(Term::App) && !T.is(Term::List))
    return T;
  std::vector<Term> Args;
  for (const Term &C : T.args())
    Args.push_back(rename(C, To));
  if (T.is(Term::List))
    return T.tail() ? Term::list(std::move(Args), rename(T.tail(), To))
                    : Term::list(std::move(Args));
  return T.withArgs(std::move(Args));
}

} // namespace

std::optional<Term> inlineCall(llvm::ArrayRef<Term> Functions, const Term &F,
                               const Term &Args) {
  if (!F.is(Term::Ident) || !Args.is(Term::List) || Args.tail())
    return std::nullopt;
  for (const Term &D : Functions) {
    if (!D.isApp("DeviceFunction", 4) || D[0].name() != F.name())
      continue;
    const Term &Params = D[2], &Body = D[3];
    if (!D[1].is(Term::String) || D[1].name() != "void" ||
        !Params.is(Term::List) || Params.arity() != Args.arity() ||
        holdsJumpOrCall(Body))
      return std::nullopt;
    std::map<std::string, Term> To;
    for (size_t K = 0; K < Params.arity(); ++K) {
      const Term &P = Params[K], &A = Args[K];
      if (!P.isApp("Param", 2) || !P[0].is(Term::Ident) ||
          !(A.is(Term::Ident) || A.is(Term::Int)) || termMayWrite(Body, P[0]))
        return std::nullopt;
      // A parameter the body writes would write the caller's variable.
      To[P[0].name()] = A;
    }
    std::vector<std::string> Locals;
    declared(Body, Locals);
    for (const std::string &L : Locals) {
      if (To.count(L))
        return std::nullopt;
      To[L] = Term::ident("l2c_" + F.name() + "_" + L);
    }
    return Term::app("Block", {rename(Body, To)});
  }
  return std::nullopt;
}

} // namespace l2c
