//===- PipelineFile.cpp - Reads pipeline.txt ------------------------------===//
//
// rules/pipeline.txt: one rule-set name a line, in the order the sets run,
// optionally followed by the words `off`, `nondeterministic` and
// `deterministic`; `#` starts a comment (docs/rule-language.md, "The
// pipeline"; docs/rule-authoring.md). Split from RuleParser.cpp.
//
//===----------------------------------------------------------------------===//

#include "engine/Rules.h"

#include "llvm/ADT/SmallVector.h"

#include <cctype>

namespace l2c {

llvm::Expected<std::vector<std::string>>
parsePipelineFile(llvm::StringRef Text, llvm::StringRef FileName) {
  auto Entries = parsePipelineEntries(Text, FileName);
  if (!Entries)
    return Entries.takeError();
  std::vector<std::string> Names;
  for (PipelineEntry &E : *Entries)
    Names.push_back(std::move(E.Name));
  return Names;
}

llvm::Expected<std::vector<PipelineEntry>>
parsePipelineEntries(llvm::StringRef Text, llvm::StringRef FileName) {
  std::vector<PipelineEntry> Names;
  unsigned LineNo = 0;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    ++LineNo;
    llvm::StringRef Content = Line.split('#').first;
    Line = Content.trim();
    if (Line.empty())
      continue;
    unsigned Col =
        1 + static_cast<unsigned>(Content.size() - Content.ltrim().size());
    llvm::SmallVector<llvm::StringRef, 4> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    for (char C : Words[0])
      if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '-' ||
            C == '_'))
        return makeError({FileName.str(), LineNo, Col},
                         "expected one rule-set name on the line, found '" +
                             Line + "'");
    PipelineEntry E{Words[0].str(), {FileName.str(), LineNo, Col}};
    for (llvm::StringRef W : llvm::ArrayRef(Words).drop_front()) {
      W = W.trim();
      if (W == "off")
        E.Off = true;
      else if (W == "nondeterministic")
        E.Nondeterministic = true;
      else if (W == "deterministic")
        E.OnlyDeterministic = true;
      else
        return makeError(
            {FileName.str(), LineNo,
             Col + static_cast<unsigned>(W.data() - Line.data())},
            "unknown word '" + W + "' after rule set '" + E.Name +
                "' (expected 'off', 'nondeterministic' or 'deterministic')");
    }
    Names.push_back(std::move(E));
  }
  return Names;
}

} // namespace l2c
