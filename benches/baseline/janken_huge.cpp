// Strong baseline for `stonegame janken --modulo M` at huge N (issue 44): the
// same algorithm as the Rust code, written the same way, in C++.
//
//   g++ -O3 -march=native -o janken_huge benches/baseline/janken_huge.cpp
//   echo 50000,50000,1000000000000000000 | ./janken_huge 998244353
//
// - The walk's mirror symmetry folds the recurrence onto positions
//   1..(A + B) / 2 (docs/counting.md, "The fold"): the count is
//   [x^N] 2^[A = B] x^s G_{(B' - s) / 2} / ((1 - x) G_h), s = min(A, B),
//   B' = max(A, B), h = (A + B) / 2, with G_k = (1 - x) D_{k-1} - 2 x^2 D_{k-2}
//   when A + B is even and G_k = (1 - 2x) D_{k-1} - x^2 D_{k-2} when odd.
//   D_k comes from the k-th power of [[1 - x, -x^2], [1, 0]] by squaring.
// - Montgomery arithmetic in 32-bit lanes (branch-free min reductions) that
//   GCC vectorises with -march=native; precomputed root tables with Shoup
//   quotients (one widening multiplication a twiddle); the four smallest
//   levels as fixed-size loops.
// - Modulo 998244353, Bostan-Mori in evaluation form: each step takes four
//   transforms of half length (the next step's even points are this step's
//   values; the odd points come from one inverse and one forward transform).
// - Any other modulus below 2^31: three NTT primes (exact products below
//   2 len M^2), per prime two forward transforms of full length and two
//   inverse ones of half length a step, Garner's reconstruction in 32-bit
//   lanes (Shoup multiplication modulo M).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

struct Mont {
    u32 p, ninv;
    u64 r2;  // 2^64 mod p
    explicit Mont(u32 prime = 998244353) : p(prime) {
        u32 inv = prime;
        for (int i = 0; i < 5; i++) inv *= 2 - prime * inv;
        ninv = -inv;
        r2 = (u64)(((u128)1 << 64) % prime);
    }
    inline u32 reduce(u64 t) const {
        u32 m = (u32)t * ninv;
        u32 r = (u32)((t + (u64)m * p) >> 32);
        return min(r, r - p);
    }
    inline u32 mul(u32 a, u32 b) const { return reduce((u64)a * b); }
    inline u32 add(u32 a, u32 b) const {
        u32 s = a + b;
        return min(s, s - p);
    }
    inline u32 sub(u32 a, u32 b) const {
        u32 d = a - b;
        return min(d, d + p);
    }
    inline u32 to(u64 x) const { return mul((u32)(x % p), (u32)r2); }
    inline u32 from(u32 a) const { return reduce(a); }
    u32 pow(u32 b, u64 e) const {
        u32 r = to(1);
        while (e) {
            if (e & 1) r = mul(r, b);
            b = mul(b, b);
            e >>= 1;
        }
        return r;
    }
    u32 inv(u32 a) const { return pow(a, p - 2); }
};

static u32 primitive_root(u32 p) {
    vector<u32> f;
    u32 r = p - 1;
    for (u32 d = 2; (u64)d * d <= r; d++)
        if (r % d == 0) {
            f.push_back(d);
            while (r % d == 0) r /= d;
        }
    if (r > 1) f.push_back(r);
    for (u32 g = 2;; g++) {
        bool ok = true;
        for (u32 q : f) ok &= power_mod(g, (p - 1) / q, p) != 1;
        if (ok) return g;
    }
}

// x w mod p for a plain w < p with quotient = floor(w 2^32 / p) (Shoup); x < 2^32, p < 2^31
static inline u32 shoup(u32 x, u32 w, u32 quotient, u32 p) {
    u32 estimate = (u32)(((u64)x * quotient) >> 32);
    u32 r = x * w - estimate * p;
    return min(r, r - p);
}

