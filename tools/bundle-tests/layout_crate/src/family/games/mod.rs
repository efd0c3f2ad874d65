pub mod nim;
pub mod take;
