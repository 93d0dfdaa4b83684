//===- AccPragma.cpp - Recording `#pragma acc` lines ----------------------===//
//
// Clang 19 parses OpenACC only in part (no combined `parallel loop`), and
// without -fopenacc its own `acc` pragma handler drops the line. A pragma
// handler of ours for `acc` would clash with that one, so a preprocessor
// callback sees each `#pragma` instead and, for `acc`, lexes the line from
// the buffer and parses it into a LoopPragma of the same log that
// `#pragma loop2cuda` fills. MarkLoops.cpp decides what each one marks.
//
// The clauses map onto the terms of the tool's own pragma (OpenACC 3.3,
// section 2): copy/copyin/copyout, reduction, private, firstprivate,
// collapse. Tuning clauses (gang, vector_length, async, ...) are accepted
// with a remark; deviceptr and unknown clauses reject the loop.
//
//===----------------------------------------------------------------------===//

#include "frontend/pragmas/PragmaParser.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace l2c {
namespace detail {
namespace {

/// Clauses that only tune the schedule or the launch on an accelerator.
bool isTuningClause(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("gang", "worker", "vector", "num_gangs", "num_workers", true)
      .Cases("vector_length", "async", "wait", "device_type", "dtype", true)
      .Cases("default", "finalize", "if_present", "bind", "nohost", true)
      .Cases("attach", "detach", "self", true)
      .Default(false);
}

class AccClauseParser : PragmaParser {
public:
  using PragmaParser::PragmaParser;

  void parse(LoopPragma &P) {
    readDirective(P);
    while (const Token *C = nextClause(P, "#pragma acc " + P.Directive)) {
      Token Clause = *C;
      clause(P, Clause);
    }
  }

private:
  void readDirective(LoopPragma &P) {
    auto Word = [&]() -> std::string {
      if (atEnd() || !peek().getIdentifierInfo())
        return "";
      return spell(peek());
    };
    std::string W = Word();
    P.Kind = LoopPragma::AccOther;
    P.Directive = W;
    if (W.empty())
      return;
    ++Pos;
    auto WithLoop = [&](LoopPragma::PragmaKind Region,
                        LoopPragma::PragmaKind Loop) {
      P.Kind = Region;
      if (Word() == "loop") {
        ++Pos;
        P.Kind = Loop;
        P.Directive += " loop";
      }
    };
    if (W == "parallel")
      WithLoop(LoopPragma::AccParallel, LoopPragma::AccParallelLoop);
    else if (W == "kernels")
      WithLoop(LoopPragma::AccKernels, LoopPragma::AccKernelsLoop);
    else if (W == "serial")
      WithLoop(LoopPragma::AccSerial, LoopPragma::AccSerialLoop);
    else if (W == "loop")
      P.Kind = LoopPragma::AccLoop;
    else if ((W == "enter" || W == "exit") && Word() == "data") {
      ++Pos;
      P.Directive += " data";
    }
  }

