// Baseline for `stonegame janken --modulo M` at huge N: a plain C++ Bostan-Mori
// over number-theoretic transforms, written independently of the Rust code.
//
//   g++ -O3 -march=native -o janken_bm benches/baseline/janken_bostan_mori.cpp
//   echo 50000,50000,1000000000000000000 | ./janken_bm 998244353
//   echo 50000,50000,1000000000000000000 | ./janken_bm 1000000007
//
// The count of outcome sequences in which A (A coins) or B (B coins) goes
// bankrupt within N rounds is [x^N] P(x) / ((1 - x) D_{A+B-1}(x)) with
// P = x^A D_{B-1} + x^B D_{A-1}, D_k = (1 - x) D_{k-1} - x^2 D_{k-2}
// (D_0 = 1, D_{-1} = 0): the determinants of I - xT for the tridiagonal step
// matrix (docs/counting.md). D_k comes from the k-th power of
// [[1 - x, -x^2], [1, 0]] by repeated squaring.
//
// Modulus 998244353: every product by transforms modulo 998244353 itself, and
// each Bostan-Mori step takes the transforms of P and Q once: Q(-w) is the
// neighbour of Q(w) in bit-reversed order, and the even/odd halves come out
// of half-length inverse transforms. Any other modulus below 2^31 (e.g.
// 10^9 + 7): products exact through three NTT primes joined by Garner's
// method (the classic "arbitrary modulus convolution"), Bostan-Mori step as
// P(x) Q(-x) and Q(x) Q(-x) with Q(-x) taken modulo M.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
using namespace std;
typedef uint32_t u32;
typedef uint64_t u64;
typedef unsigned __int128 u128;

static u64 power_mod(u64 b, u64 e, u64 m) {
    u64 r = 1 % m;
    b %= m;
    while (e) {
        if (e & 1) r = (u128)r * b % m;
        b = (u128)b * b % m;
        e >>= 1;
    }
    return r;
}

// Transforms modulo a compile-time prime (the compiler turns % MOD into multiplications).
template <u32 MOD, u32 G>
struct Ntt {
    vector<u32> rt, irt;  // rt[h + j] = w_{2h}^j
    void prepare(size_t n) {
        if (rt.size() >= n) return;
        rt.assign(n, 0);
        irt.assign(n, 0);
        for (size_t h = 1; h < n; h *= 2) {
            u32 w = power_mod(G, (MOD - 1) / (2 * h), MOD), iw = power_mod(w, MOD - 2, MOD);
            rt[h] = irt[h] = 1;
            for (size_t j = 1; j < h; j++) {
                rt[h + j] = (u64)rt[h + j - 1] * w % MOD;
                irt[h + j] = (u64)irt[h + j - 1] * iw % MOD;
            }
        }
    }
    // natural order in, bit-reversed order out
    void forward(u32* a, size_t n) {
        for (size_t h = n / 2; h >= 1; h /= 2)
            for (size_t s = 0; s < n; s += 2 * h)
                for (size_t j = 0; j < h; j++) {
                    u32 u = a[s + j], v = a[s + j + h];
                    u32 x = u + v;
                    a[s + j] = x >= MOD ? x - MOD : x;
                    a[s + j + h] = (u64)(u + MOD - v) * rt[h + j] % MOD;
                }
    }
    // bit-reversed order in, natural order out, times n
    void inverse(u32* a, size_t n) {
        for (size_t h = 1; h < n; h *= 2)
            for (size_t s = 0; s < n; s += 2 * h)
                for (size_t j = 0; j < h; j++) {
                    u32 u = a[s + j], v = (u64)a[s + j + h] * irt[h + j] % MOD;
                    u32 x = u + v;
                    a[s + j] = x >= MOD ? x - MOD : x;
                    x = u + MOD - v;
                    a[s + j + h] = x >= MOD ? x - MOD : x;
                }
    }
    // exact cyclic convolution modulo MOD (inputs already reduced modulo MOD)
    vector<u32> convolve(const vector<u64>& a, const vector<u64>& b) {
        size_t len = a.size() + b.size() - 1, n = 1;
        while (n < len) n *= 2;
        prepare(n);
        vector<u32> fa(n, 0), fb(n, 0);
        for (size_t i = 0; i < a.size(); i++) fa[i] = a[i] % MOD;
        for (size_t i = 0; i < b.size(); i++) fb[i] = b[i] % MOD;
        forward(fa.data(), n);
        forward(fb.data(), n);
        u64 inv_n = power_mod(n, MOD - 2, MOD);
        for (size_t i = 0; i < n; i++) fa[i] = (u64)fa[i] * fb[i] % MOD * inv_n % MOD;
        inverse(fa.data(), n);
        fa.resize(len);
        return fa;
    }
};