struct Ntt {
    Mont f;
    vector<u32> rt, irt;  // rt[h + j] = w_{2h}^j (Montgomery form)
    vector<u32> sw, sq, isw, isq;  // the same roots plain, and their Shoup quotients
    Ntt(u32 prime, size_t n) : f(prime), rt(max<size_t>(n, 2)), irt(max<size_t>(n, 2)) {
        u32 g = f.to(primitive_root(prime));
        for (size_t h = 1; h < n; h *= 2) {
            u32 w = f.pow(g, (prime - 1) / (2 * h)), iw = f.inv(w);
            rt[h] = irt[h] = f.to(1);
            for (size_t j = 1; j < h; j++) {
                rt[h + j] = f.mul(rt[h + j - 1], w);
                irt[h + j] = f.mul(irt[h + j - 1], iw);
            }
        }
        size_t len = rt.size();
        sw.resize(len), sq.resize(len), isw.resize(len), isq.resize(len);
        for (size_t j = 0; j < len; j++) {
            sw[j] = f.from(rt[j]), isw[j] = f.from(irt[j]);
            sq[j] = (u32)(((u64)sw[j] << 32) / prime), isq[j] = (u32)(((u64)isw[j] << 32) / prime);
        }
    }
    template <size_t H>
    void forward_small(u32* __restrict a, size_t n) const {
        const u32 p = f.p;
        u32 w[H], q[H];
        for (size_t j = 0; j < H; j++) w[j] = sw[H + j], q[j] = sq[H + j];
        for (size_t s = 0; s < n; s += 2 * H)
            for (size_t j = 0; j < H; j++) {
                u32 u = a[s + j], v = a[s + j + H];
                a[s + j] = f.add(u, v);
                a[s + j + H] = shoup(f.sub(u, v), w[j], q[j], p);
            }
    }
    template <size_t H>
    void inverse_small(u32* __restrict a, size_t n) const {
        const u32 p = f.p;
        u32 w[H], q[H];
        for (size_t j = 0; j < H; j++) w[j] = isw[H + j], q[j] = isq[H + j];
        for (size_t s = 0; s < n; s += 2 * H)
            for (size_t j = 0; j < H; j++) {
                u32 u = a[s + j], v = shoup(a[s + j + H], w[j], q[j], p);
                a[s + j] = f.add(u, v);
                a[s + j + H] = f.sub(u, v);
            }
    }
    // natural order in, bit-reversed order out
    void forward(u32* __restrict a, size_t n) const {
        const Mont m = f;
        for (size_t h = n / 2; h >= 16; h /= 2) {
            const u32* __restrict w = &sw[h];
            const u32* __restrict q = &sq[h];
            for (size_t s = 0; s < n; s += 2 * h) {
                u32* __restrict x = a + s;
                u32* __restrict y = a + s + h;
                for (size_t j = 0; j < h; j++) {
                    u32 u = x[j], v = y[j];
                    x[j] = m.add(u, v);
                    y[j] = shoup(m.sub(u, v), w[j], q[j], m.p);
                }
            }
        }
        if (n >= 16) forward_small<8>(a, n);
        if (n >= 8) forward_small<4>(a, n);
        if (n >= 4) forward_small<2>(a, n);
        if (n >= 2) forward_small<1>(a, n);
    }
    // bit-reversed order in, natural order out, times n
    void inverse(u32* __restrict a, size_t n) const {
        const Mont m = f;
        if (n >= 2) inverse_small<1>(a, n);
        if (n >= 4) inverse_small<2>(a, n);
        if (n >= 8) inverse_small<4>(a, n);
        if (n >= 16) inverse_small<8>(a, n);
        for (size_t h = 16; h < n; h *= 2) {
            const u32* __restrict w = &isw[h];
            const u32* __restrict q = &isq[h];
            for (size_t s = 0; s < n; s += 2 * h) {
                u32* __restrict x = a + s;
                u32* __restrict y = a + s + h;
                for (size_t j = 0; j < h; j++) {
                    u32 u = x[j], v = shoup(y[j], w[j], q[j], m.p);
                    x[j] = m.add(u, v);
                    y[j] = m.sub(u, v);
                }
            }
        }
    }
    // w_n^{-bitrev(t)} for t < n / 2: the point at bit-reversed position 2t, inverted
    vector<u32> inverse_points(size_t n) const {
        size_t half = n / 2;
        int bits = __builtin_ctzll(half);
        vector<u32> out(half);
        for (size_t t = 0; t < half; t++) {
            size_t r = 0;
            for (int b = 0; b < bits; b++)
                if (t >> b & 1) r |= (size_t)1 << (bits - 1 - b);
            out[t] = irt[half + r];
        }
        return out;
    }
};

