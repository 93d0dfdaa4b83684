//===- PragmaParser.h - Clause lists of loop pragmas ------------*- C++ -*-===//
//
// The token-level parser that `#pragma loop2cuda` (Pragma.cpp) and
// `#pragma acc` (AccPragma.cpp) share: clause arguments such as variable
// lists, array sections `a[lower:length]` and `op: vars` reductions. Each
// dialect's grammar of clause names lives with its handler.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_PRAGMAPARSER_H
#define LOOP2CUDA_FRONTEND_PRAGMAPARSER_H

#include "frontend/Frontend.h"

#include "clang/Lex/Preprocessor.h"

#include <string>
#include <vector>

namespace l2c {
namespace detail {

class PragmaParser {
public:
  PragmaParser(clang::Preprocessor &PP, std::vector<clang::Token> Toks,
               clang::SourceLocation EndLoc)
      : PP(PP), Toks(std::move(Toks)), EndLoc(EndLoc) {}

protected:
  clang::Preprocessor &PP;
  std::vector<clang::Token> Toks;
  clang::SourceLocation EndLoc;
  size_t Pos = 0;
  /// Why the clause being parsed failed, and whether it failed because the
  /// tool does not implement its form (rather than a syntax error).
  std::string Why;
  bool Unsupported = false;

  bool atEnd() const { return Pos >= Toks.size(); }
  /// After a variable's name: `->m` and `.m` appended as its stand-in's
  /// name (m->v is m_v).
  void memberPath(std::string &Var);
  const clang::Token &peek() const { return Toks[Pos]; }
  std::string spell(const clang::Token &T) const { return PP.getSpelling(T); }
  bool isIdent(const clang::Token &T, const char *S) const {
    return T.getIdentifierInfo() && spell(T) == S;
  }
  clang::SourceLocation here() const {
    return atEnd() ? EndLoc : peek().getLocation();
  }

  /// A `[mark-loop]` warning at Loc.
  void warn(clang::SourceLocation Loc, const std::string &Msg);

  bool fail(std::string Msg) {
    Why = std::move(Msg);
    return false;
  }
  /// A clause form the grammar knows but the tool does not implement.
  bool unsupported(std::string Msg) {
    Unsupported = true;
    return fail(std::move(Msg));
  }
  /// Records the first bad clause: the loop is rejected with it, never
  /// translated without the clause.
  static void invalid(LoopPragma &P, clang::SourceLocation Loc,
                      std::string Msg);

  bool expect(clang::tok::TokenKind K, const char *What);
  /// Skips `( ... )` if it comes next.
  void skipParens();
  /// Skips to just after the ')' that closes an already consumed '('.
  void skipToCloseParen();
  /// The text of the tokens from From to the current position.
  std::string textFrom(size_t From) const;

  /// Collects the text of an expression up to a top-level Stop token, and
  /// consumes the Stop token.
  bool exprText(clang::tok::TokenKind Stop, std::string &Out);

  /// Skips commas to the next clause name and consumes it; null at the end
  /// of the line, or (recorded in P) when a token other than a name comes.
  /// Keywords (private, default, if, ...) are clause names too. Where names
  /// the directive for the message.
  const clang::Token *nextClause(LoopPragma &P, const std::string &Where);

  /// `var [ '[' lower ':' length ']' ... ] {, ...} )` into P.Data with kind
  /// K; a missing lower bound is 0, sections after the first are left to
  /// the array's type.
  bool parseData(LoopPragma &P, DataClause::ClauseKind K);
  /// `op : var {, var} )` into P.Reductions.
  bool parseReduction(LoopPragma &P);
  /// `var {, var} )` into Out.
  bool parseNames(std::vector<std::string> &Out);
  /// `n )` with a positive integer literal n.
  bool parsePositive(unsigned &Out);
};

} // namespace detail
} // namespace l2c

#endif // LOOP2CUDA_FRONTEND_PRAGMAPARSER_H
