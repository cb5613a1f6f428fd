// AArch64 SVE and SME intrinsics (arm_sve.h, arm_sme.h): scalable vectors and predicates,
// `target("aarch64.svcount")`, and streaming-mode and ZA-state function attributes.
// Pairs of identical kernels merge.  Built by scripts/corpus.sh for aarch64 with
// -march=armv9-a+sve2+sme+sme2+bf16.
#include <arm_sve.h>
#include <arm_sme.h>
#include <stdint.h>
#include <stddef.h>
#define DEF_ADD(N) void N(float *d, const float *a, const float *b, int64_t n){ \
  for(int64_t i=0;i<n;i+=svcntw()){ svbool_t pg=svwhilelt_b32_s64(i,n); \
    svst1_f32(pg, d+i, svadd_f32_x(pg, svld1_f32(pg,a+i), svld1_f32(pg,b+i))); } }
DEF_ADD(sadd1) DEF_ADD(sadd2) DEF_ADD(sadd3)
#define DEF_DOT(N) int64_t N(const int16_t *a, const int16_t *b, int64_t n){ svint64_t acc=svdup_s64(0); \
  for(int64_t i=0;i<n;i+=svcnth()){ svbool_t pg=svwhilelt_b16_s64(i,n); \
    acc=svdot_s64(acc, svld1_s16(pg,a+i), svld1_s16(pg,b+i)); } return svaddv_s64(svptrue_b64(), acc); }
DEF_DOT(dot1) DEF_DOT(dot2)
__attribute__((noinline)) svint32_t id1(svint32_t x){ return svadd_s32_x(svptrue_b32(), x, x); }
__attribute__((noinline)) svint32_t id2(svint32_t x){ return svadd_s32_x(svptrue_b32(), x, x); }
__attribute__((noinline)) svint32x2_t tup1(svint32x2_t x){ return svcreate2_s32(svget2_s32(x,1), svget2_s32(x,0)); }
__attribute__((noinline)) svint32x2_t tup2(svint32x2_t x){ return svcreate2_s32(svget2_s32(x,1), svget2_s32(x,0)); }
__attribute__((noinline)) svcount_t cnt1(svcount_t c){ return c; }
__attribute__((noinline)) svcount_t cnt2(svcount_t c){ return c; }
__attribute__((noinline)) svcount_t pn1(void) __arm_streaming { return svptrue_c8(); }
__attribute__((noinline)) svcount_t pn2(void) __arm_streaming { return svptrue_c8(); }
__attribute__((noinline)) svcount_t pn3(void) __arm_streaming { return svptrue_c16(); }
void ld_pn1(svcount_t pn, const int32_t *p, int32_t *d) __arm_streaming { svint32x2_t v = svld1_s32_x2(pn, p); svst1_s32_x2(pn, d, v); }
void ld_pn2(svcount_t pn, const int32_t *p, int32_t *d) __arm_streaming { svint32x2_t v = svld1_s32_x2(pn, p); svst1_s32_x2(pn, d, v); }
int32_t str1(const int32_t *a) __arm_streaming { return svaddv_s32(svptrue_b32(), svld1_s32(svptrue_b32(), a)); }
int32_t str2(const int32_t *a) __arm_streaming { return svaddv_s32(svptrue_b32(), svld1_s32(svptrue_b32(), a)); }
int32_t str3(const int32_t *a) __arm_streaming_compatible { return svaddv_s32(svptrue_b32(), svld1_s32(svptrue_b32(), a)); }
__arm_locally_streaming int32_t ls1(const int32_t *a) { return svaddv_s32(svptrue_b32(), svld1_s32(svptrue_b32(), a)); }
__arm_locally_streaming int32_t ls2(const int32_t *a) { return svaddv_s32(svptrue_b32(), svld1_s32(svptrue_b32(), a)); }
int32_t nstr(const int32_t *a) { return svaddv_s32(svptrue_b32(), svld1_s32(svptrue_b32(), a)); }
int32_t nstr2(const int32_t *a) { return svaddv_s32(svptrue_b32(), svld1_s32(svptrue_b32(), a)); }
void za1(uint32_t slice, svbool_t pg, const void *p) __arm_streaming __arm_inout("za") { svld1_hor_za32(0, slice, pg, p); }
void za2(uint32_t slice, svbool_t pg, const void *p) __arm_streaming __arm_inout("za") { svld1_hor_za32(0, slice, pg, p); }
void za3(uint32_t slice, svbool_t pg, const void *p) __arm_streaming __arm_inout("za") { svld1_hor_za32(1, slice, pg, p); }
__arm_new("za") void zan1(void) { }
__arm_new("za") void zan2(void) { }
void zaout1(uint32_t slice, svbool_t pg, void *p) __arm_streaming __arm_in("za") { svst1_hor_za32(0, slice, pg, p); }
void zaout2(uint32_t slice, svbool_t pg, void *p) __arm_streaming __arm_in("za") { svst1_hor_za32(0, slice, pg, p); }
int call_str(const int32_t *a) { return str1(a)+str2(a)+ls1(a)+ls2(a)+nstr(a); }
int agn1(const int32_t *a) __arm_agnostic("sme_za_state") { return nstr(a); }
int agn2(const int32_t *a) __arm_agnostic("sme_za_state") { return nstr(a); }
svfloat64_t gath1(svbool_t pg, const double *b, svint64_t idx){ return svld1_gather_s64index_f64(pg,b,idx); }
svfloat64_t gath2(svbool_t pg, const double *b, svint64_t idx){ return svld1_gather_s64index_f64(pg,b,idx); }
svbfloat16_t bf1(svbfloat16_t a){ return a; }
svbfloat16_t bf2(svbfloat16_t a){ return a; }
svfloat32_t bfd1(svfloat32_t acc, svbfloat16_t a, svbfloat16_t b){ return svbfdot_f32(acc,a,b); }
svfloat32_t bfd2(svfloat32_t acc, svbfloat16_t a, svbfloat16_t b){ return svbfdot_f32(acc,a,b); }