static u64 MODULUS;
static const u32 CRT[3] = {2013265921, 1811939329, 469762049};

// Products for building the series (small share of the time): transforms
// modulo 998244353 when that is the modulus, else three primes and Garner.
static vector<u64> multiply(const vector<u64>& a, const vector<u64>& b) {
    if (a.empty() || b.empty()) return {};
    size_t len = a.size() + b.size() - 1;
    if (min(a.size(), b.size()) <= 32) {
        vector<u64> r(len, 0);
        for (size_t i = 0; i < a.size(); i++)
            for (size_t j = 0; j < b.size(); j++) r[i + j] = (r[i + j] + (u128)a[i] * b[j]) % MODULUS;
        return r;
    }
    size_t n = 1;
    while (n < len) n *= 2;
    int count = MODULUS == 998244353 ? 1 : 3;
    vector<vector<u32>> res(count);
    for (int c = 0; c < count; c++) {
        Ntt ntt(count == 1 ? 998244353u : CRT[c], n);
        const Mont& m = ntt.f;
        vector<u32> fa(n, 0), fb(n, 0);
        for (size_t i = 0; i < a.size(); i++) fa[i] = m.to(a[i]);
        for (size_t i = 0; i < b.size(); i++) fb[i] = m.to(b[i]);
        ntt.forward(fa.data(), n);
        ntt.forward(fb.data(), n);
        u32 s = m.inv(m.to(n));
        for (size_t i = 0; i < n; i++) fa[i] = m.mul(m.mul(fa[i], fb[i]), s);
        ntt.inverse(fa.data(), n);
        res[c].resize(len);
        for (size_t i = 0; i < len; i++) res[c][i] = m.from(fa[i]);
    }
    vector<u64> r(len);
    if (count == 1) {
        for (size_t i = 0; i < len; i++) r[i] = res[0][i];
        return r;
    }
    const u64 P1 = CRT[0], P2 = CRT[1], P3 = CRT[2];
    const u64 i12 = power_mod(P1, P2 - 2, P2), i123 = power_mod(P1 * P2 % P3, P3 - 2, P3);
    const u64 p12m = (u128)P1 * P2 % MODULUS;
    for (size_t i = 0; i < len; i++) {
        u64 x1 = res[0][i];
        u64 x2 = (res[1][i] + P2 - x1 % P2) % P2 * i12 % P2;
        u64 known = (x1 + P1 * x2) % P3;
        u64 x3 = (res[2][i] + P3 - known) % P3 * i123 % P3;
        r[i] = (x1 + (u128)P1 * x2 + (u128)x3 * p12m) % MODULUS;
    }
    return r;
}

static vector<u64> sub_shift2(vector<u64> a, const vector<u64>& b, u64 times = 1) {  // a - times x^2 b
    if (a.size() < b.size() + 2) a.resize(b.size() + 2, 0);
    for (size_t i = 0; i < b.size(); i++) a[i + 2] = (a[i + 2] + MODULUS - (u128)times * b[i] % MODULUS) % MODULUS;
    return a;
}
static vector<u64> add(vector<u64> a, const vector<u64>& b) {
    if (a.size() < b.size()) a.resize(b.size(), 0);
    for (size_t i = 0; i < b.size(); i++) a[i] = (a[i] + b[i]) % MODULUS;
    return a;
}
static vector<u64> next_d(const vector<u64>& d, const vector<u64>& d1, u64 stay = 1, u64 times = 1) {
    vector<u64> r(d.size() + 1, 0);  // (1 - stay x) d - times x^2 d1
    for (size_t i = 0; i < d.size(); i++) {
        r[i] = (r[i] + d[i]) % MODULUS;
        r[i + 1] = (r[i + 1] + MODULUS - (u128)stay * d[i] % MODULUS) % MODULUS;
    }
    return sub_shift2(r, d1, times);
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
    d.resize(k + 1), d1.resize(k);
}

