// Deterministic workload over re2, for tests/tests/behaviour.rs.
//
// Built twice, from the whole-program IR (re2 + this file) before and after
// merging functions; both builds must print byte-identical output.  Everything
// printed depends only on the fixed LCG seed below: no pointers, no timing, no
// unordered iteration.

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>
#include <algorithm>

#include "re2/filtered_re2.h"
#include "re2/re2.h"
#include "re2/regexp.h"
#include "re2/set.h"

using re2::RE2;
using re2::StringPiece;

namespace {

// ------------------------------------------------------------ input corpus
struct Lcg {
  uint64_t s;
  uint32_t next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(s >> 33);
  }
  uint32_t below(uint32_t n) { return next() % n; }
};

const char* const kWords[] = {
    "hello", "World", "foo", "foobar", "bar", "baz", "abcd", "aaab", "abbd",
    "ababab", "Straße", "STRASSE", "café", "naïve", "über", "日本語", "中文",
    "αβγ", "Σίσυφος", "ΣΊΣΥΦΟΣ", "x", "xx", "xyzzy", "Quux", "re2", "RE2",
    "a.b*c", "(paren)", "[bracket]", "{brace}", "back\\slash", "tab\there",
    "mixed123", "0x1F", "0755", "-42", "3.14159", "1e10", "key=value",
    "empty=", "user@example.com", "root@host.org", "nobody@nowhere.net",
    "2022-06-01", "1999-12-31", "10.0.0.1", "192.168.255.7", "256.1.1.1",
    "!!!", "?!", "...", "---", "a", "b", "c", "d", "ad", "abd", "acd", "abcbd",
};
const size_t kNumWords = sizeof(kWords) / sizeof(kWords[0]);

std::vector<std::string> MakeLines(int n, uint64_t seed) {
  Lcg rng{seed};
  std::vector<std::string> lines;
  lines.reserve(n);
  for (int i = 0; i < n; i++) {
    std::string line;
    int kind = rng.below(8);
    int words = 1 + rng.below(kind == 0 ? 2 : 7);
    for (int w = 0; w < words; w++) {
      if (w > 0) line += (rng.below(5) == 0) ? "  " : " ";
      switch (rng.below(6)) {
        case 0: {  // a number, sometimes hex or decimal
          uint32_t v = rng.next();
          char buf[32];
          if (rng.below(3) == 0)
            snprintf(buf, sizeof buf, "0x%x", v % 100000);
          else if (rng.below(2) == 0)
            snprintf(buf, sizeof buf, "%u.%u", v % 1000, (v >> 10) % 100);
          else
            snprintf(buf, sizeof buf, "%u", v % 1000000);
          line += buf;
          break;
        }
        case 1: {  // random lowercase run
          int len = 1 + rng.below(9);
          for (int k = 0; k < len; k++) line += static_cast<char>('a' + rng.below(26));
          break;
        }
        default:
          line += kWords[rng.below(kNumWords)];
      }
    }
    if (kind == 7) line.clear();                       // some empty lines
    if (kind == 6) line += static_cast<char>(0xE9);    // a Latin-1 byte (invalid UTF-8)
    lines.push_back(line);
  }
  return lines;
}

// FNV-1a, to fold large results into one printed number.
struct Hash {
  uint64_t h = 1469598103934665603ULL;
  void add(const void* p, size_t n) {
    const unsigned char* c = static_cast<const unsigned char*>(p);
    for (size_t i = 0; i < n; i++) { h ^= c[i]; h *= 1099511628211ULL; }
  }
  void add(StringPiece s) { add(s.data(), s.size()); uint64_t z = s.size(); add(&z, sizeof z); }
  void add(int64_t v) { add(&v, sizeof v); }
};

// --------------------------------------------------------------- patterns
struct Pat {
  const char* pattern;
  enum Opt { kDefault, kLatin1, kLongest, kCaseless, kPosix, kLiteral, kNeverNl } opt;
  const char* rewrite;
};

