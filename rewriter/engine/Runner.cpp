//===- Runner.cpp - Trying rules at a term or a list suffix ---------------===//

#include "engine/Runner.h"

#include <atomic>

namespace l2c {

/// True when R's replacement is `[e1, ..., ek : $r]` with $r the tail of
/// its list pattern, bound lazily (no pattern element names it): then the
/// rest of the list passes through unchanged and need not be copied.
static bool keepsTail(const Rule &R) {
  const Term &P = R.Pattern, &Rep = R.Replacement;
  if (!P.is(Term::List) || !P.tail().is(Term::Var) || !Rep.is(Term::List) ||
      !Rep.tail().is(Term::Var) || Rep.tail().name() != P.tail().name())
    return false;
  bool InElements = false;
  for (const Term &E : P.args())
    forEachSubterm(E, [&](const Term &X) {
      InElements |= X.is(Term::Var) && X.name() == P.tail().name();
      return !InElements;
    });
  return !InElements;
}

/// True when Name occurs in T.
static bool mentions(const Term &T, const std::string &Name) {
  bool Found = false;
  forEachSubterm(T, [&](const Term &X) {
    Found |= X.is(Term::Var) && X.name() == Name;
    return !Found;
  });
  return Found;
}

/// See Runner::WindowOnly.
static bool windowOnly(const Rule &R, size_t MaxWindow) {
  const Term &P = R.Pattern;
  if (!P.is(Term::List) || !P.tail().is(Term::Var) || P.arity() == 0 ||
      P.arity() > MaxWindow)
    return false;
  const std::string &Rest = P.tail().name();
  for (const Term &E : P.args())
    if (mentions(E, Rest))
      return false;
  for (const Condition &C : R.Conditions)
    if (mentions(C.Expr, Rest) || (C.Pattern && mentions(C.Pattern, Rest)))
      return false;
  return true;
}

/// A number no other run of this process has had (0 is no run).
static uint32_t newRunId() {
  static std::atomic<uint32_t> Last{0};
  uint32_t Id = ++Last;
  return Id ? Id : ++Last;
}

Runner::Runner(const RuleSet &Set, const FactRegistry &Facts,
               const EngineOptions &Opts, RunStats &Stats)
    : Set(Set), Facts(Facts), Opts(Opts), Stats(Stats),
      Index(Set, Opts.Disabled), Fired(Set.Rules.size(), 0), RunId(newRunId()),
      Tracing(static_cast<bool>(Opts.Trace)) {
  Stats = RunStats();
  Programs.resize(Set.Rules.size());
  for (const Rule &R : Set.Rules) {
    KeepsTail.push_back(keepsTail(R));
    WindowOnly.push_back(windowOnly(R, MaxWindow));
  }
}

llvm::Expected<Term> Runner::run(const Term &T) {
  Term Out;
  switch (Set.Strat) {
  case Strategy::TopDown:
    Out = topDown(T, "");
    break;
  case Strategy::BottomUp:
    Out = bottomUp(T, "");
    break;
  case Strategy::Innermost:
    MemoWindows = true;
    Out = innermost(T, "");
    break;
  case Strategy::Once: {
    bool Done = false;
    Out = once(T, "", Done);
    break;
  }
  }
  flushCounts();
  if (!Error.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Error);
  return Out;
}

void Runner::fail(const Rule &R, const std::string &Msg) {
  if (Error.empty())
    Error = R.Loc.str() + ": error: in rule '" + R.Name + "' of rule set '" +
            Set.Name + "': " + Msg;
}

bool Runner::tooDeep() {
  if (Depth < MaxDepth)
    return false;
  if (Error.empty())
    Error = Set.Loc.str() + ": error: rule set '" + Set.Name +
            "' did not terminate: the term grew deeper than " +
            std::to_string(MaxDepth) + " levels under strategy " +
            strategyName(Set.Strat) + "; rule '" +
            (LastFired ? LastFired->Name : std::string("?")) + "' keeps firing";
  return true;
}

void Runner::flushCounts() {
  for (size_t I = 0; I < Fired.size(); ++I)
    if (Fired[I]) {
      Stats.PerRule[Set.Rules[I].Name] += Fired[I];
      Fired[I] = 0;
    }
}

bool Runner::countStep(const Rule &R) {
  ++Stats.Rewrites;
  ++Fired[Index.position(R)];
  LastFired = &R;
  if (Stats.Rewrites <= Set.StepLimit)
    return true;
  // Name the rule that fired most: that is the one that keeps firing.
  flushCounts();
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

static Term suffix(llvm::ArrayRef<Term> Elems, size_t From, const Term &Tail) {
  return Term::listOf(Elems.drop_front(From), Tail);
}

bool Runner::tryRule(const Rule &R, const Term &T,
                     const llvm::ArrayRef<Term> *Elems, size_t From,
                     const Term &Tail, const std::string &Path, Rewrite &Out,
                     bool AllowEdit) {
  const RuleProgram &Prog = program(R);
  Bindings B(Prog);
  bool Ok = Elems ? matchList(Prog.Pattern, *Elems, From, Tail, B)
                  : match(Prog.Pattern, T, B);
  if (!Ok)
    return false;
  for (const CondProgram &C : Prog.Conditions) {
    if (!C.IsLet) {
      std::string Err;
      int Holds = evalTest(C.Expr, B, R, Err);
      if (!Err.empty()) {
        fail(R, Err);
        return false;
      }
      if (Holds <= 0)
        return false;
      continue;
    }
    EvalResult V = eval(C.Expr, B, R);
    if (!V.Error.empty()) {
      fail(R, V.Error);
      return false;
    }
    if (!V.Value)
      return false;
    if (!match(C.Pattern, V.Value, B))
      return false;
  }
  // An edit evaluates the replacement's elements, in order, as eval would,
  // and leaves its tail, the rest of the list, where it is.
  bool Edit = AllowEdit && Elems && KeepsTail[Index.position(R)];
  EvalResult Rep;
  llvm::SmallVector<Term, 4> NewElems;
  if (Edit) {
    bool Changed = false;
    Rep = evalArgs(Prog.Replacement, B, R, NewElems, Changed);
    if (Rep.Error.empty() && NewElems.size() == R.Replacement.arity())
      Rep.Value = R.Replacement; // a placeholder: "evaluated"
  } else {
    Rep = eval(Prog.Replacement, B, R);
  }
  if (!Rep.Error.empty()) {
    fail(R, Rep.Error);
    return false;
  }
  if (!Rep.Value) {
    fail(R, "a fact in the replacement gave no answer");
    return false;
  }
  for (const ExprNode &A : Prog.Actions) {
    EvalResult V = eval(A, B, R);
    if (!V.Error.empty()) {
      fail(R, V.Error);
      return false;
    }
  }
  if (!countStep(R))
    return false;
  Out.IsEdit = Edit;
  Out.At = From;
  Out.Rest = From + R.Pattern.arity();
  if (Edit) {
    Out.NewElems = std::move(NewElems);
    Out.Value = Term();
  } else {
    Out.Value = Rep.Value;
  }
  if (Opts.Trace) {
    Term Before = Elems ? suffix(*Elems, From, Tail) : T;
    Term After = Rep.Value;
    if (Edit) {
      std::vector<Term> All(Out.NewElems.begin(), Out.NewElems.end());
      All.insert(All.end(), Elems->begin() + static_cast<long>(Out.Rest),
                 Elems->end());
      After = Term::list(std::move(All), Tail);
    }
    Opts.Trace({&Set, &R, Path.empty() ? "/" : Path, Before, After});
  }
  return true;
}

Term Runner::tryHere(const Term &T, const std::string &Path) {
  if (failed())
    return Term();
  // mayMatchBelowHead first: most candidates fail at once (Add($x, 0) at
  // Add(i, j)), and then no Bindings (nor a Rewrite) are built. The index
  // has compared their kind, head and arity with T's.
  for (const Rule *R : Index.headRules(T))
    if (mayMatchBelowHead(program(*R).Pattern, T)) {
      Rewrite Out;
      if (tryRule(*R, T, nullptr, 0, Term(), Path, Out, false))
        return Out.Value;
    }
  for (const Rule *R : Index.anyRules()) {
    Rewrite Out;
    if (tryRule(*R, T, nullptr, 0, Term(), Path, Out, false))
      return Out.Value;
  }
  return Term();
}

bool Runner::tryListSuffix(llvm::ArrayRef<Term> Elems, const Term &Tail,
                           size_t From, const std::string &Path, Rewrite &Out,
                           bool AllowEdit, size_t RescanFrom) {
  auto Rules = Index.listRules();
  if (Rules.empty() || failed())
    return false;
  // Before From only the rules that rescan are tried: the others saw the
  // same elements there last time and did not match.
  size_t Start =
      Index.rescanRules().empty() ? From : std::min(From, RescanFrom);
  for (size_t K = Start; K <= Elems.size(); ++K) {
    if (K == Elems.size() && !Tail && K != 0)
      break;
    for (const Rule *R : K < From ? Index.rescanRules() : Rules) {
      if (!Index.mayMatchSuffix(*R, Elems, K))
        continue;
      WindowKey Key;
      bool Memo = MemoWindows && windowKey(*R, Elems, K, Key);
      if (Memo && FailedWindows.contains(Key))
        continue;
      bool Applied =
          K && Tracing
              ? tryRule(*R, Term(), &Elems, K, Tail,
                        Path + "/" + std::to_string(K) + "..", Out, AllowEdit)
              : tryRule(*R, Term(), &Elems, K, Tail, Path, Out, AllowEdit);
      if (Applied)
        return true;
      if (Memo && !failed() && FailedWindows.insert(Key).second)
        KeepAlive.insert(KeepAlive.end(), Elems.begin() + static_cast<long>(K),
                         Elems.begin() +
                             static_cast<long>(K + R->Pattern.arity()));
    }
  }
  return false;
}

bool Runner::windowKey(const Rule &R, llvm::ArrayRef<Term> Elems, size_t K,
                       WindowKey &Key) const {
  size_t Pos = Index.position(R), N = R.Pattern.arity();
  if (!WindowOnly[Pos] || K + N > Elems.size())
    return false;
  const void *E[MaxWindow] = {nullptr, nullptr, nullptr};
  for (size_t I = 0; I < N; ++I)
    E[I] = Elems[K + I].nodeId();
  Key = WindowKey(Pos, E[0], E[1], E[2]);
  return true;
}

Term Runner::applyToList(llvm::ArrayRef<Term> Elems, const Term &Tail,
                         const Rewrite &Rw) {
  if (!Rw.IsEdit)
    return Term::listJoining({Elems.take_front(Rw.At)}, Rw.Value);
  return Term::listJoining(
      {Elems.take_front(Rw.At), Rw.NewElems, Elems.drop_front(Rw.Rest)}, Tail);
}

} // namespace l2c
