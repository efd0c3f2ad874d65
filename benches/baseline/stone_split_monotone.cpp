// Baseline for `stone-split` (LeetCode 1563 "Stone Game V"): the O(n^2) DP with
// the monotone split point and running maxima, the same recurrence as
// src/scoring/stone_split.rs, in several loop orders chosen by argv[1]:
//
// compact-two-pass (the fastest) column order, each column in two passes: first
//         every row's pointer, rows descending (the scattered reads, no row
//         waiting for another), then the values (i descending); and only the
//         cells a pointer will ever read are stored: cell (i, t) is read only if
//         2 p[t + 1] <= p[i] + p[n], a suffix of each column, about half the
//         triangle for random rows (half the memory and page faults). The
//         crate's loop.
// compact column order, one pass a column, the same stored cells.
// column  (the fastest before the compact triangle) column j ascending, i
//         descending: the suffix maxima of column j in one array, each row's
//         split pointer and running left maximum in arrays indexed by i, S + dp
//         stored by column (the whole triangle); about half a scattered read per
//         interval (when a pointer advances).
// two-pass column order, two passes a column (pointers ascending), the whole
//         triangle: slower than column with g++.
// row     row i descending, j ascending, one pointer per row, the column suffix
//         maxima in a row-major triangle: one read down a column per interval,
//         a cache miss at large n.
//
// Tried and dropped: the compact triangle stored by rows (row i keeps columns
// i..hi(i); the pointer reads and the value writes walk every row at once):
// 1.6x slower than compact (a TLB miss per row). Allocating the triangle without
// zeroing it (new ll[] instead of std::vector): no change (the zeroing moves from
// memset to the kernel's page faults).
//
//   g++ -O3 -march=native -o stone_split_monotone benches/baseline/stone_split_monotone.cpp
//   ./stone_split_monotone [compact-two-pass|compact|column|two-pass|row] < split_16000.txt
//
// (The textbook loop tries every cut, O(n^3): n = 16,000 would take hours.)
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

typedef long long ll;

static ll column_compact(const std::vector<ll>& a, const std::vector<ll>& p, int n) {
    // Cell (i, t) is read only if 2 p[t + 1] <= p[i] + p[n]: column t keeps rows lo(t)..=t.
    std::vector<int> lo(n);
    std::vector<size_t> base(n);  // column t's cell of row i: kept[base[t] + i]
    size_t cells = 0;
    for (int t = 0, r = 0; t < n; ++t) {
        while (r <= t && p[r] + p[n] < 2 * p[t + 1]) ++r;
        lo[t] = r;
        base[t] = cells - (size_t)r;
        cells += (size_t)(t + 1 - r);
    }
    std::vector<ll> kept(cells, 0), right(n + 1, 0), best_left(n, 0);
    std::vector<int> heavy_at(n, 0);
    if (lo[0] == 0) kept[0] = a[0];
    ll value = 0;
    for (int j = 1; j < n; ++j) {
        const size_t current = base[j];
        const int lo_j = lo[j];
        if (lo_j <= j) kept[current + j] = a[j];
        right[j] = a[j];
        heavy_at[j - 1] = j - 1;
        best_left[j - 1] = 0;
        for (int i = j - 1; i >= 0; --i) {
            const ll ends = p[i] + p[j + 1];
            int k = heavy_at[i];
            ll left = best_left[i];
            while (k < j && 2 * p[k + 1] <= ends) {
                left = std::max(left, kept[base[k] + i]);
                ++k;
            }
            heavy_at[i] = k;
            best_left[i] = left;
            ll best = 0;
            int light = k;
            if (k > i) {
                best = left;
                if (2 * p[k] == ends) --light;
            }
            if (light < j) best = std::max(best, right[light + 1]);
            value = best;
            const ll kept_here = p[j + 1] - p[i] + value;
            if (i >= lo_j) kept[current + i] = kept_here;
            right[i] = std::max(right[i + 1], kept_here);
        }
    }
    return value;
}

static ll column_major(const std::vector<ll>& a, const std::vector<ll>& p, int n) {
    std::vector<ll> kept((size_t)n * (n + 1) / 2, 0), right(n + 1, 0), best_left(n, 0);
    std::vector<int> heavy_at(n, 0);
    kept[0] = a[0];
    ll value = 0;
    for (int j = 1; j < n; ++j) {
        ll* current = kept.data() + (size_t)j * (j + 1) / 2;
        current[j] = a[j];
        right[j] = a[j];
        heavy_at[j - 1] = j - 1;
        best_left[j - 1] = 0;
        for (int i = j - 1; i >= 0; --i) {
            const ll ends = p[i] + p[j + 1];
            int k = heavy_at[i];
            ll left = best_left[i];
            while (k < j && 2 * p[k + 1] <= ends) {
                left = std::max(left, kept[(size_t)k * (k + 1) / 2 + i]);
                ++k;
            }
            heavy_at[i] = k;
            best_left[i] = left;
            ll best = 0;
            int light = k;
            if (k > i) {
                best = left;
                if (2 * p[k] == ends) --light;
            }
            if (light < j) best = std::max(best, right[light + 1]);
            value = best;
            const ll kept_here = p[j + 1] - p[i] + value;
            current[i] = kept_here;
            right[i] = std::max(right[i + 1], kept_here);
        }
    }
    return value;
}

