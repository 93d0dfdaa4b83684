//===- CudaPrinter.cpp - Prints kernel terms as CUDA C++ ------------------===//
//
// Statements, kernels and device functions; the expressions inside them
// print through ExprPrinter.cpp (PrinterImpl.h has what both share).
//
//===----------------------------------------------------------------------===//

#include "print/CudaPrinter.h"
#include "print/Pragmas.h"
#include "print/PrinterImpl.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>

namespace l2c {

/// `T x`, or `T *x` / `T &x` for types that end in a declarator symbol, or
/// `T (*x)[M]` for pointers to arrays and `T (&x)[M]` for references to
/// them (`T (*__restrict__ x)[M]` for
/// `T (*__restrict__)[M]`, rule set restrict-arrays).
std::string printDeclarator(llvm::StringRef Type, llvm::StringRef Name) {
  // `T (*)[M]`, and references to arrays `T (&)[M]`, `T (&&)[M]`.
  for (llvm::StringRef Sym : {"(*)", "(&)", "(&&)"}) {
    size_t At = Type.find(Sym);
    if (At != llvm::StringRef::npos)
      return (Type.take_front(At + Sym.size() - 1) + Name +
              Type.drop_front(At + Sym.size() - 1))
          .str();
  }
  size_t Star;
  Star = Type.find("(*__restrict__)");
  if (Star != llvm::StringRef::npos)
    return (Type.take_front(Star + 14) + " " + Name +
            Type.drop_front(Star + 14))
        .str();
  if (Type.ends_with("*") || Type.ends_with("&"))
    return (Type + Name).str();
  return (Type + " " + Name).str();
}

namespace print_detail {

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

  if ((S.isApp("ArrayDecl", 3) || S.isApp("ArrayDecl", 4) ||
       S.isApp("SharedArray", 3))) {
    auto X = name(S[0], S);
    if (!X)
      return X.takeError();
    auto T = type(S[1], S);
    if (!T)
      return T.takeError();
    auto Extent = operand(S[2], PComma);
    if (!Extent)
      return Extent.takeError();
    std::string Init;
    if (S.arity() == 4) {
      auto I = operand(S[3], PComma);
      if (!I)
        return I.takeError();
      Init = " = " + *I;
    }
    Out += Pad + (S.name() == "SharedArray" ? "__shared__ " : "") +
           printDeclarator(*T, *X) + "[" + *Extent + "]" + Init + ";\n";
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

  // Switch(c, [Case(v), stmts..., Default, stmts...]): the labels a level
  // in, their statements two.
  if (S.isApp("Switch", 2) && S[1].is(Term::List)) {
    auto C = operand(S[0], PComma);
    if (!C)
      return C.takeError();
    Out += Pad + "switch (" + *C + ") {\n";
    std::vector<Term> Items;
    flatten(S[1], Items);
    for (const Term &I : Items) {
      if (I.isApp("Case", 1)) {
        auto V = operand(I[0], PComma);
        if (!V)
          return V.takeError();
        Out += spaces(Indent + 1) + "case " + *V + ":\n";
        continue;
      }
      if (isNullary(I, "Default")) {
        Out += spaces(Indent + 1) + "default:\n";
        continue;
      }
      if (auto Err = statement(I, Indent + 2, Out))
        return Err;
    }
    Out += Pad + "}\n";
    return llvm::Error::success();
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

} // namespace print_detail

using namespace print_detail;

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

namespace {
/// L with each IfDistinct(then, else) statement replaced by the statements
/// of `then` (Distinct) or of `else`: code that is right only when no two
/// of the kernel's arrays are one array (rule set warp-rows) and the code
/// for when they may be.
Term chooseDistinct(const Term &L, bool Distinct) {
  if (!L.is(Term::List) || L.tail())
    return L;
  std::vector<Term> Out;
  for (const Term &S : L.args()) {
    if (S.isApp("IfDistinct", 2) && S[0].is(Term::List) &&
        S[1].is(Term::List)) {
      Term Chosen = chooseDistinct(S[Distinct ? 0 : 1], Distinct);
      Out.insert(Out.end(), Chosen.args().begin(), Chosen.args().end());
      continue;
    }
    Out.push_back(S);
  }
  return Term::list(std::move(Out));
}
} // namespace

llvm::Expected<std::string>
printKernel(const Term &KernelAsGiven,
            llvm::ArrayRef<std::string> Provenance) {
  const Term &KA = KernelAsGiven;
  if (!KA.isApp("Kernel", 3) && !KA.isApp("Kernel", 4))
    return cannotPrint(KA, "expected Kernel(name, [params], [body])");
  // The variant with __restrict__ arrays runs only when they are distinct
  // (L2C_LAUNCH_DISTINCT); any other takes IfDistinct's second branch.
  std::vector<Term> KArgs(KA.args().begin(), KA.args().end());
  KArgs[2] = chooseDistinct(KA[2], hasRestrictedParams(KA));
  const Term Kernel = Term::app("Kernel", std::move(KArgs));
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

bool isSerialKernelName(llvm::StringRef Name) {
  return Name.ends_with("_serial");
}

bool hasRestrictedParams(const Term &Kernel) {
  if (!Kernel.isApp("Kernel") || Kernel.arity() < 3 ||
      !Kernel[0].is(Term::Ident) || !Kernel[1].is(Term::List))
    return false;
  for (const Term &P : Kernel[1].args())
    if (P.isApp("Param", 2) && P[1].is(Term::String) &&
        llvm::StringRef(P[1].name()).contains("__restrict__"))
      return true;
  return false;
}

Term kernelVariant(const Term &Kernel, bool Restrict) {
  std::vector<Term> Args(Kernel.args().begin(), Kernel.args().end());
  if (Restrict) {
    Args[0] = Term::ident(Kernel[0].name() + "_restrict");
    return Term::app("Kernel", std::move(Args));
  }
  std::vector<Term> Params;
  for (const Term &P : Kernel[1].args()) {
    if (!P.isApp("Param", 2) || !P[1].is(Term::String)) {
      Params.push_back(P);
      continue;
    }
    std::string T = P[1].name();
    for (size_t At; (At = T.find("__restrict__")) != std::string::npos;)
      T.erase(At, 12);
    Params.push_back(Term::app("Param", {P[0], Term::string(T)}));
  }
  Args[1] = Term::list(std::move(Params));
  return Term::app("Kernel", std::move(Args));
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
  // static: each file has its own copies of the device functions it calls,
  // and two files of a program may copy helpers of one name (a static
  // clamp in each).
  std::string Out = "static __device__ " + printDeclarator(*Ret, *Name) + "(" +
                    *Params + ") {\n";
  if (auto Err = P.statements(F[3], 1, Out))
    return Err;
  Out += "}\n";
  return Out;
}

} // namespace l2c
