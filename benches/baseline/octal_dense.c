/* Baseline for the dense kernel of the octal solver: G(0..N-1) of an octal
 * game by the definition, the quadratic loop written as an expert would for
 * games whose sparse space fails (every pair of every split, no rare list).
 *
 *   cc -O3 -march=native -o octal_dense benches/baseline/octal_dense.c
 *   ./octal_dense 0.06 131072
 *
 * Values are 16-bit (the games timed stay far below 65,536; checked), the
 * options are marked in a byte table cleared per heap up to the next power
 * of two above every value so far, and a reversed copy of the values
 * (rev[i] = G(N - 1 - i)) lets both parts of a split run forward, so the
 * XOR of the two streams vectorises. Prints the largest value, its first
 * heap, and an FNV-1a hash of the values as 32-bit little-endian words
 * (compare with `stonegame grundy --octal CODE --upto N-1`).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SEEN 65536

int main(int argc, char **argv) {
    if (argc != 3 || strncmp(argv[1], "0.", 2) != 0) {
        fprintf(stderr, "usage: %s 0.DIGITS N\n", argv[0]);
        return 2;
    }
    const char *digits = argv[1] + 2;
    int ndigits = (int)strlen(digits);
    long n_max = atol(argv[2]);
    if (ndigits < 1 || ndigits > 16 || n_max < 1) {
        fprintf(stderr, "bad code or N\n");
        return 2;
    }
    int code[17] = {0};
    for (int k = 1; k <= ndigits; k++) {
        if (digits[k - 1] < '0' || digits[k - 1] > '7') {
            fprintf(stderr, "bad digit\n");
            return 2;
        }
        code[k] = digits[k - 1] - '0';
    }
    uint16_t *g = calloc(n_max, sizeof *g);
    uint16_t *rev = calloc(n_max, sizeof *rev);
    static uint8_t seen[MAX_SEEN];
    if (!g || !rev) return 1;
    unsigned span = 1; /* a power of two above every value so far */
    unsigned largest = 0;
    long largest_at = 0;
    for (long n = 0; n < n_max; n++) {
        memset(seen, 0, span);
        for (int k = 1; k <= ndigits && k <= n; k++) {
            int d = code[k];
            long total = n - k;
            if ((d & 1) && total == 0) seen[0] = 1;
            if ((d & 2) && total > 0) seen[g[total]] = 1;
            if ((d & 4) && total >= 2) {
                long last = total / 2;
                /* pairs (a, total - a), a = 1..last: rev[n_max - 1 - (total - a)] */
                const uint16_t *small = g + 1;
                const uint16_t *large = rev + (n_max - total);
#ifdef CHUNKED
                /* XOR a chunk into a buffer (vector loop), then mark it. */
                uint16_t buf[256];
                long i = 0;
                for (; i + 256 <= last; i += 256) {
                    for (int j = 0; j < 256; j++) buf[j] = small[i + j] ^ large[i + j];
                    for (int j = 0; j < 256; j++) seen[buf[j]] = 1;
                }
                for (; i < last; i++) seen[small[i] ^ large[i]] = 1;
#else
                for (long i = 0; i < last; i++) seen[small[i] ^ large[i]] = 1;
#endif
            }
        }
        unsigned v = 0;
        while (v < span && seen[v]) v++;
        if (v >= MAX_SEEN) {
            fprintf(stderr, "value %u at heap %ld: too large for 16 bits\n", v, n);
            return 1;
        }
        g[n] = (uint16_t)v;
        rev[n_max - 1 - n] = (uint16_t)v;
        if (v > largest) { largest = v; largest_at = n; }
        while (span <= v) span *= 2;
    }
    uint64_t hash = 14695981039346656037ULL;
    for (long n = 0; n < n_max; n++) {
        uint32_t w = g[n];
        for (int b = 0; b < 4; b++) { hash ^= (w >> (8 * b)) & 0xff; hash *= 1099511628211ULL; }
    }
    printf("heaps %ld largest %u at %ld fnv1a %016llx\n", n_max, largest, largest_at,
           (unsigned long long)hash);
    return 0;
}
