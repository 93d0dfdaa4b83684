//===- Program.cpp - Compiles a rule for matching and evaluation ----------===//

#include "engine/Program.h"

#include "llvm/ADT/StringMap.h"

namespace l2c {

namespace {

/// The operator of an operator head (isOperatorHead holds).
OpCode opCode(const std::string &S) {
  char C = S[0];
  bool Two = S.size() == 2;
  switch (C) {
  case '!':
    return Two ? OpCode::Ne : OpCode::Not;
  case '&':
    return OpCode::And;
  case '|':
    return OpCode::Or;
  case '=':
    return OpCode::Eq;
  case '<':
    return Two ? OpCode::Le : OpCode::Lt;
  case '>':
    return Two ? OpCode::Ge : OpCode::Gt;
  case '+':
    return OpCode::Add;
  case '-':
    return OpCode::Sub;
  case '*':
    return OpCode::Mul;
  case '/':
    return OpCode::Div;
  default:
    return OpCode::Rem;
  }
}

bool hasListTail(const Term &T) {
  bool Has = false;
  forEachSubterm(T, [&](const Term &X) {
    Has |= X.is(Term::List) && static_cast<bool>(X.tail());
    return !Has;
  });
  return Has;
}

/// True when evaluating E only rebuilds it: no operator or fact heads.
bool onlyConstructors(const Term &E) {
  bool Calls = false;
  forEachSubterm(E, [&](const Term &X) {
    Calls |=
        X.is(Term::App) && (isOperatorHead(X.name()) || isFactName(X.name()));
    return !Calls;
  });
  return !Calls;
}

class Compiler {
public:
  Compiler(const FactRegistry &Facts, RuleProgram &Out)
      : Facts(Facts), Out(Out) {}

  PatNode pattern(const Term &P) {
    PatNode N;
    N.Kind = P.kind();
    N.Src = P;
    if (P.is(Term::Var)) {
      N.Slot = slot(P.name());
    } else if (P.is(Term::App) || P.is(Term::List)) {
      for (const Term &A : P.args())
        N.Kids.push_back(pattern(A));
      if (P.tail())
        N.TailPat.push_back(pattern(P.tail()));
    }
    return N;
  }

  /// The applications of the rule's pattern that a replacement may take
  /// as they matched: those without list tails, whose matched term is then
  /// the pattern with the bindings put in, node for node.
  void collectCandidates(PatNode &N) {
    if (N.Kind == Term::App && !hasListTail(N.Src))
      Candidates.push_back(&N);
    for (PatNode &K : N.Kids)
      collectCandidates(K);
    for (PatNode &K : N.TailPat)
      collectCandidates(K);
  }

  /// Compiles expression E; below the root, a constructor that repeats a
  /// candidate of the pattern becomes a capture.
  ExprNode expr(const Term &E, bool Root) {
    ExprNode N;
    N.Src = E;
    switch (E.kind()) {
    case Term::Var:
      N.K = ExprNode::Var;
      N.Index = slot(E.name());
      return N;
    case Term::App:
      if (isOperatorHead(E.name())) {
        N.K = ExprNode::Op;
        N.Code = opCode(E.name());
        kids(E, N);
        return N;
      }
      if (isFactName(E.name())) {
        N.K = ExprNode::Fact;
        N.F = Facts.lookup(E.name());
        kids(E, N);
        return N;
      }
      if (!Root && onlyConstructors(E))
        for (PatNode *S : Candidates)
          if (S->Src == E) {
            if (S->Capture < 0)
              S->Capture = static_cast<int>(Out.NumCaptures++);
            N.K = ExprNode::Capture;
            N.Index = static_cast<unsigned>(S->Capture);
            return N;
          }
      [[fallthrough]];
    case Term::List: {
      N.K = ExprNode::Build;
      kids(E, N);
      if (E.tail())
        N.TailExpr.push_back(expr(E.tail(), false));
      bool Constant = true;
      for (const ExprNode &K : N.Kids)
        Constant &= K.K == ExprNode::Const;
      for (const ExprNode &K : N.TailExpr)
        Constant &= K.K == ExprNode::Const;
      if (Constant) { // evaluates to E itself, as no child changes
        N.K = ExprNode::Const;
        N.Kids.clear();
        N.TailExpr.clear();
      }
      return N;
    }
    default:
      N.K = ExprNode::Const;
      return N;
    }
  }

private:
  unsigned slot(const std::string &Name) {
    auto [It, New] = Slots.try_emplace(Name, Out.NumSlots);
    if (New)
      ++Out.NumSlots;
    return It->second;
  }
  void kids(const Term &E, ExprNode &N) {
    for (const Term &A : E.args())
      N.Kids.push_back(expr(A, false));
  }

  const FactRegistry &Facts;
  RuleProgram &Out;
  llvm::StringMap<unsigned> Slots;
  std::vector<PatNode *> Candidates;
};

} // namespace

RuleProgram compileRule(const Rule &R, const FactRegistry &Facts) {
  RuleProgram P;
  Compiler C(Facts, P);
  P.Pattern = C.pattern(R.Pattern);
  for (const Condition &Cond : R.Conditions) {
    CondProgram CP;
    CP.Expr = C.expr(Cond.Expr, true);
    if (Cond.Pattern) {
      CP.IsLet = true;
      CP.Pattern = C.pattern(Cond.Pattern);
    }
    P.Conditions.push_back(std::move(CP));
  }
  // The pattern is complete: pointers into it stay valid from here on.
  C.collectCandidates(P.Pattern);
  P.Replacement = C.expr(R.Replacement, true);
  for (const Term &A : R.Actions)
    P.Actions.push_back(C.expr(A, true));
  return P;
}

} // namespace l2c
