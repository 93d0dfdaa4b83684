//===- CSource.cpp - Edits that let nvcc (C++) build a C input ------------===//

#include "driver/CSource.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace l2c {

namespace {

class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(const SourceManager &SM,
                  std::shared_ptr<std::vector<IncludeDirective>> Out)
      : SM(SM), Out(std::move(Out)) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool, CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind FileType) override {
    if (!HashLoc.isFileID() || SM.getFileID(HashLoc) != SM.getMainFileID())
      return;
    IncludeDirective D;
    D.Hash = HashLoc;
    D.FilenameEnd = FilenameRange.getEnd();
    D.UserHeader = File && FileType == SrcMgr::C_User;
    Out->push_back(D);
  }

private:
  const SourceManager &SM;
  std::shared_ptr<std::vector<IncludeDirective>> Out;
};

class RecordingAction : public WrapperFrontendAction {
public:
  RecordingAction(std::unique_ptr<FrontendAction> Inner,
                  std::shared_ptr<std::vector<IncludeDirective>> Out)
      : WrapperFrontendAction(std::move(Inner)), Out(std::move(Out)) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    Out->clear();
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<IncludeRecorder>(CI.getSourceManager(), Out));
    return WrapperFrontendAction::CreateASTConsumer(CI, InFile);
  }

private:
  std::shared_ptr<std::vector<IncludeDirective>> Out;
};

/// Whether the text of E can take a cast in front of it without
/// parentheses around it.
bool isPostfix(const Expr *E) {
  return llvm::isa<CallExpr, DeclRefExpr, ParenExpr, MemberExpr,
                   ArraySubscriptExpr, IntegerLiteral>(E);
}