static ll column_two_pass(const std::vector<ll>& a, const std::vector<ll>& p, int n) {
    std::vector<ll> kept((size_t)n * (n + 1) / 2, 0), right(n + 1, 0), best_left(n, 0);
    std::vector<int> heavy_at(n, 0);
    kept[0] = a[0];
    ll value = 0;
    for (int j = 1; j < n; ++j) {
        ll* current = kept.data() + (size_t)j * (j + 1) / 2;
        current[j] = a[j];
        right[j] = a[j];
        heavy_at[j - 1] = j - 1;
        best_left[j - 1] = 0;
        const ll pj1 = p[j + 1];
        for (int i = 0; i < j; ++i) {
            const ll ends = p[i] + pj1;
            int k = heavy_at[i];
            ll left = best_left[i];
            while (k < j && 2 * p[k + 1] <= ends) {
                left = std::max(left, kept[(size_t)k * (k + 1) / 2 + i]);
                ++k;
            }
            heavy_at[i] = k;
            best_left[i] = left;
        }
        for (int i = j - 1; i >= 0; --i) {
            const ll ends = p[i] + pj1;
            const int k = heavy_at[i];
            ll best = 0;
            int light = k;
            if (k > i) {
                best = best_left[i];
                if (2 * p[k] == ends) --light;
            }
            if (light < j) best = std::max(best, right[light + 1]);
            value = best;
            const ll kept_here = pj1 - p[i] + value;
            current[i] = kept_here;
            right[i] = std::max(right[i + 1], kept_here);
        }
    }
    return value;
}

static ll compact_two_pass(const std::vector<ll>& a, const std::vector<ll>& p, int n) {
    std::vector<int> lo(n);
    std::vector<size_t> base(n);  // column t's cell of row i: kept[base[t] + i]
    size_t cells = 0;
    for (int t = 0, r = 0; t < n; ++t) {
        while (r <= t && p[r] + p[n] < 2 * p[t + 1]) ++r;
        lo[t] = r;
        base[t] = cells - (size_t)r;
        cells += (size_t)(t + 1 - r);
    }
    std::vector<ll> kept(cells, 0), right(n + 1, 0), best_left(n, 0);
    std::vector<int> heavy_at(n, 0);
    if (lo[0] == 0) kept[0] = a[0];
    ll value = 0;
    for (int j = 1; j < n; ++j) {
        const size_t current = base[j];
        const int lo_j = lo[j];
        if (lo_j <= j) kept[current + j] = a[j];
        right[j] = a[j];
        heavy_at[j - 1] = j - 1;
        best_left[j - 1] = 0;
        const ll pj1 = p[j + 1];
        for (int i = j - 1; i >= 0; --i) {
            const ll ends = p[i] + pj1;
            int k = heavy_at[i];
            ll left = best_left[i];
            while (k < j && 2 * p[k + 1] <= ends) {
                left = std::max(left, kept[base[k] + i]);
                ++k;
            }
            heavy_at[i] = k;
            best_left[i] = left;
        }
        for (int i = j - 1; i >= 0; --i) {
            const ll ends = p[i] + pj1;
            const int k = heavy_at[i];
            ll best = 0;
            int light = k;
            if (k > i) {
                best = best_left[i];
                if (2 * p[k] == ends) --light;
            }
            if (light < j) best = std::max(best, right[light + 1]);
            value = best;
            const ll kept_here = pj1 - p[i] + value;
            if (i >= lo_j) kept[current + i] = kept_here;
            right[i] = std::max(right[i + 1], kept_here);
        }
    }
    return value;
}

int main(int argc, char** argv) {
    const bool row_order = argc > 1 && !std::strcmp(argv[1], "row");
    const bool two_pass = argc > 1 && !std::strcmp(argv[1], "two-pass");
    const bool compact = argc > 1 && !std::strcmp(argv[1], "compact");
    std::vector<ll> a;
    ll x;
    while (std::scanf("%lld", &x) == 1) a.push_back(x);
    const int n = static_cast<int>(a.size());
    if (n < 2) { std::printf("0\n"); return 0; }
    std::vector<ll> p(n + 1, 0);
    for (int i = 0; i < n; ++i) p[i + 1] = p[i] + a[i];
    if (argc > 1 && !std::strcmp(argv[1], "compact-two-pass")) { std::printf("%lld\n", compact_two_pass(a, p, n)); return 0; }
    if (compact) { std::printf("%lld\n", column_compact(a, p, n)); return 0; }
    if (two_pass) { std::printf("%lld\n", column_two_pass(a, p, n)); return 0; }
    if (!row_order) { std::printf("%lld\n", column_major(a, p, n)); return 0; }
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
