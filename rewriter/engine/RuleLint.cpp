//===- RuleLint.cpp - Lints of rule files and the pipeline ----------------===//

#include "engine/RuleLint.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace l2c {

std::string LintDiag::str() const {
  return Loc.str() + (IsError ? ": error: " : ": warning: ") + Message + " [" +
         Check + "]";
}

namespace {

using VarMap = std::map<std::string, Term>;

/// The rest of Elems from From on, plus Tail, as the engine binds a list
/// tail variable (a bare tail when no element is left).
Term restOf(llvm::ArrayRef<Term> Elems, size_t From, const Term &Tail) {
  if (From == Elems.size() && Tail)
    return Tail;
  return Term::listOf(Elems.drop_front(From), Tail);
}

bool subsumes(const Term &G, const Term &S, VarMap &B) {
  if (G.is(Term::Var)) {
    auto [It, New] = B.emplace(G.name(), S);
    return New || It->second == S;
  }
  // A variable of S stands for any term, which only a variable covers.
  if (!S || S.is(Term::Var) || G.kind() != S.kind())
    return false;
  switch (G.kind()) {
  case Term::App:
    if (G.name() != S.name() || G.arity() != S.arity())
      return false;
    for (size_t I = 0; I < G.arity(); ++I)
      if (!subsumes(G[I], S[I], B))
        return false;
    return true;
  case Term::List: {
    const auto &GE = G.args(), &SE = S.args();
    if (!G.tail()) {
      // A closed list pattern matches lists of exactly its length.
      if (S.tail() || GE.size() != SE.size())
        return false;
    } else if (SE.size() < GE.size()) {
      return false;
    }
    for (size_t I = 0; I < GE.size(); ++I)
      if (!subsumes(GE[I], SE[I], B))
        return false;
    return !G.tail() || subsumes(G.tail(), restOf(SE, GE.size(), S.tail()), B);
  }
  default:
    return G == S;
  }
}

/// A helper constructor: `_` then an upper-case letter (`_Unroll`), as an
/// application head or an atom. `__syncthreads` is not one.
bool isHelperName(const std::string &N) {
  return N.size() > 1 && N[0] == '_' && N[1] >= 'A' && N[1] <= 'Z';
}

void collectHelpers(const Term &T, llvm::StringSet<> &Out) {
  forEachSubterm(T, [&Out](const Term &X) {
    if ((X.is(Term::App) || X.is(Term::Ident)) && isHelperName(X.name()))
      Out.insert(X.name());
    return true;
  });
}

bool isBareVar(const Rule &R) { return R.Pattern.is(Term::Var); }

} // namespace

bool patternSubsumes(const Term &General, const Term &Specific) {
  VarMap B;
  return subsumes(General, Specific, B);
}

std::vector<LintDiag> lintRuleSets(llvm::ArrayRef<RuleSet> Sets) {
  std::vector<LintDiag> Out;
  for (const RuleSet &S : Sets)
    for (size_t J = 0; J < S.Rules.size(); ++J) {
      const Rule &Later = S.Rules[J];
      for (size_t I = 0; I < J; ++I) {
        const Rule &Earlier = S.Rules[I];
        // Rules on a bare variable are tried after all others, so they
        // only shadow one another.
        if (!Earlier.Conditions.empty() ||
            isBareVar(Earlier) != isBareVar(Later) ||
            !patternSubsumes(Earlier.Pattern, Later.Pattern))
          continue;
        Out.push_back({Later.Loc, false,
                       "rule '" + Later.Name + "' of rule set '" + S.Name +
                           "' never applies: rule '" + Earlier.Name +
                           "' (line " + std::to_string(Earlier.Loc.Line) +
                           ") comes first, has no conditions and matches "
                           "every term it matches",
                       "shadowed-rule"});
        break;
      }
    }

  // Helpers that some pattern matches, then those built and never matched.
  llvm::StringSet<> Matched;
  for (const RuleSet &S : Sets)
    for (const Rule &R : S.Rules)
      collectHelpers(R.Pattern, Matched);
  llvm::StringSet<> Reported;
  for (const RuleSet &S : Sets)
    for (const Rule &R : S.Rules) {
      llvm::StringSet<> Built;
      collectHelpers(R.Replacement, Built);
      std::vector<std::string> Names;
      for (const auto &E : Built)
        Names.push_back(E.getKey().str());
      std::sort(Names.begin(), Names.end());
      for (const std::string &N : Names)
        if (!Matched.contains(N) && Reported.insert(N).second)
          Out.push_back({R.ReplacementLoc, false,
                         "helper constructor '" + N + "' is built by rule '" +
                             R.Name + "' of rule set '" + S.Name +
                             "' but no rule of any set matches it, so it "
                             "stays in the output",
                         "unremoved-helper"});
    }
  return Out;
}

std::vector<LintDiag> lintPipeline(llvm::ArrayRef<RuleSet> Sets,
                                   llvm::ArrayRef<PipelineEntry> Pipeline,
                                   llvm::ArrayRef<PipelineEntry> OffPipeline) {
  std::vector<LintDiag> Out;
  llvm::StringSet<> Defined, Named;
  for (const RuleSet &S : Sets)
    Defined.insert(S.Name);
  for (const PipelineEntry &E : Pipeline) {
    Named.insert(E.Name);
    if (!Defined.contains(E.Name))
      Out.push_back({E.Loc, true,
                     "pipeline names rule set '" + E.Name +
                         "', which no rule file defines",
                     "unknown-rule-set"});
  }
  for (const PipelineEntry &E : OffPipeline) {
    Named.insert(E.Name);
    if (!Defined.contains(E.Name))
      Out.push_back(
          {E.Loc, false,
           "off-pipeline rule set '" + E.Name + "' is defined by no rule file",
           "unknown-off-pipeline"});
  }
  for (const RuleSet &S : Sets)
    if (!Named.contains(S.Name))
      Out.push_back({S.Loc, false,
                     "rule set '" + S.Name +
                         "' never runs: pipeline.txt does not name it (add "
                         "it, or list it on an '# off-pipeline:' line if an "
                         "option runs it)",
                     "unused-rule-set"});
  return Out;
}

static bool isNameChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '-' || C == '_';
}

std::vector<PipelineEntry> parseOffPipeline(llvm::StringRef Text,
                                            llvm::StringRef FileName) {
  std::vector<PipelineEntry> Out;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Text.split(Lines, '\n');
  unsigned LineNo = 0;
  for (llvm::StringRef Line : Lines) {
    ++LineNo;
    size_t Hash = Line.find('#');
    if (Hash == llvm::StringRef::npos)
      continue;
    llvm::StringRef Rest = Line.substr(Hash + 1).ltrim();
    if (!Rest.consume_front("off-pipeline:"))
      continue;
    for (;;) {
      Rest = Rest.ltrim(" \t,\r");
      size_t Len = 0;
      while (Len < Rest.size() && isNameChar(Rest[Len]))
        ++Len;
      // A word that does not end at a space is a remark, not a name.
      if (Len == 0 ||
          (Len < Rest.size() && !llvm::StringRef(" \t,\r").contains(Rest[Len])))
        break;
      unsigned Col = static_cast<unsigned>(Rest.data() - Line.data()) + 1;
      Out.push_back({Rest.substr(0, Len).str(), {FileName.str(), LineNo, Col}});
      Rest = Rest.substr(Len);
    }
  }
  return Out;
}

} // namespace l2c
