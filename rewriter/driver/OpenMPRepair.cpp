//===- OpenMPRepair.cpp - Reading a common non-conforming OpenMP form -----===//
//
// See OpenMPRepair.h. A small scanner over the text: it skips comments and
// string and character literals, matches braces, and recognises directive
// lines; it never guesses past a shape it does not know (then the file is
// left to Clang, which reports the error).
//
//===----------------------------------------------------------------------===//

#include "driver/OpenMPRepair.h"

#include "llvm/ADT/SmallVector.h"

#include <cctype>

namespace l2c {

namespace {

class Scanner {
public:
  explicit Scanner(llvm::StringRef Text) : Text(Text) {}

  /// Past whitespace and comments from At.
  size_t skipSpace(size_t At) const {
    while (At < Text.size()) {
      if (std::isspace(static_cast<unsigned char>(Text[At]))) {
        ++At;
      } else if (Text.substr(At).starts_with("//")) {
        At = Text.find('\n', At);
        if (At == llvm::StringRef::npos)
          return Text.size();
      } else if (Text.substr(At).starts_with("/*")) {
        size_t End = Text.find("*/", At + 2);
        if (End == llvm::StringRef::npos)
          return Text.size();
        At = End + 2;
      } else {
        break;
      }
    }
    return At;
  }

  /// The end of the line at At, continuation lines included.
  size_t lineEnd(size_t At) const {
    for (;;) {
      size_t End = Text.find('\n', At);
      if (End == llvm::StringRef::npos)
        return Text.size();
      size_t Last = End;
      while (Last > At && (Text[Last - 1] == '\r'))
        --Last;
      if (Last > At && Text[Last - 1] == '\\') {
        At = End + 1;
        continue;
      }
      return End;
    }
  }

  /// The words of the directive line at At when it is `#pragma omp ...`.
  std::optional<std::vector<std::string>> ompDirective(size_t At) const {
    if (At >= Text.size() || Text[At] != '#')
      return std::nullopt;
    llvm::StringRef Line = Text.slice(At + 1, lineEnd(At));
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    Line.split(Parts, ' ', -1, false);
    std::vector<std::string> Words;
    for (llvm::StringRef P : Parts) {
      P = P.trim(" \t\r\\");
      if (!P.empty())
        Words.push_back(P.str());
    }
    if (Words.size() < 2 || Words[0] != "pragma" || Words[1] != "omp")
      return std::nullopt;
    return std::vector<std::string>(Words.begin() + 2, Words.end());
  }

  /// The offset past the brace that closes the one at Open, or npos.
  size_t matchBrace(size_t Open) const { return match(Open, '{', '}'); }

  /// The offset past the bracket Close that closes the bracket Open at
  /// From, or npos.
  size_t match(size_t From, char Open, char Close) const {
    int Depth = 0;
    for (size_t At = From; At < Text.size(); ++At) {
      size_t Skipped = skipSpace(At);
      if (Skipped != At) {
        At = Skipped - 1;
        continue;
      }
      char C = Text[At];
      if (C == '"' || C == '\'') {
        for (++At; At < Text.size() && Text[At] != C; ++At)
          if (Text[At] == '\\')
            ++At;
        continue;
      }
      if (C == Open)
        ++Depth;
      else if (C == Close && --Depth == 0)
        return At + 1;
    }
    return llvm::StringRef::npos;
  }

  /// The `#pragma omp` lines that start in [From, To), in order: the
  /// offset of each `#` and the directive's words.
  std::vector<std::pair<size_t, std::vector<std::string>>>
  directives(size_t From, size_t To) const {
    std::vector<std::pair<size_t, std::vector<std::string>>> Out;
    for (size_t At = Text.find('#', From);
         At < To && At != llvm::StringRef::npos; At = Text.find('#', At + 1))
      if (auto W = ompDirective(At); W && !W->empty())
        Out.emplace_back(At, std::move(*W));
    return Out;
  }