const Pat kPatterns[] = {
    {R"(^\d+$)", Pat::kDefault, "<\\0>"},
    {R"((\w+)@(\w+)\.(com|org|net))", Pat::kDefault, "\\2 at \\1 [\\3]"},
    {R"((?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2}))", Pat::kDefault, "\\3/\\2/\\1"},
    {R"((?i)hello|world)", Pat::kDefault, "HI"},
    {R"([A-Z][a-z]+)", Pat::kDefault, "(\\0)"},
    {R"(\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b)", Pat::kDefault, "\\4.\\3.\\2.\\1"},
    {R"(0x([0-9a-fA-F]+))", Pat::kDefault, "hex(\\1)"},
    {R"((\w+)=(\w*))", Pat::kDefault, "\\2:=\\1"},
    {R"(a(b|c)*d)", Pat::kDefault, "[\\1]"},
    {R"((a+)(b+)?)", Pat::kDefault, "\\2\\1"},
    {R"(^$)", Pat::kDefault, "EMPTY"},
    {R"(\p{Greek}+)", Pat::kDefault, "<greek>"},
    {R"(\p{Han}+)", Pat::kDefault, "<han>"},
    {R"([[:alpha:]]+)", Pat::kDefault, "w"},
    {R"([^aeiou\s]{3,})", Pat::kDefault, "#"},
    {R"((foo|foobar)(bar)?)", Pat::kLongest, "{\\1|\\2}"},
    {R"((foo|foobar)(bar)?)", Pat::kDefault, "{\\1|\\2}"},
    {R"(x*)", Pat::kDefault, "-"},
    {R"((?s).{5})", Pat::kDefault, "\\0\\0"},
    {R"((?m)^\w+$)", Pat::kDefault, "line"},
    {R"([éüïö]+)", Pat::kDefault, "~"},
    {R"((?U)a+b*)", Pat::kDefault, "ng"},
    {R"(\Qa.b*c\E)", Pat::kDefault, "quoted"},
    {R"((?:ab){2,4})", Pat::kDefault, "AB"},
    {R"(\S+\s+\S+)", Pat::kDefault, "pair"},
    {R"([[:punct:]]+)", Pat::kDefault, ""},
    {R"((\d+)(?:\.(\d+))?)", Pat::kDefault, "\\1,\\2"},
    {R"(\A\w)", Pat::kDefault, "^"},
    {R"(straße|σίσυφος)", Pat::kCaseless, "myth"},
    {R"([\x{80}-\x{ff}]+)", Pat::kLatin1, "<hi>"},
    {R"(.a.)", Pat::kLatin1, "_"},
    {R"(a.b*c)", Pat::kLiteral, "LIT"},
    {R"(([a-z]+) ([a-z]+))", Pat::kPosix, "\\2 \\1"},
    {R"(b.*d)", Pat::kNeverNl, "bd"},
    {R"(\d{2,}|[a-f]{3,}|\pL{4,}|\PL{3})", Pat::kDefault, "alt"},
    {R"((((((a)))))|(((((b))))))", Pat::kDefault, "\\5\\10"},
    {R"(\w+\s*$)", Pat::kLongest, "end"},
};

RE2::Options OptionsFor(Pat::Opt o) {
  RE2::Options opt;
  opt.set_log_errors(false);
  switch (o) {
    case Pat::kDefault: break;
    case Pat::kLatin1: opt.set_encoding(RE2::Options::EncodingLatin1); break;
    case Pat::kLongest: opt.set_longest_match(true); break;
    case Pat::kCaseless: opt.set_case_sensitive(false); break;
    case Pat::kPosix: opt.set_posix_syntax(true); break;
    case Pat::kLiteral: opt.set_literal(true); break;
    case Pat::kNeverNl: opt.set_never_nl(true); opt.set_dot_nl(true); break;
  }
  return opt;
}

