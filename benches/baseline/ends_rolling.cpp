// Baseline for the `ends` target: the plain rolling-array interval DP a
// contestant would write (O(n^2) time, O(n) memory), reading one line of
// integers and printing first player's total minus second's.
//
//   g++ -O2 -o ends_rolling benches/baseline/ends_rolling.cpp
//   ./ends_rolling < ends_20000.txt
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <sstream>
#include <vector>

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    std::getline(std::cin, line);
    std::istringstream in(line);
    std::vector<long long> v;
    long long x;
    while (in >> x) v.push_back(x);
    const int n = static_cast<int>(v.size());
    // dp[j] = value of the interval [i, j] for the current i (i descending).
    std::vector<long long> dp(n, 0);
    for (int i = n - 1; i >= 0; --i) {
        dp[i] = v[i];
        for (int j = i + 1; j < n; ++j) {
            dp[j] = std::max(v[i] - dp[j], v[j] - dp[j - 1]);
        }
    }
    std::printf("%lld\n", n ? dp[n - 1] : 0LL);
    return 0;
}
