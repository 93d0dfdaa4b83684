//===- RuleLint.h - Lints of rule files and the pipeline --------*- C++ -*-===//
//
// The reader (Rules.h) already rejects what cannot run: unknown facts,
// wrong arities, variables that nothing binds. These checks find what runs
// but is almost certainly a mistake; `loop2cuda --check-rules` reports them
// as warnings (docs/rule-authoring.md lists them with examples).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_RULELINT_H
#define LOOP2CUDA_ENGINE_RULELINT_H

#include "engine/Rules.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace l2c {

/// One finding: `file:line:col: warning: message [check]`.
struct LintDiag {
  SourceLoc Loc;
  bool IsError = false;
  std::string Message;
  std::string Check; // kebab-case name of the check
  std::string str() const;
};

/// True when pattern General matches every term that pattern Specific
/// matches (the variables of Specific stand for unknown terms).
bool patternSubsumes(const Term &General, const Term &Specific);

/// shadowed-rule: a rule that an earlier rule of its set, with no
/// conditions and a pattern at least as general, always takes first.
/// unremoved-helper: a helper constructor `_X` that some replacement builds
/// and no pattern of any set matches.
std::vector<LintDiag> lintRuleSets(llvm::ArrayRef<RuleSet> Sets);

/// The rule sets pipeline.txt names against those the files define:
/// unknown-rule-set (an error: loop2cuda refuses to load), unused-rule-set
/// (a defined set that neither the pipeline nor an `# off-pipeline:` line
/// names) and unknown-off-pipeline.
std::vector<LintDiag> lintPipeline(llvm::ArrayRef<RuleSet> Sets,
                                   llvm::ArrayRef<PipelineEntry> Pipeline,
                                   llvm::ArrayRef<PipelineEntry> OffPipeline);

/// The names of the `# off-pipeline: NAME…` comment lines of a pipeline
/// file: rule sets run outside the pipeline, by an option (--deterministic
/// runs deterministic-reduce). The names end at the first word that is not
/// a rule-set name, so a remark may follow: `# off-pipeline: x (by --x)`.
std::vector<PipelineEntry> parseOffPipeline(llvm::StringRef Text,
                                            llvm::StringRef FileName);

} // namespace l2c

#endif
