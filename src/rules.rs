//! Rules answers over the store: `define` (entry, cross-references followed,
//! entries referring to it) and `diff` (two versions of a rules document).
