//! `daystrom serve`: every API route on the real corpus, and the page in
//! headless Chromium. Both talk to a real server process on 127.0.0.1.

mod api;
mod browser;
mod server;