void Describe(int idx, const RE2& re) {
  printf("pattern %d: %s ok=%d groups=%d prog=%d rprog=%d\n", idx, re.pattern().c_str(), re.ok(),
         re.NumberOfCapturingGroups(), re.ProgramSize(), re.ReverseProgramSize());
  std::vector<int> hist;
  int fan = re.ProgramFanout(&hist);
  printf("  fanout=%d hist=%zu\n", fan, hist.size());
  for (const auto& kv : re.NamedCapturingGroups()) printf("  named %s=%d\n", kv.first.c_str(), kv.second);
  for (const auto& kv : re.CapturingGroupNames()) printf("  name[%d]=%s\n", kv.first, kv.second.c_str());
  std::string lo, hi;
  if (re.PossibleMatchRange(&lo, &hi, 10))
    printf("  range [%s, %s]\n", RE2::QuoteMeta(lo).c_str(), RE2::QuoteMeta(hi).c_str());
  else
    printf("  range none\n");
  if (re.Regexp() != nullptr) {
    printf("  tostring %s\n", re.Regexp()->ToString().c_str());
    re2::Regexp* s = re.Regexp()->Simplify();
    if (s != nullptr) {
      printf("  simplified %s\n", s->ToString().c_str());
      s->Decref();
    }
  }
}

void RunPattern(int idx, const Pat& p, const std::vector<std::string>& lines) {
  RE2 re(p.pattern, OptionsFor(p.opt));
  Describe(idx, re);
  if (!re.ok()) return;
  const int n = 1 + re.NumberOfCapturingGroups();
  std::vector<StringPiece> sub(n);
  int full = 0, partial = 0, anchored = 0, replaced = 0, global = 0, extracted = 0, shown = 0;
  Hash h;
  std::string err;
  printf("  rewrite ok=%d max=%d\n", re.CheckRewriteString(p.rewrite, &err), RE2::MaxSubmatch(p.rewrite));
  for (const std::string& line : lines) {
    if (RE2::FullMatch(line, re)) full++;
    if (RE2::PartialMatch(line, re)) partial++;
    if (re.Match(line, 0, line.size(), RE2::ANCHOR_START, sub.data(), n)) anchored++;
    if (re.Match(line, 0, line.size(), RE2::UNANCHORED, sub.data(), n)) {
      for (int k = 0; k < n; k++) {
        h.add(sub[k]);
        h.add(sub[k].data() == nullptr ? int64_t{-1} : int64_t{sub[k].data() - line.data()});
      }
      if (shown < 3) {
        printf("  match \"%s\" ->", line.c_str());
        for (int k = 0; k < n; k++) printf(" [%s]", std::string(sub[k]).c_str());
        printf("\n");
        shown++;
      }
    }
    std::string s = line;
    if (RE2::Replace(&s, re, p.rewrite)) { replaced++; h.add(s); }
    s = line;
    int g = RE2::GlobalReplace(&s, re, p.rewrite);
    global += g;
    if (g > 0) h.add(s);
    std::string out;
    if (RE2::Extract(line, re, p.rewrite, &out)) { extracted++; h.add(out); }
  }
  printf("  full=%d partial=%d anchored=%d replace=%d global=%d extract=%d hash=%016llx\n", full, partial,
         anchored, replaced, global, extracted, static_cast<unsigned long long>(h.h));
}