/// Whether T can be written in a cast (an unnamed struct cannot; a pointer
/// to a variable-length array can, and nvcc's host compilers take it).
bool isNameable(QualType T) {
  while (true) {
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (const auto *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      break;
  }
  if (llvm::isa<TypedefType>(T.getTypePtr()))
    return true;
  if (const TagDecl *TD = T->getAsTagDecl())
    return !TD->getName().empty() || TD->getTypedefNameForAnonDecl();
  return true;
}

class Editor : public RecursiveASTVisitor<Editor> {
public:
  Editor(ASTContext &Ctx, Rewriter &RW,
         std::function<bool(SourceLocation)> InScope)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), RW(RW),
        Policy(Ctx.getPrintingPolicy()), InScope(std::move(InScope)) {
    Policy.Bool = true; // `bool`, not `_Bool`
    Policy.SuppressScope = false;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    const Expr *Sub = ICE->getSubExpr();
    QualType To = ICE->getType();
    if (ICE->getCastKind() == CK_BitCast && To->isPointerType() &&
        Sub->getType()->isVoidPointerType() && !To->isVoidPointerType())
      addCast(ICE, To.getUnqualifiedType(), "a conversion from 'void *'");
    else if (ICE->getCastKind() == CK_IntegralCast && To->isEnumeralType() &&
             !isEnumConstantOf(Sub, To))
      addCast(ICE, To.getUnqualifiedType(), "a conversion to an enum type");
    return true;
  }

  // C99 variable-length array parameters (`double A[n][m]`) are not C++:
  // the parameter becomes `void *l2c_vla_A`, and a definition's body starts
  // with `double (*A)[m] = (double (*)[m])l2c_vla_A;`, a pointer to a
  // variable-length array, which nvcc's host compilers take. Callers pass
  // their arrays on unchanged: any object pointer converts to void *.
  bool VisitFunctionDecl(FunctionDecl *FD) {
    keepCLinkage(FD);
    std::string Prologue;
    for (ParmVarDecl *P : FD->parameters()) {
      QualType T = P->getType();
      const auto *PT = T->getAs<PointerType>();
      if (!PT || !P->getIdentifier() || !relevant(P->getLocation()))
        continue;
      // `double s[n]`, `double A[n][8]`, `double r[static 3]`, `double
      // s[restrict 8]`: C reads the parameter as the pointer it decays to;
      // C++ takes no parameter in a bound, nor `static` or a qualifier in
      // the brackets, so the pointer is written out.
      if (!PT->getPointeeType()->isVariableArrayType()) {
        const auto *AT = Ctx.getAsArrayType(P->getOriginalType());
        if (AT && (isa<VariableArrayType>(AT) ||
                   AT->getSizeModifier() != ArraySizeModifier::Normal ||
                   AT->getIndexTypeCVRQualifiers()))
          decayParam(P);
        continue;
      }
      auto R = paramRange(P);
      if (!R)
        continue;
      std::string Name = P->getName().str();
      RW.ReplaceText(*R, "void *l2c_vla_" + Name);
      std::string Decl, Cast;
      llvm::raw_string_ostream DS(Decl), CS(Cast);
      T.getUnqualifiedType().print(DS, Policy, Name);
      T.getUnqualifiedType().print(CS, Policy);
      Prologue +=
          "\n  " + DS.str() + " = (" + CS.str() + ")l2c_vla_" + Name + ";";
    }
    if (!Prologue.empty() && FD->doesThisDeclarationHaveABody())
      if (const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody()))
        RW.InsertTextAfterToken(Body->getLBracLoc(),
                                Prologue + " // loop2cuda: from C99 VLAs");
    return true;
  }

  /// A function of the whole file that the program's other files may
  /// define or call (not static, at file scope): `extern "C"`, so that the
  /// .cu's C++ names it as the C objects do. A split file's GPU part does
  /// this itself (CSplitGpuPart.cpp), and no InScope means the whole file.
  void keepCLinkage(const FunctionDecl *FD) {
    if (InScope || FD->isMain() || FD->getStorageClass() == SC_Static ||
        !FD->getDeclContext()->isFileContext() || FD->isImplicit())
      return;
    SourceLocation Begin = FD->getBeginLoc();
    if (Begin.isMacroID() || !SM.isInMainFile(Begin))
      return;
    if (Linked.insert(SM.getFileOffset(Begin)).second)
      RW.InsertTextBefore(Begin, "extern \"C\" ");
  }

  /// The text of parameter P in the main file, or none (with a warning)
  /// when a macro or a header writes it: then it cannot be rewritten.
  std::optional<CharSourceRange> paramRange(const ParmVarDecl *P) {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(P->getSourceRange()), SM,
        Ctx.getLangOpts());
    if (R.isInvalid() || SM.getFileID(R.getBegin()) != SM.getMainFileID()) {
      warn(P->getLocation(), "the variable-length array parameter '" +
                                 P->getName().str() +
                                 "' is written in a macro or a header; "
                                 "nvcc (C++) will reject it");
      return std::nullopt;
    }
    return R;
  }

  /// Writes the parameter P as the pointer its array type decays to.
  void decayParam(const ParmVarDecl *P) {
    auto R = paramRange(P);
    if (!R)
      return;
    std::string Decl;
    llvm::raw_string_ostream DS(Decl);
    P->getType().print(DS, Policy, P->getName());
    RW.ReplaceText(*R, DS.str());
  }

  // C's designated initialisers out of the fields' order (`{ .ny = 50,
  // .nx = 300 }`): C++ takes field designators only in declaration order,
  // so they are put in it (C leaves the order of their evaluation open).
  // Array, nested and mixed designators C++ takes not at all: a warning.
  bool VisitInitListExpr(InitListExpr *IL) {
    const InitListExpr *Syn =
        IL->isSyntacticForm() ? IL : IL->getSyntacticForm();
    if (!Syn || Syn->getNumInits() == 0 || !relevant(Syn->getBeginLoc()) ||
        !Seen.insert(Syn).second)
      return true;
    Designators Kind = designatorsOf(Syn);
    if (Kind == Designators::Fine)
      return true;
    if (Kind == Designators::NotCxx)
      return warn(Syn->getBeginLoc(),
                  "C++ takes no array or nested designators, nor designated "
                  "and plain initialisers mixed; nvcc (C++) will reject "
                  "this initialiser"),
             true;
    std::vector<std::pair<unsigned, const Expr *>> Fields;
    for (const Expr *E : Syn->inits())
      Fields.push_back({cast<DesignatedInitExpr>(E)
                            ->getDesignator(0)
                            ->getFieldDecl()
                            ->getFieldIndex(),
                        E});
    std::vector<CharSourceRange> Ranges;
    std::vector<std::string> Texts;
    for (const auto &[Index, E] : Fields) {
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(E->getSourceRange()), SM,
          Ctx.getLangOpts());
      if (R.isInvalid() || SM.getFileID(R.getBegin()) != SM.getMainFileID())
        return warn(Syn->getBeginLoc(),
                    "designators out of the fields' order in a macro or a "
                    "header; nvcc (C++) will reject them"),
               true;
      Ranges.push_back(R);
      Texts.push_back(Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str());
    }
    std::vector<size_t> Order(Fields.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    llvm::stable_sort(Order, [&](size_t A, size_t B) {
      return Fields[A].first < Fields[B].first;
    });
    // Each initialiser's place gets the one of the field due there.
    for (size_t I = 0; I < Fields.size(); ++I)
      RW.ReplaceText(Ranges[I], Texts[Order[I]]);
    return true;
  }

  // C allows ++, -- and compound assignments on enum variables; C++ does
  // not, and no cast in front of an operand helps.
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() &&
        U->getSubExpr()->getType()->isEnumeralType())
      warn(U->getExprLoc(),
           "C++ has no ++/-- on an enum; write 'e = (enum E)(e + 1)'");
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *C) {
    if (C->getLHS()->getType()->isEnumeralType())
      warn(C->getExprLoc(), "C++ has no compound assignment to an enum; "
                            "write 'e = (enum E)(e op x)'");
    return true;
  }

