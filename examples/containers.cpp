// A small template-heavy program: the same container code instantiated for several pointer and
// integer types of one size. C++ compilers emit one copy per instantiation; mergefn folds them.
// Build the shipped IR with:
//   clang++-22 -std=c++17 -O1 -Xclang -disable-llvm-passes -S -emit-llvm containers.cpp -o containers.ll
#include <cstddef>
#include <cstdio>

template <typename T> struct Stack {
  T items[64];
  std::size_t len = 0;
  void push(T v) { if (len < 64) items[len++] = v; }
  T pop() { return len ? items[--len] : T(); }
  std::size_t size() const { return len; }
  T peek(std::size_t i) const { return i < len ? items[len - 1 - i] : T(); }
};

template <typename T> std::size_t count_nonzero(const Stack<T> &s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s.peek(i)) ++n;
  return n;
}

struct A { int x; };
struct B { double y; };
struct C { char z[3]; };

template <typename T> std::size_t exercise(T a, T b) {
  Stack<T> s;
  s.push(a);
  s.push(b);
  s.push(a);
  std::size_t n = count_nonzero(s);
  s.pop();
  return n + s.size();
}

int main() {
  A a{1}; B b{2.0}; C c{{'x', 'y', 0}};
  long total = 0;
  total += exercise<A *>(&a, nullptr);
  total += exercise<B *>(&b, &b);
  total += exercise<C *>(&c, nullptr);
  total += exercise<long>(3, 0);
  total += exercise<unsigned long>(5, 6);
  total += exercise<const char *>("p", "q");
  std::printf("%ld\n", total);
  return 0;
}
