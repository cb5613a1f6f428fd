// WebAssembly reference types: `__externref_t` values (`ptr addrspace(10)`) and tables of
// them (`addrspace(1)` globals of `[0 x ptr addrspace(10)]`), passed, stored and tested.
// Pairs of identical functions merge.  Built by scripts/corpus.sh for wasm32 with
// -mreference-types -fwasm-exceptions.
typedef __SIZE_TYPE__ size_t;
extern "C" void* malloc(size_t); extern "C" void free(void*);
__externref_t ext_get(int) __attribute__((import_module("env"), import_name("get")));
void ext_put(__externref_t) __attribute__((import_module("env"), import_name("put")));
int ext_is_null1(__externref_t r){ return __builtin_wasm_ref_is_null_extern(r); }
int ext_is_null2(__externref_t r){ return __builtin_wasm_ref_is_null_extern(r); }
__externref_t pass1(__externref_t r){ return r; }
__externref_t pass2(__externref_t r){ return r; }
__externref_t mk_null1(){ return __builtin_wasm_ref_null_extern(); }
__externref_t mk_null2(){ return __builtin_wasm_ref_null_extern(); }
void roundtrip1(int i){ __externref_t r = ext_get(i); if(!__builtin_wasm_ref_is_null_extern(r)) ext_put(r); }
void roundtrip2(int i){ __externref_t r = ext_get(i); if(!__builtin_wasm_ref_is_null_extern(r)) ext_put(r); }
void roundtrip3(int i){ __externref_t r = ext_get(i+1); if(!__builtin_wasm_ref_is_null_extern(r)) ext_put(r); }
static __externref_t table1[0];
static __externref_t table2[0];
int tsize1(){ return __builtin_wasm_table_size(table1); }
int tsize2(){ return __builtin_wasm_table_size(table2); }
int tsize3(){ return __builtin_wasm_table_size(table1); }
__externref_t tget1(int i){ return __builtin_wasm_table_get(table1, i); }
__externref_t tget2(int i){ return __builtin_wasm_table_get(table1, i); }
void tset1(int i, __externref_t r){ __builtin_wasm_table_set(table1, i, r); }
void tset2(int i, __externref_t r){ __builtin_wasm_table_set(table1, i, r); }
int tgrow1(__externref_t r, int n){ return __builtin_wasm_table_grow(table1, r, n); }
int tgrow2(__externref_t r, int n){ return __builtin_wasm_table_grow(table1, r, n); }
void tfill1(int i, __externref_t r, int n){ __builtin_wasm_table_fill(table2, i, r, n); }
void tfill2(int i, __externref_t r, int n){ __builtin_wasm_table_fill(table2, i, r, n); }
typedef void (*__funcref fr_t)(int);
extern "C" {
fr_t fref1(fr_t f){ return f; }
fr_t fref2(fr_t f){ return f; }
void callfr1(fr_t f, int x){ f(x); }
void callfr2(fr_t f, int x){ f(x); }
}

struct Ex { int code; };
struct Ex2 : Ex { int more; };
int may_throw(int);
template<class T> int catcher(T v){ try { return may_throw((int)v); } catch(Ex2& e){ return e.more; } catch(Ex& e){ return -e.code; } catch(...){ return -1; } }
template<class T> int rethrower(T v){ try { return may_throw((int)v); } catch(...){ free(malloc(4)); throw; } }
struct Guard { int* p; Guard(int* p):p(p){} ~Guard(){ *p = 0; } };
template<class T> int cleanup(T v, int* out){ Guard g(out); return may_throw((int)v) + 1; }
template<class T> void thrower(T v){ if(v) throw Ex2{{1},(int)v}; }
template<class T> int nested(T v){ try { try { return may_throw((int)v); } catch(Ex& e){ thrower(v); return 0; } } catch(...){ return 3; } }
#define I(T) template int catcher<T>(T); template int rethrower<T>(T); template int cleanup<T>(T,int*); template void thrower<T>(T); template int nested<T>(T);
I(int) I(unsigned) I(long) I(unsigned long) I(short) I(char) I(bool)
int noexc1(int x) noexcept { return may_throw(x); }
int noexc2(int x) noexcept { return may_throw(x); }