static vector<u64> folded(u64 k, bool single_middle) {  // G_k
    if (k == 0) return {1 % MODULUS};
    vector<u64> d1, d2;
    continuants(k - 1, d1, d2);
    return single_middle ? next_d(d1, d2, 1, 2) : next_d(d1, d2, 2, 1);
}

// Bostan-Mori modulo 998244353 in evaluation form.
static u64 bostan_mori_prime(const vector<u64>& p, const vector<u64>& q, u64 k) {
    size_t len = q.size(), n = 1;
    while (n < 2 * len - 1) n *= 2;
    Ntt ntt(998244353, n);
    const Mont m = ntt.f;
    size_t half = n / 2;
    u32 inv2 = m.inv(m.to(2)), inv_half = m.inv(m.to(half));
    vector<u32> odd = ntt.inverse_points(n);
    for (auto& w : odd) w = m.mul(w, inv2);
    vector<u32> twist(half);
    for (size_t j = 0; j < half; j++) twist[j] = m.mul(ntt.rt[half + j], inv_half);
    vector<u32> fp(n, 0), fq(n, 0), hp(half), hq(half);
    for (size_t i = 0; i < len; i++) fp[i] = m.to(p[i]), fq[i] = m.to(q[i]);
    ntt.forward(fp.data(), n);
    ntt.forward(fq.data(), n);
    for (;;) {
        bool o = k & 1;
        for (size_t t = 0; t < half; t++) {
            u32 p0 = fp[2 * t], p1 = fp[2 * t + 1], q0 = fq[2 * t], q1 = fq[2 * t + 1];
            u32 a = m.mul(p0, q1), b = m.mul(p1, q0);
            hp[t] = o ? m.mul(m.sub(a, b), odd[t]) : m.mul(m.add(a, b), inv2);
            hq[t] = m.mul(q0, q1);
        }
        k >>= 1;
        if (k == 0) {
            ntt.inverse(hp.data(), half);
            return m.from(m.mul(hp[0], inv_half));
        }
        for (int which = 0; which < 2; which++) {
            vector<u32>& full = which ? fq : fp;
            const vector<u32>& h = which ? hq : hp;
            copy(h.begin(), h.end(), full.begin());
            u32* oddp = full.data() + half;
            copy(h.begin(), h.end(), oddp);
            ntt.inverse(oddp, half);
            for (size_t j = 0; j < half; j++) oddp[j] = m.mul(oddp[j], twist[j]);
            ntt.forward(oddp, half);
        }
    }
}

