//! The memory of the Python positions a user's game holds, against its budget.
//!
//! The library's engines size their tables by the Rust size of a position,
//! which for a Python position is a pointer: the Python object behind it (a
//! tuple of 2,001 ints above 256 is about 80 KB) is invisible to them. Each Python position
//! is therefore measured once, when the game meets it (its deep size as
//! Python reports it, `sys.getsizeof` over tuples, lists, sets, dicts, ints,
//! strings and instance attributes), and the bytes of the positions alive are
//! counted against the budget: a position that would pass it is refused with
//! `BudgetError`, which stops the search, and the search's positions are
//! freed.

use crate::common::to_py_error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyAny, PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyFrozenSet, PyInt, PyList, PyModule,
    PySet, PyString, PyTuple, PyType,
};
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use stonegame::Budget;

/// The Rust side of one Python position: its shared record (the object,
/// its hash, its size, reference counts) and a margin for the allocator.
pub const RECORD_BYTES: u64 = 64;

/// The bytes of the Python positions a game holds, and their limit.
#[derive(Debug)]
pub struct Held {
    bytes: AtomicU64,
    limit: u64,
}

impl Held {
    /// A count with nothing held yet, limited to `limit` bytes.
    pub fn new(limit: u64) -> Self {
        Self {
            bytes: AtomicU64::new(0),
            limit,
        }
    }

    /// Counts `bytes` more, or refuses them (nothing counted) when the total
    /// would pass the limit.
    pub fn charge(&self, bytes: u64) -> PyResult<()> {
        let mut current = self.bytes.load(Ordering::Relaxed);
        loop {
            let total = current.saturating_add(bytes);
            if total > self.limit {
                return Err(to_py_error(stonegame::Error::MemoryBudgetExceeded {
                    what: "holding the Python positions (their half of memory_mib)",
                    needed_bytes: u128::from(total),
                    budget_bytes: u128::from(self.limit),
                }));
            }
            match self.bytes.compare_exchange_weak(
                current,
                total,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Ok(()),
                Err(now) => current = now,
            }
        }
    }

    /// Counts `bytes` freed.
    pub fn release(&self, bytes: u64) {
        self.bytes.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// The bytes counted now.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

/// A user's game's budget, split in two halves: one for the solver's tables
/// (sized by the library as for any game), one for the Python positions
/// (counted here). Together they stay within the budget.
pub fn split(budget: Budget) -> (Budget, u64) {
    let half = budget.bytes() / 2;
    let tables = Budget::from_bytes(half);
    let tables = match budget.work() {
        Some(steps) => tables.with_work(steps),
        None => tables,
    };
    (tables, u64::try_from(half).unwrap_or(u64::MAX))
}

/// What `sys.getsizeof` says of the common objects, measured once: a
/// position's size is then computed without calling Python for its tuples,
/// ints and floats.
struct Sizes {
    getsizeof: Py<PyAny>,
    /// `sys.getsizeof(())`.
    tuple: u64,
    /// What each item adds to a tuple.
    pointer: u64,
    /// `sys.getsizeof(1)`: an int of one digit.
    int: u64,
    /// What each further 30-bit digit adds to an int.
    digit: u64,
    /// The bits of a digit (30 on every 64-bit CPython).
    digit_bits: u32,
    /// `sys.getsizeof(0.5)`.
    float: u64,
}

static SIZES: PyOnceLock<Sizes> = PyOnceLock::new();

impl Sizes {
    fn get(py: Python<'_>) -> PyResult<&Sizes> {
        SIZES.get_or_try_init(py, || {
            let getsizeof = PyModule::import(py, "sys")?.getattr("getsizeof")?;
            let size = |object: Bound<'_, PyAny>| -> PyResult<u64> {
                getsizeof.call1((object,))?.extract()
            };
            let tuple = size(PyTuple::empty(py).into_any())?;
            let pointer = size(PyTuple::new(py, [py.None()])?.into_any())? - tuple;
            let int = size(1u64.into_pyobject(py)?.into_any())?;
            let digit_bits = {
                let info = PyModule::import(py, "sys")?.getattr("int_info")?;
                info.getattr("bits_per_digit")?.extract::<u32>()?
            };
            let digit = size((1u64 << digit_bits).into_pyobject(py)?.into_any())? - int;
            let float = size(0.5f64.into_pyobject(py)?.into_any())?;
            Ok(Sizes {
                getsizeof: getsizeof.unbind(),
                tuple,
                pointer,
                int,
                digit,
                digit_bits,
                float,
            })
        })
    }

    /// `sys.getsizeof(object)`.
    fn shallow(&self, object: &Bound<'_, PyAny>) -> PyResult<u64> {
        self.getsizeof.bind(object.py()).call1((object,))?.extract()
    }

    /// The size of an object that holds no other (an int, a float, a
    /// string, bytes; `None` and booleans are shared: 0), or `None` for a
    /// container or any other object.
    fn leaf(&self, object: &Bound<'_, PyAny>) -> Option<PyResult<u64>> {
        if object.is_none() || object.is_instance_of::<PyBool>() {
            return Some(Ok(0));
        }
        if object.is_instance_of::<PyInt>() {
            return Some(match object.extract::<i64>() {
                Ok(value) => Ok(self.int(value)),
                Err(_) => self.shallow(object),
            });
        }
        if object.is_exact_instance_of::<PyFloat>() {
            return Some(Ok(self.float));
        }
        if object.is_instance_of::<PyString>()
            || object.is_instance_of::<PyBytes>()
            || object.is_instance_of::<PyByteArray>()
        {
            return Some(self.shallow(object));
        }
        None
    }

    /// The size of a container (or any object that is not a leaf) with
    /// the leaves it holds; the objects it holds that are not leaves are
    /// pushed on `pending`, to be walked.
    fn container<'py>(
        &self,
        object: &Bound<'py, PyAny>,
        pending: &mut Vec<Bound<'py, PyAny>>,
    ) -> PyResult<u64> {
        if let Ok(tuple) = object.cast::<PyTuple>() {
            let len = tuple.len();
            let mut total = self.tuple + len as u64 * self.pointer;
            // The items in place (borrowed: no reference counting).
            for index in 0..len {
                let item = tuple.get_borrowed_item(index)?;
                match self.leaf(&item) {
                    Some(size) => total = total.saturating_add(size?),
                    None => pending.push(item.to_owned()),
                }
            }
            return Ok(total);
        }
        let mut total = self.shallow(object)?;
        let mut add = |item: Bound<'py, PyAny>| -> PyResult<()> {
            match self.leaf(&item) {
                Some(size) => total = total.saturating_add(size?),
                None => pending.push(item),
            }
            Ok(())
        };
        if let Ok(list) = object.cast::<PyList>() {
            list.iter().try_for_each(&mut add)?;
        } else if let Ok(set) = object.cast::<PyFrozenSet>() {
            set.iter().try_for_each(&mut add)?;
        } else if let Ok(set) = object.cast::<PySet>() {
            set.iter().try_for_each(&mut add)?;
        } else if let Ok(dict) = object.cast::<PyDict>() {
            for (key, value) in dict.iter() {
                add(key)?;
                add(value)?;
            }
        } else if !object.is_instance_of::<PyType>() && !object.is_instance_of::<PyModule>() {
            let mut found = Vec::new();
            attributes(object, &mut found)?;
            found.into_iter().try_for_each(&mut add)?;
        }
        Ok(total)
    }

    /// The size of an int in the i64 range (Python's own small ints, -5 to
    /// 256, are shared by every use: they cost nothing more).
    fn int(&self, value: i64) -> u64 {
        if (-5..=256).contains(&value) {
            return 0;
        }
        let bits = 64 - value.unsigned_abs().leading_zeros();
        let digits = u64::from(bits.div_ceil(self.digit_bits).max(1));
        self.int + (digits - 1) * self.digit
    }
}

