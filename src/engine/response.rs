//! Valid responses and card-play timing. (Skeleton: to be written.)
