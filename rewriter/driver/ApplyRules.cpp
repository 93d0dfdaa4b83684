//===- ApplyRules.cpp - loop2cuda --apply-rules ---------------------------===//

#include "driver/RuleTools.h"
#include "engine/Engine.h"
#include "engine/RuleLibrary.h"
#include "term/TermReader.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace l2c {

namespace {

void layout(const Term &T, unsigned Indent, unsigned Width, std::string &Out) {
  std::string Flat = T.str();
  bool Compound = T.is(Term::App) || T.is(Term::List);
  if (Indent + Flat.size() <= Width || !Compound ||
      (T.arity() == 0 && !T.tail())) {
    Out += Flat;
    return;
  }
  std::string Pad(Indent + 2, ' ');
  Out += T.is(Term::App) ? T.name() + "(" : "[";
  llvm::ArrayRef<Term> Args = T.args();
  for (size_t I = 0; I < Args.size(); ++I) {
    Out += "\n" + Pad;
    layout(Args[I], Indent + 2, Width, Out);
    if (I + 1 < Args.size())
      Out += ",";
  }
  if (T.tail()) {
    Out += "\n" + Pad + ": ";
    layout(T.tail(), Indent + 4, Width, Out);
  }
  Out += "\n" + std::string(Indent, ' ') + (T.is(Term::App) ? ")" : "]");
}

} // namespace

std::string prettyTerm(const Term &T, unsigned Width) {
  std::string Out;
  layout(T, 0, Width, Out);
  return Out;
}

int applyRules(const ApplyRulesOptions &Opts, const FactRegistry &Facts,
               llvm::raw_ostream &Out, llvm::raw_ostream &Diag) {
  if (Opts.TermFile.empty()) {
    Diag << "loop2cuda: error: --apply-rules needs --term FILE\n";
    return 2;
  }
  RuleLibrary Lib;
  if (llvm::sys::fs::is_directory(Opts.RulesPath)) {
    auto Loaded = RuleLibrary::load(Opts.RulesPath, Facts);
    if (!Loaded) {
      Diag << llvm::toString(Loaded.takeError()) << "\n";
      return 2;
    }
    Lib = std::move(*Loaded);
  } else if (llvm::Error E = Lib.addFile(Opts.RulesPath, Facts)) {
    Diag << llvm::toString(std::move(E)) << "\n";
    return 2;
  }
  std::vector<const RuleSet *> Sets;
  llvm::SmallVector<llvm::StringRef, 4> Names;
  llvm::StringRef(Opts.Sets).split(Names, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef N : Names) {
    const RuleSet *S = Lib.find(N.trim());
    if (!S) {
      Diag << "loop2cuda: error: --apply-rules: no rule set '" << N.trim()
           << "' in " << Opts.RulesPath << " (see --list-rules)\n";
      return 2;
    }
    Sets.push_back(S);
  }
  if (Sets.empty()) {
    Diag << "loop2cuda: error: --apply-rules needs a rule-set name\n";
    return 2;
  }

  auto Buf = Opts.TermFile == "-" ? llvm::MemoryBuffer::getSTDIN()
                                  : llvm::MemoryBuffer::getFile(Opts.TermFile);
  if (!Buf) {
    Diag << "loop2cuda: error: cannot read '" << Opts.TermFile
         << "': " << Buf.getError().message() << "\n";
    return 2;
  }
  auto Input = parseTerm((*Buf)->getBuffer(),
                         Opts.TermFile == "-" ? "<stdin>" : Opts.TermFile);
  if (!Input) {
    Diag << llvm::toString(Input.takeError()) << "\n";
    return 1;
  }

  EngineOptions EOpts;
  EOpts.Disabled = Opts.Disabled;
  if (Opts.Trace)
    EOpts.Trace = [&Diag](const TraceEvent &Ev) { Diag << traceText(Ev); };
  Engine Eng(Facts, std::move(EOpts));
  auto Result = Eng.runPipeline(Sets, *Input);
  if (!Result) {
    Diag << llvm::toString(Result.takeError()) << "\n";
    return 1;
  }
  Out << prettyTerm(*Result) << "\n";
  return 0;
}

} // namespace l2c
