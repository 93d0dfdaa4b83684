//===- CSplit.cpp - A C input as C host code plus a .cu -------------------===//

#include "driver/CSplit.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringSet.h"

#include <map>

using namespace clang;

namespace l2c {

namespace {

/// Words that C++ reserves and C does not (C's own keywords and the names
/// its headers define as macros, such as bool or alignas, are not here:
/// a C file cannot declare them).
bool isCxxKeyword(StringRef Name) {
  static const llvm::StringSet<> Words = {"and",          "and_eq",
                                          "bitand",       "bitor",
                                          "catch",        "char8_t",
                                          "char16_t",     "char32_t",
                                          "class",        "compl",
                                          "concept",      "consteval",
                                          "constexpr",    "constinit",
                                          "const_cast",   "co_await",
                                          "co_return",    "co_yield",
                                          "decltype",     "delete",
                                          "dynamic_cast", "explicit",
                                          "export",       "friend",
                                          "mutable",      "namespace",
                                          "new",          "noexcept",
                                          "not",          "not_eq",
                                          "nullptr",      "operator",
                                          "or",           "or_eq",
                                          "private",      "protected",
                                          "public",       "reinterpret_cast",
                                          "requires",     "static_cast",
                                          "template",     "this",
                                          "thread_local", "throw",
                                          "try",          "typeid",
                                          "typename",     "using",
                                          "virtual",      "xor",
                                          "xor_eq",       "bool"};
  return Words.contains(Name);
}

bool inMainFile(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  return Loc.isValid() && SM.getFileID(Loc) == SM.getMainFileID();
}

/// The main file's range of D, from its first to its last token.
SourceRange fileRange(const SourceManager &SM, const Decl *D) {
  return SourceRange(SM.getExpansionLoc(D->getBeginLoc()),
                     SM.getExpansionLoc(D->getEndLoc()));
}

bool contains(const SourceManager &SM, SourceRange R, SourceLocation Loc) {
  return R.isValid() && !SM.isBeforeInTranslationUnit(Loc, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), Loc);
}

/// Called without any declaration (C89's implicit declaration). A library
/// function that a header declares has an implicit first declaration too.
bool undeclared(const FunctionDecl *FD) {
  return llvm::all_of(FD->redecls(),
                      [](const FunctionDecl *R) { return R->isImplicit(); });
}

bool isStatic(const FunctionDecl *FD) {
  return FD->getStorageClass() == SC_Static;
}

/// A definition whose return type is not written (C89's implicit int).
bool hasImplicitInt(const FunctionDecl *FD) {
  return FD->getReturnTypeSourceRange().isInvalid() && !FD->isImplicit() &&
         FD->getTypeSourceInfo();
}

/// A definition that C++ cannot read: K&R parameters or implicit int.
bool needsNewHeader(const FunctionDecl *FD) {
  return (!FD->hasWrittenPrototype() && FD->getNumParams() > 0) ||
         hasImplicitInt(FD);
}

PrintingPolicy policyOf(const ASTContext &Ctx) {
  PrintingPolicy P = Ctx.getPrintingPolicy();
  P.Bool = true;
  return P;
}

/// The declaration of FD for C++: K&R parameters as their promoted types (a
/// caller converts arguments that way), a variably modified parameter as
/// void *, a declaration without parameter information as `(...)`. With
/// Names, parameters keep their names (a definition's header).
std::string cxxPrototype(const FunctionDecl *FD, bool Names,
                         std::string *Entry = nullptr) {
  const ASTContext &Ctx = FD->getASTContext();
  PrintingPolicy P = policyOf(Ctx);
  const FunctionDecl *Src = FD->getDefinition() ? FD->getDefinition() : FD;
  bool NoProto = !Src->hasWrittenPrototype();
  std::string Params;
  llvm::raw_string_ostream PS(Params);
  if (NoProto && Src->param_empty())
    PS << (Src->isThisDeclarationADefinition() ? "void" : "...");
  for (unsigned I = 0; I < Src->getNumParams(); ++I) {
    const ParmVarDecl *Parm = Src->getParamDecl(I);
    QualType T = Parm->getType();
    if (NoProto && Ctx.isPromotableIntegerType(T))
      T = const_cast<ASTContext &>(Ctx).getPromotedIntegerType(T);
    else if (NoProto && T->isSpecificBuiltinType(BuiltinType::Float))
      T = Ctx.DoubleTy;
    std::string Name = Names ? Parm->getName().str() : "";
    if (Entry && T != Parm->getType() && !Name.empty()) {
      // A K&R `float x` arrives as a double and is converted on entry.
      std::string Decl;
      llvm::raw_string_ostream DS(Decl);
      Parm->getType().print(DS, P, Name);
      *Entry += " " + DS.str() + " = l2c_knr_" + Name + ";";
      Name = "l2c_knr_" + Name;
    }
    PS << (I ? ", " : "");
    // `double s[n]` is a `double *` (a decayed VLA keeps its VLA sugar).
    if (const auto *DT = T->getAs<DecayedType>())
      T = DT->getDecayedType();
    if (T.getCanonicalType()->isVariablyModifiedType())
      PS << "void *" << (Names && !Name.empty() ? "l2c_vla_" + Name : "");
    else
      T.print(PS, P, Name);
  }
  if (Src->isVariadic())
    PS << ", ...";
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Src->getReturnType().print(OS, P, FD->getName().str() + "(" + PS.str() + ")");
  return OS.str();
}

/// The declaration of V as an `extern` declaration (C++ or C).
std::string externVar(const VarDecl *V) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  V->getType().print(OS, policyOf(V->getASTContext()), V->getName());
  return OS.str();
}

