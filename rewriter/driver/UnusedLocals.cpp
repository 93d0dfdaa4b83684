//===- UnusedLocals.cpp - Host locals that only the moved loops used ------===//

#include "driver/UnusedLocals.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <cctype>
#include <set>

namespace l2c {

namespace {

class LocalUses : public clang::RecursiveASTVisitor<LocalUses> {
public:
  LocalUses(clang::SourceManager &SM,
            const std::vector<clang::SourceRange> &Replaced,
            llvm::StringRef Launches)
      : SM(SM), Replaced(Replaced), Launches(Launches) {}

  bool VisitDeclStmt(clang::DeclStmt *S) {
    if (SM.isWrittenInMainFile(S->getBeginLoc()))
      Stmts.push_back(S);
    return true;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    const auto *V = llvm::dyn_cast<clang::VarDecl>(E->getDecl());
    if (!V || !V->isLocalVarDecl())
      return true;
    (inReplaced(E->getBeginLoc()) ? Inside : Outside).insert(V);
    return true;
  }

  /// Declarations of locals one of which the moved loops alone used (the
  /// attribute covers all the variables of a declaration: `int t, i, j;`
  /// where the host still uses t).
  std::vector<clang::DeclStmt *> leftUnused() const {
    std::vector<clang::DeclStmt *> Out;
    for (clang::DeclStmt *S : Stmts) {
      if (inReplaced(S->getBeginLoc()))
        continue;
      bool Locals = true, AnyLeft = false;
      for (const clang::Decl *D : S->decls()) {
        const auto *V = llvm::dyn_cast<clang::VarDecl>(D);
        Locals = Locals && V && V->isLocalVarDecl() && !V->isStaticLocal();
        AnyLeft = AnyLeft || (V && Inside.count(V) && !Outside.count(V) &&
                              !named(V->getName(), Launches));
      }
      if (Locals && AnyLeft)
        Out.push_back(S);
    }
    return Out;
  }

private:
  /// Whether Name stands as a word in Text (the launches pass it).
  static bool named(llvm::StringRef Name, llvm::StringRef Text) {
    auto IsWord = [](char C) {
      return std::isalnum((unsigned char)C) || C == '_';
    };
    for (size_t P = Text.find(Name); P != llvm::StringRef::npos;
         P = Text.find(Name, P + 1))
      if ((P == 0 || !IsWord(Text[P - 1])) &&
          (P + Name.size() == Text.size() || !IsWord(Text[P + Name.size()])))
        return true;
    return false;
  }

  bool inReplaced(clang::SourceLocation L) const {
    L = SM.getExpansionLoc(L);
    for (const clang::SourceRange &R : Replaced)
      if (!SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(R.getBegin())) &&
          !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), L))
        return true;
    return false;
  }

  clang::SourceManager &SM;
  const std::vector<clang::SourceRange> &Replaced;
  llvm::StringRef Launches;
  std::vector<clang::DeclStmt *> Stmts;
  std::set<const clang::VarDecl *> Inside, Outside;
};

} // namespace

void markLocalsLeftUnused(clang::ASTContext &Ctx, clang::Rewriter &RW,
                          const std::vector<clang::SourceRange> &Replaced,
                          llvm::StringRef Launches) {
  if (Replaced.empty())
    return;
  clang::SourceManager &SM = Ctx.getSourceManager();
  LocalUses U(SM, Replaced, Launches);
  U.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (clang::DeclStmt *S : U.leftUnused()) {
    clang::SourceLocation B = S->getBeginLoc();
    // A declaration that a macro writes may expand to more than it.
    if (B.isMacroID())
      continue;
    // After any glue inserted before the statement.
    RW.InsertTextAfter(B, "[[maybe_unused]] ");
  }
}

} // namespace l2c
