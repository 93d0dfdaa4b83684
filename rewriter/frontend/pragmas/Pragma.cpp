//===- Pragma.cpp - The #pragma loop2cuda handler -------------------------===//
//
// Grammar (clauses in any order, optionally separated by commas):
//
//   #pragma loop2cuda parallel [name(ident)] [copy(list)] [copyin(list)]
//                              [copyout(list)] [reduction(op: var, ...)]
//   #pragma loop2cuda data [copy(list)] [copyin(list)] [copyout(list)]
//                          [create(list)]        (before a { } block)
//   list := item {, item}     item := var [ '[' lower ':' length ']' ]
//
// `#pragma acc` lines are recorded by AccPragma.cpp into the same log.
//
//===----------------------------------------------------------------------===//

#include "frontend/pragmas/PragmaParser.h"

using namespace clang;

namespace l2c {
namespace detail {
namespace {

class LoopClauseParser : PragmaParser {
public:
  using PragmaParser::PragmaParser;

  /// Parses the tokens after `loop2cuda`. Returns false when the pragma is
  /// not a `parallel` directive at all.
  bool parse(LoopPragma &P) {
    bool Data = !atEnd() && isIdent(peek(), "data");
    if (atEnd() || !(Data || isIdent(peek(), "parallel"))) {
      warn(here(), "expected 'parallel' or 'data' after '#pragma loop2cuda'; "
                   "pragma ignored");
      return false;
    }
    ++Pos;
    if (Data) {
      P.Kind = LoopPragma::Loop2CudaData;
      P.Directive = "data";
    }
    std::string Where =
        Data ? "#pragma loop2cuda data" : "#pragma loop2cuda parallel";
    while (const Token *C = nextClause(P, Where)) {
      Token Clause = *C;
      std::string Name = spell(Clause);
      bool Known = Data
                       ? Name == "copy" || Name == "copyin" ||
                             Name == "copyout" || Name == "create"
                       : Name == "name" || Name == "copy" || Name == "copyin" ||
                             Name == "copyout" || Name == "reduction";
      if (!Known) {
        invalid(P, Clause.getLocation(),
                "unknown clause '" + Name + "' in '" + Where + "'");
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
                : Name == "copy"      ? parseData(P, DataClause::Copy)
                : Name == "copyin"    ? parseData(P, DataClause::CopyIn)
                : Name == "create"    ? parseData(P, DataClause::Extent)
                                      : parseData(P, DataClause::CopyOut);
      if (!Ok) {
        invalid(P, Clause.getLocation(),
                Unsupported ? Why : "malformed '" + Name + "' clause: " + Why);
        Pos = Start;
        skipToCloseParen();
      }
    }
    return true;
  }

private:
  bool parseName(LoopPragma &P) {
    if (atEnd() || !peek().is(tok::identifier))
      return fail("expected an identifier");
    P.Name = spell(peek());
    ++Pos;
    return expect(tok::r_paren, "')'");
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
    LoopClauseParser Parser(PP, std::move(Toks), P.EndLoc);
    if (Parser.parse(P))
      Log.Pragmas.push_back(std::move(P));
  }

private:
  PragmaLog &Log;
};

} // namespace

void registerAccRecorder(Preprocessor &PP, PragmaLog &Log);

} // namespace detail

void registerPragmas(Preprocessor &PP, PragmaLog &Log) {
  // The preprocessor owns its handlers and callbacks.
  PP.AddPragmaHandler(new detail::LoopPragmaHandler(Log));
  detail::registerAccRecorder(PP, Log);
}

} // namespace l2c
