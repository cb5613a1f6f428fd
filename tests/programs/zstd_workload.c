/* Deterministic workload over zstd, for tests/tests/behaviour.rs.
 *
 * Built twice, from the whole-program IR (libzstd + this file) before and
 * after merging functions; both builds must print byte-identical output.
 * Inputs come from a fixed LCG seed; printed values are sizes, error names and
 * checksums only. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zdict.h"
#include "zstd.h"

static uint64_t lcg_state;
static uint32_t lcg(void) {
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(lcg_state >> 33);
}

static uint64_t fnv(const void* p, size_t n) {
    const unsigned char* c = (const unsigned char*)p;
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) { h ^= c[i]; h *= 1099511628211ULL; }
    return h;
}

static const char* const words[] = {
    "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "zstandard", "compression",
    "dictionary", "entropy", "huffman", "finite", "state", "match", "literal", "sequence",
    "window", "frame", "block", "checksum", "{\"key\": ", "\"value\"}, ", "<tag attr=\"1\">",
    "</tag>\n", "\n", "0123456789", "    ", "\t"};

/* Kinds of data: 0 text-like, 1 random bytes, 2 runs, 3 small-alphabet noise,
 * 4 structured records, 5 all zero. */
static void gen(unsigned char* buf, size_t n, int kind, uint64_t seed) {
    lcg_state = seed;
    size_t i = 0;
    switch (kind) {
    case 0:
        while (i < n) {
            const char* w = words[lcg() % (sizeof words / sizeof words[0])];
            size_t l = strlen(w);
            for (size_t k = 0; k < l && i < n; k++) buf[i++] = (unsigned char)w[k];
            if (i < n) buf[i++] = ' ';
        }
        break;
    case 1:
        for (; i < n; i++) buf[i] = (unsigned char)(lcg() >> 7);
        break;
    case 2:
        while (i < n) {
            unsigned char b = (unsigned char)lcg();
            size_t run = 1 + lcg() % 300;
            for (size_t k = 0; k < run && i < n; k++) buf[i++] = b;
        }
        break;
    case 3:
        for (; i < n; i++) buf[i] = (unsigned char)("ACGT"[lcg() % 4]);
        break;
    case 4:
        while (i < n) {
            char rec[96];
            uint32_t id = lcg();
            int l = snprintf(rec, sizeof rec, "id=%08u;name=user%03u;score=%u.%02u;flags=%c%c%c\n",
                             id % 100000000u, id % 997u, (id >> 8) % 1000u, (id >> 3) % 100u,
                             (id & 1) ? 'A' : '-', (id & 2) ? 'B' : '-', (id & 4) ? 'C' : '-');
            for (int k = 0; k < l && i < n; k++) buf[i++] = (unsigned char)rec[k];
        }
        break;
    default:
        memset(buf, 0, n);
    }
}

static int failures = 0;
#define CHECK(cond, what)                                  \
    do {                                                   \
        if (!(cond)) {                                     \
            printf("FAIL: %s\n", what);                    \
            failures++;                                    \
        }                                                  \
    } while (0)

/* One-shot API at a level. */
static void simple(const unsigned char* src, size_t n, int level) {
    size_t cap = ZSTD_compressBound(n);
    unsigned char* dst = malloc(cap);
    unsigned char* back = malloc(n + 1);
    size_t c = ZSTD_compress(dst, cap, src, n, level);
    if (ZSTD_isError(c)) {
        printf("  simple L%d error %s\n", level, ZSTD_getErrorName(c));
    } else {
        unsigned long long fcs = ZSTD_getFrameContentSize(dst, c);
        size_t d = ZSTD_decompress(back, n + 1, dst, c);
        CHECK(!ZSTD_isError(d) && d == n && memcmp(back, src, n) == 0, "simple roundtrip");
        printf("  simple L%d csize=%zu fcs=%llu frame=%zu hash=%016llx\n", level, c, fcs,
               ZSTD_findFrameCompressedSize(dst, c), (unsigned long long)fnv(dst, c));
        /* Too small a destination must fail cleanly. */
        if (c > 8) {
            size_t e = ZSTD_compress(dst, c / 2, src, n, level);
            printf("  small-dst %s\n", ZSTD_isError(e) ? ZSTD_getErrorName(e) : "ok?");
        }
        size_t e2 = ZSTD_decompress(back, n / 2, dst, c);
        printf("  small-out %s\n", n >= 2 && ZSTD_isError(e2) ? ZSTD_getErrorName(e2) : "ok");
    }
    free(dst);
    free(back);
}

