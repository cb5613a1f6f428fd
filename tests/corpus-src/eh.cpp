// A freestanding C++ translation unit (no headers, no libc) with exceptions: throws through
// guards and by-value objects, handlers by type, virtual classes and small templates.  The
// corpus compiles it for the targets whose exception handling LLVM writes differently:
// Windows funclets (catchswitch, catchpad, cleanuppad; 32-bit x86 passes objects with
// constructors `inalloca`) and WebAssembly's exception handling.  Built by scripts/corpus.sh.
typedef decltype(sizeof(0)) size_t;
void* operator new(size_t);
void operator delete(void*) noexcept;
extern "C" int printf(const char*, ...);
struct Err { int code; Err(int c) : code(c) {} virtual ~Err() {} virtual int kind() const { return 1; } };
struct Err2 : Err { Err2(int c) : Err(c) {} int kind() const override { return 2; } };
struct Guard { int* p; Guard(int* q) : p(q) { ++*p; } ~Guard() { --*p; } Guard(const Guard& o) : p(o.p) { ++*p; } };
template <class T> struct Box { T v; Box(T x) : v(x) {} T get() const { return v; } Box<T> twice() const { return Box<T>(v + v); } };
template <class T> T sum(const T* a, int n) { T s = T(); for (int i = 0; i < n; ++i) s = s + a[i]; return s; }
template <class T> T maxv(const T* a, int n) { T m = a[0]; for (int i = 1; i < n; ++i) if (a[i] > m) m = a[i]; return m; }
int g_count;
int byval(Guard g, int x) { if (x < 0) throw Err2(x); return *g.p + x; }
int risky(int x) {
  Guard g(&g_count);
  if (x == 3) throw Err(x);
  if (x == 4) throw 42;
  return byval(g, x);
}
int handle(int x) {
  try { return risky(x); }
  catch (const Err2& e) { return -e.kind(); }
  catch (const Err& e) { return e.code * 10 + e.kind(); }
  catch (int i) { return i; }
  catch (...) { return -100; }
}
struct Shape { virtual ~Shape() {} virtual long area() const = 0; };
template <int N> struct Sq : Shape { long area() const override { return N * N; } };
template <int N> struct Rect : Shape { long area() const override { return N * (N + 1); } };
long total(Shape** s, int n) { long t = 0; for (int i = 0; i < n; ++i) t += s[i]->area(); return t; }
unsigned su(const unsigned* a, int n) { return sum(a, n); }
int si(const int* a, int n) { return sum(a, n); }
long sl(const long* a, int n) { return sum(a, n); }
unsigned long sul(const unsigned long* a, int n) { return sum(a, n); }
int mi(const int* a, int n) { return maxv(a, n); }
long ml(const long* a, int n) { return maxv(a, n); }
double sd(const double* a, int n) { return sum(a, n); }
int boxes(int x) { Box<int> a(x); Box<unsigned> b(x); Box<long> c(x); return a.twice().get() + (int)b.twice().get() + (int)c.twice().get(); }
int shapes() {
  Shape* s[4] = { new Sq<2>, new Sq<3>, new Rect<2>, new Rect<3> };
  long t = total(s, 4);
  for (int i = 0; i < 4; ++i) delete s[i];
  return (int)t;
}
int run() { int r = 0; for (int i = -1; i < 6; ++i) r += handle(i); return r + shapes() + boxes(7); }
