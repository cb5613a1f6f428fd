// OpenCL C kernels (freestanding; clang ships the OpenCL headers) compiled by scripts/corpus.sh
// for the GPU targets: kernels use the kernel calling conventions (amdgpu_kernel, ptx_kernel,
// spir_kernel) that forbid calls, beside ordinary helper functions; several are equal.
float scale_f(float x, float k) { return x * k + 1.0f; }
float scale_g(float x, float k) { return x * k + 1.0f; }
int clamp_i(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }
int clamp_j(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }

__kernel void saxpy(__global float *y, __global const float *x, float a, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}
__kernel void saxpy_copy(__global float *y, __global const float *x, float a, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}
__kernel void scale(__global float *y, float k, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = scale_f(y[i], k) + scale_g(y[i], k);
}
__kernel void clampk(__global int *y, int lo, int hi, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = clamp_i(y[i], lo, hi) - clamp_j(y[i], lo, hi);
}