/// Collects the file-scope functions and variables a body refers to.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      Uses.insert(F->getCanonicalDecl());
    else if (const auto *V = dyn_cast<VarDecl>(D))
      if (V->hasGlobalStorage() && V->getDeclContext()->isFileContext())
        Uses.insert(V->getCanonicalDecl());
    return true;
  }
  std::set<const Decl *> Uses;
};

/// Just past the `;` that ends the declaration whose last token is at End,
/// or an invalid location.
SourceLocation pastSemicolon(const SourceManager &SM, const LangOptions &LO,
                             SourceLocation End) {
  return Lexer::findLocationAfterToken(SM.getExpansionLoc(End), tok::semi, SM,
                                       LO, false);
}

/// The top-level declarations of the main file, in groups that share their
/// first token (`int a, b;`, `struct S {...} s;`).
std::vector<std::vector<Decl *>> declGroups(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::vector<Decl *>> Groups;
  SourceLocation Last;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (D->isImplicit() || !inMainFile(SM, D->getBeginLoc()))
      continue;
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    if (!Groups.empty() && B == Last)
      Groups.back().push_back(D);
    else
      Groups.push_back({D});
    Last = B;
  }
  return Groups;
}

std::string labelOf(const CSplitPlan &Plan, const NamedDecl *D) {
  // A keyword-named object of another file keeps its own symbol name.
  if (Plan.Keywords.count(D->getName().str()) &&
      D->getFormalLinkage() == Linkage::External)
    return D->getName().str();
  return "l2c_" + Plan.Stem + "_" + D->getName().str();
}

/// Whether the .cu must name FD's symbol with a label: a function of C
/// linkage named by a C++ keyword, which the .cu renames.
bool needsLabel(const CSplitPlan &Plan, const FunctionDecl *FD) {
  return !isStatic(FD->getCanonicalDecl()) &&
         Plan.Keywords.count(FD->getName().str());
}

/// The C-linkage entry of a static function with GPU code, which the host
/// part's copy of the function calls.
std::string entryName(const CSplitPlan &Plan, const FunctionDecl *FD) {
  return "l2c_" + Plan.Stem + "_" + FD->getName().str();
}