/* Streaming API with parameters, in uneven chunks. */
static void streaming(const unsigned char* src, size_t n, int level, ZSTD_strategy strat, int checksum, int ldm,
                      uint64_t seed) {
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
    if (strat) ZSTD_CCtx_setParameter(cctx, ZSTD_c_strategy, strat);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, checksum);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_enableLongDistanceMatching, ldm);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_windowLog, 17);
    ZSTD_CCtx_setPledgedSrcSize(cctx, n);
    size_t cap = ZSTD_compressBound(n) + 1024;
    unsigned char* dst = malloc(cap);
    size_t outChunk = ZSTD_CStreamOutSize() / 4;
    ZSTD_outBuffer out = {dst, 0, 0};
    lcg_state = seed;
    size_t pos = 0;
    int calls = 0;
    while (pos < n) {
        size_t chunk = 1 + lcg() % 20000;
        if (chunk > n - pos) chunk = n - pos;
        ZSTD_inBuffer in = {src + pos, chunk, 0};
        while (in.pos < in.size) {
            out.size = out.pos + outChunk < cap ? out.pos + outChunk : cap;
            size_t r = ZSTD_compressStream2(cctx, &out, &in, ZSTD_e_continue);
            calls++;
            if (ZSTD_isError(r)) { printf("  stream error %s\n", ZSTD_getErrorName(r)); goto done; }
        }
        pos += chunk;
    }
    for (;;) {
        ZSTD_inBuffer in = {NULL, 0, 0};
        out.size = out.pos + outChunk < cap ? out.pos + outChunk : cap;
        size_t r = ZSTD_compressStream2(cctx, &out, &in, ZSTD_e_end);
        calls++;
        if (ZSTD_isError(r)) { printf("  stream end error %s\n", ZSTD_getErrorName(r)); goto done; }
        if (r == 0) break;
    }
    {
        /* Decompress in small pieces. */
        ZSTD_DCtx* dctx = ZSTD_createDCtx();
        unsigned char* back = malloc(n + 1);
        ZSTD_inBuffer in = {dst, 0, 0};
        ZSTD_outBuffer o = {back, 0, 0};
        size_t r = 1;
        while (in.pos < out.pos || r != 0) {
            in.size = in.pos + 777 < out.pos ? in.pos + 777 : out.pos;
            o.size = o.pos + 4096 < n + 1 ? o.pos + 4096 : n + 1;
            size_t before = in.pos + o.pos;
            r = ZSTD_decompressStream(dctx, &o, &in);
            if (ZSTD_isError(r)) { printf("  dstream error %s\n", ZSTD_getErrorName(r)); break; }
            if (in.pos + o.pos == before && in.pos == out.pos) break;
        }
        CHECK(o.pos == n && memcmp(back, src, n) == 0, "stream roundtrip");
        printf("  stream L%d strat=%d ck=%d ldm=%d csize=%zu calls=%d hash=%016llx\n", level, (int)strat, checksum,
               ldm, out.pos, calls, (unsigned long long)fnv(dst, out.pos));
        free(back);
        ZSTD_freeDCtx(dctx);
    }
done:
    free(dst);
    ZSTD_freeCCtx(cctx);
}

