//===- CudaPrinter.cpp - Prints kernel terms as CUDA C++ ------------------===//
//
// Expressions print bottom-up: each one reports the precedence of its top
// operator, and the parent wraps it in parentheses when that precedence is
// too low for the operand position (the C++ grammar's operand categories,
// [expr] in the standard), or when -Wparentheses would ask for them.
//
//===----------------------------------------------------------------------===//

#include "print/CudaPrinter.h"
#include "print/Pragmas.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>

namespace l2c {

/// `T x`, or `T *x` / `T &x` for types that end in a declarator symbol, or
/// `T (*x)[M]` for pointers to arrays.
std::string printDeclarator(llvm::StringRef Type, llvm::StringRef Name) {
  size_t Star = Type.find("(*)");
  if (Star != llvm::StringRef::npos)
    return (Type.take_front(Star + 2) + Name + Type.drop_front(Star + 2)).str();
  if (Type.ends_with("*") || Type.ends_with("&"))
    return (Type + Name).str();
  return (Type + " " + Name).str();
}

namespace {

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

/// A printed expression and the precedence of its top operator.
struct Printed {
  std::string Text;
  Prec Level = PPrimary;
  bool IsBinary = false; // a BinOp, whose Level identifies its group
};

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

std::string spaces(unsigned Indent) { return std::string(2 * Indent, ' '); }

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

llvm::Error Printer::statements(const Term &List, unsigned Indent,
                                std::string &Out) {
  if (!List.is(Term::List) || List.tail())
    return cannotPrint(List, "expected a statement list");
  for (const Term &S : List.args()) {
    if (S.is(Term::List)) {
      if (auto Err = statements(S, Indent, Out))
        return Err;
      continue;
    }
    if (auto Err = statement(S, Indent, Out))
      return Err;
  }
  return llvm::Error::success();
}

/// The body of a compound statement: a list, or (leniently) one statement.
llvm::Error Printer::body(const Term &B, unsigned Indent, std::string &Out) {
  if (B.is(Term::List))
    return statements(B, Indent, Out);
  return statement(B, Indent, Out);
}

/// `T x = init` / `T x` without the ';'.
llvm::Expected<std::string> Printer::decl(const Term &S) {
  auto X = name(S[0], S);
  if (!X)
    return X.takeError();
  auto T = type(S[1], S);
  if (!T)
    return T.takeError();
  std::string Text = printDeclarator(*T, *X);
  if (S.arity() == 3) {
    auto Init = operand(S[2], PAssign);
    if (!Init)
      return Init.takeError();
    Text += " = " + *Init;
  }
  return Text;
}

llvm::Expected<std::string> Printer::forPart(const Term &P) {
  if (isNullary(P, "Nothing"))
    return "";
  if (P.isApp("Decl", 2) || P.isApp("Decl", 3))
    return decl(P);
  return operand(P, PComma);
}

/// Flattens nested statement lists, for the `else if` check.
static void flatten(const Term &List, std::vector<Term> &Out) {
  for (const Term &S : List.args()) {
    if (S.is(Term::List))
      flatten(S, Out);
    else
      Out.push_back(S);
  }
}

/// `if (c) {...} else if (d) {...} else {...}`, starting at the current
/// column (the caller wrote the indentation) and ending without a newline.
llvm::Error Printer::ifChain(const Term &S, unsigned Indent, std::string &Out) {
  auto C = operand(S[0], PComma);
  if (!C)
    return C.takeError();
  Out += "if (" + *C + ") {\n";
  if (auto Err = body(S[1], Indent + 1, Out))
    return Err;
  Out += spaces(Indent) + "}";
  if (S.arity() < 3)
    return llvm::Error::success();
  std::vector<Term> Else;
  if (S[2].is(Term::List))
    flatten(S[2], Else);
  else
    Else.push_back(S[2]);
  if (Else.empty())
    return llvm::Error::success();
  if (Else.size() == 1 && (Else[0].isApp("If", 2) || Else[0].isApp("If", 3))) {
    Out += " else ";
    return ifChain(Else[0], Indent, Out);
  }
  Out += " else {\n";
  if (auto Err = body(S[2], Indent + 1, Out))
    return Err;
  Out += spaces(Indent) + "}";
  return llvm::Error::success();
}

llvm::Error Printer::statement(const Term &S, unsigned Indent,
                               std::string &Out) {
  std::string Pad = spaces(Indent);
  static const std::pair<const char *, const char *> Simple[] = {
      {"Return", "return;"},         {"Break", "break;"},
      {"Continue", "continue;"},     {"SyncThreads", "__syncthreads();"},
      {"SyncWarp", "__syncwarp();"},
  };
  for (const auto &[Name, Text] : Simple) {
    if (isNullary(S, Name)) {
      Out += Pad + Text + "\n";
      return llvm::Error::success();
    }
  }
  if (isNullary(S, "Nothing"))
    return llvm::Error::success();

  if (auto Pragma = statementPragma(S)) {
    Out += Pad + *Pragma + "\n";
    return statement(S[0], Indent, Out);
  }

  if (S.isApp("Decl", 2) || S.isApp("Decl", 3)) {
    auto D = decl(S);
    if (!D)
      return D.takeError();
    Out += Pad + *D + ";\n";
    return llvm::Error::success();
  }

  if ((S.isApp("ArrayDecl", 3) || S.isApp("SharedArray", 3))) {
    auto X = name(S[0], S);
    if (!X)
      return X.takeError();
    auto T = type(S[1], S);
    if (!T)
      return T.takeError();
    auto Extent = operand(S[2], PComma);
    if (!Extent)
      return Extent.takeError();
    Out += Pad + (S.name() == "SharedArray" ? "__shared__ " : "") +
           printDeclarator(*T, *X) + "[" + *Extent + "];\n";
    return llvm::Error::success();
  }

  if (S.isApp("If", 2) || S.isApp("If", 3)) {
    Out += Pad;
    if (auto Err = ifChain(S, Indent, Out))
      return Err;
    Out += "\n";
    return llvm::Error::success();
  }

  if (S.isApp("For", 4)) {
    std::string Parts[3];
    for (unsigned I = 0; I < 3; ++I) {
      auto P = forPart(S[I]);
      if (!P)
        return P.takeError();
      Parts[I] = std::move(*P);
    }
    return braced(Pad,
                  "for (" + Parts[0] + ";" +
                      (Parts[1].empty() ? "" : " " + Parts[1]) + ";" +
                      (Parts[2].empty() ? "" : " " + Parts[2]) + ") ",
                  S[3], Indent, "", Out);
  }

  if (S.isApp("While", 2)) {
    auto C = operand(S[0], PComma);
    if (!C)
      return C.takeError();
    return braced(Pad, "while (" + *C + ") ", S[1], Indent, "", Out);
  }

  if (S.isApp("DoWhile", 2)) {
    auto C = operand(S[1], PComma);
    if (!C)
      return C.takeError();
    return braced(Pad, "do ", S[0], Indent, " while (" + *C + ");", Out);
  }

  if (S.isApp("Block", 1))
    return braced(Pad, "", S[0], Indent, "", Out);

  if (S.isApp("Return", 1)) {
    auto E = operand(S[0], PComma);
    if (!E)
      return E.takeError();
    Out += Pad + "return " + *E + ";\n";
    return llvm::Error::success();
  }

  if ((S.isApp("Comment", 1) || S.isApp("Raw", 1)) && S[0].is(Term::String)) {
    bool IsComment = S.name() == "Comment";
    llvm::SmallVector<llvm::StringRef, 4> Lines;
    llvm::StringRef(S[0].name()).split(Lines, '\n');
    for (llvm::StringRef Line : Lines) {
      if (IsComment)
        Out += Pad + (Line.empty() ? "//" : "// " + Line.str()) + "\n";
      else
        Out += (Line.empty() ? "" : Pad + Line.str()) + "\n";
    }
    return llvm::Error::success();
  }

  if (S.isApp("Reduce"))
    return cannotPrint(S, "a reduction must be lowered by a rule before "
                          "printing");

  // Anything else is an expression statement.
  auto E = operand(S, PComma);
  if (!E)
    return E.takeError();
  Out += Pad + *E + ";\n";
  return llvm::Error::success();
}

llvm::Expected<std::string> Printer::params(const Term &List,
                                            const Term &Whole) {
  if (!List.is(Term::List) || List.tail())
    return cannotPrint(Whole, "expected a parameter list");
  std::string Text;
  for (size_t I = 0; I < List.arity(); ++I) {
    const Term &P = List[I];
    if (!P.isApp("Param", 2))
      return cannotPrint(P, P.is(Term::App) ? "expected Param(x, \"T\")"
                                            : "expected a parameter");
    auto X = name(P[0], P);
    if (!X)
      return X.takeError();
    auto T = type(P[1], P);
    if (!T)
      return T.takeError();
    Text += (I ? ", " : "") + printDeclarator(*T, *X);
  }
  return Text;
}

} // namespace

llvm::Expected<std::string> printExpr(const Term &E) {
  if (!E)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot print a null term");
  Printer P;
  auto R = P.expr(E);
  if (!R)
    return R.takeError();
  return std::move(R->Text);
}

llvm::Expected<std::string> printStatements(const Term &List, unsigned Indent) {
  if (!List)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot print a null term");
  std::string Out;
  Printer P;
  if (auto Err = P.statements(List, Indent, Out))
    return Err;
  return Out;
}

llvm::Expected<std::string>
printKernel(const Term &Kernel, llvm::ArrayRef<std::string> Provenance) {
  if (!Kernel.isApp("Kernel", 3) && !Kernel.isApp("Kernel", 4))
    return cannotPrint(Kernel, "expected Kernel(name, [params], [body])");
  Printer P;
  auto Name = P.name(Kernel[0], Kernel);
  if (!Name)
    return Name.takeError();

  std::string Attrs;
  if (Kernel.arity() == 4) {
    const Term &A = Kernel[3];
    if (!A.isApp("Attrs", 1) || !A[0].is(Term::List))
      return cannotPrint(A, "expected Attrs([...])");
    for (const Term &Attr : A[0].args()) {
      if (!Attr.isApp("LaunchBounds", 1) && !Attr.isApp("LaunchBounds", 2))
        return cannotPrint(Attr,
                           "unknown kernel attribute '" + Attr.name() + "'");
      std::string Args;
      for (size_t I = 0; I < Attr.arity(); ++I) {
        auto Arg = P.operand(Attr[I], PAssign);
        if (!Arg)
          return Arg.takeError();
        Args += (I ? ", " : "") + *Arg;
      }
      Attrs += "__launch_bounds__(" + Args + ") ";
    }
  }

  auto Params = P.params(Kernel[1], Kernel);
  if (!Params)
    return Params.takeError();

  std::string Out = "// loop2cuda kernel " + *Name;
  if (!Provenance.empty())
    Out += ": " + Provenance[0];
  Out += "\n";
  for (const std::string &Line :
       Provenance.drop_front(Provenance.empty() ? 0 : 1))
    Out += "// " + Line + "\n";
  Out += "__global__ void " + Attrs + *Name + "(" + *Params + ") {\n";
  if (auto Err = P.statements(Kernel[2], 1, Out))
    return Err;
  Out += "}\n";
  return Out;
}

llvm::Expected<std::string> printDeviceFunction(const Term &F) {
  if (!F.isApp("DeviceFunction", 4))
    return cannotPrint(
        F, "expected DeviceFunction(name, \"Ret\", [params], [body])");
  Printer P;
  auto Name = P.name(F[0], F);
  if (!Name)
    return Name.takeError();
  auto Ret = P.type(F[1], F);
  if (!Ret)
    return Ret.takeError();
  auto Params = P.params(F[2], F);
  if (!Params)
    return Params.takeError();
  std::string Out =
      "__device__ " + printDeclarator(*Ret, *Name) + "(" + *Params + ") {\n";
  if (auto Err = P.statements(F[3], 1, Out))
    return Err;
  Out += "}\n";
  return Out;
}

} // namespace l2c
