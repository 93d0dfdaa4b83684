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

#include "engine/Facts.h"
#include "engine/Rules.h"

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

namespace {

class RuleParser {
public:
  /// With Errors, the parser records each error there and goes on (see
  /// parseRuleFileAll); without, it stops at the first.
  RuleParser(llvm::StringRef Text, llvm::StringRef File,
             const FactRegistry &Facts, std::vector<MatcherRule> *Matchers,
             std::vector<std::string> *Errors = nullptr)
      : Lex(Text, File.str()), Facts(Facts), Matchers(Matchers),
        Errors(Errors) {}

  llvm::Expected<std::vector<RuleSet>> parseFile();

private:
  llvm::Expected<std::string> parseName(const char *What);
  llvm::Error parseRuleSet(std::vector<RuleSet> &Sets);
  llvm::Expected<Rule> parseRule();
  llvm::Expected<Term> parseExpr(int MinPrec = 0);
  llvm::Expected<Term> parseUnary();
  llvm::Expected<Term> parsePrimary();
  llvm::Error checkPattern(const Term &P, const SourceLoc &Loc);
  llvm::Error checkFacts(const Term &E, const SourceLoc &Loc);
  llvm::Error checkBound(const Term &E, const std::set<std::string> &Bound,
                         const Rule &R, const SourceLoc &Loc,
                         const char *Where);
  llvm::Error expect(llvm::StringRef P, const llvm::Twine &Context) {
    if (Lex.consume(P))
      return llvm::Error::success();
    return Lex.error(Lex.peek(), "expected '" + P + "' " + Context +
                                     ", found " + Lex.peek().describe());
  }

  llvm::Error parseMatcher();

  /// In the all-errors mode, records E and returns true; otherwise returns
  /// false and the caller passes E on.
  bool recorded(llvm::Error &E) {
    if (!Errors)
      return false;
    Errors->push_back(llvm::toString(std::move(E)));
    ++ErrorCount;
    return true;
  }
  /// A check that leaves the parser in step: in the all-errors mode its
  /// error is recorded, the rule marked bad and parsing goes on.
  llvm::Error soft(llvm::Error E) {
    if (!E || !Errors)
      return E;
    recorded(E);
    RuleBad = true;
    return llvm::Error::success();
  }
  bool tooManyErrors() const { return ErrorCount >= MaxErrorsPerFile; }
  /// Skips to the next rule: past the next `;` outside brackets, or up to
  /// a `}`, `rule`, `ruleset` or `matcher`. Moves at least one token on
  /// when the error left the parser at Start.
  void skipToNextRule(const Token &Start);
  /// Skips to the next `ruleset` or `matcher`.
  void skipToNextTopLevel(const Token &Start);
  bool atSameToken(const Token &Start) const {
    return Lex.peek().Line == Start.Line && Lex.peek().Col == Start.Col &&
           !Lex.peek().is(Token::End);
  }

  static constexpr unsigned MaxErrorsPerFile = 50;

  Lexer Lex;
  const FactRegistry &Facts;
  std::vector<MatcherRule> *Matchers;
  std::vector<std::string> *Errors;
  unsigned ErrorCount = 0;
  unsigned Depth = 0;
  bool RuleBad = false;
};

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

} // namespace

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

static void collectVars(const Term &T, std::set<std::string> &Out) {
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
    return Term::var(T.Text);
  case Token::Int:
    return Term::integer(T.IntValue, T.Suffix);
  case Token::Float:
    return Term::floating(T.Text);
  case Token::String:
    return Term::string(T.Text);
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
