//===- Verify.cpp - Verification harnesses for --verify -------------------===//

#include "driver/Verify.h"

#include "facts/DomainFacts.h"

#include "llvm/Support/raw_ostream.h"

#include "print/CudaPrinter.h"

#include <cctype>
#include <functional>
#include <set>

namespace l2c {

namespace {

/// The first type of a kernel parameter or local declaration in T that is
/// not a built-in arithmetic type (or a pointer to one), or "".
std::string userType(const Term &T) {
  static const std::set<std::string> Builtin = {
      "void",    "bool",     "char",         "signed",     "unsigned",
      "short",   "int",      "long",         "float",      "double",
      "size_t",  "int8_t",   "int16_t",      "int32_t",    "int64_t",
      "uint8_t", "uint16_t", "uint32_t",     "uint64_t",   "ptrdiff_t",
      "const",   "volatile", "__restrict__", "std::size_t"};
  std::string Found;
  forEachSubterm(T, [&](const Term &S) {
    if (!Found.empty())
      return false;
    const Term *Ty = nullptr;
    if ((S.isApp("Param", 2) || S.isApp("Decl", 3) || S.isApp("Decl", 2)) &&
        (S[1].is(Term::String) || S[1].is(Term::Ident)))
      Ty = &S[1];
    if (!Ty)
      return true;
    std::string Word;
    for (char C : Ty->name() + " ") {
      if (std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == ':') {
        Word += C;
        continue;
      }
      if (!Word.empty() && !Builtin.count(Word) &&
          !std::isdigit(static_cast<unsigned char>(Word[0])))
        Found = Word;
      Word.clear();
      if (!Found.empty())
        break;
    }
    return Found.empty();
  });
  return Found;
}

/// The statement that a recognised reduction update stood for, so that the
/// CPU version runs the user's loop as written.
Term sequentialReduce(const Term &R) {
  const std::string &Op = R[0].name();
  const Term &S = R[1], &E = R[2];
  auto Bin = [&](const char *Head) {
    return Term::app("Assign", {S, Term::app(Head, {S, E})});
  };
  if (Op == "add")
    return Term::app("AddAssign", {S, E});
  if (Op == "mul")
    return Term::app("MulAssign", {S, E});
  if (Op == "and")
    return Term::app("AndAssign", {S, E});
  if (Op == "or")
    return Term::app("OrAssign", {S, E});
  if (Op == "xor")
    return Term::app("XorAssign", {S, E});
  if (Op == "land")
    return Bin("LAnd");
  if (Op == "lor")
    return Bin("LOr");
  const char *Cmp = Op == "max" ? "Gt" : "Lt";
  return Term::app("If", {Term::app(Cmp, {E, S}),
                          Term::list({Term::app("Assign", {S, E})})});
}

Term sequentialBody(const Term &T) {
  if (T.isApp("Reduce", 3))
    return sequentialReduce(T);
  // A histogram update HistUpdate(op, h, "T", B, k, w): h[k] op= w.
  if (T.isApp("HistUpdate", 6))
    return sequentialReduce(
        Term::app("Reduce", {T[0], Term::app("Index", {T[1], T[4]}), T[5]}));
  if (T.is(Term::App) || T.is(Term::List)) {
    std::vector<Term> Args;
    for (const Term &A : T.args())
      Args.push_back(sequentialBody(A));
    return T.withArgs(std::move(Args));
  }
  return T;
}

bool isFloating(const std::string &Ty) {
  return Ty.find("float") != std::string::npos ||
         Ty.find("double") != std::string::npos;
}

std::string stripPointer(std::string Ty) {
  if (Ty.rfind(" *") == Ty.size() - 2)
    Ty.resize(Ty.size() - 2);
  if (Ty.rfind("const ", 0) == 0)
    Ty = Ty.substr(6);
  return Ty;
}

/// Identifiers of a host expression text.
std::set<std::string> identifiersOf(const std::string &Text) {
  std::set<std::string> Out;
  std::string Cur;
  for (char C : Text + " ") {
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_') {
      Cur += C;
      continue;
    }
    if (!Cur.empty() && !std::isdigit(static_cast<unsigned char>(Cur[0])))
      Out.insert(Cur);
    Cur.clear();
  }
  return Out;
}

struct LoopInfo {
  Term Loop; // the ParallelLoop term
  Term Launch;
};

/// The kernel of a Launch, or of the one Pass of a reduction's Passes.
Term kernelOf(const Term &Launch) {
  if (Launch.isApp("Passes", 7))
    for (const Term &S : Launch[6].args())
      if (S.isApp("Pass", 3))
        return S[0];
  return Launch[0];
}

llvm::Expected<std::string> harness(const EmitInput &In, const LoopInfo &L) {
  const Term &PL = L.Loop;
  const Term &Launch = L.Launch;
  const Term Kernel = kernelOf(Launch);
  const std::string &Name = Kernel[0].name();
  const std::string &Where = Launch[1].name();
  const Term &Idx = PL[1];
  int64_t Step = PL[2][2].intValue();
  std::set<std::string> BoundNames = identifiersOf(PL[2][1].name());
  std::set<std::string> ArrayNames;
  for (const Term &A : PL[5].args())
    ArrayNames.insert(A[0].name());
  std::map<std::string, std::string> Reductions; // var -> op
  for (const Term &R : PL[6].args())
    Reductions[R[1].name()] = R[0].name();

  std::string Out;
  Out += "// loop2cuda verification harness for kernel " + Name +
         " (the loop at " + Where +
         ")\n"
         "// Runs the loop on the CPU and the kernel on the GPU over the same\n"
         "// pseudo-random inputs and compares every element they write.\n"
         "#include \"loop2cuda_runtime.cuh\"\n\n#include <cstdio>\n"
         "#include <vector>\n\nnamespace l2c_device {\n";
  for (const Term &F : In.DeviceFunctions) {
    auto Text = printDeviceFunction(F);
    if (!Text)
      return Text.takeError();
    // The CPU loop calls the same functions.
    std::string S = *Text;
    size_t P = S.find("__device__");
    if (P != std::string::npos)
      S.replace(P, 10, "__host__ __device__");
    Out += S + "\n";
  }
  // Both kernels of restrict-arrays, which the launch chooses between.
  bool Both = hasRestrictedParams(Kernel);
  auto KText = printKernel(Both ? kernelVariant(Kernel, false) : Kernel,
                           {"from the loop at " + Where});
  if (!KText)
    return KText.takeError();
  Out += *KText;
  if (Both) {
    auto RText = printKernel(kernelVariant(Kernel, true),
                             {"the same with its arrays __restrict__"});
    if (!RText)
      return RText.takeError();
    Out += "\n" + *RText;
  }
  Out += "} // namespace l2c_device\n\nusing namespace l2c_device;\n\n";

  // The scalars and arrays the harness makes: the kernel's parameters, and
  // the reduction variables (which the front end keeps out of them).
  std::vector<Term> Vars = PL[4].args();
  for (const Term &R : PL[6].args()) {
    bool Listed = false;
    for (const Term &P : PL[4].args())
      Listed |= P[0] == R[1];
    if (!Listed)
      Vars.push_back(Term::app("Param", {R[1], R[2]}));
  }

  // The CPU version: the loop as the front end read it.
  std::string Params = "long long l2c_begin, long long l2c_count";
  for (const Term &P : Vars) {
    std::string Ty = P[1].name();
    if (Reductions.count(P[0].name()))
      Ty += " &";
    Params += ", " + printDeclarator(Ty, P[0].name());
  }
  Term Body = sequentialBody(PL[3]);
  Term CpuLoop = Term::list({Term::app(
      "For",
      {Term::app("Decl", {Term::ident("l2c_k"), Term::string("long long"),
                          Term::integer(0)}),
       Term::app("Lt", {Term::ident("l2c_k"), Term::ident("l2c_count")}),
       Term::app("PreInc", {Term::ident("l2c_k")}),
       Term::list(
           {Term::app(
               "Decl",
               {Idx[0], Idx[1],
                Term::app(
                    "Add",
                    {Term::ident("l2c_begin"),
                     Step == 1 ? Term::ident("l2c_k")
                               : Term::app("Mul", {Term::ident("l2c_k"),
                                                   Term::integer(Step)})})})},
           Body)})});
  auto LoopText = printStatements(CpuLoop, 1);
  if (!LoopText)
    return LoopText.takeError();
  Out += "// The original loop, on the CPU.\nstatic void l2c_cpu_loop(" +
         Params + ") {\n" + *LoopText + "}\n\n";

  // Inputs.
  // The iterations start at l2c_B, so that subscripts such as i - 1 stay
  // inside the arrays (l2c_M elements) as they did in the program; the
  // CPU runs as many iterations as the launch's Range gives the GPU.
  Out += "int main() {\n"
         "  const long long l2c_N = 1LL << 16;\n"
         "  const long long l2c_B = 2048;\n"
         "  const size_t l2c_M = 8 * l2c_N + 4096;\n"
         "  uint64_t l2c_seed = 20090301;\n";
  std::string CpuArgs = Step > 1
                            ? "l2c_B, (l2c_N + " + std::to_string(Step - 1) +
                                  ") / " + std::to_string(Step)
                            : "l2c_B, l2c_N",
              Compare, Setup, Copies, Back;
  for (const Term &P : Vars) {
    const std::string &V = P[0].name();
    std::string Ty = P[1].name();
    CpuArgs += ", " + V + (ArrayNames.count(V) ? "_cpu.data()" : "");
    if (ArrayNames.count(V)) {
      std::string Elem = stripPointer(Ty);
      Setup += "  std::vector<" + Elem + "> " + V + "_cpu(l2c_M), " + V +
               "_gpu(l2c_M);\n  l2c::fillRandom(" + V +
               "_cpu.data(), l2c_M, l2c_seed++);\n  " + V + "_gpu = " + V +
               "_cpu;\n  " + Elem + " *" + V + " = " + V + "_gpu.data();\n";
      Copies += "  l2c::toDevice(" + V + ", l2c_M, \"" + Name + "\");\n";
      Back += "  l2c::toHost(" + V + ", l2c_M, \"" + Name + "\");\n";
      Compare += isFloating(Elem)
                     ? "  Ok &= l2c::compareClose(" + V + "_gpu.data(), " + V +
                           "_cpu.data(), l2c_M, 1e-5, \"" + V + "\");\n"
                     : "  Ok &= l2c::compareExact(" + V + "_gpu.data(), " + V +
                           "_cpu.data(), l2c_M, \"" + V + "\");\n";
      continue;
    }
    std::string Value;
    if (isFloating(Ty))
      Value = "l2c::Random(l2c_seed++).unit() * 2 - 1";
    else if (BoundNames.count(V))
      Value = "l2c_B + l2c_N"; // the loop runs from l2c_B to it
    else
      Value = "1 + (l2c::Random(l2c_seed++).next() % 7)";
    Setup += "  " + Ty + " " + V + " = (" + Ty + ")(" + Value + ");\n";
    if (Reductions.count(V)) {
      Setup += "  " + Ty + " " + V + "_cpu = " + V + ";\n";
      CpuArgs.replace(CpuArgs.rfind(", " + V), V.size() + 2, ", " + V + "_cpu");
      Compare +=
          isFloating(Ty)
              ? "  Ok &= l2c::compareClose(&" + V + ", &" + V + "_cpu, 1, " +
                    (Ty.find("float") != std::string::npos ? "1e-3" : "1e-9") +
                    ", \"" + V + "\");\n"
              : "  Ok &= l2c::compareExact(&" + V + ", &" + V + "_cpu, 1, \"" +
                    V + "\");\n";
    }
  }
  Out += Setup;
  // The launch, with the harness's arrays and bounds.
  // Launch(..., [Array...]) or Passes(..., [Array...], [steps]): the
  // arrays are argument 5 of both.
  size_t ArraysAt = 5;
  std::vector<Term> Arrays;
  for (const Term &A : Launch[ArraysAt].args()) {
    std::vector<Term> F = A.args();
    F[2] = Term::string(A[0].name());
    F[3] = Term::string("l2c_M");
    // The harness copies each array whole, and the bounds of a box the
    // kernel overwrites or writes (Rest, rule launch-overwrites; Wrote,
    // rule launch-writes) name the program's variables: a plain l2c::dev.
    if (F.size() > 5)
      if (std::optional<Term> Deps = withoutRest(F[5])) {
        std::vector<Term> Kept;
        for (const Term &E : Deps->args())
          if (!E.isApp("Wrote", 1))
            Kept.push_back(E);
        F[5] = Term::list(std::move(Kept));
      }
    Arrays.push_back(Term::app("Array", F));
  }
  std::vector<Term> LF = Launch.args();
  LF[3] = Term::app("Range", {Term::string("l2c_B"),
                              Term::string("l2c_B + l2c_N"), Launch[3][2]});
  LF[ArraysAt] = Term::list(Arrays);
  std::string LaunchText = launchStatement(Term::app(Launch.name(), LF));
  std::string Indented;
  for (char C : "  " + LaunchText) {
    Indented += C;
    if (C == '\n')
      Indented += "  ";
  }
  Out += "\n  l2c::HostTimer CpuTimer;\n  l2c_cpu_loop(" + CpuArgs +
         ");\n  double CpuMs = CpuTimer.elapsedMs();\n\n"
         "  l2c::initDevice();\n" +
         Copies + "  l2c::GpuTimer GpuTime;\n  GpuTime.start();\n" + Indented +
         "\n  GpuTime.stop();\n  float GpuMs = GpuTime.elapsedMs();\n" + Back +
         "\n  bool Ok = true;\n" + Compare + "  std::printf(\"%s " + Name +
         ": cpu %.3f ms, gpu %.3f ms (kernel only)\\n\", Ok ? \"PASS\" : "
         "\"FAIL\", CpuMs, GpuMs);\n  return Ok ? 0 : 1;\n}\n";
  return Out;
}

} // namespace

