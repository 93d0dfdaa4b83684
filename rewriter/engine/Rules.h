//===- Rules.h - Rules, rule sets and the rule-file reader ------*- C++ -*-===//
//
// A rule is `pattern [when conditions] -> replacement [do actions]`. The
// pattern is a plain term with variables; conditions, replacement and actions
// are expressions: terms in which lower-case calls name registered facts and
// the infix operators + - * / % == != < <= > >= && || ! are evaluated.
// docs/rule-language.md is the reference for the text form.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_RULES_H
#define LOOP2CUDA_ENGINE_RULES_H

#include "term/Lexer.h"
#include "term/Term.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace l2c {

class FactRegistry;

enum class Strategy { TopDown, BottomUp, Innermost, Once };
const char *strategyName(Strategy S);

/// One condition: a boolean expression, or `let Pattern = Expr`.
struct Condition {
  Term Pattern; // null for a boolean expression
  Term Expr;
};

struct Rule {
  std::string Name;
  SourceLoc Loc;
  Term Pattern;
  std::vector<Condition> Conditions;
  Term Replacement;
  std::vector<Term> Actions;
};

struct RuleSet {
  std::string Name;
  SourceLoc Loc;
  Strategy Strat = Strategy::Innermost;
  /// Rewrites allowed in one run before the set counts as non-terminating.
  size_t StepLimit = 100000;
  std::vector<Rule> Rules;
};

/// A matcher rule: clang-query matcher text that selects AST nodes, parsed
/// at run time by the front end (`matcher mark-loop = "forStmt(...)";`).
struct MatcherRule {
  std::string Name;
  SourceLoc Loc;
  std::string Text;
};

/// Reads a rule file. Every fact a rule calls must be in Facts, every
/// variable of a replacement must be bound by the pattern or a `let`.
llvm::Expected<std::vector<RuleSet>>
parseRuleFile(llvm::StringRef Text, llvm::StringRef FileName,
              const FactRegistry &Facts,
              std::vector<MatcherRule> *Matchers = nullptr);

/// Reads a pipeline file: one rule-set name a line, `#` comments.
llvm::Expected<std::vector<std::string>>
parsePipelineFile(llvm::StringRef Text, llvm::StringRef FileName);

/// The heads the expression language reserves for its operators.
bool isOperatorHead(const std::string &Head);
/// True when an application head names a fact (starts with a lower-case
/// letter) rather than a term constructor.
bool isFactName(const std::string &Head);

} // namespace l2c

#endif
