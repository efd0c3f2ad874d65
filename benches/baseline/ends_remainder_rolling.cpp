// Baseline for `ends-remainder` (LeetCode 1690): the rolling-array interval DP
// with prefix sums a contestant would write (O(n^2) time, O(n) memory).
//
//   g++ -O3 -march=native -o ends_remainder_rolling benches/baseline/ends_remainder_rolling.cpp
//   ./ends_remainder_rolling < remainder_60000.txt
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    std::vector<long long> v;
    long long x;
    while (std::scanf("%lld", &x) == 1) v.push_back(x);
    const int n = static_cast<int>(v.size());
    std::vector<long long> p(n + 1, 0);
    for (int i = 0; i < n; ++i) p[i + 1] = p[i] + v[i];
    // dp[j] = value of stones i..j for the current i (i descending); one stone is worth 0.
    std::vector<long long> dp(n, 0);
    for (int i = n - 1; i >= 0; --i) {
        dp[i] = 0;
        for (int j = i + 1; j < n; ++j) {
            dp[j] = std::max(p[j + 1] - p[i + 1] - dp[j], p[j] - p[i] - dp[j - 1]);
        }
    }
    std::printf("%lld\n", n ? dp[n - 1] : 0LL);
    return 0;
}
