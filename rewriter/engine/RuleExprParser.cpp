//===- RuleExprParser.cpp - Expressions of rule files ---------------------===//
//
// The expression part of the rule-file parser (RuleParserImpl.h):
// precedence climbing over the operators of docs/rule-language.md, the
// primary terms, and the checks on what a pattern may hold, which facts
// exist with which arity, and which variables are bound. Split from
// RuleParser.cpp.
//
//===----------------------------------------------------------------------===//

#include "engine/RuleParserImpl.h"

#include "llvm/Support/SaveAndRestore.h"

namespace l2c {
namespace rule_parser {

static int precedence(const Token &T) {
  if (T.K != Token::Punct)
    return -1;
  const std::string &P = T.Text;
  if (P == "||")
    return 1;
  if (P == "&&")
    return 2;
  if (P == "==" || P == "!=")
    return 3;
  if (P == "<" || P == "<=" || P == ">" || P == ">=")
    return 4;
  if (P == "+" || P == "-")
    return 5;
  if (P == "*" || P == "/" || P == "%")
    return 6;
  return -1;
}

llvm::Expected<Term> RuleParser::parseExpr(int MinPrec) {
  auto LHS = parseUnary();
  if (!LHS)
    return LHS;
  // `a + b + c …` nests to the left: each operator is one more level.
  unsigned Chain = 0;
  for (;;) {
    int Prec = precedence(Lex.peek());
    if (Prec < 0 || Prec < MinPrec)
      return LHS;
    if (Depth + ++Chain > MaxRuleNesting)
      return Lex.error(Lex.peek(), "expression nests deeper than " +
                                       llvm::Twine(MaxRuleNesting) + " levels");
    Token Op = Lex.next();
    auto RHS = parseExpr(Prec + 1);
    if (!RHS)
      return RHS;
    LHS = Term::app(Op.Text, {*LHS, *RHS});
  }
}

llvm::Expected<Term> RuleParser::parseUnary() {
  if (Depth >= MaxRuleNesting)
    return Lex.error(Lex.peek(), "term nests deeper than " +
                                     llvm::Twine(MaxRuleNesting) + " levels");
  llvm::SaveAndRestore<unsigned> Nested(Depth, Depth + 1);
  if (Lex.peek().isPunct("!")) {
    Lex.next();
    auto E = parseUnary();
    if (!E)
      return E;
    return Term::app("!", {*E});
  }
  if (Lex.peek().isPunct("-")) {
    Token Minus = Lex.next();
    const Token &N = Lex.peek();
    if ((N.is(Token::Int) || N.is(Token::Float)) && N.Col == Minus.EndCol &&
        N.Line == Minus.Line) {
      Token Num = Lex.next();
      if (Num.is(Token::Int))
        return Term::integer(-Num.IntValue, Num.Suffix);
      return Term::floating("-" + Num.Text);
    }
    auto E = parseUnary();
    if (!E)
      return E;
    return Term::app("-", {Term::integer(0), *E});
  }
  return parsePrimary();
}

llvm::Expected<Term> RuleParser::parsePrimary() {
  Token T = Lex.next();
  switch (T.K) {
  case Token::Ident: {
    if (!Lex.peek().isPunct("("))
      return Term::ident(T.Text);
    Lex.next();
    std::vector<Term> Args;
    if (!Lex.consume(")")) {
      for (;;) {
        auto A = parseExpr();
        if (!A)
          return A;
        Args.push_back(*A);
        if (Lex.consume(")"))
          break;
        if (!Lex.consume(","))
          return Lex.error(Lex.peek(), "expected ',' or ')' in the arguments "
                                       "of '" +
                                           T.Text + "', found " +
                                           Lex.peek().describe());
      }
    }
    return Term::app(T.Text, std::move(Args));
  }
  case Token::Var:
  case Token::Int:
  case Token::Float:
  case Token::String:
    return literalTerm(T);
  case Token::Punct:
    if (T.Text == "*") // "anything", in read and write sets
      return Term::ident("*");
    if (T.Text == "(") {
      auto E = parseExpr();
      if (!E)
        return E;
      if (auto Err = expect(")", "to close '('"))
        return std::move(Err);
      return E;
    }
    if (T.Text == "[") {
      std::vector<Term> Elems;
      Term Tail;
      if (!Lex.consume("]")) {
        for (;;) {
          auto A = parseExpr();
          if (!A)
            return A;
          Elems.push_back(*A);
          if (Lex.consume("]"))
            break;
          if (Lex.consume(":")) {
            auto TailE = parseExpr();
            if (!TailE)
              return TailE;
            Tail = *TailE;
            if (auto Err = expect("]", "after the tail of a list"))
              return std::move(Err);
            break;
          }
          if (!Lex.consume(","))
            return Lex.error(Lex.peek(), "expected ',', ':' or ']' in a list, "
                                         "found " +
                                             Lex.peek().describe());
        }
      }
      return Term::list(std::move(Elems), Tail);
    }
    break;
  case Token::Bad:
    return Lex.error(T, T.Text);
  case Token::End:
    break;
  }
  return Lex.error(T, "expected a term, found " + T.describe());
}

llvm::Error RuleParser::checkPattern(const Term &P, const SourceLoc &Loc) {
  if (P.is(Term::App)) {
    if (isOperatorHead(P.name()))
      return makeError(Loc, "operator '" + P.name() +
                                "' cannot appear in a pattern; compute it in "
                                "a condition instead");
    if (isFactName(P.name()))
      return makeError(Loc, "fact '" + P.name() +
                                "' cannot be called in a pattern; patterns "
                                "hold constructors (upper-case) only");
  }
  if (P.is(Term::App) || P.is(Term::List)) {
    for (const Term &A : P.args())
      if (auto E = checkPattern(A, Loc))
        return E;
    if (P.tail()) {
      if (!P.tail().is(Term::Var))
        return makeError(Loc, "the tail of a list pattern must be a variable");
      return checkPattern(P.tail(), Loc);
    }
  }
  return llvm::Error::success();
}

llvm::Error RuleParser::checkFacts(const Term &E, const SourceLoc &Loc) {
  if (E.is(Term::App) && isFactName(E.name())) {
    const Fact *F = Facts.lookup(E.name());
    if (!F) {
      std::string Known;
      for (const Fact *K : Facts.all())
        Known += (Known.empty() ? "" : ", ") + K->Name;
      return makeError(Loc, "unknown fact '" + E.name() +
                                "'; registered facts: " + Known);
    }
    if (F->Arity >= 0 && static_cast<size_t>(F->Arity) != E.arity())
      return makeError(Loc, "fact '" + E.name() + "' takes " +
                                std::to_string(F->Arity) + " argument(s), " +
                                std::to_string(E.arity()) + " given");
  }
  if (E.is(Term::App) || E.is(Term::List)) {
    for (const Term &A : E.args())
      if (auto Err = checkFacts(A, Loc))
        return Err;
    if (E.tail())
      return checkFacts(E.tail(), Loc);
  }
  return llvm::Error::success();
}

llvm::Error RuleParser::checkBound(const Term &E,
                                   const std::set<std::string> &Bound,
                                   const Rule &R, const SourceLoc &Loc,
                                   const char *Where) {
  std::set<std::string> Used;
  collectVars(E, Used);
  for (const std::string &V : Used)
    if (!Bound.count(V))
      return makeError(Loc, "variable '$" + V + "' in " + Where + " of rule '" +
                                R.Name +
                                "' is not bound by its pattern or by a "
                                "'let' before it");
  return llvm::Error::success();
}

} // namespace rule_parser
} // namespace l2c