static const u32 P1 = 998244353, P2 = 167772161, P3 = 469762049;
static Ntt<P1, 3> ntt1;
static Ntt<P2, 3> ntt2;
static Ntt<P3, 3> ntt3;
static u64 MODULUS;

static vector<u64> multiply(const vector<u64>& a, const vector<u64>& b) {
    if (a.empty() || b.empty()) return {};
    if (min(a.size(), b.size()) <= 32) {
        vector<u64> r(a.size() + b.size() - 1, 0);
        for (size_t i = 0; i < a.size(); i++)
            for (size_t j = 0; j < b.size(); j++) r[i + j] = (r[i + j] + (u128)a[i] * b[j]) % MODULUS;
        return r;
    }
    if (MODULUS == P1) {
        vector<u32> c = ntt1.convolve(a, b);
        return vector<u64>(c.begin(), c.end());
    }
    vector<u32> c1 = ntt1.convolve(a, b), c2 = ntt2.convolve(a, b), c3 = ntt3.convolve(a, b);
    const u64 inv_p1_mod_p2 = power_mod(P1, P2 - 2, P2);
    const u64 inv_p1p2_mod_p3 = power_mod((u64)P1 * P2 % P3, P3 - 2, P3);
    const u64 p1p2_mod_m = (u128)P1 * P2 % MODULUS;
    vector<u64> r(c1.size());
    for (size_t i = 0; i < r.size(); i++) {
        u64 x1 = c1[i];
        u64 x2 = (c2[i] + P2 - x1 % P2) % P2 * inv_p1_mod_p2 % P2;
        u64 known = (x1 + (u64)P1 * x2) % P3;
        u64 x3 = (c3[i] + P3 - known) % P3 * inv_p1p2_mod_p3 % P3;
        r[i] = (x1 + (u128)P1 * x2 + (u128)x3 * p1p2_mod_m) % MODULUS;
    }
    return r;
}

static vector<u64> sub_shift2(vector<u64> a, const vector<u64>& b) {  // a - x^2 b
    if (a.size() < b.size() + 2) a.resize(b.size() + 2, 0);
    for (size_t i = 0; i < b.size(); i++) a[i + 2] = (a[i + 2] + MODULUS - b[i]) % MODULUS;
    return a;
}
static vector<u64> add(vector<u64> a, const vector<u64>& b) {
    if (a.size() < b.size()) a.resize(b.size(), 0);
    for (size_t i = 0; i < b.size(); i++) a[i] = (a[i] + b[i]) % MODULUS;
    return a;
}
static vector<u64> next_d(const vector<u64>& d, const vector<u64>& d1) {  // (1 - x) d - x^2 d1
    vector<u64> r(d.size() + 1, 0);
    for (size_t i = 0; i < d.size(); i++) {
        r[i] = (r[i] + d[i]) % MODULUS;
        r[i + 1] = (r[i + 1] + MODULUS - d[i]) % MODULUS;
    }
    return sub_shift2(r, d1);
}

// (D_k, D_{k-1}) from [[D, -x^2 D1], [D1, E]] = [[1 - x, -x^2], [1, 0]]^k
static void continuants(u64 k, vector<u64>& d, vector<u64>& d1) {
    vector<u64> e{1 % MODULUS};
    d = {1 % MODULUS};
    d1 = {};
    size_t j = 0;
    int top = k == 0 ? -1 : 63 - __builtin_clzll(k);
    for (int bit = top; bit >= 0; bit--) {
        vector<u64> d1d1 = multiply(d1, d1);
        vector<u64> nd = sub_shift2(multiply(d, d), d1d1);
        vector<u64> nd1 = add(multiply(d1, d), multiply(e, d1));
        vector<u64> ne = sub_shift2(multiply(e, e), d1d1);
        d = nd, d1 = nd1, e = ne;
        j *= 2;
        if ((k >> bit) & 1) {
            vector<u64> ne2 = sub_shift2({}, d1);
            vector<u64> nd2 = next_d(d, d1);
            d1 = d, d = nd2, e = ne2;
            j += 1;
        }
        d.resize(j + 1), d1.resize(j), e.resize(j + 1);
    }
}

