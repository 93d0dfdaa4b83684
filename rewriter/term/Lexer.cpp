//===- Lexer.cpp - Tokens of the term and rule languages ------------------===//

#include "term/Lexer.h"

#include <cctype>
#include <cstdlib>

namespace l2c {

std::string SourceLoc::str() const {
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Col);
}

llvm::Error makeError(const SourceLoc &Loc, const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Loc.str() + ": error: " + Message.str());
}

std::string Token::describe() const {
  switch (K) {
  case Ident:
    return "identifier '" + Text + "'";
  case Var:
    return "variable '$" + Text + "'";
  case Int:
  case Float:
    return "number '" + Text + Suffix + "'";
  case String:
    return "string \"" + Text + "\"";
  case Punct:
    return "'" + Text + "'";
  case End:
    return "end of input";
  case Bad:
    return Text;
  }
  return "token";
}

Lexer::Lexer(llvm::StringRef Text, std::string FileName)
    : Text(Text), File(std::move(FileName)) {
  Cur = lex();
}

Token Lexer::next() {
  Token T = Cur;
  Cur = lex();
  return T;
}

bool Lexer::consume(llvm::StringRef P) {
  if (!Cur.isPunct(P))
    return false;
  next();
  return true;
}

llvm::Error Lexer::error(const Token &At, const llvm::Twine &Message) const {
  return makeError(loc(At), Message);
}

void Lexer::advance(size_t N) {
  for (size_t I = 0; I < N && Pos < Text.size(); ++I, ++Pos) {
    if (Text[Pos] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
  }
}

void Lexer::skipSpaceAndComments() {
  for (;;) {
    char C = at();
    if (C == ' ' || C == '\t' || C == '\r' || C == '\n') {
      advance();
    } else if (C == '#' || (C == '/' && at(1) == '/')) {
      while (at() && at() != '\n')
        advance();
    } else {
      return;
    }
  }
}

static bool isIdentStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_';
}
static bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

Token Lexer::lex() {
  skipSpaceAndComments();
  Token T;
  T.Line = Line;
  T.Col = Col;
  size_t Start = Pos;
  char C = at();
  if (!C) {
    T.K = Token::End;
  } else if (isIdentStart(C)) {
    // Identifiers may be qualified: std::max.
    for (;;) {
      while (isIdentChar(at()))
        advance();
      if (at() == ':' && at(1) == ':' && isIdentStart(at(2)))
        advance(2);
      else
        break;
    }
    T.K = Token::Ident;
    T.Text = Text.slice(Start, Pos).str();
  } else if (C == '$') {
    advance();
    if (!isIdentStart(at())) {
      T.K = Token::Bad;
      T.Text = "'$' must be followed by a variable name";
    } else {
      size_t NameStart = Pos;
      while (isIdentChar(at()))
        advance();
      T.K = Token::Var;
      T.Text = Text.slice(NameStart, Pos).str();
    }
  } else if (std::isdigit(static_cast<unsigned char>(C)) ||
             (C == '.' && std::isdigit(static_cast<unsigned char>(at(1))))) {
    bool IsFloat = false;
    bool Hex = C == '0' && (at(1) == 'x' || at(1) == 'X');
    if (Hex) {
      advance(2);
      while (std::isxdigit(static_cast<unsigned char>(at())))
        advance();
    } else {
      while (std::isdigit(static_cast<unsigned char>(at())))
        advance();
      if (at() == '.') {
        IsFloat = true;
        advance();
        while (std::isdigit(static_cast<unsigned char>(at())))
          advance();
      }
      if ((at() == 'e' || at() == 'E') &&
          (std::isdigit(static_cast<unsigned char>(at(1))) ||
           ((at(1) == '-' || at(1) == '+') &&
            std::isdigit(static_cast<unsigned char>(at(2)))))) {
        IsFloat = true;
        advance(2);
        while (std::isdigit(static_cast<unsigned char>(at())))
          advance();
      }
    }
    size_t DigitsEnd = Pos;
    if (IsFloat) {
      if (at() == 'f' || at() == 'F' || at() == 'l' || at() == 'L')
        advance();
      T.K = Token::Float;
      T.Text = Text.slice(Start, Pos).str();
    } else {
      while (at() == 'u' || at() == 'U' || at() == 'l' || at() == 'L')
        advance();
      T.K = Token::Int;
      T.Text = Text.slice(Start, DigitsEnd).str();
      T.Suffix = Text.slice(DigitsEnd, Pos).str();
      T.IntValue =
          static_cast<int64_t>(std::strtoull(T.Text.c_str(), nullptr, 0));
    }
  } else if (C == '"') {
    advance();
    std::string S;
    for (;;) {
      char D = at();
      if (!D || D == '\n') {
        T.K = Token::Bad;
        T.Text = "unterminated string";
        break;
      }
      advance();
      if (D == '"') {
        T.K = Token::String;
        T.Text = S;
        break;
      }
      if (D == '\\') {
        char E = at();
        // A NUL or a line end after '\' ends the string as it would
        // without the backslash (found by tests/fuzz).
        if (!E || E == '\n') {
          T.K = Token::Bad;
          T.Text = "unterminated string";
          break;
        }
        advance();
        S += E == 'n' ? '\n' : E == 't' ? '\t' : E;
      } else {
        S += D;
      }
    }
  } else {
    static const char *const Puncts[] = {
        "->", "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", "{", "}",
        ",",  ":",  ";",  "<",  ">",  "+",  "-",  "*", "/", "%", "!", "="};
    T.K = Token::Bad;
    T.Text = std::string("unexpected character '") + C + "'";
    for (const char *P : Puncts) {
      if (Text.substr(Pos).starts_with(P)) {
        T.K = Token::Punct;
        T.Text = P;
        advance(llvm::StringRef(P).size());
        break;
      }
    }
    if (T.K == Token::Bad)
      advance();
  }
  T.EndCol = Col;
  return T;
}

Term literalTerm(const Token &T) {
  switch (T.K) {
  case Token::Var:
    return Term::var(T.Text);
  case Token::Int:
    return Term::integer(T.IntValue, T.Suffix);
  case Token::Float:
    return Term::floating(T.Text);
  default:
    return Term::string(T.Text);
  }
}

} // namespace l2c
