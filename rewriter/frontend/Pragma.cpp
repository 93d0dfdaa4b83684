//===- Pragma.cpp - The #pragma loop2cuda handler -------------------------===//
//
// Grammar (clauses in any order, optionally separated by commas):
//
//   #pragma loop2cuda parallel [name(ident)] [copy(list)] [copyin(list)]
//                              [copyout(list)] [reduction(op: var, ...)]
//   list := item {, item}     item := var [ '[' lower ':' length ']' ]
//
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace l2c {
namespace {

class ClauseParser {
public:
  ClauseParser(Preprocessor &PP, std::vector<Token> Toks)
      : PP(PP), Toks(std::move(Toks)) {}

  /// Parses the tokens after `loop2cuda`. Returns false when the pragma is
  /// not a `parallel` directive at all.
  bool parse(LoopPragma &P) {
    if (atEnd() || !isIdent(peek(), "parallel")) {
      warn(atEnd() ? EndLoc : peek().getLocation(),
           "expected 'parallel' after '#pragma loop2cuda'; pragma ignored");
      return false;
    }
    ++Pos;
    while (!atEnd()) {
      if (peek().is(tok::comma)) {
        ++Pos;
        continue;
      }
      Token Clause = peek();
      // Keywords (private, default, ...) are clause names too.
      if (!Clause.getIdentifierInfo()) {
        invalid(P, Clause.getLocation(),
                "expected a clause name in '#pragma loop2cuda parallel', "
                "found '" +
                    spell(Clause) + "'");
        return true;
      }
      ++Pos;
      std::string Name = spell(Clause);
      if (Name != "name" && Name != "copy" && Name != "copyin" &&
          Name != "copyout" && Name != "reduction") {
        invalid(P, Clause.getLocation(),
                "unknown clause '" + Name +
                    "' in '#pragma loop2cuda parallel'");
        skipParens();
        continue;
      }
      if (atEnd() || !peek().is(tok::l_paren)) {
        invalid(P, Clause.getLocation(),
                "malformed '" + Name + "' clause: expected '('");
        return true;
      }
      ++Pos;
      size_t Start = Pos;
      Unsupported = false;
      bool Ok = Name == "name"        ? parseName(P)
                : Name == "reduction" ? parseReduction(P)
                                      : parseData(P, Name);
      if (!Ok) {
        invalid(P, Clause.getLocation(),
                Unsupported ? Why : "malformed '" + Name + "' clause: " + Why);
        Pos = Start;
        skipToCloseParen();
      }
    }
    return true;
  }

  SourceLocation EndLoc;

private:
  Preprocessor &PP;
  std::vector<Token> Toks;
  size_t Pos = 0;
  std::string Why;
  bool Unsupported = false;

  bool atEnd() const { return Pos >= Toks.size(); }
  const Token &peek() const { return Toks[Pos]; }
  std::string spell(const Token &T) const { return PP.getSpelling(T); }
  bool isIdent(const Token &T, const char *S) const {
    return T.is(tok::identifier) && spell(T) == S;
  }

  void warn(SourceLocation Loc, const std::string &Msg) {
    DiagnosticsEngine &D = PP.getDiagnostics();
    unsigned ID =
        D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [mark-loop]");
    D.Report(Loc, ID) << Msg;
  }

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
  void invalid(LoopPragma &P, SourceLocation Loc, std::string Msg) {
    if (P.Invalid.empty()) {
      P.Invalid = std::move(Msg);
      P.InvalidLoc = Loc;
    }
  }

  bool expect(tok::TokenKind K, const char *What) {
    if (atEnd())
      return fail(std::string("expected ") + What + " before the end of line");
    if (!peek().is(K))
      return fail(std::string("expected ") + What + ", found '" +
                  spell(peek()) + "'");
    ++Pos;
    return true;
  }

  /// Skips `( ... )` if it comes next.
  void skipParens() {
    if (!atEnd() && peek().is(tok::l_paren)) {
      ++Pos;
      skipToCloseParen();
    }
  }

  /// Skips to just after the ')' that closes an already consumed '('.
  void skipToCloseParen() {
    int Depth = 1;
    for (; !atEnd(); ++Pos) {
      if (peek().is(tok::l_paren))
        ++Depth;
      else if (peek().is(tok::r_paren) && --Depth == 0) {
        ++Pos;
        return;
      }
    }
  }

  bool parseName(LoopPragma &P) {
    if (atEnd() || !peek().is(tok::identifier))
      return fail("expected an identifier");
    P.Name = spell(peek());
    ++Pos;
    return expect(tok::r_paren, "')'");
  }

  /// Collects the text of an expression up to a top-level Stop token.
  bool exprText(tok::TokenKind Stop, std::string &Out) {
    int Depth = 0;
    Out.clear();
    for (; !atEnd(); ++Pos) {
      const Token &T = peek();
      if (Depth == 0 && T.is(Stop))
        break;
      if (T.isOneOf(tok::l_paren, tok::l_square))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square) && --Depth < 0)
        return fail("unbalanced '" + spell(T) + "'");
      if (!Out.empty() && T.hasLeadingSpace())
        Out += ' ';
      Out += spell(T);
    }
    if (atEnd())
      return fail("unterminated array section");
    if (Out.empty())
      return fail("empty expression in an array section");
    ++Pos;
    return true;
  }

  bool parseData(LoopPragma &P, const std::string &Name) {
    DataClause::ClauseKind K = Name == "copy"     ? DataClause::Copy
                               : Name == "copyin" ? DataClause::CopyIn
                                                  : DataClause::CopyOut;
    std::vector<DataClause> Items;
    for (;;) {
      if (atEnd() || !peek().is(tok::identifier))
        return fail("expected a variable name");
      DataClause D;
      D.Kind = K;
      D.Var = spell(peek());
      ++Pos;
      if (!atEnd() && peek().is(tok::l_square)) {
        ++Pos;
        if (!exprText(tok::colon, D.Lower) ||
            !exprText(tok::r_square, D.Length))
          return false;
      }
      Items.push_back(std::move(D));
      if (atEnd())
        return fail("expected ')'");
      if (peek().is(tok::comma)) {
        ++Pos;
        continue;
      }
      if (!expect(tok::r_paren, "',' or ')'"))
        return false;
      break;
    }
    P.Data.insert(P.Data.end(), Items.begin(), Items.end());
    return true;
  }

  bool parseReduction(LoopPragma &P) {
    if (atEnd())
      return fail("expected a reduction operator");
    std::string Op;
    const Token &T = peek();
    if (T.isOneOf(tok::plus, tok::star, tok::amp, tok::pipe, tok::caret,
                  tok::ampamp, tok::pipepipe) ||
        isIdent(T, "min") || isIdent(T, "max"))
      Op = spell(T);
    else
      return fail("unknown reduction operator '" + spell(T) +
                  "' (expected + * min max & | ^ && ||)");
    ++Pos;
    if (!expect(tok::colon, "':'"))
      return false;
    std::vector<std::pair<std::string, std::string>> Items;
    for (;;) {
      if (atEnd() || !peek().is(tok::identifier))
        return fail("expected a variable name");
      std::string Var = spell(peek());
      ++Pos;
      if (!atEnd() && peek().is(tok::l_square))
        return unsupported("reduction over an array section of '" + Var +
                           "' is not supported: only scalar variables can "
                           "be reduced (an array reduction would race on "
                           "the GPU)");
      Items.emplace_back(Op, Var);
      if (!atEnd() && peek().is(tok::comma)) {
        ++Pos;
        continue;
      }
      if (!expect(tok::r_paren, "',' or ')'"))
        return false;
      break;
    }
    P.Reductions.insert(P.Reductions.end(), Items.begin(), Items.end());
    return true;
  }
};

class LoopPragmaHandler : public PragmaHandler {
public:
  explicit LoopPragmaHandler(PragmaLog &Log)
      : PragmaHandler("loop2cuda"), Log(Log) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &FirstToken) override {
    std::vector<Token> Toks;
    Token Tok;
    PP.Lex(Tok);
    while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
      Toks.push_back(Tok);
      PP.Lex(Tok);
    }
    LoopPragma P;
    P.Loc = Introducer.Loc;
    P.EndLoc = Tok.getLocation();
    ClauseParser Parser(PP, std::move(Toks));
    Parser.EndLoc = P.EndLoc;
    if (Parser.parse(P))
      Log.Pragmas.push_back(std::move(P));
  }

private:
  PragmaLog &Log;
};

} // namespace

void registerPragmas(Preprocessor &PP, PragmaLog &Log) {
  // The preprocessor owns its handlers.
  PP.AddPragmaHandler(new LoopPragmaHandler(Log));
}

} // namespace l2c
