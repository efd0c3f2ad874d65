//! Integration tests of the library's promises across types: contracts, uniform API, hostile inputs, the guide, serde and stored values, work caps.
//!
//! One test binary per area, a module per topic: the crate and its test
//! dependencies are linked once per area instead of once per file.

mod cancel_engines;
mod cancel_scoring;
mod contract;
mod contradictions;
mod guide;
mod hostile_library;
mod listing_caps;
mod records_serde;
mod serde_derives;
mod stored_values;
mod uniform_api;
mod work_caps;