/// The deep size of a Python position in bytes, as `sys.getsizeof` reports
/// its parts: tuples, lists, sets, frozensets and dicts with their items,
/// objects with their instance attributes (`__dict__`, `__slots__`), each
/// container once however often it is reached. `None`, booleans and the
/// small ints are shared by every use and count nothing. Parts shared with
/// other positions count in each: an overestimate, never an underestimate
/// of what the position alone keeps alive. The walk keeps its own stack:
/// its depth does not depend on the position.
pub fn deep_size<'py>(object: &Bound<'py, PyAny>) -> PyResult<u64> {
    let sizes = Sizes::get(object.py())?;
    if let Some(size) = sizes.leaf(object) {
        return size;
    }
    let mut pending = Vec::new();
    let mut total = sizes.container(object, &mut pending)?;
    if pending.is_empty() {
        // A tuple of numbers and strings, the common position: no walk.
        return Ok(total);
    }
    let mut seen: HashSet<usize> = HashSet::from([object.as_ptr() as usize]);
    while let Some(object) = pending.pop() {
        // Each container once per walk.
        if seen.insert(object.as_ptr() as usize) {
            total = total.saturating_add(sizes.container(&object, &mut pending)?);
        }
    }
    Ok(total)
}

/// An object's instance attributes: its `__dict__` (a dict of its own) and
/// the values of the `__slots__` of its class and their bases.
fn attributes<'py>(
    object: &Bound<'py, PyAny>,
    pending: &mut Vec<Bound<'py, PyAny>>,
) -> PyResult<()> {
    if let Ok(dict) = object.getattr("__dict__")
        && dict.is_instance_of::<PyDict>()
    {
        pending.push(dict);
    }
    let mro = object.get_type().mro();
    for class in mro.iter() {
        let Ok(slots) = class.getattr("__slots__") else {
            continue;
        };
        let names: Vec<Bound<'py, PyAny>> = if slots.is_instance_of::<PyString>() {
            vec![slots]
        } else {
            match slots.try_iter() {
                Ok(names) => names.collect::<PyResult<_>>()?,
                Err(_) => continue,
            }
        };
        for name in names {
            let Ok(name) = name.extract::<String>() else {
                continue;
            };
            if name == "__dict__" || name == "__weakref__" {
                continue;
            }
            // A private slot `__x` of class `C` is the attribute `_C__x`.
            let name = if name.starts_with("__") && !name.ends_with("__") {
                let class_name: String = class.getattr("__name__")?.extract()?;
                format!("_{}{name}", class_name.trim_start_matches('_'))
            } else {
                name
            };
            if let Ok(value) = object.getattr(name.as_str()) {
                pending.push(value);
            }
        }
    }
    Ok(())
}
