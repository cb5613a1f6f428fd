// A freestanding, template-heavy C++ translation unit (no headers, no libc) that the corpus
// compiles for every cross target: small generic containers and algorithms instantiated for
// several types of the same size, as real template code is.  Built by scripts/corpus.sh.
typedef __SIZE_TYPE__ size_t;

template <class T, size_t N> struct Ring {
    T items[N];
    size_t head = 0, len = 0;
    bool push(T v) {
        if (len == N) return false;
        items[(head + len++) % N] = v;
        return true;
    }
    bool pop(T *out) {
        if (len == 0) return false;
        *out = items[head];
        head = (head + 1) % N;
        --len;
        return true;
    }
    T sum() const {
        T s = 0;
        for (size_t i = 0; i < len; ++i) s += items[(head + i) % N];
        return s;
    }
};

template <class T> struct Span {
    T *data;
    size_t len;
    T *find(T v) const {
        for (size_t i = 0; i < len; ++i)
            if (data[i] == v) return data + i;
        return nullptr;
    }
    void reverse() {
        for (size_t i = 0, j = len ? len - 1 : 0; i < j; ++i, --j) {
            T t = data[i];
            data[i] = data[j];
            data[j] = t;
        }
    }
    size_t count_if_less(T bound) const {
        size_t n = 0;
        for (size_t i = 0; i < len; ++i) n += data[i] < bound;
        return n;
    }
};

template <class T> void insertion_sort(T *a, size_t n) {
    for (size_t i = 1; i < n; ++i) {
        T k = a[i];
        size_t j = i;
        while (j > 0 && k < a[j - 1]) {
            a[j] = a[j - 1];
            --j;
        }
        a[j] = k;
    }
}

// Mutually recursive templates: equal groups across instantiations.
template <class T> bool is_even(T n);
template <class T> bool is_odd(T n) { return n == 0 ? false : is_even<T>(n - 1); }
template <class T> bool is_even(T n) { return n == 0 ? true : is_odd<T>(n - 1); }

struct Visitor {
    virtual ~Visitor() {}
    virtual int visit(int x) { return x + 1; }
};
struct Doubler : Visitor {
    int visit(int x) override { return x * 2; }
};
struct Twicer : Visitor {
    int visit(int x) override { return x * 2; }
};

template <class T> __attribute__((noinline)) T exercise(T seed) {
    Ring<T, 8> r;
    for (int i = 0; i < 10; ++i) r.push(seed + (T)i);
    T out = 0;
    r.pop(&out);
    T buf[6] = {seed, (T)3, (T)1, (T)4, (T)1, (T)5};
    insertion_sort(buf, 6);
    Span<T> s{buf, 6};
    s.reverse();
    T *hit = s.find((T)4);
    return r.sum() + out + (hit ? *hit : 0) + (T)s.count_if_less((T)3) + (T)is_odd<T>(seed);
}

extern "C" int freestanding_entry(int x, Visitor *v) {
    long a = exercise<long>(x);
    unsigned long b = exercise<unsigned long>((unsigned long)x);
    long long c = exercise<long long>(x);
    int d = exercise<int>(x);
    unsigned e = exercise<unsigned>((unsigned)x);
    Doubler dd;
    Twicer tt;
    Visitor *vs[3] = {v, &dd, &tt};
    int acc = 0;
    for (int i = 0; i < 3; ++i) acc += vs[i]->visit(x);
    return (int)(a + (long)b + (long)c + d + (int)e) + acc;
}
