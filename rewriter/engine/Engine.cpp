//===- Engine.cpp - Matching, evaluation and strategies -------------------===//
//
// Lists are matched as cons lists: a rule whose pattern is a list is tried at
// every suffix of a list, so `[$h, CopyIn($a) : $rest]` finds the pair
// anywhere in a statement list. When a rule replaces one element of a list
// by a list, the result is spliced into the enclosing list.
//
//===----------------------------------------------------------------------===//

#include "engine/Engine.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <unordered_set>

namespace l2c {

namespace {

/// A variable's binding. A list tail is bound lazily: the rest of the list
/// is built only when a condition or the replacement reads it, so trying a
/// list rule at every suffix of a long list costs no copies.
struct Binding {
  const std::string *Name;
  mutable Term Value;
  const std::vector<Term> *Elems = nullptr; // lazy tail: Elems[From..] ++ Tail
  size_t From = 0;
  Term Tail;

  const Term &get() const {
    if (!Value && Elems) {
      if (From == Elems->size() && Tail)
        Value = Tail;
      else
        Value = Term::list(
            std::vector<Term>(Elems->begin() + static_cast<long>(From),
                              Elems->end()),
            Tail);
    }
    return Value;
  }
};

using Bindings = llvm::SmallVector<Binding, 8>;

const Term *lookupVar(const Bindings &B, const std::string &Name) {
  for (const auto &P : B)
    if (*P.Name == Name)
      return &P.get();
  return nullptr;
}

bool match(const Term &P, const Term &T, Bindings &B);

/// Matches pattern elements (and tail) against Elems[From..] plus Tail.
bool matchList(const Term &P, const std::vector<Term> &Elems, size_t From,
               const Term &Tail, Bindings &B) {
  const auto &PE = P.args();
  size_t Avail = Elems.size() - From;
  if (PE.size() > Avail)
    return false;
  for (size_t I = 0; I < PE.size(); ++I)
    if (!match(PE[I], Elems[From + I], B))
      return false;
  size_t Rest = From + PE.size();
  if (!P.tail())
    return Rest == Elems.size() && !Tail;
  const Term &TailPat = P.tail();
  if (TailPat.is(Term::Var) && !lookupVar(B, TailPat.name())) {
    Binding Lazy{&TailPat.name(), Term(), &Elems, Rest, Tail};
    B.push_back(std::move(Lazy));
    return true;
  }
  Binding Now{nullptr, Term(), &Elems, Rest, Tail};
  return match(TailPat, Now.get(), B);
}

bool match(const Term &P, const Term &T, Bindings &B) {
  if (P.is(Term::Var)) {
    if (const Term *Old = lookupVar(B, P.name()))
      return *Old == T;
    B.push_back(Binding{&P.name(), T});
    return true;
  }
  if (!T || P.kind() != T.kind())
    return false;
  switch (P.kind()) {
  case Term::App: {
    if (P.name() != T.name() || P.arity() != T.arity())
      return false;
    for (size_t I = 0; I < P.arity(); ++I)
      if (!match(P[I], T[I], B))
        return false;
    return true;
  }
  case Term::List:
    return matchList(P, T.args(), 0, T.tail(), B);
  default:
    return P == T;
  }
}

/// Result of evaluating an expression: a term, "no answer" (a fact failed:
/// the rule does not apply), or an error.
struct EvalResult {
  Term Value; // null: no answer
  std::string Error;
};

class Runner {
public:
  Runner(const RuleSet &Set, const FactRegistry &Facts,
         const EngineOptions &Opts, RunStats &Stats)
      : Set(Set), Facts(Facts), Opts(Opts), Stats(Stats),
        Tracing(static_cast<bool>(Opts.Trace)) {
    Stats = RunStats();
    for (const Rule &R : Set.Rules) {
      if (Opts.Disabled.contains(R.Name))
        continue;
      if (R.Pattern.is(Term::List)) {
        ListRules.push_back(&R);
        MaxListPattern = std::max(MaxListPattern, R.Pattern.arity());
        if (R.Pattern.tail())
          for (const Condition &C : R.Conditions)
            if (occursVar(C.Expr, R.Pattern.tail().name()))
              ListTailInConditions = true;
      } else if (R.Pattern.is(Term::Var))
        AnyRules.push_back(&R);
      else
        ByHead[headKey(R.Pattern)].push_back(&R);
    }
  }

