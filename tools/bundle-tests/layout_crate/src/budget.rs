/// Named from two levels down as `crate::Budget` (a relative path in a bundle).
#[derive(Clone, Copy)]
pub struct Budget(pub u64);
