//! The ability compiler: game text → structured abilities (timing clause,
//! what it acts on, effect verb). (Skeleton: to be written.)
