//! Ingest: read every document of the manifest, write the store and the search
//! index into a new generation directory, and swap it in only when complete.
