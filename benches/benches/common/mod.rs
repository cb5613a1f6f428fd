//! Criterion settings shared by every benchmark: few, long samples, so that `cargo bench`
//! finishes in minutes. The machines we measure on are shared, so read results as medians
//! with wide intervals, not as precise figures.

use criterion::Criterion;
use std::time::Duration;

pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}