// Bostan-Mori modulo any M below 2^31: exact through three primes each step.
static u64 bostan_mori_any(vector<u64> p, vector<u64> q, u64 k) {
    size_t len = q.size(), n = 1;
    while (n < 2 * len - 1) n *= 2;
    size_t half = n / 2;
    vector<Ntt> ntts;
    for (int c = 0; c < 3; c++) ntts.emplace_back(CRT[c], n);
    vector<vector<u32>> odd(3);
    u32 evens[3], dens[3], offs[3];
    for (int c = 0; c < 3; c++) {
        const Mont& m = ntts[c].f;
        u32 inv_n = m.inv(m.to(n));
        evens[c] = inv_n;
        dens[c] = m.add(inv_n, inv_n);
        odd[c] = ntts[c].inverse_points(n);
        for (auto& w : odd[c]) w = m.mul(w, inv_n);
        u64 mm = MODULUS % m.p;
        offs[c] = (u32)((u128)(len % m.p) * mm % m.p * mm % m.p);
    }
    const u64 P1 = CRT[0], P2 = CRT[1], P3 = CRT[2];
    const Mont f1 = ntts[1].f, f2 = ntts[2].f;
    const u32 one1 = f1.to(1), inv1 = f1.inv(f1.to(P1)), one2 = f2.to(1), p0_2 = f2.to(P1);
    const u32 inv2 = f2.inv(f2.mul(f2.to(P1), f2.to(P2)));
    const u32 M32 = (u32)MODULUS;
    const u32 gw[3] = {1, (u32)(P1 % MODULUS), (u32)((u128)P1 * P2 % MODULUS)};
    u32 gq[3];
    for (int c = 0; c < 3; c++) gq[c] = (u32)(((u64)gw[c] << 32) / MODULUS);
    vector<u32> fp(n), fq(n), hp(half), hq(half);
    vector<u32> rp(3 * len), rq(3 * len);
    while (k > 0) {
        bool o = k & 1;
        for (int c = 0; c < 3; c++) {
            const Ntt& ntt = ntts[c];
            const Mont m = ntt.f;
            fill(fp.begin(), fp.end(), 0);
            fill(fq.begin(), fq.end(), 0);
            for (size_t i = 0; i < len; i++) fp[i] = m.to(p[i]), fq[i] = m.to(q[i]);
            ntt.forward(fp.data(), n);
            ntt.forward(fq.data(), n);
            for (size_t t = 0; t < half; t++) {
                u32 p0 = fp[2 * t], p1 = fp[2 * t + 1], q0 = fq[2 * t], q1 = fq[2 * t + 1];
                u32 a = m.mul(p0, q1), b = m.mul(p1, q0);
                hp[t] = o ? m.mul(m.sub(a, b), odd[c][t]) : m.mul(m.add(a, b), evens[c]);
                hq[t] = m.mul(m.mul(q0, q1), dens[c]);
            }
            ntt.inverse(hp.data(), half);
            ntt.inverse(hq.data(), half);
            for (size_t i = 0; i < len; i++) {
                rp[c * len + i] = m.add(m.from(hp[i]), offs[c]);
                rq[c * len + i] = m.add(m.from(hq[i]), offs[c]);
            }
        }
        // Garner in 32-bit lanes: digits by Montgomery arithmetic, the sum by
        // Shoup multiplication modulo M (M < 2^31), planar residues.
        for (int which = 0; which < 2; which++) {
            const u32* __restrict r = which ? rq.data() : rp.data();
            u64* __restrict out = which ? q.data() : p.data();
            for (size_t i = 0; i < len; i++) {
                u32 r0 = r[i], r1 = r[len + i], r2 = r[2 * len + i];
                u32 d1 = f1.mul(f1.sub(r1, f1.mul(r0, one1)), inv1);
                u32 known = f2.add(f2.mul(r0, one2), f2.mul(d1, p0_2));
                u32 d2 = f2.mul(f2.sub(r2, known), inv2);
                u32 t0 = shoup(r0, 1, gq[0], M32), t1 = shoup(d1, gw[1], gq[1], M32), t2 = shoup(d2, gw[2], gq[2], M32);
                u32 s = t0 + t1;
                s = min(s, s - M32);
                s += t2;
                out[i] = min(s, s - M32);
            }
        }
        k >>= 1;
    }
    return p[0];
}

static u64 janken(u64 a, u64 b, u64 n) {
    if (a == 0 || b == 0 || n == 0 || MODULUS == 1) return 0;
    a = min(a, n + 1), b = min(b, n + 1);
    bool single = (a + b) % 2 == 0;
    u64 h = (a + b) / 2, s = min(a, b), far = max(a, b);
    vector<u64> gh = folded(h, single), gr = folded((far - s) / 2, single);
    size_t len = h + 2;
    vector<u64> q(len, 0), p(len, 0);
    for (size_t i = 0; i < gh.size() && i + 1 < len; i++) {
        q[i] = (q[i] + gh[i]) % MODULUS;
        q[i + 1] = (q[i + 1] + MODULUS - gh[i]) % MODULUS;
    }
    u64 twice = a == b ? 2 % MODULUS : 1 % MODULUS;
    for (size_t i = 0; i < gr.size(); i++) p[s + i] = (u128)twice * gr[i] % MODULUS;
    return MODULUS == 998244353 ? bostan_mori_prime(p, q, n) : bostan_mori_any(p, q, n);
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
