//! Placeholder until the merge pass lands.