/* Dictionary training and use. */
static void dictionary(void) {
    enum { NS = 400, SZ = 300 };
    unsigned char* samples = malloc(NS * SZ);
    size_t sizes[NS];
    for (int i = 0; i < NS; i++) {
        gen(samples + i * SZ, SZ, i % 2 == 0 ? 4 : 0, 1000 + i);
        sizes[i] = SZ;
    }
    size_t dcap = 4096;
    unsigned char* dict = malloc(dcap);
    size_t dsize = ZDICT_trainFromBuffer(dict, dcap, samples, sizes, NS);
    if (ZDICT_isError(dsize)) {
        printf("dict error %s\n", ZDICT_getErrorName(dsize));
        free(dict);
        free(samples);
        return;
    }
    printf("dict size=%zu id=%u hash=%016llx\n", dsize, ZDICT_getDictID(dict, dsize),
           (unsigned long long)fnv(dict, dsize));
    ZSTD_CDict* cd = ZSTD_createCDict(dict, dsize, 5);
    ZSTD_DDict* dd = ZSTD_createDDict(dict, dsize);
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_DCtx* dctx = ZSTD_createDCtx();
    size_t total_plain = 0, total_dict = 0;
    uint64_t h = 0;
    unsigned char sample[SZ], comp[1024], back[SZ];
    for (int i = 0; i < 200; i++) {
        gen(sample, SZ, i % 2 == 0 ? 4 : 0, 50000 + i);
        size_t p = ZSTD_compressCCtx(cctx, comp, sizeof comp, sample, SZ, 5);
        size_t c = ZSTD_compress_usingCDict(cctx, comp, sizeof comp, sample, SZ, cd);
        size_t d = ZSTD_decompress_usingDDict(dctx, back, sizeof back, comp, c, dd);
        CHECK(!ZSTD_isError(p) && !ZSTD_isError(c) && d == SZ && memcmp(back, sample, SZ) == 0, "dict roundtrip");
        total_plain += p;
        total_dict += c;
        h ^= fnv(comp, c) + (uint64_t)i;
    }
    printf("dict plain=%zu with-dict=%zu hash=%016llx frame-dict-id=%u\n", total_plain, total_dict,
           (unsigned long long)h, ZSTD_getDictID_fromFrame(comp, 16));
    ZSTD_freeCDict(cd);
    ZSTD_freeDDict(dd);
    ZSTD_freeCCtx(cctx);
    ZSTD_freeDCtx(dctx);
    free(dict);
    free(samples);
}

/* Corrupt frames must be rejected the same way. */
static void corruption(const unsigned char* src, size_t n) {
    size_t cap = ZSTD_compressBound(n);
    unsigned char* dst = malloc(cap);
    unsigned char* back = malloc(n);
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    size_t c = ZSTD_compress2(cctx, dst, cap, src, n);
    lcg_state = 77;
    int errors = 0, silent = 0;
    for (int t = 0; t < 64; t++) {
        size_t at = lcg() % c;
        unsigned char old = dst[at];
        dst[at] ^= (unsigned char)(1 + lcg() % 255);
        size_t d = ZSTD_decompress(back, n, dst, c);
        if (ZSTD_isError(d)) {
            errors++;
            if (t < 6) printf("  corrupt@%zu %s\n", at, ZSTD_getErrorName(d));
        } else {
            silent++;
        }
        dst[at] = old;
    }
    printf("corruption errors=%d silent=%d\n", errors, silent);
    ZSTD_freeCCtx(cctx);
    free(dst);
    free(back);
}

int main(int argc, char** argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    printf("zstd %s levels %d..%d\n", ZSTD_versionString(), ZSTD_minCLevel(), ZSTD_maxCLevel());
    unsigned char* buf = malloc(n);
    static const int levels[] = {-5, 1, 3, 6, 12};
    for (int kind = 0; kind < 6; kind++) {
        size_t len = kind == 1 ? n / 4 : n;
        gen(buf, len, kind, 42 + kind);
        printf("data kind=%d size=%zu hash=%016llx\n", kind, len, (unsigned long long)fnv(buf, len));
        for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) simple(buf, len, levels[l]);
        streaming(buf, len, 3, 0, 1, 0, 7 + kind);
        streaming(buf, len, 19, (ZSTD_strategy)(1 + kind % 9), kind & 1, 0, 9 + kind);
        if (kind == 0 || kind == 4) {
            for (int s = ZSTD_fast; s <= ZSTD_btultra2; s++) streaming(buf, len / 4, 0, (ZSTD_strategy)s, 0, 0, s);
            streaming(buf, len, 5, 0, 0, 1, 11);
        }
    }
    gen(buf, 20000, 0, 5);
    corruption(buf, 20000);
    dictionary();
    printf("failures=%d\n", failures);
    free(buf);
    return failures != 0;
}
