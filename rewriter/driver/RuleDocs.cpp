//===- RuleDocs.cpp - What each diagnostic's rule name means --------------===//

#include "driver/RuleDocs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace l2c {

static constexpr StringRef ClangPrefix = "clang-diagnostic-";
static constexpr StringRef ClangReference =
    "https://clang.llvm.org/docs/DiagnosticsReference.html";

RuleDocs::RuleDocs(StringRef Dir) : DocsDir(Dir.str()) {
  SmallString<256> Page(Dir);
  sys::path::append(Page, "diagnostics.md");
  auto Buf = MemoryBuffer::getFile(Page);
  if (!Buf)
    return;
  SmallVector<StringRef> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  RuleDoc *Cur = nullptr;
  for (StringRef Line : Lines) {
    if (Line.starts_with("## ")) {
      StringRef Name = Line.drop_front(3).trim();
      Cur = &Sections[Name.str()];
      SmallString<256> Rules(Dir);
      sys::path::append(Rules, "rules", Name + ".md");
      Cur->HelpPath = sys::fs::exists(Rules)
                          ? Rules.str().str()
                          : (Page + "#" + Name.lower()).str();
      continue;
    }
    if (Line.starts_with("# "))
      Cur = nullptr;
    if (Cur)
      Cur->Text += Line.str() + "\n";
  }
  for (auto &[Name, Doc] : Sections) {
    Doc.Text = StringRef(Doc.Text).trim().str();
    // The first paragraph, its lines joined.
    StringRef First = StringRef(Doc.Text).split("\n\n").first;
    SmallVector<StringRef> Words;
    SplitString(First, Words);
    Doc.Summary = join(Words, " ");
  }
}

RuleDoc RuleDocs::describe(StringRef Rule) const {
  auto It = Sections.find(Rule);
  if (It != Sections.end())
    return It->second;
  RuleDoc D;
  if (Rule == "clang-diagnostic-error") {
    D.Summary = "Clang error: the file does not compile.";
    D.HelpPath = ClangReference.str();
    D.HelpIsUrl = true;
  } else if (Rule.starts_with(ClangPrefix)) {
    StringRef Flag = Rule.drop_front(ClangPrefix.size());
    D.Summary = ("Clang warning -W" + Flag + ".").str();
    D.HelpPath = (ClangReference + "#w" + Flag.lower()).str();
    D.HelpIsUrl = true;
  } else {
    D.Summary = ("loop2cuda diagnostic [" + Rule + "].").str();
  }
  D.Text = D.Summary;
  return D;
}

} // namespace l2c