llvm::Expected<std::vector<std::pair<std::string, std::string>>>
makeVerifyHarnesses(const EmitInput &In, clang::ASTContext &, const Term &Final,
                    llvm::raw_ostream &Notes) {
  std::map<std::string, LoopInfo> Loops;
  forEachSubterm(In.Initial, [&](const Term &T) {
    if (T.isApp("ParallelLoop", 7))
      Loops[T[0][0].name()].Loop = T;
    if (T.isApp("ParallelScan", 7))
      Notes << "loop2cuda: note: --verify: no harness for " << T[0][0].name()
            << ": it is a scan (compare the program's output with its CPU "
               "build instead)\n";
    if (T.isApp("ParallelNest", 5))
      Notes << "loop2cuda: note: --verify: no harness for " << T[0][0].name()
            << ": it runs a loop nest (compare the program's output "
               "with its CPU build instead)\n";
    return true;
  });
  forEachSubterm(Final, [&](const Term &T) {
    if (T.isApp("Launch", 6))
      Loops[T[0][0].name()].Launch = T;
    // A reduction (lower-reduce-launch): Passes named after its loop.
    if (T.isApp("Passes", 7) && Loops.count(T[0].name()))
      Loops[T[0].name()].Launch = T;
    return true;
  });
  std::vector<std::pair<std::string, std::string>> Out;
  for (const auto &[Name, L] : Loops) {
    if (!L.Loop || !L.Launch)
      continue;
    // The harness makes flat random arrays; arrays of rows (double[N][M])
    // would need their row size, and tables of row pointers (a vector of
    // vectors, `double *const *`) rows of their own: no harness, and the
    // user is told.
    bool Rows = false;
    for (const Term &P : L.Loop[4].args())
      Rows |= P.isApp("Param", 2) &&
              (P[1].name().find("(*)") != std::string::npos ||
               P[1].name().find("*const *") != std::string::npos);
    if (Rows) {
      Notes << "loop2cuda: note: --verify: no harness for " << Name
            << ": it takes multi-dimensional arrays (compare the "
               "program's output with its CPU build instead)\n";
      continue;
    }
    // lastprivate stores (LastPrivate terms, which the kernel's rules
    // lower) have no CPU form in the harness.
    bool Last = false;
    forEachSubterm(L.Loop, [&](const Term &T) {
      Last |= T.isApp("LastPrivate", 2);
      return !Last;
    });
    if (Last) {
      Notes << "loop2cuda: note: --verify: no harness for " << Name
            << ": it has lastprivate variables (compare the program's "
               "output with its CPU build instead)\n";
      continue;
    }
    // The harness is a file of its own: the file's types are not in it.
    std::string Type = userType(L.Loop);
    if (!Type.empty()) {
      Notes << "loop2cuda: note: --verify: no harness for " << Name
            << ": it uses the file's type '" << Type
            << "' (compare the program's output with its CPU build "
               "instead)\n";
      continue;
    }
    auto H = harness(In, L);
    if (!H)
      return H.takeError();
    Out.emplace_back(Name, *H);
  }
  return Out;
}

} // namespace l2c
