//! Rules entries in the store: documents, entries, cross-references, unplaced lines.