  llvm::Expected<Term> run(const Term &T) {
    Term Out;
    switch (Set.Strat) {
    case Strategy::TopDown:
      Out = topDown(T, "");
      break;
    case Strategy::BottomUp:
      Out = bottomUp(T, "");
      break;
    case Strategy::Innermost:
      Out = innermost(T, "");
      break;
    case Strategy::Once: {
      bool Done = false;
      Out = once(T, "", Done);
      break;
    }
    }
    if (!Error.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), Error);
    return Out;
  }

private:
  static std::string headKey(const Term &T) {
    if (T.is(Term::App))
      return T.name() + "/" + std::to_string(T.arity());
    return std::string(1, static_cast<char>('0' + T.kind())) + T.name();
  }

  bool failed() const { return !Error.empty(); }

  void fail(const Rule &R, const std::string &Msg) {
    if (Error.empty())
      Error = R.Loc.str() + ": error: in rule '" + R.Name + "' of rule set '" +
              Set.Name + "': " + Msg;
  }

  EvalResult eval(const Term &E, const Bindings &B, const Rule &R);
  EvalResult evalArgs(const Term &E, const Bindings &B, const Rule &R,
                      std::vector<Term> &Out, bool &Changed);
  EvalResult evalOp(const Term &E, const Bindings &B, const Rule &R);
  /// Tries rule R on T; returns the replacement or a null term.
  Term tryRule(const Rule &R, const Term &T, const std::vector<Term> *Elems,
               size_t From, const Term &Tail, const std::string &Path);
  /// Tries every non-list rule at T.
  Term tryHere(const Term &T, const std::string &Path);
  /// Tries list rules at the suffixes of list L from From on; sets At to the
  /// suffix start that matched.
  Term tryListSuffix(const Term &L, size_t From, size_t &At,
                     const std::string &Path);
  bool countStep(const Rule &R);

  Term rebuild(const Term &T, const std::vector<Term> &NewArgs,
               const Term &NewTail, const std::vector<bool> &Spliceable);
  Term topDown(const Term &T, const std::string &Path);
  Term bottomUp(const Term &T, const std::string &Path);
  Term innermost(const Term &T, const std::string &Path);
  Term once(const Term &T, const std::string &Path, bool &Done);
  Term applyListRulesOnce(const Term &L, const std::string &Path);

  const RuleSet &Set;
  const FactRegistry &Facts;
  const EngineOptions &Opts;
  RunStats &Stats;
  std::vector<const Rule *> ListRules, AnyRules;
  llvm::StringMap<std::vector<const Rule *>> ByHead;
  std::string Error;
  // Terms already in normal form (innermost); kept alive so that node
  // addresses are not reused while the set holds them.
  llvm::DenseSet<const void *> Normal;
  std::vector<Term> KeepAlive;
  const Rule *LastFired = nullptr;
  bool Tracing;
  size_t MaxListPattern = 0;
  size_t LastMatchedLength = 0;
  // A list rule whose conditions read its tail can start to match before
  // a rewrite further down the list; then scanning restarts at the front.
  bool ListTailInConditions = false;
  unsigned Depth = 0;

  static bool occursVar(const Term &T, const std::string &Name) {
    if (T.is(Term::Var))
      return T.name() == Name;
    if (T.is(Term::App) || T.is(Term::List)) {
      for (const Term &A : T.args())
        if (occursVar(A, Name))
          return true;
      return T.tail() && occursVar(T.tail(), Name);
    }
    return false;
  }
  static constexpr unsigned MaxDepth = 4000;

