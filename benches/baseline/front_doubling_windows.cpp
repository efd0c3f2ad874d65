// Baseline for `front-doubling` (LeetCode 1140 "Stone Game II", any integer
// values): the O(n^2) table by sliding-window maxima, the same recurrence as
// src/scoring/front.rs, with every window a ring buffer of (gain, index) pairs
// in one flat array (no std::deque, no table reads while comparing), chosen by
// argv[1]:
//
// fast    (default, the fastest) a ring wraps by one comparison, and each row's
//         window maximum is written to an array as the window moves, which the
//         second window reads in order (no second visit to every ring).
// modulo  the ring index taken modulo its capacity (a division per access) and
//         the window maximum read back from the ring (the baseline before):
//         0-8% slower in runs on the shared machine, within their spread.
//
//   g++ -O3 -march=native -o front_doubling_windows benches/baseline/front_doubling_windows.cpp
//   ./front_doubling_windows [fast|modulo] < doubling_8000.txt
//
// value(i, M) = max( max_{j in i+1..i+M} P[j] - value(j, M),
//                    max_{X in M+1..2M} P[i+X] - value(i+X, X) ) - P[i]
// while 2M < n - i; otherwise U[i] = max_{j > i} P[j] - U[j] - P[i].
// (The textbook loop tries every X: O(n^3).)
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

typedef long long ll;
struct Entry { ll gain; int index; };

template <bool Fast>
static ll solve(const std::vector<ll>& v) {
    const int n = static_cast<int>(v.size());
    std::vector<ll> p(n + 1, 0);
    for (int i = 0; i < n; ++i) p[i + 1] = p[i] + v[i];
    const int rows = n > 0 ? (n - 1) / 2 : 0;
    std::vector<ll> cells((size_t)rows * (n + 1), 0), unrestricted(n + 1, 0);
    auto value = [&](int i, int m) -> ll {
        return (2 * m >= n - i || m > rows) ? unrestricted[i] : cells[(size_t)i * rows + (m - 1)];
    };
    // Row m's window: a ring of capacity m + 1 at offset[m - 1].
    std::vector<size_t> offset(rows + 1, 0);
    for (int m = 1; m <= rows; ++m) offset[m] = offset[m - 1] + m + 1;
    std::vector<Entry> ring(offset[rows]);
    std::vector<int> head(rows, 0), size(rows, 0);
    std::vector<ll> best_small(rows, 0);
    std::vector<Entry> second(2 * rows + 2);
    ll best_all = 0;
    bool any = false;
    for (int i = n - 1; i >= 0; --i) {
        const int j = i + 1;
        const ll gain_all = p[j] - unrestricted[j];
        best_all = any ? std::max(best_all, gain_all) : gain_all;
        any = true;
        unrestricted[i] = best_all - p[i];
        for (int m = 1; m <= rows; ++m) {
            Entry* r = ring.data() + offset[m - 1];
            const int cap = m + 1;
            int& h = head[m - 1];
            int& s = size[m - 1];
            const ll entering = p[j] - value(j, m);
            if (Fast) {
                auto wrap = [cap](int at) { return at >= cap ? at - cap : at; };
                while (s > 0 && r[wrap(h + s - 1)].gain <= entering) --s;
                r[wrap(h + s)] = Entry{entering, j};
                ++s;
                while (r[h].index > i + m) { h = wrap(h + 1); --s; }
                best_small[m - 1] = r[h].gain;
            } else {
                while (s > 0 && r[(h + s - 1) % cap].gain <= entering) --s;
                r[(h + s) % cap] = Entry{entering, j};
                ++s;
                while (s > 0 && r[h].index > i + m) { h = (h + 1) % cap; --s; }
            }
        }
        int front = 0, back = 0;  // the window over X, a plain array (cleared per i)
        const int restricted = std::min((n - i - 1) / 2, rows);
        for (int m = 1; m <= restricted; ++m) {
            for (int X = std::max(m + 1, 2 * m - 1); X <= 2 * m; ++X) {
                const ll entering = p[i + X] - value(i + X, X);
                while (back > front && second[back - 1].gain < entering) --back;
                second[back++] = Entry{entering, X};
            }
            while (back > front && second[front].index <= m) ++front;
            ll best = Fast ? best_small[m - 1] : ring[offset[m - 1] + head[m - 1]].gain;
            if (back > front) best = std::max(best, second[front].gain);
            cells[(size_t)i * rows + (m - 1)] = best - p[i];
        }
        for (int m = restricted + 1; m <= rows; ++m) cells[(size_t)i * rows + (m - 1)] = unrestricted[i];
    }
    return n ? value(0, 1) : 0LL;
}

int main(int argc, char** argv) {
    const bool modulo = argc > 1 && !std::strcmp(argv[1], "modulo");
    std::vector<ll> v;
    ll x;
    while (std::scanf("%lld", &x) == 1) v.push_back(x);
    std::printf("%lld\n", modulo ? solve<false>(v) : solve<true>(v));
    return 0;
}