  /// Whether [From, To) holds a worksharing or barrier directive line.
  bool holdsWorksharing(size_t From, size_t To) const {
    for (const auto &[At, W] : directives(From, To))
      if (W[0] == "for" || W[0] == "barrier" || W[0] == "sections" ||
          W[0] == "single")
        return true;
    return false;
  }

private:
  llvm::StringRef Text;
};

/// `#pragma` becomes `//     `: the line is a comment that keeps its words.
void commentOut(std::string &Text, size_t At) {
  Text.replace(At, 7, "//     ");
}

} // namespace

std::optional<std::string>
repairMasterRegions(llvm::StringRef Text,
                    std::vector<RepairedRegion> &Regions) {
  Scanner S(Text);
  std::string Out = Text.str();
  bool Changed = false;
  size_t Past = 0; // directives before Past lie in a region already read
  for (const auto &[At, Words] : S.directives(0, Text.size())) {
    if (At < Past)
      continue;
    // `#pragma omp parallel` with clauses only (not `parallel for`).
    if (Words[0] != "parallel" ||
        (Words.size() > 1 &&
         (Words[1] == "for" || Words[1] == "sections" || Words[1] == "loop")))
      continue;
    // Its body: `{`, then the inner directive, its block, then `}`.
    size_t Open = S.skipSpace(S.lineEnd(At));
    if (Open >= Text.size() || Text[Open] != '{')
      continue;
    size_t Close = S.matchBrace(Open);
    size_t Inner = S.skipSpace(Open + 1);
    auto InnerWords = S.ompDirective(Inner);
    if (Close == llvm::StringRef::npos || !InnerWords ||
        InnerWords->size() != 1 ||
        ((*InnerWords)[0] != "master" && (*InnerWords)[0] != "single"))
      continue;
    size_t BlockOpen = S.skipSpace(S.lineEnd(Inner));
    if (BlockOpen >= Text.size() || Text[BlockOpen] != '{')
      continue;
    size_t BlockClose = S.matchBrace(BlockOpen);
    if (BlockClose == llvm::StringRef::npos ||
        S.skipSpace(BlockClose) != Close - 1 ||
        !S.holdsWorksharing(BlockOpen, BlockClose))
      continue;
    commentOut(Out, At);
    commentOut(Out, Inner);
    // A barrier there is as invalid, and with one thread it waits for none.
    for (const auto &[B, W] : S.directives(BlockOpen, BlockClose))
      if (W.size() == 1 && W[0] == "barrier")
        commentOut(Out, B);
    Regions.push_back(
        {static_cast<unsigned>(At),
         "worksharing directives inside this region's '" + (*InnerWords)[0] +
             "' block are not valid OpenMP (compilers reject them); "
             "loop2cuda reads the block as code that runs once, as one "
             "thread would run it, and its 'for' loops as worksharing "
             "loops of their own"});
    Changed = true;
    Past = BlockClose;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

std::optional<std::string>
repairBarriersInLoops(llvm::StringRef Text,
                      std::vector<RepairedRegion> &Regions) {
  Scanner S(Text);
  std::string Out = Text.str();
  bool Changed = false;
  size_t Past = 0; // directives before Past lie in a loop already read
  for (const auto &[At, Words] : S.directives(0, Text.size())) {
    if (At < Past)
      continue;
    // `#pragma omp for ...` or `#pragma omp parallel for ...`.
    size_t First = Words[0] == "parallel" ? 1 : 0;
    if (Words.size() <= First || Words[First] != "for")
      continue;
    // The loop: `for (...)`, then a braced body.
    size_t For = S.skipSpace(S.lineEnd(At));
    if (!Text.substr(For).starts_with("for"))
      continue;
    size_t Paren = S.skipSpace(For + 3);
    if (Paren >= Text.size() || Text[Paren] != '(')
      continue;
    size_t HeaderEnd = S.match(Paren, '(', ')');
    if (HeaderEnd == llvm::StringRef::npos)
      continue;
    size_t Open = S.skipSpace(HeaderEnd);
    if (Open >= Text.size() || Text[Open] != '{')
      continue;
    size_t Close = S.matchBrace(Open);
    if (Close == llvm::StringRef::npos)
      continue;
    std::vector<size_t> Barriers;
    bool NestedRegion = false;
    for (const auto &[B, W] : S.directives(Open, Close)) {
      if (W[0] == "parallel")
        NestedRegion = true;
      else if (W.size() == 1 && W[0] == "barrier")
        Barriers.push_back(B);
    }
    if (NestedRegion || Barriers.empty())
      continue;
    for (size_t B : Barriers) {
      commentOut(Out, B);
      Regions.push_back(
          {static_cast<unsigned>(B),
           "a barrier inside a worksharing loop is not valid OpenMP "
           "(compilers reject it): no barrier can order the iterations of "
           "one loop; loop2cuda reads the loop without it, as one thread "
           "would run it"});
    }
    Changed = true;
    Past = Close;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

} // namespace l2c