private:
  static bool isEnumConstantOf(const Expr *E, QualType Enum) {
    const auto *DR = llvm::dyn_cast<DeclRefExpr>(E->IgnoreParens());
    if (!DR)
      return false;
    const auto *EC = llvm::dyn_cast<EnumConstantDecl>(DR->getDecl());
    return EC && Enum->getAs<EnumType>() &&
           EC->getDeclContext() == Enum->getAs<EnumType>()->getDecl();
  }

  /// Only code of the main file and of user headers matters, and of those
  /// only what InScope accepts.
  bool relevant(SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    return Loc.isValid() && !SM.isInSystemHeader(Loc) &&
           (!InScope || InScope(Loc));
  }

  void warn(SourceLocation Loc, const std::string &Msg) {
    if (relevant(Loc))
      Warnings.push_back({Loc, Msg});
  }

  void addCast(const ImplicitCastExpr *ICE, QualType To, const char *What) {
    const Expr *Sub = ICE->getSubExpr();
    if (!relevant(Sub->getBeginLoc()))
      return;
    std::string Type = To.getAsString(Policy);
    if (!isNameable(To))
      return warn(Sub->getBeginLoc(),
                  std::string(What) + " to '" + Type +
                      "' needs a cast that C++ cannot write; nvcc will "
                      "reject it");
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Sub->getSourceRange()), SM,
        Ctx.getLangOpts());
    if (R.isInvalid())
      return warn(Sub->getBeginLoc(),
                  std::string(What) + " inside a macro needs a cast to '" +
                      Type + "' in the macro; nvcc (C++) will reject it");
    if (SM.getFileID(R.getBegin()) != SM.getMainFileID())
      return warn(Sub->getBeginLoc(),
                  std::string(What) + " in a header needs a cast to '" + Type +
                      "' there; nvcc (C++) will reject it");
    unsigned Off = SM.getFileOffset(R.getBegin());
    auto [It, New] = Done.emplace(Off, Type);
    if (!New) {
      // A macro argument used twice: one edit, if both uses agree.
      if (It->second != Type)
        warn(Sub->getBeginLoc(), std::string(What) +
                                     " in a macro argument used with two "
                                     "types; nvcc (C++) will reject it");
      return;
    }
    bool FromMacro = Sub->getBeginLoc().isMacroID();
    if (!FromMacro && isPostfix(Sub->IgnoreImplicit())) {
      RW.InsertTextBefore(R.getBegin(), "(" + Type + ")");
      return;
    }
    RW.InsertTextBefore(R.getBegin(), "(" + Type + ")(");
    RW.InsertTextAfter(R.getEnd(), ")");
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  Rewriter &RW;
  PrintingPolicy Policy;
  std::function<bool(SourceLocation)> InScope;
  std::map<unsigned, std::string> Done; // file offset -> cast type
  std::set<const InitListExpr *> Seen;  // syntactic forms edited
  std::set<unsigned> Linked;            // offsets given extern "C"
  std::vector<CSourceWarning> Warnings;

