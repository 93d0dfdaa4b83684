//===- RuleParserImpl.h - The rule-file parser's class ----------*- C++ -*-===//
//
// The recursive-descent parser of rule files (grammar at the top of
// RuleParser.cpp), shared by RuleParser.cpp (files, rule sets, rules,
// recovery) and RuleExprParser.cpp (expressions and the checks on
// patterns, facts and variables). Private to rewriter/engine.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_RULEPARSERIMPL_H
#define LOOP2CUDA_ENGINE_RULEPARSERIMPL_H

#include "engine/Facts.h"
#include "engine/Rules.h"
#include "term/Lexer.h"

#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace l2c {
namespace rule_parser {

/// The variables ($x) of T, added to Out (RuleParser.cpp).
void collectVars(const Term &T, std::set<std::string> &Out);

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

} // namespace rule_parser
} // namespace l2c

#endif
