// Baseline for `stone-split` (LeetCode 1563 "Stone Game V"): the O(n^2) DP with
// the monotone split point and running maxima, the same recurrence as
// src/scoring/stone_split.rs, in the fastest form found: row i descending, one
// pointer per row, the column maxima in a row-major triangle.
//
//   g++ -O3 -march=native -o stone_split_monotone benches/baseline/stone_split_monotone.cpp
//   ./stone_split_monotone < split_16000.txt
//
// (The textbook loop tries every cut, O(n^3): n = 16,000 would take hours.)
#include <algorithm>
#include <cstdio>
#include <vector>

typedef long long ll;

int main() {
    std::vector<ll> a;
    ll x;
    while (std::scanf("%lld", &x) == 1) a.push_back(x);
    const int n = static_cast<int>(a.size());
    if (n < 2) { std::printf("0\n"); return 0; }
    std::vector<ll> p(n + 1, 0);
    for (int i = 0; i < n; ++i) p[i + 1] = p[i] + a[i];
    // right[row[t] + j] = max over s in t..=j of S(s, j) + dp(s, j).
    std::vector<size_t> row(n);
    for (size_t t = 0; t < (size_t)n; ++t) row[t] = t * n - t * (t ? t - 1 : 0) / 2 - t;
    std::vector<ll> right((size_t)n * (n + 1) / 2, 0), left(n, 0);
    ll value = 0;
    for (int i = n - 1; i >= 0; --i) {
        ll* ri = right.data() + row[i];
        const ll* rb = i + 1 < n ? right.data() + row[i + 1] : nullptr;
        ri[i] = a[i];
        left[i] = a[i];
        int k = i;  // first cut whose left part outweighs the right
        for (int j = i + 1; j < n; ++j) {
            const ll ends = p[i] + p[j + 1];
            while (k < j && 2 * p[k + 1] <= ends) ++k;
            ll best = 0;
            int light = k;
            if (k > i) {
                best = left[k - 1];
                if (2 * p[k] == ends) --light;
            }
            if (light < j) best = std::max(best, right[row[light + 1] + j]);
            value = best;
            const ll kept = p[j + 1] - p[i] + value;
            left[j] = std::max(left[j - 1], kept);
            ri[j] = std::max(rb[j], kept);
        }
    }
    std::printf("%lld\n", value);
    return 0;
}
