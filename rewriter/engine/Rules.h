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
  /// Where the pattern and the replacement start (for diagnostics).
  SourceLoc PatternLoc, ReplacementLoc;
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

/// Reads a rule file and goes on after an error: each error is appended to
/// Errors as `file:line:col: error: message`, the rule or rule set it is in
/// is skipped, and parsing resumes at the next rule (after the next `;`) or
/// rule set. Returns the rule sets that were read without error (a set whose
/// header is broken is returned empty). Never loops or recurses without
/// bound on malformed text: nesting deeper than MaxRuleNesting is an error.
std::vector<RuleSet> parseRuleFileAll(llvm::StringRef Text,
                                      llvm::StringRef FileName,
                                      const FactRegistry &Facts,
                                      std::vector<MatcherRule> &Matchers,
                                      std::vector<std::string> &Errors);

/// How deep brackets and prefix operators may nest in a rule file.
constexpr unsigned MaxRuleNesting = 1000;

/// A name of a pipeline file and where it is, with the words after it:
/// `off` (runs only when --enable-rule names it) and `nondeterministic`
/// (its results may differ from run to run: --deterministic skips it).
struct PipelineEntry {
  std::string Name;
  SourceLoc Loc;
  bool Off = false;
  bool Nondeterministic = false;
  /// Runs only under --deterministic (the word `deterministic`).
  bool OnlyDeterministic = false;
};

/// Reads a pipeline file: one rule-set name a line, optionally followed by
/// the words `off`, `nondeterministic` and `deterministic`; `#` comments.
llvm::Expected<std::vector<std::string>>
parsePipelineFile(llvm::StringRef Text, llvm::StringRef FileName);
/// The same, with the position of each name.
llvm::Expected<std::vector<PipelineEntry>>
parsePipelineEntries(llvm::StringRef Text, llvm::StringRef FileName);

/// The heads the expression language reserves for its operators.
bool isOperatorHead(const std::string &Head);
/// True when an application head names a fact (starts with a lower-case
/// letter) rather than a term constructor.
bool isFactName(const std::string &Head);

} // namespace l2c

#endif
