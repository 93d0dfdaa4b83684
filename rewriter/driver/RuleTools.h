//===- RuleTools.h - --check-rules and --apply-rules -------------*- C++
//-*-===//
//
// The two modes of loop2cuda for rule authors (docs/rule-authoring.md):
// checking a rules directory, and running rule sets on a term read from a
// file, without C++ source or Clang.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_RULETOOLS_H
#define LOOP2CUDA_DRIVER_RULETOOLS_H

#include "engine/Facts.h"
#include "term/Term.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace l2c {

/// --check-rules DIR: reads every DIR/*.rules file and DIR/pipeline.txt,
/// reports every error it can as `file:line:col: error: …` and every lint
/// finding (RuleLint.h) as `file:line:col: warning: … [check]` on Diag,
/// then a count. Returns the exit status: 1 with an error, or a warning
/// under WError; 2 when DIR is not a directory; 0 otherwise.
int checkRules(llvm::StringRef Dir, const FactRegistry &Facts, bool WError,
               llvm::raw_ostream &Diag);

struct ApplyRulesOptions {
  /// A rules directory (with pipeline.txt) or one .rules file.
  std::string RulesPath;
  /// Rule-set names, comma-separated, run in order.
  std::string Sets;
  /// The file that holds the input term (`-`: standard input). `#` and
  /// `//` start comments, so lit and FileCheck lines may sit beside it.
  std::string TermFile;
  bool Trace = false;
  llvm::StringSet<> Disabled;
};

/// --apply-rules SETS --term FILE: prints the normal form to Out (laid out
/// by prettyTerm) and, with Trace, each rule application to Diag. Returns
/// the exit status: 0 done, 1 when the term cannot be read or a rule set
/// fails (an evaluation error, no termination), 2 for a usage error.
int applyRules(const ApplyRulesOptions &Opts, const FactRegistry &Facts,
               llvm::raw_ostream &Out, llvm::raw_ostream &Diag);

/// T in its text form, broken over lines: a term that does not fit in
/// Width columns puts each argument or element on a line of its own,
/// indented by two. parseTerm reads the result back as T.
std::string prettyTerm(const Term &T, unsigned Width = 80);

} // namespace l2c

#endif
