//===- StmtRanges.cpp - The source range of a host statement --------------===//
//
// Where a statement starts and ends in the text, as the host emitter
// inserts glue around it and replaces it: with its trailing ';', and for
// an OpenMP directive from the '#' of its pragma.
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace l2c {
namespace detail {

bool needsSemi(const Stmt *S) {
  if (!S)
    return false;
  if (isa<Expr>(S) || isa<ReturnStmt>(S) || isa<BreakStmt>(S) ||
      isa<ContinueStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<DoStmt>(S) || isa<CoreturnStmt>(S))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(S))
    return needsSemi(If->getElse() ? If->getElse() : If->getThen());
  if (const auto *F = dyn_cast<ForStmt>(S))
    return needsSemi(F->getBody());
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return needsSemi(W->getBody());
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
    return needsSemi(R->getBody());
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return needsSemi(Sw->getBody());
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return needsSemi(L->getSubStmt());
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return needsSemi(A->getSubStmt());
  return false;
}

SourceRange stmtRange(FrontendContext &FC, const Stmt *S) {
  SourceManager &SM = FC.SM;
  SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
  // A loop spliced out of its `omp simd` directive (InnerSimd.cpp) still
  // has the pragma before it in the text.
  if (auto It = FC.SplicedDirectives.find(S); It != FC.SplicedDirectives.end())
    Begin = SM.getExpansionLoc(It->second->getBeginLoc());
  SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (!D->isStandaloneDirective())
      if (const Stmt *Body = ompBody(D))
        return SourceRange(Begin, stmtRange(FC, Body).getEnd());
    // A standalone directive ends at the end of its line: its last token
    // is the last character before it that is not white space.
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(End), &Invalid);
    unsigned Off = SM.getFileOffset(End);
    unsigned Last = Off;
    while (!Invalid && Last > SM.getFileOffset(Begin) &&
           isWhitespace(Buf[Last - 1]))
      --Last;
    if (!Invalid && Last > SM.getFileOffset(Begin))
      End = End.getLocWithOffset(static_cast<int>(Last) - 1 -
                                 static_cast<int>(Off));
    return SourceRange(Begin, End);
  }
  // A loop or if ends with its last statement, which clang ends at the line
  // of its pragma when it is an OpenMP directive.
  const Stmt *Last = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(S))
    Last = F->getBody();
  else if (const auto *W = dyn_cast<WhileStmt>(S))
    Last = W->getBody();
  else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
    Last = R->getBody();
  else if (const auto *If = dyn_cast<IfStmt>(S))
    Last = If->getElse() ? If->getElse() : If->getThen();
  if (Last && !isa<CompoundStmt>(Last))
    return SourceRange(Begin, stmtRange(FC, Last).getEnd());
  if (needsSemi(S)) {
    std::optional<Token> Next = Lexer::findNextToken(End, SM, FC.LO);
    if (Next && Next->is(tok::semi))
      End = Next->getLocation();
  }
  return SourceRange(Begin, End);
}

} // namespace detail
} // namespace l2c
