//===- CSplitGpuPart.cpp - The .cu of a split C file ----------------------===//
//
// The GPU part of a split C file (CSplit.h) is the translated file with
// the definitions of the functions without GPU code taken out: what they
// and the file's variables are to the functions that stay, C-linkage
// declarations; the static functions those call, copies; a static
// variable, a reference to the host part's object.
//
//===----------------------------------------------------------------------===//

#include "driver/CSplit.h"
#include "driver/CSplitText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"

using namespace clang;

namespace l2c {
using namespace csplit;

llvm::Expected<std::string> editGpuPart(ASTContext &Ctx, Rewriter &RW,
                                        const CSplitPlan &Plan) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::string Prologue;
  std::set<const FunctionDecl *> Labelled;
  for (const auto &G : declGroups(Ctx)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(G.front())) {
      const FunctionDecl *Def = FD->getDefinition();
      bool Gpu = Def && Plan.Gpu.count(Def);
      bool Copied = Def && Plan.Copied.count(Def);
      bool Used = Plan.Used.count(FD->getCanonicalDecl()) > 0;
      SourceRange R = fileRange(SM, FD);
      if (FD->doesThisDeclarationHaveABody() && !Gpu && !Copied) {
        // A function without GPU code: the host part defines it.
        std::string Decl;
        if (Used && !isStatic(FD))
          Decl =
              "extern \"C\" " + cxxPrototype(FD, false) +
              (needsLabel(Plan, FD) ? " __asm__(\"" + labelOf(Plan, FD) + "\")"
                                    : "") +
              "; // defined in the host part\n";
        RW.ReplaceText(R, Decl);
        continue;
      }
      if (!Gpu && !Copied && isStatic(FD->getCanonicalDecl())) {
        RW.ReplaceText(R, ""); // a static declaration without its body
        continue;
      }
      bool Static = isStatic(FD->getCanonicalDecl());
      if (Gpu && needsLabel(Plan, FD) && Labelled.insert(Def).second) {
        // A keyword's name is renamed here: its symbol keeps the name.
        RW.InsertTextBefore(R.getBegin(),
                            "extern \"C\" " + cxxPrototype(FD, false) +
                                " __asm__(\"" + labelOf(Plan, FD) + "\");\n");
      }
      if (FD->doesThisDeclarationHaveABody() && needsNewHeader(FD)) {
        // K&R parameters or an implicit int: the header is printed anew.
        std::string Entry;
        std::string Head = cxxPrototype(FD, true, &Entry) + " ";
        if (Static)
          Head = "static " + Head;
        else if (!FD->isMain() && !needsLabel(Plan, FD))
          Head = "extern \"C\" " + Head;
        RW.ReplaceText(
            CharSourceRange::getCharRange(
                R.getBegin(), SM.getExpansionLoc(FD->getBody()->getBeginLoc())),
            Head);
        if (!Entry.empty())
          RW.InsertTextAfterToken(
              SM.getExpansionLoc(FD->getBody()->getBeginLoc()),
              Entry + " // loop2cuda: K&R parameters");
      } else if (!FD->doesThisDeclarationHaveABody() &&
                 !FD->hasWrittenPrototype()) {
        // `float squash();` means (void) in C++.
        RW.ReplaceText(R, (Static ? "static " : "extern \"C\" ") +
                              cxxPrototype(FD, false));
      } else if (!Static && !FD->isMain() && !needsLabel(Plan, FD)) {
        RW.InsertTextBefore(R.getBegin(), "extern \"C\" ");
      }
      if (Gpu && Static && FD->doesThisDeclarationHaveABody()) {
        // The host part's copy of a static function calls this entry.
        if (FD->isVariadic())
          return llvm::createStringError(
              llvm::inconvertibleErrorCode(),
              "cannot split the C file: the static function '" +
                  FD->getName().str() +
                  "' has GPU code and a variable argument list");
        RW.InsertTextAfterToken(
            SM.getExpansionLoc(FD->getBody()->getEndLoc()),
            "\n// loop2cuda: the host part's '" + FD->getName().str() +
                "' calls this\nextern \"C\" " +
                entryHead(FD, entryName(Plan, FD), true) + " { " +
                forwardCall(FD, FD->getName().str()) + " }");
      }
      continue;
    }
    // Variables: the host part defines them; the .cu declares those it
    // uses. A tag defined in the declaration stays.
    bool HasVar = false;
    for (const Decl *D : G)
      HasVar |= isa<VarDecl>(D);
    if (!HasVar)
      continue;
    std::string Text;
    for (const Decl *D : G) {
      if (const auto *TD = dyn_cast<TagDecl>(D)) {
        if (TD->isThisDeclarationADefinition()) {
          SourceRange TR = fileRange(SM, TD);
          Text +=
              Lexer::getSourceText(CharSourceRange::getTokenRange(TR), SM, LO)
                  .str() +
              ";\n";
        }
        continue;
      }
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !Plan.Used.count(V->getCanonicalDecl()))
        continue;
      if (Plan.SharedStatics.count(V->getCanonicalDecl())) {
        // The host part's object, through the address it publishes.
        std::string Ref;
        llvm::raw_string_ostream RS(Ref);
        Ctx.getLValueReferenceType(V->getType())
            .print(RS, policyOf(Ctx), V->getName());
        Text += "extern \"C\" " + publishedPointer(Plan, V) + ";\nstatic " +
                RS.str() + " = *" + refName(Plan, V) + ";\n";
        continue;
      }
      bool Keyword = Plan.Keywords.count(V->getName().str()) > 0;
      Text += "extern \"C\" " + externVar(V) +
              (Keyword ? " __asm__(\"" + labelOf(Plan, V) + "\")" : "") + ";\n";
    }
    auto Past = groupEnd(SM, LO, G);
    if (!Past)
      return Past.takeError();
    RW.ReplaceText(CharSourceRange::getCharRange(
                       SM.getExpansionLoc(G.front()->getBeginLoc()), *Past),
                   Text);
  }
  // Where declarations that headers must not see go: after the file's
  // last #include. Where the renames of C++ keywords go: before the first
  // user header when no system header follows it (a user header may use
  // the name too), else after the last #include (C++'s own headers use
  // the words).
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  size_t AfterIncludes = 0, FirstUser = StringRef::npos;
  bool SystemAfterUser = false;
  for (size_t Pos = 0; Pos < Buf.size();) {
    size_t NL = Buf.find('\n', Pos);
    size_t End = NL == StringRef::npos ? Buf.size() : NL + 1;
    StringRef Line = Buf.slice(Pos, End).ltrim();
    if (Line.consume_front("#") && Line.ltrim().consume_front("include")) {
      AfterIncludes = End;
      bool User = Line.ltrim().drop_front(7).ltrim().starts_with("\"");
      if (User && FirstUser == StringRef::npos)
        FirstUser = Pos;
      SystemAfterUser |= !User && FirstUser != StringRef::npos;
    }
    Pos = End;
  }
  size_t KeywordsAt = FirstUser != StringRef::npos && !SystemAfterUser
                          ? FirstUser
                          : AfterIncludes;
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  std::string After;
  // A header's `float squash();` means squash(void) to C++, and the .cu's
  // own declaration would conflict: the header's goes by another name.
  std::set<std::string> Renamed;
  std::set<const Decl *> Referenced(Plan.Used.begin(), Plan.Used.end());
  for (const FunctionDecl *F : Plan.Gpu)
    Referenced.insert(F->getCanonicalDecl());
  for (const Decl *D : Referenced) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F)
      continue;
    for (const FunctionDecl *R : F->redecls()) {
      SourceLocation L = SM.getExpansionLoc(R->getLocation());
      if (R->hasWrittenPrototype() || R->isImplicit() ||
          SM.getFileID(L) == SM.getMainFileID() || SM.isInSystemHeader(L) ||
          !Renamed.insert(F->getName().str()).second)
        continue;
      RW.InsertTextBefore(Start, "#define " + F->getName().str() + " l2c_hdr_" +
                                     F->getName().str() +
                                     " // loop2cuda: declared without "
                                     "parameters in a header\n");
      After += "#undef " + F->getName().str() + "\n";
      if (!Plan.Gpu.count(F->getDefinition()))
        After += "extern \"C\" " + cxxPrototype(F, false) + ";\n";
    }
  }
  // Names that C++ reserves are renamed in the .cu only (a struct member
  // or a local keeps its place; an object of another file its label).
  std::string Keywords;
  for (const std::string &K : Plan.Keywords)
    Keywords += "#define " + K + " l2c_kw_" + K + "\n";
  // After the includes, the defines go at the end of the last include's
  // line: the device code, inserted later at the start of the next line,
  // uses the names too (a local `new` that a kernel takes).
  if (!Keywords.empty() && KeywordsAt != AfterIncludes)
    RW.InsertTextBefore(Start.getLocWithOffset(KeywordsAt),
                        "// loop2cuda: names that C++ reserves, renamed\n" +
                            Keywords);
  else if (!Keywords.empty() && AfterIncludes > 0)
    RW.InsertTextBefore(Start.getLocWithOffset(AfterIncludes - 1),
                        "\n// loop2cuda: names that C++ reserves, renamed\n" +
                            StringRef(Keywords).drop_back().str());
  else
    After += Keywords;
  if (!After.empty())
    RW.InsertTextAfter(Start.getLocWithOffset(AfterIncludes),
                       "// loop2cuda: for C++, after the headers\n" + After);
  // Functions called without a declaration.
  std::set<std::string> Implicit;
  for (const Decl *D : Plan.Used)
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (undeclared(F))
        Implicit.insert(F->getName().str());
  for (const std::string &N : Implicit)
    Prologue += "extern \"C\" int " + N + "(...); // implicit in C\n";
  // Functions called before their declaration (C89 declares them at the
  // call): C++ needs the prototype first.
  std::set<const FunctionDecl *> Early;
  for (const Decl *D : Plan.Used)
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (!undeclared(F) && F->getFirstDecl()->isImplicit() &&
          !isStatic(F->getMostRecentDecl()))
        if (const FunctionDecl *Def = F->getDefinition();
            Def && Early.insert(Def).second)
          Prologue += "extern \"C\" " + cxxPrototype(Def, false) +
                      (needsLabel(Plan, Def)
                           ? " __asm__(\"" + labelOf(Plan, Def) + "\")"
                           : "") +
                      "; // called before its declaration\n";
  return Prologue;
}

} // namespace l2c
