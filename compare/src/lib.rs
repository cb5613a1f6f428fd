//! Placeholder until the comparator lands.
