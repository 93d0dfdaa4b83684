//===- TermReader.h - Reads the text form of terms --------------*- C++ -*-===//
#ifndef LOOP2CUDA_TERM_TERMREADER_H
#define LOOP2CUDA_TERM_TERMREADER_H

#include "term/Lexer.h"
#include "term/Term.h"

namespace l2c {

/// How deep applications and lists may nest in a term read from text.
constexpr unsigned MaxTermNesting = 2000;

/// Reads one term at the lexer's position (no infix operators). Nesting
/// deeper than MaxTermNesting is an error.
llvm::Expected<Term> readTerm(Lexer &Lex);

/// Reads a whole text that holds exactly one term.
llvm::Expected<Term> parseTerm(llvm::StringRef Text,
                               llvm::StringRef FileName = "<term>");

} // namespace l2c

#endif
