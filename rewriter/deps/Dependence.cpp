//===- Dependence.cpp - Exact affine dependences with isl -----------------===//
//
// Every access becomes an isl relation from its iteration domain to the array
// elements it touches:
//   [n] -> { [i] -> [2i + 1] : 0 <= i < n }
// For a write X and an access Y of the same array, X . Y^-1 relates the
// instances of X to the instances of Y that touch the same element;
// intersected with "the parallel loop values differ" it is empty exactly when
// the pair carries no dependence across the parallel loops. The witness is the
// lexicographic minimum of (parameters, X instance, Y instance) inside a small
// box, so that messages show small numbers.
//
//===----------------------------------------------------------------------===//
#include "deps/Dependence.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <utility>

using namespace l2c::deps;

namespace {

/// Owns an isl object; frees it with F.
template <typename T, auto F> struct FreeFn {
  void operator()(T *P) const { F(P); }
};
struct CtxFree {
  void operator()(isl_ctx *C) const { isl_ctx_free(C); }
};
using Ctx = std::unique_ptr<isl_ctx, CtxFree>;
using Map = std::unique_ptr<isl_map, FreeFn<isl_map, isl_map_free>>;
using Set = std::unique_ptr<isl_set, FreeFn<isl_set, isl_set_free>>;
using Point = std::unique_ptr<isl_point, FreeFn<isl_point, isl_point_free>>;
using Val = std::unique_ptr<isl_val, FreeFn<isl_val, isl_val_free>>;

bool isIdentifier(const std::string &S) {
  if (S.empty() ||
      !(std::isalpha(static_cast<unsigned char>(S[0])) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      return false;
  return true;
}

std::string join(const std::vector<std::string> &Parts,
                 const std::string &Sep) {
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I)
    Out += (I ? Sep : "") + Parts[I];
  return Out;
}

std::string islError(isl_ctx *C) {
  const char *Msg = isl_ctx_last_error_msg(C);
  std::string Out = Msg ? Msg : "unknown isl error";
  isl_ctx_reset_error(C);
  return Out;
}

/// The analysis of one Nest, with its own isl context.
class Analysis {
public:
  explicit Analysis(const Nest &N) : N(N), C(isl_ctx_alloc()) {
    isl_options_set_on_error(C.get(), ISL_ON_ERROR_CONTINUE);
  }

  Result run();
  std::optional<bool> within(unsigned Which, const std::string &Expr,
                             const std::string &Lower, const std::string &Upper,
                             bool Always);

private:
  std::string validate() const;
  std::string paramPrefix() const;
  /// The positions in N.Loops of the loops enclosing A, outermost first.
  std::vector<unsigned> chain(const Access &A) const;
  std::string domainText(const std::vector<unsigned> &Chain) const;
  Map read(const std::string &Text, const std::string &What,
           std::string &Error);
  /// The witness of a non-empty conflict relation between X and Y.
  Result witness(const Access &X, const Access &Y, Map Conflict);

  const Nest &N;
  Ctx C;
};

std::string Analysis::validate() const {
  std::vector<std::string> Names;
  auto Fresh = [&](const std::string &Name,
                   const std::string &What) -> std::string {
    if (!isIdentifier(Name))
      return What + " '" + Name + "' is not an identifier";
    for (const std::string &Other : Names)
      if (Other == Name)
        return What + " '" + Name + "' is declared twice";
    Names.push_back(Name);
    return "";
  };
  for (const std::string &P : N.Params)
    if (std::string E = Fresh(P, "parameter"); !E.empty())
      return E;
  for (const Loop &L : N.Loops) {
    if (std::string E = Fresh(L.Var, "loop variable"); !E.empty())
      return E;
    if (L.Step <= 0)
      return "loop '" + L.Var + "' has step " + std::to_string(L.Step) +
             ", expected a positive step";
  }
  for (const Access &A : N.Accesses) {
    if (A.Loops.empty() && A.Depth > N.Loops.size())
      return "access '" + A.Text + "' has depth " + std::to_string(A.Depth) +
             " in a nest of " + std::to_string(N.Loops.size()) + " loops";
    for (unsigned K : A.Loops)
      if (K >= N.Loops.size())
        return "access '" + A.Text + "' is in loop " + std::to_string(K) +
               " of a nest of " + std::to_string(N.Loops.size()) + " loops";
    for (const std::string &S : A.Subscripts)
      if (S.empty())
        return "access '" + A.Text + "' has an empty subscript";
    for (const Access &B : N.Accesses)
      if (B.Array == A.Array && B.Subscripts.size() != A.Subscripts.size())
        return "array '" + A.Array + "' is accessed with " +
               std::to_string(A.Subscripts.size()) + " and " +
               std::to_string(B.Subscripts.size()) + " subscripts ('" + A.Text +
               "', '" + B.Text + "')";
  }
  return "";
}

std::string Analysis::paramPrefix() const {
  return "[" + join(N.Params, ", ") + "] -> ";
}

std::vector<unsigned> Analysis::chain(const Access &A) const {
  if (!A.Loops.empty())
    return A.Loops;
  std::vector<unsigned> Chain;
  for (unsigned K = 0; K < A.Depth; ++K)
    Chain.push_back(K);
  return Chain;
}

/// The constraints of the loops of Chain, as isl text ("" for none).
std::string Analysis::domainText(const std::vector<unsigned> &Chain) const {
  std::vector<std::string> Conj;
  for (unsigned K : Chain) {
    const Loop &L = N.Loops[K];
    // An empty bound: the loop is unbounded on that side.
    if (!L.Lower.empty())
      Conj.push_back("(" + L.Lower + ") <= " + L.Var);
    if (!L.Upper.empty())
      Conj.push_back(L.Var + " < (" + L.Upper + ")");
    if (L.Step != 1 && !L.Lower.empty())
      Conj.push_back("(" + L.Var + " - (" + L.Lower + ")) mod " +
                     std::to_string(L.Step) + " = 0");
  }
  return join(Conj, " and ");
}

Map Analysis::read(const std::string &Text, const std::string &What,
                   std::string &Error) {
  Map M(isl_map_read_from_str(C.get(), Text.c_str()));
  if (!M)
    Error = "cannot analyse " + What + ": " + islError(C.get()) + " in '" +
            Text + "'";
  return M;
}

Result Analysis::run() {
  if (std::string E = validate(); !E.empty())
    return {E, std::nullopt};
  if (!C)
    return {"cannot allocate an isl context", std::nullopt};

  // The context, as a relation without dimensions so that read() serves.
  std::string Error;
  std::vector<std::string> Ctx;
  for (const std::string &S : N.Context)
    Ctx.push_back("(" + S + ")");
  Map Context = read(paramPrefix() + "{ [] -> [] " +
                         (Ctx.empty() ? "" : ": " + join(Ctx, " and ")) + " }",
                     "the parameter context", Error);
  if (!Context)
    return {Error, std::nullopt};
  Set Params(isl_map_params(Context.release()));
  if (!Params)
    return {islError(C.get()), std::nullopt};

  // Every access: its iteration domain to the elements it touches.
  std::vector<Map> Rel;
  for (const Access &A : N.Accesses) {
    std::vector<std::string> Vars;
    for (unsigned K : chain(A))
      Vars.push_back(N.Loops[K].Var);
    std::string Dom = domainText(chain(A));
    if (!A.Guard.empty())
      Dom = Dom.empty() ? "(" + A.Guard + ")" : Dom + " and (" + A.Guard + ")";
    std::string Text = paramPrefix() + "{ [" + join(Vars, ", ") + "] -> [" +
                       join(A.Subscripts, ", ") + "]" +
                       (Dom.empty() ? "" : " : " + Dom) + " }";
    Map M = read(Text, "access '" + A.Text + "'", Error);
    if (!M)
      return {Error, std::nullopt};
    M.reset(isl_map_intersect_params(M.release(), isl_set_copy(Params.get())));
    if (!M)
      return {islError(C.get()), std::nullopt};
    Rel.push_back(std::move(M));
  }

  for (size_t IX = 0; IX < N.Accesses.size(); ++IX) {
    const Access &X = N.Accesses[IX];
    if (!X.Write)
      continue;
    for (size_t IY = 0; IY < N.Accesses.size(); ++IY) {
      const Access &Y = N.Accesses[IY];
      if (Y.Array != X.Array)
        continue;
      // Different iterations of the parallel loops enclosing both.
      std::vector<unsigned> CX = chain(X), CY = chain(Y);
      std::vector<std::string> XV, YV, Differ;
      for (unsigned K = 0; K < CX.size(); ++K)
        XV.push_back("x" + std::to_string(K));
      for (unsigned K = 0; K < CY.size(); ++K)
        YV.push_back("y" + std::to_string(K));
      for (unsigned K = 0; K < std::min(CX.size(), CY.size()) && CX[K] == CY[K];
           ++K)
        if (N.Loops[CX[K]].Parallel)
          Differ.push_back(XV[K] + " != " + YV[K]);
      if (Differ.empty())
        continue;
      Map Carried =
          read(paramPrefix() + "{ [" + join(XV, ", ") + "] -> [" +
                   join(YV, ", ") + "] : " + join(Differ, " or ") + " }",
               "the parallel iterations", Error);
      if (!Carried)
        return {Error, std::nullopt};
      Map Conflict(
          isl_map_apply_range(isl_map_copy(Rel[IX].get()),
                              isl_map_reverse(isl_map_copy(Rel[IY].get()))));
      Conflict.reset(isl_map_intersect(Conflict.release(), Carried.release()));
      if (!Conflict)
        return {islError(C.get()), std::nullopt};
      isl_bool Empty = isl_map_is_empty(Conflict.get());
      if (Empty == isl_bool_error)
        return {islError(C.get()), std::nullopt};
      if (Empty == isl_bool_false)
        return witness(X, Y, std::move(Conflict));
    }
  }
  return {"", std::nullopt};
}

std::optional<bool> Analysis::within(unsigned Which, const std::string &Expr,
                                     const std::string &Lower,
                                     const std::string &Upper, bool Always) {
  if (!C || Which >= N.Accesses.size() || !validate().empty())
    return std::nullopt;
  const Access &A = N.Accesses[Which];
  std::vector<std::string> Vars, Conj;
  for (unsigned K : chain(A))
    Vars.push_back(N.Loops[K].Var);
  if (std::string Dom = domainText(chain(A)); !Dom.empty())
    Conj.push_back(Dom);
  if (!A.Guard.empty())
    Conj.push_back("(" + A.Guard + ")");
  for (const std::string &S : N.Context)
    Conj.push_back("(" + S + ")");
  auto Read = [&](const std::vector<std::string> &Cs) {
    std::string Text = paramPrefix() + "{ [" + join(Vars, ", ") + "]" +
                       (Cs.empty() ? "" : " : " + join(Cs, " and ")) + " }";
    Set S(isl_set_read_from_str(C.get(), Text.c_str()));
    if (!S)
      isl_ctx_reset_error(C.get());
    return S;
  };
  Set Instances = Read(Conj);
  // The instances outside the range.
  Conj.push_back("((" + Expr + ") < (" + Lower + ") or (" + Expr + ") >= (" +
                 Upper + "))");
  Set Outside = Read(Conj);
  if (!Instances || !Outside)
    return std::nullopt;
  isl_bool Answer;
  if (Always) {
    // Every parameter value with an instance has one outside.
    Set Running(isl_set_params(Instances.release()));
    Set Leaving(isl_set_params(Outside.release()));
    if (!Running || !Leaving)
      return std::nullopt;
    isl_bool NoRun = isl_set_is_empty(Running.get());
    if (NoRun != isl_bool_false)
      return NoRun == isl_bool_error ? std::nullopt : std::optional(false);
    Answer = isl_set_is_subset(Running.get(), Leaving.get());
  } else {
    Answer = isl_set_is_empty(Outside.get());
  }
  if (Answer == isl_bool_error)
    return std::nullopt;
  return Answer == isl_bool_true;
}

Result Analysis::witness(const Access &X, const Access &Y, Map Conflict) {
  // [params, x..., y...], with the parameters in the order of N.Params.
  Set S(isl_set_flatten(isl_map_wrap(Conflict.release())));
  if (!S)
    return {islError(C.get()), std::nullopt};
  unsigned NP = N.Params.size();
  if (isl_set_dim(S.get(), isl_dim_param) != static_cast<isl_size>(NP))
    return {"unexpected parameters in the dependence relation", std::nullopt};
  std::vector<unsigned> ParamPos(NP); // N.Params index -> position in S
  for (unsigned P = 0; P < NP; ++P) {
    const char *Name = isl_set_get_dim_name(S.get(), isl_dim_param, P);
    for (unsigned Q = 0; Q < NP; ++Q)
      if (Name && N.Params[Q] == Name)
        ParamPos[Q] = P;
  }
  S.reset(isl_set_move_dims(S.release(), isl_dim_set, 0, isl_dim_param, 0, NP));
  if (!S)
    return {islError(C.get()), std::nullopt};
  isl_size Dims = isl_set_dim(S.get(), isl_dim_set);
  if (Dims < 0)
    return {islError(C.get()), std::nullopt};

  // The smallest point in growing boxes, any point as a last resort.
  Point Pt;
  const std::pair<int, int> Boxes[] = {{0, 16}, {-16, 16}, {-1024, 1024}};
  for (auto [Lo, Hi] : Boxes) {
    Set Box(isl_set_copy(S.get()));
    for (isl_size D = 0; D < Dims; ++D) {
      Box.reset(isl_set_lower_bound_si(Box.release(), isl_dim_set, D, Lo));
      Box.reset(isl_set_upper_bound_si(Box.release(), isl_dim_set, D, Hi));
    }
    Box.reset(isl_set_lexmin(Box.release()));
    if (!Box)
      return {islError(C.get()), std::nullopt};
    if (isl_set_is_empty(Box.get()) == isl_bool_false) {
      Pt.reset(isl_set_sample_point(Box.release()));
      break;
    }
  }
  if (!Pt)
    Pt.reset(isl_set_sample_point(isl_set_copy(S.get())));
  if (!Pt || isl_point_is_void(Pt.get()) != isl_bool_false)
    return {"no sample point in a non-empty dependence relation: " +
                islError(C.get()),
            std::nullopt};

  std::vector<std::string> Text(Dims);
  std::vector<int64_t> Value(Dims);
  for (isl_size D = 0; D < Dims; ++D) {
    Val V(isl_point_get_coordinate_val(Pt.get(), isl_dim_set, D));
    if (!V)
      return {islError(C.get()), std::nullopt};
    char *Str = isl_val_to_str(V.get());
    Text[D] = Str ? Str : "?";
    std::free(Str);
    Value[D] = isl_val_get_num_si(V.get());
  }

  Dependence Dep;
  Dep.Source = &X;
  Dep.Sink = &Y;
  for (unsigned Q = 0; Q < NP; ++Q)
    Dep.ParamValues.push_back(Value[ParamPos[Q]]);
  std::vector<unsigned> CX = chain(X), CY = chain(Y);
  for (unsigned K = 0; K < CX.size(); ++K)
    Dep.SourceIter.push_back(Value[NP + K]);
  for (unsigned K = 0; K < CY.size(); ++K)
    Dep.SinkIter.push_back(Value[NP + CX.size() + K]);

  auto At = [&](unsigned First, const std::vector<unsigned> &Chain) {
    std::vector<std::string> Parts;
    for (unsigned K = 0; K < Chain.size(); ++K) {
      const Loop &L = N.Loops[Chain[K]];
      Parts.push_back((L.Shown.empty() ? L.Var : L.Shown) + "=" +
                      Text[First + K]);
    }
    return join(Parts, ", ");
  };
  auto Name = [](const Access &A) {
    if (!A.Text.empty())
      return A.Text;
    std::string Out = A.Array;
    for (const std::string &S : A.Subscripts)
      Out += "[" + S + "]";
    return Out;
  };
  std::string Msg = Name(X) + " written at " + At(NP, CX) + " is " +
                    (Y.Write ? "written" : "read");
  if (&X != &Y && Name(X) != Name(Y))
    Msg += " by " + Name(Y);
  Msg += " at " + At(NP + CX.size(), CY);
  if (NP) {
    std::vector<std::string> Parts;
    for (unsigned Q = 0; Q < NP; ++Q)
      Parts.push_back(N.Params[Q] + "=" + Text[ParamPos[Q]]);
    Msg += " (" + join(Parts, ", ") + ")";
  }
  Dep.Message = std::move(Msg);
  return {"", std::move(Dep)};
}

} // namespace

Result l2c::deps::findDependence(const Nest &N) {
  Analysis A(N);
  return A.run();
}

std::optional<bool> l2c::deps::alwaysWithin(const Nest &N, unsigned Which,
                                            const std::string &Expr,
                                            const std::string &Lower,
                                            const std::string &Upper) {
  Analysis A(N);
  return A.within(Which, Expr, Lower, Upper, false);
}

std::optional<bool> l2c::deps::alwaysLeaves(const Nest &N, unsigned Which,
                                            const std::string &Expr,
                                            const std::string &Lower,
                                            const std::string &Upper) {
  Analysis A(N);
  return A.within(Which, Expr, Lower, Upper, true);
}

std::optional<bool> l2c::deps::isEmptySet(const std::string &Text) {
  Ctx C(isl_ctx_alloc());
  if (!C)
    return std::nullopt;
  isl_options_set_on_error(C.get(), ISL_ON_ERROR_CONTINUE);
  Set S(isl_set_read_from_str(C.get(), Text.c_str()));
  if (!S)
    return std::nullopt;
  isl_bool Empty = isl_set_is_empty(S.get());
  if (Empty == isl_bool_error)
    return std::nullopt;
  return Empty == isl_bool_true;
}
