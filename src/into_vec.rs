//! What a game constructor accepts for the list it keeps: a vector it takes
//! over, or a slice or array it copies (fallibly).

use crate::{Error, Result};

/// A list a game constructor keeps (a row of stones, a list of edges),
/// given owned or borrowed: a `Vec<T>` is taken over without a copy;
/// `&Vec<T>`, `&[T]`, `&mut [T]` and `&[T; N]` are copied into a new vector,
/// and `[T; N]` and `Box<[T]>` moved into one. A copy the system cannot
/// allocate is [`Error::AllocationRefused`], not an abort. The caller keeps
/// its borrowed list. An iterator is collected first:
/// `iter.collect::<Vec<_>>()` (a bare `collect()` cannot tell which of these
/// types to build).
///
/// Sealed (implemented for these types only): its conversion, fallible and
/// naming the list in a refusal, stays inside the crate.
///
/// # Example
/// ```
/// use stonegame::scoring::Ends;
/// let row = vec![4i64, 5, 3, 1, 2];
/// let borrowed = Ends::new(&row)?; // `row` stays the caller's
/// assert_eq!(Ends::new([4i64, 5, 3, 1, 2])?, borrowed);
/// assert_eq!(Ends::new(row)?, borrowed); // moved in, no copy
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait IntoVec<T>: sealed::Sealed<T> {}

mod sealed {
    use crate::Result;

    /// The conversion itself, out of users' reach so that the set of
    /// accepted types can change without breaking a caller.
    pub trait Sealed<T> {
        /// The list as an owned vector; `what` names it in a refusal.
        fn try_into_vec(self, what: &'static str) -> Result<Vec<T>>;
    }
}

/// `list` as an owned vector (see [`IntoVec`]); `what` names it in a refusal.
pub(crate) fn owned<T>(list: impl IntoVec<T>, what: &'static str) -> Result<Vec<T>> {
    list.try_into_vec(what)
}

/// An empty vector with room for `len` elements, allocated fallibly: the
/// only allocation a borrowed list costs a constructor.
fn reserved<T>(len: usize, what: &'static str) -> Result<Vec<T>> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| Error::AllocationRefused {
            what,
            bytes: len as u128 * std::mem::size_of::<T>() as u128,
        })?;
    Ok(vec)
}

/// A copy of `items` (see [`reserved`]).
fn copied<T: Clone>(items: &[T], what: &'static str) -> Result<Vec<T>> {
    let mut vec = reserved(items.len(), what)?;
    vec.extend_from_slice(items);
    Ok(vec)
}

impl<T> IntoVec<T> for Vec<T> {}
impl<T> sealed::Sealed<T> for Vec<T> {
    fn try_into_vec(self, _: &'static str) -> Result<Vec<T>> {
        Ok(self)
    }
}

impl<T> IntoVec<T> for Box<[T]> {}
impl<T> sealed::Sealed<T> for Box<[T]> {
    fn try_into_vec(self, _: &'static str) -> Result<Vec<T>> {
        Ok(self.into_vec())
    }
}

impl<T: Clone> IntoVec<T> for &Vec<T> {}
impl<T: Clone> sealed::Sealed<T> for &Vec<T> {
    fn try_into_vec(self, what: &'static str) -> Result<Vec<T>> {
        copied(self, what)
    }
}

impl<T: Clone> IntoVec<T> for &[T] {}
impl<T: Clone> sealed::Sealed<T> for &[T] {
    fn try_into_vec(self, what: &'static str) -> Result<Vec<T>> {
        copied(self, what)
    }
}

impl<T: Clone> IntoVec<T> for &mut [T] {}
impl<T: Clone> sealed::Sealed<T> for &mut [T] {
    fn try_into_vec(self, what: &'static str) -> Result<Vec<T>> {
        copied(self, what)
    }
}

impl<T: Clone, const N: usize> IntoVec<T> for &[T; N] {}
impl<T: Clone, const N: usize> sealed::Sealed<T> for &[T; N] {
    fn try_into_vec(self, what: &'static str) -> Result<Vec<T>> {
        copied(self, what)
    }
}

impl<T, const N: usize> IntoVec<T> for [T; N] {}
impl<T, const N: usize> sealed::Sealed<T> for [T; N] {
    fn try_into_vec(self, what: &'static str) -> Result<Vec<T>> {
        let mut vec = reserved(N, what)?;
        vec.extend(self);
        Ok(vec)
    }
}
