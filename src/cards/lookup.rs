//! Forgiving card lookup by title. (Skeleton: to be written.)
