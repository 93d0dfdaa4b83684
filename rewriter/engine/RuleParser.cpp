//===- RuleParser.cpp - Reads rule files ----------------------------------===//
//
// Grammar (docs/rule-language.md has the prose):
//
//   file      := (ruleset | matcher)*
//   matcher   := 'matcher' name '=' STRING ';'
//   ruleset   := 'ruleset' name 'strategy' strategy ['limit' INT]
//                '{' rule* '}'
//   rule      := 'rule' name ':' pattern ['when' cond (',' cond)*]
//                '->' expr ['do' expr (',' expr)*] ';'
//   cond      := 'let' pattern '=' expr | expr
//   expr      := or; the usual C precedence for || && == != < <= > >=
//                + - * / % and the prefix operators ! -
//   primary   := IDENT ['(' [expr (',' expr)*] ')'] | VAR | INT | FLOAT
//              | STRING | '[' [expr (',' expr)* [':' expr]] ']' | '(' expr ')'
//   name      := IDENT ('-' IDENT)*   (no spaces: kebab-case)
//
//===----------------------------------------------------------------------===//

#include "engine/RuleParserImpl.h"

#include <cctype>

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SaveAndRestore.h"

#include <set>

namespace l2c {

const char *strategyName(Strategy S) {
  switch (S) {
  case Strategy::TopDown:
    return "topdown";
  case Strategy::BottomUp:
    return "bottomup";
  case Strategy::Innermost:
    return "innermost";
  case Strategy::Once:
    return "once";
  }
  return "?";
}

static const char *const BinaryOps[] = {"||", "&&", "==", "!=", "<", "<=", ">",
                                        ">=", "+",  "-",  "*",  "/", "%"};

bool isOperatorHead(const std::string &Head) {
  // Every operator is punctuation: most heads are settled by their first
  // character (the engine asks for every expression it evaluates).
  if (Head.empty() || std::isalnum(static_cast<unsigned char>(Head[0])) ||
      Head[0] == '_')
    return false;
  if (Head == "!")
    return true;
  for (const char *Op : BinaryOps)
    if (Head == Op)
      return true;
  return false;
}

bool isFactName(const std::string &Head) {
  return !Head.empty() && Head[0] >= 'a' && Head[0] <= 'z' && Head != "true" &&
         Head != "false";
}

using namespace rule_parser;

namespace rule_parser {

static bool isTopLevelKeyword(const Token &T) {
  return T.isIdent("ruleset") || T.isIdent("matcher");
}

void RuleParser::skipToNextRule(const Token &Start) {
  if (atSameToken(Start) && !isTopLevelKeyword(Lex.peek()) &&
      !Lex.peek().isPunct("}"))
    Lex.next();
  int Nesting = 0;
  for (;;) {
    const Token &Next = Lex.peek();
    if (Next.is(Token::End) || Next.isPunct("}") || Next.isIdent("rule") ||
        isTopLevelKeyword(Next))
      return;
    Token T = Lex.next();
    if (T.isPunct("(") || T.isPunct("["))
      ++Nesting;
    else if (T.isPunct(")") || T.isPunct("]"))
      --Nesting;
    else if (T.isPunct(";") && Nesting <= 0)
      return;
  }
}

void RuleParser::skipToNextTopLevel(const Token &Start) {
  if (atSameToken(Start))
    Lex.next();
  while (!Lex.peek().is(Token::End) && !isTopLevelKeyword(Lex.peek()))
    Lex.next();
}

llvm::Expected<std::string> RuleParser::parseName(const char *What) {
  Token T = Lex.peek();
  if (!T.is(Token::Ident))
    return Lex.error(T, llvm::Twine("expected ") + What + ", found " +
                            T.describe());
  Lex.next();
  std::string Name = T.Text;
  unsigned Line = T.Line, End = T.EndCol;
  // Kebab-case: `move-copies` is three tokens with no space between them.
  while (Lex.peek().isPunct("-") && Lex.peek().Line == Line &&
         Lex.peek().Col == End) {
    Token Dash = Lex.next();
    if (!Lex.peek().is(Token::Ident) && !Lex.peek().is(Token::Int))
      return Lex.error(Lex.peek(), llvm::Twine("expected the rest of ") + What +
                                       " after '-'");
    if (Lex.peek().Col != Dash.EndCol)
      return Lex.error(Lex.peek(), "no space allowed inside a name");
    Token Part = Lex.next();
    Name += "-" + Part.Text + Part.Suffix;
    End = Part.EndCol;
  }
  return Name;
}

llvm::Expected<std::vector<RuleSet>> RuleParser::parseFile() {
  std::vector<RuleSet> Sets;
  while (!Lex.peek().is(Token::End)) {
    Token Start = Lex.peek();
    llvm::Error E =
        Start.isIdent("matcher") ? parseMatcher() : parseRuleSet(Sets);
    if (!E)
      continue;
    if (!recorded(E))
      return std::move(E);
    if (tooManyErrors()) {
      Errors->push_back(Lex.here().str() +
                        ": error: too many errors in this file; stopping");
      break;
    }
    skipToNextTopLevel(Start);
  }
  return Sets;
}

llvm::Error RuleParser::parseMatcher() {
  Token Kw = Lex.next();
  MatcherRule M;
  M.Loc = Lex.loc(Kw);
  if (!Matchers)
    return Lex.error(Kw, "matcher rules are not allowed in this file");
  auto Name = parseName("a matcher name");
  if (!Name)
    return Name.takeError();
  M.Name = *Name;
  if (auto E = expect("=", "after the name of matcher '" + M.Name + "'"))
    return E;
  Token Text = Lex.next();
  if (!Text.is(Token::String))
    return Lex.error(Text, "expected the matcher text as a string, found " +
                               Text.describe());
  M.Text = Text.Text;
  // Adjacent strings concatenate, so long matchers can span lines.
  while (Lex.peek().is(Token::String))
    M.Text += Lex.next().Text;
  if (auto E = expect(";", "at the end of matcher '" + M.Name + "'"))
    return E;
  for (const MatcherRule &Other : *Matchers)
    if (Other.Name == M.Name)
      return makeError(M.Loc, "matcher '" + M.Name +
                                  "' is already defined at " + Other.Loc.str());
  Matchers->push_back(std::move(M));
  return llvm::Error::success();
}

llvm::Error RuleParser::parseRuleSet(std::vector<RuleSet> &Sets) {
  Token Kw = Lex.peek();
  if (!Kw.isIdent("ruleset"))
    return Lex.error(Kw, "expected 'ruleset', found " + Kw.describe());
  Lex.next();
  RuleSet Set;
  Set.Loc = Lex.loc(Kw);
  auto Name = parseName("a rule-set name");
  if (!Name)
    return Name.takeError();
  Set.Name = *Name;
  for (const RuleSet &Other : Sets)
    if (Other.Name == Set.Name)
      return makeError(Set.Loc, "rule set '" + Set.Name +
                                    "' is already defined at " +
                                    Other.Loc.str());
  // In the all-errors mode a broken set still counts as defined (with the
  // rules read so far), so that pipeline.txt does not report it missing.
  auto Broken = [&](llvm::Error E) {
    if (Errors)
      Sets.push_back(Set);
    return E;
  };
  if (!Lex.peek().isIdent("strategy"))
    return Broken(Lex.error(Lex.peek(), "expected 'strategy' after the name "
                                        "of rule set '" +
                                            Set.Name + "'"));
  Lex.next();
  Token S = Lex.next();
  if (S.isIdent("topdown"))
    Set.Strat = Strategy::TopDown;
  else if (S.isIdent("bottomup"))
    Set.Strat = Strategy::BottomUp;
  else if (S.isIdent("innermost"))
    Set.Strat = Strategy::Innermost;
  else if (S.isIdent("once"))
    Set.Strat = Strategy::Once;
  else
    return Broken(
        Lex.error(S, "unknown strategy " + S.describe() +
                         "; expected topdown, bottomup, innermost or once"));
  if (Lex.peek().isIdent("limit")) {
    Lex.next();
    Token N = Lex.next();
    if (!N.is(Token::Int) || N.IntValue <= 0)
      return Broken(
          Lex.error(N, "expected a positive step limit after 'limit'"));
    Set.StepLimit = static_cast<size_t>(N.IntValue);
  }
  if (auto E = expect("{", "to open rule set '" + Set.Name + "'"))
    return Broken(std::move(E));
  std::set<std::string> RuleNames;
  while (!Lex.peek().isPunct("}")) {
    if (Lex.peek().is(Token::End))
      return Broken(Lex.error(Lex.peek(), "rule set '" + Set.Name +
                                              "' is not closed by '}'"));
    if (Errors && isTopLevelKeyword(Lex.peek()))
      return Broken(Lex.error(Lex.peek(), "rule set '" + Set.Name +
                                              "' is not closed by '}' "
                                              "before this " +
                                              Lex.peek().describe()));
    Token Start = Lex.peek();
    RuleBad = false;
    auto R = parseRule();
    if (!R) {
      llvm::Error E = R.takeError();
      if (!recorded(E))
        return E;
      if (tooManyErrors())
        return Broken(Lex.error(Lex.peek(), "too many errors in this file"));
      skipToNextRule(Start);
      continue;
    }
    if (RuleBad)
      continue;
    if (!RuleNames.insert(R->Name).second) {
      llvm::Error E = makeError(R->Loc, "rule '" + R->Name +
                                            "' is defined twice in rule set '" +
                                            Set.Name + "'");
      if (!recorded(E))
        return E;
      continue;
    }
    Set.Rules.push_back(std::move(*R));
  }
  Lex.next();
  Sets.push_back(std::move(Set));
  return llvm::Error::success();
}

void collectVars(const Term &T, std::set<std::string> &Out) {
  if (!T)
    return;
  if (T.is(Term::Var)) {
    Out.insert(T.name());
    return;
  }
  if (T.is(Term::App) || T.is(Term::List)) {
    for (const Term &A : T.args())
      collectVars(A, Out);
    collectVars(T.tail(), Out);
  }
}

llvm::Expected<Rule> RuleParser::parseRule() {
  Token Kw = Lex.peek();
  if (!Kw.isIdent("rule"))
    return Lex.error(Kw, "expected 'rule' or '}', found " + Kw.describe());
  Lex.next();
  Rule R;
  R.Loc = Lex.loc(Kw);
  auto Name = parseName("a rule name");
  if (!Name)
    return Name.takeError();
  R.Name = *Name;
  if (auto E = expect(":", "after the name of rule '" + R.Name + "'"))
    return std::move(E);

  SourceLoc PatLoc = Lex.here();
  R.PatternLoc = PatLoc;
  auto Pat = parseExpr();
  if (!Pat)
    return Pat.takeError();
  if (auto E = soft(checkPattern(*Pat, PatLoc)))
    return std::move(E);
  R.Pattern = *Pat;
  std::set<std::string> Bound;
  collectVars(R.Pattern, Bound);

  if (Lex.peek().isIdent("when")) {
    Lex.next();
    do {
      SourceLoc CLoc = Lex.here();
      Condition C;
      if (Lex.peek().isIdent("let")) {
        Lex.next();
        SourceLoc LetLoc = Lex.here();
        auto P = parseExpr();
        if (!P)
          return P.takeError();
        if (auto E = soft(checkPattern(*P, LetLoc)))
          return std::move(E);
        if (auto E = expect("=", "after the pattern of 'let'"))
          return std::move(E);
        C.Pattern = *P;
      }
      auto X = parseExpr();
      if (!X)
        return X.takeError();
      if (auto E = soft(checkFacts(*X, CLoc)))
        return std::move(E);
      if (auto E = soft(checkBound(*X, Bound, R, CLoc, "a condition")))
        return std::move(E);
      C.Expr = *X;
      if (C.Pattern)
        collectVars(C.Pattern, Bound);
      R.Conditions.push_back(std::move(C));
    } while (Lex.consume(","));
  }
  if (auto E = expect("->", "after the pattern of rule '" + R.Name + "'"))
    return std::move(E);
  SourceLoc RepLoc = Lex.here();
  R.ReplacementLoc = RepLoc;
  auto Rep = parseExpr();
  if (!Rep)
    return Rep.takeError();
  if (auto E = soft(checkFacts(*Rep, RepLoc)))
    return std::move(E);
  if (auto E = soft(checkBound(*Rep, Bound, R, RepLoc, "the replacement")))
    return std::move(E);
  R.Replacement = *Rep;
  if (Lex.peek().isIdent("do")) {
    Lex.next();
    do {
      SourceLoc ALoc = Lex.here();
      auto A = parseExpr();
      if (!A)
        return A.takeError();
      if (!A->is(Term::App) || !isFactName(A->name())) {
        if (auto E = soft(makeError(ALoc, "an action must call a fact, as in "
                                          "'do note($x)'")))
          return std::move(E);
        continue;
      }
      if (auto E = soft(checkFacts(*A, ALoc)))
        return std::move(E);
      if (auto E = soft(checkBound(*A, Bound, R, ALoc, "an action")))
        return std::move(E);
      R.Actions.push_back(*A);
    } while (Lex.consume(","));
  }
  if (auto E = expect(";", "at the end of rule '" + R.Name + "'"))
    return std::move(E);
  return R;
}

} // namespace rule_parser

llvm::Expected<std::vector<RuleSet>>
parseRuleFile(llvm::StringRef Text, llvm::StringRef FileName,
              const FactRegistry &Facts, std::vector<MatcherRule> *Matchers) {
  return RuleParser(Text, FileName, Facts, Matchers).parseFile();
}

std::vector<RuleSet> parseRuleFileAll(llvm::StringRef Text,
                                      llvm::StringRef FileName,
                                      const FactRegistry &Facts,
                                      std::vector<MatcherRule> &Matchers,
                                      std::vector<std::string> &Errors) {
  // In this mode parseFile records its errors and always succeeds.
  auto Sets = RuleParser(Text, FileName, Facts, &Matchers, &Errors).parseFile();
  if (!Sets) {
    Errors.push_back(llvm::toString(Sets.takeError()));
    return {};
  }
  return std::move(*Sets);
}

} // namespace l2c
