//! Reader for the `html` format. (Skeleton: to be written.)

use super::{decode_text, ReadError, ReadReport};
use std::path::Path;

pub fn read(path: &Path, bytes: &[u8]) -> Result<ReadReport, ReadError> {
    let _text = decode_text(path, bytes)?;
    Ok(ReadReport::default())
}
