//===- ExprPrinter.cpp - Prints expression terms as C++ -------------------===//
//
// Expressions print bottom-up: each one reports the precedence of its top
// operator, and the parent wraps it in parentheses when that precedence is
// too low for the operand position (the C++ grammar's operand categories,
// [expr] in the standard), or when -Wparentheses would ask for them. Split
// from CudaPrinter.cpp, which prints statements and kernels.
//
//===----------------------------------------------------------------------===//

#include "print/PrinterImpl.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>

namespace l2c {
namespace print_detail {

const llvm::StringMap<BinOp> &binaryOps() {
  static const llvm::StringMap<BinOp> Ops = {
      {"Mul", {"*", PMultiplicative}}, {"Div", {"/", PMultiplicative}},
      {"Rem", {"%", PMultiplicative}}, {"Add", {"+", PAdditive}},
      {"Sub", {"-", PAdditive}},       {"Shl", {"<<", PShift}},
      {"Shr", {">>", PShift}},         {"Lt", {"<", PRelational}},
      {"Gt", {">", PRelational}},      {"Le", {"<=", PRelational}},
      {"Ge", {">=", PRelational}},     {"Eq", {"==", PEquality}},
      {"Ne", {"!=", PEquality}},       {"BitAnd", {"&", PBitAnd}},
      {"BitXor", {"^", PBitXor}},      {"BitOr", {"|", PBitOr}},
      {"LAnd", {"&&", PLAnd}},         {"LOr", {"||", PLOr}},
  };
  return Ops;
}

const llvm::StringMap<const char *> &assignOps() {
  static const llvm::StringMap<const char *> Ops = {
      {"Assign", "="},      {"AddAssign", "+="},  {"SubAssign", "-="},
      {"MulAssign", "*="},  {"DivAssign", "/="},  {"RemAssign", "%="},
      {"ShlAssign", "<<="}, {"ShrAssign", ">>="}, {"AndAssign", "&="},
      {"OrAssign", "|="},   {"XorAssign", "^="},
  };
  return Ops;
}

const llvm::StringMap<const char *> &prefixOps() {
  static const llvm::StringMap<const char *> Ops = {
      {"Neg", "-"},     {"Plus", "+"},    {"Not", "!"},   {"BitNot", "~"},
      {"PreInc", "++"}, {"PreDec", "--"}, {"Deref", "*"}, {"AddrOf", "&"},
  };
  return Ops;
}

const llvm::StringMap<const char *> &postfixOps() {
  static const llvm::StringMap<const char *> Ops = {{"PostInc", "++"},
                                                    {"PostDec", "--"}};
  return Ops;
}

llvm::Error cannotPrint(const Term &T, const llvm::Twine &Why) {
  std::string Text = T.str();
  if (Text.size() > 80)
    Text = Text.substr(0, 77) + "...";
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "cannot print term '" + Text + "': " + Why);
}

llvm::Error unknownConstructor(const Term &T) {
  return cannotPrint(T, "unknown constructor '" + T.name() + "'");
}

/// True for `Name` written as an identifier atom or as `Name()`.
bool isNullary(const Term &T, const char *Name) {
  return T.isIdent(Name) || T.isApp(Name, 0);
}

/// -Wparentheses: operands that C++ does not require parentheses around but
/// that GCC and Clang warn about, because readers misjudge them.
bool wantsClarityParens(Prec Parent, const Printed &Child) {
  if (!Child.IsBinary || Child.Level == Parent)
    return false;
  switch (Parent) {
  case PShift: // a + b << c
    return Child.Level == PAdditive;
  case PLOr: // a && b || c
    return Child.Level == PLAnd;
  case PBitAnd: // a + b & c, a == b & c, a & b | c
  case PBitXor:
  case PBitOr:
    return true;
  default:
    return false;
  }
}

llvm::Expected<std::string> Printer::operand(const Term &E, Prec Min,
                                             Prec Parent) {
  auto P = expr(E);
  if (!P)
    return P.takeError();
  if (P->Level < Min || wantsClarityParens(Parent, *P))
    return "(" + P->Text + ")";
  return std::move(P->Text);
}

llvm::Expected<std::string> Printer::type(const Term &T, const Term &Whole) {
  if (T.is(Term::String) || T.is(Term::Ident))
    return T.name();
  return cannotPrint(Whole, "expected a type string, found '" + T.str() + "'");
}

llvm::Expected<std::string> Printer::name(const Term &T, const Term &Whole) {
  if (T.is(Term::Ident))
    return T.name();
  return cannotPrint(Whole, "expected an identifier, found '" + T.str() + "'");
}

llvm::Expected<Printed> Printer::expr(const Term &E) {
  switch (E.kind()) {
  case Term::Ident:
    return Printed{E.name()};
  case Term::Int: {
    std::string Text = E.name() + E.intSuffix();
    return Printed{Text, E.intValue() < 0 ? PUnary : PPrimary};
  }
  case Term::Float:
    return Printed{E.name(), llvm::StringRef(E.name()).starts_with("-")
                                 ? PUnary
                                 : PPrimary};
  case Term::String:
    return Printed{cStringLiteral(E.name())};
  case Term::Var:
    return cannotPrint(E, "unbound pattern variable");
  case Term::List:
    return cannotPrint(E, "a list is not an expression");
  case Term::App:
    break;
  }

  const std::string &Head = E.name();
  size_t N = E.arity();

  if (N == 2) {
    auto Bin = binaryOps().find(Head);
    if (Bin != binaryOps().end()) {
      Prec L = Bin->second.Level;
      auto Lhs = operand(E[0], L, L);
      if (!Lhs)
        return Lhs.takeError();
      auto Rhs = operand(E[1], Prec(L + 1), L);
      if (!Rhs)
        return Rhs.takeError();
      return Printed{*Lhs + " " + Bin->second.Spelling + " " + *Rhs, L, true};
    }
    auto Asg = assignOps().find(Head);
    if (Asg != assignOps().end()) {
      auto Lhs = operand(E[0], PLOr);
      if (!Lhs)
        return Lhs.takeError();
      auto Rhs = operand(E[1], PAssign);
      if (!Rhs)
        return Rhs.takeError();
      return Printed{*Lhs + " " + Asg->second + " " + *Rhs, PAssign};
    }
  }

  if (N == 1) {
    auto Pre = prefixOps().find(Head);
    if (Pre != prefixOps().end()) {
      auto Arg = operand(E[0], PUnary);
      if (!Arg)
        return Arg.takeError();
      // `-(-x)`, not `--x`; `+(+x)`, not `++x`.
      char Op = Pre->second[0];
      if ((Op == '-' || Op == '+') && !Arg->empty() && (*Arg)[0] == Op)
        *Arg = "(" + *Arg + ")";
      return Printed{Pre->second + *Arg, PUnary};
    }
    auto Post = postfixOps().find(Head);
    if (Post != postfixOps().end()) {
      auto Arg = operand(E[0], PPostfix);
      if (!Arg)
        return Arg.takeError();
      return Printed{*Arg + Post->second, PPostfix};
    }
  }

  if (Head == "Index" && N == 2) {
    auto Base = operand(E[0], PPostfix);
    if (!Base)
      return Base.takeError();
    auto Sub = operand(E[1], PComma);
    if (!Sub)
      return Sub.takeError();
    return Printed{*Base + "[" + *Sub + "]", PPostfix};
  }

  if (Head == "Call" && N == 2 && E[1].is(Term::List) && !E[1].tail()) {
    auto Callee = operand(E[0], PPostfix);
    if (!Callee)
      return Callee.takeError();
    std::string Text = *Callee + "(";
    for (size_t I = 0; I < E[1].arity(); ++I) {
      auto Arg = operand(E[1][I], PAssign);
      if (!Arg)
        return Arg.takeError();
      Text += (I ? ", " : "") + *Arg;
    }
    return Printed{Text + ")", PPostfix};
  }

  if ((Head == "Dot" || Head == "Arrow") && N == 2) {
    auto Base = operand(E[0], PPostfix);
    if (!Base)
      return Base.takeError();
    auto Field = name(E[1], E);
    if (!Field)
      return Field.takeError();
    return Printed{*Base + (Head == "Dot" ? "." : "->") + *Field, PPostfix};
  }

  if (Head == "Cond" && N == 3) {
    auto C = operand(E[0], PLOr);
    if (!C)
      return C.takeError();
    auto A = operand(E[1], PComma);
    if (!A)
      return A.takeError();
    auto B = operand(E[2], PAssign);
    if (!B)
      return B.takeError();
    return Printed{*C + " ? " + *A + " : " + *B, PAssign};
  }

  // KernelPointer(k, [Param(name, "type"), ...]): k cast to the pointer
  // type of its parameters, which picks one of overloaded kernels (those
  // of a template's instantiations) where a pointer is needed.
  if (Head == "KernelPointer" && N == 2 && E[1].is(Term::List) &&
      !E[1].tail()) {
    auto Kernel = operand(E[0], PUnary);
    if (!Kernel)
      return Kernel.takeError();
    std::string Types;
    for (size_t I = 0; I < E[1].arity(); ++I) {
      const Term &P = E[1][I];
      if (!P.isApp("Param", 2))
        return llvm::createStringError("KernelPointer: not a Param");
      auto T = type(P[1], E);
      if (!T)
        return T.takeError();
      Types += (I ? ", " : "") + *T;
    }
    return Printed{"(void (*)(" + Types + "))" + *Kernel, PUnary};
  }

  if (Head == "Cast" && N == 2) {
    auto T = type(E[0], E);
    if (!T)
      return T.takeError();
    auto Arg = operand(E[1], PUnary);
    if (!Arg)
      return Arg.takeError();
    return Printed{"(" + *T + ")" + *Arg, PUnary};
  }

  // Braced("T", [args]): T{args}; Braced("", [args]): {args}, an
  // initializer nested in another.
  if (Head == "Braced" && N == 2 && E[0].is(Term::String) &&
      E[1].is(Term::List) && !E[1].tail()) {
    std::string Text = E[0].name() + "{";
    for (size_t I = 0; I < E[1].arity(); ++I) {
      auto Arg = operand(E[1][I], PAssign);
      if (!Arg)
        return Arg.takeError();
      Text += (I ? ", " : "") + *Arg;
    }
    return Printed{Text + "}", PPostfix};
  }

  if (Head == "SizeOf" && N == 1) {
    if (E[0].is(Term::String))
      return Printed{"sizeof(" + E[0].name() + ")", PUnary};
    auto Arg = operand(E[0], PComma);
    if (!Arg)
      return Arg.takeError();
    return Printed{"sizeof(" + *Arg + ")", PUnary};
  }

  // Raw("text"): host text as written; anything but one name or call is
  // parenthesised where an operator takes it as an operand.
  if (Head == "Raw" && N == 1 && E[0].is(Term::String)) {
    for (char C : E[0].name())
      if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_' ||
            C == '.' || C == ':' || C == '(' || C == ')' || C == '[' ||
            C == ']'))
        return Printed{E[0].name(), PComma};
    return Printed{E[0].name()};
  }

  if (Head == "Reduce")
    return cannotPrint(E, "a reduction must be lowered by a rule before "
                          "printing");
  return unknownConstructor(E);
}

} // namespace print_detail
} // namespace l2c
