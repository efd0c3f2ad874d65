/// Twice `x`, through a path that names `hidden` (so it stays a module).
pub fn twice(x: u64) -> u64 {
    crate::family::hidden::inner::plus(x, x)
}

fn plus(a: u64, b: u64) -> u64 {
    a + b
}
