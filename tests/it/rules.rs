//! Rules documents: the readers, ingest and `define`.

mod define;
mod ingest;
mod readers;
