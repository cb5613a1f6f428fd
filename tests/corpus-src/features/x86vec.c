// x86-64 vector extensions and wide scalar types: AVX-512 (masks, bf16, fp16), AMX tiles
// (`x86_amx`), `__bf16`, `_Float16`, `__int128`, `long double` and `__float128`.
// Identical functions merge.  Built by scripts/corpus.sh with -mavx512f -mamx-tile ...
#include <immintrin.h>
#include <stdint.h>
#define A1(N) __m512 N(__m512 a, __m512 b){ return _mm512_fmadd_ps(a,b,_mm512_set1_ps(1.0f)); }
A1(a1) A1(a2) A1(a3)
#define A2(N) __m512i N(__m512i a, __m512i b, __mmask16 k){ return _mm512_mask_add_epi32(a,k,a,b); }
A2(m1) A2(m2)
#define A3(N) __m512bh N(__m512 a, __m512 b){ return _mm512_cvtne2ps_pbh(a,b); }
A3(bh1) A3(bh2)
#define A4(N) __m512 N(__m512 acc, __m512bh a, __m512bh b){ return _mm512_dpbf16_ps(acc,a,b); }
A4(dp1) A4(dp2)
#define A5(N) __bf16 N(__bf16 a, __bf16 b){ return a*b + a; }
A5(bf1) A5(bf2)
#define A6(N) _Float16 N(_Float16 a, _Float16 b){ return a*b + (_Float16)1.5; }
A6(h1) A6(h2)
A6(h3)
#define A7(N) __int128 N(__int128 a, __int128 b){ return a*b + (a>>3); }
A7(i1) A7(i2)
#define A8(N) unsigned __int128 N(unsigned __int128 a, unsigned __int128 b){ return a/b; }
A8(u1) A8(u2)
#define A9(N) long double N(long double a, long double b){ return a*b + 1.0L; }
A9(ld1) A9(ld2)
#define A10(N) __float128 N(__float128 a, __float128 b){ return a*b + (__float128)1.0; }
A10(q1) A10(q2)
#define A11(N) void N(const void* a, const void* b, void* c){ _tile_loadd(0, a, 64); _tile_loadd(1, b, 64); _tile_loadd(2, c, 64); _tile_dpbssd(2,0,1); _tile_stored(2, c, 64); _tile_release(); }
A11(t1) A11(t2)
#define A12(N) void N(__tile1024i* a, __tile1024i* b, __tile1024i* c){ __tile_dpbssd(c,*a,*b); }
#define A13(N) void N(const void* p, void* q){ __tile1024i t = {8, 64}; __tile_loadd(&t, p, 64); __tile_stored(q, 64, t); }
A13(tt1) A13(tt2)
#define A14(N) __m256h N(__m256h a, __m256h b){ return a+b; }
A14(vh1) A14(vh2)
#define A15(N) float N(__m512 a){ return _mm512_reduce_add_ps(a); }
A15(r1) A15(r2)
#define A16(N) __m512i N(__m512i a, __m512i idx){ return _mm512_permutexvar_epi32(idx, a); }
A16(p1) A16(p2)
#define A17(N) void N(float* d, const float* s, __mmask16 k){ _mm512_mask_storeu_ps(d,k,_mm512_maskz_loadu_ps(k,s)); }
A17(ms1) A17(ms2)
#define A18(N) __m128 N(__m128 a){ return _mm_cvtph_ps(_mm_cvtps_ph(a, 0)); }
A18(cv1) A18(cv2)
#define A19(N) double N(double *p, int i){ return __builtin_ia32_rdtsc() + p[i]; }
A19(rd1) A19(rd2)
struct big { long double x; __int128 y; __float128 z; _Float16 h; __bf16 b; };
#define A20(N) struct big N(struct big a){ a.x += 1; a.y += 2; a.z += 3; a.h += 1; a.b += 1; return a; }
A20(bg1) A20(bg2)
