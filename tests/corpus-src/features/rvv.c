// RISC-V vector intrinsics (riscv_vector.h): scalable vector types, and the segment loads
// and stores whose values are `target("riscv.vector.tuple", <vscale x N x i8>, K)`.  Pairs
// of identical kernels merge.  (A pair of segment-4 kernels is left out: comparing their
// tuple types against others makes opt-22 abort, see docs/DIVERGENCES.md.)  Built by
// scripts/corpus.sh for riscv64 with -march=rv64gcv.
#include <riscv_vector.h>
#include <stdint.h>
#include <stddef.h>
#define DEF_ADD(NAME) void NAME(int32_t *d, const int32_t *a, const int32_t *b, size_t n){ \
  for(size_t vl; n>0; n-=vl, a+=vl, b+=vl, d+=vl){ vl=__riscv_vsetvl_e32m1(n); \
    vint32m1_t va=__riscv_vle32_v_i32m1(a,vl), vb=__riscv_vle32_v_i32m1(b,vl); \
    __riscv_vse32_v_i32m1(d, __riscv_vadd_vv_i32m1(va,vb,vl), vl);} }
DEF_ADD(vadd1) DEF_ADD(vadd2) DEF_ADD(vadd3)
#define DEF_SEG(NAME) void NAME(int32_t *d, const int32_t *a, size_t n){ \
  for(size_t vl; n>0; n-=vl, a+=2*vl, d+=vl){ vl=__riscv_vsetvl_e32m1(n); \
    vint32m1x2_t t=__riscv_vlseg2e32_v_i32m1x2(a,vl); \
    vint32m1_t x=__riscv_vget_v_i32m1x2_i32m1(t,0), y=__riscv_vget_v_i32m1x2_i32m1(t,1); \
    __riscv_vse32_v_i32m1(d, __riscv_vmul_vv_i32m1(x,y,vl), vl);} }
DEF_SEG(seg1) DEF_SEG(seg2) DEF_SEG(seg3)
#define DEF_SEG3(NAME) void NAME(float *d, const float *a, size_t n){ \
  for(size_t vl; n>0; n-=vl, a+=3*vl, d+=3*vl){ vl=__riscv_vsetvl_e32m2(n); \
    vfloat32m2x3_t t=__riscv_vlseg3e32_v_f32m2x3(a,vl); \
    __riscv_vsseg3e32_v_f32m2x3(d, t, vl);} }
DEF_SEG3(s3a) DEF_SEG3(s3b)
__attribute__((noinline)) vint32m1x2_t pass_tuple1(vint32m1x2_t t){ return t; }
__attribute__((noinline)) vint32m1x2_t pass_tuple2(vint32m1x2_t t){ return t; }
__attribute__((noinline)) vint8mf8_t pass_mf8a(vint8mf8_t t, size_t vl){ return __riscv_vadd_vv_i8mf8(t,t,vl); }
__attribute__((noinline)) vint8mf8_t pass_mf8b(vint8mf8_t t, size_t vl){ return __riscv_vadd_vv_i8mf8(t,t,vl); }
__attribute__((noinline)) vbool32_t mask1(vint32m1_t a, vint32m1_t b, size_t vl){ return __riscv_vmslt_vv_i32m1_b32(a,b,vl); }
__attribute__((noinline)) vbool32_t mask2(vint32m1_t a, vint32m1_t b, size_t vl){ return __riscv_vmslt_vv_i32m1_b32(a,b,vl); }
__attribute__((noinline)) vint32m1_t masked1(vbool32_t m, vint32m1_t a, vint32m1_t b, size_t vl){ return __riscv_vadd_vv_i32m1_m(m,a,b,vl); }
__attribute__((noinline)) vint32m1_t masked2(vbool32_t m, vint32m1_t a, vint32m1_t b, size_t vl){ return __riscv_vadd_vv_i32m1_m(m,a,b,vl); }
__attribute__((noinline)) vint32m1_t masked3(vbool32_t m, vint32m1_t a, vint32m1_t b, size_t vl){ return __riscv_vsub_vv_i32m1_m(m,a,b,vl); }
int32_t redsum1(const int32_t *a, size_t n){ vint32m1_t acc=__riscv_vmv_v_x_i32m1(0,1); for(size_t vl;n>0;n-=vl,a+=vl){vl=__riscv_vsetvl_e32m4(n); vint32m4_t v=__riscv_vle32_v_i32m4(a,vl); acc=__riscv_vredsum_vs_i32m4_i32m1(v,acc,vl);} return __riscv_vmv_x_s_i32m1_i32(acc); }
int32_t redsum2(const int32_t *a, size_t n){ vint32m1_t acc=__riscv_vmv_v_x_i32m1(0,1); for(size_t vl;n>0;n-=vl,a+=vl){vl=__riscv_vsetvl_e32m4(n); vint32m4_t v=__riscv_vle32_v_i32m4(a,vl); acc=__riscv_vredsum_vs_i32m4_i32m1(v,acc,vl);} return __riscv_vmv_x_s_i32m1_i32(acc); }
int32_t redsum3(const int32_t *a, size_t n){ vint32m1_t acc=__riscv_vmv_v_x_i32m1(1,1); for(size_t vl;n>0;n-=vl,a+=vl){vl=__riscv_vsetvl_e32m4(n); vint32m4_t v=__riscv_vle32_v_i32m4(a,vl); acc=__riscv_vredsum_vs_i32m4_i32m1(v,acc,vl);} return __riscv_vmv_x_s_i32m1_i32(acc); }
void seg_tuple_local(int32_t *d, const int32_t *a, size_t vl){ vint32m1x2_t t=__riscv_vlseg2e32_v_i32m1x2(a,vl); t=pass_tuple1(t); t=pass_tuple2(t); __riscv_vsseg2e32_v_i32m1x2(d,t,vl); }
void strided1(double *d, const double *a, ptrdiff_t s, size_t vl){ vfloat64m8_t v=__riscv_vlse64_v_f64m8(a,s,vl); __riscv_vse64_v_f64m8(d,__riscv_vfmul_vf_f64m8(v,2.0,vl),vl); }
void strided2(double *d, const double *a, ptrdiff_t s, size_t vl){ vfloat64m8_t v=__riscv_vlse64_v_f64m8(a,s,vl); __riscv_vse64_v_f64m8(d,__riscv_vfmul_vf_f64m8(v,2.0,vl),vl); }
void strided3(double *d, const double *a, ptrdiff_t s, size_t vl){ vfloat64m8_t v=__riscv_vlse64_v_f64m8(a,s,vl); __riscv_vse64_v_f64m8(d,__riscv_vfmul_vf_f64m8(v,3.0,vl),vl); }
void gather1(uint32_t *d, const uint32_t *a, vuint32m1_t idx, size_t vl){ __riscv_vse32_v_u32m1(d, __riscv_vluxei32_v_u32m1(a, idx, vl), vl); }
void gather2(uint32_t *d, const uint32_t *a, vuint32m1_t idx, size_t vl){ __riscv_vse32_v_u32m1(d, __riscv_vluxei32_v_u32m1(a, idx, vl), vl); }
