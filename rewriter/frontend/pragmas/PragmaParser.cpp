//===- PragmaParser.cpp - Clause lists of loop pragmas --------------------===//

#include "frontend/pragmas/PragmaParser.h"

#include "clang/Basic/Diagnostic.h"

using namespace clang;

namespace l2c {
namespace detail {

void PragmaParser::warn(SourceLocation Loc, const std::string &Msg) {
  DiagnosticsEngine &D = PP.getDiagnostics();
  unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [mark-loop]");
  D.Report(Loc, ID) << Msg;
}

void PragmaParser::invalid(LoopPragma &P, SourceLocation Loc, std::string Msg) {
  if (P.Invalid.empty()) {
    P.Invalid = std::move(Msg);
    P.InvalidLoc = Loc;
  }
}

bool PragmaParser::expect(tok::TokenKind K, const char *What) {
  if (atEnd())
    return fail(std::string("expected ") + What + " before the end of line");
  if (!peek().is(K))
    return fail(std::string("expected ") + What + ", found '" + spell(peek()) +
                "'");
  ++Pos;
  return true;
}

void PragmaParser::skipParens() {
  if (!atEnd() && peek().is(tok::l_paren)) {
    ++Pos;
    skipToCloseParen();
  }
}

void PragmaParser::skipToCloseParen() {
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

std::string PragmaParser::textFrom(size_t From) const {
  std::string Out;
  for (size_t I = From; I < Pos && I < Toks.size(); ++I) {
    if (!Out.empty() && Toks[I].hasLeadingSpace())
      Out += ' ';
    Out += spell(Toks[I]);
  }
  return Out;
}

bool PragmaParser::exprText(tok::TokenKind Stop, std::string &Out) {
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
  ++Pos;
  return true;
}

const Token *PragmaParser::nextClause(LoopPragma &P, const std::string &Where) {
  while (!atEnd() && peek().is(tok::comma))
    ++Pos;
  if (atEnd())
    return nullptr;
  const Token &Clause = peek();
  if (!Clause.getIdentifierInfo()) {
    invalid(P, Clause.getLocation(),
            "expected a clause name in '" + Where + "', found '" +
                spell(Clause) + "'");
    return nullptr;
  }
  ++Pos;
  return &Clause;
}

void PragmaParser::memberPath(std::string &Var) {
  // m->v and s.a: the member's stand-in, m_v and s_a (StandIns.cpp).
  while (Pos + 1 < Toks.size() &&
         (peek().is(tok::arrow) || peek().is(tok::period)) &&
         Toks[Pos + 1].is(tok::identifier)) {
    Var += "_" + spell(Toks[Pos + 1]);
    Pos += 2;
  }
}

bool PragmaParser::parseData(LoopPragma &P, DataClause::ClauseKind K) {
  std::vector<DataClause> Items;
  for (;;) {
    if (atEnd() || !peek().is(tok::identifier))
      return fail("expected a variable name");
    DataClause D;
    D.Kind = K;
    D.Var = spell(peek());
    ++Pos;
    memberPath(D.Var);
    for (bool First = true; !atEnd() && peek().is(tok::l_square);
         First = false) {
      ++Pos;
      std::string Lower, Length;
      if (!exprText(tok::colon, Lower) || !exprText(tok::r_square, Length))
        return false;
      if (Length.empty())
        return fail("an array section of '" + D.Var + "' needs a length");
      if (First) {
        D.Lower = Lower.empty() ? "0" : Lower;
        D.Length = Length;
      }
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

bool PragmaParser::parseReduction(LoopPragma &P) {
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
    memberPath(Var);
    // h[:B] or h[0:B]: a histogram (docs/histograms.md).
    if (!atEnd() && peek().is(tok::l_square)) {
      ++Pos;
      std::string Lower, Length;
      if (!exprText(tok::colon, Lower) || !exprText(tok::r_square, Length))
        return false;
      if (Length.empty())
        return fail("an array section of '" + Var + "' needs a length");
      if (!Lower.empty() && Lower != "0")
        return unsupported("reduction over the array section '" + Var + "[" +
                           Lower + ":" + Length +
                           "]' is not supported: the section must start at "
                           "0 (" +
                           Var + "[:" + Length + "])");
      if (!atEnd() && peek().is(tok::l_square))
        return unsupported("reduction over a section of more than one "
                           "dimension of '" +
                           Var + "' is not supported");
      P.ReductionSections[Var] = Length;
    }
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

bool PragmaParser::parseNames(std::vector<std::string> &Out) {
  for (;;) {
    if (atEnd() || !peek().is(tok::identifier))
      return fail("expected a variable name");
    std::string Var = spell(peek());
    ++Pos;
    if (!atEnd() && peek().is(tok::l_square))
      return unsupported("an array section of '" + Var +
                         "' is not supported here: name the variable");
    Out.push_back(Var);
    if (!atEnd() && peek().is(tok::comma)) {
      ++Pos;
      continue;
    }
    return expect(tok::r_paren, "',' or ')'");
  }
}

bool PragmaParser::parsePositive(unsigned &Out) {
  if (atEnd() || !peek().is(tok::numeric_constant))
    return unsupported("expected a constant loop count");
  std::string S = spell(peek());
  unsigned long long V = 0;
  if (llvm::StringRef(S).getAsInteger(0, V) || V == 0 || V > 64)
    return fail("expected a positive loop count, found '" + S + "'");
  Out = static_cast<unsigned>(V);
  ++Pos;
  return expect(tok::r_paren, "')'");
}

} // namespace detail
} // namespace l2c