/// The host address of a static variable that the .cu uses.
std::string refName(const CSplitPlan &Plan, const VarDecl *V) {
  return "l2c_" + Plan.Stem + "_" + V->getName().str() + "_ref";
}

/// FD's parameter types for an entry: K&R parameters promoted, variably
/// modified ones as void *; Names: l2c_a0, l2c_a1, ...
std::string entryParams(const FunctionDecl *FD, bool Names) {
  const ASTContext &Ctx = FD->getASTContext();
  PrintingPolicy P = policyOf(Ctx);
  bool NoProto = !FD->hasWrittenPrototype();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    QualType T = FD->getParamDecl(I)->getType();
    if (NoProto && Ctx.isPromotableIntegerType(T))
      T = const_cast<ASTContext &>(Ctx).getPromotedIntegerType(T);
    else if (NoProto && T->isSpecificBuiltinType(BuiltinType::Float))
      T = Ctx.DoubleTy;
    std::string Name = Names ? "l2c_a" + std::to_string(I) : "";
    OS << (I ? ", " : "");
    // `double s[n]` is a `double *` (a decayed VLA keeps its VLA sugar).
    if (const auto *DT = T->getAs<DecayedType>())
      T = DT->getDecayedType();
    if (T.getCanonicalType()->isVariablyModifiedType())
      OS << "void *" << Name;
    else
      T.print(OS, P, Name);
  }
  if (FD->getNumParams() == 0)
    OS << "void";
  return OS.str();
}

/// `RET NAME(PARAMS)` with the return type of FD.
std::string entryHead(const FunctionDecl *FD, const std::string &Name,
                      bool Names) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  FD->getReturnType().print(OS, policyOf(FD->getASTContext()),
                            Name + "(" + entryParams(FD, Names) + ")");
  return OS.str();
}

/// `return CALLEE(l2c_a0, ...);` (without `return` for void).
std::string forwardCall(const FunctionDecl *FD, const std::string &Callee) {
  std::string Args;
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    Args += (I ? ", l2c_a" : "l2c_a") + std::to_string(I);
  return (FD->getReturnType()->isVoidType() ? "" : "return ") + Callee + "(" +
         Args + ");";
}

} // namespace

std::vector<std::string> cxxObstacles(ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    std::vector<std::string> Out;
    std::set<std::string> Seen;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    void add(std::string S) {
      if (Seen.insert(S).second)
        Out.push_back(std::move(S));
    }
    bool VisitNamedDecl(NamedDecl *D) {
      if (!D->getIdentifier())
        return true;
      // A user header's names are read by the .cu too.
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      if (L.isValid() && !SM.isInSystemHeader(L) && isCxxKeyword(D->getName()))
        add("the name '" + D->getName().str() + "' is a C++ keyword");
      if (!inMainFile(SM, D->getLocation()))
        return true;
      if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
        if (FD->isThisDeclarationADefinition() && !FD->hasWrittenPrototype() &&
            FD->getNumParams() > 0)
          add("'" + FD->getName().str() + "' has a K&R definition");
        else if (FD->isThisDeclarationADefinition() && hasImplicitInt(FD))
          add("'" + FD->getName().str() + "' has an implicit int");
      }
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
      if (FD && undeclared(FD) && inMainFile(SM, E->getLocation()))
        add("'" + FD->getName().str() + "' is called without a declaration");
      return true;
    }
  } F(Ctx.getSourceManager());
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Out;
}

bool CSplitPlan::inGpuPart(const ASTContext &Ctx, SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() || Gpu.count(FD) ||
        Copied.count(FD))
      continue;
    if (contains(SM, fileRange(SM, FD), Loc))
      return false;
  }
  return true;
}

