//===- RuleLibrary.h - The rule sets of a rules/ directory ------*- C++ -*-===//
//
// Loads every `*.rules` file of a directory and its `pipeline.txt`, and
// checks that names used on the command line (--disable-rule) exist.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_RULELIBRARY_H
#define LOOP2CUDA_ENGINE_RULELIBRARY_H

#include "engine/Rules.h"

#include <memory>

namespace l2c {

class RuleLibrary {
public:
  /// Reads Dir/*.rules (sorted by name) and Dir/pipeline.txt.
  static llvm::Expected<RuleLibrary> load(llvm::StringRef Dir,
                                          const FactRegistry &Facts);
  /// Adds the rule sets of one file (for tests and --rules FILE).
  llvm::Error addFile(llvm::StringRef Path, const FactRegistry &Facts);

  const RuleSet *find(llvm::StringRef Name) const;
  const MatcherRule *findMatcher(llvm::StringRef Name) const;
  /// The rule sets named by pipeline.txt, in order.
  llvm::Expected<std::vector<const RuleSet *>> pipeline() const;
  /// pipeline.txt's lines, with their `off` / `nondeterministic` words.
  const std::vector<PipelineEntry> &pipelineEntries() const { return Entries; }
  const std::vector<RuleSet> &sets() const { return Sets; }
  /// True when Name is a rule set or a rule of some set.
  bool knows(llvm::StringRef Name) const;
  /// Text for --list-rules.
  std::string describe() const;

private:
  std::vector<RuleSet> Sets;
  std::vector<MatcherRule> Matchers;
  std::vector<std::string> Order;
  std::vector<PipelineEntry> Entries;
  std::string PipelineFile;
};

} // namespace l2c

#endif
