//===- PassesLaunch.cpp - Host code of a multi-pass launch ----------------===//
//
// Prints the host side of a Passes term (PassesLaunch.h): the generic host
// printer of launches that rules write as a sequence of steps.
//
//===----------------------------------------------------------------------===//

#include "driver/PassesLaunch.h"

#include "driver/HostEmitter.h"
#include "print/CudaPrinter.h"

#include <map>
#include <vector>

namespace l2c {

namespace {

/// Text that stops the build where the term holds something this printer
/// cannot print: better than host code that silently leaves a step out.
std::string unprintable(const std::string &What) {
  return "#error loop2cuda: cannot print " + What;
}

/// `l2c_tiles + k` for Tiles(k), `l2c_tiles` for Tiles, else the expression.
std::string countText(const Term &C) {
  if (C.isApp("Tiles", 1)) {
    int64_t K = C[0].intValue();
    return K == 0  ? "l2c_tiles"
           : K < 0 ? "l2c_tiles - " + std::to_string(-K)
                   : "l2c_tiles + " + std::to_string(K);
  }
  if (C.isIdent("Tiles"))
    return "l2c_tiles";
  auto E = printExpr(C);
  if (!E)
    return unprintable(llvm::toString(E.takeError()));
  return *E;
}

/// Whether the steps count in tiles (then l2c_tiles is declared).
bool usesTiles(const Term &Steps) {
  bool Found = false;
  forEachSubterm(Steps, [&](const Term &T) {
    if (T.isIdent("Tiles") || T.isApp("Tiles", 1))
      Found = true;
    return !Found;
  });
  return Found;
}

} // namespace

std::string passesLaunchStatement(const Term &L, const HostArgs *MemberArgs) {
  const std::string &Where = L[1].name();
  const std::string W = cStringLiteral(Where);
  const Term &Range = L[3];
  const Term &Tile = L[4];
  int64_t TileSize = Tile[0].intValue() * Tile[1].intValue();
  std::map<std::string, Term> Arrays;
  for (const Term &A : L[5].args())
    Arrays[A[0].name()] = A;
  const Term &Steps = L[6];

  std::vector<std::string> Kernels;
  for (const Term &S : Steps.args())
    if (S.isApp("Pass", 3))
      Kernels.push_back(S[0][0].name());
  std::string Names;
  for (size_t I = 0; I < Kernels.size(); ++I)
    Names += (I ? ", " : "") + Kernels[I];

  std::vector<std::string> Lines;
  Lines.push_back("// loop2cuda: the loop at " + Where +
                  " runs on the GPU in " + std::to_string(Kernels.size()) +
                  (Kernels.size() == 1 ? " pass: " : " passes: ") + Names);
  Lines.push_back("{");
  std::string Lb = Range[0].name(), End = Range[1].name();
  int64_t Step = Range[2].intValue();
  std::string Span = "(long long)(" + End + ") - (long long)(" + Lb + ")";
  std::string Count = Step == 1 ? "l2c_span"
                                : "(l2c_span + " + std::to_string(Step - 1) +
                                      ") / " + std::to_string(Step);
  Lines.push_back("  const long long l2c_span = " + Span + ";");
  Lines.push_back("  const long long l2c_n = l2c_span > 0 ? " + Count +
                  " : 0;");
  Lines.push_back("  if (l2c_n > 0) {");
  if (usesTiles(Steps))
    Lines.push_back("    const long long l2c_tiles = (l2c_n + " +
                    std::to_string(TileSize - 1) + ") / " +
                    std::to_string(TileSize) + ";");
  Lines.push_back("    // Device buffers of this loop, kept between its runs.");
  Lines.push_back("    static l2c::Scratch l2c_buffers;");

  std::map<std::string, std::string> Scratch;
  unsigned NextBuffer = 0;
  for (const Term &S : Steps.args()) {
    if (S.isApp("Scratch", 3) || S.isApp("ScratchInit", 4)) {
      const std::string &Name = S[0].name(), &Type = S[1].name();
      Scratch[Name] = Type;
      std::string Call = S.isApp("Scratch") ? ".get<" : ".init<";
      std::string Init;
      if (S.isApp("ScratchInit")) {
        auto V = printExpr(S[3]);
        Init = ", " + (V ? *V : unprintable(llvm::toString(V.takeError())));
      }
      Lines.push_back("    " + Type + " *" + Name + " = l2c_buffers" + Call +
                      Type + ">(" + std::to_string(NextBuffer++) + ", " +
                      countText(S[2]) + Init + ", " + W + ");");
    } else if (S.isApp("Mapped", 2)) {
      const std::string &Name = S[0].name(), &Type = S[1].name();
      Lines.push_back("    " + Type + " *" + Name + " = l2c_buffers.mapped<" +
                      Type + ">(" + std::to_string(NextBuffer++) + ", " + W +
                      ");");
    } else if (S.isApp("Pass", 3)) {
      const Term &K = S[0];
      std::string Args;
      for (const Term &P : K[1].args()) {
        const std::string &N = P[0].name();
        std::string Arg = N;
        if (N == "l2c_begin")
          Arg = Lb;
        else if (N == "l2c_count")
          Arg = "l2c_n";
        else if (N == "l2c_this")
          Arg = "*this";
        else if (const std::string *Host = memberArg(MemberArgs, N))
          Arg = *Host; // p_n stands for p->n
        else if (auto It = Arrays.find(N); It != Arrays.end())
          Arg = "l2c::dev(" + It->second[2].name() + ", " +
                It->second[3].name() + ", " + W + ")";
        Args += (Args.empty() ? "" : ", ") + Arg;
      }
      const Term &B = S[1][0];
      std::string Blocks = B.isIdent("Tiles") ? "(unsigned)l2c_tiles"
                           : B.is(Term::Int)  ? std::to_string(B.intValue())
                                              : countText(B);
      Lines.push_back("    L2C_LAUNCH(l2c_device::" + K[0].name() + ", " + W +
                      ", " + Blocks + ", " +
                      std::to_string(S[2][0].intValue()) +
                      (Args.empty() ? "" : ", " + Args) + ");");
    } else if (S.isApp("Clear", 2)) {
      const std::string &Name = S[0].name();
      Lines.push_back("    L2C_CHECK(cudaMemsetAsync(" + Name +
                      ", 0, (size_t)(" + countText(S[1]) + ") * sizeof(" +
                      Scratch[Name] + ")), " + W + ");");
    } else if (S.isApp("ReadBack", 3)) {
      Lines.push_back("    " + S[0].name() + " = l2c::Scratch::read(" +
                      S[1].name() + " + " + countText(S[2]) + ", " + W + ");");
    } else if (S.isApp("HostCode", 1)) {
      auto Text = printStatements(S[0], 2);
      std::string Code =
          Text ? *Text : unprintable(llvm::toString(Text.takeError())) + "\n";
      if (!Code.empty() && Code.back() == '\n')
        Code.pop_back();
      Lines.push_back(Code);
    } else {
      Lines.push_back(unprintable("the step " + S.str()));
    }
  }
  Lines.push_back("  }");
  Lines.push_back("}");
  std::string Out;
  for (const std::string &Line : Lines)
    Out += (Out.empty() ? "" : "\n") + Line;
  return Out;
}

} // namespace l2c
