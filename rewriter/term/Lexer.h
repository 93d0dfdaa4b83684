//===- Lexer.h - Tokens of the term and rule languages ----------*- C++ -*-===//
//
// One lexer serves the plain term reader and the rule-file parser. Comments
// run from `#` or `//` to the end of the line.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_TERM_LEXER_H
#define LOOP2CUDA_TERM_LEXER_H

#include "term/Term.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace l2c {

struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Col = 0;
  std::string str() const;
};

struct Token {
  enum Kind { Ident, Var, Int, Float, String, Punct, End, Bad };
  Kind K = End;
  std::string Text; // identifier, variable name (no $), string contents,
                    // punctuation, number digits or float spelling
  int64_t IntValue = 0;
  std::string Suffix; // integer suffix
  unsigned Line = 1, Col = 1;
  unsigned EndCol = 1; // column just past the token (on its line)
  bool is(Kind Kd) const { return K == Kd; }
  bool isPunct(llvm::StringRef P) const { return K == Punct && Text == P; }
  bool isIdent(llvm::StringRef S) const { return K == Ident && Text == S; }
  std::string describe() const;
};

class Lexer {
public:
  Lexer(llvm::StringRef Text, std::string FileName);
  const Token &peek() const { return Cur; }
  Token next();
  /// Consumes the punctuation P if it is next.
  bool consume(llvm::StringRef P);
  SourceLoc loc(const Token &T) const { return {File, T.Line, T.Col}; }
  SourceLoc here() const { return loc(Cur); }
  const std::string &fileName() const { return File; }
  /// `file:line:col: error: Message`, as an llvm::Error.
  llvm::Error error(const Token &At, const llvm::Twine &Message) const;

private:
  Token lex();
  void skipSpaceAndComments();
  char at(size_t Off = 0) const {
    return Pos + Off < Text.size() ? Text[Pos + Off] : '\0';
  }
  void advance(size_t N = 1);

  llvm::StringRef Text;
  std::string File;
  size_t Pos = 0;
  unsigned Line = 1, Col = 1;
  Token Cur;
};

/// `file:line:col: error: Message` as an llvm::Error.
/// The term of a variable, number or string token: `$x`, `12u`, `1.5`,
/// `"s"` (the rule reader and the term reader read these the same way).
/// T must be one of those kinds.
Term literalTerm(const Token &T);

llvm::Error makeError(const SourceLoc &Loc, const llvm::Twine &Message);

} // namespace l2c

#endif