public:
  /// What could not be edited, for the caller to report.
  std::vector<CSourceWarning> takeWarnings() { return std::move(Warnings); }
};

/// Whether Loc lies inside a top-level declaration (a function body, a
/// struct, an extern "C" block), where `extern "C" {` cannot go.
bool insideDecl(ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceRange R = D->getSourceRange();
    if (R.isInvalid())
      continue;
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionLoc(R.getEnd());
    if (SM.getFileID(B) != SM.getMainFileID() ||
        SM.getFileID(E) != SM.getMainFileID())
      continue;
    if (SM.isBeforeInTranslationUnit(B, Loc) &&
        SM.isBeforeInTranslationUnit(Loc, E))
      return true;
  }
  return false;
}

void wrapIncludes(ASTContext &Ctx, Rewriter &RW,
                  const std::vector<IncludeDirective> &Includes) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  SourceLocation FileStart = SM.getLocForStartOfFile(SM.getMainFileID());
  // Consecutive lines share one block: [first line start, past last line).
  std::vector<std::pair<size_t, size_t>> Blocks;
  for (const IncludeDirective &D : Includes) {
    if (!D.UserHeader || insideDecl(Ctx, D.Hash))
      continue;
    size_t Hash = SM.getFileOffset(D.Hash);
    size_t Start = Buf.rfind('\n', Hash);
    Start = Start == StringRef::npos ? 0 : Start + 1;
    size_t End = Buf.find('\n', SM.getFileOffset(D.FilenameEnd));
    End = End == StringRef::npos ? Buf.size() : End + 1;
    if (!Blocks.empty() && Blocks.back().second == Start)
      Blocks.back().second = End;
    else
      Blocks.emplace_back(Start, End);
  }
  for (auto [Start, End] : Blocks) {
    RW.InsertTextAfter(FileStart.getLocWithOffset(Start), "extern \"C\" {\n");
    // The brace closes at the end of the include's own line: what goes
    // before the next line's declaration (device code, `extern "C"`)
    // stays outside the block.
    bool EndsLine = End > 0 && Buf[End - 1] == '\n';
    if (EndsLine)
      RW.InsertTextBefore(FileStart.getLocWithOffset(End - 1), "\n}");
    else
      RW.InsertTextAfter(FileStart.getLocWithOffset(End), "\n}\n");
  }
}

} // namespace

std::unique_ptr<FrontendAction>
recordIncludes(std::unique_ptr<FrontendAction> Inner,
               std::shared_ptr<std::vector<IncludeDirective>> Out) {
  return std::make_unique<RecordingAction>(std::move(Inner), std::move(Out));
}

std::vector<CSourceWarning>
editCSource(ASTContext &Ctx, Rewriter &RW,
            const std::vector<IncludeDirective> &Includes,
            std::function<bool(SourceLocation)> InScope) {
  wrapIncludes(Ctx, RW, Includes);
  Editor E(Ctx, RW, std::move(InScope));
  E.TraverseDecl(Ctx.getTranslationUnitDecl());
  return E.takeWarnings();
}

void reportCSource(ASTContext &Ctx,
                   const std::vector<CSourceWarning> &Warnings) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [c-source]");
  for (const CSourceWarning &W : Warnings)
    D.Report(W.Loc, ID) << W.Message;
}

Designators designatorsOf(const InitListExpr *Syn) {
  bool Designated = false, Other = false, Sorted = true;
  int Last = -1;
  for (const Expr *E : Syn->inits()) {
    const auto *D = dyn_cast_or_null<DesignatedInitExpr>(E);
    if (!D) {
      Other = true;
      continue;
    }
    Designated = true;
    const DesignatedInitExpr::Designator *First = D->getDesignator(0);
    if (D->size() != 1 || !First->isFieldDesignator() ||
        !First->getFieldDecl()) {
      Other = true;
      continue;
    }
    int Index = static_cast<int>(First->getFieldDecl()->getFieldIndex());
    Sorted &= Index > Last;
    Last = Index;
  }
  if (!Designated)
    return Designators::Fine;
  if (Other)
    return Designators::NotCxx;
  return Sorted ? Designators::Fine : Designators::OutOfOrder;
}

const char *cPrologue() {
  return "// From C: C99's restrict, and C++ casts added where C converts "
         "implicitly.\n"
         "#define restrict __restrict__\n";
}

} // namespace l2c
