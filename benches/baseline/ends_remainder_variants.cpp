// Baselines for `ends-remainder` (LeetCode 1690 "Stone Game VII"): three loops
// over the same recurrence, O(n^2) time and O(n) memory, chosen by argv[1].
//
//   g++ -O3 -march=native -mprefer-vector-width=512 -o ends_remainder_variants \
//       benches/baseline/ends_remainder_variants.cpp
//   ./ends_remainder_variants kept < remainder_60000.txt
//
// row     i descending, j ascending: d[j] needs the d[j-1] just written, a serial
//         chain (what ends_remainder_rolling.cpp does); the slowest.
// length  by interval length, i ascending: no cell of a pass depends on another,
//         so the loop vectorizes. d(i,j) = max(S(i+1,j) - d(i+1,j), S(i,j-1) - d(i,j-1)).
// kept    the same order on e = S - d: e(i,j) = S(i,j) - max(e(i+1,j), e(i,j-1)),
//         e(i,i) = v[i]; two prefix loads, one max, two subtractions a cell.
//         The fastest here; the crate's figures are against it.
#include <algorithm>
#include <cstdio>
#include <cstring>
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

int main(int argc, char** argv) {
    const char* variant = argc > 1 ? argv[1] : "kept";
    std::vector<ll> v;
    ll x;
    while (std::scanf("%lld", &x) == 1) v.push_back(x);
    const int n = static_cast<int>(v.size());
    std::vector<ll> p(n + 1, 0);
    for (int i = 0; i < n; ++i) p[i + 1] = p[i] + v[i];
    ll answer;
    if (!std::strcmp(variant, "row")) answer = row_major(p, n);
    else if (!std::strcmp(variant, "length")) answer = length_major(p, n);
    else answer = kept_sum(v, p, n);
    std::printf("%lld\n", answer);
    return 0;
}
