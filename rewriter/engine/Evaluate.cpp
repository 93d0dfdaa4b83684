//===- Evaluate.cpp - Conditions, replacements and actions ----------------===//
//
// Expressions are terms in which lower-case calls name registered facts and
// the operators of docs/rule-language.md are evaluated.
//
//===----------------------------------------------------------------------===//

#include "engine/Runner.h"

namespace l2c {

EvalResult Runner::evalOp(const ExprNode &E, const Bindings &B, const Rule &R) {
  using Op = OpCode;
  Op O = E.Code;
  EvalResult L = eval(E.Kids[0], B, R);
  if (!L.Error.empty() || !L.Value)
    return L;
  if (O == Op::Not)
    return {Term::boolean(!isTrue(L.Value)), ""};
  // Short-circuit logic.
  if (O == Op::And && !isTrue(L.Value))
    return {Term::boolean(false), ""};
  if (O == Op::Or && isTrue(L.Value))
    return {Term::boolean(true), ""};
  EvalResult RV = eval(E.Kids[1], B, R);
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
    return {Term(), "operator '" + E.Src.name() + "' needs integers, got " +
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
    return {Term(), "division by zero in '" + E.Src.str() + "'"};
  if (O == Op::Div)
    return {Term::integer(X / Y), ""};
  return {Term::integer(X % Y), ""};
}

int Runner::evalTest(const ExprNode &E, const Bindings &B, const Rule &R,
                     std::string &Err) {
  if (E.K == ExprNode::Op && E.Code == OpCode::Not) {
    int V = evalTest(E.Kids[0], B, R, Err);
    return V < 0 ? V : !V;
  }
  if (E.K == ExprNode::Fact && E.F) {
    // The common condition, a fact call, without an EvalResult: eval's
    // answers, read as below.
    llvm::SmallVector<Term, 4> Args;
    bool Changed = false;
    EvalResult Failed = evalArgs(E, B, R, Args, Changed);
    if (!Failed.Error.empty()) {
      Err = std::move(Failed.Error);
      return -1;
    }
    if (Args.size() != E.Kids.size())
      return -1;
    std::optional<Term> Res = E.F->Fn(Args);
    if (!Res || !*Res)
      return -1;
    return isTrue(*Res);
  }
  EvalResult V = eval(E, B, R);
  if (!V.Error.empty()) {
    Err = std::move(V.Error);
    return -1;
  }
  if (!V.Value)
    return -1;
  return isTrue(V.Value);
}

/// Evaluates the arguments of an application or list into Out; a failed
/// or unanswered argument is returned, a null result means success.
EvalResult Runner::evalArgs(const ExprNode &E, const Bindings &B, const Rule &R,
                            llvm::SmallVectorImpl<Term> &Out, bool &Changed) {
  Out.reserve(E.Kids.size());
  llvm::ArrayRef<Term> Src = E.Src.args();
  for (size_t I = 0; I < E.Kids.size(); ++I) {
    // Variables and constants, the most common arguments, without a call.
    const ExprNode &Kid = E.Kids[I];
    if (Kid.K == ExprNode::Const) {
      Out.push_back(Kid.Src); // Src[I] itself: no change
      continue;
    }
    if (Kid.K == ExprNode::Var)
      if (const Term *V = B.lookup(Kid.Index)) {
        Changed |= !V->sameNode(Src[I]);
        Out.push_back(*V);
        continue;
      }
    EvalResult V = eval(Kid, B, R);
    if (!V.Error.empty() || !V.Value)
      return V;
    Changed |= !V.Value.sameNode(Src[I]);
    Out.push_back(std::move(V.Value));
  }
  return {Term(), ""};
}

EvalResult Runner::eval(const ExprNode &E, const Bindings &B, const Rule &R) {
  switch (E.K) {
  case ExprNode::Var: {
    const Term *V = B.lookup(E.Index);
    if (!V)
      return {Term(), "variable '$" + E.Src.name() + "' is not bound"};
    return {*V, ""};
  }
  case ExprNode::Const:
    return {E.Src, ""};
  case ExprNode::Capture:
    return {B.Captures[E.Index], ""};
  case ExprNode::Op:
    return evalOp(E, B, R);
  case ExprNode::Fact:
  case ExprNode::Build:
    break;
  }
  llvm::SmallVector<Term, 4> Args;
  bool Changed = false;
  EvalResult Failed = evalArgs(E, B, R, Args, Changed);
  if (!Failed.Error.empty() || Args.size() != E.Kids.size())
    return Failed;
  if (E.K == ExprNode::Fact) {
    if (!E.F)
      return {Term(), "unknown fact '" + E.Src.name() + "'"};
    std::optional<Term> Res = E.F->Fn(Args);
    return {Res ? std::move(*Res) : Term(), ""};
  }
  Term Tail = E.Src.tail();
  if (const ExprNode *TailE = E.tail()) {
    EvalResult V = eval(*TailE, B, R);
    if (!V.Error.empty() || !V.Value)
      return V;
    Changed |= !V.Value.sameNode(Tail);
    Tail = V.Value;
  }
  if (!Changed)
    return {E.Src, ""};
  if (E.Src.is(Term::App))
    return {E.Src.withArgsTaking(Args), ""};
  return {Term::listTaking(Args, Tail), ""};
}

} // namespace l2c