// ----------------------------------------------------------- typed parsing
void TypedArgs() {
  int i = 0; long l = 0; long long ll = 0; unsigned u = 0; unsigned short us = 0; short sh = 0;
  unsigned long long ull = 0; float f = 0; double d = 0; std::string s; StringPiece sp; char c = 0;
  bool ok;
  ok = RE2::FullMatch("1234", "(\\d+)", &i); printf("int %d %d\n", ok, i);
  ok = RE2::FullMatch("-98765432109", "(-?\\d+)", &ll); printf("ll %d %lld\n", ok, ll);
  ok = RE2::FullMatch("-98765432109", "(-?\\d+)", &i); printf("int overflow %d\n", ok);
  ok = RE2::FullMatch("ff", "(.*)", RE2::Hex(&u)); printf("hex %d %u\n", ok, u);
  ok = RE2::FullMatch("0755", "(.*)", RE2::Octal(&l)); printf("octal %d %ld\n", ok, l);
  ok = RE2::FullMatch("0x1F", "(.*)", RE2::CRadix(&us)); printf("cradix %d %u\n", ok, us);
  ok = RE2::FullMatch("70000", "(.*)", &sh); printf("short overflow %d\n", ok);
  ok = RE2::FullMatch("18446744073709551615", "(\\d+)", &ull); printf("ull %d %llu\n", ok, ull);
  ok = RE2::FullMatch("3.5", "(.*)", &f); printf("float %d %g\n", ok, static_cast<double>(f));
  ok = RE2::FullMatch("-1.25e-3", "(.*)", &d); printf("double %d %.6g\n", ok, d);
  ok = RE2::FullMatch("key=value", "(\\w+)=(\\w+)", &s, &sp); printf("str %d %s %s\n", ok, s.c_str(), std::string(sp).c_str());
  ok = RE2::FullMatch("z", "(.)", &c); printf("char %d %c\n", ok, c);
  ok = RE2::PartialMatch("a 1 b 22 c 333", "(\\d+)\\D+(\\d+)\\D+(\\d+)", &i, &l, &u);
  printf("three %d %d %ld %u\n", ok, i, l, u);
  ok = RE2::FullMatch("x", "(.)", static_cast<void*>(nullptr)); printf("nullarg %d\n", ok);
  ok = RE2::FullMatch("abc", "(a)(b)(c)", &s); printf("fewer args %d %s\n", ok, s.c_str());
  ok = RE2::FullMatch("abc", "(a)(b)", &s, &s, &s); printf("more args %d\n", ok);

  // Consume: tokenise.
  StringPiece input("alpha=1, beta=22, gamma=333, delta=x");
  std::string key; int val = 0; int tokens = 0;
  RE2 kv("\\s*(\\w+)=(\\d+),?");
  while (RE2::Consume(&input, kv, &key, &val)) { printf("consume %s=%d\n", key.c_str(), val); tokens++; }
  printf("consumed %d rest=\"%s\"\n", tokens, std::string(input).c_str());

  // FindAndConsume: all numbers.
  StringPiece text("x1 y22 zz333 4444 end 55555");
  RE2 num("(\\d+)");
  long sum = 0; int n = 0;
  while (RE2::FindAndConsume(&text, num, &l)) { sum += l; n++; }
  printf("findandconsume %d sum=%ld\n", n, sum);

  const char* const metas[] = {"1.5-2.0?", "a+b*c", "日本", "\xff\xfe", "", "plain", "back\\slash$^"};
  for (const char* m : metas) {
    std::string q = RE2::QuoteMeta(m);
    RE2 qre(q, RE2::Latin1);  // "\xff\xfe" is not UTF-8; Latin-1 takes any bytes.
    printf("quotemeta \"%s\" -> \"%s\" roundtrip=%d\n", m, q.c_str(), qre.ok() && RE2::FullMatch(m, qre));
  }
}

// ----------------------------------------------------------- invalid input
void Errors() {
  const char* const bad[] = {"(unclosed", "a**", "\\p{Nope}", "x{2,1}", "[z-a]", "(?P<n>a)(?P<n>b)",
                             "\\8", "a{1001}", "(?<name>x)", "*", "[[:foo:]]", "\\Q"};
  for (const char* b : bad) {
    RE2 re(b, RE2::Quiet);
    printf("error \"%s\" ok=%d code=%d arg=\"%s\" msg=\"%s\"\n", b, re.ok(), static_cast<int>(re.error_code()),
           re.error_arg().c_str(), re.error().c_str());
  }
  RE2::Options small;
  small.set_log_errors(false);
  small.set_max_mem(1 << 10);
  RE2 big("((a{100}){10}){10}", small);
  printf("max_mem ok=%d code=%d\n", big.ok(), static_cast<int>(big.error_code()));
}