CSplitPlan planCSplit(ASTContext &Ctx,
                      const std::vector<SourceLocation> &GpuStarts,
                      const std::string &FileStem) {
  const SourceManager &SM = Ctx.getSourceManager();
  CSplitPlan Plan;
  for (char C : FileStem)
    Plan.Stem += isalnum(static_cast<unsigned char>(C)) ? C : '_';
  std::vector<const FunctionDecl *> Work;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      continue;
    for (SourceLocation L : GpuStarts)
      if (contains(SM, fileRange(SM, FD), SM.getExpansionLoc(L)) &&
          Plan.Gpu.insert(FD).second)
        Work.push_back(FD);
  }
  // The static functions the .cu part calls come along, and what they call.
  while (!Work.empty()) {
    const FunctionDecl *FD = Work.back();
    Work.pop_back();
    UseCollector U;
    U.TraverseDecl(const_cast<FunctionDecl *>(FD));
    for (const Decl *D : U.Uses) {
      Plan.Used.insert(D);
      const auto *F = dyn_cast<FunctionDecl>(D);
      const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
      if (Def && isStatic(F) && inMainFile(SM, Def->getLocation()) &&
          !Plan.Gpu.count(Def) && Plan.Copied.insert(Def).second)
        Work.push_back(Def);
      const auto *V = dyn_cast<VarDecl>(D);
      if (V && V->getStorageClass() == SC_Static)
        Plan.SharedStatics.insert(V);
    }
  }
  // `static int a, b;` loses `static` as a whole: b is shared too.
  for (const auto &G : declGroups(Ctx)) {
    bool Shared = false;
    for (const Decl *D : G)
      if (const auto *V = dyn_cast<VarDecl>(D))
        Shared |= Plan.SharedStatics.count(V->getCanonicalDecl()) > 0;
    if (Shared)
      for (const Decl *D : G)
        if (const auto *V = dyn_cast<VarDecl>(D))
          Plan.SharedStatics.insert(V->getCanonicalDecl());
  }
  for (const std::string &O : cxxObstacles(Ctx)) {
    StringRef S(O);
    if (S.consume_front("the name '"))
      Plan.Keywords.insert(
          S.take_until([](char C) { return C == '\''; }).str());
  }
  return Plan;
}

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
        std::string Ptr, Ref;
        llvm::raw_string_ostream PS(Ptr), RS(Ref);
        PrintingPolicy P = policyOf(Ctx);
        Ctx.getPointerType(V->getType())
            .withConst()
            .print(PS, P, refName(Plan, V));
        Ctx.getLValueReferenceType(V->getType()).print(RS, P, V->getName());
        Text += "extern \"C\" " + PS.str() + ";\nstatic " + RS.str() +
                " = *" + refName(Plan, V) + ";\n";
        continue;
      }
      bool Keyword = Plan.Keywords.count(V->getName().str()) > 0;
      Text += "extern \"C\" " + externVar(V) +
              (Keyword ? " __asm__(\"" + labelOf(Plan, V) + "\")" : "") +
              ";\n";
    }
    SourceLocation Past = pastSemicolon(SM, LO, G.back()->getEndLoc());
    if (Past.isInvalid())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "cannot split the C file: no ';' after the declaration at " +
              SM.getSpellingLoc(G.front()->getBeginLoc()).printToString(SM));
    RW.ReplaceText(CharSourceRange::getCharRange(
                       SM.getExpansionLoc(G.front()->getBeginLoc()), Past),
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
  if (!Keywords.empty() && KeywordsAt != AfterIncludes)
    RW.InsertTextBefore(Start.getLocWithOffset(KeywordsAt),
                        "// loop2cuda: names that C++ reserves, renamed\n" +
                            Keywords);
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
  return Prologue;
}

