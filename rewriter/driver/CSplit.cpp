//===- CSplit.cpp - A C input as C host code plus a .cu -------------------===//

#include "driver/CSplit.h"

#include "driver/CSource.h"
#include "driver/CSplitText.h"

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

using namespace csplit;

namespace {

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

} // namespace

CxxObstacles cxxObstacles(ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    CxxObstacles Out;
    std::set<std::string> Seen;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    void add(std::string S) {
      if (Seen.insert(S).second)
        Out.Reasons.push_back(std::move(S));
    }
    bool VisitNamedDecl(NamedDecl *D) {
      if (!D->getIdentifier())
        return true;
      // A user header's names are read by the .cu too.
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      if (L.isValid() && !SM.isInSystemHeader(L) &&
          isCxxKeyword(D->getName())) {
        add("the name '" + D->getName().str() + "' is a C++ keyword");
        Out.Keywords.insert(D->getName().str());
      }
      if (!inMainFile(SM, D->getLocation()))
        return true;
      // A name of the file's own that C++'s headers (and CUDA's) declare
      // as functions where C's do not: Bessel's y1, min.
      if (D->getDeclContext()->isTranslationUnit() &&
          (isa<VarDecl>(D) || isa<FunctionDecl>(D)) &&
          isCxxLibraryName(D->getName()) &&
          Out.Keywords.insert(D->getName().str()).second)
        add("the name '" + D->getName().str() +
            "' is a function in C++'s or CUDA's headers");
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
      // Called before the declaration that comes later in the file: the
      // call names the declaration C89 makes at it.
      else if (FD && FD->isImplicit() && !FD->getBuiltinID() &&
               inMainFile(SM, E->getLocation()))
        add("'" + FD->getName().str() + "' is called before its declaration");
      return true;
    }
    // `extern void scale();` then `scale(a, n)`: to C++ the declaration
    // takes no parameters.
    bool VisitCallExpr(CallExpr *CE) {
      const auto *DR =
          dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts());
      const auto *FD = DR ? dyn_cast<FunctionDecl>(DR->getDecl()) : nullptr;
      if (FD && CE->getNumArgs() > 0 && !FD->hasWrittenPrototype() &&
          !FD->isImplicit() && !undeclared(FD) &&
          inMainFile(SM, CE->getBeginLoc()))
        add("'" + FD->getName().str() +
            "' is declared without a prototype and called with arguments");
      return true;
    }
    // C's designated initialisers that C++ (g++, nvcc) refuses: an array
    // designator, a nested one, fields out of their declaration order, or
    // designated and plain initialisers mixed. Clang takes them as an
    // extension, so the C++ parse of the file does not fail on them.
    bool VisitInitListExpr(InitListExpr *IL) {
      const InitListExpr *Syn =
          IL->isSyntacticForm() ? IL : IL->getSyntacticForm();
      if (!Syn || !inMainFile(SM, Syn->getBeginLoc()))
        return true;
      if (designatorsOf(Syn) != Designators::Fine)
        add("an initialiser at line " +
            std::to_string(SM.getExpansionLineNumber(Syn->getBeginLoc())) +
            " has designators that C++ does not take");
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
                      const std::string &FileStem,
                      std::set<std::string> Keywords) {
  const SourceManager &SM = Ctx.getSourceManager();
  CSplitPlan Plan;
  Plan.Keywords = std::move(Keywords);
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
  return Plan;
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
                " */\n  " +
                (FD->getReturnType()->isVoidType() ? "" : "return ") +
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
        Refs += "\n" + publishedPointer(Plan, V) + " = &" + V->getName().str() +
                "; /* for " + GpuFile + " */";
      }
    if (!Refs.empty()) {
      auto Past = groupEnd(SM, LO, G);
      if (!Past)
        return Past.takeError();
      RW.InsertTextAfter(*Past, Refs);
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
