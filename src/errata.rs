//! Errata impact: apply proposed card or rules text changes to an in-memory copy
//! and report which scenario verdicts flip.
