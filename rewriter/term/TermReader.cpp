//===- TermReader.cpp - Reads the text form of terms ----------------------===//

#include "term/TermReader.h"

namespace l2c {

static llvm::Expected<Term> readTermAt(Lexer &Lex, unsigned Depth);

static llvm::Expected<std::vector<Term>> readArgs(Lexer &Lex, const char *Close,
                                                  Term *Tail, unsigned Depth) {
  std::vector<Term> Args;
  if (Lex.consume(Close))
    return Args;
  for (;;) {
    auto A = readTermAt(Lex, Depth);
    if (!A)
      return A.takeError();
    Args.push_back(*A);
    if (Lex.consume(","))
      continue;
    if (Tail && Lex.consume(":")) {
      auto T = readTermAt(Lex, Depth);
      if (!T)
        return T.takeError();
      *Tail = *T;
      if (!Lex.consume(Close))
        return Lex.error(Lex.peek(), "expected ']' after the tail of a list, "
                                     "found " +
                                         Lex.peek().describe());
      return Args;
    }
    if (Lex.consume(Close))
      return Args;
    return Lex.error(Lex.peek(), llvm::Twine("expected ',' or '") + Close +
                                     "', found " + Lex.peek().describe());
  }
}

llvm::Expected<Term> readTerm(Lexer &Lex) { return readTermAt(Lex, 0); }

static llvm::Expected<Term> readTermAt(Lexer &Lex, unsigned Depth) {
  if (Depth >= MaxTermNesting)
    return Lex.error(Lex.peek(), "term nests deeper than " +
                                     llvm::Twine(MaxTermNesting) + " levels");
  Token T = Lex.next();
  switch (T.K) {
  case Token::Ident:
    if (Lex.peek().isPunct("(")) {
      Lex.next();
      auto Args = readArgs(Lex, ")", nullptr, Depth + 1);
      if (!Args)
        return Args.takeError();
      return Term::app(T.Text, std::move(*Args));
    }
    return Term::ident(T.Text);
  case Token::Var:
  case Token::Int:
  case Token::Float:
  case Token::String:
    return literalTerm(T);
  case Token::Punct:
    if (T.Text == "[") {
      Term Tail;
      auto Elems = readArgs(Lex, "]", &Tail, Depth + 1);
      if (!Elems)
        return Elems.takeError();
      return Term::list(std::move(*Elems), Tail);
    }
    if (T.Text == "*") // "anything", in read and write sets
      return Term::ident("*");
    if (T.Text == "-" &&
        (Lex.peek().is(Token::Int) || Lex.peek().is(Token::Float))) {
      Token N = Lex.next();
      if (N.is(Token::Int))
        return Term::integer(-N.IntValue, N.Suffix);
      return Term::floating("-" + N.Text);
    }
    break;
  case Token::Bad:
    return Lex.error(T, T.Text);
  case Token::End:
    break;
  }
  return Lex.error(T, "expected a term, found " + T.describe());
}

llvm::Expected<Term> parseTerm(llvm::StringRef Text, llvm::StringRef FileName) {
  Lexer Lex(Text, FileName.str());
  auto T = readTerm(Lex);
  if (!T)
    return T.takeError();
  if (!Lex.peek().is(Token::End))
    return Lex.error(Lex.peek(),
                     "unexpected " + Lex.peek().describe() + " after the term");
  return T;
}

} // namespace l2c
