//===- HostEmitter.cpp - Prints the rewritten translation unit ------------===//

#include "driver/HostEmitter.h"
#include "driver/BoxArguments.h"
#include "driver/DevicePlacement.h"
#include "driver/HostGlue.h"
#include "driver/InstantiationLaunch.h"
#include "driver/PassesLaunch.h"
#include "driver/UnusedLocals.h"

#include "print/CudaPrinter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <set>

namespace l2c {

std::vector<Term> collectKernels(const Term &T) {
  std::vector<Term> Out;
  std::set<std::string> Seen;
  // A subterm whose symbols lack Kernel holds none: skip it (the pipeline
  // asks after every set that changed the translation unit).
  static const uint64_t KernelBits = Term::symbolBit(Term::App, "Kernel");
  forEachSubterm(T, [&](const Term &X) {
    if ((X.symbols() & KernelBits) != KernelBits)
      return false;
    if (!X.isApp("Kernel") || X.arity() == 0)
      return true;
    if (Seen.insert(X[0].name()).second)
      Out.push_back(X);
    return false;
  });
  return Out;
}

namespace {

/// Finds the loop and if statements of the AST by their first location, to
/// learn whether a body is a compound statement.
class StmtIndex : public clang::RecursiveASTVisitor<StmtIndex> {
public:
  bool VisitStmt(clang::Stmt *S) {
    if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                  clang::IfStmt, clang::CXXForRangeStmt,
                  clang::OMPParallelDirective, clang::OMPTargetDirective,
                  clang::OMPTargetTeamsDirective, clang::OMPTeamsDirective>(S))
      ByBegin.emplace(S->getBeginLoc().getRawEncoding(), S);
    return true;
  }
  std::map<unsigned, clang::Stmt *> ByBegin;
};

class Emitter {
public:
  Emitter(const EmitInput &In, clang::ASTContext &Ctx, clang::Rewriter &RW)
      : In(In), Ctx(Ctx), SM(Ctx.getSourceManager()), RW(RW) {
    Index.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  llvm::Error emitFunctions(const Term &TU) {
    // The instantiations of a template share its source: the first one
    // writes it (the front end made sure that all agree).
    // Its later instantiations are Siblings of the first: a reduction's
    // launch that differs between them in its types is printed once for
    // each (InstantiationLaunch.cpp).
    std::map<unsigned, std::vector<const Term *>> Groups;
    for (const Term &F : TU[0].args()) {
      // Annotate(id, text): text before the declaration id (rule set
      // device-constructors); a DeviceConstructor no rule annotated prints
      // nothing.
      if (F.isApp("Annotate", 2) && F[1].is(Term::String)) {
        clang::SourceRange R = rangeOf(F[0]);
        if (R.isValid())
          RW.InsertTextBefore(R.getBegin(), F[1].name());
        continue;
      }
      if (F.isApp("DeviceConstructor", 1))
        continue;
      if (!F.isApp("Function", 3))
        return fail("expected Function(name, id, items), found " + F.str());
      clang::SourceRange R = rangeOf(F[1]);
      if (R.isValid())
        Groups[SM.getFileOffset(SM.getExpansionLoc(R.getBegin()))].push_back(
            &F);
    }
    std::set<unsigned> Done;
    for (const Term &F : TU[0].args()) {
      if (!F.isApp("Function", 3))
        continue;
      clang::SourceRange R = rangeOf(F[1]);
      Siblings.clear();
      if (R.isValid()) {
        unsigned Off = SM.getFileOffset(SM.getExpansionLoc(R.getBegin()));
        if (!Done.insert(Off).second)
          continue;
        const std::vector<const Term *> &G = Groups[Off];
        Siblings.assign(G.begin() + 1, G.end());
      }
      auto Names = In.GlueNames.find(F[1].is(Term::Int) ? F[1].intValue() : -1);
      GlueNames = Names == In.GlueNames.end() ? nullptr : &Names->second;
      if (auto E = emitList(F[2], /*Container=*/nullptr))
        return E;
    }
    return llvm::Error::success();
  }

private:
  /// The other instantiations of the template being printed.
  std::vector<const Term *> Siblings;
  /// The stand-ins' host names of the function being printed, or null.
  const std::map<std::string, std::string> *GlueNames = nullptr;
  /// Set by emitList before each host statement (emitStructured).
  std::string DirectiveIndent;

  /// The launch text of I, one `if constexpr` branch for each
  /// instantiation where the template's instantiations reduce different
  /// types (InstantiationLaunch.cpp).
  std::string launchFor(const Term &I, clang::SourceRange R) {
    return instantiationLaunches(
        I, Siblings,
        [&](const Term &X) { return rangeOf(X[2]).getBegin() == R.getBegin(); },
        [&](const Term &X) { return memberArgs(X); });
  }

  /// The member arguments of the Launch or Passes term L (its loop's id).
  const HostArgs *memberArgs(const Term &L) const {
    auto It = In.MemberArgs.find(L[2].is(Term::Int) ? L[2].intValue() : -1);
    return It == In.MemberArgs.end() ? nullptr : &It->second;
  }

  /// A ReduceLaunch is the reduction ladder's term; lower-reduce-launch
  /// turns it into the Passes term that is printed.
  llvm::Error unlowered(const Term &ReduceLaunch) {
    return fail("the reduction of the loop at " + ReduceLaunch[1].name() +
                " has no host code: rule set lower-reduce-launch, which "
                "writes it, did not run (--disable-rule?)");
  }

  llvm::Error fail(const std::string &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot print the host code: " + Msg);
  }

public:
  /// The loops that launches replaced, and the text that replaced them.
  std::vector<clang::SourceRange> Replaced;
  std::string LaunchText;

private:
  clang::SourceRange rangeOf(const Term &IdTerm) {
    auto It = In.Ranges.find(IdTerm.intValue());
    return It == In.Ranges.end() ? clang::SourceRange() : It->second;
  }

  /// The leading white space of the line that holds Loc.
  std::string indentOf(clang::SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
    if (Invalid)
      return "";
    unsigned Off = SM.getFileOffset(Loc);
    unsigned Start = Off;
    while (Start > 0 && Buf[Start - 1] != '\n')
      --Start;
    unsigned End = Start;
    while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
      ++End;
    return Buf.slice(Start, End).str();
  }

  /// The indentation of a statement; for a loop whose range starts at its
  /// pragma (often written in column 1), that of the line after the pragma.
  std::string statementIndent(clang::SourceRange R) {
    clang::SourceLocation B = SM.getExpansionLoc(R.getBegin());
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
    unsigned Off = SM.getFileOffset(B);
    if (Invalid || Off >= Buf.size() || Buf[Off] != '#')
      return indentOf(B);
    // The indentation of the statement below the pragma lines.
    size_t At = Off;
    while (At < Buf.size() && Buf.substr(At).ltrim(" \t").starts_with("#")) {
      size_t NL = Buf.find('\n', At);
      if (NL == llvm::StringRef::npos)
        return indentOf(B);
      At = NL + 1;
    }
    // A standalone directive that ends its block (`}` below it): the
    // block's statements are one level in from that brace.
    if (Buf.substr(At).ltrim(" \t").starts_with("}"))
      return indentOf(B.getLocWithOffset(static_cast<int>(At - Off))) + "  ";
    return indentOf(B.getLocWithOffset(static_cast<int>(At - Off)));
  }

  /// A pragma line that is a statement of its own rather than part of the
  /// statement below it (`#pragma omp target enter data`, `barrier`, ...).
  static bool isStandalonePragma(llvm::StringRef Line) {
    llvm::SmallVector<llvm::StringRef, 6> W;
    Line.trim().split(W, ' ', -1, /*KeepEmpty=*/false);
    auto At = [&](size_t I) { return I < W.size() ? W[I] : ""; };
    llvm::StringRef Dialect = At(1), D = At(2), E = At(3);
    if (Dialect == "omp")
      return (D == "target" &&
              (E == "enter" || E == "exit" || E.starts_with("update"))) ||
             D == "barrier" || D.starts_with("flush") || D == "taskwait" ||
             D == "taskyield";
    if (Dialect == "acc")
      return D == "enter" || D == "exit" || D.starts_with("update") ||
             D.starts_with("wait");
    return false;
  }

  /// Where text goes in front of a statement: the statement itself, or the
  /// start of the line of the first pragma that stands right above it (a
  /// loop that stayed on the CPU keeps its `#pragma omp parallel for`, which
  /// must stay next to its loop).
  clang::SourceLocation insertionPoint(clang::SourceRange R) {
    clang::SourceLocation B = SM.getExpansionLoc(R.getBegin());
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
    if (Invalid)
      return B;
    size_t Off = SM.getFileOffset(B), Best = Off;
    size_t LineStart = Buf.rfind('\n', Off ? Off - 1 : 0);
    // Only white space may stand before the statement on its line.
    if (!Buf.slice(LineStart == llvm::StringRef::npos ? 0 : LineStart + 1, Off)
             .trim()
             .empty())
      return B;
    while (LineStart != llvm::StringRef::npos && LineStart > 0) {
      size_t PrevStart = Buf.rfind('\n', LineStart - 1);
      size_t From = PrevStart == llvm::StringRef::npos ? 0 : PrevStart + 1;
      llvm::StringRef Line = Buf.slice(From, LineStart);
      if (!Line.ltrim().starts_with("#pragma") || isStandalonePragma(Line))
        break;
      Best = From; // the start of the pragma's line
      LineStart = PrevStart;
    }
    return B.getLocWithOffset(static_cast<int>(Best) - static_cast<int>(Off));
  }

  clang::SourceLocation endOf(clang::SourceRange R) {
    return clang::Lexer::getLocForEndOfToken(SM.getExpansionLoc(R.getEnd()), 0,
                                             SM, Ctx.getLangOpts());
  }

  /// Where statement S ends in the text, past a trailing ';': clang ends
  /// an OpenMP directive at its pragma line, and a loop or if at the end of
  /// its last statement, which may be such a directive.
  clang::SourceLocation stmtEnd(const clang::Stmt *S) {
    for (;;) {
      const clang::Stmt *Next = nullptr;
      if (auto *D = llvm::dyn_cast<clang::OMPExecutableDirective>(S))
        Next = D->hasAssociatedStmt() ? ompBodyOf(D) : nullptr;
      else if (auto *F = llvm::dyn_cast<clang::ForStmt>(S))
        Next = F->getBody();
      else if (auto *W = llvm::dyn_cast<clang::WhileStmt>(S))
        Next = W->getBody();
      else if (auto *R = llvm::dyn_cast<clang::CXXForRangeStmt>(S))
        Next = R->getBody();
      else if (auto *If = llvm::dyn_cast<clang::IfStmt>(S))
        Next = If->getElse() ? If->getElse() : If->getThen();
      if (!Next)
        break;
      S = Next;
    }
    clang::SourceLocation Last = SM.getExpansionLoc(S->getEndLoc());
    if (!llvm::isa<clang::CompoundStmt>(S))
      if (std::optional<clang::Token> T =
              clang::Lexer::findNextToken(Last, SM, Ctx.getLangOpts());
          T && T->is(clang::tok::semi))
        Last = T->getLocation();
    return endOf(clang::SourceRange(Last, Last));
  }

  std::string where() const { return In.SourceName; }

  llvm::Expected<std::string> glueText(const Term &G) {
    return hostGlueText(G, where(), GlueNames);
  }

  /// Lines joined so that each starts on its own line at Indent.
  static std::string joinLines(const std::vector<std::string> &Lines,
                               const std::string &Indent) {
    std::string Out;
    for (const std::string &L : Lines) {
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      llvm::StringRef(L).split(Parts, '\n');
      for (llvm::StringRef P : Parts)
        Out += Indent + P.str() + "\n";
    }
    return Out;
  }

  /// Prints one statement list. Container is the statement whose body the
  /// list is (null for a function body); when the body is not a compound
  /// statement and glue must go in, the body gets braces.
  llvm::Error emitList(const Term &Items, const clang::Stmt *Body) {
    bool NeedsBraces = false;
    if (Body && !llvm::isa<clang::CompoundStmt>(Body))
      for (const Term &I : Items.args())
        if (isGlue(I))
          NeedsBraces = true;
    // A launch that replaces the whole body (`for (t...) for (i...)` with
    // the inner loop on the GPU) would lose text inserted at either end of
    // it before it: the opening brace goes into its text, the closing one
    // in last.
    clang::SourceLocation OpenAt, CloseAt;
    std::string Open, Close;
    if (NeedsBraces) {
      clang::SourceRange R = Body->getSourceRange();
      std::string Ind = indentOf(R.getBegin());
      OpenAt = SM.getExpansionLoc(R.getBegin());
      Open = "{\n" + Ind;
      CloseAt = stmtEnd(Body);
      Close = "\n" + Ind + "}";
      bool LaunchFirst = false;
      for (const Term &I : Items.args())
        if (!isGlue(I)) {
          LaunchFirst = (I.isApp("Launch", 6) || I.isApp("Passes", 7)) &&
                        rangeOf(I[2]).isValid() &&
                        SM.getExpansionLoc(rangeOf(I[2]).getBegin()) == OpenAt;
          break;
        }
      if (!LaunchFirst) {
        RW.InsertTextBefore(OpenAt, Open);
        Open.clear();
      }
    }

    std::vector<std::string> Pending;
    clang::SourceLocation LastEnd;
    std::string LastIndent;
    // The range a launch replaces, or an invalid one.
    auto LaunchRange = [&](const Term &I) {
      return I.isApp("Launch", 6) || I.isApp("Passes", 7)
                 ? rangeOf(I[2])
                 : clang::SourceRange();
    };
    llvm::ArrayRef<Term> All = Items.args();
    for (size_t At = 0; At < All.size(); ++At) {
      const Term &I = All[At];
      if (isGlue(I)) {
        auto T = glueText(I);
        if (!T)
          return T.takeError();
        Pending.push_back(*T);
        continue;
      }
      if (I.isApp("ReduceLaunch", 9))
        return unlowered(I);
      if (I.isApp("Launch", 6) || I.isApp("Passes", 7)) {
        clang::SourceRange R = rangeOf(I[2]);
        if (R.isInvalid())
          return fail("no source range for the loop of " + I[1].name());
        std::string Ind = statementIndent(R);
        Pending.push_back(launchFor(I, R));
        // The parts of a loop that the front end split (Distribute.cpp)
        // replace its range together: the last one writes them all.
        size_t Next = At + 1;
        while (Next < All.size() && isGlue(All[Next]))
          ++Next;
        if (Next < All.size() && LaunchRange(All[Next]) == R)
          continue;
        std::string Text = joinLines(Pending, Ind);
        // The first line starts where the pragma started; the last line
        // break comes from the source.
        Text = Text.substr(Ind.size());
        Text = Ind.substr(std::min(
                   Ind.size(),
                   static_cast<size_t>(
                       SM.getExpansionColumnNumber(R.getBegin()) - 1))) +
               Text;
        Text.pop_back();
        clang::SourceLocation B = SM.getExpansionLoc(R.getBegin());
        if (!Open.empty() && B == OpenAt) {
          Text = Open + Text;
          Open.clear();
        }
        RW.ReplaceText(clang::SourceRange(B, SM.getExpansionLoc(R.getEnd())),
                       Text);
        if (auto G =
                In.GapPragmas.find(I[2].is(Term::Int) ? I[2].intValue() : -1);
            G != In.GapPragmas.end())
          for (clang::SourceLocation P : G->second)
            RW.InsertTextAfter(P, "// loop2cuda: the loop below runs on the "
                                  "GPU: ");
        Replaced.push_back(R);
        LaunchText += Text;
        Pending.clear();
        LastEnd = endOf(R);
        LastIndent = Ind;
        continue;
      }
      // HostGuarded(cond, [fast], stmt): `if (cond) { fast } else { stmt }`.
      const Term &S = I.isApp("HostGuarded", 3) ? I[2] : I;
      if (!S.is(Term::App) || S.arity() == 0)
        return fail("unexpected term in host code: " + I.str());
      clang::SourceRange R = rangeOf(S[0]);
      if (R.isInvalid())
        return fail("no source range for host statement " + I.str());
      std::string Ind = statementIndent(R);
      // A directive line in column 1 with no glue before it: its comment
      // (emitStructured) starts at the statements' indentation.
      DirectiveIndent = Pending.empty() ? Ind : "";
      bool GlueBefore = !Pending.empty();
      if (!Pending.empty()) {
        clang::SourceLocation B = SM.getExpansionLoc(R.getBegin());
        clang::SourceLocation At = insertionPoint(R);
        // A statement that starts at a pragma in column 1 (a data
        // region's) gets the glue's first line indented as the rest.
        std::string Lead = Ind.substr(
            std::min(Ind.size(),
                     static_cast<size_t>(SM.getExpansionColumnNumber(B) - 1)));
        if (At == B)
          RW.InsertTextBefore(
              B, Lead + joinLines(Pending, Ind).substr(Ind.size()) + Ind);
        else
          RW.InsertTextBefore(At, joinLines(Pending, Ind));
        Pending.clear();
      }
      if (&S != &I) {
        auto Fast = guardText(I, Ind);
        if (!Fast)
          return Fast.takeError();
        // A loop whose pragma starts in column 1: the guard's first line
        // at the statements' indentation.
        clang::SourceLocation GB = SM.getExpansionLoc(R.getBegin());
        RW.InsertTextAfter(GB,
                           (SM.getExpansionColumnNumber(GB) == 1 && !GlueBefore
                                ? Ind
                                : std::string()) +
                               *Fast);
        RW.InsertTextAfter(endOf(R), "\n" + Ind + "}");
        // A loop kept for the host (rule set host-fallback): its pragmas
        // would run it in parallel there.
        if (auto F =
                In.HostFallback.find(S[0].is(Term::Int) ? S[0].intValue() : -1);
            F != In.HostFallback.end())
          for (clang::SourceLocation P : F->second)
            RW.InsertTextAfter(P, "// loop2cuda: on the host, in order, when "
                                  "the run-time check fails: ");
      }
      if (auto E = emitStructured(S, R))
        return E;
      LastEnd = endOf(R);
      LastIndent = Ind;
    }
    if (!Pending.empty()) {
      if (LastEnd.isInvalid())
        return fail("glue with no statement to attach to");
      std::string Text = joinLines(Pending, LastIndent);
      Text.pop_back();
      RW.InsertTextAfter(LastEnd, "\n" + Text);
    }
    if (CloseAt.isValid())
      RW.InsertTextAfter(CloseAt, Close);
    return llvm::Error::success();
  }

  /// `if (G[0]) {`, the items G[1] a level in, `} else {` and a newline,
  /// for HostGuarded and HostChoose (rule set bitonic-shared).
  llvm::Expected<std::string> ifElseText(const Term &G,
                                         const std::string &Ind) {
    // ProbeFirst(Raw(make), [launches], check): the probe's statements,
    // then `if (check)` (rule set probe-accesses). With a fourth argument
    // Gate(p, Raw(known)): `const bool p_known = known;`, the probe's
    // launches under `if (p_known)`, and `if (p_known && check)`.
    std::string Before, Known;
    const Term *CondTerm = &G[0];
    bool Gated = G[0].isApp("ProbeFirst", 4) && G[0][3].isApp("Gate", 2) &&
                 G[0][3][0].is(Term::Ident) && G[0][3][1].isApp("Raw", 1);
    if ((G[0].isApp("ProbeFirst", 3) || Gated) && G[0][0].isApp("Raw", 1)) {
      std::string LaunchInd = Ind;
      if (Gated) {
        Known = G[0][3][0].name() + "_known";
        Before =
            "const bool " + Known + " = " + G[0][3][1][0].name() + ";\n" + Ind;
        LaunchInd = Ind + "  ";
      }
      Before += G[0][0][0].name() + "\n";
      if (Gated)
        Before += Ind + "if (" + Known + ") {\n";
      for (const Term &L : G[0][1].args()) {
        if (!L.isApp("Launch", 6))
          return fail("unexpected term in a probe: " + L.str());
        std::string Text = launchStatement(L, memberArgs(L));
        // Its first line says what the probe does, not "runs on the GPU".
        Text = "// loop2cuda: probe " + L[0][0].name() +
               ": which elements each iteration touches" +
               Text.substr(std::min(Text.find('\n'), Text.size()));
        Before += joinLines({Text}, LaunchInd);
      }
      if (Gated)
        Before += Ind + "}\n";
      Before += Ind;
      CondTerm = &G[0][2];
    }
    auto Cond = printExpr(*CondTerm);
    if (!Cond)
      return Cond.takeError();
    if (!Known.empty())
      *Cond = Known + " && " + *Cond;
    auto Body = hostItems(G[1], Ind + "  ");
    if (!Body)
      return Body.takeError();
    return Before + "if (" + *Cond + ") {\n" + *Body + Ind + "} else {\n";
  }

  /// What goes before the kept statement of HostGuarded(cond, [fast],
  /// stmt): `if (cond) {`, the fast path, `} else {`.
  llvm::Expected<std::string> guardText(const Term &G, const std::string &Ind) {
    auto Text = ifElseText(G, Ind);
    if (!Text)
      return Text.takeError();
    return *Text + Ind;
  }

  /// Launches, HostFor(For(Decl(k, "T", init), cond, inc), [items]) and
  /// HostChoose(cond, [then], [else]) of a fast path, one statement a line
  /// at Ind.
  llvm::Expected<std::string> hostItems(const Term &Items,
                                        const std::string &Ind) {
    std::string Out;
    for (const Term &I : Items.args()) {
      if (I.isApp("ReduceLaunch", 9))
        return unlowered(I);
      if (I.isApp("Launch", 6) || I.isApp("Passes", 7)) {
        Out += joinLines({launchStatement(I, memberArgs(I))}, Ind);
        continue;
      }
      // HostChoose(cond, [then], [else]): `if (cond) { … } else { … }`.
      if (I.isApp("HostChoose", 3)) {
        auto Then = ifElseText(I, Ind);
        if (!Then)
          return Then.takeError();
        auto Else = hostItems(I[2], Ind + "  ");
        if (!Else)
          return Else.takeError();
        Out += Ind + *Then + *Else + Ind + "}\n";
        continue;
      }
      if (!I.isApp("HostFor", 2) || !I[0].isApp("For", 3) ||
          !I[0][0].isApp("Decl", 3))
        return fail("unexpected term in a fast path: " + I.str());
      const Term &D = I[0][0];
      auto Init = printExpr(D[2]);
      if (!Init)
        return Init.takeError();
      auto Cond = printExpr(I[0][1]);
      if (!Cond)
        return Cond.takeError();
      auto Inc = printExpr(I[0][2]);
      if (!Inc)
        return Inc.takeError();
      auto Body = hostItems(I[1], Ind + "  ");
      if (!Body)
        return Body.takeError();
      Out += Ind + "for (" + printDeclarator(D[1].name(), D[0].name()) + " = " +
             *Init + "; " + *Cond + "; " + *Inc + ") {\n" + *Body + Ind + "}\n";
    }
    return Out;
  }

  clang::Stmt *stmtAt(clang::SourceRange R) {
    auto It = Index.ByBegin.find(R.getBegin().getRawEncoding());
    return It == Index.ByBegin.end() ? nullptr : It->second;
  }

  static const clang::Stmt *ompBodyOf(const clang::OMPExecutableDirective *D) {
    const clang::Stmt *A = D->getAssociatedStmt();
    while (auto *CS = llvm::dyn_cast_or_null<clang::CapturedStmt>(A))
      A = CS->getCapturedStmt();
    return A;
  }

  static const clang::Stmt *loopBody(const clang::Stmt *S) {
    if (auto *F = llvm::dyn_cast_or_null<clang::ForStmt>(S))
      return F->getBody();
    if (auto *W = llvm::dyn_cast_or_null<clang::WhileStmt>(S))
      return W->getBody();
    if (auto *D = llvm::dyn_cast_or_null<clang::DoStmt>(S))
      return D->getBody();
    if (auto *F = llvm::dyn_cast_or_null<clang::CXXForRangeStmt>(S))
      return F->getBody();
    return nullptr;
  }

  llvm::Error emitStructured(const Term &I, clang::SourceRange R) {
    if (isTranslatedDirective(I)) {
      // The runtime calls around it do what the directive says: its line
      // becomes a comment.
      clang::SourceLocation B = SM.getExpansionLoc(R.getBegin());
      RW.InsertTextAfter(B,
                         (SM.getExpansionColumnNumber(B) == 1 ? DirectiveIndent
                                                              : std::string()) +
                             "// loop2cuda: done by the l2c:: calls around "
                             "it (docs/data-regions.md): ");
      // A local named only in the directive (its extent) is unused now.
      Replaced.push_back(R);
      return llvm::Error::success();
    }
    if (I.isApp("Host", 3))
      return llvm::Error::success();
    if (I.isApp("HostLoop", 4)) {
      // A marked loop that runs in order, loops in it on the GPU: its
      // directive's line becomes a comment (inserted, as for regions).
      auto D = I[0].is(Term::Int) ? In.InOrderLoops.find(I[0].intValue())
                                  : In.InOrderLoops.end();
      if (D != In.InOrderLoops.end())
        RW.InsertTextAfter(D->second,
                           "// loop2cuda: the loop runs in order on the host, "
                           "loops in it on the GPU: ");
      return emitList(I[3], loopBody(stmtAt(R)));
    }
    if (I.isApp("HostBlock", 2))
      return emitList(I[1], nullptr);
    if (I.isApp("HostRegion", 2)) {
      // The region's body runs once, on this thread: the directive goes.
      auto *P =
          llvm::dyn_cast_or_null<clang::OMPExecutableDirective>(stmtAt(R));
      if (!P)
        return fail("no OpenMP region directive for " + I.str());
      // The directive's line becomes a comment. Text is only inserted at
      // its start (after glue inserted there, before glue inserted later):
      // replacing it would lose glue that shares its first character.
      RW.InsertTextAfter(SM.getExpansionLoc(P->getBeginLoc()),
                         "// loop2cuda: the region runs once, its loops on "
                         "the GPU: ");
      return emitList(I[1], P->getAssociatedStmt() ? ompBodyOf(P) : nullptr);
    }
    if (I.isApp("HostData", 3)) {
      // The region's arrays move as its glue says: the pragma line goes.
      RW.InsertTextAfter(SM.getExpansionLoc(R.getBegin()),
                         "// loop2cuda: data region (docs/data-regions.md): ");
      auto End = I[0].is(Term::Int) ? In.RegionEnds.find(I[0].intValue())
                                    : In.RegionEnds.end();
      if (End != In.RegionEnds.end())
        RW.InsertTextAfter(SM.getExpansionLoc(End->second),
                           "// loop2cuda: end of the data region: ");
      return emitList(I[2], nullptr);
    }
    if (I.isApp("HostIf", 5)) {
      auto *If = llvm::dyn_cast_or_null<clang::IfStmt>(stmtAt(R));
      if (auto E = emitList(I[3], If ? If->getThen() : nullptr))
        return E;
      return emitList(I[4], If ? If->getElse() : nullptr);
    }
    return fail("unknown host term " + I.str());
  }

  const EmitInput &In;
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  clang::Rewriter &RW;
  StmtIndex Index;
};

} // namespace

llvm::Expected<std::string> emitTranslationUnit(const EmitInput &In,
                                                clang::ASTContext &Ctx,
                                                clang::Rewriter &RW) {
  Emitter E(In, Ctx, RW);
  if (!In.TranslationUnit.isApp("TranslationUnit", 1))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "expected TranslationUnit([...]), found " +
                                       In.TranslationUnit.str());
  if (auto Err = E.emitFunctions(In.TranslationUnit))
    return std::move(Err);
  markLocalsLeftUnused(Ctx, RW, E.Replaced, E.LaunchText);

