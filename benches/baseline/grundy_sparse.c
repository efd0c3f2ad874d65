/* Baseline for the stonegame benchmark: Grundy's game (split a heap into two
 * unequal heaps) by the sparse-space method, written the straightforward way.
 *
 *   cc -O2 -o grundy_sparse benches/baseline/grundy_sparse.c
 *   ./grundy_sparse 2097152 [mask]
 *
 * For a fixed mask, a value is "rare" when popcount(G & mask) is even and
 * "common" when it is odd. A common value can only be rare XOR common, so the
 * common options of heap n are exactly { G(a) ^ G(n - a) : a rare }. The
 * smallest common value c missing from them bounds G(n); each rare value below
 * c is then looked for by scanning the pairs (a, n - a), a = 1, 2, ..., from
 * the start, and the first one not found is G(n); if all are found, G(n) = c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXV 1024

static int parity(unsigned v) { return __builtin_popcount(v) & 1; }

int main(int argc, char **argv) {
    long n_max = argc > 1 ? atol(argv[1]) : 2097152;
    unsigned mask = argc > 2 ? (unsigned)strtoul(argv[2], 0, 0) : 0xfe;
    unsigned short *g = calloc(n_max + 1, sizeof *g);
    unsigned *rare = malloc((n_max + 1) * sizeof *rare);
    long rare_count = 0;
    unsigned char seen[MAXV];
    unsigned max_value = 0;
    long max_at = 0, zeros = 0;
    for (long n = 0; n <= n_max; n++) {
        memset(seen, 0, sizeof seen);
        for (long i = 0; i < rare_count && rare[i] < n; i++) {
            long a = rare[i], b = n - a;
            if (a != b) seen[g[a] ^ g[b]] = 1;
        }
        unsigned c = 0;
        while (seen[c] || !parity(c & mask)) c++;
        unsigned value = c;
        for (unsigned h = 0; h < c; h++) {
            if (seen[h] || parity(h & mask)) continue;
            int found = 0;
            for (long a = 1; 2 * a < n; a++) {
                if ((unsigned)(g[a] ^ g[n - a]) == h) { found = 1; break; }
            }
            if (!found) { value = h; break; }
        }
        g[n] = (unsigned short)value;
        if (n > 0 && !parity(value & mask)) rare[rare_count++] = (unsigned)n;
        if (value > max_value) { max_value = value; max_at = n; }
        if (value == 0) zeros++;
    }
    printf("G(0..=%ld): largest value %u first at %ld; %ld zeros; %ld rare positions\n",
           n_max, max_value, max_at, zeros, rare_count);
    free(g);
    free(rare);
    return 0;
}
