pub mod mex;
pub mod sum;

pub(super) mod line;
pub(super) mod unused;