llvm::Expected<std::string> hostPart(ASTContext &Ctx, const CSplitPlan &Plan,
                                     const std::string &SourceName,
                                     const std::string &GpuFile) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  Rewriter RW(const_cast<SourceManager &>(SM), LO);
  PrintingPolicy P = policyOf(Ctx);
  std::string Where = " runs its loops on the GPU: it is defined in " + GpuFile;
  // The header of a definition as written, up to its body.
  auto Header = [&](const FunctionDecl *D) {
    return StringRef(Lexer::getSourceText(
                         CharSourceRange::getCharRange(
                             SM.getExpansionLoc(D->getBeginLoc()),
                             SM.getExpansionLoc(D->getBody()->getBeginLoc())),
                         SM, LO))
        .trim()
        .str();
  };
  for (const auto &G : declGroups(Ctx)) {
    for (Decl *D : G) {
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->doesThisDeclarationHaveABody() || !Plan.Gpu.count(FD))
        continue;
      SourceRange R = fileRange(SM, FD);
      if (isStatic(FD->getCanonicalDecl())) {
        // The function stays, as written; its body calls the .cu's entry.
        std::string Args;
        for (const ParmVarDecl *Parm : FD->parameters()) {
          if (Parm->getName().empty())
            return llvm::createStringError(
                llvm::inconvertibleErrorCode(),
                "cannot split the C file: a parameter of '" +
                    FD->getName().str() + "' has no name");
          Args += (Args.empty() ? "" : ", ") + Parm->getName().str();
        }
        RW.InsertTextBefore(R.getBegin(),
                            entryHead(FD, entryName(Plan, FD), false) +
                                "; /* in " + GpuFile + " */\n");
        RW.ReplaceText(
            SourceRange(SM.getExpansionLoc(FD->getBody()->getBeginLoc()),
                        R.getEnd()),
            "{\n  /* loop2cuda: '" + FD->getName().str() + "'" + Where +
                " */\n  " + (FD->getReturnType()->isVoidType() ? "" : "return ") +
                entryName(Plan, FD) + "(" + Args + ");\n}");
        continue;
      }
      std::string Decl;
      if (FD->isMain()) {
        Decl = "/* loop2cuda: 'main'" + Where + " */";
      } else {
        std::string Head;
        llvm::raw_string_ostream HS(Head);
        if (FD->hasWrittenPrototype())
          HS << Header(FD);
        else
          FD->getReturnType().print(HS, P, FD->getName().str() + "()");
        if (needsLabel(Plan, FD))
          HS << " __asm__(\"" << labelOf(Plan, FD) << "\")";
        Decl = HS.str() + ";\n/* loop2cuda: '" + FD->getName().str() + "'" +
               Where + " */";
      }
      RW.ReplaceText(R, Decl);
    }
    // Static variables that the .cu uses: their addresses, published.
    std::string Refs;
    for (const Decl *D : G)
      if (const auto *V = dyn_cast<VarDecl>(D);
          V && Plan.SharedStatics.count(V->getCanonicalDecl())) {
        std::string Ptr;
        llvm::raw_string_ostream PS(Ptr);
        Ctx.getPointerType(V->getType())
            .withConst()
            .print(PS, P, refName(Plan, V));
        Refs += "\n" + PS.str() + " = &" + V->getName().str() +
                "; /* for " + GpuFile + " */";
      }
    if (!Refs.empty()) {
      SourceLocation Past = pastSemicolon(SM, LO, G.back()->getEndLoc());
      if (Past.isInvalid())
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "cannot split the C file: no ';' after the declaration at " +
                SM.getSpellingLoc(G.front()->getBeginLoc()).printToString(SM));
      RW.InsertTextAfter(Past, Refs);
    }
  }
  std::string Out = "/* Generated by loop2cuda from " + SourceName +
                    ": its host part, for the program's C compiler. The "
                    "functions\n   whose loops run on the GPU are in " +
                    GpuFile +
                    " (nvcc). Edit the source and run loop2cuda "
                    "again\n   rather than editing this file. */\n";
  if (const auto *Buf = RW.getRewriteBufferFor(SM.getMainFileID()))
    Out += std::string(Buf->begin(), Buf->end());
  else
    Out += SM.getBufferData(SM.getMainFileID()).str();
  return Out;
}

} // namespace l2c
