//! Cards: the CSV reader, skills, the store, lookup and the query language.

mod blind;
mod lookup;
mod oracle;
mod query;
mod reader;
mod skills;
mod store;
