//! Skeleton: to be written.
