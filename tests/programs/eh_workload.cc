// A deterministic C++ program whose merges sit on exception paths: template containers
// instantiated for pointer types of one size (identical code that throws), RAII guards whose
// destructors run while unwinding, handlers that differ only in which type they catch, and
// lambdas behind std::function. Built by scripts/corpus.sh as programs/eh_prog.ll; the
// behaviour tests run it before and after merging and require the same output.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

int live_guards = 0;
unsigned long trace = 1469598103934665603ul;

void note(unsigned long v) { trace = (trace ^ v) * 1099511628211ul; }

// Guards of distinct types with the same code: their constructors and destructors merge.
template <int Tag> struct Guard {
    int *counter;
    explicit Guard(int *c) : counter(c) { ++*counter; }
    ~Guard() {
        --*counter;
        note(Tag);
    }
    Guard(const Guard &) = delete;
};

// A bounded stack that throws: one instantiation per pointer type, all the same code.
template <class T> class Stack {
    std::vector<T> items_;
    std::size_t limit_;

  public:
    explicit Stack(std::size_t limit) : limit_(limit) {}
    void push(T v) {
        if (items_.size() == limit_) throw std::length_error("stack full");
        items_.push_back(v);
    }
    T pop() {
        if (items_.empty()) throw std::out_of_range("stack empty");
        T v = items_.back();
        items_.pop_back();
        return v;
    }
    T at(std::size_t i) const {
        if (i >= items_.size()) throw std::out_of_range("bad index");
        return items_[i];
    }
    std::size_t size() const { return items_.size(); }
};

struct Apple { int weight; };
struct Pear { int weight; };
struct Plum { int weight; };

struct Error { int code; explicit Error(int c) : code(c) {} virtual ~Error() = default; };
struct Fatal : Error { using Error::Error; };

// The same body for three element types; each pushes past its limit and pops past empty.
template <class T> int exercise(T *pool, int n, int limit) {
    Guard<1> g(&live_guards);
    Stack<T *> s(static_cast<std::size_t>(limit));
    int caught = 0;
    for (int i = 0; i < n; ++i) {
        try {
            s.push(&pool[i]);
        } catch (const std::length_error &) {
            caught += 100;
        }
    }
    int total = 0;
    for (int i = 0; i <= n; ++i) {
        try {
            total += s.pop()->weight;
        } catch (const std::out_of_range &) {
            caught += 1;
        }
    }
    try {
        (void)s.at(static_cast<std::size_t>(n));
    } catch (const std::exception &e) {
        caught += static_cast<int>(std::string(e.what()).size());
    }
    return total * 1000 + caught;
}

// Handlers that differ only in the type they catch: never the same function.
template <class E> int catch_one(int v) {
    Guard<2> g(&live_guards);
    try {
        if (v % 3 == 0) throw Error(v);
        if (v % 3 == 1) throw Fatal(v);
        throw v;
    } catch (const E &e) {
        return 1;
    } catch (...) {
        return 2;
    }
}

// Two throwers with the same code for different guard types (their guards differ only in
// the tag): the unwinding runs through whichever body the merge keeps.
template <int Tag> int thrower(int v) {
    Guard<Tag> g(&live_guards);
    if (v > 5) throw Fatal(v * Tag);
    return v + Tag;
}

int rethrow_chain(int v) {
    try {
        try {
            return thrower<3>(v) + thrower<4>(v - 3);
        } catch (const Fatal &f) {
            note(static_cast<unsigned long>(f.code));
            throw;
        }
    } catch (const Error &e) {
        return -e.code;
    }
}

int functions(int n) {
    std::vector<std::function<int(int)>> fs;
    int base = 7;
    fs.push_back([](int x) { return x + 1; });
    fs.push_back([](int x) { return x + 1; });
    fs.push_back([base](int x) { return x * base; });
    fs.push_back([base](int x) { return x * base; });
    fs.push_back([](int x) -> int {
        if (x % 4 == 0) throw std::runtime_error("four");
        return x;
    });
    int r = 0;
    for (int i = 0; i < n; ++i) {
        for (auto &f : fs) {
            try {
                r += f(i);
            } catch (const std::runtime_error &e) {
                r += static_cast<int>(e.what()[0]);
            }
        }
    }
    return r;
}

int owners(int n) {
    std::vector<std::unique_ptr<Apple>> a;
    std::vector<std::unique_ptr<Pear>> p;
    for (int i = 0; i < n; ++i) {
        a.push_back(std::make_unique<Apple>(Apple{i}));
        p.push_back(std::make_unique<Pear>(Pear{2 * i}));
    }
    int s = 0;
    for (auto &x : a) s += x->weight;
    for (auto &x : p) s += x->weight;
    return s;
}

} // namespace

int main() {
    Apple apples[16];
    Pear pears[16];
    Plum plums[16];
    for (int i = 0; i < 16; ++i) {
        apples[i].weight = i + 1;
        pears[i].weight = 2 * i + 1;
        plums[i].weight = 3 * i + 1;
    }
    std::printf("apples %d\n", exercise(apples, 12, 10));
    std::printf("pears %d\n", exercise(pears, 9, 10));
    std::printf("plums %d\n", exercise(plums, 16, 4));
    int c = 0;
    for (int v = 0; v < 30; ++v) {
        c = c * 3 + catch_one<Error>(v) + 7 * catch_one<Fatal>(v) + 13 * catch_one<int>(v);
        c %= 1000003;
    }
    std::printf("catches %d\n", c);
    int r = 0;
    for (int v = 0; v < 12; ++v) r = r * 5 + rethrow_chain(v);
    std::printf("rethrow %d\n", r);
    std::printf("functions %d\n", functions(40));
    std::printf("owners %d\n", owners(50));
    std::printf("guards %d trace %lu\n", live_guards, trace);
    return live_guards == 0 ? 0 : 1;
}
