// Baselines for `ends-remainder` (LeetCode 1690 "Stone Game VII"): three loops
// over the same recurrence, O(n^2) time and O(n) memory, chosen by argv[1].
//
//   g++ -O3 -march=native -mprefer-vector-width=512 -o ends_remainder_variants \
//       benches/baseline/ends_remainder_variants.cpp
//   ./ends_remainder_variants kept2 < remainder_60000.txt
//
// row     i descending, j ascending: d[j] needs the d[j-1] just written, a serial
//         chain (what ends_remainder_rolling.cpp does); the slowest.
// length  by interval length, i ascending: no cell of a pass depends on another,
//         so the loop vectorizes. d(i,j) = max(S(i+1,j) - d(i+1,j), S(i,j-1) - d(i,j-1)).
// kept    the same order on e = S - d: e(i,j) = S(i,j) - max(e(i+1,j), e(i,j-1)),
//         e(i,i) = v[i]; two prefix loads, one max, two subtractions a cell.
// kept2   kept, two lengths per pass: the length-len value at i and i+1 and the
//         length-(len+1) value at i from them (recomputed, so the loop has no
//         carried value and g++ vectorizes it; carrying the value at i+1 from
//         the iteration before, as the crate does, stops g++ 12 vectorizing it).
//         The fastest here; the crate's figures are against it.
// table   `--line`: every interval's value in a triangle stored by length
//         (n(n+1)/2 cells, each length a vectorized pass over the one before),
//         then the line read back (ties to the left); prints "value | L R ...".
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

typedef long long ll;

static ll row_major(const std::vector<ll>& p, int n) {
    std::vector<ll> d(n, 0);
    for (int i = n - 1; i >= 0; --i) {
        d[i] = 0;
        for (int j = i + 1; j < n; ++j)
            d[j] = std::max(p[j + 1] - p[i + 1] - d[j], p[j] - p[i] - d[j - 1]);
    }
    return n ? d[n - 1] : 0;
}

static ll length_major(const std::vector<ll>& p, int n) {
    std::vector<ll> dp(n + 1, 0);
    ll* d = dp.data();
    const ll* P = p.data();
    for (int len = 2; len <= n; ++len) {
        const int count = n - len + 1;
        for (int i = 0; i < count; ++i) {
            const int j = i + len;
            d[i] = std::max((P[j] - P[i + 1]) - d[i + 1], (P[j - 1] - P[i]) - d[i]);
        }
    }
    return dp[0];
}

static ll kept_sum(const std::vector<ll>& v, const std::vector<ll>& p, int n) {
    if (n < 2) return 0;
    std::vector<ll> kept(v.begin(), v.end());
    kept.push_back(0);
    ll* e = kept.data();
    const ll* P = p.data();
    for (int len = 2; len <= n; ++len) {
        const int count = n - len + 1;
        for (int i = 0; i < count; ++i) e[i] = (P[i + len] - P[i]) - std::max(e[i], e[i + 1]);
    }
    return p[n] - e[0];
}

static ll kept_sum_two_lengths(const std::vector<ll>& v, const std::vector<ll>& p, int n) {
    if (n < 2) return 0;
    std::vector<ll> kept(v.begin(), v.end());
    kept.push_back(0);
    ll* e = kept.data();
    const ll* P = p.data();
    int len = 2;
    for (; len < n; len += 2) {
        const int count = n - len;  // intervals of length len + 1
        for (int i = 0; i < count; ++i) {
            const ll here = (P[i + len] - P[i]) - std::max(e[i], e[i + 1]);
            const ll next = (P[i + 1 + len] - P[i + 1]) - std::max(e[i + 1], e[i + 2]);
            e[i] = (P[i + len + 1] - P[i]) - std::max(here, next);
        }
    }
    if (len == n) e[0] = (P[n] - P[0]) - std::max(e[0], e[1]);
    return p[n] - e[0];
}

static void table_and_line(const std::vector<ll>& p, int n) {
    std::vector<ll> cells((size_t)n * (n + 1) / 2, 0);
    std::vector<size_t> start(n + 2, 0);  // row of length len at start[len]
    for (int len = 1; len <= n; ++len) start[len + 1] = start[len] + (n - len + 1);
    const ll* P = p.data();
    for (int len = 2; len <= n; ++len) {
        const int count = n - len + 1;
        ll* row = cells.data() + start[len];
        const ll* prev = cells.data() + start[len - 1];
        for (int i = 0; i < count; ++i)
            row[i] = std::max((P[i + len] - P[i + 1]) - prev[i + 1], (P[i + len - 1] - P[i]) - prev[i]);
    }
    auto cell = [&](int l, int r) -> ll { return l == r ? 0 : cells[start[r - l] + l]; };
    std::string line;
    line.reserve(2 * (size_t)n);
    int l = 0, r = n;
    while (l < r) {
        const ll left = (P[r] - P[l + 1]) - cell(l + 1, r), right = (P[r - 1] - P[l]) - cell(l, r - 1);
        if (left >= right) { line += " L"; ++l; } else { line += " R"; --r; }
    }
    std::printf("%lld |%s\n", cell(0, n), line.c_str());
}

int main(int argc, char** argv) {
    const char* variant = argc > 1 ? argv[1] : "kept2";
    std::vector<ll> v;
    ll x;
    while (std::scanf("%lld", &x) == 1) v.push_back(x);
    const int n = static_cast<int>(v.size());
    std::vector<ll> p(n + 1, 0);
    for (int i = 0; i < n; ++i) p[i + 1] = p[i] + v[i];
    if (!std::strcmp(variant, "table")) { table_and_line(p, n); return 0; }
    ll answer;
    if (!std::strcmp(variant, "row")) answer = row_major(p, n);
    else if (!std::strcmp(variant, "length")) answer = length_major(p, n);
    else if (!std::strcmp(variant, "kept")) answer = kept_sum(v, p, n);
    else answer = kept_sum_two_lengths(v, p, n);
    std::printf("%lld\n", answer);
    return 0;
}