  /// Counts one level of recursion; a term that keeps growing under the
  /// strategy is a rule set that does not terminate.
  struct DepthGuard {
    Runner &R;
    explicit DepthGuard(Runner &R) : R(R) { ++R.Depth; }
    ~DepthGuard() { --R.Depth; }
  };
  bool tooDeep() {
    if (Depth < MaxDepth)
      return false;
    if (Error.empty())
      Error = Set.Loc.str() + ": error: rule set '" + Set.Name +
              "' did not terminate: the term grew deeper than " +
              std::to_string(MaxDepth) + " levels under strategy " +
              strategyName(Set.Strat) + "; rule '" +
              (LastFired ? LastFired->Name : std::string("?")) +
              "' keeps firing";
    return true;
  }
};

EvalResult Runner::evalOp(const Term &E, const Bindings &B, const Rule &R) {
  const std::string &Op = E.name();
  EvalResult L = eval(E[0], B, R);
  if (!L.Error.empty() || !L.Value)
    return L;
  if (Op == "!")
    return {Term::boolean(!isTrue(L.Value)), ""};
  // Short-circuit logic.
  if (Op == "&&" && !isTrue(L.Value))
    return {Term::boolean(false), ""};
  if (Op == "||" && isTrue(L.Value))
    return {Term::boolean(true), ""};
  EvalResult RV = eval(E[1], B, R);
  if (!RV.Error.empty() || !RV.Value)
    return RV;
  if (Op == "&&" || Op == "||")
    return {Term::boolean(isTrue(RV.Value)), ""};
  if (Op == "==")
    return {Term::boolean(L.Value == RV.Value), ""};
  if (Op == "!=")
    return {Term::boolean(L.Value != RV.Value), ""};
  if (!L.Value.is(Term::Int) || !RV.Value.is(Term::Int))
    return {Term(), "operator '" + Op + "' needs integers, got " +
                        L.Value.str() + " and " + RV.Value.str()};
  int64_t X = L.Value.intValue(), Y = RV.Value.intValue();
  if (Op == "<")
    return {Term::boolean(X < Y), ""};
  if (Op == "<=")
    return {Term::boolean(X <= Y), ""};
  if (Op == ">")
    return {Term::boolean(X > Y), ""};
  if (Op == ">=")
    return {Term::boolean(X >= Y), ""};
  if (Op == "+")
    return {Term::integer(X + Y), ""};
  if (Op == "-")
    return {Term::integer(X - Y), ""};
  if (Op == "*")
    return {Term::integer(X * Y), ""};
  if ((Op == "/" || Op == "%") && Y == 0)
    return {Term(), "division by zero in '" + E.str() + "'"};
  if (Op == "/")
    return {Term::integer(X / Y), ""};
  return {Term::integer(X % Y), ""};
}

/// Evaluates the arguments of an application or list into Out; a failed
/// or unanswered argument is returned, a null result means success.
EvalResult Runner::evalArgs(const Term &E, const Bindings &B, const Rule &R,
                            std::vector<Term> &Out, bool &Changed) {
  Out.reserve(E.arity());
  for (const Term &A : E.args()) {
    EvalResult V = eval(A, B, R);
    if (!V.Error.empty() || !V.Value)
      return V;
    Changed |= !V.Value.sameNode(A);
    Out.push_back(std::move(V.Value));
  }
  return {Term(), ""};
}

EvalResult Runner::eval(const Term &E, const Bindings &B, const Rule &R) {
  switch (E.kind()) {
  case Term::Var: {
    const Term *V = lookupVar(B, E.name());
    if (!V)
      return {Term(), "variable '$" + E.name() + "' is not bound"};
    return {*V, ""};
  }
  case Term::App:
  case Term::List: {
    if (E.is(Term::App) && isOperatorHead(E.name()))
      return evalOp(E, B, R);
    std::vector<Term> Args;
    bool Changed = false;
    EvalResult Failed = evalArgs(E, B, R, Args, Changed);
    if (!Failed.Error.empty() || Args.size() != E.arity())
      return Failed;
    if (E.is(Term::App) && isFactName(E.name())) {
      const Fact *F = Facts.lookup(E.name());
      if (!F)
        return {Term(), "unknown fact '" + E.name() + "'"};
      std::optional<Term> Res = F->Fn(Args);
      return {Res ? *Res : Term(), ""};
    }
    Term Tail = E.tail();
    if (Tail) {
      EvalResult V = eval(Tail, B, R);
      if (!V.Error.empty() || !V.Value)
        return V;
      Changed |= !V.Value.sameNode(Tail);
      Tail = V.Value;
    }
    if (!Changed)
      return {E, ""};
    if (E.is(Term::App))
      return {Term::app(E.name(), std::move(Args)), ""};
    return {Term::list(std::move(Args), Tail), ""};
  }
  default:
    return {E, ""};
  }
}

bool Runner::countStep(const Rule &R) {
  ++Stats.Rewrites;
  ++Stats.PerRule[R.Name];
  LastFired = &R;
  if (Stats.Rewrites <= Set.StepLimit)
    return true;
  // Name the rule that fired most: that is the one that keeps firing.
  std::string Worst;
  size_t Most = 0;
  for (const auto &P : Stats.PerRule)
    if (P.second > Most) {
      Most = P.second;
      Worst = P.first;
    }
  Error = Set.Loc.str() + ": error: rule set '" + Set.Name +
          "' did not terminate: " + std::to_string(Set.StepLimit) +
          " rewrites under strategy " + strategyName(Set.Strat) + "; rule '" +
          Worst + "' keeps firing (" + std::to_string(Most) +
          " times); the last to fire was rule '" + R.Name + "' at " +
          R.Loc.str();
  return false;
}

Term Runner::tryRule(const Rule &R, const Term &T,
                     const std::vector<Term> *Elems, size_t From,
                     const Term &Tail, const std::string &Path) {
  Bindings B;
  bool Ok = Elems ? matchList(R.Pattern, *Elems, From, Tail, B)
                  : match(R.Pattern, T, B);
  if (!Ok)
    return Term();
  for (const Condition &C : R.Conditions) {
    EvalResult V = eval(C.Expr, B, R);
    if (!V.Error.empty()) {
      fail(R, V.Error);
      return Term();
    }
    if (!V.Value)
      return Term();
    if (C.Pattern) {
      if (!match(C.Pattern, V.Value, B))
        return Term();
    } else if (!isTrue(V.Value)) {
      return Term();
    }
  }
  EvalResult Rep = eval(R.Replacement, B, R);
  if (!Rep.Error.empty()) {
    fail(R, Rep.Error);
    return Term();
  }
  if (!Rep.Value) {
    fail(R, "a fact in the replacement gave no answer");
    return Term();
  }
  for (const Term &A : R.Actions) {
    EvalResult V = eval(A, B, R);
    if (!V.Error.empty()) {
      fail(R, V.Error);
      return Term();
    }
  }
  if (!countStep(R))
    return Term();
  if (Opts.Trace) {
    Term Before =
        Elems ? Term::list(
                    std::vector<Term>(Elems->begin() + static_cast<long>(From),
                                      Elems->end()),
                    Tail)
              : T;
    Opts.Trace({&Set, &R, Path.empty() ? "/" : Path, Before, Rep.Value});
  }
  return Rep.Value;
}

Term Runner::tryHere(const Term &T, const std::string &Path) {
  if (failed())
    return Term();
  if (T.is(Term::App) || T.kind() != Term::List) {
    auto It = ByHead.find(headKey(T));
    if (It != ByHead.end())
      for (const Rule *R : It->second)
        if (Term Out = tryRule(*R, T, nullptr, 0, Term(), Path))
          return Out;
  }
  for (const Rule *R : AnyRules)
    if (Term Out = tryRule(*R, T, nullptr, 0, Term(), Path))
      return Out;
  return Term();
}

Term Runner::tryListSuffix(const Term &L, size_t From, size_t &At,
                           const std::string &Path) {
  if (ListRules.empty() || failed())
    return Term();
  const auto &E = L.args();
  for (size_t K = From; K <= E.size(); ++K) {
    if (K == E.size() && !L.tail() && K != 0)
      break;
    for (const Rule *R : ListRules) {
      LastMatchedLength = R->Pattern.arity();
      if (Term Out = tryRule(
              *R, L, &E, K, L.tail(),
              K && Tracing ? Path + "/" + std::to_string(K) + ".." : Path)) {
        At = K;
        return Out;
      }
    }
  }
  return Term();
}

/// Rebuilds an application or list from new children. A list element that
/// was rewritten from a non-list into a list is spliced in.
Term Runner::rebuild(const Term &T, const std::vector<Term> &NewArgs,
                     const Term &NewTail, const std::vector<bool> &Spliceable) {
  bool Changed = !NewTail.sameNode(T.tail());
  for (size_t I = 0; I < NewArgs.size() && !Changed; ++I)
    Changed = !NewArgs[I].sameNode(T.args()[I]);
  if (!Changed)
    return T;
  if (T.is(Term::App))
    return Term::app(T.name(), NewArgs);
  std::vector<Term> Flat;
  Flat.reserve(NewArgs.size());
  for (size_t I = 0; I < NewArgs.size(); ++I) {
    const Term &E = NewArgs[I];
    if (Spliceable[I] && E.is(Term::List) && !E.tail())
      Flat.insert(Flat.end(), E.args().begin(), E.args().end());
    else
      Flat.push_back(E);
  }
  return Term::list(std::move(Flat), NewTail);
}

static bool hasChildren(const Term &T) {
  return T.is(Term::App) || T.is(Term::List);
}

template <typename Fn>
static Term
mapChildren(const Term &T, const std::string &Path, bool Tracing, Fn Visit,
            Term (Runner::*Rebuild)(const Term &, const std::vector<Term> &,
                                    const Term &, const std::vector<bool> &),
            Runner *Self, size_t From = 0) {
  // The new children are collected only from the first one that changed:
  // a pass that changes nothing copies nothing.
  std::vector<Term> Args;
  std::vector<bool> Splice;
  bool Changed = false;
  const std::vector<Term> &Old = T.args();
  for (size_t I = From; I < Old.size(); ++I) {
    const Term &C = Old[I];
    Term V = Visit(C, Tracing ? Path + "/" + std::to_string(I) : Path);
    if (!Changed && V.sameNode(C))
      continue;
    if (!Changed) {
      Changed = true;
      Args.reserve(Old.size());
      Splice.reserve(Old.size());
      for (size_t J = 0; J < I; ++J) {
        Args.push_back(Old[J]);
        Splice.push_back(!Old[J].is(Term::List));
      }
    }
    Args.push_back(std::move(V));
    Splice.push_back(!C.is(Term::List));
  }
  Term Tail = T.tail();
  if (Tail)
    Tail = Visit(Tail, Tracing ? Path + "/tail" : Path);
  if (!Changed) {
    if (Tail.sameNode(T.tail()))
      return T;
    Args = Old;
    for (const Term &C : Old)
      Splice.push_back(!C.is(Term::List));
  }
  return (Self->*Rebuild)(T, Args, Tail, Splice);
}

/// One left-to-right pass of the list rules over the suffixes of L.
Term Runner::applyListRulesOnce(const Term &L, const std::string &Path) {
  Term Cur = L;
  size_t From = 0;
  while (!failed() && Cur.is(Term::List)) {
    size_t At = 0;
    Term Out = tryListSuffix(Cur, From, At, Path);
    if (!Out)
      break;
    // Resume after what the rule produced in front of the untouched rest.
    size_t Untouched = Cur.args().size() - At - LastMatchedLength;
    size_t Produced = Out.is(Term::List) && Out.arity() >= Untouched
                          ? Out.arity() - Untouched
                          : 1;
    std::vector<Term> Prefix(Cur.args().begin(),
                             Cur.args().begin() + static_cast<long>(At));
    Cur = Term::list(std::move(Prefix), Out);
    From = At + std::max<size_t>(Produced, 1);
  }
  return Cur;
}

Term Runner::topDown(const Term &T, const std::string &Path) {
  if (failed())
    return T;
  DepthGuard G(*this);
  if (tooDeep())
    return T;
  Term Cur = T;
  if (Term Out = tryHere(Cur, Path))
    Cur = Out;
  if (Cur.is(Term::List))
    Cur = applyListRulesOnce(Cur, Path);
  if (!hasChildren(Cur))
    return Cur;
  return mapChildren(
      Cur, Path, Tracing,
      [this](const Term &C, const std::string &P) { return topDown(C, P); },
      &Runner::rebuild, this);
}

Term Runner::bottomUp(const Term &T, const std::string &Path) {
  if (failed())
    return T;
  DepthGuard G(*this);
  if (tooDeep())
    return T;
  Term Cur = T;
  if (hasChildren(Cur))
    Cur = mapChildren(
        Cur, Path, Tracing,
        [this](const Term &C, const std::string &P) { return bottomUp(C, P); },
        &Runner::rebuild, this);
  if (Cur.is(Term::List)) {
    Term After = applyListRulesOnce(Cur, Path);
    if (!After.sameNode(Cur))
      return After;
  }
  if (Term Out = tryHere(Cur, Path))
    return Out;
  return Cur;
}

Term Runner::innermost(const Term &T, const std::string &Path) {
  Term Cur = T;
  size_t ResumeAt = 0;
  // After a list rewrite at suffix At, the elements before At are the same
  // normal terms as before: only the rest needs visiting again.
  size_t NormalPrefix = 0;
  DepthGuard G(*this);
  if (tooDeep())
    return Cur;
  for (;;) {
    if (failed())
      return Cur;
    if (Normal.count(Cur.nodeId()))
      return Cur;
    if (hasChildren(Cur))
      Cur = mapChildren(
          Cur, Path, Tracing,
          [this](const Term &C, const std::string &P) {
            return innermost(C, P);
          },
          &Runner::rebuild, this, Cur.is(Term::List) ? NormalPrefix : 0);
    NormalPrefix = 0;
    Term Out;
    if (Cur.is(Term::List)) {
      size_t At = 0;
      if (Term R = tryListSuffix(Cur, ResumeAt, At, Path)) {
        std::vector<Term> Prefix(Cur.args().begin(),
                                 Cur.args().begin() + static_cast<long>(At));
        Out = Term::list(std::move(Prefix), R);
        NormalPrefix = At;
        // Suffixes that start well before the rewrite saw the same
        // elements before it and did not match then.
        ResumeAt = ListTailInConditions || At < MaxListPattern
                       ? 0
                       : At - MaxListPattern + 1;
      } else {
        Out = tryHere(Cur, Path);
        ResumeAt = 0;
      }
    } else {
      Out = tryHere(Cur, Path);
    }
    if (!Out) {
      Normal.insert(Cur.nodeId());
      KeepAlive.push_back(Cur);
      return Cur;
    }
    Cur = Out;
  }
}

Term Runner::once(const Term &T, const std::string &Path, bool &Done) {
  if (Done || failed())
    return T;
  DepthGuard G(*this);
  if (tooDeep())
    return T;
  if (T.is(Term::List)) {
    size_t At = 0;
    if (Term R = tryListSuffix(T, 0, At, Path)) {
      Done = true;
      std::vector<Term> Prefix(T.args().begin(),
                               T.args().begin() + static_cast<long>(At));
      return Term::list(std::move(Prefix), R);
    }
  }
  if (Term Out = tryHere(T, Path)) {
    Done = true;
    return Out;
  }
  if (!hasChildren(T))
    return T;
  return mapChildren(
      T, Path, Tracing,
      [this, &Done](const Term &C, const std::string &P) {
        return once(C, P, Done);
      },
      &Runner::rebuild, this);
}

} // namespace

std::string traceText(const TraceEvent &Ev) {
  return "trace: " + Ev.Set->Name + "/" + Ev.R->Name + " at " + Ev.Path +
         "\n  before: " + Ev.Before.str() + "\n  after:  " + Ev.After.str() +
         "\n";
}

llvm::Expected<Term> Engine::run(const RuleSet &Set, const Term &T,
                                 RunStats *Stats) const {
  RunStats Local;
  if (Opts.Disabled.contains(Set.Name))
    return T;
  Runner R(Set, Facts, Opts, Stats ? *Stats : Local);
  return R.run(T);
}

llvm::Expected<Term> Engine::runPipeline(llvm::ArrayRef<const RuleSet *> Sets,
                                         const Term &T) const {
  Term Cur = T;
  for (const RuleSet *S : Sets) {
    auto Next = run(*S, Cur);
    if (!Next)
      return Next.takeError();
    Cur = *Next;
  }
  return Cur;
}

} // namespace l2c
