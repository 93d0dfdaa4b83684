//===- rule_parser_fuzzer.cpp - libFuzzer target for rule files -----------===//
//
// Feeds arbitrary bytes to the rule-file reader the way `--check-rules` does
// (parse with recovery, then the lints), and to the strict reader and the
// pipeline reader. Any crash, hang, sanitizer report or unbounded recursion
// is a bug: malformed rule files must only give diagnostics
// (docs/rule-authoring.md). Built by tests/fuzz/build.sh.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"
#include "engine/RuleLint.h"
#include "engine/Rules.h"

#include "llvm/Support/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using namespace l2c;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static FactRegistry *Facts = [] {
    auto *R = new FactRegistry();
    registerStandardFacts(*R);
    registerDomainFacts(*R);
    return R;
  }();
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);

  std::vector<MatcherRule> Matchers;
  std::vector<std::string> Errors;
  std::vector<RuleSet> Sets =
      parseRuleFileAll(Text, "fuzz.rules", *Facts, Matchers, Errors);
  (void)lintRuleSets(Sets);

  auto Strict = parseRuleFile(Text, "fuzz.rules", *Facts);
  if (!Strict)
    llvm::consumeError(Strict.takeError());

  auto Pipeline = parsePipelineEntries(Text, "pipeline.txt");
  if (Pipeline)
    (void)lintPipeline(Sets, *Pipeline, parseOffPipeline(Text, "pipeline.txt"));
  else
    llvm::consumeError(Pipeline.takeError());
  return 0;
}
