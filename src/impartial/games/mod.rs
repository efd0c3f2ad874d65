//! The impartial games: each module holds one game's definition and its
//! solvers (closed forms, tables, the line of play) side by side, built on
//! the machinery of `engine/`.
//!
//! This module is private: [`crate::impartial`] re-exports each game module
//! under its public path (`impartial::nim`, `impartial::subtraction`, ...)
//! and each game type one level down (`impartial::Nim`).

pub mod boxes;
pub mod euclid;
pub mod fibonacci_nim;
pub mod hackenbush;
pub mod moore;
pub mod nim;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;