// -------------------------------------------------------------------- sets
void Sets(const std::vector<std::string>& lines) {
  const RE2::Anchor anchors[] = {RE2::UNANCHORED, RE2::ANCHOR_START, RE2::ANCHOR_BOTH};
  for (RE2::Anchor anchor : anchors) {
    RE2::Options opt;
    opt.set_log_errors(false);
    RE2::Set set(opt, anchor);
    const char* const members[] = {"\\d+", "[a-z]+", "foo", "bar", "(\\w+)@\\w+", "\\p{Greek}", "x+y*",
                                   "(bad", "é", "^$", "hello|world", "\\s{2}"};
    for (const char* m : members) {
      std::string err;
      int id = set.Add(m, &err);
      printf("set[%d] add \"%s\" -> %d %s\n", static_cast<int>(anchor), m, id, err.c_str());
    }
    printf("set compile %d\n", set.Compile());
    std::vector<int> counts(16, 0);
    int any = 0;
    Hash h;
    for (const std::string& line : lines) {
      std::vector<int> v;
      RE2::Set::ErrorInfo info;
      if (set.Match(line, &v, &info)) {
        any++;
        std::sort(v.begin(), v.end());
        for (int id : v) { counts[id]++; h.add(int64_t{id}); }
      } else if (info.kind != RE2::Set::kNoError) {
        printf("set error %d\n", static_cast<int>(info.kind));
      }
    }
    printf("set[%d] any=%d hash=%016llx counts", static_cast<int>(anchor), any, static_cast<unsigned long long>(h.h));
    for (int k = 0; k < 11; k++) printf(" %d", counts[k]);
    printf("\n");
  }
}

// ------------------------------------------------------------ FilteredRE2
void Filtered(const std::vector<std::string>& lines) {
  re2::FilteredRE2 f(3);
  const char* const pats[] = {"hello\\s+world", "foo(bar)?baz", "abc[0-9]+def", "[a-z]+@example\\.com",
                              "Straße", "\\d{4}-\\d{2}", "xyzzy|quux", "re2"};
  RE2::Options opt;
  opt.set_log_errors(false);
  for (const char* p : pats) {
    int id = -1;
    RE2::ErrorCode code = f.Add(p, opt, &id);
    printf("filtered add \"%s\" code=%d id=%d\n", p, static_cast<int>(code), id);
  }
  std::vector<std::string> atoms;
  f.Compile(&atoms);
  std::sort(atoms.begin(), atoms.end());
  printf("filtered atoms %zu:", atoms.size());
  for (const auto& a : atoms) printf(" %s", a.c_str());
  printf("\n");
  int first = 0, all = 0;
  Hash h;
  for (const std::string& line : lines) {
    int fm = f.SlowFirstMatch(line);
    if (fm >= 0) { first++; h.add(int64_t{fm}); }
    // Atoms present in the line, by plain substring search.
    std::vector<int> present;
    for (size_t a = 0; a < atoms.size(); a++) {
      std::string lower = line;
      for (char& ch : lower) ch = static_cast<char>((ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch);
      if (lower.find(atoms[a]) != std::string::npos) present.push_back(static_cast<int>(a));
    }
    std::vector<int> matched;
    if (f.AllMatches(line, present, &matched)) {
      std::sort(matched.begin(), matched.end());
      all += static_cast<int>(matched.size());
      for (int m : matched) h.add(int64_t{m});
    }
  }
  printf("filtered first=%d all=%d hash=%016llx\n", first, all, static_cast<unsigned long long>(h.h));
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3000;
  std::vector<std::string> lines = MakeLines(n, 20220601);
  Hash ih;
  for (const auto& l : lines) ih.add(l);
  printf("lines=%zu input-hash=%016llx\n", lines.size(), static_cast<unsigned long long>(ih.h));
  const int np = static_cast<int>(sizeof(kPatterns) / sizeof(kPatterns[0]));
  for (int k = 0; k < np; k++) RunPattern(k, kPatterns[k], lines);
  // A multi-line haystack for (?m) and long scans (DFA paths).
  std::string all;
  for (const auto& l : lines) { all += l; all += '\n'; }
  for (int k = 0; k < np; k++) {
    RE2 re(kPatterns[k].pattern, OptionsFor(kPatterns[k].opt));
    if (!re.ok()) continue;
    std::string s = all;
    int g = RE2::GlobalReplace(&s, re, kPatterns[k].rewrite);
    Hash h;
    h.add(s);
    printf("bulk %d global=%d size=%zu hash=%016llx\n", k, g, s.size(), static_cast<unsigned long long>(h.h));
  }
  TypedArgs();
  Errors();
  Sets(lines);
  Filtered(lines);
  printf("done\n");
  return 0;
}
