//===- ReduceLaunch.cpp - Host code of a reduction launch -----------------===//
//
// Prints the host side of a ReduceLaunch term. The argument conventions are
// those of launchStatement (HostEmitter.cpp): l2c_begin, l2c_count, then the
// kernel's parameters in order, arrays as l2c::dev(ptr, count, "where").
// The reduction parameters that the rules add are recognised by name:
//   l2c_partial_<s>  one value per block, for a second pass or a last-block
//                    finish
//   l2c_acc_<s>      the device accumulator of the atomic single-pass finish
//   l2c_counter_<s>  the single-pass ticket counter
//   l2c_out_<s>      the host-mapped slot the single-pass finish writes
//   l2c_scratch      the global scratch of the naive tree (stage 1)
//
//===----------------------------------------------------------------------===//

#include "driver/ReduceLaunch.h"

#include "driver/HostEmitter.h"

#include <map>
#include <set>
#include <vector>

namespace l2c {

namespace {

/// The runtime's operator object for a reduction operator atom.
std::string opObject(const std::string &Op) {
  static const std::map<std::string, std::string> Ops = {
      {"add", "l2c::Sum()"},      {"mul", "l2c::Prod()"},
      {"min", "l2c::Min()"},      {"max", "l2c::Max()"},
      {"and", "l2c::BitAndOp()"}, {"or", "l2c::BitOrOp()"},
      {"xor", "l2c::BitXorOp()"}, {"land", "l2c::LAndOp()"},
      {"lor", "l2c::LOrOp()"}};
  auto It = Ops.find(Op);
  return It == Ops.end() ? "l2c::Sum()" : It->second;
}

std::string spelling(const std::string &Op) {
  static const std::map<std::string, std::string> Ops = {
      {"add", "+"}, {"mul", "*"}, {"min", "min"}, {"max", "max"}, {"and", "&"},
      {"or", "|"},  {"xor", "^"}, {"land", "&&"}, {"lor", "||"}};
  auto It = Ops.find(Op);
  return It == Ops.end() ? Op : It->second;
}

/// Blocks that the grid may not exceed when the kernel keeps the naive
/// tree's global scratch (8 bytes per thread and reduction): the kernel
/// loops over the grid, so capping is always correct.
const char *ScratchCap = "1LL << 20";

} // namespace

std::string reduceLaunchStatement(const Term &L) {
  const Term &K = L[0];
  const std::string &Name = K[0].name();
  const std::string Where = cStringLiteral(L[1].name());
  const Term &Range = L[3];
  const std::string Threads = std::to_string(L[4][0].intValue());
  const Term &Blocks = L[5];
  const Term &Finish = L[8];

  std::map<std::string, Term> Arrays;
  for (const Term &A : L[6].args())
    Arrays[A[0].name()] = A;
  struct Red {
    std::string Op, Var, Type;
  };
  std::vector<Red> Reds;
  std::map<std::string, unsigned> RedIndex;
  for (const Term &R : L[7].args()) {
    RedIndex[R[1].name()] = Reds.size();
    Reds.push_back({R[0].name(), R[1].name(), R[2].name()});
  }
  std::set<std::string> ParamNames;
  for (const Term &P : K[1].args())
    ParamNames.insert(P[0].name());
  bool HasScratch = ParamNames.count("l2c_scratch") != 0;

  std::vector<std::string> Lines;
  std::string Summary;
  for (const Red &R : Reds)
    Summary +=
        (Summary.empty() ? "" : ", ") + R.Var + " (" + spelling(R.Op) + ")";
  Lines.push_back("// loop2cuda: the loop at " + L[1].name() +
                  " runs on the GPU as " + Name + ", reducing " + Summary);
  Lines.push_back("{");
  // Iterations, as in the loop: none when end <= lb.
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
  Lines.push_back("    // Device buffers of this loop, kept between its runs.");
  Lines.push_back("    static l2c::ReduceState l2c_rs;");

  // The grid.
  std::string PerThread = "1", Cap = HasScratch ? ScratchCap : "";
  if (Blocks.arity() == 1 && Blocks[0].is(Term::App)) {
    const Term &B = Blocks[0];
    if (B.arity() >= 1)
      PerThread = std::to_string(B[0].intValue());
    if (B.isApp("Resident", 1)) {
      Lines.push_back("    static const unsigned l2c_resident = "
                      "l2c::residentBlocks(l2c_device::" +
                      Name + ", " + Threads + ");");
      Cap = "l2c_resident";
    } else if (B.isApp("AtMost", 2)) {
      Cap = std::to_string(B[1].intValue()) + "LL";
    }
  }
  Lines.push_back("    const unsigned l2c_blocks = l2c::reduceGridPerThread("
                  "l2c_n, " +
                  Threads + ", " + PerThread + (Cap.empty() ? "" : ", " + Cap) +
                  ");");

  // The launch.
  std::string Args = Lb + ", l2c_n";
  auto RedOf = [&](const std::string &P, const char *Prefix) -> const Red * {
    std::string Pre(Prefix);
    if (P.rfind(Pre, 0) != 0)
      return nullptr;
    auto It = RedIndex.find(P.substr(Pre.size()));
    return It == RedIndex.end() ? nullptr : &Reds[It->second];
  };
  for (size_t I = 2; I < K[1].arity(); ++I) {
    const std::string &P = K[1][I][0].name();
    auto It = Arrays.find(P);
    if (It != Arrays.end()) {
      const Term &A = It->second;
      Args +=
          ", l2c::dev(" + A[2].name() + ", " + A[3].name() + ", " + Where + ")";
    } else if (const Red *R = RedOf(P, "l2c_partial_")) {
      Args += ", l2c_rs.partial<" + R->Type + ">(" +
              std::to_string(RedIndex[R->Var]) + ", l2c_blocks, " + Where + ")";
    } else if (const Red *R = RedOf(P, "l2c_acc_")) {
      Args += ", l2c_rs.acc<" + R->Type + ">(" +
              std::to_string(RedIndex[R->Var]) + ", " + opObject(R->Op) + ", " +
              Where + ")";
    } else if (const Red *R = RedOf(P, "l2c_out_")) {
      Args += ", l2c_rs.out<" + R->Type + ">(" +
              std::to_string(RedIndex[R->Var]) + ", " + Where + ")";
    } else if (const Red *R = RedOf(P, "l2c_counter_")) {
      Args += ", l2c_rs.counter(" + std::to_string(RedIndex[R->Var]) + ", " +
              Where + ")";
    } else if (P == "l2c_scratch") {
      Args += ", l2c_rs.scratch((size_t)l2c_blocks * " + Threads + " * " +
              std::to_string(Reds.size()) + ", " + Where + ")";
    } else {
      Args += ", " + (P == "l2c_this" ? std::string("*this") : P);
    }
  }
  Lines.push_back("    L2C_LAUNCH(l2c_device::" + Name + ", " + Where +
                  ", l2c_blocks, " + Threads + ", " + Args + ");");

  // Finish and combine into the user's variables.
  bool Ordered = Finish.arity() == 1 && Finish[0].isIdent("Ordered");
  for (const Red &R : Reds) {
    std::string J = std::to_string(RedIndex[R.Var]);
    std::string Value;
    if (ParamNames.count("l2c_out_" + R.Var))
      Value = "l2c_rs.read<" + R.Type + ">(" + J + ", " + Where + ")";
    else if (Ordered)
      Value = "l2c_rs.finishOrdered<" + R.Type + ">(" + J + ", l2c_blocks, " +
              opObject(R.Op) + ", " + Where + ")";
    else
      Value = "l2c_rs.finishCub<" + R.Type + ">(" + J + ", l2c_blocks, " +
              opObject(R.Op) + ", " + Where + ")";
    Lines.push_back("    " + R.Var + " = l2c::combine(" + opObject(R.Op) +
                    ", " + R.Var + ", " + Value + ");");
  }
  Lines.push_back("  }");
  Lines.push_back("}");
  std::string Out;
  for (const std::string &Line : Lines)
    Out += (Out.empty() ? "" : "\n") + Line;
  return Out;
}

} // namespace l2c