  void clause(LoopPragma &P, const Token &Clause) {
    std::string Name = spell(Clause);
    SourceLocation Loc = Clause.getLocation();
    bool Parens = !atEnd() && peek().is(tok::l_paren);
    if (Name == "independent" || Name == "seq" || Name == "auto") {
      (Name == "independent" ? P.Independent
       : Name == "seq"       ? P.Seq
                             : P.Auto) = true;
      return;
    }
    // The lists of the standalone data directives (EnteredData.cpp):
    // `update host(..)` / `self(..)` / `device(..)`, `exit data delete(..)`.
    bool Update = P.Directive == "update", Exit = P.Directive == "exit data";
    if (Parens &&
        ((Update && (Name == "host" || Name == "self" || Name == "device")) ||
         (Exit && Name == "delete"))) {
      ++Pos;
      size_t Start = Pos;
      DataClause::ClauseKind K = Name == "device"   ? DataClause::CopyIn
                                 : Name == "delete" ? DataClause::Extent
                                                    : DataClause::CopyOut;
      if (!parseData(P, K)) {
        invalid(P, Loc, "malformed '" + Name + "' clause: " + Why);
        Pos = Start;
        skipToCloseParen();
      }
      return;
    }
    if (isTuningClause(Name) || Name == "if") {
      size_t From = Pos - 1;
      skipParens();
      P.Ignored.emplace_back(
          Loc, "OpenACC clause '" + textFrom(From) + "' is ignored: " +
                   (Name == "if" ? "the loop always runs on the GPU"
                                 : "the GPU launch sets the schedule and "
                                   "waits for the kernel"));
      return;
    }
    if (Name == "deviceptr" || Name == "use_device") {
      invalid(P, Loc,
              "OpenACC clause '" + Name +
                  "' is not supported: loop2cuda moves host arrays to the "
                  "device itself and cannot take device pointers");
      skipParens();
      return;
    }
    DataClause::ClauseKind K = DataClause::Copy;
    bool IsData = true;
    if (Name == "copy" || Name == "pcopy" || Name == "present_or_copy")
      K = DataClause::Copy;
    else if (Name == "copyin" || Name == "pcopyin" ||
             Name == "present_or_copyin")
      K = DataClause::CopyIn;
    else if (Name == "copyout" || Name == "pcopyout" ||
             Name == "present_or_copyout")
      K = DataClause::CopyOut;
    else if (Name == "create" || Name == "pcreate" ||
             Name == "present_or_create" || Name == "present" ||
             Name == "no_create")
      K = DataClause::Extent;
    else
      IsData = false;
    bool Known = IsData || Name == "reduction" || Name == "private" ||
                 Name == "firstprivate" || Name == "collapse" || Name == "tile";
    if (!Known) {
      invalid(P, Loc,
              "unknown clause '" + Name + "' in '#pragma acc " + P.Directive +
                  "'");
      skipParens();
      return;
    }
    if (!Parens) {
      invalid(P, Loc, "malformed '" + Name + "' clause: expected '('");
      return;
    }
    size_t From = Pos - 1;
    ++Pos;
    size_t Start = Pos;
    Unsupported = false;
    // Modifiers: copyin(readonly: ...), copyout(zero: ...),
    // collapse(force: n).
    if (Pos + 1 < Toks.size() && Toks[Pos].getIdentifierInfo() &&
        Toks[Pos + 1].is(tok::colon) && Name != "reduction") {
      std::string M = spell(Toks[Pos]);
      if (M == "readonly" || M == "zero" || M == "force")
        Pos += 2;
    }
    bool Ok;
    if (IsData)
      Ok = parseData(P, K);
    else if (Name == "reduction")
      Ok = parseReduction(P);
    else if (Name == "private")
      Ok = parseNames(P.Private);
    else if (Name == "firstprivate")
      Ok = parseNames(P.FirstPrivate);
    else if (Name == "collapse")
      Ok = parsePositive(P.Collapse);
    else
      Ok = parseTile(P);
    if (!Ok) {
      invalid(P, Loc,
              Unsupported ? Why : "malformed '" + Name + "' clause: " + Why);
      Pos = Start;
      skipToCloseParen();
      return;
    }
    if (IsData && K == DataClause::Extent)
      P.Ignored.emplace_back(Loc, "OpenACC clause '" + textFrom(From) +
                                      "' only sizes the copies: loop2cuda "
                                      "moves the data the loop uses itself");
  }

  /// tile(a, b, ...): the loops it tiles are independent, as with collapse.
  bool parseTile(LoopPragma &P) {
    unsigned N = 1;
    int Depth = 0;
    for (; !atEnd(); ++Pos) {
      if (peek().isOneOf(tok::l_paren, tok::l_square))
        ++Depth;
      else if (peek().isOneOf(tok::r_paren, tok::r_square) && Depth-- == 0) {
        ++Pos;
        P.Collapse = N;
        return true;
      } else if (peek().is(tok::comma) && Depth == 0)
        ++N;
    }
    return fail("expected ')'");
  }
};

/// Sees every `#pragma` and records the OpenACC ones.
class AccRecorder : public PPCallbacks {
public:
  AccRecorder(Preprocessor &PP, PragmaLog &Log) : PP(PP), Log(Log) {}

  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    SourceManager &SM = PP.getSourceManager();
    if (Introducer != PIK_HashPragma || !Loc.isFileID() ||
        SM.isInSystemHeader(Loc))
      return;
    auto [FID, Off] = SM.getDecomposedLoc(Loc);
    StringRef Buf = SM.getBufferData(FID);
    Lexer L(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buf.begin(),
            Buf.begin() + Off, Buf.end());
    Token T;
    L.LexFromRawLexer(T); // '#'
    L.LexFromRawLexer(T); // 'pragma'
    L.LexFromRawLexer(T);
    if (!T.is(tok::raw_identifier) || T.getRawIdentifier() != "acc" ||
        T.isAtStartOfLine())
      return;
    SourceLocation End = T.getEndLoc();
    std::vector<Token> Toks;
    for (;;) {
      L.LexFromRawLexer(T);
      if (T.is(tok::eof) || T.isAtStartOfLine())
        break;
      if (T.is(tok::raw_identifier))
        PP.LookUpIdentifierInfo(T);
      End = T.getEndLoc();
      Toks.push_back(T);
    }
    LoopPragma P;
    P.Loc = Loc;
    P.EndLoc = End;
    AccClauseParser(PP, std::move(Toks), End).parse(P);
    Log.Pragmas.push_back(std::move(P));
  }

private:
  Preprocessor &PP;
  PragmaLog &Log;
};

} // namespace

void registerAccRecorder(Preprocessor &PP, PragmaLog &Log) {
  PP.addPPCallbacks(std::make_unique<AccRecorder>(PP, Log));
}

} // namespace detail
} // namespace l2c
