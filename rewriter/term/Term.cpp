//===- Term.cpp - Immutable shared terms ----------------------------------===//

#include "term/Term.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <functional>

namespace l2c {

// Bit 63 marks a computed symbol set (so that 0 means "not yet"); bit 62 is
// ListBit; application heads hash into bits 0-51, identifiers into 52-61.
static constexpr uint64_t ComputedBit = uint64_t(1) << 63;
static constexpr unsigned NameBits = 62;
static constexpr unsigned HeadBits = 52; // application heads; the rest: idents

const std::string Term::NodeData::EmptyString;
const std::vector<Term> Term::NodeData::EmptyArgs;
const Term Term::NodeData::NullTerm;

static size_t combine(size_t Seed, size_t V) {
  return Seed ^ (V + 0x9e3779b97f4a7c15ULL + (Seed << 6) + (Seed >> 2));
}

static Term make(std::shared_ptr<Term::NodeData> N);

Term Term::app(std::string Head, std::vector<Term> Args) {
  auto N = std::make_shared<NodeData>();
  N->K = App;
  N->Name = std::move(Head);
  N->Args = std::move(Args);
  return make(std::move(N));
}

Term Term::boolean(bool B) {
  // Conditions produce a boolean for every rule they test: share two nodes
  // rather than allocate one each time.
  static const Term True = ident("true"), False = ident("false");
  return B ? True : False;
}

Term Term::ident(std::string Name) {
  auto N = std::make_shared<NodeData>();
  N->K = Ident;
  N->Name = std::move(Name);
  return make(std::move(N));
}

Term Term::integer(int64_t Value, std::string Suffix) {
  auto N = std::make_shared<NodeData>();
  N->K = Int;
  N->Value = Value;
  N->Suffix = std::move(Suffix);
  N->Name = std::to_string(Value);
  return make(std::move(N));
}

Term Term::floating(std::string Spelling) {
  auto N = std::make_shared<NodeData>();
  N->K = Float;
  N->Name = std::move(Spelling);
  return make(std::move(N));
}

Term Term::string(std::string Text) {
  auto N = std::make_shared<NodeData>();
  N->K = String;
  N->Name = std::move(Text);
  return make(std::move(N));
}

Term Term::var(std::string Name) {
  auto N = std::make_shared<NodeData>();
  N->K = Var;
  N->Name = std::move(Name);
  return make(std::move(N));
}

Term Term::list(std::vector<Term> Elements, Term Tail) {
  // Flatten a list tail: [a : [b : T]] is [a, b : T].
  while (Tail && Tail.kind() == List) {
    const auto &More = Tail.args();
    Elements.insert(Elements.end(), More.begin(), More.end());
    Tail = Term(Tail.tail());
  }
  // [ : T] is T itself (cons semantics: nothing in front of T).
  if (Elements.empty() && Tail)
    return Tail;
  auto N = std::make_shared<NodeData>();
  N->K = List;
  N->Args = std::move(Elements);
  N->Tail = std::move(Tail);
  return make(std::move(N));
}

static Term make(std::shared_ptr<Term::NodeData> N) {
  return Term::fromNode(std::move(N));
}

Term Term::fromNode(std::shared_ptr<const NodeData> N) {
  return Term(std::move(N));
}

size_t Term::hash() const {
  if (!Node)
    return 0;
  size_t Cached = Node->Hash.load(std::memory_order_relaxed);
  if (Cached == 0) {
    size_t H = std::hash<std::string>()(Node->Name);
    H = combine(H, static_cast<size_t>(Node->K));
    H = combine(H, std::hash<std::string>()(Node->Suffix));
    H = combine(H, static_cast<size_t>(Node->Value));
    for (const Term &A : Node->Args)
      H = combine(H, A.hash());
    if (Node->Tail)
      H = combine(H, Node->Tail.hash() * 31);
    Cached = H ? H : 1; // 0 means "not computed yet"
    Node->Hash.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

size_t Term::size() const {
  if (!Node)
    return 0;
  size_t Cached = Node->Size.load(std::memory_order_relaxed);
  if (Cached == 0) {
    size_t S = 1;
    for (const Term &A : Node->Args)
      S += A.size();
    if (Node->Tail)
      S += Node->Tail.size();
    Cached = S;
    Node->Size.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

uint64_t Term::symbolBit(Kind K, const std::string &Name) {
  if (K != App && K != Ident)
    return K == List ? ListBit : 0;
  // Heads get bits of their own: a large term names hundreds of variables,
  // which would otherwise set nearly every bit and hide what heads it lacks
  // (patterns name heads far more often than identifiers). A head sets two
  // bits (a Bloom filter): a head missing from a subterm of a dozen heads
  // is then seldom hidden by others that share its bits.
  // FNV-1a and a final mix, inline: cheaper than std::hash for the short
  // names of terms, and a rebuilt node computes its bit again.
  uint64_t H = 0xCBF29CE484222325ULL;
  for (char C : Name)
    H = (H ^ static_cast<unsigned char>(C)) * 0x100000001B3ULL;
  H ^= H >> 29;
  H *= 0xBF58476D1CE4E5B9ULL;
  H ^= H >> 32;
  if (K == App)
    return uint64_t(1) << (H % HeadBits) | uint64_t(1)
                                               << ((H >> 32) % HeadBits);
  return uint64_t(1) << (HeadBits + H % (NameBits - HeadBits));
}

uint64_t Term::computeSymbols() const {
  if (!Node)
    return 0;
  uint64_t Cached = Node->Symbols.load(std::memory_order_relaxed);
  if (Cached == 0) {
    uint64_t S = symbolBit(Node->K, Node->Name);
    for (const Term &A : Node->Args)
      S |= A.symbols();
    if (Node->Tail)
      S |= Node->Tail.symbols();
    Cached = S | ComputedBit;
    Node->Symbols.store(Cached, std::memory_order_relaxed);
  }
  return Cached & ~ComputedBit;
}

uint32_t Term::computeHeight() const {
  if (!Node)
    return 0;
  uint32_t Cached = Node->Height.load(std::memory_order_relaxed);
  if (Cached == 0) {
    uint32_t H = 0;
    for (const Term &A : Node->Args)
      H = std::max(H, A.height());
    if (Node->Tail)
      H = std::max(H, Node->Tail.height());
    Cached = H + 1;
    Node->Height.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

bool Term::operator==(const Term &O) const {
  if (Node == O.Node)
    return true;
  if (!Node || !O.Node)
    return false;
  // Atoms compare their fields: cheaper than hashing a new atom.
  bool Atoms = Node->Args.empty() && O.Node->Args.empty() && !Node->Tail &&
               !O.Node->Tail;
  if ((!Atoms && hash() != O.hash()) || Node->K != O.Node->K ||
      Node->Value != O.Node->Value || Node->Name != O.Node->Name ||
      Node->Suffix != O.Node->Suffix ||
      Node->Args.size() != O.Node->Args.size())
    return false;
  for (size_t I = 0; I < Node->Args.size(); ++I)
    if (Node->Args[I] != O.Node->Args[I])
      return false;
  return Node->Tail == O.Node->Tail;
}

Term Term::withArgs(std::vector<Term> Args) const {
  assert(Node && (Node->K == App || Node->K == List));
  if (Node->K == App)
    return app(Node->Name, std::move(Args));
  return list(std::move(Args), Node->Tail);
}

std::string cStringLiteral(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      Out += C;
    }
  }
  return Out + "\"";
}

void Term::print(std::string &Out) const {
  if (!Node) {
    Out += "<null>";
    return;
  }
  switch (Node->K) {
  case Ident:
  case Float:
    Out += Node->Name;
    return;
  case Int:
    Out += Node->Name;
    Out += Node->Suffix;
    return;
  case String:
    Out += cStringLiteral(Node->Name);
    return;
  case Var:
    Out += '$';
    Out += Node->Name;
    return;
  case App:
  case List: {
    bool IsApp = Node->K == App;
    if (IsApp)
      Out += Node->Name;
    Out += IsApp ? '(' : '[';
    for (size_t I = 0; I < Node->Args.size(); ++I) {
      if (I)
        Out += ", ";
      Node->Args[I].print(Out);
    }
    if (!IsApp && Node->Tail) {
      Out += Node->Args.empty() ? ": " : " : ";
      Node->Tail.print(Out);
    }
    Out += IsApp ? ')' : ']';
    return;
  }
  }
}

std::string Term::str() const {
  std::string S;
  print(S);
  return S;
}

} // namespace l2c
