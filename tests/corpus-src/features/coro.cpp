// C++20 coroutines with our own minimal coroutine library (no headers): generators and
// tasks instantiated for several types.  The corpus keeps the frontend IR, where the
// coroutines are not yet split (`presplitcoroutine`, `llvm.coro.*` calls).  Built by
// scripts/corpus.sh with -std=c++20.
typedef __SIZE_TYPE__ size_t;
namespace std {
template<class R, class... A> struct coroutine_traits { using promise_type = typename R::promise_type; };
template<class P = void> struct coroutine_handle;
template<> struct coroutine_handle<void> {
  void* p = nullptr;
  static coroutine_handle from_address(void* a) noexcept { coroutine_handle h; h.p=a; return h; }
  void* address() const noexcept { return p; }
  void resume() const { __builtin_coro_resume(p); }
  void destroy() const { __builtin_coro_destroy(p); }
  bool done() const { return __builtin_coro_done(p); }
  explicit operator bool() const { return p; }
};
template<class P> struct coroutine_handle : coroutine_handle<> {
  static coroutine_handle from_promise(P& pr) noexcept { coroutine_handle h; h.p=__builtin_coro_promise(&pr, alignof(P), true); return h; }
  static coroutine_handle from_address(void* a) noexcept { coroutine_handle h; h.p=a; return h; }
  P& promise() const { return *(P*)__builtin_coro_promise(p, alignof(P), false); }
};
struct suspend_always { bool await_ready() const noexcept { return false; } void await_suspend(coroutine_handle<>) const noexcept {} void await_resume() const noexcept {} };
struct suspend_never { bool await_ready() const noexcept { return true; } void await_suspend(coroutine_handle<>) const noexcept {} void await_resume() const noexcept {} };
}
extern "C" void* malloc(size_t); extern "C" void free(void*);
void* operator new(size_t); void operator delete(void*) noexcept; void operator delete(void*, size_t) noexcept;
void terminate_me();

template<class T> struct generator {
  struct promise_type {
    T cur{};
    generator get_return_object(){ return generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v){ cur=v; return {}; }
    void return_void(){}
    void unhandled_exception(){ terminate_me(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit generator(std::coroutine_handle<promise_type> h):h(h){}
  generator(generator&& o):h(o.h){ o.h={}; }
  ~generator(){ if(h) h.destroy(); }
  bool next(){ h.resume(); return !h.done(); }
  T value(){ return h.promise().cur; }
};

template<class T> struct task {
  struct promise_type {
    T val{}; std::coroutine_handle<> cont;
    task get_return_object(){ return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct fin { bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept { auto c=h.promise().cont; return c ? c : std::coroutine_handle<>{}; }
      void await_resume() noexcept {} };
    fin final_suspend() noexcept { return {}; }
    void return_value(T v){ val=v; }
    void unhandled_exception(){ terminate_me(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit task(std::coroutine_handle<promise_type> h):h(h){}
  task(task&& o):h(o.h){ o.h={}; }
  ~task(){ if(h) h.destroy(); }
  bool await_ready(){ return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c){ h.promise().cont=c; return h; }
  T await_resume(){ return h.promise().val; }
  T get(){ h.resume(); return h.promise().val; }
};

template<class T> generator<T> range(T lo, T hi){ for(T i=lo;i<hi;++i) co_yield i; }
template<class T> generator<T> range_b(T lo, T hi){ for(T i=lo;i<hi;++i) co_yield i; }
generator<int> iota1(int n){ for(int i=0;i<n;i++) co_yield i; }
generator<int> iota2(int n){ for(int i=0;i<n;i++) co_yield i; }
generator<int> iota3(int n){ for(int i=0;i<n;i++) co_yield i*2; }
generator<long> fib1(){ long a=0,b=1; for(;;){ co_yield a; long t=a+b; a=b; b=t; } }
generator<long> fib2(){ long a=0,b=1; for(;;){ co_yield a; long t=a+b; a=b; b=t; } }
template<class T> task<T> leaf(T v){ co_return v+1; }
template<class T> task<T> mid(T v){ T a = co_await leaf(v); T b = co_await leaf(a); co_return a+b; }
template<class T> task<T> top(T v){ T s=0; for(int i=0;i<3;i++) s += co_await mid(v); co_return s; }
task<int> t1(int v){ co_return v*2; }
task<int> t2(int v){ co_return v*2; }
task<int> t3(int v){ int x = co_await t1(v); co_return x + co_await t2(v); }
task<int> t4(int v){ int x = co_await t1(v); co_return x + co_await t2(v); }
template<class T> T consume(generator<T> g, int n){ T s=0; while(n-- && g.next()) s+=g.value(); return s; }
long all(){
  long r=0;
  r += consume(range<int>(0,10),5)+consume(range<unsigned>(0,10),5)+consume(range<long>(0,10),5)+consume(range<unsigned long>(0,10),5);
  r += consume(range_b<int>(0,10),5)+consume(range_b<short>(0,10),5);
  r += consume(iota1(5),5)+consume(iota2(5),5)+consume(iota3(5),5)+consume(fib1(),10)+consume(fib2(),10);
  r += top<int>(1).get()+top<unsigned>(1).get()+top<long>(1).get()+top<unsigned long>(1).get();
  r += t3(1).get()+t4(2).get();
  auto lam = [](int n) -> generator<int> { for(int i=0;i<n;i++) co_yield i; };
  auto lam2 = [](int n) -> generator<int> { for(int i=0;i<n;i++) co_yield i; };
  r += consume(lam(3),3)+consume(lam2(3),3);
  return r;
}
