//===- RuleLibrary.cpp - The rule sets of a rules/ directory --------------===//

#include "engine/RuleLibrary.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace l2c {

static llvm::Expected<std::string> readFile(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(),
                                   "cannot read '" + Path +
                                       "': " + Buf.getError().message());
  return (*Buf)->getBuffer().str();
}

llvm::Error RuleLibrary::addFile(llvm::StringRef Path,
                                 const FactRegistry &Facts) {
  auto Text = readFile(Path);
  if (!Text)
    return Text.takeError();
  auto Parsed = parseRuleFile(*Text, Path, Facts, &Matchers);
  if (!Parsed)
    return Parsed.takeError();
  for (RuleSet &S : *Parsed) {
    if (const RuleSet *Old = find(S.Name))
      return makeError(S.Loc, "rule set '" + S.Name +
                                  "' is already defined at " + Old->Loc.str());
    Sets.push_back(std::move(S));
  }
  return llvm::Error::success();
}

llvm::Expected<RuleLibrary> RuleLibrary::load(llvm::StringRef Dir,
                                              const FactRegistry &Facts) {
  RuleLibrary Lib;
  std::error_code EC;
  std::vector<std::string> Files;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".rules")
      Files.push_back(It->path());
  if (EC)
    return llvm::createStringError(EC, "cannot read rule directory '" + Dir +
                                           "': " + EC.message());
  std::sort(Files.begin(), Files.end());
  for (const std::string &F : Files)
    if (auto E = Lib.addFile(F, Facts))
      return std::move(E);
  llvm::SmallString<256> Pipe(Dir);
  llvm::sys::path::append(Pipe, "pipeline.txt");
  Lib.PipelineFile = Pipe.str().str();
  auto Text = readFile(Pipe);
  if (!Text)
    return Text.takeError();
  auto Entries = parsePipelineEntries(*Text, Pipe);
  if (!Entries)
    return Entries.takeError();
  Lib.Entries = std::move(*Entries);
  for (const PipelineEntry &E : Lib.Entries)
    Lib.Order.push_back(E.Name);
  if (auto P = Lib.pipeline(); !P)
    return P.takeError();
  return std::move(Lib);
}

const RuleSet *RuleLibrary::find(llvm::StringRef Name) const {
  for (const RuleSet &S : Sets)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

llvm::Expected<std::vector<const RuleSet *>> RuleLibrary::pipeline() const {
  std::vector<const RuleSet *> Out;
  for (const std::string &N : Order) {
    const RuleSet *S = find(N);
    if (!S)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     PipelineFile +
                                         ": error: pipeline names "
                                         "unknown rule set '" +
                                         N + "'");
    Out.push_back(S);
  }
  return Out;
}

const MatcherRule *RuleLibrary::findMatcher(llvm::StringRef Name) const {
  for (const MatcherRule &M : Matchers)
    if (M.Name == Name)
      return &M;
  return nullptr;
}

bool RuleLibrary::knows(llvm::StringRef Name) const {
  if (findMatcher(Name))
    return true;
  for (const RuleSet &S : Sets) {
    if (S.Name == Name)
      return true;
    for (const Rule &R : S.Rules)
      if (R.Name == Name)
        return true;
  }
  return false;
}

std::string RuleLibrary::describe() const {
  std::string Out;
  for (const MatcherRule &M : Matchers)
    Out += M.Name + " (matcher, " + M.Loc.File + ")\n  " + M.Text + "\n";
  auto Describe = [&Out](const RuleSet &S, llvm::StringRef Where) {
    Out += S.Name + " (" + strategyName(S.Strat) + ", " + S.Loc.File +
           Where.str() + ")\n";
    for (const Rule &R : S.Rules)
      Out += "  " + R.Name + "\n";
  };
  for (const PipelineEntry &E : Entries)
    if (const RuleSet *S = find(E.Name))
      Describe(*S,
               std::string(E.Off ? ", off unless --enable-rule names it" : "") +
                   (E.Nondeterministic
                        ? ", nondeterministic: not with --deterministic"
                        : "") +
                   (E.OnlyDeterministic ? ", only with --deterministic" : ""));
  for (const RuleSet &S : Sets)
    if (std::find(Order.begin(), Order.end(), S.Name) == Order.end())
      Describe(S, ", not in the pipeline");
  return Out;
}

} // namespace l2c
