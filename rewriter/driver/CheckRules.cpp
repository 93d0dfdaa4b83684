//===- CheckRules.cpp - loop2cuda --check-rules ---------------------------===//

#include "driver/RuleTools.h"
#include "engine/RuleLint.h"
#include "engine/Rules.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <tuple>

namespace l2c {

namespace {

/// The *.rules files of Dir, sorted.
std::vector<std::string> ruleFiles(llvm::StringRef Dir, std::error_code &EC) {
  std::vector<std::string> Files;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".rules")
      Files.push_back(It->path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

std::unique_ptr<llvm::MemoryBuffer> readOrReport(llvm::StringRef Path,
                                                 std::vector<std::string> &E) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (Buf)
    return std::move(*Buf);
  E.push_back(Path.str() + ": error: cannot read: " + Buf.getError().message());
  return nullptr;
}

} // namespace

int checkRules(llvm::StringRef Dir, const FactRegistry &Facts, bool WError,
               llvm::raw_ostream &Diag) {
  if (!llvm::sys::fs::is_directory(Dir)) {
    Diag << "loop2cuda: error: --check-rules: '" << Dir
         << "' is not a directory\n";
    return 2;
  }
  std::error_code EC;
  std::vector<std::string> Files = ruleFiles(Dir, EC);
  std::vector<std::string> Errors;
  if (EC)
    Errors.push_back(Dir.str() + ": error: cannot read: " + EC.message());

  std::vector<RuleSet> Sets;
  std::vector<MatcherRule> Matchers;
  for (const std::string &F : Files) {
    auto Buf = readOrReport(F, Errors);
    if (!Buf)
      continue;
    for (RuleSet &S :
         parseRuleFileAll(Buf->getBuffer(), F, Facts, Matchers, Errors)) {
      auto Old = std::find_if(Sets.begin(), Sets.end(), [&](const RuleSet &O) {
        return O.Name == S.Name;
      });
      if (Old != Sets.end()) {
        Errors.push_back(S.Loc.str() + ": error: rule set '" + S.Name +
                         "' is already defined at " + Old->Loc.str());
        continue;
      }
      Sets.push_back(std::move(S));
    }
  }

  llvm::SmallString<256> Pipe(Dir);
  llvm::sys::path::append(Pipe, "pipeline.txt");
  std::vector<PipelineEntry> Order, OffPipeline;
  if (auto Buf = readOrReport(Pipe, Errors)) {
    auto Entries = parsePipelineEntries(Buf->getBuffer(), Pipe);
    if (Entries)
      Order = std::move(*Entries);
    else
      Errors.push_back(llvm::toString(Entries.takeError()));
    OffPipeline = parseOffPipeline(Buf->getBuffer(), Pipe);
  }

  std::vector<LintDiag> Lints = lintRuleSets(Sets);
  for (LintDiag &D : lintPipeline(Sets, Order, OffPipeline))
    Lints.push_back(std::move(D));
  std::stable_sort(Lints.begin(), Lints.end(),
                   [](const LintDiag &A, const LintDiag &B) {
                     return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Col) <
                            std::tie(B.Loc.File, B.Loc.Line, B.Loc.Col);
                   });

  size_t NumErrors = Errors.size(), NumWarnings = 0;
  for (const std::string &E : Errors)
    Diag << E << "\n";
  for (const LintDiag &D : Lints) {
    Diag << D.str() << "\n";
    ++(D.IsError ? NumErrors : NumWarnings);
  }
  Diag << "loop2cuda: " << Files.size() << " rule file(s), " << Sets.size()
       << " rule set(s): " << NumErrors << " error(s), " << NumWarnings
       << " warning(s)\n";
  if (NumErrors || (WError && NumWarnings))
    return 1;
  return 0;
}

} // namespace l2c
