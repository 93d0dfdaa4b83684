//===- RuleDocs.h - What each diagnostic's rule name means ------*- C++ -*-===//
//
// docs/diagnostics.md has one `## name` section per rule name that
// loop2cuda's diagnostics carry. The SARIF log describes its rules from
// there: the section's first paragraph is the short description, the whole
// section the help text, and the help page is the rule set's own page
// (docs/rules/<name>.md) where there is one, else that section. Clang's
// warnings (clang-diagnostic-<flag>) point at Clang's diagnostics reference.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_RULEDOCS_H
#define LOOP2CUDA_DRIVER_RULEDOCS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace l2c {

struct RuleDoc {
  std::string Summary; ///< one paragraph, on one line
  std::string Text;    ///< the whole section, Markdown
  /// The help page: an absolute path (with a "#section" anchor where the
  /// page has several) or an https URL; empty when there is none.
  std::string HelpPath;
  bool HelpIsUrl = false;
};

class RuleDocs {
public:
  /// Reads DocsDir/diagnostics.md; without it every rule gets the fallback
  /// description.
  explicit RuleDocs(llvm::StringRef DocsDir);
  RuleDoc describe(llvm::StringRef Rule) const;

private:
  std::string DocsDir;
  std::map<std::string, RuleDoc, std::less<>> Sections;
};

} // namespace l2c

#endif
