//===- PrinterImpl.h - The CUDA printer's internals -------------*- C++ -*-===//
//
// What CudaPrinter.cpp (statements, kernels) and ExprPrinter.cpp
// (expressions) share: C++ precedence levels, the operator tables, a
// printed expression with its precedence, and the Printer class. Private to
// rewriter/print.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PRINT_PRINTERIMPL_H
#define LOOP2CUDA_PRINT_PRINTERIMPL_H

#include "term/Term.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>

namespace l2c {
namespace print_detail {

/// C++ precedence levels, loosest first. A binary operator's operands are
/// left: >= its level, right: > its level (all C++ binary operators here are
/// left-associative; assignment and ?: are handled apart).
enum Prec : int {
  PComma = 1,
  PAssign, // assignment and conditional
  PLOr,
  PLAnd,
  PBitOr,
  PBitXor,
  PBitAnd,
  PEquality,
  PRelational,
  PShift,
  PAdditive,
  PMultiplicative,
  PUnary,
  PPostfix,
  PPrimary
};

struct BinOp {
  const char *Spelling;
  Prec Level;
};

/// A printed expression and the precedence of its top operator.
struct Printed {
  std::string Text;
  Prec Level = PPrimary;
  bool IsBinary = false; // a BinOp, whose Level identifies its group
};

const llvm::StringMap<BinOp> &binaryOps();
const llvm::StringMap<const char *> &assignOps();
const llvm::StringMap<const char *> &prefixOps();
const llvm::StringMap<const char *> &postfixOps();
/// `cannot print term 'T': Why`.
llvm::Error cannotPrint(const Term &T, const llvm::Twine &Why);
llvm::Error unknownConstructor(const Term &T);
/// True for `Name` written as an identifier atom or as `Name()`.
bool isNullary(const Term &T, const char *Name);
/// -Wparentheses: operands that C++ does not require parentheses around but
/// that GCC and Clang warn about, because readers misjudge them.
bool wantsClarityParens(Prec Parent, const Printed &Child);
inline std::string spaces(unsigned Indent) {
  return std::string(2 * Indent, ' ');
}

class Printer {
public:
  llvm::Expected<Printed> expr(const Term &E);
  /// E printed as an operand that needs at least precedence Min.
  llvm::Expected<std::string> operand(const Term &E, Prec Min,
                                      Prec Parent = PPrimary);
  llvm::Error statements(const Term &List, unsigned Indent, std::string &Out);
  llvm::Error statement(const Term &S, unsigned Indent, std::string &Out);
  llvm::Expected<std::string> type(const Term &T, const Term &Whole);
  llvm::Expected<std::string> name(const Term &T, const Term &Whole);
  llvm::Expected<std::string> params(const Term &List, const Term &Whole);

private:
  llvm::Error ifChain(const Term &S, unsigned Indent, std::string &Out);
  llvm::Error body(const Term &B, unsigned Indent, std::string &Out);
  /// `Head {`, the statements of Body one level deeper, then `}Tail`.
  llvm::Error braced(const std::string &Pad, const std::string &Head,
                     const Term &Body, unsigned Indent, const std::string &Tail,
                     std::string &Out) {
    Out += Pad + Head + "{\n";
    if (auto Err = body(Body, Indent + 1, Out))
      return Err;
    Out += Pad + "}" + Tail + "\n";
    return llvm::Error::success();
  }
  llvm::Expected<std::string> decl(const Term &S);
  llvm::Expected<std::string> forPart(const Term &P);
};

} // namespace print_detail
} // namespace l2c

#endif
