//===- Sarif.cpp - The SARIF 2.1.0 log of a run ---------------------------===//

#include "driver/Sarif.h"

#include "driver/AtomicWrite.h"
#include "driver/RuleDocs.h"
#include "driver/Summary.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <map>

using namespace llvm;

namespace l2c {

static constexpr StringRef SchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    "sarif-schema-2.1.0.json";

std::string fileUri(StringRef Path) {
  auto [File, Anchor] = Path.split('#');
  std::string Uri = "file://";
  for (char C : File) {
    if (isAlnum(C) || StringRef("/-._~!$&'()*+,;=:@").contains(C))
      Uri += C;
    else
      Uri += "%" + toHex(StringRef(&C, 1));
  }
  if (!Anchor.empty())
    Uri += ("#" + Anchor).str();
  return Uri;
}

// json::Value keeps a StringRef as a reference: the log's strings are
// copied into it as std::string.
static json::Object message(std::string Text) {
  return json::Object{{"text", std::move(Text)}};
}

static json::Object physicalLocation(const SourcePlace &P) {
  json::Object Loc{
      {"artifactLocation", json::Object{{"uri", fileUri(P.File)}}}};
  if (P.Line)
    Loc["region"] = json::Object{{"startLine", P.Line},
                                 {"startColumn", std::max(P.Column, 1u)}};
  return Loc;
}

static const char *level(Finding::LevelKind L) {
  switch (L) {
  case Finding::Remark:
    return "note";
  case Finding::Warning:
    return "warning";
  case Finding::Error:
    return "error";
  }
  return "none";
}

static json::Object rule(const std::string &Id, const RuleDoc &Doc) {
  json::Object R{
      {"id", Id},
      {"shortDescription", message(Doc.Summary)},
      {"help", json::Object{{"text", Doc.Text}, {"markdown", Doc.Text}}}};
  if (!Doc.HelpPath.empty())
    R["helpUri"] = Doc.HelpIsUrl ? Doc.HelpPath : fileUri(Doc.HelpPath);
  return R;
}

static json::Object result(const Finding &F, size_t RuleIndex) {
  json::Object R{{"ruleId", F.Rule},
                 {"ruleIndex", static_cast<int64_t>(RuleIndex)},
                 {"level", level(F.Level)},
                 {"message", message(F.Message)}};
  if (!F.Place.File.empty())
    R["locations"] = json::Array{
        json::Object{{"physicalLocation", physicalLocation(F.Place)}}};
  json::Array Related;
  for (const Finding::Note &N : F.Notes) {
    json::Object Loc{{"id", static_cast<int64_t>(Related.size())},
                     {"message", message(N.Message)}};
    if (!N.Place.File.empty())
      Loc["physicalLocation"] = physicalLocation(N.Place);
    Related.push_back(std::move(Loc));
  }
  if (!Related.empty())
    R["relatedLocations"] = std::move(Related);
  return R;
}

std::string sarifLog(ArrayRef<FileReport> Reports, StringRef DocsDir) {
  RuleDocs Docs(DocsDir);
  json::Array Rules, Results;
  std::map<std::string, size_t> RuleIndex;
  for (const FileReport &Report : Reports) {
    for (const Finding &F : Report.Findings) {
      auto [It, New] = RuleIndex.try_emplace(F.Rule, Rules.size());
      if (New)
        Rules.push_back(rule(F.Rule, Docs.describe(F.Rule)));
      Results.push_back(result(F, It->second));
    }
  }
  int Status = exitStatus(Reports);
  json::Object Driver{{"name", "loop2cuda"}, {"rules", std::move(Rules)}};
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"columnKind", "unicodeCodePoints"},
                   {"invocations", json::Array{json::Object{
                                       {"executionSuccessful", Status != 2},
                                       {"exitCode", Status}}}},
                   {"results", std::move(Results)}};
  json::Value Log = json::Object{{"$schema", SchemaUri},
                                 {"version", "2.1.0"},
                                 {"runs", json::Array{std::move(Run)}}};
  return formatv("{0:2}", Log).str() + "\n";
}

Error writeSarif(StringRef Path, ArrayRef<FileReport> Reports,
                 StringRef DocsDir) {
  return writeAtomically(Path.str(), sarifLog(Reports, DocsDir));
}

} // namespace l2c
