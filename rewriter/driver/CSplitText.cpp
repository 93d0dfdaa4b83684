//===- CSplitText.cpp - Names and declarations of a split C file ----------===//

#include "driver/CSplitText.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace l2c {
namespace csplit {

/// Words that C++ reserves and C does not (C's own keywords and the names
/// its headers define as macros, such as bool or alignas, are not here:
/// a C file cannot declare them).
bool isCxxLibraryName(StringRef Name) {
  // glibc's Bessel and gamma functions, which <cmath> declares for C++ (C
  // in strict mode does not), and the min and max of CUDA's headers.
  static const llvm::StringSet<> Names = {"y0", "y1",    "yn",  "j0", "j1",
                                          "jn", "gamma", "min", "max"};
  return Names.contains(Name);
}

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
  // A __builtin_ function (__builtin_inff of INFINITY) needs no
  // declaration in C++ either; a library function that C declares
  // implicitly (malloc without <stdlib.h>) does.
  if (FD->getBuiltinID() && FD->getName().starts_with("__builtin_"))
    return false;
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
                         std::string *Entry) {
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

/// Just past the `;` that ends the declaration whose last token is at End,
/// or an invalid location.
SourceLocation pastSemicolon(const SourceManager &SM, const LangOptions &LO,
                             SourceLocation End) {
  return Lexer::findLocationAfterToken(SM.getExpansionLoc(End), tok::semi, SM,
                                       LO, false);
}

llvm::Expected<SourceLocation> groupEnd(const SourceManager &SM,
                                        const LangOptions &LO,
                                        const std::vector<Decl *> &G) {
  SourceLocation Past = pastSemicolon(SM, LO, G.back()->getEndLoc());
  if (Past.isInvalid())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot split the C file: no ';' after the declaration at " +
            SM.getSpellingLoc(G.front()->getBeginLoc()).printToString(SM));
  return Past;
}

std::string publishedPointer(const CSplitPlan &Plan, const VarDecl *V) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  V->getASTContext()
      .getPointerType(V->getType())
      .withConst()
      .print(OS, policyOf(V->getASTContext()), refName(Plan, V));
  return OS.str();
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

} // namespace csplit
} // namespace l2c
