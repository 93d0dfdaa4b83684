//===- Evaluate.cpp - Conditions, replacements and actions ----------------===//
//
// Expressions are terms in which lower-case calls name registered facts and
// the operators of docs/rule-language.md are evaluated.
//
//===----------------------------------------------------------------------===//

#include "engine/Runner.h"

namespace l2c {

namespace {

enum class Op { Not, And, Or, Eq, Ne, Lt, Le, Gt, Ge, Add, Sub, Mul, Div, Rem };

/// The operator of an operator head (isOperatorHead holds).
Op opCode(const std::string &S) {
  char C = S[0];
  bool Two = S.size() == 2;
  switch (C) {
  case '!':
    return Two ? Op::Ne : Op::Not;
  case '&':
    return Op::And;
  case '|':
    return Op::Or;
  case '=':
    return Op::Eq;
  case '<':
    return Two ? Op::Le : Op::Lt;
  case '>':
    return Two ? Op::Ge : Op::Gt;
  case '+':
    return Op::Add;
  case '-':
    return Op::Sub;
  case '*':
    return Op::Mul;
  case '/':
    return Op::Div;
  default:
    return Op::Rem;
  }
}

} // namespace

EvalResult Runner::evalOp(const Term &E, const Bindings &B, const Rule &R) {
  Op O = opCode(E.name());
  EvalResult L = eval(E[0], B, R);
  if (!L.Error.empty() || !L.Value)
    return L;
  if (O == Op::Not)
    return {Term::boolean(!isTrue(L.Value)), ""};
  // Short-circuit logic.
  if (O == Op::And && !isTrue(L.Value))
    return {Term::boolean(false), ""};
  if (O == Op::Or && isTrue(L.Value))
    return {Term::boolean(true), ""};
  EvalResult RV = eval(E[1], B, R);
  if (!RV.Error.empty() || !RV.Value)
    return RV;
  switch (O) {
  case Op::And:
  case Op::Or:
    return {Term::boolean(isTrue(RV.Value)), ""};
  case Op::Eq:
    return {Term::boolean(L.Value == RV.Value), ""};
  case Op::Ne:
    return {Term::boolean(L.Value != RV.Value), ""};
  default:
    break;
  }
  if (!L.Value.is(Term::Int) || !RV.Value.is(Term::Int))
    return {Term(), "operator '" + E.name() + "' needs integers, got " +
                        L.Value.str() + " and " + RV.Value.str()};
  int64_t X = L.Value.intValue(), Y = RV.Value.intValue();
  switch (O) {
  case Op::Lt:
    return {Term::boolean(X < Y), ""};
  case Op::Le:
    return {Term::boolean(X <= Y), ""};
  case Op::Gt:
    return {Term::boolean(X > Y), ""};
  case Op::Ge:
    return {Term::boolean(X >= Y), ""};
  case Op::Add:
    return {Term::integer(X + Y), ""};
  case Op::Sub:
    return {Term::integer(X - Y), ""};
  case Op::Mul:
    return {Term::integer(X * Y), ""};
  default:
    break;
  }
  if (Y == 0)
    return {Term(), "division by zero in '" + E.str() + "'"};
  if (O == Op::Div)
    return {Term::integer(X / Y), ""};
  return {Term::integer(X % Y), ""};
}

/// Evaluates the arguments of an application or list into Out; a failed
/// or unanswered argument is returned, a null result means success.
EvalResult Runner::evalArgs(const Term &E, const Bindings &B, const Rule &R,
                            llvm::SmallVectorImpl<Term> &Out, bool &Changed) {
  Out.reserve(E.arity());
  for (const Term &A : E.args()) {
    EvalResult V = eval(A, B, R);
    if (!V.Error.empty() || !V.Value)
      return V;
    Changed |= !V.Value.sameNode(A);
    Out.push_back(std::move(V.Value));
  }
  return {Term(), ""};
}

Runner::ExprHead Runner::headOf(const Term &E) {
  auto [It, New] = Heads.try_emplace(E.nodeId());
  if (New) {
    if (isOperatorHead(E.name())) {
      It->second.Kind = ExprHead::Operator;
    } else if (isFactName(E.name())) {
      It->second.Kind = ExprHead::FactCall;
      It->second.F = Facts.lookup(E.name());
    }
  }
  return It->second;
}

EvalResult Runner::eval(const Term &E, const Bindings &B, const Rule &R) {
  switch (E.kind()) {
  case Term::Var: {
    const Term *V = lookupVar(B, E.name());
    if (!V)
      return {Term(), "variable '$" + E.name() + "' is not bound"};
    return {*V, ""};
  }
  case Term::App:
  case Term::List: {
    ExprHead H = E.is(Term::App) ? headOf(E) : ExprHead();
    if (H.Kind == ExprHead::Operator)
      return evalOp(E, B, R);
    llvm::SmallVector<Term, 4> Args;
    bool Changed = false;
    EvalResult Failed = evalArgs(E, B, R, Args, Changed);
    if (!Failed.Error.empty() || Args.size() != E.arity())
      return Failed;
    if (H.Kind == ExprHead::FactCall) {
      const Fact *F = H.F;
      if (!F)
        return {Term(), "unknown fact '" + E.name() + "'"};
      std::optional<Term> Res = F->Fn(Args);
      return {Res ? *Res : Term(), ""};
    }
    Term Tail = E.tail();
    if (Tail) {
      EvalResult V = eval(Tail, B, R);
      if (!V.Error.empty() || !V.Value)
        return V;
      Changed |= !V.Value.sameNode(Tail);
      Tail = V.Value;
    }
    if (!Changed)
      return {E, ""};
    std::vector<Term> Built(std::make_move_iterator(Args.begin()),
                            std::make_move_iterator(Args.end()));
    if (E.is(Term::App))
      return {Term::app(E.name(), std::move(Built)), ""};
    return {Term::list(std::move(Built), Tail), ""};
  }
  default:
    return {E, ""};
  }
}

} // namespace l2c