// Bostan-Mori modulo 998244353 with the transforms of P and Q taken once per step.
static u64 bostan_mori_prime(vector<u64> p, vector<u64> q, u64 k) {
    const u32 M = P1;
    size_t len = q.size(), n = 1;
    while (n < 2 * len - 1) n *= 2;
    ntt1.prepare(n);
    size_t half = n / 2;
    // odd[t] = w_n^{-bitrev_half(t)} / n, the scale of the odd part at position t
    vector<u32> odd(half);
    int bits = __builtin_ctzll(half);
    u64 inv_n = power_mod(n, M - 2, M);
    for (size_t t = 0; t < half; t++) {
        size_t r = 0;
        for (int b = 0; b < bits; b++)
            if (t >> b & 1) r |= (size_t)1 << (bits - 1 - b);
        odd[t] = (u64)ntt1.irt[half + r] * inv_n % M;
    }
    u64 inv_half = inv_n * 2 % M;
    vector<u32> fp(n), fq(n), hp(half), hq(half);
    while (k > 0) {
        fill(fp.begin(), fp.end(), 0);
        fill(fq.begin(), fq.end(), 0);
        for (size_t i = 0; i < len; i++) fp[i] = p[i], fq[i] = q[i];
        ntt1.forward(fp.data(), n);
        ntt1.forward(fq.data(), n);
        for (size_t t = 0; t < half; t++) {
            u64 p0 = fp[2 * t], p1 = fp[2 * t + 1], q0 = fq[2 * t], q1 = fq[2 * t + 1];
            u64 a = p0 * q1 % M, b = p1 * q0 % M;
            if (k & 1) hp[t] = (a + M - b) % M * odd[t] % M;
            else hp[t] = (a + b) % M * inv_n % M;
            hq[t] = q0 * q1 % M * inv_half % M;
        }
        ntt1.inverse(hp.data(), half);
        ntt1.inverse(hq.data(), half);
        for (size_t i = 0; i < len; i++) p[i] = hp[i], q[i] = hq[i];
        k >>= 1;
    }
    return p[0];
}

// Bostan-Mori modulo any M through exact products.
static u64 bostan_mori_any(vector<u64> p, vector<u64> q, u64 k) {
    size_t len = q.size();
    while (k > 0) {
        vector<u64> qm(q);
        for (size_t i = 1; i < len; i += 2) qm[i] = (MODULUS - q[i]) % MODULUS;
        vector<u64> u = multiply(p, qm), v = multiply(q, qm);
        u.resize(2 * len, 0), v.resize(2 * len, 0);
        for (size_t i = 0; i < len; i++) p[i] = u[2 * i + (k & 1)], q[i] = v[2 * i];
        k >>= 1;
    }
    return p[0];
}

static u64 janken(u64 a, u64 b, u64 n) {
    if (a == 0 || b == 0 || n == 0 || MODULUS == 1) return 0;
    a = min(a, n + 1), b = min(b, n + 1);
    vector<u64> da1, da2, db1, db2;
    continuants(a - 1, da1, da2);
    if (a == b) db1 = da1, db2 = da2;
    else continuants(b - 1, db1, db2);
    vector<u64> da = next_d(da1, da2);
    vector<u64> total = sub_shift2(multiply(da, db1), multiply(da1, db2));
    size_t len = a + b + 1;
    vector<u64> q(len, 0), p(len, 0);
    for (size_t i = 0; i < total.size() && i + 1 < len; i++) {
        q[i] = (q[i] + total[i]) % MODULUS;
        q[i + 1] = (q[i + 1] + MODULUS - total[i]) % MODULUS;
    }
    for (size_t i = 0; i < db1.size(); i++) p[a + i] = (p[a + i] + db1[i]) % MODULUS;
    for (size_t i = 0; i < da1.size(); i++) p[b + i] = (p[b + i] + da1[i]) % MODULUS;
    return MODULUS == P1 ? bostan_mori_prime(p, q, n) : bostan_mori_any(p, q, n);
}

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s MODULUS < lines A,B,N\n", argv[0]);
        return 2;
    }
    MODULUS = strtoull(argv[1], nullptr, 10);
    if (MODULUS == 0 || MODULUS >= (1ull << 31)) {
        fprintf(stderr, "modulus must be in 1..2^31 (three primes bound the exact products)\n");
        return 2;
    }
    unsigned long long a, b, n;
    while (scanf(" %llu , %llu , %llu", &a, &b, &n) == 3) printf("%llu\n", (unsigned long long)janken(a, b, n));
    return 0;
}
