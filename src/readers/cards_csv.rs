//! Reader for the card database CSVs. (Skeleton: to be written.)