  std::string Out;
  Out += "// Generated by loop2cuda from " + In.SourceName +
         ". Edit the source and run loop2cuda again\n"
         "// rather than editing this file.\n";
  // A file whose loops all stay on the CPU needs no runtime: without it the
  // program starts no CUDA context and runs on machines without a GPU.
  if (In.TranslationUnit[0].arity() > 0)
    Out += "#include \"loop2cuda_runtime.cuh\"\n";
  else
    Out += "// No loop of this file runs on the GPU (the warnings say why).\n";
  Out += In.Prologue;
  if (auto Err = placeDeviceCode(In, Ctx, RW))
    return std::move(Err);
  Out += "\n";
  clang::SourceManager &SM = Ctx.getSourceManager();
  const auto *Buf = RW.getRewriteBufferFor(SM.getMainFileID());
  if (Buf)
    Out += std::string(Buf->begin(), Buf->end());
  else
    Out += SM.getBufferData(SM.getMainFileID()).str();
  // CUB costs about six seconds of every nvcc run that includes it: a file
  // whose code calls none of the runtime's CUB wrappers leaves it out.
  static const char Include[] = "#include \"loop2cuda_runtime.cuh\"\n";
  if (size_t At = Out.find(Include);
      At != std::string::npos && Out.find("reduceCub") == std::string::npos &&
      Out.find("blockReduce<") == std::string::npos &&
      Out.find("deviceReduce") == std::string::npos &&
      Out.find("cub::") == std::string::npos)
    Out.insert(At, "#define L2C_NO_CUB // none of its code calls CUB\n");
  // libcu++'s limits cost about a second of every nvcc run: only a file
  // whose kernels ask for a type's limits includes them.
  if (size_t At = Out.find(Include);
      At != std::string::npos &&
      Out.find("cuda::std::numeric_limits<") != std::string::npos)
    Out.insert(At, "#include <cuda/std/limits> // a type's limits in kernels\n");
  // The record of the program's heap blocks replaces malloc and free: only
  // a program with a loop that asks it gets them.
  if (size_t At = Out.find(Include);
      At != std::string::npos &&
      Out.find("l2c::recordedCount(") != std::string::npos)
    Out.insert(At, "#define L2C_RECORD_ALLOCATIONS // extents from the "
                   "program's heap blocks\n");
  return Out;
}

} // namespace l2c
